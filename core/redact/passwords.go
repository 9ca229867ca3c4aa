package redact

import (
	"encoding/base64"
	"math"
	"strings"
	"unicode"
)

// The rules here find credentials by mechanism rather than by a list of tools or providers:
// a value that looks like a password standing where tools and formats put passwords (a short
// flag, a word "password" or "requirepass" before it, an element or key named like a secret, a
// pipe into a command reading a password from stdin), and base64 that decodes to a private key.
// Where the context is weak (a single-letter flag) the value must look like a password; where it
// is strong (IDENTIFIED BY, <password>) any non-placeholder value is one.

func passwordRules() []*rule {
	return []*rule{
		// Tools whose password slots are known (cmdline.go): any value there.
		cmdlineRule(),
		// A short flag that takes a password in many tools: -p (mysql, mongo, 7z, oc, az), -P
		// (sqlcmd, bcp, mosquitto, zip), -w (ldap*), -a (redis-cli), -k (openssl enc), -N
		// (ssh-keygen), -pw (PuTTY), -storepass/-keypass (keytool, jarsigner), -passin/-passout
		// pass:x (openssl), /p: and /password: (Windows tools). The flag is too common for the
		// value to be taken on trust: it must look like a password. Only -p and -P take the value
		// attached (7z -pX, zip -PX): "-N5W9Oy…" is a Firebase push id, not ssh-keygen's -N.
		onLine(withPick(mk("cli-password", `(?:^|[\s'"(])(?:-(?:srcstorepass|deststorepass|srckeypass|destkeypass|storepass|keypass|passout|passin|pw|w|a|k|N)(?:[ \t]+|=)|-[pP](?:[ \t]+|=)?|/p:|/password:|/pass:|/(?:rp|p|pw|pwd|pass|password)[ \t]+)(?:'([^'\n]+)'|"([^"\n]+)"|([^\s'"]+))`,
			"-p", "-w", "-a", "-k", "-n", "/p", "/rp", "-storepass", "-keypass", "-passout", "-passin"), shortFlagPick), flagStart),
		// password X, requirepass X, masterauth X, ALTER ROLE … PASSWORD 'X': the word, blanks, then
		// the value (a colon or equals sign is secret-assignment's). Unquoted values must look like
		// a password; quoted ones must merely not be prose or a placeholder.
		onLine(withPick(mk("password-word", `(?i)(?:^|[^A-Za-z0-9_.-])(?:[A-Za-z0-9]+[_-])*[A-Za-z]{0,24}(?:password|passwd|passphrase|requirepass|masterauth|masterpassword|pwd|pw)[ \t]+(?:'([^'\n]+)'|"([^"\n]+)"|((?:(?:for|of)[ \t]+(?:the[ \t]+)?[A-Za-z0-9_.@-]+(?:[ \t]+(?:account|user|login))?[ \t]+)?(?:(?:(?:is|was|has been|been)[ \t]+)?(?:changed|set|reset)[ \t]+to|is|was|now):?[ \t]+)([^\s'";,]+)|([^\s'";,]+))`,
			"password", "passwd", "passphrase", "requirepass", "masterauth", "pwd", "pw"), wordPick), nil),
		// Round 15: a command that creates a user or sets a user's password, given the user
		// (and perhaps a host or a realm) and then the password positionally: samba-tool user
		// create alice X, ejabberdctl register alice example.org X, prosodyctl register …,
		// pure-pw useradd … , a tool's user add|create|passwd|setpassword NAME X. Without a flag
		// to say so the value must look like a password (adding a user to the sudo group is no
		// password).
		lineStart(onLine(withPick(mk("cli-password", `(?im)(?:^[ \t]*(?:[$#>%][ \t]*)?|[\x60'"(]|sudo[ \t]+)[a-z][a-z0-9_.-]*[ \t]+(?:users?[ \t]+(?:create|add|passwd|setpassword|set-password)|useradd|adduser|add[_-]user|create[_-]user|createuser|register)[ \t]+[A-Za-z0-9][A-Za-z0-9_.@\\-]*(?:[ \t]+[A-Za-z0-9][A-Za-z0-9_.-]*\.[A-Za-z]{2,})?[ \t]+([^\s'"\x60|;&]+)`, "user", "register"), rejecting(firstGroup(func(v string) bool {
			// The command starts its line (after a prompt), a code span or a quote: prose
			// ("the register allocator.  Therefore, …") has no such start; a sentence's comma
			// or full stop ends no password.
			// Words with a digit, eight or more characters (violet.lake.42), are one too: a
			// group's name is short (wheel2), and a host is read before the value.
			return !strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "/") && strings.IndexByte(".,;:)", v[len(v)-1]) < 0 && slotValue(v) &&
				(passwordish(v) || weakPassword(v) && hasDigit(v) && len(v) >= 8)
		}, 1), groupAdd)), nil)),
		// Round 15: an SNMPv3 user's passphrases after their protocols' names, wherever a user
		// is declared with them: Net-SNMP's createUser NAME SHA X AES Y, Cisco's snmp-server
		// user NAME GROUP v3 auth sha X priv aes 128 Y, other gear's "snmp user … auth md5 X".
		onLine(withPick(mk("password-word", `(?i)\b(?:createuser|snmp(?:-server)?[ \t]+user|usmuser)\b[^\n]{0,80}?\b(?:md5|sha(?:-?(?:1|224|256|384|512))?)[ \t]+([^\s'"\x60]+)(?:[ \t]+(?:priv(?:acy)?[ \t]+)?(?:des|3des|aes(?:-?(?:128|192|256))?)(?:[ \t]+(?:128|192|256))?[ \t]+([^\s'"\x60]+))?`, "createuser", "snmp", "usmuser"), func(text string, m []int) [][2]int {
			var out [][2]int
			for g := 1; g <= 2; g++ {
				if s, e := m[2*g], m[2*g+1]; s >= 0 && e-s >= 8 && slotValue(text[s:e]) && !isPlainWord(text[s:e]) {
					out = append(out, [2]int{s, e})
				}
			}
			return out
		}), nil),
		// Round 15: a prompt that names whose password it asks for, with the answer recorded
		// after it (a transcript where the terminal echoed, an expect log, a tool's own
		// transcript): "Password for HTTP/web01.example.com@EXAMPLE.COM: X" (kinit, ktutil),
		// "Password for 'https://bob@git.example.com': X" (git), "Enter passphrase for key
		// '/home/u/.ssh/id_ed25519': X" (ssh-add). The answer must not be prose or a placeholder.
		onLine(withPick(mk("password-word", `(?i)\b(?:password|passphrase|passcode|pin)[ \t]+for[ \t]+(?:key[ \t]+)?(?:'[^'\n]{1,200}'|"[^"\n]{1,200}"|[^\s:'"]{1,200}):[ \t]+([^\s'"]+)`, "password", "passphrase", "passcode", "pin"), rejecting(firstGroup(func(v string) bool {
			v = strings.TrimRight(v, ".,;)")
			return len(v) >= 4 && slotValue(v) && (passwordish(v) || weakPassword(v) && (hasDigit(v) || strings.IndexFunc(v, unicode.IsUpper) >= 0)) && !proseWords[strings.ToLower(v)]
		}, 1), sentenceAfterPrompt)), nil),
		// A name and its value under separate keys: {"name": "DB_PASSWORD", "value": "x"} (ECS,
		// Azure app settings), "- name: X\n  value: x" (Kubernetes env), ParameterKey and
		// ParameterValue (CloudFormation), {"Key": …, "Value": …}. Up to three scalar fields may
		// stand between them (round 13: an API client's {"key": "apiKey", "secret": false,
		// "value": …}, a YAML item's "type: secret" line).
		near(withPick(mk("secret-assignment", `(?i)["']?(?:name|key|parameterkey|parameter_name|variable|type|label|designation)["']?[ \t]*[:=][ \t]*["']?([A-Za-z_][A-Za-z0-9_.-]*)["']?[ \t]*(?:,[ \t]*|\r?\n[ \t]*(?:[-~+][ \t]*)?)(?:["']?[A-Za-z_][A-Za-z0-9_]{0,20}["']?[ \t]*:[ \t]*(?:"[^"\n]{0,40}"|'[^'\n]{0,40}'|true|false|null|\d{1,10}|[A-Za-z]{1,20})[ \t]*(?:,[ \t]*|\r?\n[ \t]*)){0,3}["']?(?:value|parametervalue)["']?[ \t]*[:=][ \t]*(?:"([^"\n]*)"|'([^'\n]*)'|([^\s,"'}\]]+))`, "value"), namedValuePair), 256, 512),
		// The same pair with the value first, as password managers export a field:
		// {"value": "x", "name": "password", "designation": "password"} (1Password's 1PUX).
		near(withPick(mk("secret-assignment", `(?i)["']value["'][ \t]*:[ \t]*"([^"\n]*)"[ \t]*,[ \t]*["'](?:name|label|type|designation)["'][ \t]*:[ \t]*"([A-Za-z_][A-Za-z0-9_. -]{0,40})"`, "value\"", "value'"), valueFirstPair), 256, 512),
		// A setter or constructor named for a secret, called with a literal: .password("x"),
		// setPassword("x"), WithApiKey("x"), Password("x"); not a getter's lookup key.
		onLine(withPick(mk("secret-assignment", `\b([A-Za-z_][A-Za-z0-9_]*)[ \t]*\([ \t]*(?:"([^"\n]*)"|'([^'\n]*)')[ \t]*\)`, "pass", "secret", "token", "key", "pwd", "credential", "auth", "unlock", "unseal"), setterPick), beforeParen),
		// Round 15: the plaintext given to a password-hashing call is the password it stores
		// (a seeder's, a fixture's, a migration's, a test's): Laravel's Hash::make('x'),
		// PHP's password_hash('x', …), bcrypt('x'), pgcrypto's crypt('x', gen_salt('bf')),
		// Django's make_password('x'), Werkzeug's generate_password_hash('x'),
		// bcrypt.hashpw(b'x', …), bcrypt.hash('x', 10), BCrypt::Password.create('x'),
		// argon2.hash('x'), passlib's context.hash('x'), Spring's passwordEncoder.encode("x"),
		// Elixir's Bcrypt.hash_pwd_salt("x"), any hash_password/hashPassword('x'). A variable
		// or an expression there is the caller's, no literal.
		onLine(withPick(mk("password-word", `(?i)(?:\bHash::make|\bbcrypt(?:js)?(?:\.hash(?:sync|pw)?)?|\bpassword_hash|\bcrypt|\bmake_password|\bgenerate_password_hash|\bhash_?password|\bencrypt_?password|\bhashpw|\bhash_pwd_salt|\bBCrypt::Password\.create|\bargon2(?:id)?\.hash|\b(?:pwd|password|passlib)_?context\.hash|password_?encoder(?:\(\))?\.encode)[ \t]*\([ \t]*b?(?:"([^"\n]{1,128})"|'([^'\n]{1,128})')`, "hash", "crypt", "password"), firstGroup(func(v string) bool {
			return len(v) >= 4 && !isPlaceholder(v) && !strings.ContainsAny(v, " \t") && !hashSetting(v)
		}, 1, 2)), nil),
		// A verb that opens a vault, a wallet or a keyring with a passphrase, on a command line:
		// bw unlock <pw>, vault operator unseal <key>. Its argument is the passphrase when it looks
		// like one; a path (git-crypt unlock ~/key), a flag or a word ("unlock the door") stays.
		// A token given to a one-letter flag that tools use for it (-t: anaconda upload,
		// codacy's reporter, vercel, doctl), written in hex, which high-entropy keeps as a
		// digest: 32 hex digits or more, not the 40 of a git commit or the 64 of a SHA-256.
		onLine(near(withPick(mk("cli-token", `(?:^|[\s\x60"'(])-[tT][ \t]+([0-9a-fA-F]{32,80})(?:[\s"'\x60);]|$)`, "-t "), firstGroup(func(v string) bool { return len(v) != 40 && len(v) != 64 }, 1)), 1, 128), nil),
		onLine(withPick(mk("cli-password", `(?i)\b(?:unlock|unseal)[ \t]+(?:"([^"\n]+)"|'([^'\n]+)'|([^\s"'|;&<>()\x60]+))`, "unlock", "unseal"), unlockArgPick), nil),
		// Round 13: a terminal recording's input typed at a password prompt. asciicast writes
		// what the terminal printed as "o" events and what was typed as "i" events: the input
		// event after an output event that ends in a password prompt ("Password: ", "[sudo]
		// password for bob: ", "Enter passphrase for key …: ") is the password, whatever it
		// looks like (the terminal did not echo it; the recorder kept it).
		near(withPick(mk("stdin-password", `(?i)\[[ \t]*[\d.]+[ \t]*,[ \t]*"o"[ \t]*,[ \t]*"[^"\n]*(?:assword|passphrase|passcode|\bpin)[^"\n]{0,40}?:[ \t]*"[ \t]*\][ \t]*,?[ \t]*\r?\n(?:[ \t]*\[[ \t]*[\d.]+[ \t]*,[ \t]*"[or]"[ \t]*,[ \t]*"(?:\\.|[^"\\\n]){0,16}"[ \t]*\][ \t]*,?[ \t]*\r?\n){0,2}[ \t]*\[[ \t]*[\d.]+[ \t]*,[ \t]*"i"[ \t]*,[ \t]*"((?:[^"\\\n]|\\[^rn])+)(?:\\r|\\n|\\u000d)*"`, `"o"`), firstGroup(func(v string) bool { return len(v) >= 3 && !isPlaceholder(v) }, 1)), 64, 512),
		// expect and pexpect scripts: the string sent after a password prompt.
		near(withPick(mk("stdin-password", `(?i)expect[ \t]*\(?[ \t]*(?:-re[ \t]+)?["'][^"'\n]*(?:assword|passphrase|passcode)[^"'\n]*["'][^\n]*\n[ \t]*(?:[\w.]*\.)?send(?:line)?[ \t]*\(?[ \t]*(?:--[ \t]+)?(?:"((?:[^"\\\n]|\\[^rn])*)(?:\\r|\\n)?"|'((?:[^'\\\n]|\\[^rn])*)(?:\\r|\\n)?')`, "assword", "passphrase", "passcode"), firstGroup(func(v string) bool { return len(v) >= 3 && !isPlaceholder(v) && !strings.HasPrefix(v, "[") }, 1, 2)), 64, 512),
		// Protocol transcripts: SMTP AUTH PLAIN/LOGIN's initial response (base64 of the user and
		// password), and FTP's and POP3's PASS command on its own line.
		onLine(withPick(mk("protocol-password", `(?i)\bAUTH[ \t]+(?:PLAIN|LOGIN)[ \t]+([A-Za-z0-9+/]{8,}={0,2})`, "auth plain", "auth login"), firstGroup(nil, 1)), nil),
		lineStart(onLine(withPick(mk("protocol-password", `(?m)^(?:C:[ \t]*|>+[ \t]*)?PASS[ \t]+(\S+)[ \t]*$`, "pass "), firstGroup(func(v string) bool { return passwordish(v) || weakPassword(v) }, 1)), exactly("PASS "))),
		// SQL: SET PASSWORD [FOR user] = 'x' (MySQL, MariaDB), also = PASSWORD('x').
		onLine(withPick(mk("sql-password", `(?i)\bset[ \t]+password[ \t]+(?:for[ \t]+\S+[ \t]*)?=[ \t]*(?:password[ \t]*\([ \t]*)?(?:'([^'\n]+)'|"([^"\n]+)")`, "set password"), firstGroup(slotValue, 1, 2)), nil),
		// Round 15: SQL's prefixed string literals in a password's slot — SQL Server's
		// national N'x' (CREATE/ALTER LOGIN … WITH PASSWORD = N'x', sp_addlogin @passwd = N'x'),
		// PostgreSQL's escape E'x' and Unicode U&'x', also after IDENTIFIED BY and PASSWORD
		// without an equals sign (CREATE ROLE … PASSWORD E'x').
		onLine(withPick(mk("sql-password", `(?i)(?:@?\b[A-Za-z_]*(?:password|passwd|pwd)|\bidentified[ \t]+by)[ \t]*=?[ \t]*(?:N|E|U&)'((?:[^'\\\n]|''|\\.)+)'`, "password", "passwd", "pwd", "identified"), firstGroup(slotValue, 1)), nil),
		// SQL: IDENTIFIED BY 'x' / IDENTIFIED BY x (MySQL, Oracle), and with the method named
		// first: IDENTIFIED WITH caching_sha2_password BY 'x' (MySQL 8), IDENTIFIED WITH
		// sha256_hash BY '<hash>' (ClickHouse), IDENTIFIED WITH mysql_native_password AS '<hash>'.
		onLine(withPick(mk("sql-password", `(?i)\bidentified\s+by\s+(?:password\s+)?(?:'([^'\n]+)'|"([^"\n]+)"|([^\s'";,]+))`, "identified"), firstGroup(strongValue, 1, 2, 3)), nil),
		onLine(withPick(mk("sql-password", `(?i)\bidentified\s+with\s+['"]?[A-Za-z0-9_$-]+['"]?\s+(?:by|as)\s+(?:'([^'\n]+)'|"([^"\n]+)")`, "identified"), firstGroup(strongValue, 1, 2)), nil),
		// XML and HTML-ish elements named like a secret: <password>x</password>, <apiKey>x</apiKey>.
		onLine(near(withPick(mk("secret-element", `<(_*[A-Za-z][A-Za-z0-9]*(?:[_.:-][A-Za-z0-9]+)*)(?:[ \t][^<>\n]*)?>([^<\n]+)</`, "pass", "secret", "token", "key", "pwd", "credential", "auth"), elementPick), 64, 256), nil),
		// key="SmtpPassword" value="x" (.NET appSettings, Ant, many XML configs), and the pair
		// forms define('DB_PASSWORD', 'x'), setenv("API_TOKEN", "x"), and Erlang's macro
		// -define(DB_PASSWORD, "x") with its name bare.
		onLine(near(withPick(mk("secret-assignment", `(?i)\b(?:key|name)\s*=\s*"([^"\n]+)"\s*value\s*=\s*"([^"\n]*)"`, "value"), namedValuePick), 256, 512), nil),
		onLine(near(withPick(mk("secret-assignment", `(?:["']|\B:|\bdefine\([ \t]*)(_*[A-Za-z][A-Za-z0-9]*(?:[_.-][A-Za-z0-9]+)*)["']?[ \t]*,[ \t]*(?:"([^"\n]*)"|'([^'\n]*)')`, assignmentWords...), pairPick), 64, 512), beforeComma),
		// requests' auth=('user', 'password') and similar tuples.
		// Round 14: the same pair given to a basic-auth helper (HTTPBasicAuth(u, p),
		// aiohttp.BasicAuth(u, p), httpx's auth=(u, p)); an empty or dummy password after a
		// random user means the user is the API key, as APIs that take a key as the basic user
		// want it (auth=('<key>', '')).
		onLine(withPick(mk("secret-assignment", `(?i)\b(?:auth\s*=\s*[(\[]|(?:HTTP)?BasicAuth(?:entication)?\s*\()\s*['"]([^'"\n]*)['"]\s*,\s*['"]([^'"\n]*)['"]`, "auth"), authPairPick), nil),
		// A password piped into a command that reads it from stdin: echo x | sudo -S, echo x |
		// docker login --password-stdin, echo user:x | chpasswd.
		onLine(near(withPick(mk("stdin-password", `\becho\s+(?:-[ne]\s+)?(?:'([^'\n]{1,128})'|"([^"\n]{1,128})"|([^\s|'"]{1,128}))\s*\|\s*(?:sudo\s+(?:-\S+\s+){0,4}-S\b|[^|\n;&]{0,200}--password-stdin|[^|\n;&]{0,200}\bchpasswd\b|[^|\n;&]{0,200}\bpasswd\s+--stdin|[^|\n;&]{0,200}-passin\s+stdin)`, "echo"), firstGroup(strongValue, 1, 2, 3)), 0, 1024), nil),
		// Long flags whose value is a credential when it looks like one: --auth x, --key x,
		// --psk x, --credentials x (a file path or a plain word stays).
		onLine(withPick(mk("cli-password", `(?i)(?:^|\s)--?(?:[a-z0-9]+[-_])*(?:auth|key|pw|pwd|psk|credentials?|login)(?:=|[ \t]+)(?:'([^'\n]+)'|"([^"\n]+)"|([^\s'"-][^\s'"]*))`, "auth", "key", "pw", "psk", "credential", "login"), secretLooking), inFlag),
		// A secret word, then (after "is" or a colon-less blank) a random value: the generic rule
		// security scanners use. "api key 3f9a…", "token is Xy12…", "secret Q2w…".
		// After a strong word (api key, secret, token, not a bare "key") a shorter value does:
		// "client secret 5b93…" (hex of 12 or more), "access key 9XOWPJVC…".
		onLine(near(withPick(mk("generic-secret", `(?i)\b(api[ _-]?key|access[ _-]?key|secret(?:[ _-]?key)?|token|client[ _-]?secret|key)[ \t]+(?:(?:is|was|=)[ \t]+)?(['"\x60]?)([A-Za-z0-9._~+/=-]{12,200})(?:['"\x60]|\b|$)`, "key", "secret", "token"), wordSecretPick), 16, 256), tokenAhead),
		// A UUID behind a prefix that marks a credential (pat-na1-<uuid>, sdk-<uuid>,
		// api_key-<uuid>): a bare UUID is an id, a marked one a key.
		onLine(near(withPick(mk("prefixed-uuid", `\b([A-Za-z]+(?:[_-][A-Za-z0-9]+){0,2})[_-][0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b`, uuidMarks...), markedUUID), 32, 80), uuidAhead),
		// A call named for logging in with the password as a literal: login("bob", "x"),
		// SetBasicAuth("admin", "x"), UsernamePasswordCredentials("ci", "x").
		onLine(near(withPick(mk("call-password", `\b([A-Za-z_][A-Za-z0-9_]*)[ \t]*\(((?:[^()\n]|\(\)){0,400})\)`, "login(", "logon(", "signin(", "auth(", "authenticate(", "credential(", "credentials(", "basic(", "authentication(", "authenticator(", "authprovider("), callPick), 128, 400), nil),
		// Go's MySQL DSN: user:password@tcp(host)/db.
		near(withPick(mk("url-password", `(?:^|[^A-Za-z0-9_.-])[A-Za-z0-9_.-]+:([^@\s"'/:]+)@(?:tcp6?|unix|udp)\(`, "@tcp(", "@tcp6(", "@unix(", "@udp("), firstGroup(func(v string) bool { return !isPlaceholder(v) }, 1)), 256, 8),
		// Base64 that decodes to a PEM private key (kubeconfig client-key-data, Helm values).
		near(withPick(mk("private-key", `LS0tLS1CRUdJTi[A-Za-z0-9+/]+={0,2}`, "ls0tls1crudjti"), wholeIf(decodesToPrivateKey)), 0, 8192),
	}
}

