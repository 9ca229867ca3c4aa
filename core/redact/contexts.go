package redact

import (
	"strings"
)

// contextRules find credentials by where they stand, whatever their shape: private key blocks,
// URL userinfo, Authorization headers, command-line flags and credential-file lines. They come
// first, so that their names win over a generic rule's when both find the same text.
func contextRules() []*rule {
	notPlaceholder := func(v string) bool { return !isPlaceholder(v) }
	return []*rule{
		// Private keys of every PEM type (RSA, EC, DSA, OPENSSH, ENCRYPTED, PGP ... BLOCK), also
		// JSON-escaped and also when the END line was cut off; the BEGIN and END lines stay.
		near(withPick(mk("private-key", `(?s)-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----(.*?)(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|\z)`, "private key"), firstGroup(nil, 1)), 64, 8192),
		near(withPick(mk("private-key", `(?s)---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----(.*?)(?:---- END SSH2 ENCRYPTED PRIVATE KEY ----|\z)`, "ssh2 encrypted"), firstGroup(nil, 1)), 16, 8192),
		near(withPick(mk("private-key", `(?s)Private-Lines:\s*\d+\s*?\n(.*?)(?:\nPrivate-MAC:|\z)`, "private-lines:"), firstGroup(nil, 1)), 0, 8192),
		// scheme://user:password@host keeps the user and the host.
		withPick(mk("url-password", `(?i)\b[a-z][a-z0-9+.-]*://[^/\s:@'"]*:([^/\s@'"]+)@`, "://"), firstGroup(notPlaceholder, 1)),
		// Round 11: a network path without a scheme carries userinfo the same way: mount_smbfs
		// //user:password@host/share, mount_afp, smbclient-style //u:p@nas paths in scripts.
		onLine(withPick(mk("url-password", `(?:^|[\s"'=(,\x60])//[A-Za-z0-9._%;-]+:([^/\s@'"\x60]+)@[A-Za-z0-9\[]`, "//"), firstGroup(func(v string) bool { return len(v) >= 3 && !isPlaceholder(v) && !cliDocWord().MatchString(v) }, 1)), schemelessAuthority),
		// Round 9: userinfo with no colon is a user name, unless it is the credential itself: a
		// generated token (https://<token>@git.example.org/…), or any value of a tunnel
		// protocol whose userinfo is the password or the client's key (trojan, vless, vmess,
		// hysteria, tuic).
		onLine(withPick(mk("url-password", `(?i)\b([a-z][a-z0-9+.-]*)://([^/\s:@'"?#]{6,})@[A-Za-z0-9\[]`, "://"), userinfoPick), userinfoAhead),
		// Authorization and Proxy-Authorization headers of any scheme: everything after the
		// scheme, up to the end of the header value.
		withPick(mk("authorization", `(?i)\b(?:proxy-)?authorization["']?(?:\s*[:=]\s*["']?(?:(?:bearer|basic|token|digest|negotiate|ntlm|bot|apikey|api-key|sso-key|ssws|dpop|hmac|mac|key|aws4-hmac-sha256)\s+)?|[ \t]+["']?(?:bearer|basic|token|digest|negotiate|ntlm|bot|apikey|sso-key|ssws|dpop|hmac)[ \t]+)([^"'\n\\]+)`, "authorization"), firstGroup(headerValue, 1)),
		// HTTP Digest: every parameter after the scheme (nonce, cnonce, response) is redacted,
		// not only the first.
		withPick(mk("authorization", `(?i)\bdigest\s+((?:[a-z]+=(?:"[^"\n]*"|[^\s,"']+)(?:,\s*)?)+)`, "digest"), firstGroup(nil, 1)),
		// Tools whose -p (or -U user%pass) takes a password: sshpass, registry logins, smbclient.
		lineStart(onLine(withPick(mk("cli-password", `\b(?:sshpass|(?:docker|podman|buildah|skopeo|helm registry|nerdctl) login\b[^\n|;&]*?)\s-p\s*(?:'([^'\n]+)'|"([^"\n]+)"|([^\s'"-][^\s]*))`, "sshpass", " login"), firstGroup(notPlaceholder, 1, 2, 3)), nil)),
		lineStart(onLine(withPick(mk("cli-password", `\b(?:smbclient|rpcclient|smbmap|net)\b[^\n|;&]*?\s-U\s*['"]?[^\s%'"]+%([^\s'"]+)`, "-u"), firstGroup(notPlaceholder, 1)), nil)),
		// Cookie and Set-Cookie headers: values that identify a session, or are long enough to.
		withPick(mk("cookie", `(?i)\b(?:set-)?cookie["']?\s*:\s*([^\n"']+)`, "cookie"), cookieValues),
		// A cookie given on a command line (curl -b 'name=value; …', --cookie): the same judgement
		// as the header's. A value without "=" is a cookie file.
		onLine(withPick(mk("cookie", `(?:^|\s)(?:-b|--cookie)(?:=|[ \t]+)(?:'([^'\n]*=[^'\n]*)'|"([^"\n]*=[^"\n]*)"|([^\s'"]*=[^\s'"]*))`, "-b", "--cookie"), func(text string, m []int) [][2]int {
			for g := 1; g <= 3; g++ {
				if m[2*g] >= 0 {
					return cookieValues(text, []int{m[0], m[1], m[2*g], m[2*g+1]})
				}
			}
			return nil
		}), flagStart),
		// Any other PEM-style block whose label says key and not public (OpenVPN's "Static key
		// V1", "SECRET KEY", "SYMMETRIC KEY"): the body is key material.
		near(withPick(mk("private-key", `(?s)-----BEGIN ([A-Za-z0-9 ]*(?:KEY|[Kk]ey)[A-Za-z0-9 ]*)-----(?:\r?\n|\\n)(.*?)(?:-----END [A-Za-z0-9 ]*-----|\z)`, "-----begin "), func(text string, m []int) [][2]int {
			if strings.Contains(strings.ToUpper(text[m[2]:m[3]]), "PUBLIC") || m[5] <= m[4] {
				return nil
			}
			return [][2]int{{m[4], m[5]}}
		}), 0, 8192),
		// Round 15: a key file framed by a header and a footer in words rather than PEM's
		// dashes (Tarsnap's "# START OF TARSNAP KEY FILE" … "# END OF …", a tool's "BEGIN
		// SECRET KEY" between comment marks): every line between is key material, the short
		// last line of the body too, which entropy alone would leave. The label is in capitals,
		// as such frames are written; one that says public names a public key.
		lineStart(near(withPick(mk("private-key", `(?m)^[#;/*!=\t -]*(?:BEGIN|START)(?: OF)? ((?:[A-Z0-9]+ )*?(?:KEY|SECRET)(?: [A-Z0-9]+)*)[ =*#-]*\r?\n((?s:.*?))\r?\n[#;/*!=\t -]*END\b`, "begin", "start of"), func(text string, m []int) [][2]int {
			if strings.Contains(text[m[2]:m[3]], "PUBLIC") || m[5] <= m[4] || strings.HasPrefix(text[m[0]:m[2]], "-----") {
				return nil // a public key's frame; or PEM's, which the rules above read by its label
			}
			if !keyMaterialBody(text[m[4]:m[5]]) {
				return nil // review of round 15: "# BEGIN KEY SETUP" … "# END KEY SETUP" frames a script's section
			}
			return [][2]int{{m[4], m[5]}}
		}), 0, 8192)),
		// A password hash escaped for a template or Compose file, every "$" doubled: $$2y$$05$$….
		mk("password-hash", `\$\$2[abxy]?\$\$\d\d\$\$[./A-Za-z0-9]{53}|\$\$(?:1|apr1|5|6|y)\$\$[^$\s:'"]{1,64}\$\$[./A-Za-z0-9]{22,}`, "$$2", "$$1$$", "$$apr1$$", "$$5$$", "$$6$$", "$$y$$"),
		// A bech32 string whose human-readable part says secret or private (Nostr's nsec1…): a
		// private key. Public parts (npub1, bc1) are kept by entropy's bech32Public.
		mk("bech32-secret", `\b[a-z]{0,12}(?:sec|prv|priv)1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{50,}\b`, "sec1", "prv1", "priv1"),
		withPick(mk("bearer", `(?i)\bbearer\s+([A-Za-z0-9._~+/-]{12,}=*)`, "bearer"), firstGroup(func(v string) bool { return !isPlaceholder(v) && hasDigit(v) }, 1)),
		// MySQL's -p'secret' / -p"secret" (anywhere) and -psecret (after a MySQL client).
		withPick(mk("cli-password", `(?:^|\s)-p(?:'([^'\n]+)'|"([^"\n]+)")`, "-p'", `-p"`), firstGroup(notPlaceholder, 1, 2)),
		withPick(mk("cli-password", `\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlsh|mariadb|mariadb-dump)\b[^\n|;&]*?\s-p([^\s'"-][^\s]*)`, "mysql", "mariadb"), firstGroup(notPlaceholder, 1)),
		// --password x, --password=x, --api-key x, --client-secret=x ... (not --password-stdin).
		onLine(withPick(mk("cli-password", `(?i)(?:^|\s)(?:--?|\+)(?:[a-z0-9]+[-_.])*(?:(?:require|master|root|admin|bind|user|auth|db|key|store)?(?:password|passwd|pass)|masterauth|passphrase|token|secret|api[-_]?key|access[-_]?key|secret[-_]?key|private[-_]?key)(?:=|\s+)(?:'([^'\n]*)'|"([^"\n]*)"|([^\s'"-][^\s]*))`, "pass", "token", "secret", "key", "masterauth"), flagPick), inFlag),
		// curl -u user:pass, --user=user:pass, --proxy-user user:pass.
		// Many APIs take the token as the user name with a dummy password (curl -u <token>:x,
		// -u <key>: — Freshdesk, Harvest, BambooHR and others): then the user part is the secret.
		withPick(mk("cli-password", `(?:^|\s)(?:-u|--user|--proxy-user)(?:=|\s+)['"]?([^\s:'"]+):([^\s'"]*)`, "-u", "--user", "--proxy-user"), userColonPick),
		// .netrc: machine host [login user] [account a] password secret, on one line or several.
		withPick(mk("netrc", `\b(?:machine\s+\S+|default)(?:\s+(?:login|account)\s+\S+)*\s+password\s+(\S+)`, "machine", "default"), firstGroup(notPlaceholder, 1)),
		// .pgpass: host:port:database:user:password.
		lineStart(onLine(withPick(mk("pgpass", `(?m)(?:^|\\n|["'])(?:\*|[A-Za-z0-9.-]*[A-Za-z.][A-Za-z0-9.-]*):(?:\d+|\*):[^\s:"']+:[^\s:"']+:((?:[^\s:\\"']|\\[^n])+)(?:$|\\n|["'])`, ":"), firstGroup(notPlaceholder, 1)), portColon)),
		// Password hashes can be cracked offline: they are secrets too.
		mk("password-hash", `\$2[abxy]?\$\d\d\$[./A-Za-z0-9]{53}|\$[56]\$(?:rounds=\d+\$)?[./A-Za-z0-9]{1,16}\$[./A-Za-z0-9]{43,86}|\$argon2(?:id|i|d)\$v=\d+\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+`, "$2", "$5$", "$6$", "$argon2"),
		// Any modular crypt format hash (md5crypt, apr1, yescrypt, scrypt, sha1crypt, passlib's
		// pbkdf2) and Django's pbkdf2 hashes.
		mk("password-hash", `\$(?:1|apr1|md5|y|gy|7|sha1)\$[^$\s:'"]{1,64}\$(?:[^$\s:'"]{1,64}\$)?[./A-Za-z0-9+]{22,}|\$(?:pbkdf2(?:-sha(?:1|256|512))?|scrypt)\$[\w.=,$/+-]{30,}|\bpbkdf2_sha(?:1|256)\$\d+\$[A-Za-z0-9]+\$[A-Za-z0-9+/=]{40,}`,
			"$1$", "$apr1$", "$md5$", "$y$", "$gy$", "$7$", "$sha1$", "$pbkdf2", "$scrypt$", "pbkdf2_sha"),
		// JSON Web Tokens: three base64url parts, the first two JSON objects.
		// One whose setting is named public (SUPABASE_ANON_KEY, NEXT_PUBLIC_…) is a key made for
		// browsers, public by design.
		withPick(mk("jwt", `\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}`, "eyj"), func(text string, m []int) [][2]int {
			if publicLabel(text, m[0]) {
				return nil
			}
			return [][2]int{{m[0], m[1]}}
		}),
	}
}

