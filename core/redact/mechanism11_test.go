package redact

import (
	"strconv"
	"strings"
	"testing"
)

// byteList is n random byte values written as a JSON or Rust array body: 1,200,33,….
func (g *gen) byteList(n int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = strconv.Itoa(g.r.IntN(256))
	}
	return strings.Join(parts, ",")
}

// Tuning cases for the sixth round (issue 15): each mechanism found from the fresh4 table's
// misses and false positives (fresh4 was blind until round 6 read it), written with other
// services, tools and shapes than fresh4's own, and look-alikes on the other side of each
// mechanism's boundary.

func mechanismSecrets11(g *gen) []secretCase {
	a := func(n int) string { return g.s(alnum, n) }
	return []secretCase{
		// Capability URLs: after a hook word in the path or the host, the generated segments;
		// a credential-named query parameter's generated value.
		sc("hooks path lower+digits", "POST https://chat.example.org/hooks/%s", g.s(lowNum, 26)),
		sc("webhooks two segments", "https://notify.example.com/api/webhooks/%s/%s", a(12), a(40)),
		sc("incoming base64 with slashes", "curl -d @msg.json https://im.example.net/v2/incoming/%s", a(30)+"/"+a(5)+"/"+a(20)+"/x"+a(1)+"/"+a(14)),
		sc("hook host", "https://hook.us2.example.io/%s", g.s(lowNum, 32)),
		sc("trigger with key", "https://events.example.com/trigger/nightly_sync/with/key/%s", g.s(b64url, 22)),
		sc("build hook hex", "curl -X POST -d {} https://ci.example.dev/build_hooks/%s", g.s(hexLow, 24)),
		sc("deploy hook", "https://paas.example.com/v1/deploy/%s", a(18)),
		sc("ingest uuid", "https://logs.example.com/ingest/%s/tag/app/", g.uuid()),
		sc("query key short", "https://api.example.com/deploy/svc-1?key=%s", a(11)),
		sc("query token amp", "https://status.example.com/feed?format=json&token=%s", a(24)),
		sc("query api key name", "https://http-intake.logs.example.com/api/v2/logs?dd-api-key=%s", g.s(hexLow, 32)),
		sc("query build token", "curl https://ci.example.com/job/app/build?token=%s", "deploy"+g.digitsN(4)+"x"),
		sc("logic app sig", "https://prod-00.westus.logic.example.com/workflows/0a1b2c3d/triggers/manual/paths/invoke?api-version=2016-06-01&sp=read&sv=1.0&sig=%s", g.s(b64url, 43)),
		sc("ping host uuid", "curl -fsS -m 10 https://hc-ping.example.com/%s", g.uuid()),
		sc("webhookb2 path", "https://acme.example.com/webhookb2/%s@%s", g.uuid(), g.uuid()),

		// The other side of the public and reference boundaries: a private key's DER (PKCS#8
		// starts with INTEGER 0), a server SDK's init given a secret-marked key, a value under a
		// parent that does not say encrypted, a URI with a generated segment, a key that merely
		// ends in a repeated character.
		sc("pkcs8 der base64", "key_der = %s", "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ"+g.s(b64, 120)),
		sc("server init sk", `Acme.initialize("sk_%s")`, a(40)),
		sc("write key to load", `analytics.load("%s");`, a(32)),
		sc("under plain parent", "spec:\n  data:\n    password: %s", g.s(b64, 120)),
		sc("reference-looking with token", "API_TOKEN=https://hooks.example.com/services/%s", a(32)),
		// Credential sinks: a literal piped into a command whose words name a credential, or
		// redirected into a file whose name does; commands that hash their argument.
		sc("pipe to vault login", "printf %s | vault login -", "'"+g.s(alnum, 24)+"'"),
		sc("pipe to gh auth", "echo %s | gh auth login --with-token", g.s(alnum, 40)),
		sc("echo group to pdbedit passwd", "(echo %s; echo %s) | sudo pdbedit --set-password -a -u bob", "Qx"+g.s(alnum, 10), "Qx"+g.s(alnum, 10)),
		sc("redirect to token file", "echo '%s' > ~/.config/acme/token", g.s(lowNum, 28)),
		sc("redirect to pw file", `printf "%s" >> /etc/app/db.pw`, "Harbor"+g.digitsN(3)+"Lamp"),
		sc("printf format then literal", "printf '%b' '%s' | npx wrangler secret put API_KEY", g.s(alnum, 32)),
		sc("bind tsig secret", "key \"xfer\" {\n\talgorithm hmac-sha256;\n\tsecret \"%s\";\n};", g.b64std(32)),
		sc("pipe to keyring", `echo "%s" | keyring set mail alice`, g.weakPassword(4)+"X"),
		sc("wpa-psk quoted", "iface wlan0 inet dhcp\nwpa-psk \"%s\"", g.passphrase()),
		sc("compound key directive", "auth-key %s", g.password()),
		sc("entry key attribute", `<entry key="smtp.password">%s</entry>`, g.weakPassword(2)),
		sc("param name attribute", `<param name="apiToken" type="string">%s</param>`, a(32)),
		sc("capistrano symbol pair", `set :deploy_password, "%s"`, g.password()),
		sc("yaml core tag", "api_key: !!str %s", a(24)),
		sc("mkpasswd", "mkpasswd -m sha-512 %s", g.weakPassword(2)),
		sc("openssl passwd salt", "openssl passwd -1 -salt xy %s", "otter"+g.digitsN(4)),
		sc("ykpersonalize slot 2", "ykpersonalize -2 -ofixed=vvccccfiluij -a%s", g.s(hexLow, 32)),
		// Directives of network devices and daemons.
		sc("ios enable password 7", "enable password 7 %s", g.s(hexUp, 22)),
		sc("ospf authentication-key", " ip ospf authentication-key 7 %s", g.s(hexUp, 18)),
		sc("isakmp key 0", "crypto isakmp key 0 %s address 203.0.113.7", g.weakPassword(3)),
		sc("rocommunity", "rocommunity %s 10.0.0.0/8", "mon"+g.s(alnum, 9)),
		sc("radius server-key line", "radius server R1\n address ipv4 10.1.1.5\n server-key %s", g.weakPassword(1)),
		sc("ipsec eap", "carol@example.org : EAP \"%s\"", g.passphrase()),
		sc("ipsec psk ids", "@moon.example.org @sun.example.org : PSK '%s'", g.s(b64, 32)),
		sc("chrony key hex", "# /etc/chrony.keys\n10 SHA256 HEX:%s", g.s(hexUp, 64)),
		sc("ntp key ascii", "3 MD5 %s", "k"+g.s(alnum, 11)),
		sc("scheme ssha", "userPassword: {SSHA}%s", g.s(b64, 32)),
		sc("scheme cleartext", "bob:{CLEARTEXT}%s:1001:1001::/home/bob", g.weakPassword(0)),
		sc("nickserv privmsg", "PRIVMSG NickServ :IDENTIFY bob %s", g.weakPassword(2)),
		sc("ns identify", "/ns identify %s", g.passphrase()),
		sc("header after a blank", `add_header Authorization "Bearer %s";`, g.s(alnum, 32)),
		sc("proxy-authorization after a blank", `proxy_set_header Proxy-Authorization "Basic %s";`, b64text("svc:"+g.s(alnum, 12))),
		// Names: an access key pair's abbreviations, a secret with an id's shape, a generated
		// key id given as the user, a subscript's key, a wallet's recovery words, an element
		// with attributes, the aligned tables CLIs print.
		sc("ak sk pair", "export OBS_AK=%s\nexport OBS_SK=%s", g.s(upNum, 20), a(40)),
		sc("access key id camel", `"accessKeyId": "%s",`, g.s(upNum, 24)),
		sc("secret id env", "VAULT_SECRET_ID=%s", g.uuid()),
		sc("secretId json", `{"roleId": "r", "secretId": "%s"}`, g.uuid()),
		sc("generated user id", `"username": "%s", "password": "%s"`, g.s(upNum, 20), a(32)),
		sc("subscript python", `os.environ["SMTP_PASSWORD"] = "%s"`, g.weakPassword(4)),
		sc("subscript php", `$config['api_token'] = '%s';`, a(32)),
		sc("subscript ruby symbol-less", `settings["db_password"] = "%s"`, g.passphrase()),
		sc("seed phrase", `seed_phrase: "%s"`, "ocean ladder velvet candle ember orbit prism quartz raven saddle timber vapor"),
		sc("recovery phrase env", "RECOVERY_PHRASE='%s'", "apple banana cherry delta eagle falcon garnet harbor island jungle kettle lemon"),
		sc("element with attributes", `<password type="plain">%s</password>`, g.weakPassword(1)),
		sc("element api key attr", `<ApiKey env="prod">%s</ApiKey>`, a(32)),
		sc("table token", "Key                Value\n---                -----\nclient_secret      %s\nclient_id          web", a(32)),
		// user:password given to HTTP clients' auth flags; cookies on a command line.
		sc("httpie -a", "http -a deploy:%s GET https://api.example.com/v1/status", g.weakPassword(3)),
		sc("hey -a", "hey -n 100 -a bob:%s https://svc.example.com/", g.passphrase()),
		sc("ab proxy auth", "ab -n 10 -P proxyuser:%s http://intranet.example.com/", g.weakPassword(2)),
		sc("long auth flag", "mirror-tool --auth ci:%s sync", g.password()),
		sc("proxy-auth flag", "fetcher --proxy-auth=ops:%s https://x.example.com", g.s(alnum, 16)),
		sc("curl cookie long", `curl --cookie "theme=dark; session_token=%s" https://app.example.com`, a(32)),
		sc("curl -b sid", "curl -s -b 'csrftoken=abc; sid=%s' https://app.example.com/api", g.s(lowNum, 24)),
		// Key material by its framing: a PEM-style block whose label says key, doubled-dollar
		// hashes, bech32 strings whose prefix says secret.
		sc("hmac key block", "-----BEGIN HMAC KEY-----\n%s\n-----END HMAC KEY-----", g.s(b64, 64)),
		sc("apr1 doubled", "HTPASSWD=admin:$$apr1$$%s", g.s(alnum, 8)+"$$"+g.s(alnum+"./", 22)),
		sc("bcrypt doubled", `users: "bob:$$2b$$12$$%s"`, g.s(alnum+"./", 53)),
		sc("bech32 prv", "export WALLET_KEY=zprv1%s", g.s(bech32, 58)),
		// Connect calls given a DSN literal, a user and a password.
		sc("pdo", `$db = new PDO("mysql:host=db;dbname=app", "app", "%s");`, g.weakPassword(1)),
		sc("dbi mysql", `DBI->connect("dbi:mysql:database=app;host=db", $user, "%s")`, g.password()),
		sc("odbc connect", `pyodbc.connect("Driver={ODBC Driver 18};Server=db;Database=app", "sa", "%s")`, g.passphrase()),
		// A key id glued to its secret in one literal; key material as a list of bytes.
		sc("id dot id colon secret", `new Realtime({ key: "%s" })`, g.s(alnum, 5)+"x."+g.s(alnum, 7)+"Q:"+g.s(b64url, 40)),
		sc("key id colon secret", `client = Api("%s")`, "K9"+g.s(alnum, 12)+":"+g.s(alnum, 36)),
		sc("keypair json", "Keypair.fromSecretKey(Uint8Array.from([%s]))", g.byteList(64)),
		sc("seed bytes after key word", "let seed: [u8; 32] = [%s];", g.byteList(32)),
		sc("keypair bytes cut short", "cat ~/.config/solana/id.json gives [%s ...", g.byteList(52)),
		sc("repeated tail after random body", "STRIPE_KEY=sk_live_%s", a(20)+"0000000000"),
	}
}