// secretLooking redacts a flag's value that looks like a password or a random key.
func secretLooking(text string, m []int) [][2]int {
	return firstGroup(func(v string) bool {
		if isHex(v) && (len(v) == 8 || len(v) == 16 || len(v) == 40) {
			return false // a GPG key id or fingerprint
		}
		return passwordish(v) || randomValue(v)
	}, 1, 2, 3)(text, m)
}

// randomValue16 judges a value a secret word points at, from 16 characters: it mixes digits
// with letters and is as varied as a random string of its length, and is not an identifier
// (created_at_2026_01_01), a path or a UUID (an id). A long hex string is a key.
func randomValue16(v string) bool {
	v = strings.TrimRight(v, ".")
	if len(v) < 16 || looksLikePath(v) || strings.Contains(v, "/") || uuidShape().MatchString(v) {
		return false
	}
	if isHex(v) {
		return len(v) >= 32
	}
	var lowerN, upperN, digitN int
	for _, r := range v {
		switch {
		case unicode.IsLower(r):
			lowerN++
		case unicode.IsUpper(r):
			upperN++
		case unicode.IsDigit(r):
			digitN++
		}
	}
	if digitN == 0 || lowerN+upperN == 0 {
		return false
	}
	for _, seg := range strings.FieldsFunc(v, func(r rune) bool { return r == '_' || r == '-' || r == '.' }) {
		if len(seg) >= 3 && isPlainWord(seg) {
			return false
		}
	}
	// The entropy of n distinct characters is log2(n): ask for most of it.
	return entropy(v) >= 0.8*math.Log2(float64(min(len(v), 62)))
}

