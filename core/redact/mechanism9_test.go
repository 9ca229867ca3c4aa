package redact

import "math/big"

// Tuning cases for the fourth round (issue 15): each mechanism with shapes other than the ones
// that showed the problem (the four earlier tables are tuning material now; a fifth, blind table
// measures), and look-alikes on the other side of each mechanism's boundary.

// dollarSecret is a random secret that starts with "$", as generated secrets sometimes do.
func (g *gen) dollarSecret() string {
	return "$" + g.s(digits, 1) + "_" + g.s(lowNum, 10) + "*#" + g.s(lowNum+"!@%^&", 20)
}

// ksuid is a real K-Sortable Unique ID: four bytes of seconds since 2014-05-13 (a time in 2024)
// and sixteen random bytes, in 27 base62 characters.
func (g *gen) ksuid() string {
	b := make([]byte, 20)
	ts := uint32(1704067200 - 1400000000 + g.r.IntN(365*86400))
	b[0], b[1], b[2], b[3] = byte(ts>>24), byte(ts>>16), byte(ts>>8), byte(ts)
	for i := 4; i < 20; i++ {
		b[i] = byte(g.r.IntN(256))
	}
	v := new(big.Int).SetBytes(b)
	const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	out := make([]byte, 27)
	base, mod := big.NewInt(62), new(big.Int)
	for i := 26; i >= 0; i-- {
		v.DivMod(v, base, mod)
		out[i] = alphabet[mod.Int64()]
	}
	return string(out)
}