func mechanismInnocent11(g *gen) []string {
	return []string{
		// URLs whose hook words are followed by ids, words or nothing generated.
		"GET https://api.github.com/repos/acme/app/hooks/" + g.digitsN(9) + "/deliveries",
		"https://docs.example.com/webhooks/incoming/getting-started",
		"https://events.example.com/trigger/nightly_sync/with/key/{your_key}",
		"https://hooks.example.com/",
		"see https://example.com/deploy/production/v2.14.3/notes",
		"https://github.com/acme/app/blob/" + g.s(hexLow, 40) + "/docs/hooks.md",
		"https://registry.example.com/v2/app/blobs/sha256:" + g.s(hexLow, 64),
		"https://example.com/search?q=token&page=2",
		"https://example.com/api?key=value&sort=asc",
		"https://api.example.com/v1/items?page_token=" + g.s(alnum, 24) + "&limit=50",
		"https://example.com/search?key=release-notes&token=v2.3.1",
		"https://ping.example.com/docs/getting-started",
		"https://ci.example.dev/build_hooks/release2024",
		"https://kv.example.net/secrets/db-password/",

		// References to a secret kept elsewhere, template and code references cut by the
		// value's end, calls with a namespace or a leading @.
		"DB_PASSWORD=bws://secrets/prod-db/password",
		"client_secret: sm://acme-prod/oauth-client-secret",
		"SMTP_PASSWORD=ref+gcpsecrets://acme-prod/smtp-password",
		`"ApiKey": "@Secrets.Get(api-key)"`,
		"password: $__file{/run/secrets/db}",
		"token = %(API_TOKEN)s",
		"let secret = dotenvy::var(\"APP_SECRET\")?;",
		"$token = $this->config->get('token');",
		// Ciphertext meant to be committed.
		"sops:\n  db_password: ENC[AES256_GCM,data:" + g.s(b64, 32) + ",iv:" + g.s(b64, 43) + "=,tag:" + g.s(b64, 22) + "==,type:str]",
		"spec:\n  encrypted_values:\n    api_token: " + g.s(b64, 300),
		// Echoes into filters, of placeholders, of words and dates into files that hold no secret.
		"echo " + g.s(alnum, 20) + " | grep token",
		"echo '" + g.s(hexLow, 40) + "' | sha256sum",
		"echo \"$REGISTRY_TOKEN\" | docker login ghcr.io -u bot --password-stdin",
		"echo 2024-01-01 > last_login.txt",
		"echo done > ~/.cache/token-refresh.log",
		"echo " + g.s(alnum, 12) + " > build_id.txt",
		"echo ok || echo failed | mail -s auth admin",
		"openssl passwd -help",
		// Directives without a secret: factory communities, key chains and ids, prose.
		"snmp-server community public RO",
		"rocommunity private default",
		"key 0x1F2E3D4C",
		"key chain OSPF-KEYS",
		"Secret Santa\nsecret sauce\nKey Lime",
		`<entry key="smtp.host">mail.example.com</entry>`,
		`<input name="password" type="password">`,
		"set :deploy_to, \"/var/www/app\"",
		"api_key: !!str",
		"echo ok | vault status",
		"secret \"<your-tsig-secret>\";",
		"printf '%s\\n' \"$API_KEY\" | npx wrangler secret put API_KEY",
		"enter the password 5 times, then the key 7 facts list",
		"the key is in the vault",
		"1 SHA256 mismatch",
		"set {PLAIN} as the default scheme",
		"use /ns identify <password> to log in",
		"proxy_set_header Authorization $http_authorization;",
		"the Authorization header carries a Bearer token",
		// Names that hold no secret: empty or numeric abbreviations, settings about a secret id,
		// ordinary and service user names, a subscript read, a phrase's length, empty elements,
		// table rows about a secret.
		"OBS_AK=",
		"MAX_SK=12",
		"secret_id_ttl         0s\nsecret_id_num_uses    0",
		"username=alice",
		`"username": "SVC_BACKUP_2024"`,
		"user: ADMINISTRATOR",
		"username: ADMINISTRATOR2024",
		`value = settings["smtp_password"]`,
		"config['token'] ||= ENV['TOKEN']",
		"mnemonic_length: 24",
		"MNEMONIC=",
		`<Pass encoding="base64"></Pass>`,
		"token_type             service\ntoken_policies         [default]\ntoken_ttl              768h",
		"secret_id_accessor    " + g.uuid(),
		"type runner struct {\n\tpass     *analysis.Pass\n\tkey      tracker.KeyTracker\n\tsecret   string\n\tPassword *uint16\n}",
		"type mapType struct {\n\tkey  Type\n\telem Type\n}",
		"\tresp[\"refresh_token\"] = testRefreshToken",
		"switch token := token.(type) {",
		"type Config struct {\n\tBaseURL   string\n\tAPIKey    string\n\tToken     []byte\n\tTimeout   time.Duration\n}",
		"mk(\"zapier\", `https://hooks\\.zapier\\.com/hooks/catch/\\d+/[A-Za-z0-9]+`)",
		// Auth flags, cookies, key blocks and connect calls without a secret.
		"rsync -a backup:/srv/data ./data",
		"http -a $API_USER:$API_PASS GET https://api.example.com",
		"ab -n 1000 -c 10 http://localhost:8080/",
		"mytool --auth-type basic --auth localhost:8080",
		"curl -b cookies.txt https://app.example.com",
		`curl --cookie "theme=dark" https://app.example.com`,
		"git checkout -b feature/login-token",
		"-----BEGIN RSA PUBLIC KEY-----\n" + g.s(b64, 64) + "\n-----END RSA PUBLIC KEY-----",
		"the -----BEGIN KEY----- line starts the block",
		`psycopg2.connect("dbname=app user=app")`,
		`DBI->connect("dbi:SQLite:dbname=app.db", "", "")`,
		"$db = new PDO($dsn, $user, $pass);",
		// Words before a colon, digests, and number lists that are not key bytes.
		`"image": "registry.example.com/app:` + g.s(hexLow, 12) + `"`,
		"[" + strings.Repeat("0,", 63) + "0]",
		"histogram: [" + g.byteList(32) + "]",
		"pixels: [" + g.byteList(48) + "]",
		"first bytes: [" + g.byteList(20) + " ...",
		"The list [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33 ...",
		"counts: [" + strings.Repeat("1,2,3,", 12) + "4 ...",
		"[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,300]",
		// Documentation's dummies.
		"export AWS_SECRET_ACCESS_KEY=je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY",
		"GITHUB_TOKEN=ghp_000000000000000000000000000000000000",
		"SENDGRID_API_KEY=SG.xxxxxxxxxxxxxxxx",
		// Public by structure or name: an EC public key's DER, a page's site key, a domain's
		// verification token, a hashed known_hosts line, a namespaced id, a bech32 address, a
		// browser SDK's init key, a publishable prefix under a token's name.
		"public.der (base64): MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE" + g.s(b64, 88),
		"TXT \"v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + g.s(b64, 300) + "IDAQAB\"",
		`<div class="h-captcha" data-sitekey="` + g.s(alnum, 40) + `"></div>`,
		"example.com. 300 IN TXT \"acme-domain-verification=k" + g.s(b64url, 42) + "\"",
		"|1|" + g.s(b64, 27) + "=|" + g.s(b64, 27) + "= ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB" + g.s(b64, 40),
		"ocid1.vcn.oc1.iad." + g.s(lowNum, 60),
		"cosmos1" + g.s(bech32, 38),
		"addr1" + g.s(bech32, 98),
		"mixpanel.init(\"" + g.s(alnum, 32) + "\", {debug: true});",
		"const clerk = { publishableToken: 'pk_live_" + g.s(b64, 40) + "' }",
	}
}