var uuidShape = lazyRE(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// uuidAhead accepts a keyword hit with a UUID's first group (8 hex digits and a hyphen)
// within a few name parts after it, so that the regular expression runs only there.
func uuidAhead(text string, _, end int) bool {
	lim := min(len(text), end+40)
	run := 0
	for i := end; i < lim; i++ {
		b := text[i]
		switch {
		case b >= '0' && b <= '9' || b >= 'a' && b <= 'f' || b >= 'A' && b <= 'F':
			run++
		case b == '-' && run == 8:
			return true
		case isAlnum(b) || b == '_' || b == '-':
			run = 0
		default:
			return false
		}
	}
	return false
}

// tokenAhead accepts a secret word followed by blanks, optionally "is", "was" or "=", an
// optional quote, and a run of token characters holding a digit: what generic-secret matches.
func tokenAhead(text string, _, end int) bool {
	i := end
	if i+4 <= len(text) && strings.EqualFold(text[i:i+4], " key") {
		i += 4 // "api key", "secret key"
	}
	j := i
	for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
		j++
	}
	if j == i {
		return false
	}
	for _, w := range []string{"is ", "was ", "= "} {
		if strings.HasPrefix(text[j:], w) {
			j += len(w)
			break
		}
	}
	if j < len(text) && (text[j] == '\'' || text[j] == '"' || text[j] == '`') {
		j++
	}
	digit := false
	k := j
	for ; k < len(text) && k-j < 200 && (isTokenByte(text[k]) || text[k] == '.' || text[k] == '~'); k++ {
		digit = digit || text[k] >= '0' && text[k] <= '9'
	}
	return digit && k-j >= 12
}