// headerValue accepts an Authorization value unless it is a placeholder or prose ("the
// Authorization header is set by the proxy").
func headerValue(v string) bool {
	v = strings.TrimSpace(v)
	if len(v) < 6 || isPlaceholder(v) || isPlaceholder(strings.Fields(v)[0]) {
		return false
	}
	// Round 15: a header recorded as a YAML or JSON list (VCR and Polly cassettes, HAR
	// exports: `Authorization:\n  - Bearer <KEY>`, `["Token {{t}}"]`) holds its scheme and its
	// value after the list's mark; a placeholder there is a placeholder as it is on one line.
	if f := strings.Fields(strings.TrimLeft(v, "-[\"' \t")); len(f) == 2 && authSchemes[strings.ToLower(f[0])] &&
		isPlaceholder(strings.TrimRight(f[1], "\"']")) {
		return false
	}
	return !prose().MatchString(v)
}

// authSchemes are the Authorization header's scheme words.
var authSchemes = map[string]bool{"bearer": true, "basic": true, "token": true, "digest": true,
	"negotiate": true, "ntlm": true, "bot": true, "apikey": true, "sso-key": true, "ssws": true, "dpop": true}

var prose = lazyRE(`^(?:[a-z]+[ ,.]*)+$`)

// flagPick redacts a secret-named flag's value; a bare lower-case word after a space is prose
// ("the --token flag is deprecated"), not a value — except after a password flag, where people
// put ordinary words as passwords (--password hunter): there only words of prose about the flag
// ("the --password option is required") are kept.
func flagPick(text string, m []int) [][2]int {
	if s, e := m[6], m[7]; s >= 0 && isPlainWord(text[s:e]) {
		if eq := strings.LastIndexByte(text[m[0]:s], '='); eq < 0 {
			flag := strings.ToLower(text[m[0]:s])
			if !strings.Contains(flag, "pass") || proseWords[text[s:e]] || e-s < 4 {
				return nil
			}
		}
	}
	return firstGroup(flagValue, 1, 2, 3)(text, m)
}

