package redact

import (
	"regexp"
	"strings"
	"sync"
)

// The command-line model: for tools that take a password on the command line, the slots where
// it stands — a flag's value (redis-cli -a X), a flag's value after a user name (lftp -u
// user,X), a short flag with the value attached (7z -pX), or a positional argument (htpasswd -b
// file user X, rabbitmqctl add_user user X, net user NAME X). A value in such a slot is a
// password whatever it looks like ("hunter2" is a password to redis-cli), unless it is a
// placeholder ($VAR, <pw>, * for "prompt me").

// cliTool is one tool's password slots.
type cliTool struct {
	pass      []string          // flags whose value (next argument or =value) is a password
	attached  []string          // short flags carrying the password attached: -pX
	userPass  map[string]string // flags whose value is user<sep>password, by separator
	valued    []string          // other flags taking a value, so that it is not positional
	needs     string            // a positional argument that must be present (az login)
	community string            // SNMP's community flag: a password unless a factory default
	// positional returns the index among the positional arguments of the password, or -1;
	// flags holds every flag given (short flags split: -bc is -b and -c).
	positional func(pos []cliArg, flags map[string]bool) int
}

// cliArg is one shell word: its text and the byte range of its value in the input (inside the
// quotes when quoted).
type cliArg struct {
	v          string
	start, end int
	bare       bool // not quoted: punctuation closing a sentence may follow the word
}