// wordSecretPick judges the value after a secret word: randomValue16 after any, and a shorter
// random value (shortKey) after a word that names a credential (not a bare "key", which names
// database keys, map keys and GPG keys as often).
func wordSecretPick(text string, m []int) [][2]int {
	v := text[m[6]:m[7]]
	if strings.EqualFold(text[m[2]:m[3]], "key") && (publicWords[lastWord(text, m[2])] || notCredentialKeys[lastWord(text, m[2])]) {
		return nil // "verifying key = …", "public key …": public by design; "cache key is …" opens nothing
	}
	if randomValue16(v) || !strings.EqualFold(text[m[2]:m[3]], "key") && shortKey(v) {
		return [][2]int{{m[6], m[7]}}
	}
	return nil
}

// shortKey is a value of 12 or more characters that mixes letters and digits with no word in
// it and no separator an identifier or a version would have: hex (5b934ab9…) or upper case and
// digits (9XOWPJVCXOTY).
func shortKey(v string) bool {
	v = strings.TrimRight(v, ".")
	if len(v) < 12 || strings.ContainsAny(v, "._/~-") || !hasDigit(v) || strings.IndexFunc(v, unicode.IsLetter) < 0 {
		return false
	}
	if isHex(v) {
		return true
	}
	return wordShare(v) < 0.3 && entropy(v) >= 3.0
}

// beforeComma accepts a keyword inside a quoted name or a symbol followed by a comma:
// ("NAME", "value"), set :name, "value".
func beforeComma(text string, _, end int) bool {
	i := end
	for i < len(text) && (isAlnum(text[i]) || text[i] == '_' || text[i] == '.' || text[i] == '-') {
		i++
	}
	if i < len(text) && (text[i] == '"' || text[i] == '\'') {
		i++ // a quoted name; a Ruby symbol (set :deploy_password, "x") has none
	}
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	return i < len(text) && text[i] == ','
}

// uuidMarks are prefix words that make a UUID behind them a credential.
var uuidMarks = []string{"pat", "key", "token", "tok", "secret", "sk", "rk", "access", "api", "apikey", "sdk", "auth", "cred", "priv", "pw", "pass"}

func markedUUID(text string, m []int) [][2]int {
	for _, part := range strings.FieldsFunc(strings.ToLower(text[m[2]:m[3]]), func(r rune) bool { return r == '_' || r == '-' }) {
		for _, mark := range uuidMarks {
			if part == mark {
				return [][2]int{{m[0], m[1]}}
			}
		}
	}
	return nil
}

// flagStart accepts a keyword hit that begins a flag: the byte before it is a blank, a quote,
// a parenthesis or the start of the text.
func flagStart(text string, start, _ int) bool {
	if text[start] != '-' && text[start] != '/' {
		return true
	}
	if text[start] == '/' && !windowsSwitch(text, start) {
		return false
	}
	if start == 0 {
		return true
	}
	switch text[start-1] {
	case ' ', '\t', '\n', '\'', '"', '(':
		return true
	}
	return false
}

