package redact

import (
	"encoding/base64"
	"strings"
	"testing"
	"unicode/utf16"
)

// Tuning cases for the eighth round (issue 15): each cause found in fresh6's odd half, written
// with other services, tools and shapes than fresh6's own (whose even half is held back and
// whose strings are not copied here). Secrets: the slots and formats the rules did not read —
// a secret element's neutral child, a call that takes a credential by its receiver or its
// argument order, password hashes and keys printed by format, a reply's numbered key/value
// lines, here-strings and password commands, enrolment verbs, a tool's "set" of a dotted
// setting, a passwords section, push and receiver endpoints. Look-alikes: per-request proofs
// and protocol values, typed ids, encodings of public or plain text, ciphertext, masks,
// references, stickiness cookies and code.

// b64utf16 is base64 of s in little-endian UTF-16, as Windows encodes a command or a password.
func b64utf16(s string) string {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return base64.StdEncoding.EncodeToString(b)
}

func mechanismSecrets13(g *gen) []secretCase {
	pw := g.s(alnum+"!#%", 14)
	return []secretCase{
		// A secret element whose value sits in a neutral child.
		sc("nested value element", "<AdministratorPassword>\n  <Value>%s</Value>\n  <PlainText>false</PlainText>\n</AdministratorPassword>", b64utf16(g.password()+"AdministratorPassword")),
		sc("nested string element", "<SmtpPassword>\n    <string>%s</string>\n</SmtpPassword>", pw),
		// Calls that take a credential: by the receiver's name, by argument order, through a
		// conversion of the literal.
		sc("auth receiver basic", `client.setAuthenticator(HttpAuth.basic("deploy", "%s"))`, g.s(alnum, 12)),
		sc("four-argument credentials", `mgr.credentials("repo.example.org:443", "Nexus", "ci", "%s")`, g.password()),
		sc("literal converted", `NetworkCredential cred = new NetworkCredential("svc", "%s".toCharArray());`, g.password()),
		// Password hashes and keys printed by format.
		sc("mysql native hash in a grant", "GRANT USAGE ON *.* TO 'report'@'%' IDENTIFIED WITH mysql_native_password AS '*%s'", g.s(hexUp, 40)),
		sc("mysql native hash bare", "report@10.0.0.%: *%s", g.s(hexUp, 40)),
		sc("kerberos arcfour key", "ktutil:  list -k\nslot KVNO Principal\n   1    3 svc/db01.example.org@EXAMPLE.ORG (arcfour-hmac)  (0x%s)", g.s(hexLow, 32)),
		sc("digest file line", "ops:Admin-Area:%s", g.s(hexLow, 32)),
		// A numbered key/value reply.
		sc("numbered reply", "127.0.0.1:6380> CONFIG GET masterauth\n1) \"masterauth\"\n2) \"%s\"", pw),
		// Here-strings and password commands.
		sc("here-string into cryptsetup", "sudo cryptsetup open /dev/sdb1 vault --key-file=- <<< '%s'", g.password()),
		sc("here-string into openssl -pass", `openssl enc -aes-256-cbc -pass stdin -in a.txt -out a.enc <<< "%s"`, g.s(alnum, 12)),
		sc("password command flag", `rclone sync ./docs crypt:docs --password-command "echo %s"`, "CopperLanternWillow"),
		sc("password command setting", `password_cmd = 'echo %s'`, g.password()),
		// Enrolment verbs.
		sc("enroll token", "agentctl enroll %s", g.s(alnum, 28)),
		sc("claim short key", "$ edge-agent claim %s", g.s(upper, 4)+g.s(lower, 4)+g.s(digits, 2)+g.s(upper, 2)),
		sc("join host path token", "clusterctl join 192.168.1.10:6443/%s/%s", g.s(hexLow, 32), g.s(hexLow, 16)),
		// A tool's "set" of a dotted or colon-separated setting.
		sc("set dotted password", "opnctl set system.webgui.password %s", g.s(lower, 6)+g.digitsN(3)),
		sc("set colon secret", `dotnet user-secrets set "Smtp:Password" %s`, g.password()),
		// A passwords section.
		sc("passwords section", "[passwords]\nadmin = %s\nreader = %s\n", g.s(alnum, 10), g.s(alnum+"-", 12)),
		sc("basic-auth section", "[basic-auth]\nops: %s\n\n[options]\nretry: 3", g.password()),
		sc("flag user:password", "httpstat -C ops:%s https://api.example.org/health", g.s(lower, 5)+"-"+g.s(upper, 2)+g.digitsN(2)+"-"+g.s(lower, 4)),
		sc("auth ident", `registryAuthIdent: "bot:%s"`, g.password()),
		// Push and receiver endpoints, signed paths.
		sc("push endpoint", "curl -fsS https://hc.example.io/push/%s?ok=1", g.s(alnum, 12)),
		sc("receiver endpoint", "https://logs.example.net/receivers/http/%s", g.s(alnum, 40)),
		sc("signed media path", "https://cdn.example.com/media/signed/%s/photo.jpg", "s--"+g.s(alnum, 8)+"--"),
		// Boundaries on the secret side: a private key's PEM in base64, a session cookie beside
		// attributes.
		sc("private key base64", "client-key-data: %s", b64text("-----BEGIN EC PRIVATE KEY-----\n"+g.b64std(90)+"\n-----END EC PRIVATE KEY-----\n")),
		sc("session cookie with expiry", "Set-Cookie: sessionid=%s; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Path=/", g.s(lowNum, 32)),
	}
}