// proseWords follow a flag's or a key's name in prose about it, never as its value.
var proseWords = map[string]bool{
	"is": true, "was": true, "are": true, "be": true, "must": true, "should": true, "can": true, "will": true,
	"flag": true, "flags": true, "option": true, "options": true, "argument": true, "arguments": true,
	"parameter": true, "param": true, "prompt": true, "prompts": true, "required": true, "optional": true,
	"field": true, "value": true, "values": true, "file": true, "stdin": true, "env": true, "and": true,
	"or": true, "the": true, "to": true, "for": true, "with": true, "of": true, "in": true, "not": true,
	"only": true, "instead": true, "again": true, "here": true, "there": true, "when": true, "if": true,
	"then": true, "also": true, "too": true, "hidden": true, "masked": true, "unset": true, "empty": true,
	"blank": true, "same": true, "default": true, "below": true, "above": true, "none": true, "see": true,
	"expired": true, "missing": true, "invalid": true, "wrong": true, "incorrect": true, "changed": true,
	"reset": true, "set": true, "updated": true, "rotated": true, "ignored": true, "deprecated": true,
	"used": true, "needed": true, "provided": true, "given": true, "supplied": true, "accepted": true,
	"ok": true, "yes": true, "no": true, "enabled": true, "disabled": true, "auth": true, "login": true,
}