// windowsSwitch reports whether the slash at start begins a password switch (/p, /rp, /pw,
// /pwd, /pass, /password) followed by a blank or a colon: not a path (/proc, /home/…).
func windowsSwitch(text string, start int) bool {
	i := start + 1
	for i < len(text) && i-start <= 9 && (text[i] >= 'a' && text[i] <= 'z' || text[i] >= 'A' && text[i] <= 'Z') {
		i++
	}
	if i >= len(text) || text[i] != ' ' && text[i] != '\t' && text[i] != ':' {
		return false
	}
	switch strings.ToLower(text[start+1 : i]) {
	case "p", "rp", "pw", "pwd", "pass", "password":
		return true
	}
	return false
}

// shortFlagPick redacts a short flag's value if it looks like a password; openssl's pass:x
// keeps its "pass:".
func shortFlagPick(text string, m []int) [][2]int {
	if w := lastWord(text, m[0]); idWords[w] && !idSecretWords[lastWord(text, max(0, m[0]-len(w)-1))] {
		return nil // "build id -PJ7R…": a random id that starts with "-P", named as an id
	}
	for _, g := range []int{1, 2, 3} {
		s, e := m[2*g], m[2*g+1]
		if s < 0 || e <= s {
			continue
		}
		if g == 3 {
			// Bare: punctuation closing the sentence or an aside is not the value's ("(7z -pX)").
			for e > s && strings.IndexByte("),;.]`", text[e-1]) >= 0 {
				e--
			}
		}
		v := text[s:e]
		if strings.HasPrefix(v, ":") {
			s, v = s+1, v[1:] // -p:X, a Windows-style switch written with a dash
		}
		if len(v) < 3 {
			return nil
		}
		if name, val, ok := strings.Cut(v, "="); ok && identifier().MatchString(name) {
			// A property (msbuild /p:Configuration=Release, gradle -Pversion=2): a secret only
			// when its name says so.
			if !secretAssignment(name, "=", val) {
				return nil
			}
			return [][2]int{{s + len(name) + 1, e}}
		}
		if strings.HasPrefix(v, "pass:") {
			s += len("pass:")
			v = v[len("pass:"):]
		} else if strings.Contains(v, ":") && !strings.ContainsAny(v, "!@#$%^&*+=?~") {
			return nil // env:VAR, file:path, host:port
		}
		if publicKeyShape(v) {
			return nil // minisign -P <public key>: a signing tool's public key, by its structure
		}
		if !passwordish(v) && !(userFlagBefore(text, m[0]) && (weakPassword(v) || dateDMY().MatchString(v))) {
			return nil
		}
		return [][2]int{{s, e}}
	}
	return nil
}

// userFlagBefore reports whether a user flag with its value (-u bob, -U bob, --user=bob,
// --username bob, -l bob) comes before pos in the same command: then the -p that follows is the
// user's password, even an ordinary-looking one.
func userFlagBefore(text string, pos int) bool {
	lo := pos
	for lo > 0 && pos-lo < 512 && !strings.ContainsRune("\n|;&", rune(text[lo-1])) {
		lo--
	}
	return userFlag().MatchString(text[lo:pos])
}

var userFlag = lazyRE(`(?:^|[\s'"])(?:-[uUl]|--user|--username|(?i:/u|/ru|/user|/username))(?:=|:|[ \t]+)[^\s\-'"][^\s]*(?:[ \t]|$)`)

// weakPassword accepts an ordinary-looking value where a password is expected: four or more
// characters with a letter and something besides lower-case letters (a plain word after -p is
// as often a subcommand: mysqladmin -u root -p status), and none of the shapes a flag's other
// values take (a path, a file, a port, a version, a placeholder).
func weakPassword(v string) bool {
	if len(v) < 4 || len(v) > 128 || v[0] == '-' || isPlainWord(strings.TrimRight(v, ".,;:!?)]}")) || strings.IndexFunc(v, unicode.IsLetter) < 0 || isPlaceholder(v) || looksLikePath(v) {
		return false
	}
	return !fileName().MatchString(v) && !hostPort().MatchString(v) && !isVersion(v) && !regexShape().MatchString(v) && !strings.ContainsAny(v, "/{}")
}

// callPick redacts the password argument of a login call: the argument after the first
// non-empty one (the user), when it is a string literal. PlainAuth("", "bob", "x", "host")
// gives "x"; authenticate(user, "x") too.
func callPick(text string, m []int) [][2]int {
	parts := nameParts(text[m[2]:m[3]])
	if len(parts) == 0 {
		return nil
	}
	switch last := parts[len(parts)-1]; last {
	case "login", "logon", "signin", "auth", "authenticate", "credential", "credentials":
	case "authenticator":
		// The review of round 14: GoogleAuthenticator("Acme", "alice@example.com") names an
		// issuer and an account; PasswordAuthenticator(user, pw) names a password.
		if len(parts) < 2 || !containsAny(strings.Join(parts[:len(parts)-1], ""), []string{"password", "plain", "basic"}) {
			return nil
		}
	case "provider":
		// Round 14: PlainTextAuthProvider(user, pw) (Cassandra's drivers): an auth provider is
		// given a user and a password as PasswordAuthenticator(user, pw) is.
		if len(parts) < 2 || parts[len(parts)-2] != "auth" {
			return nil
		}
	case "basic", "authentication":
		// Credentials.basic(user, pw), new PasswordAuthentication(user, pw): basic and
		// authentication name a credential only after a word that says so.
		if last == "basic" && !credentialReceiver(text, m[2]) || last == "authentication" && !containsAny(strings.Join(parts, ""), []string{"password", "basic"}) {
			return nil
		}
	default:
		return nil
	}
	args := splitArgs(text, m[4], m[5])
	if n := len(args); n >= 4 && whereArg(text[args[0][0]:args[0][1]]) {
		// (host, realm, user, password), (None, uri, user, password): where the credential
		// is for comes first, and the password is the last argument, unless that is a host.
		last := strings.Trim(text[args[n-1][0]:args[n-1][1]], `"'`)
		if strings.HasPrefix(last, "[REDACTED") {
			return nil // redacted before: redacting again changes nothing
		}
		if !hostName().MatchString(last) && !hostPort().MatchString(last) && !strings.Contains(last, ":") {
			args = args[n-2:]
		}
	}
	for i := 0; i+1 < len(args); i++ {
		a := text[args[i][0]:args[i][1]]
		if a == "" || a == `""` || a == "''" {
			continue
		}
		p := args[i+1]
		lit := text[p[0]:p[1]]
		if k := literalConversion().FindStringIndex(lit); k != nil && k[0] > 0 {
			lit, p[1] = lit[:k[0]], p[0]+k[0] // "pw".toCharArray(), "pw".encode(): the literal
		}
		if len(lit) < 2 || (lit[0] != '"' && lit[0] != '\'') || lit[len(lit)-1] != lit[0] {
			return nil
		}
		v := lit[1 : len(lit)-1]
		if len(v) < 4 || isPlaceholder(v) || strings.ContainsAny(v, " \t") || looksLikePath(v) {
			return nil
		}
		return [][2]int{{p[0] + 1, p[1] - 1}}
	}
	return nil
}

// whereArg is a first argument that says where a credential is for: a host, host:port or URL
// literal, or no realm (None, null, nil).
func whereArg(a string) bool {
	switch a {
	case "None", "null", "nil", "undef", "NULL":
		return true
	}
	if len(a) < 2 || a[0] != '"' && a[0] != '\'' {
		return false
	}
	v := a[1 : len(a)-1]
	return strings.Contains(v, "://") || hostName().MatchString(v) || hostPort().MatchString(v) && strings.Contains(v, ".")
}

