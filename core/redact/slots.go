package redact

import (
	"strings"
)

// slotRules find passwords by the slot they stand in, in the syntaxes the other rules do not
// model: a user:password pair after an auth word or an e-mail address, Oracle's user/password@db,
// PowerShell's plain-text secure strings, Windows switches, commands that set a named variable,
// a block that names its value (Terraform's variable "x" { default = … }), a client constructed
// with a literal key, and a connection opened with a URL, a user and a password.
func slotRules() []*rule {
	return []*rule{
		// user:password after a word that says the pair is a credential: HAProxy "stats auth
		// admin:x", "basic_auth alice:x", "userpass bob:x", "credentials ci:x".
		onLine(withPick(mk("user-password", `(?i)\b(?:auth|basic[_-]?auth|userpass|credentials?|login)[ \t]+["']?[A-Za-z0-9_.@\\-]+:([^\s'"\x60:]+)(?:$|[\s'"\x60,;)\]])`, "auth", "userpass", "credential", "login"), firstGroup(pairPassword, 1)), pairAhead),
		// An e-mail address and a password joined by a colon (postfix sasl_passwd, combo lists,
		// SMTP settings): alerts@example.com:x. A port or a path after the colon is not one.
		onLine(near(withPick(mk("user-password", `(?:^|[\s'"\[(,=])[A-Za-z0-9_.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+:([^\s'"\x60/:@]+)(?:$|[\s'"\x60,;)\]])`, "@"), firstGroup(passwordish, 1)), 128, 256), emailAhead),
		// Oracle connect strings: jdbc:oracle:thin:user/password@host, sqlplus/rman/expdp
		// user/password@db, userid=user/password.
		onLine(withPick(mk("url-password", `(?i)(?:\bthin:|\buserid=|\b(?:sqlplus|rman|expdp|impdp|sqlldr|dgmgrl)(?:\.exe)?[ \t]+(?:-[A-Za-z]+[ \t]+)*)[A-Za-z][\w$#.]*/("[^"\n]+"|[^\s/@'"]+)@`, "thin:", "userid=", "sqlplus", "rman", "expdp", "impdp", "sqlldr", "dgmgrl"), firstGroup(func(v string) bool { return slotValue(strings.Trim(v, `"`)) }, 1)), nil),
		// PowerShell: the string made a SecureString from plain text is a secret, in either
		// argument order (ConvertTo-SecureString "x" -AsPlainText, -AsPlainText -String 'x').
		onLine(withPick(mk("secure-string", `(?i)(?:convertto-securestring[ \t]+(?:-string[ \t]+)?|-asplaintext(?:[ \t]+-force)?[ \t]+(?:-string[ \t]+)?)(?:"([^"\n]+)"|'([^'\n]+)')`, "convertto-securestring", "-asplaintext"), firstGroup(slotValue, 1, 2)), nil),
		// Windows: net use [device] \\server\share PASSWORD /user:NAME — the argument after the
		// share ("*" asks for it).
		onLine(withPick(mk("cli-password", `(?i)\bnet(?:\.exe)?[ \t]+use[ \t]+(?:[A-Z]:[ \t]+|\*[ \t]+)?(?:\\\\){1,2}[^\s"']+[ \t]+("[^"\n]+"|[^\s/"'][^\s"']*)`, "net use"), firstGroup(func(v string) bool { return v != "*" && slotValue(strings.Trim(v, `"`)) }, 1)), nil),
		// Commands that set a named variable: setx NAME value, fish's set -x NAME value,
		// launchctl setenv NAME value, Set-Item env:NAME value. The name says whether it is a secret.
		onLine(withPick(mk("secret-assignment", `(?i)(?:\bsetx(?:\.exe)?(?:[ \t]+/m)?[ \t]+|\bset[ \t]+-[a-z]*x[a-z]*[ \t]+|\blaunchctl[ \t]+setenv[ \t]+|\bset-item[ \t]+(?:-path[ \t]+)?env:|\bsetenv[ \t]+)["']?([A-Za-z_][A-Za-z0-9_]*)["']?[ \t]+(?:-value[ \t]+)?(?:"([^"\n]*)"|'([^'\n]*)'|([^\s"']+))`, "setx", "set -", "setenv", "set-item"), namedSlot), nil),
		// Commands that set a named setting: git config [--global] NAME VALUE, npm/yarn/pnpm
		// Round 8: any tool's "set" subcommand given a dotted or colon-separated setting and a
		// value (racadm set iDRAC.Users.2.Password X, dotnet user-secrets set Db:Password X,
		// pulumi config set --secret db.password X), when it starts a command: the setting's
		// name decides, as for NAME=value; prose ("set db.password to …") stays.
		lineStart(onLine(withPick(mk("secret-assignment", `(?i)\b[a-z][\w.-]*(?:[ \t]+[a-z][\w.-]*){0,2}[ \t]+set[ \t]+(?:--?[a-z-]+[ \t]+)*["']?([A-Za-z_][\w]*(?:[.:][\w]+)+)["']?[ \t]+(?:"([^"\n]*)"|'([^'\n]*)'|([^\s"'\x60]+))`, "set"), func(text string, m []int) [][2]int {
			if !commandStart(text, m[0]) || m[8] >= 0 && proseWords[strings.ToLower(text[m[8]:m[9]])] {
				return nil
			}
			for _, w := range strings.Fields(strings.ToLower(text[m[0]:m[2]])) {
				if w != "set" && (proseWords[w] || pronouns[w]) {
					return nil // "you can set …", "then we set …": a sentence, not a command
				}
			}
			return namedSlot(text, m)
		}), nil)),
		// config set NAME VALUE, aws configure set NAME VALUE, heroku config:set NAME VALUE.
		onLine(near(withPick(mk("secret-assignment", `(?i)(?:\bgit[ \t]+config|\bconfig(?:ure)?[ \t]+set|\bconfig:set)(?:[ \t]+--?[a-z-]+)*[ \t]+["']?([A-Za-z_/][\w./:@-]*)["']?[ \t]+(?:"([^"\n]*)"|'([^'\n]*)'|([^\s"']+))`, "config"), namedSlot), 16, 512), nil),
		// A command that stores a secret: its value flag (gh secret set X --body v, az keyvault
		// secret set --value v, aws secretsmanager create-secret --secret-string v).
		onLine(withPick(mk("secret-value", `(?i)(?:\bsecrets?[ \t]+(?:set|create|put|add|update)\b|\b(?:create|put|update)-secret(?:-value)?\b)[^\n|;&]*?[ \t](?:--value|--body|-b|--data|--secret-string|--secret-value)(?:=|[ \t]+)(?:"([^"\n]+)"|'([^'\n]+)'|([^\s"']*[^\s"'.,;:)\]\x60]))`, "secret"), firstGroup(func(v string) bool {
			return slotValue(v) && !fileRef(v) && v != "-" && !strings.HasPrefix(v, "file://") && !looksLikePath(v)
		}, 1, 2, 3)), nil),
		// Round 14: the same commands given the name and the value as arguments (sst secret set
		// NAME VALUE, doppler secrets set NAME VALUE, a deploy tool's secret add NAME VALUE): the
		// second argument is the secret when it looks like one — a file, a path or "-" (docker
		// secret create NAME ./file) names where the secret is read from.
		// The review of round 14: prose says "the secret set by deploy42" and "Kubernetes secret
		// update for app2": the name must be an environment variable's (upper snake) or quoted,
		// or the line a command ($ or a tool's name before the word).
		onLine(withPick(mk("secret-value", `(?i)\bsecrets?[ \t]+(?:set|create|put|add|update)(?:[ \t]+--?[a-z][a-z-]*(?:=[^\s]+)?)*[ \t]+(["']?[A-Za-z_][A-Za-z0-9_.-]*["']?)[ \t]+(?:"([^"\n]+)"|'([^'\n]+)'|([^\s"'<>|-][^\s"'<>|]*))`, "secret"), positionalSecretPick), nil),
		// A block that names its value: Terraform/HCL variable "db_password" { default = "x" }.
		near(withPick(mk("secret-assignment", `(?s)\bvariable[ \t]+"([A-Za-z0-9_-]+)"[ \t]*\{[^{}]{0,400}?\bdefault[ \t]*=[ \t]*"([^"\n]*)"`, "variable"), namedSlot), 0, 512),
		// A client constructed with a literal key: cohere.ClientV2('…'), OpenAI(api_key="…"),
		// new Stripe('…'). The literal must look random: a client's name or URL stays.
		onLine(withPick(mk("client-key", `\b([A-Za-z_][A-Za-z0-9_]*)[ \t]*\([ \t]*(?:[A-Za-z_]+[ \t]*=[ \t]*)?(?:"([^"\n]{16,200})"|'([^'\n]{16,200})')[ \t]*[,)]`, "client"), clientPick), beforeParenArg),
		// Round 14: a client given an application id and then its key, both literals
		// (SearchClient("<app id>", "<admin key>"), a Client(id, secret)): every random literal
		// among its first four arguments is one — the id beside a key is redacted with it, as the
		// first argument already is.
		onLine(withPick(mk("client-key", `\b([A-Za-z_][A-Za-z0-9_]*[Cc]lient)[ \t]*\(([^()\n]{0,400})\)`, "client("), clientArgsPick), nil),
		// A connection opened with a URL, a user and a password: DriverManager.getConnection(
		// "jdbc:…", "root", "x"), psycopg2.connect(dsn, "u", "x").
		onLine(near(withPick(mk("call-password", `\b([A-Za-z_][A-Za-z0-9_]*)[ \t]*\(([^()\n]{0,400})\)`, "connection(", "connect(", "pdo(", "jdbc:", "dbi:", "postgres://", "postgresql://", "mysql://", "mariadb://", "mongodb://", "mongodb+srv://", "redis://", "rediss://", "amqp://", "amqps://", "ldap://", "ldaps://", "sqlserver://", "clickhouse://"), connectPick), 64, 400), nil),
	}
}

