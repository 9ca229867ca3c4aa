package redact

import (
	"strings"
	"testing"
)

// Tuning cases for the twelfth round (issue 15): each cause found in fresh10's odd half, written
// with other languages, tools and services than fresh10's own (whose even half is held back and
// whose strings are not copied here). Most causes are a slot the rules already read, in a
// context they did not: another language's prose, an escape, a form drawn as text.

// ordinaryPass is a password as people choose one when nobody makes them: a word, a year and a
// symbol — the shape that needs the slot to say password.
func (g *gen) ordinaryPass() string {
	words := []string{"Harbor", "Linden", "Pelikan", "Zitrone", "Marmot", "Kestrel", "Tundra"}
	return words[g.r.IntN(len(words))] + "19" + g.s(digits, 2) + string("!#$%"[g.r.IntN(4)])
}

func mechanismSecrets17(g *gen) []secretCase {
	return []secretCase{
		// A password named in prose in other languages than English.
		sc("german prose lautet", "Das Passwort für das NAS lautet %s, bitte nicht weitergeben.", g.ordinaryPass()),
		sc("french prose est", "Le mot de passe du routeur est %s", g.ordinaryPass()),
		sc("dutch prose is", "Het wachtwoord voor de VPN is %s.", g.ordinaryPass()),
		sc("italian english word", "La password del NAS è %s", g.ordinaryPass()),
		sc("turkish colon", "Veritabanı şifresi: %s", g.ordinaryPass()),
		sc("finnish on", "Salasana on %s", g.ordinaryPass()),
		sc("norwegian er", "Passordet til ruteren er %s", g.ordinaryPass()),
		sc("chinese copula", "数据库密码是 %s", g.ordinaryPass()),
		sc("russian colon", "Пароль от сервера: %s", g.ordinaryPass()),
		sc("hungarian colon", "A jelszó: %s", g.ordinaryPass()),
		// A token named in another script.
		sc("japanese token", "本番のトークンは %s です。", g.s(alnum, 32)),
		sc("chinese token colon", "访问令牌：%s", g.s(hexLow, 40)),
		sc("russian token", "Токен бота: %s", g.s(alnum, 35)),
		// English prose with a colon after "is", and a PIN told in prose.
		sc("english is colon", "Your new password is: %s", g.ordinaryPass()),
		sc("sim pin prose", "The SIM PIN is %s if it asks.", g.s(digits, 4)),
		sc("door pin colon", "Server room door PIN: %s", g.s(digits, 6)),
		// A form drawn as text: the field's box holds what was typed.
		sc("passphrase field box", "Key file   [ id_ed25519 ]\nPassphrase [ %s ]", g.ordinaryPass()),
		// DOMAIN\user:password and a passwd(5)-format line holding a password.
		sc("domain user colon", "creds found: CONTOSO\\svc_sql:%s", g.ordinaryPass()),
		sc("unshadowed passwd line", "deploy:%s:1002:1002:Deploy,,,:/home/deploy:/bin/sh", g.ordinaryPass()),
		// A token given as the user name with a dummy or an empty password.
		sc("token as user dummy X", "curl -u %s:X https://api.example-hr.com/v1/employees", g.s(alnum, 32)),
		sc("token as user empty", "curl --user %s: https://acme.example-desk.com/api/v2/tickets", g.s(alnum, 24)),
		// Slots written escaped: JSON in a JSON string, twice escaped, and a URL-encoded body.
		sc("json escaped nested", `{"log": "{\"db\": {\"password\": \"%s\"}}"}`, g.ordinaryPass()),
		sc("json escaped twice", `{"msg": "{\"raw\": \"{\\\"client_secret\\\": \\\"%s\\\"}\"}"}`, g.s(alnum, 32)),
		sc("url encoded form", "POST /oauth/token body=grant_type%3Dclient_credentials%26client_secret%3D%s%26scope%3Dread", g.s(alnum, 32)),
		// Typing automation types a password.
		sc("ydotool type", "ydotool type '%s'", g.ordinaryPass()),
		sc("tmux send-keys with enter", "tmux send-keys -t db '%s' C-m", g.ordinaryPass()),
		sc("wtype", `wtype "%s"`, g.ordinaryPass()),
		// A login verb's arguments, and a chat client's secure store.
		sc("bw login args", "bw login ops@example.com %s", g.ordinaryPass()),
		sc("mega-login args", "mega-login backup@example.org %s", g.ordinaryPass()),
		sc("weechat secure set", "/secure set oftc_pass %s", g.s(lowNum, 10)),
		// A client opened with a host, a user and a password as positional literals.
		sc("mysqldb connect positional", `db = MySQLdb.connect("localhost", "report", "%s", "sales")`, g.ordinaryPass()),
		sc("ftp_tls positional", "ftp = ftplib.FTP_TLS('ftp.example.org', 'upload', '%s')", g.ordinaryPass()),
		// Field syntaxes of other languages' configs and debug prints.
		sc("erlang sys.config tuple", "{rabbit, [{default_user, <<\"admin\">>}, {default_pass, <<\"%s\">>}]}", g.ordinaryPass()),
		sc("erlang string tuple", `{ldap_password, "%s"}`, g.ordinaryPass()),
		sc("php var_dump", "array(2) {\n  [\"host\"]=>\n  string(9) \"localhost\"\n  [\"db_pass\"]=>\n  string(11) \"%s\"\n}", g.ordinaryPass()),
		// A user and a password with a slash between them.
		sc("creds slash pair", "Creds for the staging Jenkins: deploy / %s", g.ordinaryPass()),
		sc("markdown code span password", "- db password: `%s`", g.ordinaryPass()),
		sc("list item slash pair", "- router: admin / %s\n- printer: none", g.ordinaryPass()),
	}
}