// literalConversion is a conversion called on a string literal: .toCharArray(), .encode(),
// .getBytes(), .as_bytes().
var literalConversion = lazyRE(`\.(?:toCharArray|getBytes|encode|as_bytes|to_vec|into|to_string|to_owned)\(\)$`)

// credentialReceiver reports whether the call whose name starts at pos is made on a receiver
// named for credentials or auth (Credentials.basic, HttpAuth.basic, auth.basic).
func credentialReceiver(text string, pos int) bool {
	if pos == 0 || text[pos-1] != '.' {
		return false
	}
	i := pos - 1
	for i > 0 && (isAlnum(text[i-1]) || text[i-1] == '_') {
		i--
	}
	r := strings.ToLower(text[i : pos-1])
	return strings.Contains(r, "cred") || strings.Contains(r, "auth")
}

// splitArgs splits text[start:end] at the commas outside quotes and returns each argument's
// trimmed range.
func splitArgs(text string, start, end int) [][2]int {
	var out [][2]int
	var q byte
	from := start
	trim := func(a, b int) [2]int {
		for a < b && (text[a] == ' ' || text[a] == '\t') {
			a++
		}
		for b > a && (text[b-1] == ' ' || text[b-1] == '\t') {
			b--
		}
		return [2]int{a, b}
	}
	for i := start; i < end; i++ {
		switch c := text[i]; {
		case q != 0:
			if c == q {
				q = 0
			}
		case c == '"' || c == '\'':
			q = c
		case c == ',':
			out = append(out, trim(from, i))
			from = i + 1
		}
	}
	return append(out, trim(from, end))
}

// wordPick redacts the value after a password word: quoted values need only be strong values,
// bare ones must look like a password.
func wordPick(text string, m []int) [][2]int {
	if start := m[0]; start < len(text) {
		if !isAlnum(text[start]) && text[start] != '_' {
			start++
		}
		end := start
		for end < len(text) && (isAlnum(text[end]) || text[end] == '_' || text[end] == '-') {
			end++
		}
		if parts := nameParts(text[start:end]); len(parts) > 0 && !gluedPW(parts[len(parts)-1]) {
			return nil // zipw, cpw: a fragment glued to pw
		}
	}
	for _, g := range []int{1, 2} {
		if s, e := m[2*g], m[2*g+1]; s >= 0 && e > s {
			if !strongValue(text[s:e]) {
				return nil
			}
			return [][2]int{{s, e}}
		}
	}
	if s, e := m[10], m[11]; s >= 0 && e > s {
		// Punctuation closing a sentence or a code span is not the value's ("`rootpw x`).").
		for e > s && strings.IndexByte(").]`", text[e-1]) >= 0 {
			e--
		}
		if v := text[s:e]; goTypeOf(v, false) {
			return nil // a struct field and its type: Password *uint16
		} else if passwordish(v) || (directiveLine(text, m[0], m[11]) || userWordBefore(text, m[0]) || compoundName(text, m[0])) && weakPassword(v) && !proseWords[v] && !cliDocWord().MatchString(v) {
			return [][2]int{{s, e}}
		}
	}
	// "the password is X", "root password was changed to X", "the password for admin is X"
	// (round 11: whose password, named between): told in prose, an ordinary value with a digit
	// or a capital is a password too.
	if s, e := m[8], m[9]; s >= 0 && e > s {
		if v := strings.TrimRight(text[s:e], ".!?:)"); passwordish(v) || weakPassword(v) || dateDMY().MatchString(v) {
			return [][2]int{{s, s + len(v)}}
		}
	}
	return nil
}

// directiveLine reports whether the match is a configuration directive of its own line: the
// name starts the line (after blanks) and the value ends it (bindpw x, rootpw x, masterauth x).
// There the slot says password, and an ordinary value is one.
func directiveLine(text string, start, end int) bool {
	if start < len(text) && !isAlnum(text[start]) && text[start] != '_' {
		start++ // the match starts with the byte before the name
	}
	ls := strings.LastIndexByte(text[:start], '\n') + 1
	if strings.TrimSpace(text[ls:start]) != "" {
		return false
	}
	rest := text[end:]
	if k := strings.IndexByte(rest, '\n'); k >= 0 {
		rest = rest[:k]
	}
	return strings.TrimSpace(rest) == ""
}

// compoundName reports whether the password word at the match's start is part of a setting's
// name (bindpw, rootpw, db_password, admin-passwd, requirepass) rather than the bare word of
// prose ("password", "pw"): a setting's name makes its slot a password's even mid-line, as when a
// configuration line is quoted in a sentence.
func compoundName(text string, start int) bool {
	if start < len(text) && !isAlnum(text[start]) && text[start] != '_' {
		start++
	}
	end := start
	for end < len(text) && (isAlnum(text[end]) || text[end] == '_' || text[end] == '-') {
		end++
	}
	switch strings.ToLower(text[start:end]) {
	case "password", "passwd", "passphrase", "pwd", "pw", "pass":
		return false
	}
	return true
}

// userWordBefore reports whether a user word and its value stand just before pos on the line:
// "user bob password x" (fetchmail), "login alice password x".
func userWordBefore(text string, pos int) bool {
	lo := max(0, pos-128)
	if k := strings.LastIndexByte(text[lo:pos], '\n'); k >= 0 {
		lo += k + 1
	}
	return userWord().MatchString(text[lo:pos])
}

var userWord = lazyRE(`(?i)\b(?:user|username|login|account)[ \t]+["']?[^\s"']+["']?[ \t]*$`)

// elementPick redacts an element's text when its name says secret.
func elementPick(text string, m []int) [][2]int {
	name, val := text[m[2]:m[3]], strings.TrimSpace(text[m[4]:m[5]])
	if i := strings.LastIndexByte(name, ':'); i >= 0 {
		name = name[i+1:] // a namespace prefix
	}
	if !secretAssignment(name, "=", val) {
		return nil
	}
	return [][2]int{{m[4], m[5]}}
}

// namedValuePick redacts value="x" when key="…" names a secret.
func namedValuePick(text string, m []int) [][2]int {
	if m[4] >= m[5] || !secretAssignment(text[m[2]:m[3]], "=", text[m[4]:m[5]]) {
		return nil
	}
	return [][2]int{{m[4], m[5]}}
}

// pairPick redacts the second string of a ("NAME", "value") pair when NAME names a secret the
// way a setting is named (DB_PASSWORD, apiToken, smtp.password, not a bare word) and the value
// is not another name: a list of strings ("token", "secret", "password") is not a pair.
func pairPick(text string, m []int) [][2]int {
	name := text[m[2]:m[3]]
	if !strings.ContainsAny(name, "_.-ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
		return nil
	}
	for _, g := range []int{2, 3} {
		if s, e := m[2*g], m[2*g+1]; s >= 0 && e > s {
			v := text[s:e]
			if constName().MatchString(v) || !strongValue(v) || !secretAssignment(name, "=", v) {
				return nil
			}
			if jsonKeyAt(text, e) {
				return nil // "generic-api-key", "File": …: a string before a colon is an object's key
			}
			return [][2]int{{s, e}}
		}
	}
	return nil
}

