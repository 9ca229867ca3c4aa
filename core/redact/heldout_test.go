package redact

// The held-out table (second). It was written after the first held-out table was spent
// (spent_test.go) and committed alone, with its measured figures, before any further rule change;
// its providers, tools and look-alike shapes are in neither the tuning table nor the spent one.
// No rule may be added or changed to make a case here pass: it measures how the redactor does on
// what nobody tuned it on. New cases that show a problem go into the tuning table instead.

// passphrase is a human-made passphrase: words and a number joined by hyphens.
func (g *gen) passphrase() string {
	words := []string{"lantern", "Mosaic", "tundra", "Pepper", "orbit", "Walnut", "quiver", "Saffron"}
	return words[g.r.IntN(len(words))] + "-" + words[g.r.IntN(len(words))] + "-" + g.s(digits, 3) + "-" + words[g.r.IntN(len(words))]
}

func heldOutSecrets(g *gen) []secretCase {
	return []secretCase{
		// Model and data providers with no published prefix, or one no rule knows.
		sc("mistral bare", "mistral client key %s", g.s(alnum, 32)),
		sc("cohere client", "co = cohere.ClientV2('%s')", g.s(alnum, 40)),
		sc("fireworks", "fw key fw_%s", g.s(alnum, 24)),
		sc("cerebras", "cerebras csk-%s", g.s(lowNum, 48)),
		sc("voyage", "voyageai.Client(api_key='pa-%s')", g.s(b64url, 43)),
		sc("elevenlabs header", "-H 'xi-api-key: sk_%s'", g.s(hexLow, 48)),
		sc("deepgram header", "Authorization: Token %s", g.s(hexLow, 40)),
		sc("algolia header", `-H "X-Algolia-API-Key: %s"`, g.s(hexLow, 32)),
		sc("netlify", "netlify deploy --auth nfp_%s", g.s(alnum, 36)),
		sc("vercel", "vercel --token %s deploy", g.s(alnum, 24)),
		sc("linode cli", "linode-cli --token %s linodes list", g.s(hexLow, 64)),
		sc("hcloud env", "HCLOUD_TOKEN=%s hcloud server list", g.s(alnum, 64)),
		sc("scaleway", "SCW_SECRET_KEY=%s", g.uuid()),
		sc("ovh ini", "[ovh-eu]\napplication_key=%s\napplication_secret=%s", g.s(alnum, 16), g.s(alnum, 32)),
		sc("backblaze", "b2 authorize-account 005%s K005%s", g.s(hexLow, 22), g.s(b64, 27)),
		sc("minio alias", "mc alias set prod https://s3.acme.io minio-admin %s", g.s(alnum, 40)),
		sc("datadog app key", "DD_APP_KEY=%s", g.s(hexLow, 40)),
		sc("mailjet private", "MJ_APIKEY_PRIVATE=%s", g.s(hexLow, 32)),
		sc("segment write key", `analytics.load("%s")`, g.s(alnum, 32)),
		sc("twitch oauth", "PASS oauth:%s", g.s(lowNum, 30)),
		sc("bitwarden session", "export BW_SESSION=\"%s\"", g.b64std(64)),
		sc("consul token", "CONSUL_HTTP_TOKEN=%s consul members", g.uuid()),
		sc("nomad flag", "nomad job run -token=%s job.hcl", g.uuid()),
		sc("shopify header", "X-Shopify-Access-Token: %s", g.s(alnum, 32)),
		sc("totp uri", "otpauth://totp/ACME:alice?secret=%s&issuer=ACME", g.s(base32, 32)),
		sc("jupyter url", "http://127.0.0.1:8888/lab?token=%s", g.s(hexLow, 48)),

		// Command lines.
		sc("az login -p", "az login -u alice@acme.io -p %s", g.password()),
		sc("kubectl set-credentials", "kubectl config set-credentials ci --token=%s", g.s(b64url, 40)),
		sc("helm repo", "helm repo add acme https://charts.acme.io --username ci --password %s", g.passphrase()),
		sc("git oauth2 url", "git clone https://oauth2:%s@gitlab.acme.io/team/app.git", g.s(b64url, 26)),
		sc("ftp url", "lftp ftp://deploy:%s@ftp.acme.io", g.passphrase()),
		sc("ldapsearch -w", "ldapsearch -x -D cn=admin,dc=acme -w %s -b dc=acme", g.password()),
		sc("psql conninfo", `psql "host=db user=app password=%s dbname=app"`, g.password()),
		sc("mongosh -p", "mongosh -u admin -p %s --authenticationDatabase admin", g.password()),
		sc("sqlcmd -P", "sqlcmd -S db -U sa -P %s -Q 'select 1'", g.password()),
		sc("openssl -k", "openssl enc -aes-256-cbc -k %s -in a -out b", g.passphrase()),
		sc("zip -P", "zip -P %s backup.zip db.sql", g.password()),
		sc("7z -p", "7z a -p%s archive.7z dir", g.password()),
		sc("gpg passphrase", "gpg --batch --passphrase %s -d secrets.gpg", g.passphrase()),
		sc("vault write password", "vault write auth/userpass/users/alice password=%s", g.password()),
		sc("wget http-password", "wget --http-user=ci --http-password=%s https://x", g.password()),
		sc("keytool storepass", "keytool -list -keystore app.jks -storepass %s", g.password()),
		sc("htpasswd -b", "htpasswd -b .htpasswd alice %s", g.password()),
		sc("rabbitmqctl add_user", "rabbitmqctl add_user worker %s", g.passphrase()),
		sc("aws configure set", "aws configure set aws_secret_access_key %s", g.s(b64, 40)),
		sc("gh secret set", "gh secret set DEPLOY_KEY --body %s", g.s(alnum, 40)),
		sc("pip token url", "pip install --index-url https://__token__:%s@pypi.acme.io/simple app", g.s(b64url, 60)),
		sc("nmcli wifi", "nmcli dev wifi connect HomeNet password %s", g.passphrase()),
		sc("composer http-basic", "composer config http-basic.repo.acme.io alice %s", g.s(alnum, 32)),
		sc("add-mask", `echo "::add-mask::%s"`, g.s(alnum, 36)),

		// Configuration files and code.
		sc("rails secret key base", "SECRET_KEY_BASE=%s", g.s(hexLow, 128)),
		sc("django secret key", "SECRET_KEY = 'django-insecure-%s'", g.s(lowNum+"!@#$^&*(-_=+)", 50)),
		sc("flask secret key", "app.secret_key = b'%s'", g.s(alnum, 32)),
		sc("terraform default", "variable \"db_password\" {\n  default = \"%s\"\n}", g.password()),
		sc("wireguard private", "[Interface]\nPrivateKey = %s\nAddress = 10.0.0.2/32", g.b64std(32)),
		sc("wireguard preshared", "[Peer]\nPresharedKey = %s", g.b64std(32)),
		sc("wpa psk", "network={\n  ssid=\"Home\"\n  psk=\"%s\"\n}", g.passphrase()),
		sc("redis requirepass", "requirepass %s", g.s(alnum, 32)),
		sc("redis masterauth", "masterauth %s", g.password()),
		sc("postgres alter user", "ALTER USER app WITH PASSWORD '%s';", g.password()),
		sc("mysql identified by", "CREATE USER 'app'@'%' IDENTIFIED BY '%s';", g.password()),
		sc("python requests auth", `requests.get(url, auth=("alice", "%s"))`, g.password()),
		sc("python basic auth", "HTTPBasicAuth('svc', '%s')", g.passphrase()),
		sc("js header object", `headers: { "x-api-key": "%s" }`, g.s(alnum, 40)),
		sc("go setenv", `os.Setenv("STRIPE_KEY", "%s")`, g.s(alnum, 32)),
		sc("aws temp creds json", `{"AccessKeyId": "ASIAEXAMPLE", "SecretAccessKey": "%s", "SessionToken": "%s"}`, g.s(b64, 40), g.b64std(120)),
		sc("azure keys list", `[{"keyName": "key1", "permissions": "FULL", "value": "%s"}]`, g.b64std(64)),
		sc("kubeconfig token", "users:\n- name: ci\n  user:\n    token: %s", g.s(b64url, 48)),
		sc("kubeconfig client key", "    client-key-data: %s", g.b64std(120)),
		sc("yarnrc", `npmAuthToken: "%s"`, g.uuid()),
		sc("cargo credentials", "[registries.acme]\ntoken = \"%s\"", g.s(alnum, 32)),
		sc("gem credentials", ":rubygems_api_key: %s", g.s(hexLow, 32)),
		sc("maven settings", "<server>\n  <id>acme</id>\n  <password>%s</password>\n</server>", g.password()),
		sc("nuget config", `<add key="ClearTextPassword" value="%s" />`, g.password()),
		sc("xml api key", "<apiKey>%s</apiKey>", g.s(alnum, 32)),
		sc("toml api-key", `api-key = "%s"`, g.s(b64url, 40)),
		sc("ansible become", "ansible_become_pass=%s", g.password()),
		sc("smtp url", "SMTP_URL=smtps://mailer:%s@smtp.acme.io:465", g.passphrase()),
		sc("fly secrets", "fly secrets set DATABASE_URL=postgres://u:%s@db.internal/app", g.s(alnum, 24)),
		sc("session cookie", "Set-Cookie: connect.sid=s%3A%s; Path=/; HttpOnly", g.s(b64url, 32)+"."+g.s(b64url, 43)),
		sc("jsessionid", "Cookie: JSESSIONID=%s", g.s(hexUp, 32)),
		sc("auth token header", `-H "X-Auth-Token: %s"`, g.s(b64url, 32)),
		sc("apikey query", "GET /v2/forecast?apikey=%s&units=metric", g.s(alnum, 32)),
		sc("google key param", "https://maps.example.com/api/js?key=%s&callback=init", g.s(b64url, 39)),
		sc("git extraheader", `git -c http.extraheader="AUTHORIZATION: basic %s" clone x`, b64text("ci:"+g.password())),
	}
}