func mechanismSecrets9(g *gen) []secretCase {
	pw, weak := g.password, g.weakPassword
	return []secretCase{
		// A secret that starts with "$" is no variable reference.
		sc("dollar secret env", "APP_SECRET='%s'", g.dollarSecret()),
		sc("dollar secret yaml", "  signing_secret: \"%s\"", g.dollarSecret()),
		sc("dollar password", "password = $%s", g.s(alnum, 6)+"!"+g.s(digits, 3)),

		// A secret word anywhere in the name, with a random value after it.
		sc("secret word first", "SECRET_SIGNING_BASE = '%s'", g.s(hexLow, 64)),
		sc("token word first", "token_for_deploy: %s", g.s(alnum, 28)),
		sc("password word first", `"password_for_admin": "%s"`, g.s(alnum, 20)),
		sc("apikey then qualifier word", "PAYMENTS_APIKEY_SERVER=%s", g.s(hexLow, 32)),
		sc("private word", "  private_signing_id = %s", g.s(alnum, 24)),

		// Two-class random strings: upper case and digits, lower case and digits.
		sc("upper-digit bare", "use %s for the pull", g.s(upNum, 36)),
		sc("lower-digit bare", "copied %s into the vault", g.s(lowNum, 44)),
		sc("short prefix lower-digit", "mk-%s", g.s(lowNum, 48)),

		// user:password after an auth word, and an e-mail address with a password.
		sc("basic_auth pair", "basic_auth deploy:%s", pw()),
		sc("userpass pair", "userpass ci-bot:%s", g.s(alnum, 18)),
		sc("credentials pair", "  credentials svc@corp:%s", weak(0)+"X"),
		sc("email password pair", "[mail.example.net]:25 noreply@example.net:%s", g.s(alnum, 18)),
		sc("email password pair quoted", `"relay": "ops@alerts.example.org:%s"`, pw()),

		// Oracle connect strings.
		sc("sqlplus silent", "sqlplus -s app/%s@//db.example.com:1521/PDB1", pw()),
		sc("expdp", "expdp system/%s@ORCL directory=DP dumpfile=x.dmp", weak(0)),
		sc("jdbc oracle sid", "jdbc:oracle:thin:app/%s@db.example.com:1521:XE", pw()),
		sc("userid=", "impdp userid=hr/%s@pdb tables=emp", pw()),

		// PowerShell plain-text secure strings.
		sc("securestring -String", `$sec = ConvertTo-SecureString -String "%s" -AsPlainText -Force`, pw()),
		sc("securestring in call", `New-LocalUser -Name svc -Password (ConvertTo-SecureString '%s' -AsPlainText -Force)`, weak(1)+"7"),
		sc("asplaintext first", `ConvertTo-SecureString -AsPlainText -Force -String "%s"`, g.passphrase()),

		// Windows: net use's password argument, switches after a user switch.
		sc("net use no device", `net use \\nas\backup %s /user:WORKGROUP\svc /persistent:yes`, pw()),
		sc("net use star device", `net use * \\srv\data %s /user:admin`, weak(0)),
		sc("schtasks /rp", "schtasks /change /tn nightly /ru svc /rp %s", weak(2)),
		sc("wmic /password:", "wmic /node:srv /user:admin /password:%s os get caption", pw()),

		// Commands that set a named variable.
		sc("setx secret", `setx DEPLOY_SECRET "%s"`, pw()),
		sc("setx /m", "setx /M SMTP_PASSWORD %s", weak(0)),
		sc("fish set -gx", "set -gx ROUTER_API_KEY %s", g.s(alnum, 32)),
		sc("launchctl setenv", "launchctl setenv VAULT_PASS %s", pw()),
		sc("Set-Item env:", `Set-Item -Path env:SMTP_PASSWORD -Value '%s'`, weak(1)+"9"),

		// git/npm/aws config setters, and the value flag of a command that stores a secret.
		sc("git config password", "git config --global sendemail.smtppass %s", pw()),
		sc("npm config set authToken", "npm config set //npm.example.com/:_authToken %s", g.uuid()),
		sc("aws configure set", "aws configure set aws_secret_access_key %s", g.s(b64, 40)),
		sc("gh secret set --body", "gh secret set DEPLOY_KEY --body %s", g.s(alnum, 24)),
		sc("keyvault --value", "az keyvault secret set --vault-name kv --name db --value '%s'", pw()),
		sc("secretsmanager --secret-string", "aws secretsmanager put-secret-value --secret-id prod/db --secret-string %s", weak(0)+"X"),
		sc("wpa_passphrase", `wpa_passphrase "HomeNet" "%s"`, g.passphrase()),

		// SQL's SET PASSWORD, long directive names, a real default inside a reference.
		sc("set password for", "SET PASSWORD FOR 'app'@'%' = '%s';", pw()),
		sc("set password = password()", "SET PASSWORD = PASSWORD('%s')", weak(0)),
		sc("long directive name", "AuthLDAPBindPassword %s", weak(0)+"x"),
		sc("session id camel", `SessionID: "%s"`, g.s(alnum, 32)),
		sc("two-letter glued pw", "dbpw=%s", pw()),
		sc("docker swarm join token", "docker swarm join --token %s 10.0.0.1:2377", "SWMTKN-1-"+g.s(lowNum, 50)+"-"+g.s(lowNum, 25)),
		sc("reference default", "PASSWORD=${DB_PASSWORD:-%s}", pw()),

		// A block that names its value.
		sc("hcl variable default", "variable \"api_token\" {\n  type    = string\n  default = \"%s\"\n}", g.s(alnum, 30)),
		sc("hcl password default weak", "variable \"admin_password\" {\n  default = \"%s\"\n}", weak(0)),

		// Clients constructed with a literal key, connections opened with a password.
		sc("client constructor", `search = SearchClient("%s")`, g.s(alnum, 32)),
		sc("client keyword arg", `w = weaviate.Client(api_key='%s')`, g.s(b64url, 40)),
		sc("getConnection postgres", `DriverManager.getConnection("jdbc:postgresql://db/app", "svc", "%s");`, pw()),
		sc("connect url user pw", `conn = driver.connect("mysql://db:3306/app", "app", "%s")`, weak(0)),

		// A password directive on its own line, a password after a user word.
		sc("rootpw directive", "rootpw %s", g.passphrase()),
		sc("indented adminpw", "  adminpw  %s\n", weak(0)),
		sc("fetchmail-like user password", "poll mail.example.org proto POP3 user carol password %s", weak(0)),
		sc("ldap authtok", "ldap_default_authtok = %s", pw()),
		sc("directive quoted mid-line", "the slapd.conf line rootpw %s must go", g.passphrase()),
		sc("compound name mid-line", "set db_password %s on the replica", weak(0)),

		// Providers with a distinctive shape.
		sc("asana pat", "ASANA_PAT %s", "1/"+g.digitsN(16)+":"+g.s(hexLow, 32)),
		sc("sonar user token", "sonar-scanner -Dsonar.login=%s", "squ_"+g.s(hexLow, 40)),
		sc("aws key id with digits", "key id AKIA%s", g.s(upNum, 16)),

		// A provider's name in a setting's name, with a random value (gitleaks' context rules).
		sc("provider name uuid", "HEROKU=%s", g.uuid()),
		sc("provider name glued", "snykkey=%s", g.uuid()),
		sc("session cookie lower-digit", "_gitlab_session=%s", g.s(lowNum, 32)),
		sc("json-escaped env line", `{"content": "DB_PASSWORD=%s\nDEBUG=1"}`, pw()),
		sc("provider name hex", `"sendbird": "%s"`, g.s(hexLow, 40)),
		sc("provider name short random", "FINNHUB_CLIENT=%s", g.s(lowNum, 20)),
		sc("provider name yaml", "  pagerduty_integration: %s", g.s(alnum, 32)),
		sc("facebook app token", "access_token=%s", g.digitsN(16)+"|"+g.s(b64url, 30)),
		sc("facebook app token url", "graph?access_token=%s", g.digitsN(15)+"%7C"+g.s(alnum, 28)),
		sc("authress", "%s", "sc_"+g.s(lowNum, 10)+"."+g.s(lowNum, 5)+".acc_"+g.s(lowNum, 16)+"."+g.s(lowNum, 40)),
		sc("sidekiq enterprise", "BUNDLE_ENTERPRISE__CONTRIBSYS__COM=%s", g.s(hexLow, 8)+":"+g.s(hexLow, 8)),
		sc("dynatrace lower", "%s", "dt0c01."+g.s(lowNum, 24)+"."+g.s(lowNum, 64)),
	}
}

