package redact

import "strings"

// credentialSlotRules are the fifth round's mechanisms (issue 15), each a slot that says "credential"
// without a secret-sounding name standing right before the value:
//   - a flag whose name says credentials, given user:password (skopeo --dest-creds u:p,
//     --src-creds, --registry-creds, --basic-auth);
//   - a Windows-style switch written with a dash and a colon (winrs -u:X -p:Y, -password:Y);
//   - the argument of a login subcommand when it is a random token (wandb login <hex>,
//     tool auth login <key>): a host, a URL or an e-mail address there stays;
//   - the Default or Value of a YAML mapping whose own key names a secret, or that says NoEcho
//     (a CloudFormation parameter's default password);
//   - a credentials file of "user" "secret" lines that holds a password hash (pgbouncer's
//     userlist.txt): every value in it is a credential, and PostgreSQL's md5 hash itself;
//   - a configuration directive whose name is a password's, with an object's name before the
//     value (sentinel auth-pass <master> X);
//   - a package manager's credential setting: a host name set to user:password (bundle config
//     gems.example.com u:p, BUNDLE_GEMS__EXAMPLE__COM=u:p), and an http-basic setting given a
//     user and a password (poetry config http-basic.repo u p).
func credentialSlotRules() []*rule {
	return []*rule{
		// Round 9: the line a client sends after a server's base64 challenge that decodes to
		// "Password:" (SMTP's 334, IMAP's and POP3's "+" in AUTH LOGIN): base64 of the password.
		near(withPick(mk("protocol-password", `(?m)^(?:334|\+)[ \t]+UGFzc3dvcmQ6[ \t]*\r?\n(?:C:[ \t]*)?([A-Za-z0-9+/]{2,}={0,2})[ \t]*\r?$`, "ugfzc3dvcmq6"), firstGroup(nil, 1)), 8, 256),
		// Round 9: a dump's key and, on the next line, its typed value (PHP's var_dump:
		// ["DB_PASSWORD"]=> string(10) "…"), judged as NAME=value.
		near(withPick(mk("secret-assignment", `\["([^"\n]{1,64})"\]=>[ \t]*\r?\n[ \t]*string\(\d+\)[ \t]+"([^"\n]*)"`, "]=>"), dumpPick), 80, 256),
		// Round 9: a property list's dictionary (launchd, .mobileconfig, Info.plist): the name
		// is a <key> element and its value the element after it, judged as NAME=value.
		near(withPick(mk("secret-assignment", `<key>([^<>\n]{1,64})</key>[ \t\r\n]*<(?:string|data)>([^<]*)</(?:string|data)>`, "</key>"), plistPick), 80, 512),
		// Round 9: a table whose header names a credential column and whose the secret is
		// (tables.go): the cells under that column.
		lineStart(onLine(withPick(mk("credential-table", `(?im)^[^\n]*\b(?:password|passwd|pwd|pass|passphrase|secret|token|api[ _]?key|totp|otpauth|pin)\b[^\n]*$`,
			"password", "passwd", "pwd", "pass", "passphrase", "secret", "token", "apikey", "api_key", "api key", "totp", "otpauth", "pin"), tableHeaderPick), tableHeaderGuard)),
		onLine(withPick(mk("cli-password", `(?i)(?:^|\s)--?(?:[a-z0-9]+[-_])*(?:creds|credentials|userpass|user-pass|basic-auth|http-auth|auth)(?:=|[ \t]+)['"]?[^\s:'"=/@]+:([^\s'"]+)`,
			"creds", "credentials", "userpass", "user-pass", "basic-auth", "http-auth", "auth"), credsFlagPick), inFlag),
		onLine(withPick(mk("cli-password", `(?i)(?:^|[\s'"(])-(?:p|pw|pwd|pass|password):(?:'([^'\n]+)'|"([^"\n]+)"|([^\s'"]+))`,
			"-p:", "-pw:", "-pwd:", "-pass:", "-password:"), dashColonPick), flagStart),
		lineStart(onLine(withPick(mk("login-token", `(?i)\b[a-z][a-z0-9_.-]*[ \t]+(?:auth[ \t]+)?login[ \t]+(?:--?[a-z][a-z-]*[ \t]+)*['"]?([A-Za-z0-9][A-Za-z0-9_~+/=-]{19,})['"]?(?:[\s;|&)\x60]|$)`, "login"), loginPick), nil)),
		// Round 8: any flag given user:password (an HTTP client's -C user:pw, a --login
		// user:pw) when the password looks like one — a digit, a letter, and mixed case or a
		// symbol — and the user is a plain lower-case name: image tags (app:1.2), ports
		// (8080:80), mounts (src:/dst), schemes and digests (sha256:<hex>) stay.
		onLine(withPick(mk("cli-password", `(?:^|[ \t])--?[A-Za-z][\w-]*(?:=|[ \t]+)['"]?([a-z][a-z0-9_-]{1,31}):([^\s'"@/:\x60]{6,64})['"]?(?:[\s;|&)]|$)`, " -"), userPassFlagPick), userPassFlagAhead),
		// Round 8: a section whose header says it holds passwords ([BasicAuth] in a Hurl file,
		// [passwords]): each "user: password" or "name = value" line under it holds one, up to
		// the next section, a blank line or a line of another shape. Git's [credential] (helper =
		// store) and other sections that configure credentials hold none, and are not read.
		near(withPick(mk("secret-assignment", `(?im)^[ \t]*\[(?:basic[-_ ]?auth|passwords?)\][ \t]*\r?\n`, "auth]", "passwords]", "password]"), sectionPick), 24, 1024),
		// Round 8: a verb that enrols this machine or client with an account or a cluster
		// (zrok enable <token>, microk8s join <host:port>/<token>/<hash>, tool register
		// <token>, agent activate <key>) given a generated argument: the argument is the
		// enrolment token. Words (systemctl enable nginx), hosts, paths and short hex network ids
		// (zerotier-cli join <16 hex>) stay.
		lineStart(onLine(withPick(mk("login-token", `(?i)\b[a-z][a-z0-9_.-]*[ \t]+(?:enable|activate|register|enroll|claim|join)[ \t]+(?:--?[a-z][a-z-]*[ \t]+)*['"]?([A-Za-z0-9][^\s'"\x60;|&]{7,})['"]?(?:[\s;|&)\x60]|$)`, "enable", "activate", "register", "enroll", "claim", "join"), enrolPick), nil)),
		lineStart(near(withPick(mk("secret-assignment", `(?m)^([ \t]+)(?:Default|default|Value|value)[ \t]*:[ \t]+(?:"([^"\n]*)"|'([^'\n]*)'|([^\s#'"][^\n#]*?))[ \t]*$`, "default", "value"), nestedDefault), 0, 512)),
		mk("password-hash", `\bmd5[0-9a-f]{32}\b`, "md5"),
		// Round 8: password hashes and keys that tools print or store by format, with no name
		// before them. MySQL's native password hash (* and 40 upper-case hex, as mysql.user's
		// authentication_string and SHOW GRANTS print it).
		onLine(withPick(mk("password-hash", `(?:^|[\s|'"(=])\*([0-9A-F]{40})\b`, "*"), firstGroup(nil, 1)), mysqlHashAhead),
		// A Kerberos key printed beside its encryption type (klist -K, ktutil list -k).
		near(onLine(withPick(mk("private-key", `(?i)\((?:aes\d+-cts[\w-]*|arcfour-hmac[\w-]*|rc4-hmac|des3-cbc[\w-]*|des-cbc[\w-]*|camellia\d+-cts[\w-]*)\)[ \t]+\(?(0x[0-9a-f]{32,})`, "-cts", "arcfour", "rc4-hmac", "des3-cbc", "des-cbc"), firstGroup(nil, 1)), nil), 32, 256),
		// A digest file's line, user:realm:<MD5 of user:realm:password> (htdigest): the hash
		// is as good as the password against that realm.
		{name: "password-hash", find: digestLines},
		// A key/value reply printed as numbered lines (redis-cli's CONFIG GET: 1) "requirepass",
		// 2) "…"): the value after a secret-named key is the secret.
		onReplyLine(near(withPick(mk("secret-assignment", `(?m)^\d+\) "([^"\n]+)"\r?\n\d+\) "([^"\n]*)"`, "pass", "secret", "token", "auth", "key"), func(text string, m []int) [][2]int {
			name, v := text[m[2]:m[3]], text[m[4]:m[5]]
			low := strings.ToLower(name)
			// requirepass, masterauth: the server's glued setting names count too.
			if v != "" && !isPlaceholder(v) && (secretAssignment(name, "=", v) || passwordName(name) ||
				(strings.HasSuffix(low, "pass") || strings.HasSuffix(low, "auth")) && !strings.Contains(low, " ")) {
				return [][2]int{{m[4], m[5]}}
			}
			return nil
		}), 16, 256)),
		// NoEcho: true marks a CloudFormation parameter as a secret; its Default follows within
		// the mapping, on later lines or (in a captured ask, whose lines are joined) the same one.
		near(withPick(mk("secret-assignment", `(?i)\bNoEcho["']?[ \t]*:[ \t]*["']?true["']?[^\[\]{}]{0,200}?\bDefault["']?[ \t]*:[ \t]*(?:"([^"\n]*)"|'([^'\n]*)'|([^\s,}'"]+))`, "noecho"), bareSlot(1, 2, 3)), 0, 320),
		// Mid-line, a compound password name with an object before the value (a configuration
		// line quoted in a sentence): the value must look like a password.
		onLine(withPick(mk("password-word", `\b(?:sentinel[ \t]+)?([A-Za-z][A-Za-z0-9]*[-_](?:pass|password|passwd))[ \t]+([A-Za-z0-9_.-]+)[ \t]+([^\s\x60'"]+)`, "-pass", "_pass"), midDirectivePick), nil),
		lineStart(near(withPick(mk("credentials-file", `(?:"[^"\n]+"[ \t]+"[^"\n]*"(?:[ \t]*\n?[ \t]*|$))+`, `"md5`, `"scram-sha-256$`), userlistPick), 4096, 4096)),
		lineStart(onLine(withPick(mk("password-word", `(?m)^[ \t]*(?:[a-z]+[ \t]+)?([A-Za-z][A-Za-z0-9]*[-_][A-Za-z0-9_-]*(?:pass|password|passwd|pwd|pw))[ \t]+(?:([A-Za-z0-9_.-]+)[ \t]+)?(\S+)[ \t]*$`, "pass", "pw"), directivePick), nil)),
		onLine(withPick(mk("cli-password", `\bconfig[ \t]+(?:set[ \t]+)?(?:--?[a-z-]+[ \t]+)*([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)+)[ \t]+(?:['"]?[^\s:'"]+:([^\s'"]+)|['"]?[^\s:'"]+['"]?[ \t]+['"]?([^\s'"]+))`, "config"), configPick), nil),
		withPick(mk("secret-assignment", `\bBUNDLE_[A-Z0-9_]+__[A-Z0-9_]+=['"]?[^\s:'"]+:([^\s'"]+)`, "bundle_"), func(text string, m []int) [][2]int {
			if e := trimClose(text, m[2], m[3]); slotValue(text[m[2]:e]) {
				return [][2]int{{m[2], e}}
			}
			return nil
		}),
	}
}