func heldOutInnocent(g *gen) []string {
	base58 := "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
	nix32 := "0123456789abcdfghijklmnpqrsvwxyz"
	return []string{
		"pinned to ipfs://bafybei" + g.s("abcdefghijklmnopqrstuvwxyz234567", 52),
		"cid Qm" + g.s(base58, 44),
		"send to bc1q" + g.s(bech32, 38),
		"legacy address 1" + g.s(base58, 33),
		"solana account " + g.s(base58, 44),
		"tx 0x" + g.s(hexLow, 64) + " confirmed",
		"require example.com/lib v0.0.0-20240101120000-" + g.s(hexLow, 12),
		`checksum: 10c0/` + g.s(hexLow, 128),
		"nix hash sha256:1" + g.s(nix32, 51),
		"watch https://www.youtube.com/watch?v=" + g.s(b64url, 11),
		"https://drive.google.com/file/d/1" + g.s(b64url, 32) + "/view?usp=sharing",
		"https://docs.google.com/spreadsheets/d/1" + g.s(b64url, 43) + "/edit#gid=0",
		"uid: " + g.uuid(),
		"x-amz-request-id: " + g.s(hexUp, 16),
		"x-amz-id-2: " + g.b64std(57),
		"CloudFront distribution E" + g.s(upNum, 13),
		"/subscriptions/" + g.uuid() + "/resourceGroups/rg-prod/providers/Microsoft.Web/sites/api",
		"customer cus_" + g.s(alnum, 14),
		"payment intent pi_" + g.s(alnum, 24),
		"charge ch_" + g.s(alnum, 24) + " refunded",
		"account sid AC" + g.s(hexLow, 32),
		"channel C0" + g.s(upNum, 9) + " user U0" + g.s(upNum, 9),
		"sentry event " + g.s(hexLow, 32),
		"trace id " + g.digitsN(19),
		"traceparent: 00-" + g.s(hexLow, 32) + "-" + g.s(hexLow, 16) + "-01",
		"ObjectId(\"" + g.s(hexLow, 24) + "\")",
		"firebase push id -N" + g.s(b64url, 18),
		"message msg_01" + g.s(alnum, 22) + " stop_reason end_turn",
		`{"type": "tool_use", "id": "toolu_01` + g.s(alnum, 22) + `", "name": "Bash"}`,
		"request req_011" + g.s(alnum, 20),
		"completion chatcmpl-" + g.s(alnum, 29),
		"uploaded file-" + g.s(alnum, 22) + " for batch_" + g.s(hexLow, 32),
		"node id PR_kwDO" + g.s(b64url, 20),
		"container " + g.s(hexLow, 64) + " exited",
		"numpy-2.1.0-cp312-cp312-manylinux_2_17_x86_64.manylinux2014_x86_64.whl",
		"test_parse_v2_header_with_utf8_bom_and_crlf_line_endings_1",
		"com.fasterxml.jackson.core:jackson-databind:2.17.1",
		"SHA1: " + colonHex(g, 20),
		"ED25519 key fingerprint is SHA256:" + g.s(b64, 43) + ".",
		"gpg: key rsa4096/" + g.s(hexUp, 16) + " marked as ultimately trusted",
		"revision api-00042-" + g.s(lower, 3) + " serving 100% traffic",
		"snowflake " + g.digitsN(19),
		"https://www.figma.com/file/" + g.s(alnum, 22) + "/Design-System",
		"https://www.notion.so/Quarterly-Planning-" + g.s(hexLow, 32),
		"app.3f2b1c0d9e8a7b6c5d4e.js and index-" + g.s(b64url, 8) + ".js",
		"terraform lineage " + g.uuid(),
		"the session cookie is HttpOnly and SameSite=Lax",
		"set the api key in the settings page, then restart",
		"password_reset_token_ttl_seconds: 3600",
		"token_type: Bearer",
		"auth_method: oauth2",
		"export KUBECONFIG=$HOME/.kube/config",
		"secretName: tls-" + g.s(lowNum, 5),
		"--password-file /run/secrets/db_password",
		"passwd: files systemd",
		"keyboard-interactive authentication succeeded",
		"public key pk_live_" + g.s(alnum, 99),
		"base32 " + g.s("abcdefghijklmnopqrstuvwxyz234567", 20),
		"sha256sum: " + g.s(hexLow, 64) + " *release.zip",
		"color #" + g.s(hexLow, 6) + " and rgba(12, 34, 56, 0.8)",
	}
}

// colonHex is a colon-separated hex fingerprint of n bytes.
func colonHex(g *gen, n int) string {
	out := g.s(hexUp, 2)
	for i := 1; i < n; i++ {
		out += ":" + g.s(hexUp, 2)
	}
	return out
}