// flagValue accepts the value of a secret-named flag unless it is a placeholder or a file.
func flagValue(v string) bool {
	if isPlaceholder(v) || len(v) < 3 {
		return false
	}
	return !looksLikePath(v) && !strings.HasPrefix(v, "@") && !optionList().MatchString(v) && !secretEnvName(v)
}

// secretEnvName reports whether a value is the name of an environment variable that holds a
// secret (NPM_TOKEN, GITHUB_PAT, AWS_SECRET_ACCESS_KEY): upper-case words joined by
// underscores, the last one naming a secret. A flag given it (act --secret GITHUB_TOKEN,
// docker run --env API_KEY) says where the secret comes from; it holds none.
func secretEnvName(v string) bool {
	if len(v) < 4 || len(v) > 64 || !strings.Contains(v, "_") || !isUpperLetter(v[0]) {
		return false
	}
	for i := 0; i < len(v); i++ {
		if b := v[i]; !isUpperLetter(b) && !(b >= '0' && b <= '9') && b != '_' {
			return false
		}
	}
	last := v[strings.LastIndexByte(v, '_')+1:]
	switch last {
	case "TOKEN", "KEY", "SECRET", "PASSWORD", "PASS", "PASSWD", "PAT", "PWD", "CREDENTIALS", "PASSPHRASE", "APIKEY":
		return true
	}
	return false
}