// pronouns start sentences, not commands.
var pronouns = map[string]bool{"i": true, "you": true, "we": true, "they": true, "it": true, "then": true, "also": true, "just": true, "please": true}

// pairAhead accepts an auth word followed by a blank and a word holding a colon: what the
// user:password rule matches.
func pairAhead(text string, _, end int) bool {
	i := end
	for i < len(text) && (isAlnum(text[i]) || text[i] == '_' || text[i] == '-') {
		i++
	}
	j := i
	for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
		j++
	}
	if j == i {
		return false
	}
	for k := j; k < len(text) && k-j < 96; k++ {
		switch text[k] {
		case ':':
			return k > j
		case ' ', '\t', '\n':
			return false
		}
	}
	return false
}

// beforeParenArg accepts a keyword inside a name followed by "(", optionally a keyword
// argument's name and "=", then a quote.
func beforeParenArg(text string, _, end int) bool {
	i, ok := afterNameParen(text, end)
	if !ok {
		return false
	}
	for ; i < len(text) && i-end < 64; i++ {
		switch text[i] {
		case '"', '\'':
			return true
		case ')', '\n', ',':
			return false
		}
	}
	return false
}

// pairPassword accepts the password half of a user:password pair: not a port or a number, not
// a placeholder, not a path or a file, and with something besides lower-case letters.
func pairPassword(v string) bool {
	v = strings.TrimRight(v, ".,;)]")
	if cliDocWord().MatchString(v) {
		return false // user:PASS, admin:password: how documentation writes the slot
	}
	return passwordish(v) || weakPassword(v) && !hostPort().MatchString(v)
}