// bareSlot redacts the first present group as a slot's value (slotValue; not a YAML tag such
// as !Ref), after cutting it at a code span's end and trimming closing punctuation.
func bareSlot(groups ...int) func(string, []int) [][2]int {
	return func(text string, m []int) [][2]int {
		for _, g := range groups {
			s, e := m[2*g], m[2*g+1]
			if s < 0 || e <= s {
				continue
			}
			if k := strings.IndexByte(text[s:e], '`'); k >= 0 {
				e = s + k
			}
			e = trimClose(text, s, e)
			if v := text[s:e]; v == "" || v[0] == '!' || !slotValue(v) {
				return nil
			}
			return [][2]int{{s, e}}
		}
		return nil
	}
}

// trimClose drops punctuation that closes a sentence, an aside or a code span from a bare
// value's end ("(-p:X)", "`… u p`.").
func trimClose(text string, s, e int) int {
	for e > s && strings.IndexByte(").,;]`", text[e-1]) >= 0 {
		e--
	}
	return e
}

// dashColonPick: after a user switch (-u:CORP\admin) any value is the password, as with /p:;
// alone, the value must look like one.
func dashColonPick(text string, m []int) [][2]int {
	for _, g := range []int{1, 2, 3} {
		s, e := m[2*g], m[2*g+1]
		if s < 0 || e <= s {
			continue
		}
		if g == 3 {
			e = trimClose(text, s, e)
		}
		v := text[s:e]
		if name, val, ok := strings.Cut(v, "="); ok && identifier().MatchString(name) {
			// A property (dotnet build -p:Configuration=Release): a secret only when its name
			// says so.
			if !secretAssignment(name, "=", val) {
				return nil
			}
			return [][2]int{{s + len(name) + 1, e}}
		}
		if userFlagBefore(text, m[0]) && slotValue(v) && v != "*" || passwordish(v) {
			return [][2]int{{s, e}}
		}
		return nil
	}
	return nil
}

