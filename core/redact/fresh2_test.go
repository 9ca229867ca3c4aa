package redact

import (
	"encoding/base64"
	"os"
	"strings"
	"testing"
)

// The fourth table (issue 15, third round): written before any rule of that round changed, from
// real-world shapes that none of the earlier tables nor the known miss classes hold (config
// formats, service managers, Windows and PowerShell, connection strings, JWTs, providers from
// gitleaks' rule list), and never tuned on after its baseline was committed. Like the others it
// is generated at run time, so no live-looking secret sits in the repository.
//
// What counts as a placeholder (an innocent value in a secret slot): a variable or template
// reference ($VAR, ${VAR}, $(cmd), %VAR%, {{ x }}, #{x}, <x>), an empty, null or masked value
// (***, xxx, ...), a function or lookup (os.environ[...], secretKeyRef), and the documented dummy
// words changeme / your-... / replace_me / example. Any other value in a password slot is a
// password, however ordinary it looks (summer2024 is a real password someone typed).

// f2pass is a human-made password of one of several shapes people use.
func (g *gen) f2pass(i int) string {
	words := []string{"harbor", "Velvet", "tundra", "Cobalt", "meadow", "Saffron", "pylon", "Orchid"}
	w := func() string { return words[g.r.IntN(len(words))] }
	switch i % 6 {
	case 0:
		return w() + g.s(digits, 4) + "#"
	case 1:
		return strings.ToUpper(w()[:1]) + w()[1:] + "." + w() + g.s(digits, 2)
	case 2:
		return g.s(alnum, 16)
	case 3:
		return g.s(alnum+"!@#%^&*", 20)
	case 4:
		return strings.ToLower(w()) + "-" + strings.ToLower(w()) + "-" + strings.ToLower(w()) + "-" + g.s(digits, 2)
	default:
		return "P@" + w() + g.s(digits, 3)
	}
}

// f2weak is an ordinary-looking password: a word and digits, lower case.
func (g *gen) f2weak() string {
	words := []string{"sunshine", "dragon", "monkey", "football", "welcome", "letmein", "shadow", "master"}
	return words[g.r.IntN(len(words))] + g.s(digits, 3)
}

func b64urlText(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }

// f2jwt is a JSON Web Token with a random payload and signature.
func (g *gen) f2jwt() string {
	h := b64urlText(`{"alg":"RS256","typ":"JWT","kid":"` + g.s(alnum, 10) + `"}`)
	p := b64urlText(`{"sub":"` + g.uuid() + `","iat":17` + g.s(digits, 8) + `,"scope":"read write"}`)
	return h + "." + p + "." + g.s(b64url, 86)
}