// cliTools is built on first use, like the rules: a hook that never redacts pays nothing.
var cliTools = sync.OnceValue(func() map[string]*cliTool {
	ldap := &cliTool{pass: []string{"-w"}, valued: []string{"-D", "-b", "-H", "-h", "-p", "-f", "-y", "-s"}}
	mongo := &cliTool{pass: []string{"-p", "--password"}, valued: []string{"-u", "--username", "-h", "--host", "--port", "-d", "--db", "--authenticationDatabase"}}
	redis := &cliTool{pass: []string{"-a", "--pass", "--password"}, valued: []string{"-h", "-p", "-n", "-u", "--user"}}
	zip := &cliTool{pass: []string{"-P", "--password"}}
	sevenZip := &cliTool{attached: []string{"-p"}}
	keytool := &cliTool{pass: []string{"-storepass", "-keypass", "-srcstorepass", "-deststorepass", "-srckeypass", "-destkeypass"}}
	mosquitto := &cliTool{pass: []string{"-P", "--pw"}, valued: []string{"-u", "-h", "-p", "-t", "-m", "-i"}}
	sqlcmd := &cliTool{pass: []string{"-P"}, valued: []string{"-S", "-U", "-d", "-Q", "-q", "-i", "-o"}}
	mysql := &cliTool{attached: []string{"-p"}, pass: []string{"--password"}, valued: []string{"-u", "-h", "-P", "-S", "--user", "--host", "--port", "--socket"},
		positional: func(pos []cliArg, _ map[string]bool) int {
			// mysqladmin … password NEW: the argument after the "password" command.
			for i := 0; i+1 < len(pos); i++ {
				if strings.EqualFold(pos[i].v, "password") {
					return i + 1
				}
			}
			return -1
		}}
	httpie := &cliTool{userPass: map[string]string{"-a": ":", "--auth": ":"}, valued: []string{"-A", "--auth-type", "-o", "--output", "--verify", "--cert", "--cert-key"}}
	putty := &cliTool{pass: []string{"-pw"}, valued: []string{"-P", "-l", "-i"}}
	// Net-SNMP v3: -A is the authentication passphrase, -X the privacy passphrase.
	// -c is SNMPv1/v2c's community, its password (round 11); the factory defaults public and
	// private are documented, not secret.
	snmp := &cliTool{pass: []string{"-A", "-X"}, community: "-c", valued: []string{"-v", "-u", "-l", "-a", "-x", "-e", "-E", "-n", "-r", "-t", "-O", "-m", "-M"}}
	t := map[string]*cliTool{
		// htpasswd -b[cnBmsdp] [file] user password: the password is the last argument.
		"htpasswd": {valued: []string{"-C", "-r"}, positional: func(pos []cliArg, flags map[string]bool) int {
			if !flags["-b"] {
				return -1
			}
			if flags["-n"] {
				return 1
			}
			return 2
		}},
		// Round 14: Matter's chip-tool commissions a device onto Wi-Fi with the network's
		// password as a positional argument: pairing ble-wifi|code-wifi|soft-ap NODE SSID PASSWORD ….
		"chip-tool": {positional: func(pos []cliArg, _ map[string]bool) int {
			if len(pos) >= 5 && pos[0].v == "pairing" && (pos[1].v == "ble-wifi" || pos[1].v == "code-wifi" || pos[1].v == "soft-ap") {
				return 4
			}
			return -1
		}},
		// rabbitmqctl add_user / change_password / authenticate_user USER PASSWORD.
		"rabbitmqctl": {valued: []string{"-n", "-p", "-t", "-q", "--node", "--vhost", "--timeout"}, positional: func(pos []cliArg, _ map[string]bool) int {
			if len(pos) > 0 {
				switch pos[0].v {
				case "add_user", "change_password", "authenticate_user":
					return 2
				}
			}
			return -1
		}},
		// net user NAME PASSWORD [/add] (Windows); "*" asks for it.
		"net user": {positional: func(pos []cliArg, _ map[string]bool) int {
			if len(pos) < 2 || strings.HasPrefix(pos[1].v, "/") {
				return -1 // net user NAME /domain: a switch, no password
			}
			return 1
		}},
		// sqlplus user/password@db.
		"sqlplus":    {valued: []string{"-L", "-M"}},
		"lftp":       {userPass: map[string]string{"-u": ","}, valued: []string{"-p", "-e", "-f"}},
		"ldappasswd": {pass: []string{"-w", "-s", "-a"}, valued: ldap.valued},
		"ldapsearch": ldap, "ldapmodify": ldap, "ldapadd": ldap, "ldapdelete": ldap, "ldapwhoami": ldap,
		"ldapcompare": ldap, "ldapmodrdn": ldap, "ldapexop": ldap, "ldapurl": ldap,
		"mongo": mongo, "mongosh": mongo, "mongodump": mongo, "mongorestore": mongo, "mongoexport": mongo,
		"mongoimport": mongo, "mongostat": mongo, "mongotop": mongo, "mongofiles": mongo,
		"redis-cli": redis, "keydb-cli": redis, "valkey-cli": redis,
		"zip": zip, "zipcloak": zip, "unzip": &cliTool{pass: []string{"-P"}},
		"7z": sevenZip, "7za": sevenZip, "7zz": sevenZip, "7zr": sevenZip, "rar": sevenZip, "unrar": sevenZip,
		"keytool": keytool, "jarsigner": keytool,
		"mosquitto_pub": mosquitto, "mosquitto_sub": mosquitto, "mosquitto_rr": mosquitto,
		"sqlcmd": sqlcmd, "bcp": sqlcmd, "osql": sqlcmd,
		"mysqladmin": mysql, "mysql": mysql, "mysqldump": mysql, "mysqlimport": mysql, "mysqlshow": mysql,
		"mysqlcheck": mysql, "mariadb": mysql, "mariadb-dump": mysql, "mariadb-admin": mysql,
		"ssh-keygen": {pass: []string{"-N", "-P"}, valued: []string{"-t", "-b", "-f", "-C", "-a"}},
		// openssl passwd [-1|-5|-6|-apr1] [-salt s] PASSWORD hashes its argument.
		"openssl": {pass: []string{"-k", "-pass", "-passin", "-passout"}, valued: []string{"-in", "-out", "-inkey", "-salt"},
			positional: func(pos []cliArg, _ map[string]bool) int {
				if len(pos) >= 2 && pos[0].v == "passwd" {
					return len(pos) - 1
				}
				return -1
			}},
		// mkpasswd [-m method] [-S salt] PASSWORD (whois's mkpasswd).
		"mkpasswd": {valued: []string{"-m", "-S", "-R", "--method", "--salt", "--rounds"}, positional: func(pos []cliArg, _ map[string]bool) int { return 0 }},
		// HTTP clients and load generators given user:password (xh/httpie -a, ab -A, hey -a).
		"xh": httpie, "xhs": httpie, "http": httpie, "https": httpie,
		"ab":  {userPass: map[string]string{"-A": ":", "-P": ":"}, valued: []string{"-n", "-c", "-t", "-s", "-T", "-p", "-u", "-H", "-C", "-X", "-B"}},
		"hey": {userPass: map[string]string{"-a": ":"}, valued: []string{"-n", "-c", "-q", "-z", "-o", "-m", "-T", "-d", "-D", "-H", "-x"}},
		// ykpersonalize -a<hex>: the AES key of a YubiKey OTP slot, attached to its flag.
		"ykpersonalize": {attached: []string{"-a"}, valued: []string{"-o", "-c", "-u", "-s", "-i"}},
		"az":            {pass: []string{"-p", "--password"}, valued: []string{"-u", "--username", "--tenant", "-t"}, needs: "login"},
		"oc":            {pass: []string{"-p", "--password"}, valued: []string{"-u", "--username"}, needs: "login"},
		"influx":        {pass: []string{"-password", "--password"}, valued: []string{"-username", "-host", "-port"}},
		"sshpass":       {pass: []string{"-p"}},
		"ipmitool":      {pass: []string{"-P"}, valued: []string{"-H", "-U", "-I", "-p", "-L"}},
		"ncftp":         {pass: []string{"-p"}, valued: []string{"-u", "-P"}},
		"ncftpget":      {pass: []string{"-p"}, valued: []string{"-u", "-P"}},
		"ncftpput":      {pass: []string{"-p"}, valued: []string{"-u", "-P"}},
		"rdesktop":      {pass: []string{"-p"}, valued: []string{"-u", "-d", "-g"}},
		"xfreerdp":      {attached: []string{"/p:"}},
		"plink":         putty, "pscp": putty, "psftp": putty,
		"snmpwalk": snmp, "snmpget": snmp, "snmpset": snmp, "snmpbulkwalk": snmp, "snmpbulkget": snmp,
		"snmpgetnext": snmp, "snmptrap": snmp, "snmpinform": snmp, "snmptable": snmp, "snmpdelta": snmp,
		// Round 15: RADIUS's test client takes the server, the packet's type (auth, acct,
		// status, coa or disconnect), then the shared secret as its last argument.
		"radclient": {valued: []string{"-c", "-d", "-D", "-f", "-i", "-n", "-r", "-S", "-t", "-P", "-p"}, positional: func(pos []cliArg, _ map[string]bool) int {
			for i := 0; i+1 < len(pos); i++ {
				switch pos[i].v {
				case "auth", "acct", "status", "coa", "disconnect":
					return i + 1
				}
			}
			return -1
		}},
		// radtest USER PASSWORD SERVER PORT SECRET: the user's password.
		"radtest": {valued: []string{"-t", "-P", "-x"}, positional: func(pos []cliArg, _ map[string]bool) int { return 1 }},
		// Supermicro's SMCIPMITool takes the BMC's address, the user and the password first, then
		// the command.
		"smcipmitool": {positional: func(pos []cliArg, _ map[string]bool) int { return 2 }},
		// wpa_passphrase SSID PASSPHRASE.
		"wpa_passphrase": {positional: func([]cliArg, map[string]bool) int { return 1 }},
		// b2 authorize-account KEY_ID APPLICATION_KEY: the key is the second argument.
		"b2": {needs: "authorize-account", positional: func(pos []cliArg, _ map[string]bool) int {
			for i := range pos {
				if pos[i].v == "authorize-account" {
					return i + 2
				}
			}
			return -1
		}},
	}
	return t
})