// loginPick redacts a login subcommand's token when the command starts its line or follows a
// shell's prompt, separator or quote: "reverted the login <sha> commit" is prose.
func loginPick(text string, m []int) [][2]int {
	ls := strings.LastIndexByte(text[:m[0]], '\n') + 1
	before := strings.TrimRight(text[ls:m[0]], " \t")
	// The command starts its line, a code span or a quote, or follows a prompt or a separator
	// (captured asks join their lines, so a command is often mid-line in a code span).
	if before != "" && strings.IndexByte("`$>#;|&(\"'", before[len(before)-1]) < 0 && !strings.HasSuffix(before, "sudo") {
		return nil
	}
	return firstGroup(loginToken, 1)(text, m)
}

// loginToken accepts a login subcommand's argument when it is a token: long hex or random. A
// host, a URL, a user name or an e-mail address does not match the pattern or is not random.
// userPassFlagAhead accepts a " -" keyword hit only where a flag's name, a blank or "=", and
// a lower-case name with a colon follow: most dashes are prose's or arithmetic's.
func userPassFlagAhead(text string, _, end int) bool {
	i := end
	if i < len(text) && text[i] == '-' {
		i++
	}
	n := i
	for i < len(text) && i-n < 40 && (isAlnum(text[i]) || text[i] == '-' || text[i] == '_') {
		i++
	}
	if i == n || i >= len(text) || text[i] != ' ' && text[i] != '\t' && text[i] != '=' {
		return false
	}
	for i < len(text) && (text[i] == ' ' || text[i] == '\t' || text[i] == '=' || text[i] == '"' || text[i] == '\'') {
		i++
	}
	u := i
	for i < len(text) && i-u < 32 && (text[i] >= 'a' && text[i] <= 'z' || text[i] >= '0' && text[i] <= '9' || text[i] == '_' || text[i] == '-') {
		i++
	}
	return i > u && i < len(text) && text[i] == ':'
}