func fresh2Secrets(g *gen) []secretCase {
	pw := func() string { return g.f2pass(g.r.IntN(6)) }
	return []secretCase{
		// Java properties and Spring.
		sc("props spring datasource", "spring.datasource.password=%s", pw()),
		sc("props db.password spaced", "db.password = %s", pw()),
		sc("props smtp colon", "mail.smtp.password: %s", pw()),
		sc("props weak", "jdbc.password=%s", g.f2weak()),
		sc("props jwt secret", "app.jwt.secret=%s", g.s(alnum, 40)),
		sc("props keystore", "server.ssl.key-store-password=%s", pw()),
		sc("props rabbit", "spring.rabbitmq.password=%s", pw()),
		sc("spring yaml nested", "spring:\n  datasource:\n    url: jdbc:postgresql://db:5432/app\n    username: app\n    password: %s\n", pw()),
		sc("spring yaml client-secret", "      client-secret: %s", g.s(b64url, 40)),
		sc("spring yaml weak", "  redis:\n    host: cache\n    password: %s", g.f2weak()),
		sc("gradle properties", "ossrhPassword=%s", pw()),
		sc("gradle signing", "signing.password=%s", pw()),
		sc("maven settings", "<server>\n  <id>nexus</id>\n  <username>deploy</username>\n  <password>%s</password>\n</server>", pw()),
		// .env variants.
		sc("env db password", "DB_PASSWORD=%s", pw()),
		sc("env export quoted", `export SESSION_SECRET="%s"`, g.s(alnum, 48)),
		sc("env redis pass", "REDIS_PASS=%s", pw()),
		sc("env single quoted", "MAILER_PASSWORD='%s'", pw()),
		sc("env django secret", "DJANGO_SECRET_KEY='%s'", g.s(lower+digits+"!@#$%^&*(-_=+)", 50)),
		sc("env laravel app key", "APP_KEY=base64:%s", g.b64std(32)),
		sc("env nextauth", "NEXTAUTH_SECRET=%s", g.b64std(32)),
		sc("env jwt signing", "JWT_SIGNING_KEY=%s", g.s(alnum, 64)),
		sc("env encryption hex", "ENCRYPTION_KEY=%s", g.s(hexLow, 64)),
		sc("env postgres", "POSTGRES_PASSWORD=%s", pw()),
		sc("env mysql root weak", "MYSQL_ROOT_PASSWORD=%s", g.f2weak()),
		sc("env rails master key", "RAILS_MASTER_KEY=%s", g.s(hexLow, 32)),
		sc("env secret key base", "SECRET_KEY_BASE=%s", g.s(hexLow, 128)),
		sc("env cookie secret", "COOKIE_SECRET=%s", g.s(alnum, 32)),
		sc("env restic", "RESTIC_PASSWORD=%s", pw()),
		sc("env borg", "export BORG_PASSPHRASE='%s'", pw()),
		sc("env elastic", "ELASTIC_PASSWORD=%s", pw()),
		sc("env with spaces", "API_SECRET = %s", g.s(alnum, 32)),
		sc("dotenv inline comment", "SMTP_PASS=%s # rotated monthly", pw()),
		// Terraform.
		sc("tfvars db password", `db_password = "%s"`, pw()),
		sc("tfvars admin", `admin_password    = "%s"`, pw()),
		sc("tfvars api token", `api_token = "%s"`, g.s(alnum, 40)),
		sc("tfvars client secret", `client_secret = "%s"`, g.s(alnum+"~._-", 40)),
		sc("tf provider token", "provider \"cloudflare\" {\n  api_token = \"%s\"\n}", g.s(alnum+"_-", 40)),
		sc("tf aws secret key", "provider \"aws\" {\n  secret_key = \"%s\"\n}", g.s(alnum+"+/", 40)),
		// Ansible.
		sc("ansible become", "ansible_become_password: %s", pw()),
		sc("ansible password", "ansible_password: '%s'", pw()),
		sc("ansible ssh pass", "ansible_ssh_pass=%s", pw()),
		sc("ansible vault var", "vault_db_password: %s", pw()),
		sc("ansible mysql root", `mysql_root_password: "%s"`, pw()),
		sc("ansible inventory line", "web01 ansible_host=10.0.0.5 ansible_user=deploy ansible_password=%s", pw()),
		// systemd and service managers.
		sc("systemd env quoted", `Environment="API_TOKEN=%s"`, g.s(alnum, 32)),
		sc("systemd env bare", "Environment=DB_PASS=%s", pw()),
		sc("systemd env two", `Environment="PGPASSWORD=%s" "PGUSER=app"`, pw()),
		sc("supervisor env", `environment=SECRET_KEY="%s",DEBUG="0"`, g.s(alnum, 40)),
		sc("docker compose list", "    environment:\n      - MYSQL_PASSWORD=%s\n      - MYSQL_USER=app", pw()),
		sc("docker run -e", "docker run -d -e POSTGRES_PASSWORD=%s -p 5432:5432 postgres:16", pw()),
		// Kubernetes.
		sc("kube stringData", "kind: Secret\nstringData:\n  password: %s\n", pw()),
		sc("kube stringData url", "stringData:\n  DATABASE_URL: postgres://app:%s@db:5432/app\n", pw()),
		sc("kube data base64", "kind: Secret\ndata:\n  password: %s\n", b64text(g.f2pass(2))),
		sc("kube create secret literal", "kubectl create secret generic db --from-literal=password=%s", pw()),
		sc("kube env value", "        - name: API_KEY\n          value: %s", g.s(alnum, 32)),
		sc("helm set", "helm upgrade --install app ./chart --set auth.password=%s", pw()),
		sc("vault kv put", "vault kv put secret/app db_password=%s", pw()),
		// Jenkins and CI.
		sc("jenkins password element", "<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n  <username>ci</username>\n  <password>%s</password>", "{AQAAABAAAAAQ"+g.s(b64, 40)+"=}"),
		sc("jenkins secret element", "<secret>%s</secret>", "{AQAAABAAAAAg"+g.s(b64, 60)+"=}"),
		sc("jenkins apiToken", "<apiToken>%s</apiToken>", g.s(hexLow, 34)),
		sc("gitlab ci variable", "variables:\n  DEPLOY_TOKEN: %s", g.s(alnum, 24)),
		sc("github actions env", "        env:\n          NPM_AUTH: %s", g.s(alnum, 36)),
		// Windows and PowerShell.
		sc("cmdkey pass", "cmdkey /generic:TERMSRV/rdp01 /user:CORP\\admin /pass:%s", pw()),
		sc("net use positional", `net use Z: \\fs01\share %s /user:CORP\alice`, pw()),
		sc("schtasks rp", "schtasks /create /tn backup /tr C:\\bk.cmd /sc daily /ru CORP\\svc /rp %s", pw()),
		sc("sc config password", `sc.exe config MySvc obj= "CORP\svc" password= "%s"`, pw()),
		sc("psexec -p", `psexec \\srv02 -u CORP\admin -p %s cmd /c ipconfig`, pw()),
		sc("ps securestring", `$pw = ConvertTo-SecureString "%s" -AsPlainText -Force`, pw()),
		sc("ps securestring -String", `ConvertTo-SecureString -String '%s' -AsPlainText -Force`, pw()),
		sc("ps credential", `$cred = New-Object PSCredential("admin", (ConvertTo-SecureString "%s" -AsPlainText -Force))`, pw()),
		sc("ps env", `$env:API_KEY = "%s"`, g.s(alnum, 32)),
		sc("ps setenv", `[Environment]::SetEnvironmentVariable("GH_TOKEN", "%s", "User")`, g.s(alnum, 40)),
		sc("ps splat password", `Invoke-Sqlcmd -ServerInstance sql01 -Username sa -Password '%s' -Query "select 1"`, pw()),
		// Connection strings and URLs.
		sc("jdbc mysql query", "jdbc:mysql://db:3306/app?user=app&password=%s&useSSL=true", pw()),
		sc("jdbc sqlserver", "jdbc:sqlserver://sql01:1433;databaseName=app;user=sa;password=%s;", pw()),
		sc("jdbc oracle thin", "jdbc:oracle:thin:scott/%s@//db:1521/ORCL", pw()),
		sc("jdbc postgres query", "jdbc:postgresql://db/app?user=u&password=%s&ssl=true", pw()),
		sc("odbc sql server", "Driver={ODBC Driver 18 for SQL Server};Server=tcp:sql01,1433;Uid=app;Pwd=%s;Encrypt=yes;", pw()),
		sc("odbc dsn", "DSN=prod;UID=report;PWD=%s", pw()),
		sc("ado net", "Server=sql01;Database=app;User Id=sa;Password=%s;TrustServerCertificate=True", pw()),
		sc("mongo srv", "mongodb+srv://app:%s@cluster0.ab1cd.mongodb.net/app?retryWrites=true", pw()),
		sc("mongo replica", "mongodb://admin:%s@mongo-0,mongo-1,mongo-2/?replicaSet=rs0", pw()),
		sc("amqps", "amqps://svc:%s@broker.internal:5671/orders", pw()),
		sc("redis no user", "redis://:%s@cache:6379/0", pw()),
		sc("rediss default", "rediss://default:%s@eu1-crisp.upstash.io:6379", g.s(alnum, 32)),
		sc("smtp url", "EMAIL_URL=smtp://mailer:%s@smtp.example.com:587", pw()),
		sc("git credentials", "https://alice:%s@github.com", g.s(alnum, 40)),
		sc("git clone oauth2", "git clone https://oauth2:%s@gitlab.example.com/team/app.git", g.s(alnum+"_-", 20)),
		sc("pip index url", "pip install --index-url https://__token__:%s@pypi.internal/simple app", g.s(alnum, 40)),
		sc("libpq conninfo", `psql "host=db user=app password=%s dbname=app sslmode=require"`, pw()),
		sc("azure storage", "DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=%s;EndpointSuffix=core.windows.net", g.b64std(64)),
		sc("azure sas", "https://acme.blob.core.windows.net/c/f.zip?sv=2022-11-02&ss=b&srt=o&sp=r&se=2026-12-01T00:00:00Z&sig=%s", strings.ReplaceAll(strings.ReplaceAll(g.b64std(32), "+", "%2B"), "/", "%2F")),
		sc("s3 presigned", "https://b.s3.amazonaws.com/k?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20260101T000000Z&X-Amz-Expires=3600&X-Amz-Signature=%s", g.s(hexLow, 64)),
		sc("gcs signed", "https://storage.googleapis.com/b/o?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Signature=%s", g.s(hexLow, 256)),
		sc("query api_key", "GET https://api.example.com/v2/forecast?city=Oslo&api_key=%s", g.s(alnum, 32)),
		sc("query access_token", "https://graph.example.com/me?fields=id&access_token=%s", g.s(alnum, 60)),
		sc("jupyter token", "http://127.0.0.1:8888/lab?token=%s", g.s(hexLow, 48)),
		// Headers.
		sc("x-api-key header", "X-API-Key: %s", g.s(alnum, 40)),
		sc("x-auth-token", "X-Auth-Token: %s", g.s(alnum, 32)),
		sc("azure api-key header", `curl $ENDPOINT -H "api-key: %s"`, g.s(hexLow, 32)),
		sc("apim subscription key", "Ocp-Apim-Subscription-Key: %s", g.s(hexLow, 32)),
		sc("curl x-api-key", `curl -H 'x-api-key: %s' https://api.example.com/v1/items`, g.s(alnum, 40)),
		sc("header json", `{"headers": {"X-Access-Token": "%s"}}`, g.s(alnum, 36)),
		// Credential files.
		sc("my.cnf", "[client]\nuser=root\npassword=%s\n", pw()),
		sc("pypirc", "[pypi]\nusername = __token__\npassword = %s\n", g.s(alnum, 40)),
		sc("npmrc _auth", "//npm.internal/:_auth=%s", b64text("ci:"+g.f2pass(2))),
		sc("npmrc _password", "//npm.internal/:_password=%s", b64text(g.f2pass(3))),
		sc("docker config auth", `{"auths":{"registry.example.com":{"auth":"%s"}}}`, b64text("deploy:"+g.f2pass(2))),
		sc("composer http-basic", `"http-basic": {"repo.example.com": {"username": "ci", "password": "%s"}}`, pw()),
		sc("cargo credentials", "[registry]\ntoken = \"%s\"", "cio"+g.s(alnum, 32)),
		sc("rclone pass", "[remote]\ntype = sftp\nuser = bob\npass = %s", g.s(b64url, 40)),
		sc("postfix sasl", "[smtp.gmail.com]:587 alerts@example.com:%s", pw()),
		sc("fetchmailrc", "poll imap.example.com protocol IMAP user bob password %s", pw()),
		sc("nslcd bindpw", "bindpw %s", pw()),
		sc("ldif rootpw", "olcRootPW: %s", pw()),
		sc("sssd authtok", "ldap_default_authtok = %s", pw()),
		sc("grafana ini", "[security]\nadmin_password = %s", pw()),
		sc("kafka jaas", `org.apache.kafka.common.security.plain.PlainLoginModule required username="svc" password="%s";`, pw()),
		sc("haproxy stats", "    stats auth admin:%s", pw()),
		sc("wpa supplicant", "network={\n  ssid=\"home\"\n  psk=\"%s\"\n}", pw()),
		sc("hostapd", "wpa_passphrase=%s", pw()),
		sc("wireguard private", "[Interface]\nPrivateKey = %s\nAddress = 10.8.0.2/32", g.b64std(32)),
		sc("wireguard psk", "PresharedKey = %s", g.b64std(32)),
		sc("snmpv3 passphrases", "snmpwalk -v3 -l authPriv -u mon -a SHA -A %s -x AES -X %s 10.0.0.1", pw(), pw()),
		sc("openvpn auth file", "auth-user-pass creds.txt\n# creds.txt:\nvpnuser\n%s", pw()),
		// Source code.
		sc("php var", "$db_pass = '%s';", pw()),
		sc("python const", `API_SECRET = "%s"`, g.s(alnum, 40)),
		sc("js const", `const apiKey = "%s";`, g.s(alnum, 39)),
		sc("go struct", "cfg := Config{User: \"app\", Password: \"%s\"}", pw()),
		sc("ruby secret base", "config.secret_key_base = '%s'", g.s(hexLow, 128)),
		sc("csharp credential", `var cred = new NetworkCredential("svc", "%s");`, pw()),
		sc("python kwarg", `conn = psycopg2.connect(host="db", user="app", password="%s")`, pw()),
		sc("java jdbc positional", `DriverManager.getConnection("jdbc:mysql://db/app", "root", "%s");`, pw()),
		sc("python redis kwarg", "r = redis.Redis(host='cache', port=6379, password='%s')", pw()),
		sc("boto3 kwargs", `boto3.client("s3", aws_access_key_id=key_id, aws_secret_access_key="%s")`, g.s(alnum+"+/", 40)),
		sc("yaml weak password", "database:\n  user: app\n  password: %s", g.f2weak()),
		sc("json weak password", `{"username": "admin", "password": "%s"}`, g.f2weak()),
		// JWTs.
		sc("jwt bare", "id token %s", g.f2jwt()),
		sc("jwt json", `{"access_token": "%s", "expires_in": 3600}`, g.f2jwt()),
		sc("jwt url", "https://app.example.com/callback#id_token=%s&state=xyz", g.f2jwt()),
		sc("jwt cookie-ish", "token=%s; Path=/; HttpOnly", g.f2jwt()),
		// Providers from gitleaks' rule list, keyed or prefixed.
		sc("adafruit", "ADAFRUIT_IO_KEY=aio_%s", g.s(alnum, 28)),
		sc("asana pat", "ASANA_ACCESS_TOKEN=1/%s", g.digitsN(16)+":"+g.s(hexLow, 32)),
		sc("datadog api", "DD_API_KEY=%s", g.s(hexLow, 32)),
		sc("datadog app", "datadog_app_key: %s", g.s(hexLow, 40)),
		sc("fastly", "FASTLY_API_TOKEN=%s", g.s(alnum+"_-", 32)),
		sc("netlify", "NETLIFY_AUTH_TOKEN=nfp_%s", g.s(alnum, 36)),
		sc("heroku legacy uuid", "HEROKU_API_KEY=%s", g.uuid()),
		sc("snyk uuid", "SNYK_TOKEN=%s", g.uuid()),
		sc("trello", "trello_api_key = %s", g.s(hexLow, 32)),
		sc("twitter bearer", "TWITTER_BEARER_TOKEN=AAAAAAAAAAAAAAAAAAAAA%s", g.s(alnum, 20)+"%3D"+g.s(alnum, 50)),
		sc("plaid access", "plaid access token access-sandbox-%s", g.uuid()),
		sc("infracost", "INFRACOST_API_KEY=ico-%s", g.s(alnum, 32)),
		sc("mistral keyed", "MISTRAL_API_KEY=%s", g.s(alnum, 32)),
		sc("algolia admin", "ALGOLIA_ADMIN_KEY=%s", g.s(hexLow, 32)),
		sc("aws secret file", "[default]\naws_access_key_id = AKIA%s\naws_secret_access_key = %s", g.s(upNum, 16), g.s(alnum+"+/", 40)),
		sc("aws session token", "aws_session_token = IQoJb3JpZ2luX2VjE%s", g.s(b64, 300)),
		sc("gcp sa private key id", `{"type": "service_account", "project_id": "acme-prod", "private_key_id": "%s"}`, g.s(hexLow, 40)),
		sc("pagerduty", "PAGERDUTY_TOKEN=u+%s", g.s(alnum+"_-", 18)),
		sc("sentry auth", "SENTRY_AUTH_TOKEN=%s", g.s(hexLow, 64)),
		sc("cloudflare global", "CF_API_KEY=%s", g.s(hexLow, 37)),
		sc("vercel", "VERCEL_TOKEN=%s", g.s(alnum, 24)),
		sc("postmark", "POSTMARK_SERVER_TOKEN=%s", g.uuid()),
		sc("twilio auth token", "TWILIO_AUTH_TOKEN=%s", g.s(hexLow, 32)),
		sc("pusher secret", "PUSHER_APP_SECRET=%s", g.s(hexLow, 20)),
		sc("segment write key", "SEGMENT_WRITE_KEY=%s", g.s(alnum, 32)),
		sc("rollbar", "ROLLBAR_ACCESS_TOKEN=%s", g.s(hexLow, 32)),
		sc("codecov", "CODECOV_TOKEN=%s", g.uuid()),
		sc("sonar token", "sonar.token=squ_%s", g.s(hexLow, 40)),
		sc("sonar bare", "scanner used sqp_%s for the run", g.s(hexLow, 40)),
		sc("clickhouse", "CLICKHOUSE_KEY_SECRET=4b1d%s", g.s(alnum, 38)),
		sc("launchdarkly api", "LD_API_KEY=api-%s", g.uuid()),
		sc("sumologic", "SUMO_ACCESS_KEY=%s", g.s(alnum, 64)),
		sc("mailjet", "MJ_APIKEY_PRIVATE=%s", g.s(hexLow, 32)),
		sc("okta token keyed", "OKTA_API_TOKEN=00%s", g.s(alnum+"_-", 40)),
		sc("openrouter style bare", "export OPENROUTER_API_KEY=sk-or-v1-%s", g.s(hexLow, 64)),
		sc("bitwarden client secret", "BW_CLIENTSECRET=%s", g.s(alnum, 30)),
		sc("cohere keyed", "co_api_key: %s", g.s(alnum, 40)),
		sc("deepgram keyed", "DEEPGRAM_API_KEY=%s", g.s(hexLow, 40)),
		sc("elevenlabs keyed", "xi-api-key: %s", g.s(hexLow, 32)),
	}
}

