package redact

import (
	"strings"
	"testing"
)

// Tuning cases for the fifteenth round (issue 15): each cause found in fresh13's odd half,
// written with other services, tools, languages and contexts than fresh13's own (whose even
// half is held back and whose strings are not copied here), and look-alikes of kinds probed
// beyond it. Secrets: a value printed after a command or a REPL line that reveals it (a key
// file's content, a secret store's reveal, a REPL's echo), the plaintext given to a
// password-hashing call, a key file framed in words, password words and copulas of more
// languages, the borrowed word "password" before other languages' copulas, a storage word in
// a device's type-number slot, an SNMP community by name, a glued service password
// (mysqlpass), a prompt naming whose password it asks for, SQL's prefixed literals, codes in
// columns and a list of codes judged together, a user-creating command's positional password,
// SNMPv3 passphrases after their protocols, a process substitution given as a password file.
// Look-alikes: template tags and typed calls as references, existing-secret names, code that
// handles a secret, a framework's short salt, a peer's and a certificate's public values, an
// encrypted file's printed content, a cassette's placeholder after its scheme, an account
// named before its password, aligned tables' cells under their column's name, what is public
// about a secret whoever's it is, digest words that vouch only for digest shapes, a label's
// earlier words, timestamps, git refs, boundaries, instructions written as values.

func mechanismSecrets20(g *gen) []secretCase {
	return []secretCase{
		// A value printed after the line that reveals it.
		sc("cat key file", "$ cat /etc/app/signing.key\n%s", g.s(hexLow, 32)),
		sc("type key file", "PS> type C:\\keys\\license.key\n%s", g.s(hexLow, 32)),
		sc("reveal subcommand", "$ ./manage secrets:show SMTP_PASSWORD\n%s", g.ordinaryPass()),
		sc("irb echo", "irb(main):004> ENV['SMTP_PASSWORD']\n=> \"%s\"", g.s(lower, 5)+"."+g.s(lower, 6)+"."+g.s(digits, 4)),
		sc("psysh echo", "> config('mail.mailers.smtp.password')\n= \"%s\"", g.s(lower, 6)+"."+g.s(lower, 5)+"."+g.s(digits, 4)),
		// The plaintext given to a password-hashing call.
		sc("werkzeug hash", "u.pw = generate_password_hash('%s')", g.ordinaryPass()),
		sc("php password_hash", "$h = password_hash(\"%s\", PASSWORD_BCRYPT);", g.ordinaryPass()),
		sc("node bcrypt", "const h = await bcrypt.hash('%s', 12);", g.ordinaryPass()),
		sc("spring encoder", "user.setPassword(passwordEncoder.encode(\"%s\"));", g.ordinaryPass()),
		// A key file framed in words.
		sc("worded key frame", "=== BEGIN ACME LICENSE KEY ===\n%s\n%s\n=== END ACME LICENSE KEY ===", g.s(alnum, 48), g.s(alnum, 10)),
		// Password words and copulas of more languages and scripts.
		sc("swahili ni", "Nenosiri la seva ni %s, usimwambie mtu.", g.ordinaryPass()),
		sc("afrikaans is", "Die wagwoord vir die router is %s", g.ordinaryPass()),
		sc("albanian eshte", "Fjalëkalimi i serverit është %s", g.ordinaryPass()),
		sc("kazakh colon", "Сервердің құпия сөз: %s", g.ordinaryPass()),
		sc("lao copula", "ລະຫັດຜ່ານຂອງເຊີບເວີແມ່ນ %s", g.ordinaryPass()),
		sc("swahili borrowed word", "password ya wifi ya ofisi ni %s, usiishiriki", g.ordinaryPass()),
		sc("phrase before a later dash", "Το κωδικός είναι %s — μην τον δώσεις", g.ordinaryPass()),
		// A storage word in a device's type-number slot; an SNMP community by name.
		sc("huawei cipher word", "local-user ops password cipher %s", g.ordinaryPass()+"Q"),
		sc("junos ascii-text", "set system login user ops authentication-key ascii-text %s", g.ordinaryPass()),
		sc("community flag", "snmp_exporter --community-string %s", g.s(alnum, 14)),
		sc("community setting", "SNMP_COMMUNITY=%s", g.s(alnum, 12)),
		// A service's password setting written glued.
		sc("glued smtppass", "smtppass = %s", g.s(lower, 5)+"."+g.s(lower, 6)+"."+g.s(digits, 4)),
		sc("glued redispass", "redispass: %s", g.s(lower, 6)+"-"+g.s(lower, 5)+"-"+g.s(digits, 3)),
		// A prompt naming whose password it asks for, answered in the transcript.
		sc("prompt for principal", "Password for admin/admin@CORP.EXAMPLE: %s", g.ordinaryPass()),
		sc("prompt for key", "Enter passphrase for key '/home/ci/.ssh/deploy': %s", g.ordinaryPass()),
		// SQL's prefixed literals.
		sc("sql national literal", "ALTER LOGIN reporting WITH PASSWORD = N'%s';", g.ordinaryPass()),
		sc("sql escape literal", "ALTER ROLE app WITH PASSWORD E'%s';", g.ordinaryPass()),
		// Codes in columns and a list of codes of one shape.
		sc("codes in columns", "GitLab recovery codes:\n%s  %s  %s", g.s(hexLow, 16), g.s(hexLow, 16), g.s(hexLow, 16)),
		sc("codes in a list", "Backup codes for alice\n%s\n%s\n%s", g.s(lowNum, 10), g.s(lowNum, 10), g.s(lowNum, 10)),
		// A user-creating command's positional password; SNMPv3 passphrases.
		sc("register positional", "prosodyctl register alice chat.example.org %s", g.ordinaryPass()+"!"),
		sc("user create positional", "pdbedit-like user add bob %s", g.ordinaryPass()+"#"),
		sc("user create dotted words", "$ authctl user create carol %s --role viewer", g.s(lower, 5)+"."+g.s(lower, 4)+"."+g.s(digits, 4)),
		sc("snmp v3 user", "snmp-server user mon MONGRP v3 auth sha %s priv aes 128 %s", g.s(alnum, 12), g.s(alnum, 12)),
		// A process substitution given as a password file.
		sc("process substitution password file", "borg-like --passcommand-file <(echo %s) init", g.ordinaryPass()),
		// A random value a sentence hands over after a digest's name.
		sc("new value after a digest word", "Here is the sha for the deploy job, the new value: %s", g.s(alnum, 36)),
	}
}