// userPassFlagPick redacts the password of a flag's user:password when it looks like one.
func userPassFlagPick(text string, m []int) [][2]int {
	user, pw := text[m[2]:m[3]], text[m[4]:m[5]]
	flag := strings.TrimSpace(text[m[0]:m[2]])
	if k := strings.IndexAny(flag, " \t='\""); k > 0 {
		flag = flag[:k]
	}
	if notUserFlags[strings.TrimLeft(flag, "-")] {
		return nil // docker build -t app:Build2, -p 8080:80, -v name:/path: a tag, a port, a mount
	}
	if notUserWords[user] || !hasDigit(pw) || !passwordish(pw) || isPlaceholder(pw) || isVersion(pw) || isHex(pw) {
		return nil
	}
	if strings.ToLower(pw) == pw && strings.ToUpper(pw) == pw {
		return nil // digits and symbols only: a range or a time, not a password
	}
	return [][2]int{{m[4], m[5]}}
}

// notUserFlags take name:value pairs that are no credential: image tags, labels, ports,
// mounts, environment pairs, platforms, formats.
var notUserFlags = map[string]bool{"t": true, "tag": true, "l": true, "label": true, "platform": true, "p": true,
	"publish": true, "v": true, "volume": true, "e": true, "env": true, "from": true, "image": true,
	"f": true, "format": true, "mount": true, "o": true, "opt": true, "set": true, "build-arg": true}

// notUserWords stand before a colon as a scheme, a kind or a digest's algorithm, not a user.
var notUserWords = map[string]bool{"http": true, "https": true, "file": true, "tcp": true, "udp": true, "unix": true,
	"env": true, "data": true, "mailto": true, "urn": true, "git": true, "ssh": true, "docker": true,
	"sha1": true, "sha256": true, "sha512": true, "md5": true, "type": true, "name": true, "label": true,
	"image": true, "tag": true, "key": true, "path": true, "host": true, "port": true, "mode": true,
	// More digests' algorithms, and HPKP's pin-sha256 (openconnect --servercert, curl
	// --pinnedpubkey): a hash of a public key.
	"sha224": true, "sha384": true, "sha3-256": true, "sha3-512": true, "blake2b": true, "blake3": true,
	"pin-sha256": true, "pin-sha1": true}