func fresh2Innocent(g *gen) []string {
	h := func(n int) string { return g.s(hexLow, n) }
	return []string{
		// Hashes and digests.
		"sha256sum: " + h(64) + "  release.tar.gz",
		"md5 " + h(32) + " backup.sql",
		"image: ghcr.io/acme/api@sha256:" + h(64),
		`checksum = "` + h(64) + `"`,
		`hash = "sha256:` + h(64) + `"`,
		"pip install app==1.4.2 --hash=sha256:" + h(64),
		`<script src="x.js" integrity="sha384-` + g.b64std(48) + `" crossorigin="anonymous"></script>`,
		`  resolved "https://registry.yarnpkg.com/lodash/-/lodash-4.17.21.tgz#` + h(40) + `"`,
		`ETag: "` + h(32) + `"`,
		"index " + h(7) + ".." + h(7) + " 100644",
		"Change-Id: I" + h(40),
		"git cherry-pick " + h(40),
		"Merge: " + h(7) + " " + h(7),
		"blake2b-256: " + h(64),
		"docker rmi " + h(12),
		"container " + h(64) + " exited with 137",
		"CONTAINER ID   IMAGE\n" + h(12) + "   nginx:1.27",
		"x-request-id: " + g.uuid(),
		"traceparent: 00-" + h(32) + "-" + h(16) + "-01",
		"sentry event " + h(32) + " captured",
		"ObjectId(\"" + h(24) + "\")",
		// Ids and resource names.
		"request " + g.uuid() + " took 42 ms",
		"subscription " + g.uuid(),
		"note 01J" + g.s(crockfd, 23),
		"customer cus_" + g.s(alnum, 14) + " charged",
		"payment_intent pi_" + g.s(alnum, 24),
		"channel C0" + g.s(upNum, 9),
		"arn:aws:lambda:eu-west-1:123456789012:function:resize-images",
		"arn:aws:cloudformation:us-east-1:123456789012:stack/api-prod/" + g.uuid(),
		"vpc-" + h(17) + " sg-" + h(17),
		"eni-" + h(17) + " attached",
		"pod/checkout-worker-6b8f9d7c4-" + g.s(lowNum, 5) + " restarted",
		"replicaset web-" + g.s(lowNum, 10),
		"module.vpc.aws_subnet.private[0]",
		"gcp project acme-analytics-" + g.digitsN(6),
		"tweet id 17" + g.digitsN(17),
		"order #" + g.digitsN(10),
		"ksuid " + g.s(alnum, 27) + "x",
		// Base64 of text.
		"echo " + b64text("hello world, this is only a greeting") + " | base64 -d",
		"user_data: " + b64text("#cloud-config\npackages:\n  - nginx\nruncmd:\n  - systemctl enable --now nginx\n"),
		"configmap binaryData motd: " + b64text("Welcome to the build server. Be kind.\n"),
		"header " + b64urlText(`{"alg":"HS256","typ":"JWT"}`),
		// Versions.
		"bumped to 1.2.3-beta.4+build.5678",
		"require example.com/mod v0.0.0-20240101120000-" + h(12),
		"node v20.11.1 (npm 10.2.4)",
		"FROM python:3.12.1-slim-bookworm",
		"image tag sha-" + h(7),
		"git 1:2.39.2-1ubuntu1.1 amd64",
		"Chrome/124.0.6367.207 Safari/537.36",
		// Paths.
		"/var/lib/docker/overlay2/" + h(64) + "/diff",
		"/home/bob/.cache/go-build/" + h(2) + "/" + h(64) + "-d",
		"~/.m2/repository/org/springframework/spring-core/6.1.4/spring-core-6.1.4.jar",
		`C:\Users\alice\AppData\Local\Temp\tmp4F2A.tmp`,
		"node_modules/.pnpm/@babel+core@7.24.0/node_modules/@babel/core/lib/index.js",
		"dist/assets/index-" + g.s(alnum, 8) + ".js",
		"static/js/main." + h(8) + ".chunk.js",
		"migrations/20240101120000_create_users.sql",
		// URLs without credentials.
		"https://github.com/acme/api/commit/" + h(40),
		"https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz",
		"https://api.example.com/v1/items?page=2&per_page=100&sort=created_at",
		"https://example.com/download?id=" + g.uuid(),
		"https://www.youtube.com/watch?v=" + g.s(b64url, 11),
		"postgres://db.internal:5432/app?sslmode=require",
		"redis://cache:6379/0",
		"https://acme.atlassian.net/browse/OPS-1234",
		// Long identifiers and code.
		"com.acme.payments.gateway.StripeWebhookSignatureVerifierTest",
		"test_rotate_api_key_invalidates_previous_sessions",
		"func (s *TokenStore) RefreshAccessTokenIfExpired(ctx context.Context) error",
		`class="css-1x2y3z4 MuiButton-root MuiButton-containedPrimary"`,
		"useAuthenticatedSessionWithRefreshToken",
		"PASSWORD_RESET_TOKEN_TTL_SECONDS=3600",
		"password_hash_algorithm: argon2id",
		"token_ttl: 3600",
		"secret_name: db-credentials",
		"PASSWORD_MIN_LENGTH=12",
		// Placeholders in secret slots.
		"password: ${DB_PASSWORD}",
		"password: <your password>",
		"PASSWORD=changeme",
		`api_key: "{{ vault_api_key }}"`,
		"token: %GITHUB_TOKEN%",
		"DB_PASSWORD=$(cat /run/secrets/db_password)",
		`password = os.environ["DB_PASSWORD"]`,
		`password: ""`,
		"password: null",
		"API_KEY=your-api-key-here",
		"api_key: REPLACE_ME",
		`token: "<TOKEN>"`,
		"PASSWORD=********",
		"spring.datasource.password=${SPRING_DATASOURCE_PASSWORD}",
		"          valueFrom:\n            secretKeyRef:\n              name: db\n              key: password",
		`$pw = Read-Host -AsSecureString "Password"`,
		"db_password = var.db_password",
		`client_secret = data.vault_generic_secret.app.data["client_secret"]`,
		"ansible_become_password: \"{{ vault_become_password }}\"",
		"password = #{ENV['DB_PASSWORD']}",
		// Prose about secrets.
		"the password must be at least 12 characters",
		"rotate the API key every 90 days",
		"Token expired at 2026-01-01T00:00:00Z",
		"set the token in ~/.config/gh/hosts.yml",
		"use --password-file /etc/app/pw instead",
		// Command lines with short flags that are not passwords.
		"psql -h db -p 5432 -U app appdb",
		"ps -p 1234 -o pid,cmd",
		"iptables -A INPUT -p tcp --dport 22 -j ACCEPT",
		"nmap -p 1-1024 10.0.0.1",
		"grep -w pattern file.txt",
		"nc -w 3 host 80",
		"scp -P 2222 file bob@host:",
		"git log -p -3",
		"openssl rand -hex 32",
		"ssh-keygen -t ed25519 -N '' -f id_ed25519",
		"gpg --recv-keys 0x1234ABCD5678EF90",
		"python -m pytest -k test_login_password_reset",
		"xargs -P 4 -n 1",
		"ffmpeg -i in.mp4 -b:v 2M out.mp4",
		"uvicorn app.main:app --port 8000 --reload",
	}
}

// TestFresh2Table measures the fourth table and prints only its summary: per-case misses show
// only with ANAMNESIS_REDACT_FRESH2_MISSES=1, for a report after tuning is over.
func TestFresh2Table(t *testing.T) {
	g := newGen(1)
	if n, m := len(fresh2Secrets(g)), len(fresh2Innocent(g)); n < 150 || m < 100 {
		t.Fatalf("the fresh2 table needs at least 150 secrets and 100 look-alikes, has %d and %d", n, m)
	}
	s := measure(defaultRedactor, fresh2Secrets, fresh2Innocent)
	report(t, "fresh2 table", s)
	if os.Getenv("ANAMNESIS_REDACT_FRESH2_MISSES") == "1" {
		for _, m := range s.misses {
			t.Logf("fresh2 leak: %s", m)
		}
		for _, f := range s.falsePos {
			t.Logf("fresh2 look-alike changed: %s", f)
		}
	}
}