// slotValue accepts any value in a slot that only a secret fills, unless it is a placeholder or
// the way documentation names the slot.
func slotValue(v string) bool {
	v = strings.TrimSpace(v)
	return len(v) >= 3 && !isPlaceholder(v) && !cliDocWord().MatchString(v)
}

// emailAhead accepts an "@" inside an e-mail address followed, after the domain, by a colon
// and something that is not a port.
func emailAhead(text string, start, _ int) bool {
	if start == 0 || !(isAlnum(text[start-1]) || strings.IndexByte("_.+-", text[start-1]) >= 0) {
		return false
	}
	i := start + 1
	for i < len(text) && (isAlnum(text[i]) || text[i] == '.' || text[i] == '-') {
		i++
	}
	return i+1 < len(text) && text[i] == ':' && !(text[i+1] >= '0' && text[i+1] <= '9' && portAt(text, i+1))
}

// portAt reports whether a run of digits at i ends the token (a port), not a password that
// starts with digits.
func portAt(text string, i int) bool {
	for i < len(text) && text[i] >= '0' && text[i] <= '9' {
		i++
	}
	return i == len(text) || !isTokenByte(text[i]) && strings.IndexByte("!@#$%^&*", text[i]) < 0
}

// namedSlot redacts the value (groups 2 to 4) when the name (group 1) says secret.
func namedSlot(text string, m []int) [][2]int {
	name := text[m[2]:m[3]]
	for g := 2; 2*g+1 < len(m); g++ {
		if s, e := m[2*g], m[2*g+1]; s >= 0 && e > s {
			v := text[s:e]
			if !secretAssignment(name, "=", v) && !(passwordName(name) && slotValue(v)) {
				return nil
			}
			return [][2]int{{s, e}}
		}
	}
	return nil
}