func isUpperLetter(b byte) bool { return b >= 'A' && b <= 'Z' }

// jsonKeyAt reports whether the quoted string that closes at end (text[end] is its closing
// quote) is followed by a colon: then it is an object's key, never a value.
func jsonKeyAt(text string, end int) bool {
	i := end + 1
	for i < len(text) && i-end < 8 && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	return i < len(text) && text[i] == ':'
}

// optionList is a flag's value made of two or more key=value options: it describes where a
// secret comes from rather than holding it (docker build --secret id=npm,env=NPM_TOKEN, podman
// --secret token,type=env,target=API_TOKEN, buildx --secret id=aws,src=$HOME/.aws/credentials).
var optionList = lazyRE(`^(?:[A-Za-z][\w.-]*,)?[a-z][a-z_-]*=[^,=\s]*(?:,[a-z][a-z_-]*=[^,=\s]*)+$`)

// inFlag accepts a keyword inside a command-line flag: the word holding it starts with '-'.
func inFlag(text string, start, _ int) bool {
	i := start
	for i > 0 && (isAlnum(text[i-1]) || text[i-1] == '-' || text[i-1] == '_' || text[i-1] == '.') {
		i--
	}
	// A game server's console variables are flags too: +rcon.password x, +sv_password x.
	if i < start && text[i] == '-' {
		return true
	}
	return i > 0 && text[i-1] == '+' && (i == 1 || text[i-2] == ' ' || text[i-2] == '\t')
}

// portColon accepts a colon that can begin a .pgpass port field: a port or '*' follows it, a
// host name character stands before it.
func portColon(text string, start, end int) bool {
	if start == 0 || end >= len(text) {
		return false
	}
	b, a := text[start-1], text[end]
	return (a == '*' || a >= '0' && a <= '9') && (isAlnum(b) || b == '.' || b == '-' || b == '*')
}

// cookieValues redacts, in a Cookie header's value, each cookie value of 16 or more characters
// or whose name says session or token; short preferences (theme=dark) stay.
func cookieValues(text string, m []int) [][2]int {
	var out [][2]int
	pos := m[2]
	for _, pair := range strings.Split(text[m[2]:m[3]], ";") {
		if eq := strings.IndexByte(pair, '='); eq > 0 {
			name := strings.ToLower(strings.TrimSpace(pair[:eq]))
			val := strings.TrimSpace(pair[eq+1:])
			vs := pos + strings.Index(pair, val)
			if cookieAttributes[name] || affinityCookie(name) {
				pos += len(pair) + 1
				continue
			}
			if eq < len(pair)-1 && val != "" && !isPlaceholder(val) && (len(val) >= 16 || strings.Contains(name, "sess") ||
				strings.Contains(name, "sid") || strings.Contains(name, "token") || strings.Contains(name, "auth")) {
				out = append(out, [2]int{vs, vs + len(val)})
			}
		}
		pos += len(pair) + 1
	}
	return out
}

