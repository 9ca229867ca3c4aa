package redact

import (
	"fmt"
	"strings"
	"testing"
)

// Tuning cases for the ninth round (issue 15): each cause found in fresh7's odd half, written
// with other services, tools and shapes than fresh7's own (whose even half is held back and
// whose strings are not copied here).

// birthday is a date written day first, the password people choose most (07.11.1989).
func (g *gen) birthday() string {
	return fmt.Sprintf("%02d.%02d.%d", 1+g.r.IntN(28), 1+g.r.IntN(12), 1950+g.r.IntN(60))
}

func mechanismSecrets14(g *gen) []secretCase {
	return []secretCase{
		// A date is a password wherever a password stands: it reads as no version.
		sc("date in env", "MARIADB_ROOT_PASSWORD=%s docker compose up -d", g.birthday()),
		sc("date in yaml", "mqtt:\n  broker: tcp://mqtt.example.org:1883\n  password: %s", g.birthday()),
		sc("date in ini", "[database]\nhost = db02\nadmin_passwd = %s", g.birthday()),
		sc("date in json", `{"user": "grafana", "secretPassword": "%s"}`, g.birthday()),
		// A table whose header names a credential column and its owner: the cells below it.
		sc("lastpass export", "url,username,password,totp,extra,name,grouping,fav\nhttps://git.example.org,ci,%s,,,git,Dev,0", g.password()),
		sc("firefox export", `"url","username","password","httpRealm","formActionOrigin","guid"`+"\n"+`"https://mail.example.net","bob","%s",,"https://mail.example.net",""`, g.birthday()),
		sc("psql table", " login | api_token | created\n-------+-----------+---------\n ops   | %s | 2026-01-02", g.s(alnum, 24)),
		sc("tsv sheet", "site\tlogin\tpassphrase\nrouter\tadmin\t%s", g.f7spaced()),
		// Vocabulary: a macaroon is a bearer credential; glued password flags take any word.
		sc("macaroon env", "export CHARM_MACAROON=%s", g.s(hexLow, 96)),
		sc("macaroon json", `{"admin_macaroon": "%s"}`, g.s(b64url, 60)),
		sc("glued pass flag", "valkey-server /etc/valkey.conf --requirepass %s", "Copper-Lantern"+g.s(digits, 1)+"-Orbit"),
		sc("masterauth flag", "keydb-server --replicaof 10.0.0.5 6379 --masterauth %s", g.password()),
		sc("storepass flag", "jarsigner --storepass %s app.jar release", g.password()),
		// A property list's <key> names its value.
		sc("launchd plist", "<dict>\n  <key>EnvironmentVariables</key>\n  <dict>\n    <key>BACKUP_PASSPHRASE</key>\n    <string>%s</string>\n  </dict>\n</dict>", g.f7spaced()),
		sc("app plist token", "<key>SentryAuthToken</key><string>%s</string>", g.s(hexLow, 64)),
		// Userinfo that is the credential: a tunnel's, or a generated token.
		sc("trojan url", "trojan://%s@hk.example.net:443?security=tls#hk", g.password()),
		sc("tuic url", "tuic://%s@edge.example.org:8443?congestion_control=bbr", g.uuid()),
		sc("token userinfo", "git remote set-url origin https://%s@git.example.org/infra/ops.git", g.s(alnum, 40)),
		// A phrase that announces the secret, then the lines that print it: a key in groups, a
		// bulleted list of codes.
		sc("grouped account key", "Here is your account security key:\n%s\nKeep it offline.", g.s(alnum, 4)+" "+g.s(alnum, 4)+" "+g.s(alnum, 4)+" "+g.s(alnum, 4)+" "+g.s(alnum, 4)+" "+g.s(alnum, 4)),
		sc("bulleted backup codes", "Backup codes for ops@example.org:\n- %s\n- %s", g.s(lowNum, 4)+"-"+g.s(lowNum, 4), g.s(lowNum, 4)+"-"+g.s(lowNum, 4)),
		sc("recovery code sentence", "Your new account recovery code is:\n%s", g.s(hexUp, 5)+"-"+g.s(hexUp, 5)+"-"+g.s(hexUp, 5)),
		// A call given a database's address first, then a user and a password, whatever its name.
		sc("pool with db url", `pool = Pool.create("mysql://db03.example.org:3306/shop", "shop", "%s")`, g.password()),
		sc("ldap bind call", `conn = Directory.open("ldaps://ldap.example.org", "cn=admin,dc=example,dc=org", "%s")`, g.birthday()),
		// A random run and the random half a dot joins to it.
		sc("dotted key halves", `client = Api("%s")`, g.s(alnum, 26)+"."+g.s(alnum, 22)),
		// Protocol grammar: base64 sent after a challenge that decodes to "Password:".
		sc("imap authenticate login", "a1 AUTHENTICATE LOGIN\n+ VXNlcm5hbWU6\n"+b64text("ops@example.org")+"\n+ UGFzc3dvcmQ6\n%s\na1 OK", b64text(g.password())),
		// A dump's key, its typed value on the next line.
		sc("var_dump token", "array(1) {\n  [\"github_token\"]=>\n  string(40) \"%s\"\n}", g.s(alnum, 40)),
		// A date after a user flag; the value of an object named for a password; a game server's
		// console variables given as +flags.
		sc("date after user flag", "lftp-cli connect -u backup -p %s sftp.example.org", g.birthday()),
		sc("password object value", `{"propertySources": [{"properties": {"mail.smtp.password": {"value": "%s"}}}]}`, g.birthday()),
		sc("console variable flag", `./srcds_run -game tf +sv_password "%s" +map ctf_2fort`, g.f7spaced()),
		sc("dotted console flag", "./server +admin.password %s +server.port 27015", g.password()),
		// The boundaries: a private bech32 key, a secret-named setting given a random value.
		sc("bech32 secret", "wallet import nsec1%s", g.s("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58)),
		sc("credential given a value", "LoadCredential=%s", g.s(alnum, 28)),
		// The boundaries of the look-alikes: the same shapes where they are secrets.
		sc("service role jwt", "SUPABASE_SERVICE_ROLE_KEY=%s", "eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0."+g.s(b64url, 43)),
		sc("signify secret key", "untrusted comment: signify secret key\n%s", "RWRCSwAAA"+g.b64std(90)),
		sc("key in a fetched url", `curl "https://api.example.net/v1/export?api_key=%s"`, g.s(alnum, 32)),
		sc("secret named beside public", "PASERK_SECRET_KEY=k4.secret.%s", g.s(b64url, 86)),
	}
}

func mechanismInnocent14(g *gen) []string {
	return []string{
		// Versions stay versions, also under a name about a secret and in a Maven coordinate.
		"password_policy_version: 2.11.1958",
		"SECRET_SCHEMA=1.4.2",
		"org.example:vault-client:12.09.2024",
		"release 14.03.2026 is out; passwords are unchanged",
		// Flags that only look glued to a password word; a macaroon's path or its id.
		"squid --bypass proxy01 --compass north",
		"charm login --macaroon-file ~/.charm/macaroon.json",
		"macaroon_id: 7",
		// Property list keys that name no secret; userinfo that names a user.
		"<key>Label</key>\n<string>org.example.backup</string>\n<key>KeepAlive</key>\n<true/>",
		"<key>PasswordPolicyMinLength</key>\n<string>12</string>",
		"ssh://deploy@build01.example.org:2222/srv/repo.git",
		"postgres://report_reader@db02.example.org:5432/warehouse",
		"https://firstname.lastname@intranet.example.org/",
		// Phrases about such secrets with no secret after them.
		"The security key is plugged in.\nNext step is to open the lid and test the unit.",
		"Recovery code:\nkeep this file safe and away from here",
		"Backup codes were regenerated.\n- see the admin page for details",
		"signing := NewSecurityKey(Convert(cfg.Lookup(\"auth.key\")))",
		"Security key registered\n- name: YubiKey 5C\n- added: 2026-02-03",
		// A list item that names a secret type: the items after it are its siblings (a linter's
		// excluded types, found redacting the module cache).
		"exclude:\n  - ^net/http.Client$\n  - ^net/http.Cookie$\n  - ^net/http.Request$\n  - ^os/exec.Cmd$",
		"ignored:\n* session_token\n* ^internal/" + g.s(lowNum, 6) + ".Handler$",
		// A Lightning invoice (an amount in its bech32 prefix) is a payment request; a setting
		// that names which secret to load is given a name.
		"Pay this: lnbc15m1" + g.s("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 180),
		"LoadCredential=api-token:/etc/creds/api-token",
		"secrets:\n  - source: registry-password\n    target: registry_password",
		// A web request with three literals; a file and a host after a random run; a dump's
		// ordinary value.
		`fetch("https://api.example.org/items", "GET", "application/json")`,
		"array(1) {\n  [\"password_hint\"]=>\n  string(9) \"pet name\"\n}",
		"334 VXNlcm5hbWU6\n" + b64text("ops@example.org"),
		// Objects and flags about a password that hold none.
		`{"password_policy": {"value": "strong"}, "password": {"value": "******"}}`,
		"./srcds_run -game tf +maxplayers 24 +map ctf_2fort +sv_password_required 0",
		"g++ -O2 -o pass main.cpp",
		// Tables about credentials that hold none; code whose arguments read like a header.
		"func PlainAuth(identity, username, password, host string) Auth {\n\treturn &plainAuth{identity, username, password, host}\n}",
		"user,arn,password_enabled,password_last_used,mfa_active\nci,arn:aws:iam::123456789012:user/ci,true,2026-01-02T10:00:00+00:00,false",
		"name,password_min_length,token_ttl\ndefault,12,3600",
		"username,password\nalice,********\nbob,<hidden>",
		// Ciphertext for a key held elsewhere: an armored encrypted message, a value under a
		// setting that says encrypted (continued by backslashes), an object that carries its own
		// cipher or key-derivation parameters (a password manager's encrypted export).
		"-----BEGIN ENCRYPTED MESSAGE-----\n" + g.b64std(48) + "\n" + g.b64std(30) + "\n-----END ENCRYPTED MESSAGE-----",
		"CiphertextBlob=" + g.b64std(60),
		"[Unit]\nEncryptedBlob=backup: \\\n    " + g.b64std(57) + " \\\n    " + g.b64std(33),
		`{"encrypted": true, "passwordProtected": true, "salt": "` + g.b64std(16) + `", "kdfType": 0, "kdfIterations": 600000, "data": "2.` + g.b64std(16) + "|" + g.b64std(48) + "|" + g.b64std(32) + `"}`,
		`{"crypto": {"cipherparams": {"iv": "` + g.s(hexLow, 32) + `"}, "ciphertext": "` + g.b64std(40) + `", "kdf": "pbkdf2", "salt": "` + g.b64std(24) + `"}}`,
		// References where a value stands: a macro or a bang call, a Dhall env import, a CUE
		// definition; a command whose name ends in password, given its flags.
		`let token = env!("GH_TOKEN");`,
		`token = Keyword.fetch!(opts, :token)`,
		"let token = env:GITHUB_TOKEN as Text",
		"api_token: #Token",
		"security delete-internet-password -s git.example.org -a ci",
		// Public by name or by structure: a key named public in any encoding, the anonymous
		// role's JWT, a fingerprint named by its digest, a signature file's line, a key in the
		// query of a URL every browser loads, a GUID in Windows' braces.
		"NOSTR_PUBLIC_KEY=" + g.b64std(32),
		"ANON_JWT=eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoid2ViX2Fub24ifQ." + g.s(b64url, 43),
		"cert-fingerprint-sha256: " + g.s(b64url, 43),
		"untrusted comment: verify with release-2026.pub\nRWS" + g.b64std(70),
		`<img src="https://maps.example.com/staticmap?center=1,2&key=` + g.s(alnum, 32) + `">`,
		`<iframe src="https://forms.example.net/embed?token=` + g.uuid() + `"></iframe>`,
		"Device registration:\n  ID: {" + strings.ToUpper(g.uuid()) + "}\n  Token: (stored in TPM)",
	}
}

// TestRound9Mechanisms checks single decisions of round 9 at their edges.
func TestRound9Mechanisms(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"1.2.3", true}, {"v2.0.1-rc1", true}, {"2024.01.05", true}, {"12.09.1958", false},
		{"7.3.2001", false}, {"32.09.1958", true}, {"12.13.1958", true}, {"12.09.1858", true},
	} {
		if got := isVersion(c.s); got != c.want {
			t.Errorf("isVersion(%q) = %v, want %v", c.s, got, c.want)
		}
	}
}

// TestSchemeSlashesKept: a URL whose userinfo is a random token is found by url-password and
// by high-entropy, whose run ("/" is a token character) begins at the scheme's "//"; the
// merged redaction must leave the "//" with the scheme.
func TestSchemeSlashesKept(t *testing.T) {
	g := newGen(15)
	for _, c := range []struct{ prefix, secret, suffix string }{
		{"git clone https://", "ghp_" + g.s(alnum, 36), "@github.com/o/r.git"},
		{"https://", g.s(alnum, 40), "@git.example.org/infra/ops.git"},
		{"trojan://", g.s(alnum, 30), "@hk.example.net:443"},
		{`url = "https://`, g.s(b64url, 32), `@git.example.org/x"`},
	} {
		in := c.prefix + c.secret + c.suffix
		out, fs := Redact(in)
		if len(fs) != 1 || fs[0].Start != len(c.prefix) {
			t.Errorf("%q: findings %v, want one starting at %d", in, fs, len(c.prefix))
		}
		if strings.Contains(out, c.secret) {
			t.Errorf("%q: secret kept: %q", in, out)
		}
		if !strings.HasPrefix(out, c.prefix+"[REDACTED:") || !strings.HasSuffix(out, "]"+c.suffix) {
			t.Errorf("%q → %q, want %q[REDACTED:…]%q", in, out, c.prefix, c.suffix)
		}
	}
}