func mechanismInnocent13(g *gen) []string {
	h := func(n int) string { return g.s(hexLow, n) }
	return []string{
		// Per-request proofs, handshakes and trace context.
		"X-Hub-Signature-256: sha256=" + h(64),
		"X-Slack-Signature: v0=" + h(64),
		"Paddle-Signature: ts=17" + g.digitsN(8) + ";h1=" + h(64),
		"X-Line-Signature: " + g.b64std(32),
		"GET /chat HTTP/1.1\nUpgrade: websocket\nSec-WebSocket-Key: " + g.b64std(16) + "\nSec-WebSocket-Version: 13",
		"traceparent: 00-" + h(32) + "-" + h(16) + "-01",
		"X-Cloud-Trace-Context: " + h(32) + "/" + g.digitsN(12) + ";o=1",
		"sentry-trace: " + h(32) + "-" + h(16) + "-1",
		"Signature    : DSA/SHA1, Mon 01 Jan 2024 10:00:00 AM UTC, Key ID " + h(16),
		// Protocol values that are public by design.
		"https://login.example.org/authorize?response_type=code&client_id=web&code_challenge=" + g.s(b64url, 43) + "&code_challenge_method=S256&state=" + g.s(b64url, 32),
		"https://example.org/.well-known/acme-challenge/" + g.s(b64url, 43),
		// Typed hex ids.
		"messaging service MG" + h(32) + " sent 12 messages",
		"call CA" + h(32) + " completed after 42s",
		// Encodings of public material or plain text.
		"certificate-authority-data: " + b64text("-----BEGIN CERTIFICATE-----\n"+g.b64std(120)+"\n-----END CERTIFICATE-----\n"),
		"pwsh -NoLogo -EncodedCommand " + b64utf16("Get-ChildItem -Recurse | Measure-Object -Property Length -Sum"),
		"age1tpm1q" + g.s(bech32, 58),
		// Ciphertext meant to be committed, masks, references.
		"smtp::password: ENC[GPG," + g.s(b64, 200) + "]",
		"mail.password: ENC(" + g.b64std(32) + ")",
		`api_token: "XXXX-XXXX-XXXX-XXXX"`,
		`client_secret = "********-****-****-****"`,
		"  token:\n    from_secret: npm_token",
		`fromSecret: registry_password`,
		`api_key: "{{ lookup('community.general.passwordstore', 'secret=apps/api create=true length=32') }}"`,
		// Settings that describe how a credential is checked, published values.
		"ldap://dc.example.org/?authMechanism=GSSAPI-KRB5&tls=true",
		"auth_scheme: NTLMv2",
		"apple-domain-verification=" + g.s(alnum, 20),
		// Code, not a literal.
		"const apiAuth = new AuthClient({ domain: 'example.org', clientId: 'web' });",
		"token = await getAccessTokenSilently({ audience: 'api' })",
		// Stickiness cookies and cookie attributes.
		"Set-Cookie: ARRAffinity=" + h(64) + ";Path=/;HttpOnly;Domain=app.example.net",
		"Set-Cookie: AWSELB=" + strings.ToUpper(h(80)) + "; Expires=Thu, 01 Jan 2026 00:00:00 GMT; Path=/",
		// Boundaries of the new slots: words and ids where a token could stand.
		"systemctl enable --now nginx",
		"zerotier-cli join " + h(16),
		"sudo tool register ./plugins/local",
		"kubectl set image deployment/api api=registry.example.org/api:1.2.3",
		"racadm set iDRAC.NIC.DNSRacName web01",
		`dotnet user-secrets set "Logging:LogLevel" Debug`,
		"You can set db.password to anything you like.",
		"(`opnctl set system.Password …`, found by redacting this README)",
		"[credential]\n\thelper = osxkeychain",
		"[passwords]\nmin_length = 12\n",
		"curl -fsS https://hc.example.io/push/daily-backup?ok=1",
		"grep output: main.go:12:" + h(32),
		"echo done <<< 'notes'",
		"docker build -t api:Build42x . && docker run -p 8080:80 -v cache:/var/cache api:Build42x",
		"tool --range bytes:0-1023 --since day:2024-01-01",
		"mc --label tier:Frontend2 --host backup:local",
		`restic snapshots --password-file /etc/restic/pw`,
		`mgr.credentials("repo.example.org:443", "Nexus", user, password)`,
	}
}