// cliToolPattern is the tools' names as a regular expression alternation, longest first.
func cliToolPattern() string {
	var names []string
	for n := range cliTools() {
		names = append(names, n)
	}
	// Longest first, so that mongodump is not read as mongo.
	for i := range names {
		for j := i + 1; j < len(names); j++ {
			if len(names[j]) > len(names[i]) || len(names[j]) == len(names[i]) && names[j] < names[i] {
				names[i], names[j] = names[j], names[i]
			}
		}
	}
	for i, n := range names {
		names[i] = strings.ReplaceAll(regexp.QuoteMeta(n), " ", `[ \t]+`)
	}
	return strings.Join(names, "|")
}

func cmdlineRule() *rule {
	var kws []string
	for n := range cliTools() {
		kws = append(kws, n)
	}
	re := `(?i)(?:^|[^A-Za-z0-9_.-])(` + cliToolPattern() + `)(?:\.exe)?[ \t]+([^\n|;&]*)`
	r := onLine(withPick(mk("cli-password", re, kws...), cliPick), toolWord)
	r.lineStart = true
	return r
}

// toolWord accepts a keyword hit that is a whole word followed by a blank (or .exe): the tool's
// name, not part of another word.
func toolWord(text string, start, end int) bool {
	if start > 0 {
		if b := text[start-1]; isAlnum(b) || b == '_' || b == '.' || b == '-' {
			return false
		}
	}
	if end+4 <= len(text) && strings.EqualFold(text[end:end+4], ".exe") {
		end += 4
	}
	return end < len(text) && (text[end] == ' ' || text[end] == '\t')
}