// strongValue accepts a value standing where only a credential goes: not a placeholder, not
// prose, not a path or URL, at least four characters.
func strongValue(v string) bool {
	v = strings.TrimSpace(v)
	if len(v) < 4 || strings.ContainsAny(v, " \t") || isPlaceholder(v) || isPlainWord(v) {
		return false
	}
	return !looksLikePath(v)
}

// passwordish reports whether a bare value looks like a password or key rather than a word,
// number, path, address or file name: it mixes at least three character classes, or has a
// symbol among letters, or is long and random.
func passwordish(v string) bool {
	if len(v) < 6 || len(v) > 256 || isPlaceholder(v) || looksLikePath(v) || strings.ContainsAny(v, " \t{}") {
		return false
	}
	if v[0] == '-' || v[0] == '(' || fileName().MatchString(v) || gitRev().MatchString(v) || regexShape().MatchString(v) || hostPort().MatchString(v) || isVersion(v) {
		return false
	}
	var lowerN, upperN, digitN, symN int
	for _, r := range v {
		switch {
		case unicode.IsLower(r):
			lowerN++
		case unicode.IsUpper(r):
			upperN++
		case unicode.IsDigit(r):
			digitN++
		case strings.ContainsRune("!@#$%^&*+=?~<>|;:,'\"()[]\\", r):
			symN++
		}
	}
	classes := 0
	for _, n := range []int{lowerN, upperN, digitN, symN} {
		if n > 0 {
			classes++
		}
	}
	letters := lowerN + upperN
	switch {
	case strings.Contains(v, "@") && symN == 1 && emailLike().MatchString(v):
		return false
	case classes >= 3 && letters > 0:
		return true
	case symN > 0 && letters > 0 && (digitN > 0 || upperN > 0):
		return true
	}
	return len(v) >= 16 && letters > 0 && digitN > 0 && wordShare(v) < 0.5 && entropy(v) >= 3.5
}