func mechanismInnocent20(g *gen) []string {
	return []string{
		// Template tags and typed calls stand for the value.
		"  password: <%= ENV.fetch('DB_PASSWORD') %>",
		"secret: <%- process.env.SESSION_SECRET %>",
		"api_key: '%env(resolve:MAILER_KEY)%'",
		"token = cfg.GetValue<string>(\"Slack:Token\");",
		"let key = settings.get::<String>(\"api_key\")?;",
		"password: {% raw %}{{ vault_pw }}{% endraw %}",
		"password: \"@@DB_PASSWORD@@\"",
		"PASSWORD=%%DB_PASSWORD%%",
		"api_token = \"[[ .Env.API_TOKEN ]]\"",
		// A name that says an existing secret object.
		"helm install pg bitnami/postgresql --set auth.existingSecret=pg-creds-" + g.s(lower, 5),
		"existingPasswordSecret: grafana-admin",
		// Code that handles a secret.
		"AUTH_PASSWORD_VALIDATORS = [\n    \"app.auth.validators.MinimumLengthValidator\",\n    \"app.auth.validators.CommonPasswordValidator\",\n]",
		"token_generator: \"app.tokens.DefaultTokenGenerator\"",
		// A framework's short salt; a peer's key; a certificate.
		"encryption_salt: \"" + g.s(alnum, 8) + "\"",
		"peer: " + g.b64std(32) + "\n  allowed ips: 10.9.0.2/32",
		"<X509Certificate>" + g.b64std(300) + "</X509Certificate>",
		// An encrypted file printed.
		"$ cat secrets.json.age | base64 | head -1\n" + g.b64std(48),
		// A cassette's placeholder after its scheme; an account named before its password.
		"    headers:\n      Authorization:\n      - Token <GITHUB_TOKEN>",
		"$c = Get-Credential CORP\\svc-backup",
		// Aligned tables' cells under their column's name.
		"$ gh ssh-key list\nTITLE      ID         KEY ID                     ADDED\nlaptop     81234567   " + g.s(alnum, 24) + "   2024-01-02",
		"NAME                 TYPE                                  DATA   AGE\nregistry-password    kubernetes.io/dockerconfigjson        1      12d",
		// What is public about a secret, whoever's it is.
		"session_nonce: " + g.s(alnum, 32),
		"\"tokenId\": \"" + g.s(alnum, 28) + "\"",
		"secret_version: \"" + g.s(alnum, 30) + "\"",
		"client_cert_thumbprint: " + g.s(alnum, 30),
		"\"recaptcha_site_key\": \"6L" + g.s(alnum, 38) + "\"",
		"\"secretRef\": \"" + g.s(alnum, 32) + "\"",
		// A label's earlier words: a cache's key, ciphertext.
		"Cache restored from key: deps-" + g.s(alnum, 30),
		"Wrapped data key: " + g.b64std(60),
		// A digest's name before a digest's shape.
		"Here is the sha for the build, the new value: " + g.s(hexLow, 40),
		// Timestamps, git refs, multipart boundaries, instructions written as values.
		"\"password_changed_at\": \"2025-03-04T05:06:07Z\"",
		"git push origin HEAD:refs/heads/" + g.s(alnum, 30),
		"Content-Type: multipart/form-data; boundary=" + g.s(alnum, 30),
		"token: \"PASTE_TOKEN_HERE\"",
		"password: \"TODO: set me\"",
		"api_key = \"INSERT_API_KEY\"",
		// A git signing key's id inside git's own [user] section.
		"[user]\n  email = dev@example.org\n  signingkey = " + strings.ToUpper(g.s(hexLow, 16)),
		// Prose near the new words that hands over nothing.
		"password reset is handled by ops",
		"la password deve avere almeno 12 caratteri",
		"adduser alice sudo",
		"$ tool user add bob wheel2",
		"$ mc admin user add local ops readwrite",
		"bypass = true",
	}
}