// passwordName is a name whose last part is a password's: any value there is one.
func passwordName(name string) bool {
	parts := nameParts(name)
	if len(parts) == 0 {
		return false
	}
	switch last := parts[len(parts)-1]; last {
	case "password", "passwd", "pwd", "pass", "passphrase", "pw", "passcode":
		return true
	default:
		return strings.HasSuffix(last, "password") || strings.HasSuffix(last, "pw") || gluedPass(last)
	}
}

// clientPick redacts a random literal given to a constructor or function whose name says
// client, SDK or API (cohere.ClientV2, OpenAI, AsyncAnthropic are caught by their keys' shapes;
// this is for keys without a prefix).
func clientPick(text string, m []int) [][2]int {
	name := strings.ToLower(text[m[2]:m[3]])
	if !strings.Contains(name, "client") {
		return nil
	}
	for _, g := range []int{2, 3} {
		if s, e := m[2*g], m[2*g+1]; s >= 0 && e > s {
			if v := text[s:e]; randomValue16(v) && !strings.Contains(v, "://") {
				return [][2]int{{s, e}}
			}
			return nil
		}
	}
	return nil
}

// connectPick redacts the password of a connect call given a URL or DSN, then a user, then a
// password, as literals: the third argument when the first holds "://" or "jdbc:".
func connectPick(text string, m []int) [][2]int {
	parts := nameParts(text[m[2]:m[3]])
	if len(parts) == 0 {
		return nil
	}
	args := splitArgs(text, m[4], m[5])
	if len(args) < 3 {
		return nil
	}
	first := text[args[0][0]:args[0][1]]
	if !strings.Contains(first, "://") && !strings.Contains(first, "jdbc:") && !dsnLiteral().MatchString(first) {
		return nil
	}
	// Round 9: a call given a database's address first (Groovy's Sql.newInstance("jdbc:…", u,
	// p), a pool's create("postgres://…", u, p)) opens a connection whatever its name; a web
	// URL first (fetch, request) needs a connect call's name.
	if last := parts[len(parts)-1]; last != "connection" && last != "connect" && last != "pdo" && !databaseAddress(first) {
		return nil
	}
	p := args[2]
	lit := text[p[0]:p[1]]
	if len(lit) < 2 || (lit[0] != '"' && lit[0] != '\'') || lit[len(lit)-1] != lit[0] {
		return nil
	}
	if v := lit[1 : len(lit)-1]; !slotValue(v) || strings.ContainsAny(v, " \t") {
		return nil
	}
	return [][2]int{{p[0] + 1, p[1] - 1}}
}

// dsnLiteral is a data source name given as a literal: Perl DBI's "dbi:Pg:dbname=…", PHP PDO's
// "mysql:host=…;dbname=…", an ODBC "Driver=…;Server=…" string.
var dsnLiteral = lazyRE(`^["'](?:[A-Za-z][A-Za-z0-9]*:[A-Za-z][A-Za-z0-9]*[:=]|[A-Za-z ]+=[^;"']*;[A-Za-z ]+=)`)