// looksLikePath is a file path, a URL or a home-relative path.
func looksLikePath(v string) bool {
	return strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~") || strings.HasPrefix(v, "./") ||
		strings.HasPrefix(v, "../") || strings.Contains(v, "://") || strings.Contains(v, `:\`)
}

var (
	fileName  = lazyRE(`^[\w.-]+\.(?:[a-z]{1,4}\d?|json|yaml|toml|conf|lock)$`)
	hostPort  = lazyRE(`^[\w.-]*:\d+(?::\d+)?$|^\d+(?:[:,-]\d+)*[a-z]*$`)
	versionRE = lazyRE(`^v?\d+(?:\.\d+)+(?:[-+][\w.-]+)?$`)
	// A day, a month and a four-digit year (26.07.1982): people's passwords, never a version.
	dateDMY    = lazyRE(`^(?:0?[1-9]|[12]\d|3[01])\.(?:0?[1-9]|1[0-2])\.(?:19|20)\d\d$`)
	emailLike  = lazyRE(`^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$`)
	constName  = lazyRE(`^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$`)
	identifier = lazyRE(`^[A-Za-z_][A-Za-z0-9_.-]*$`)
	// git revisions (HEAD~3, main^2, @{1}) and regular expressions (grep -P '^\s+Error:').
	gitRev     = lazyRE(`^(?:HEAD|FETCH_HEAD|ORIG_HEAD|@)(?:[~^]\d*)+$|^[a-z][a-z0-9./-]*(?:~\d+|\^\d+)$`)
	regexShape = lazyRE(`\\[dwsbDWSB]|\.[*+]|\[\^`)
)

// decodesToPrivateKey reports whether s is base64 of a PEM private key.
func decodesToPrivateKey(s string) bool {
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		b, err = base64.RawStdEncoding.DecodeString(strings.TrimRight(s, "="))
	}
	if err != nil {
		// A run cut short: decode the longest prefix of whole quanta.
		n := len(s) / 4 * 4
		if b, err = base64.StdEncoding.DecodeString(s[:n]); err != nil {
			return false
		}
	}
	return strings.Contains(string(b), "PRIVATE KEY")
}

// namedValuePair redacts the value of a name/value pair whose name says secret.
func namedValuePair(text string, m []int) [][2]int {
	for _, g := range []int{2, 3, 4} {
		if s, e := m[2*g], m[2*g+1]; s >= 0 && e >= s {
			if g < 4 {
				// Round 14: a plan's or a diff's change, value: "old" => "new" (Pulumi,
				// Terraform's -> ): the new value is the one to judge, and the old one goes with it.
				if ns, ne, ok := changedValue(text, e); ok {
					if secretAssignment(text[m[2]:m[3]], "=", text[ns:ne]) {
						if e > s {
							return [][2]int{{s, e}, {ns, ne}}
						}
						return [][2]int{{ns, ne}}
					}
					return nil
				}
			} else {
				// Round 14: a YAML scalar runs to its line's end: a passphrase of words
				// (value: correct horse battery staple) is one value, not its first word.
				e = yamlScalarEnd(text, s, e)
			}
			if e == s {
				return nil
			}
			if secretAssignment(text[m[2]:m[3]], "=", text[s:e]) {
				return [][2]int{{s, e}}
			}
			// The fields between the first name and the value may hold the name that says
			// secret: {"label": "Login", "type": "password", "value": …}.
			for _, f := range pairNameField().FindAllStringSubmatch(text[m[3]:s], 3) {
				if secretAssignment(f[1], "=", text[s:e]) {
					return [][2]int{{s, e}}
				}
			}
			return nil
		}
	}
	return nil
}

// pairNameField is a field of a name/value pair that names the value: "type": "password".
var pairNameField = lazyRE(`(?i)["']?(?:name|key|parameterkey|parameter_name|variable|type|label|designation)["']?[ \t]*[:=][ \t]*["']?([A-Za-z_][A-Za-z0-9_.-]*)`)

// valueFirstPair redacts the value of a pair whose name follows it, when the name says secret.
func valueFirstPair(text string, m []int) [][2]int {
	// A label written as words ("Master Password") names what a setting's name would.
	name := strings.ReplaceAll(text[m[4]:m[5]], " ", "_")
	if m[2] < 0 || m[3] <= m[2] || !secretAssignment(name, "=", text[m[2]:m[3]]) {
		return nil
	}
	return [][2]int{{m[2], m[3]}}
}

// getterWords start the names of calls whose literal argument names a secret rather than
// being one: getPassword("smtp"), resetPassword("alice"), validate_password("").
var getterWords = map[string]bool{"get": true, "fetch": true, "load": true, "read": true, "lookup": true,
	"find": true, "has": true, "is": true, "check": true, "validate": true, "verify": true, "require": true,
	"reset": true, "delete": true, "remove": true, "revoke": true, "rotate": true, "generate": true,
	"gen": true, "random": true, "prompt": true, "ask": true, "input": true, "getpass": true, "print": true,
	"log": true, "hash": true, "env": true, "getenv": true, "unset": true, "clear": true, "mask": true}

// setterPick redacts the literal passed to a setter or constructor named for a secret.
func setterPick(text string, m []int) [][2]int {
	parts := nameParts(text[m[2]:m[3]])
	if len(parts) == 0 || getterWords[parts[0]] {
		return nil
	}
	if unlockVerb(parts) {
		// keyring.unlock("…"), wallet.unlockAccount("…"): the literal opens the store, so it is
		// its passphrase when it looks like one.
		for _, g := range []int{2, 3} {
			if s, e := m[2*g], m[2*g+1]; s >= 0 && e > s {
				if v := text[s:e]; passphraseLike(v) {
					return [][2]int{{s, e}}
				}
				return nil
			}
		}
		return nil
	}
	for _, g := range []int{2, 3} {
		if s, e := m[2*g], m[2*g+1]; s >= 0 && e > s {
			v := text[s:e]
			if secretLabel(v) {
				return nil // credentials('db-pass'): a lookup by the secret's name
			}
			if !(strongValue(v) || weakPassword(v)) || !secretAssignment(text[m[2]:m[3]], "=", v) {
				return nil
			}
			return [][2]int{{s, e}}
		}
	}
	return nil
}

// unlockVerb reports whether a call's name opens a store with a passphrase: unlock, unseal
// (keyring.unlock, unlockWallet, vault.unseal).
func unlockVerb(parts []string) bool {
	for _, p := range parts {
		if p == "unlock" || p == "unseal" {
			return true
		}
	}
	return false
}

// passphraseLike is an argument that can be a passphrase: password-looking or random, and no
// path, flag, placeholder or plain word.
func passphraseLike(v string) bool {
	if strings.HasPrefix(v, "-") || isPlaceholder(v) || looksLikePath(v) || strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~") || strings.HasPrefix(v, ".") {
		return false
	}
	return strongValue(v) || weakPassword(v) || passwordish(v)
}

// unlockArgPick redacts the argument of an unlock or unseal verb on a command line when it is
// passphrase-like.
func unlockArgPick(text string, m []int) [][2]int {
	for g := 1; g <= 3; g++ {
		if s, e := m[2*g], m[2*g+1]; s >= 0 && e > s {
			// Prose about locks ("unlock operations.", "unlock test.lock: %v") ends a word with
			// punctuation or holds a format verb; a passphrase typed on a command line holds a
			// digit or is long and random.
			v := text[s:e]
			if strings.ContainsAny(v[len(v)-1:], ".,:;!?") || strings.Contains(v, "%") || !strings.ContainsAny(v, "0123456789") && len(v) < 16 {
				return nil
			}
			if passphraseLike(v) {
				return [][2]int{{s, e}}
			}
			return nil
		}
	}
	return nil
}

// beforeParen accepts a keyword inside a name followed by an opening parenthesis and a quote.
func beforeParen(text string, _, end int) bool {
	i, ok := afterNameParen(text, end)
	for ok && i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	return ok && i < len(text) && (text[i] == '"' || text[i] == '\'')
}

// afterNameParen skips the rest of the name a keyword ends at end, then blanks, and reports the
// index after the "(" that must follow them.
func afterNameParen(text string, end int) (int, bool) {
	i := end
	for i < len(text) && (isAlnum(text[i]) || text[i] == '_') {
		i++
	}
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	if i >= len(text) || text[i] != '(' {
		return 0, false
	}
	return i + 1, true
}

// isVersion reports whether v reads as a version (1.2.3, v2.0.1-rc1). A date written day first
// (26.07.1982) has a version's digits and dots but is what people choose as a password, and no
// release numbering counts a year last after a day and a month: it is not one.
func isVersion(v string) bool { return versionRE().MatchString(v) && !dateDMY().MatchString(v) }

// authPairPick judges a basic-auth pair (user, password): the password when it is one; else,
// when the password is empty or a dummy, the user when it is a generated key (16+ characters
// with a digit, no address, no blank) — the key given as the basic user.
func authPairPick(text string, m []int) [][2]int {
	us, ue, ps, pe := m[2], m[3], m[4], m[5]
	if pe-ps > 3 || pe-ps > 0 && strings.Trim(text[ps:pe], "xX-_.") != "" {
		if strongValue(text[ps:pe]) {
			return [][2]int{{ps, pe}}
		}
		return nil
	}
	if u := text[us:ue]; len(u) >= 16 && hasDigit(u) && !strings.ContainsAny(u, "@ \t/") && !isPlaceholder(u) && readableShare(u) < 0.5 {
		return [][2]int{{us, ue}}
	}
	return nil
}

// changedValue reads, after a quoted value whose closing quote is at e, a change arrow (=> or
// ->) and the new quoted value: its content's bounds.
func changedValue(text string, e int) (int, int, bool) {
	if e >= len(text) || !isQuote(text[e]) {
		return 0, 0, false
	}
	loc := changeArrow().FindStringSubmatchIndex(text[e+1 : min(len(text), e+1+300)])
	if loc == nil {
		return 0, 0, false
	}
	return e + 1 + loc[2], e + 1 + loc[3], true
}

var changeArrow = lazyRE(`^[ \t]*[=-]>[ \t]*"([^"\n]*)"`)

// yamlScalarEnd extends an unquoted value that ends at e to its line's end when the rest of the
// line is words and blanks (a passphrase); a comment, a flow collection's comma or brace, or
// any other punctuation ends it where it was.
func yamlScalarEnd(text string, s, e int) int {
	if isPlaceholder(text[s:e]) {
		return e // the review of round 14: "value: none set" is a placeholder and a word
	}
	le := e
	for le < len(text) && le-e < 200 && text[le] != '\n' && text[le] != '\r' {
		c := text[le]
		if !(isAlnum(c) || c == ' ' || c == '\t' || c == '-') {
			return e
		}
		le++
	}
	if le < len(text) && le-e >= 200 {
		return e
	}
	for le > e && (text[le-1] == ' ' || text[le-1] == '\t') {
		le--
	}
	return le
}

// rejecting wraps a pick so that a match for which reject holds yields nothing.
func rejecting(pick func(string, []int) [][2]int, reject func(string, []int) bool) func(string, []int) [][2]int {
	return func(text string, m []int) [][2]int {
		if reject(text, m) {
			return nil
		}
		return pick(text, m)
	}
}

// groupAdd reports whether a user-creating command's match is the system's adduser or
// useradd run as root (sudo adduser alice docker2024, doas useradd …): Debian's adduser USER
// GROUP adds a user to a group, and neither takes a password positionally (review of round 15).
func groupAdd(text string, m []int) bool {
	f := strings.Fields(text[m[0]:m[2]])
	for i := 1; i < len(f); i++ {
		if w := strings.TrimLeft(f[i-1], "`'\"($#>%"); (f[i] == "adduser" || f[i] == "useradd") && (w == "sudo" || w == "doas") {
			return true
		}
	}
	return false
}

// sentenceAfterPrompt reports whether the answer after a prompt naming whose password it asks
// for is a capitalised word that a sentence goes on after ("Password for 'https://…':
// Authentication failed"): a tool's message on the prompt's line, not an echoed answer.
func sentenceAfterPrompt(text string, m []int) bool {
	v := text[m[2]:m[3]]
	rest := strings.TrimSpace(text[m[3]:lineEnd(text, m[3])])
	return capitalWord().MatchString(v) && rest != "" && isLetter(rest[0])
}

// hashSetting is an argument of a hashing call that is no plaintext: a digest's or an
// encoding's name (hashPassword('sha256'), .digest('hex')) or a crypt(3) setting ($1$salt$,
// $2y$10$…) given where a salt goes.
func hashSetting(v string) bool {
	low := strings.ToLower(v)
	switch low {
	case "hex", "base64", "utf8", "utf-8", "latin1", "binary", "bcrypt", "argon2", "argon2id", "scrypt", "pbkdf2":
		return true
	}
	return digestName(low) || cryptSetting().MatchString(v)
}

var cryptSetting = lazyRE(`^\$[0-9a-z]{1,6}\$`)