func mechanismInnocent17(g *gen) []string {
	return []string{
		// Prose about passwords in other languages, with no password in it.
		"Das Passwort muss mindestens 12 Zeichen lang sein.",
		"Passwort-Richtlinie: Mindestlänge zwölf Zeichen",
		"Le mot de passe est obligatoire.",
		"密码是必填项。",
		"Пароль: ********",
		"Het wachtwoord is verlopen.",
		"トークンの有効期限は 30 日です。",
		"令牌：请在控制台生成",
		// A PIN that is not one, and a masked form field.
		"The PIN is four digits long.",
		"SIM PIN: disabled",
		"The PIN is 0000 by default; change it at first use.",
		"パスワード: 8文字以上",
		"비밀번호: 8자 이상",
		"Password [ ******** ]",
		"pin[GPIO17] = HIGH",
		"GPIO pin: 1234",
		// Tuples and var_dump fields that hold no secret or a reference.
		`{default_user, <<"guest">>}`,
		`{ldap_password, "${LDAP_PASSWORD}"}`,
		"[\"password_hint\"]=>\n  string(12) \"first pet's\"",
		// Masked fields as debug printers write them.
		`Session{user: "ops", api_token: "--FILTERED--"}`,
		`Account(login='ops', password=<redacted>)`,
		// A backslash between two names that is no DOMAIN\user:password.
		`BUILTIN\Users:(OI)(CI)(RX)`,
		`src\main.rs:fn main() {`,
		`C:\logs\app.log:Zone.Identifier`,
		"fmt.Fprintf(w, \"event: message\\ndata:%s\\n\\n\", payload)",
		// A word for password inside an identifier (has-low, not hasło).
		"\tcfgHasLowLatency = runtime.IsWin11",
		// passwd(5) lines whose password field is x or a lock.
		"root:x:0:0:root:/root:/bin/bash",
		"nobody:*:65534:65534:nobody:/nonexistent:/usr/sbin/nologin",
		// A user given with a reference for a password, or a variable as the user.
		"curl -u $HARVEST_TOKEN:X https://api.example-hr.com/v1/users/me",
		// Escaped slots holding references.
		`{"log": "{\"db\": {\"password\": \"${DB_PASSWORD}\"}}"}`,
		"q=password%3D%24%7BPASSWORD%7D",
		// Typing automation that types commands and words.
		"tmux send-keys -t app 'npm run dev' Enter",
		"xdotool type --delay 20 'hello'",
		"steamcmd +login anonymous +app_update 740 +quit",
		"az login --tenant " + g.uuid(),
		// A client opened with a host, a user and a reference or a word.
		`conn = pymssql.connect("db.example.org", "report", os.environ["DB_PASSWORD"])`,
		`client = ApiClient("api.example.org", "v2", "json")`,
		// Slashes between words.
		"Supported: TCP / UDP, IPv4 / IPv6",
		"login page: light / dark theme",
		"- build: debug / release",
		// An object's key after a rule's name in a scanner's report.
		`{"check_id": "generic.secrets.security.detected-private-key", "path": "k8s/secret.yaml"}`,
		// A secret flag given an environment variable's name.
		"act push --secret GITHUB_TOKEN -W .github/workflows/ci.yml",
		// A backquoted command for a password.
		"DB_PASSWORD = `cat /run/secrets/db`",
		// A digest after an algorithm's name, and a PGP signature in a commit header.
		"gnutls-cli --pin sha384:" + g.b64std(48) + " host.example.org",
		"gpgsig -----BEGIN PGP SIGNATURE-----\n \n " + g.b64std(48) + "\n " + g.b64std(30) + "\n -----END PGP SIGNATURE-----",
		// PKCE's verifier, spent with the code.
		`{"code": "` + g.s(alnum, 20) + `", "codeVerifier": "` + g.s(b64url, 43) + `"}`,
	}
}

// TestRound12Mechanisms checks the picks that judge a round 12 slot's value on their own.
func TestRound12Mechanisms(t *testing.T) {
	for _, c := range []struct {
		v    string
		want bool
	}{
		{"NPM_TOKEN", true},
		{"AWS_SECRET_ACCESS_KEY", true},
		{"NPM_TOKENS", false},
		{"Npm_Token", false},
		{"LOG_LEVEL", false},
	} {
		if got := secretEnvName(c.v); got != c.want {
			t.Errorf("secretEnvName(%q) = %v, want %v", c.v, got, c.want)
		}
	}
	for _, c := range []struct {
		v    string
		want bool
	}{
		{"`pass show x", true},
		{"`security find-generic-password -w`", true},
		{"`", false},
		{"`1abc`", false},
		{"pass`word", false},
		{"`May2025!`", false}, // Markdown's code span
	} {
		if got := commandSubstitution(c.v); got != c.want {
			t.Errorf("commandSubstitution(%q) = %v, want %v", c.v, got, c.want)
		}
	}
	// The decoded view maps each byte back to where its escape stands.
	view, from, to := escapedLines("a\n{\\\"k\\\": 1}\nb %3D c\n")
	v, f, tt, changed := unescapeOnce(view, from, to)
	if !changed || !strings.HasPrefix(v, `{"k": 1}`) {
		t.Fatalf("unescapeOnce(%q) = %q, %v", view, v, changed)
	}
	if f[1] != 3 || tt[1] != 5 { // the first " of the view stands for \" at 3..5
		t.Errorf("view byte 1 maps to %d..%d, want 3..5", f[1], tt[1])
	}
}