// cookieAttributes are Set-Cookie's attributes: they say how a cookie is kept, they hold none.
var cookieAttributes = map[string]bool{"expires": true, "path": true, "domain": true, "max-age": true,
	"samesite": true, "priority": true, "version": true, "comment": true}

// affinityCookie is a load balancer's stickiness cookie (AWSALB, AWSELB, BIGipServer<pool>,
// ARRAffinity, GCLB, ROUTEID, SERVERID): it names the backend that served a client, and
// grants nothing.
func affinityCookie(name string) bool {
	for _, p := range []string{"awsalb", "awselb", "bigipserver", "arraffinity", "gclb", "routeid", "serverid", "sticky"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return trackingCookie(name)
}

// trackingCookies open the names of analytics, heat-map, session-replay and bot-management
// cookies (round 13): Google Analytics' _ga/_gid/_gcl, Meta's _fbp, Hotjar's _hj…, Clarity's
// _clck/_clsk, Segment's ajs_, Mixpanel's mp_, Matomo's _pk_, HubSpot's __hs…, LogRocket,
// FullStory, Cloudflare's __cf_bm. They count visits and tell bots from people; none logs
// anyone in (an app's own session cookie is judged as before).
var trackingCookies = []string{"_ga", "_gid", "_gat", "_gcl", "_fbp", "_fbc", "_hj", "_clck", "_clsk",
	"ajs_", "mp_", "_pk_", "__hs", "hubspotutk", "__utm", "_uet", "_lr_", "fs_uid", "_fs_", "__cf_bm",
	"_cfuvid", "_dd_s", "amplitude_id", "optimizely", "_mkto_trk", "_sp_", "_tt_", "_rdt_", "_scid"}

func trackingCookie(name string) bool {
	for _, p := range trackingCookies {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// affinityValue reports whether the run at start is the value of a stickiness cookie
// (AWSALB=<run>).
func affinityValue(text string, start int) bool {
	if start == 0 || text[start-1] != '=' {
		return false
	}
	i := start - 1
	for i > 0 && (isAlnum(text[i-1]) || text[i-1] == '_' || text[i-1] == '-') {
		i--
	}
	return affinityCookie(strings.ToLower(text[i : start-1]))
}

// keyBytesRules find key material written as a list of byte values: 64 bytes is an Ed25519
// keypair's secret key as Solana, NaCl and libsodium serialize it (seed and public key); 32
// bytes is a seed or a symmetric key when a key word stands just before. The values must be
// bytes (0–255) and varied as random bytes are: [0, 0, 0, …] and small counts stay.
func keyBytesRules() []*rule {
	return []*rule{
		near(onLine(withPick(mk("key-bytes", `(?m)\[[ \t\r\n]*(?:\d{1,3}[ \t\r\n]*,[ \t\r\n]*){31,}\d{1,3}(?:[ \t\r\n]*\]|[ \t]*(?:\.\.\.|…)|[ \t]*$)`, "["), keyBytesPick), digitAhead), 0, 1024),
	}
}

// digitAhead accepts a "[" followed, after blanks, by a digit.
func digitAhead(text string, _, end int) bool {
	for i := end; i < len(text) && i-end < 8; i++ {
		switch b := text[i]; {
		case b >= '0' && b <= '9':
			return true
		case b != ' ' && b != '\t' && b != '\n' && b != '\r':
			return false
		}
	}
	return false
}

func keyBytesPick(text string, m []int) [][2]int {
	end := m[1]
	closed := text[end-1] == ']'
	if closed {
		end--
	} else {
		// A list cut short (a captured ask shortened with "…" or " ..."): its length no longer
		// says keypair, so 32 or more varied byte values, a key's size, are taken for one.
		end = m[0] + 1 + len(strings.TrimRight(text[m[0]+1:end], " \t.…"))
	}
	nums := strings.FieldsFunc(text[m[0]+1:end], func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r' })
	seen := map[string]bool{}
	high := 0
	for _, n := range nums {
		if len(n) == 3 && n > "255" {
			return nil
		}
		if len(n) == 3 && n >= "128" {
			high++
		}
		seen[n] = true
	}
	if 4*high < len(nums) {
		return nil // random bytes are 128 or more half the time; counts and indexes seldom
	}
	switch {
	case len(nums) == 64 && len(seen) >= 40:
	case !closed && float64(len(seen)) >= 0.6*float64(len(nums)):
	case (len(nums) == 32 || !closed) && len(seen) >= 24:
		before := strings.ToLower(text[max(0, m[0]-80):m[0]])
		if !containsAny(before, []string{"key", "secret", "seed", "private", "keypair", "signer"}) {
			return nil
		}
	default:
		return nil
	}
	return [][2]int{{m[0] + 1, end}}
}

// tunnelSchemes are the URL schemes of proxy and tunnel protocols whose userinfo is the secret
// (a password or the client's UUID key), not a user's name.
var tunnelSchemes = map[string]bool{"trojan": true, "vless": true, "vmess": true, "hysteria": true,
	"hysteria2": true, "hy2": true, "tuic": true, "juicity": true, "anytls": true}

// userinfoPick redacts a URL's colon-less userinfo when it is a credential: under a tunnel
// scheme any value but a placeholder; under any other, a generated one (a token, not a name).
func userinfoPick(text string, m []int) [][2]int {
	scheme, v := strings.ToLower(text[m[2]:m[3]]), text[m[4]:m[5]]
	if isPlaceholder(v) || maskedValue(v) {
		return nil
	}
	if tunnelSchemes[scheme] || len(v) >= 16 && !strings.ContainsAny(v, ".") && valueShape(v) >= strongShapeMin && !uuidShape().MatchString(v) && !isHex(v) {
		return [][2]int{{m[4], m[5]}}
	}
	return nil
}

// userinfoAhead spares userinfoPick's expression the URLs without userinfo, nearly all: an "@"
// must come after "://" before the host's end.
func userinfoAhead(text string, _, end int) bool {
	for i := end; i < len(text) && i < end+256; i++ {
		switch text[i] {
		case '@':
			return true
		case '/', ' ', '\n', '\t', '"', '\'', '?', '#', ':':
			return false
		}
	}
	return false
}

// schemelessAuthority spares the scheme-less userinfo rule the "//" of URLs (a colon before it),
// of comments (a blank after it) and of lines with no "@" close after it.
func schemelessAuthority(text string, start, end int) bool {
	if start > 0 && (text[start-1] == ':' || text[start-1] == '/') || end >= len(text) || text[end] == ' ' || text[end] == '/' {
		return false
	}
	lim := min(end+256, len(text))
	for i := end; i < lim && text[i] != '\n'; i++ {
		if text[i] == '@' {
			return true
		}
	}
	return false
}

// keyMaterialBody reports whether the lines between a worded key frame's header and footer are
// key material: each line one run of base64, hex or armour characters, with no blank inside,
// and 16 or more of them in all. A script's, a query's or a note's section framed with the same
// words ("# BEGIN KEY SETUP", "-- START OF KEY DEFINITIONS") has words and blanks.
func keyMaterialBody(body string) bool {
	n := 0
	for _, line := range strings.Split(body, "\n") {
		line = strings.TrimSpace(line)
		for i := 0; i < len(line); i++ {
			if c := line[i]; !isAlnum(c) && !strings.ContainsRune("+/=_.:-", rune(c)) {
				return false
			}
		}
		n += len(line)
	}
	return n >= 16
}