// databaseAddress is a literal naming a database or a broker: a JDBC URL, a DSN, or a URL whose
// scheme is a database's or a directory's.
func databaseAddress(lit string) bool {
	v := strings.ToLower(strings.Trim(lit, `"'`))
	if strings.HasPrefix(v, "jdbc:") || strings.HasPrefix(v, "dbi:") || dsnLiteral().MatchString(lit) {
		return true
	}
	scheme, _, ok := strings.Cut(v, "://")
	if !ok {
		return false
	}
	switch scheme {
	case "postgres", "postgresql", "mysql", "mariadb", "mongodb", "mongodb+srv", "redis", "rediss",
		"amqp", "amqps", "ldap", "ldaps", "sqlserver", "clickhouse":
		return true
	}
	return false
}

// clientArgsPick redacts the random string literals among a client constructor's first four
// arguments, when the first of them is random too (an id and its key), so that a client given
// a region, a host or a name first is left to the rules that read those.
func clientArgsPick(text string, m []int) [][2]int {
	args := splitArgs(text, m[4], m[5])
	if len(args) < 2 {
		return nil
	}
	var out [][2]int
	for i, a := range args[:min(len(args), 4)] {
		lit := text[a[0]:a[1]]
		if len(lit) < 2 || (lit[0] != '"' && lit[0] != '\'') || lit[len(lit)-1] != lit[0] {
			if i == 0 {
				return nil
			}
			continue
		}
		if v := lit[1 : len(lit)-1]; randomValue16(v) && !strings.Contains(v, "://") {
			out = append(out, [2]int{a[0] + 1, a[1] - 1})
		} else if i == 0 {
			return nil
		}
	}
	return out
}

// positionalSecretPick takes a secret store's positional value (secret set NAME VALUE) when the
// name is an environment variable's or quoted, or the line reads as a command, and the value
// looks like a secret (a file, a path or "-" names where it is read from).
func positionalSecretPick(text string, m []int) [][2]int {
	name := text[m[2]:m[3]]
	quoted := len(name) >= 2 && isQuote(name[0]) && name[len(name)-1] == name[0]
	if !quoted && !envVarName().MatchString(name) && !commandLine(text, m[0]) {
		return nil
	}
	for g := 2; g <= 4; g++ {
		if m[2*g] < 0 {
			continue
		}
		v := strings.TrimRight(text[m[2*g]:m[2*g+1]], ".,;)")
		if slotValue(v) && !fileRef(v) && !looksLikePath(v) && !fileName().MatchString(v) && (passwordish(v) || randomValue16(v) || weakPassword(v) && hasDigit(v) && !isVersion(v)) {
			return [][2]int{{m[2*g], m[2*g] + len(v)}}
		}
		return nil
	}
	return nil
}

var envVarName = lazyRE(`^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$`)

// commandWords start a sentence, not a command line.
var commandWords = map[string]bool{"the": true, "a": true, "an": true, "this": true, "that": true,
	"my": true, "our": true, "your": true, "their": true, "its": true, "any": true, "each": true,
	"no": true, "every": true, "which": true, "when": true, "if": true}

// commandLine reports whether the line up to at reads as a command: a prompt ($, %, >) or at
// most three lower-case words of a tool's name and its subcommands (doppler, fly-ish, sst),
// none of them a sentence's article or pronoun.
func commandLine(text string, at int) bool {
	lo := max(0, at-128) // bounded: a command's head is short, and a long line's matches stay linear
	ls := lo + strings.LastIndexByte(text[lo:at], '\n') + 1
	head := strings.TrimSpace(text[ls:at])
	if strings.HasPrefix(head, "$") || strings.HasPrefix(head, "%") || strings.HasPrefix(head, ">") {
		return true
	}
	if winPrompt().MatchString(head) {
		return true // round 15: PowerShell's and cmd's prompts (PS> , PS C:\src> , C:\Users\bob>)
	}
	fields := strings.Fields(head)
	if len(fields) == 0 || len(fields) > 3 {
		return false
	}
	for _, f := range fields {
		if commandWords[f] || pronouns[f] || !cmdToolWord().MatchString(f) {
			return false
		}
	}
	return true
}

var winPrompt = lazyRE(`^(?:PS(?: [^>\n]{0,80})?>|[A-Za-z]:\\[^>\n]{0,80}>)`)

var cmdToolWord = lazyRE(`^(?:[a-z][a-z0-9._/-]*|-{1,2}[a-z][a-z0-9-]*(?:=\S+)?)$`)