// cliPick parses the arguments after the tool's name and redacts the values in its password
// slots.
func cliPick(text string, m []int) [][2]int {
	name := strings.ToLower(strings.Join(strings.Fields(text[m[2]:m[3]]), " "))
	tl := cliTools()[name]
	if tl == nil {
		return nil
	}
	args := shellWords(text, m[4], m[5])
	var out [][2]int
	redact := func(a cliArg) {
		if v, s, ok := cliSecret(a); ok {
			out = append(out, [2]int{s, s + len(v)})
		}
	}
	flags := map[string]bool{}
	var pos []cliArg
	for i := 0; i < len(args); i++ {
		a := args[i]
		if len(a.v) < 2 || a.v[0] != '-' && !strings.HasPrefix(a.v, "/p:") {
			pos = append(pos, a)
			continue
		}
		flag, val, hasVal := strings.Cut(a.v, "=")
		valArg := cliArg{v: val, start: a.start + len(flag) + 1, end: a.end, bare: a.bare}
		next := func() (cliArg, bool) {
			if hasVal {
				return valArg, true
			}
			if i+1 < len(args) && !strings.HasPrefix(args[i+1].v, "-") {
				i++
				return args[i], true
			}
			return cliArg{}, false
		}
		switch {
		case contains(tl.pass, flag):
			if v, ok := next(); ok {
				redact(v)
			}
		case tl.community != "" && flag == tl.community:
			if v, ok := next(); ok {
				if low := strings.ToLower(v.v); low != "public" && low != "private" {
					redact(v)
				}
			}
		case tl.userPass[flag] != "":
			if v, ok := next(); ok {
				if k := strings.Index(v.v, tl.userPass[flag]); k >= 0 {
					redact(cliArg{v: v.v[k+1:], start: v.start + k + 1, end: v.end, bare: v.bare})
				}
			}
		case contains(tl.valued, flag):
			next()
		default:
			done := false
			for _, at := range tl.attached {
				if strings.HasPrefix(a.v, at) && len(a.v) > len(at) {
					redact(cliArg{v: a.v[len(at):], start: a.start + len(at), end: a.end, bare: a.bare})
					done = true
				}
			}
			if !done && !strings.HasPrefix(flag, "--") {
				for _, c := range flag[1:] {
					flags["-"+string(c)] = true
				}
			}
			flags[flag] = true
		}
	}
	if tl.needs != "" && !containsArg(pos, tl.needs) {
		return nil
	}
	if tl.positional != nil {
		if i := tl.positional(pos, flags); i >= 0 && i < len(pos) {
			redact(pos[i])
		}
	}
	if name == "sqlplus" && len(pos) > 0 {
		// user/password[@db]
		v := pos[0]
		if k := strings.IndexByte(v.v, '/'); k > 0 {
			rest := v.v[k+1:]
			if at := strings.IndexByte(rest, '@'); at >= 0 {
				rest = rest[:at]
			}
			redact(cliArg{v: rest, start: v.start + k + 1, bare: v.bare})
		}
	}
	return out
}