// sectionPick redacts the values of the key/value lines under a credentials section header.
func sectionPick(text string, m []int) [][2]int {
	var out [][2]int
	for ls := m[1]; ls < len(text) && len(out) < 32; {
		le := lineEnd(text, ls)
		line := strings.TrimRight(text[ls:le], "\r \t")
		k := strings.IndexAny(line, ":=")
		if line == "" || strings.HasPrefix(strings.TrimSpace(line), "[") || k <= 0 || strings.ContainsAny(strings.TrimSpace(line[:k]), " \t") {
			break
		}
		vs := ls + k + 1
		for vs < ls+len(line) && (text[vs] == ' ' || text[vs] == '\t') {
			vs++
		}
		ve := ls + len(line)
		if v := strings.Trim(text[vs:ve], `"'`); v != "" && !isPlaceholder(v) && !looksLikePath(v) && !hostPort().MatchString(v) {
			if q := text[vs]; (q == '"' || q == '\'') && ve-vs >= 2 && text[ve-1] == q {
				vs, ve = vs+1, ve-1
			}
			out = append(out, [2]int{vs, ve})
		}
		ls = le + 1
	}
	return out
}

// enrolPick redacts an enrolment verb's token: the argument when it is generated, or the
// generated path segments after a host:port (microk8s join 10.0.0.1:25000/<token>/<hash>).
func enrolPick(text string, m []int) [][2]int {
	if !commandStart(text, m[0]) {
		return nil
	}
	vs, ve := m[2], m[3]
	v := text[vs:ve]
	if isPlaceholder(v) {
		return nil
	}
	if k := strings.IndexByte(v, '/'); k > 0 {
		if !hostPort().MatchString(v[:k]) && !strings.Contains(v[:k], ":") {
			return nil // a path or a repository, not host:port/<token>
		}
		var out [][2]int
		pos := vs + k + 1
		for _, seg := range strings.Split(v[k+1:], "/") {
			if isHex(seg) && len(seg) >= 12 || randomValue16(seg) && hasDigit(seg) {
				out = append(out, [2]int{pos, pos + len(seg)})
			}
			pos += len(seg) + 1
		}
		return out
	}
	if strings.ContainsAny(v, ".:@") || uuidShape().MatchString(v) || isHex(v) && len(v) < 32 {
		return nil // a host, an address, an id
	}
	if loginToken(v) || len(v) < 20 && hasDigit(v) && strings.ToLower(v) != v && strings.ToUpper(v) != v && valueShape(v) >= strongShapeMin {
		return [][2]int{{vs, ve}}
	}
	return nil
}

// commandStart reports whether pos starts a command: the start of a line, a code span or a
// quote, or after a prompt or a separator.
func commandStart(text string, pos int) bool {
	ls := strings.LastIndexByte(text[:pos], '\n') + 1
	before := strings.TrimRight(text[ls:pos], " \t")
	return before == "" || strings.IndexByte("`$>#;|&(\"'", before[len(before)-1]) >= 0 || strings.HasSuffix(before, "sudo")
}

func loginToken(v string) bool {
	if isPlaceholder(v) || strings.Contains(v, "/") || uuidShape().MatchString(v) {
		return false
	}
	return isHex(v) && len(v) >= 32 || randomValue(v) || randomValue16(v) && hasDigit(v)
}

// onReplyLine runs r only where its keyword stands on a numbered reply line (1) "…"): the
// keywords are common words, and their windows would otherwise merge over a whole transcript.
func onReplyLine(r *rule) *rule {
	r.guard = func(text string, start, _ int) bool {
		ls := strings.LastIndexByte(text[:start], '\n') + 1
		i := ls
		for i < start && text[i] >= '0' && text[i] <= '9' {
			i++
		}
		return i > ls && i+2 < start && text[i] == ')' && text[i+1] == ' ' && text[i+2] == '"'
	}
	return r
}