// TestRound15Mechanisms checks the judgements round 15's new helpers make on their own.
func TestRound15Mechanisms(t *testing.T) {
	for _, c := range []struct {
		f    func(string) bool
		name string
		v    string
		want bool
	}{
		{keyFileName, "keyFileName", "config/master.key", true},
		{keyFileName, "keyFileName", "/etc/app/deploy.token", true},
		{keyFileName, "keyFileName", "id_ed25519.pub.key", false},
		{keyFileName, "keyFileName", "server-cert.key", false},
		{keyFileName, "keyFileName", "notes.txt", false},
		{encryptedFileName, "encryptedFileName", "config/credentials.yml.enc", true},
		{encryptedFileName, "encryptedFileName", "backup.tar.gpg", true},
		{encryptedFileName, "encryptedFileName", "data.json", false},
		{digestShaped, "digestShaped", strings.Repeat("ab", 20), true},
		{digestShaped, "digestShaped", "9f8e7d6", true},
		{digestShaped, "digestShaped", "Zk9Qm3Lp7Rt2Vx5Nb8Cd1Fg4aB7wQp2Lm9wQ", false},
		{gluedPass, "gluedPass", "mysqlpass", true},
		{gluedPass, "gluedPass", "bypass", false},
		{gluedPass, "gluedPass", "renderpass", false},
		{gluedPass, "gluedPass", "pgpass", false},
		{instructionValue, "instructionValue", "PASTE_TOKEN_HERE", true},
		{instructionValue, "instructionValue", "TODO: set me", true},
		{instructionValue, "instructionValue", "DB_PASSWORD_PROD", false},
		{instructionValue, "instructionValue", "todoist-9f8e", false},
		{accountPrincipal, "accountPrincipal", `CORP\svc-backup`, true},
		{accountPrincipal, "accountPrincipal", "HTTP/web01.example.com@EXAMPLE.COM", true},
		{accountPrincipal, "accountPrincipal", "Harbor1999!", false},
		{describedColumn, "describedColumn", "KEY ID", true},
		{describedColumn, "describedColumn", "TYPE", true},
		{describedColumn, "describedColumn", "TOKEN", false},
		{describedColumn, "describedColumn", "VALUE", false},
		{describedColumn, "describedColumn", "KEY", false},
	} {
		if got := c.f(c.v); got != c.want {
			t.Errorf("%s(%q) = %v, want %v", c.name, c.v, got, c.want)
		}
	}
	for _, c := range []struct {
		line string
		want int
	}{
		{"=> \"x\"", 3}, {"= \"x\"", 2}, {"==", 0}, {"x = 1", 0},
	} {
		if got := replEcho(c.line); got != c.want {
			t.Errorf("replEcho(%q) = %d, want %d", c.line, got, c.want)
		}
	}
	for _, c := range []struct {
		line string
		want int
	}{
		{"2b3c78e928968912  4bd417244c8ce4d7", 2},
		{"k3d9-x8q2  m4n7-p2w5  r8t3-y6u1", 3},
		{"status  done  ok", 0},
		{"1234  5678", 0},
		{"abc123  abcd1234", 0},
	} {
		if got := len(codeColumns(c.line, 0, len(c.line))); got != c.want {
			t.Errorf("codeColumns(%q) = %d columns, want %d", c.line, got, c.want)
		}
	}
	for _, c := range []struct {
		text, at string
		want     string
	}{
		{"NAME   TYPE    AGE\nfoo    Opaque  3d", "Opaque", "TYPE"},
		{"$ docker images\nREPOSITORY  TAG  IMAGE ID\napp         v1   9f8e7d6c5b4a", "9f8e", "IMAGE ID"},
		{"COMPUTERNAME        BUILD01\nKEY   abc", "abc", ""},
		{"some prose\nNAME   TYPE\nfoo    Opaque", "Opaque", ""},
	} {
		pos := strings.LastIndex(c.text, c.at)
		if got := alignedColumn(c.text, pos); got != c.want {
			t.Errorf("alignedColumn(%q) = %q, want %q", c.text, got, c.want)
		}
	}
	for _, c := range []struct {
		text string
		want bool
	}{
		{"[user]\n  name = A\n  signingkey = X", true},
		{"[webhook]\nsigningkey = X", false},
		{"git config user.signingkey X", true},
		{"signingkey = X", false},
	} {
		if got := gitUserSection(c.text, strings.LastIndex(c.text, "signingkey")); got != c.want {
			t.Errorf("gitUserSection(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// TestRound15SigningKeyOutsideGit checks the review leftover of round 14: the signing-key
// exemption holds in git's config only; elsewhere a key named signingkey is redacted.
func TestRound15SigningKeyOutsideGit(t *testing.T) {
	g := newGen(15)
	id := strings.ToUpper(g.s(hexLow, 16))
	for _, c := range []struct {
		text string
		kept bool
	}{
		{"[user]\n  signingkey = " + id, true},
		{"git config --global user.signingkey " + id, true},
		{`{"signingkey": "` + id + `"}`, false},
		{"[webhook]\nsigningkey = " + id, false},
	} {
		out, _ := defaultRedactor.Redact(c.text)
		if kept := strings.Contains(out, id); kept != c.kept {
			t.Errorf("%q → %q: kept %v, want %v", c.text, out, kept, c.kept)
		}
	}
}