// cliSecret returns the password in a slot's value and where it starts: openssl's pass:X gives
// X; env:, file:, fd: and stdin name where the password is, not the password.
func cliSecret(a cliArg) (string, int, bool) {
	v, s := a.v, a.start
	if a.bare {
		v = strings.TrimRight(v, ",.;:)]")
	}
	if strings.HasPrefix(v, "pass:") {
		v, s = v[5:], s+5
	} else if cliIndirect().MatchString(v) {
		return "", 0, false
	}
	if len(v) < 3 || isPlaceholder(v) || fileRef(v) || cliDocWord().MatchString(v) {
		return "", 0, false
	}
	return v, s, true
}

// fileRef is curl's and many tools' @file (read the value from a file): @-, @/path, @name.ext.
// A password may start with "@" too (@pixel.82ember).
func fileRef(v string) bool {
	if !strings.HasPrefix(v, "@") {
		return false
	}
	r := v[1:]
	return r == "-" || r == "" || looksLikePath(r) || fileName().MatchString(r)
}

var cliIndirect = lazyRE(`^(?:env|file|fd):|^stdin$`)

// cliDocWord is how documentation writes a slot rather than fill it: PASSWORD, NEW, "password",
// a snake_case name (rabbitmqctl add_user / change_password).
var cliDocWord = lazyRE(`^(?:[A-Z][A-Z_]*|(?i:password|passwd|pass|secret|pw|pwd|new|old)|[a-z]+(?:_[a-z]+)+)$`)

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func containsArg(args []cliArg, s string) bool {
	for _, a := range args {
		if a.v == s {
			return true
		}
	}
	return false
}

// shellWords splits text[start:end] into words as a shell would for the simple cases: blanks
// separate, single and double quotes group (the value's range is inside them). An unquoted word
// ends at a quote, a backtick or a backslash: in a JSON-escaped command ("cmd":"redis-cli -a x") what follows
// is the JSON's.
func shellWords(text string, start, end int) []cliArg {
	var out []cliArg
	i := start
	for i < end {
		for i < end && (text[i] == ' ' || text[i] == '\t') {
			i++
		}
		if i >= end {
			break
		}
		if q := text[i]; q == '\'' || q == '"' {
			j := strings.IndexByte(text[i+1:end], q)
			if j < 0 {
				return out // an unterminated quote: the rest is not ours to judge
			}
			out = append(out, cliArg{v: text[i+1 : i+1+j], start: i + 1, end: i + 1 + j})
			i += j + 2
			continue
		}
		j := i
		for j < end && text[j] != ' ' && text[j] != '\t' && text[j] != '\'' && text[j] != '"' && text[j] != '\\' && text[j] != '`' {
			j++
		}
		if j < end && text[j] == '`' {
			// A backtick closes a Markdown code span (`redis-cli -a x`) or opens a command
			// substitution: the command's words end here.
			if j > i {
				out = append(out, cliArg{v: text[i:j], start: i, end: j, bare: true})
			}
			return out
		}
		if j < end && (text[j] == '\'' || text[j] == '"') && j > i && text[j-1] != '=' && text[j-1] != ',' && text[j-1] != '%' {
			// a quote closing a JSON string or similar: the word stops here
			out = append(out, cliArg{v: text[i:j], start: i, end: j, bare: true})
			return out
		}
		if j < end && (text[j] == '\'' || text[j] == '"') {
			// --password='x', -u 'user,x' written as -u'user,x': the quoted part joins the word.
			q := text[j]
			k := strings.IndexByte(text[j+1:end], q)
			if k < 0 {
				return out
			}
			v := text[i:j] + text[j+1:j+1+k]
			// The value's range: the quoted part only, the prefix stays readable.
			out = append(out, cliArg{v: v, start: j + 1 - len(text[i:j]), end: j + 1 + k})
			i = j + 2 + k
			continue
		}
		out = append(out, cliArg{v: text[i:j], start: i, end: j, bare: true})
		if j < end && text[j] == '\\' {
			return out
		}
		i = j
	}
	return out
}