// mysqlHashAhead accepts a "*" keyword hit only where 40 upper-case hex digits follow: most
// asterisks are markdown's.
func mysqlHashAhead(text string, _, end int) bool {
	if end+40 > len(text) {
		return false
	}
	for i := end; i < end+40; i++ {
		if c := text[i]; !(c >= '0' && c <= '9' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

// digestLines finds the hash of each line shaped user:realm:<32 lower-case hex> (an htdigest
// file), scanning line by line without an expression: most lines are far from the shape.
func digestLines(text string) [][]int {
	var out [][]int
	for ls := 0; ls < len(text); {
		le := lineEnd(text, ls)
		e := le
		if e > ls && text[e-1] == '\r' {
			e--
		}
		if h := e - 32; h-3 > ls && text[h-1] == ':' && isLowerHex(text[h:e]) {
			// One colon before the hash's: a user and a realm, neither a path nor a line number
			// (grep's file.go:12:<hex>).
			if pre := text[ls : h-1]; strings.Count(pre, ":") == 1 && !strings.ContainsAny(pre, " \t\"'/") && !isDigits(pre[strings.IndexByte(pre, ':')+1:]) && pre[0] != ':' {
				out = append(out, []int{h, e})
			}
		}
		ls = le + 1
	}
	return out
}

func isLowerHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// nestedDefault redacts the Default or Value of a YAML mapping whose key names a secret
// (DBPassword:\n  Type: String\n  Default: x), or that has NoEcho: true among its keys.
func nestedDefault(text string, m []int) [][2]int {
	indent := m[3] - m[2]
	vs, ve := -1, -1
	for _, g := range []int{2, 3, 4} {
		if m[2*g] >= 0 && m[2*g+1] > m[2*g] {
			vs, ve = m[2*g], m[2*g+1]
			break
		}
	}
	if vs < 0 {
		return nil
	}
	v := strings.TrimSpace(text[vs:ve])
	if len(v) < 3 || isPlaceholder(v) || typeWords[strings.ToLower(v)] || cliDocWord().MatchString(v) || v[0] == '!' {
		return nil // a YAML tag (!Ref X, !Sub …) is a reference, not a value
	}
	secret := false
	// Walk up the siblings (same indentation) to the parent key (less indentation).
	pos := m[2]
	for n := 0; n < 12 && pos > 0; n++ {
		ls := strings.LastIndexByte(text[:pos-1], '\n') + 1
		line := text[ls : pos-1]
		pos = ls
		trimmed := strings.TrimLeft(line, " \t")
		if trimmed == "" {
			continue
		}
		ind := len(line) - len(trimmed)
		if ind == indent {
			if low := strings.ToLower(strings.ReplaceAll(trimmed, " ", "")); low == "noecho:true" || low == `noecho:"true"` {
				secret = true
			}
			continue
		}
		if ind > indent {
			continue
		}
		name, rest, ok := strings.Cut(trimmed, ":")
		if ok && strings.TrimSpace(rest) == "" {
			name = strings.Trim(strings.TrimSpace(name), `"'`)
			secret = secret || secretName(name)
		}
		break
	}
	if !secret {
		return nil
	}
	return [][2]int{{vs, vs + len(strings.TrimRight(text[vs:ve], " \t"))}}
}

// secretName reports whether a name, on its own, says its value is a secret: its last part is
// a secret's (token, password, pass, psk, …) after qualifiers are dropped.
func secretName(name string) bool {
	parts := nameParts(name)
	if len(parts) == 0 {
		return false
	}
	last := parts[len(parts)-1]
	if secretParts[last] || passwordName(name) || gluedPass(last) {
		return true
	}
	joined := strings.Join(parts, "")
	for _, s := range secretSuffixes {
		if strings.HasSuffix(joined, s) && gluedPW(last) {
			return true
		}
	}
	return false
}

var userlistLine = lazyRE(`"([^"\n]+)"[ \t]+"([^"\n]*)"`)

// userlistPick redacts every value of a block of "user" "value" lines when one of them is a
// password hash: the block is a credentials file, and its plain values are passwords.
func userlistPick(text string, m []int) [][2]int {
	block := text[m[0]:m[1]]
	low := strings.ToLower(block)
	if !pgHash().MatchString(low) {
		return nil
	}
	var out [][2]int
	for _, sm := range userlistLine().FindAllStringSubmatchIndex(block, -1) {
		if v := block[sm[4]:sm[5]]; len(v) >= 3 && !isPlaceholder(v) {
			out = append(out, [2]int{m[0] + sm[4], m[0] + sm[5]})
		}
	}
	return out
}

var pgHash = lazyRE(`"(?:md5[0-9a-f]{32}|scram-sha-256\$)`)

// directivePick redacts the last word of "[section] name-pass object value" when the name is a
// password's and neither word is prose: sentinel auth-pass mymaster X.
func directivePick(text string, m []int) [][2]int {
	name, obj := text[m[2]:m[3]], ""
	if m[4] >= 0 {
		obj = text[m[4]:m[5]]
	}
	s, e := m[6], m[7]
	v := text[s:e]
	if !passwordName(name) || proseWords[strings.ToLower(obj)] || proseWords[strings.ToLower(v)] || !slotValue(v) {
		return nil
	}
	if obj == "" && !passwordish(v) && !weakPassword(v) {
		return nil // "Fpw_passwd uintptr": a struct field and its type, not a directive
	}
	// nginx's proxy_pass, fastcgi_pass, …: an upstream, written as an address and ended by ";".
	if strings.HasSuffix(v, ";") || looksLikePath(v) || strings.Contains(v, "://") || strings.HasPrefix(strings.ToLower(v), "unix:") {
		return nil
	}
	return [][2]int{{s, e}}
}

// midDirectivePick redacts the value of a password directive quoted mid-line when it looks like
// a password ("sentinel.conf has sentinel auth-pass mymaster Pepper07x").
func midDirectivePick(text string, m []int) [][2]int {
	s, e := m[6], m[7]
	for e > s && strings.IndexByte(".,;:)]", text[e-1]) >= 0 {
		e--
	}
	v := text[s:e]
	if strings.HasPrefix(text[m[4]:m[5]], "-") || strings.HasPrefix(v, "+") || strings.HasPrefix(v, "-") {
		return nil // find-generic-password -s svc -w: a command's name and its flags, not a directive
	}
	if !passwordName(text[m[2]:m[3]]) || proseWords[strings.ToLower(text[m[4]:m[5]])] || !(passwordish(v) || weakPassword(v)) || proseWords[v] {
		return nil
	}
	return [][2]int{{s, e}}
}

// configPick redacts a credential given to a package manager's config command: a host name set
// to user:password (bundle config gems.example.com u:p), or an http-basic / auth setting given a
// user and a password (poetry config http-basic.repo u p).
func configPick(text string, m []int) [][2]int {
	setting := strings.ToLower(text[m[2]:m[3]])
	label := setting[strings.LastIndexByte(setting, '.')+1:]
	host := hostName().MatchString(setting) && !notCredentialParts[label] && !describingParts[label]
	if s, e := m[4], m[5]; s >= 0 {
		e = trimClose(text, s, e)
		if user := text[m[0]:s]; strings.Contains(user[strings.LastIndexAny(user, " \t")+1:], "@") {
			return nil // git@host:path, a remote, not user:password
		}
		if (host || secretName(setting)) && pairPassword(text[s:e]) {
			return [][2]int{{s, e}}
		}
		return nil
	}
	if s, e := m[6], m[7]; s >= 0 {
		e = trimClose(text, s, e)
		if (strings.HasPrefix(setting, "http-basic.") || strings.Contains(setting, "basic-auth") || strings.Contains(setting, "basicauth")) && slotValue(text[s:e]) {
			return [][2]int{{s, e}}
		}
	}
	return nil
}

var hostName = lazyRE(`^(?:[a-z0-9-]+\.)+[a-z]{2,}$`)

// credsFlagPick redacts the password of a credentials flag's user:password; after a bare
// --auth (which also takes schemes and files) it must look like a password, not a port.
func credsFlagPick(text string, m []int) [][2]int {
	flag := strings.ToLower(strings.TrimSpace(text[m[0]:m[2]]))
	if strings.Contains(flag, "auth") && !strings.Contains(flag, "basic") && !strings.Contains(flag, "http-auth") {
		if e := trimClose(text, m[2], m[3]); !pairPassword(text[m[2]:e]) {
			return nil
		}
	}
	return bareSlot(1)(text, m)
}