func mechanismInnocent9(g *gen) []string {
	return []string{
		// Variable references, calls and placeholders stay.
		"PASSWORD=$DB_PASS",
		"token: ${{ secrets.DEPLOY_TOKEN }}",
		"$env:ADMIN_PW = $env:DEFAULT_PW",
		"set -x GITHUB_TOKEN (gh auth token)",
		"password: <the admin password>",
		`$pw = Read-Host -AsSecureString "Password"`,
		"$c = Get-Credential -UserName admin",
		`"token": "$1"`,
		"SECRET=$(vault kv get -field=secret kv/app)",
		// Settings about a secret, not a secret.
		"token_budget: 4000",
		"password_hash: " + g.s(hexLow, 64),
		"secret_version: latest",
		"token_path: /var/run/secrets/kubernetes.io/serviceaccount/token",
		"private_key_file: server.key",
		"secret_length = 32",
		"com.example.auth:auth-client-secret:4.2.1",
		// Ids named by their format, public keys named so.
		"ksuid " + g.s(alnum, 27),
		"cuid c" + g.s(lowNum, 24),
		"wallet address " + g.s("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz", 44),
		"publishable key pk_test_" + g.s(alnum, 60),
		"x-request-id-3: " + g.s(alnum, 32),
		"job_" + g.s(hexLow, 32),
		"arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db-" + g.s(alnum, 6),
		"sha512:" + g.s("0123456789abcdfghijklmnpqrsvwxyz", 103),
		// Two-class strings that are not random.
		"BASE32_ALPHABET_ABCDEFGHIJKLMNOPQRSTUVWXYZ234567",
		"SHA256_DIGEST_LENGTH_IS_32_BYTES_AND_2_BLOCKS",
		"test_parse_v2_transcript_with_3_threads_and_1_agent",
		"aaaaaaaaaaaaaaaaaaaaaaaaaaaa1111",
		// Pairs and slots holding no password.
		"git@gitlab.example.com:Team/App.git",
		"ssh alice@example.com:2222",
		"scp dump.sql bob@db.example.com:Backups",
		"auth required pam_unix.so",
		"credentials file:~/.aws/credentials",
		"login root:x:0:0:root:/root:/bin/bash",
		"jdbc:oracle:thin:@//db:1521/ORCL",
		"sqlplus / as sysdba",
		"sqlplus /nolog",
		"$s = ConvertTo-SecureString $plain -AsPlainText -Force",
		"ConvertFrom-SecureString $s",
		`net use Z: \\srv\share /user:alice`,
		`net use Z: \\srv\share *`,
		"net use Z: /delete",
		"xcopy /s /p src dst",
		"dir /p /w",
		"schtasks /query /fo LIST /v",
		`setx PATH "%PATH%;C:\tools"`,
		"set -x EDITOR vim",
		"Password: !Ref DBPassword",
		"  password: !vault |",
		`db_password: "%(DB_PASSWORD)s"`,
		`password = "{password}"`,
		`password: "•••••••"`,
		"PASSWORD=${DB_PASSWORD:-changeme}",
		"SET PASSWORD FOR 'app'@'%' = PASSWORD('<new password>')",
		"git config --global user.email alice@example.com",
		"npm config set registry https://registry.npmjs.org/",
		"aws configure set region eu-west-1",
		"gh secret set DEPLOY_KEY < key.txt",
		"aws secretsmanager create-secret --name prod/db --secret-string file://secret.json",
		"gh secret set DEPLOY_KEY --body -",
		"secret set --help",
		`setx API_TOKEN "%API_TOKEN%"`,
		"variable \"token_ttl_seconds\" {\n  default = \"3600\"\n}",
		"variable \"db_password\" {\n  default = \"\"\n}",
		`client = Client("https://api.example.com/v2")`,
		`http = HttpClient("payments-service-prod")`,
		"DriverManager.getConnection(url, user, pass)",
		`DriverManager.getConnection("jdbc:h2:mem:test", "sa", "")`,
		"password    required    pam_unix.so sha512",
		"the user admin password was reset yesterday",
		"user bob password prompt",
		"the password reset-token-2 flow",
		"rootpw is set in slapd.conf",
		"bindpw",
		// Provider-named settings that hold no credential.
		"HEROKU_REGION=eu",
		"SENTRY_ORG_ID=4506123456789",
		"discord_channel=general-announcements",
		"SLACK_WORKSPACE=acme-engineering",
		"stripe_api_version=2024-06-20",
		"HEROKU_APP=payments-api-staging",
		"HEROKU_SLUG_COMMIT=" + g.s(hexLow, 40),
		"SENTRY_RELEASE=" + g.s(lowNum, 16),
		"DATADOG_SITE=datadoghq.eu",
		"ZENDESK_SUBDOMAIN=acmehelp",
		"order 1234567890123456|shipped",
		// Documentation of the slots (found by redacting this repository's own sources).
		"// Oracle connect strings: jdbc:oracle:thin:user/password@host",
		"`jdbc:oracle:thin:user/PASS@…`, HAProxy `stats auth admin:PASS`, `schtasks … /rp PASS`",
		"const bech32 = \"qpzry9x8gf2tvdw0s3jn54khce6mua7l\"",
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
		// Found by redacting the Go module cache (42 MB of sources and API documents).
		"\tzipw      io.Writer",
		"\t\tzipw:   w.cw,",
		`procAdjustTokenPrivileges = modadvapi32.NewProc("AdjustTokenPrivileges")`,
		`            NetworkID: "` + g.s(lowNum, 25) + `"`,
		`"NodeID": "` + g.s(lowNum, 25) + `",`,
		// Found by redacting this repository's own sources and README after round 4's rules.
		"configuration directives on their own line (`bindpw x`, `rootpw x`).",
		"// wpa_passphrase SSID PASSPHRASE.",
		`"wpa_passphrase": {positional: func(pos []cliArg) int { return 1 }},`,
		"secret := secretParts[last]",
		"password: []byte(pw)",
		"aws secretsmanager create-secret --secret-string v).",
		// Found by probing harmless shapes: a KSUID with no word before it, an id under an
		// object store's URL, a versioned id word, the dummy CHANGE_ME.
		g.ksuid(),
		"created " + g.ksuid() + " at 10:00",
		"The file is at s3://bucket/" + g.s(lowNum, 30) + "/data.csv",
		"cuid2 " + g.s(lowNum, 24),
		"secret: CHANGE_ME",
	}
}