// TestRound6KeepsWhatIsNotTheSecret checks the parts of a match that must stay readable: a
// word before a compound key's colon, the words of a capability URL, the command of a sink.
func TestRound6KeepsWhatIsNotTheSecret(t *testing.T) {
	g := newGen(7)
	for _, c := range []struct{ text, keep string }{
		{`run("deploy:` + g.s(alnum, 40) + `")`, `"deploy:`},
		{"https://logs.example.com/inputs/" + g.uuid() + "/tag/http/", "/tag/http/"},
		{"https://events.example.com/trigger/nightly_sync/with/key/" + g.s(alnum, 22), "/trigger/nightly_sync/with/key/"},
		{"echo 'Zq" + g.s(alnum, 10) + "' | kinit svc@EXAMPLE.ORG", "| kinit svc@EXAMPLE.ORG"},
		{"username admin privilege 15 password 7 " + g.s(hexUp, 22), "username admin privilege 15 password 7 "},
		{"the switch has `enable password 7 " + g.s(hexUp, 22) + "` in its config", "` in its config"},
		{"`bob:{PLAIN}" + g.s(alnum, 12) + "` is the passdb line", "` is the passdb line"},
	} {
		out, fs := Redact(c.text)
		if len(fs) == 0 || !strings.Contains(out, c.keep) {
			t.Errorf("Redact(%q) = %q: want a redaction that keeps %q", c.text, out, c.keep)
		}
	}
}