// TestRound8Mechanisms checks single decisions of round 8 at their edges.
func TestRound8Mechanisms(t *testing.T) {
	g := newGen(13)
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"PN" + g.s(hexLow, 32), true}, {"AC" + g.s(hexLow, 32), true},
		{"SK" + g.s(hexLow, 32), false}, {"PN" + g.s(hexUp, 32), false}, {"PN" + g.s(hexLow, 12), false},
	} {
		if got := typedHexID(c.s); got != c.want {
			t.Errorf("typedHexID(%q) = %v, want %v", c.s, got, c.want)
		}
	}
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx", true}, {"XXXX-XXXX-XXXX", true}, {"****-****-****", true},
		{"xxxxxxxxxxxx", false}, {"xxxx-x1xx-xxxx", false}, {"xx-xx", false},
	} {
		if got := maskShape(c.s); got != c.want {
			t.Errorf("maskShape(%q) = %v, want %v", c.s, got, c.want)
		}
	}
	// A cookie's attributes stay while its value goes.
	out, _ := Redact("Set-Cookie: sid=" + g.s(lowNum, 32) + "; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Path=/")
	if !strings.Contains(out, "Expires=Wed, 21 Oct 2026 07:28:00 GMT; Path=/") || !strings.Contains(out, "[REDACTED") {
		t.Errorf("cookie attributes: got %q", out)
	}
	// UTF-16 text is text only when every second byte is zero.
	if !utf16Text([]byte("G\x00e\x00t\x00-\x00D\x00a\x00t\x00e\x00")) || utf16Text([]byte("G\x01e\x00t\x00-\x00D\x00a\x00t\x00e\x00")) {
		t.Errorf("utf16Text misjudges")
	}
}
