package redact

import (
	"strings"
	"testing"
)

// The fifth table (issue 15, fourth round): written blind — by someone who did not read the rule
// files — from real-world shapes as a user pastes them into an agent session: provider tokens
// from gitleaks' rule list that no earlier table holds, credentials in the config files of many
// tools, Unix/cmd/PowerShell command lines, connection strings of many drivers, headers and
// cookies, private keys, and secrets inside log lines, stack traces, JSON API responses, shell
// history and docker/kubectl output. The look-alikes are what sits beside them in the same
// sessions: hashes, ids of many systems, public keys, base64 of ordinary content, versions,
// placeholders and documentation templates. It is generated at run time, so no live-looking
// secret sits in the repository, and is never tuned on after its baseline was committed.
//
// What counts as a placeholder follows fresh2_test.go so the sets agree: a variable or template
// reference ($VAR, ${VAR}, $(cmd), %VAR%, {{ x }}, #{x}, <x>), an empty, null or masked value
// (***, xxx, ...), a function or lookup (os.environ[...], secretKeyRef), and the documented dummy
// words changeme / your-... / replace_me / example. Any other value in a password slot is a
// password, however ordinary it looks.

// f3pass is a human-made password in shapes the earlier tables' generators do not use:
// passphrases with separators, a season or company name with a year, leet-speak, keyboard
// walks with a suffix, and long machine-made strings with punctuation. Every shape stays within
// the characters that need no quoting or escaping in a URL's userinfo, a connection string or a
// shell word, so that a case tests the redactor and not a malformed line.
func (g *gen) f3pass(i int) string {
	words := []string{"granite", "Lantern", "willow", "Ember", "copper", "Falcon", "thistle", "Nimbus", "juniper", "Walrus"}
	w := func() string { return words[g.r.IntN(len(words))] }
	switch i % 7 {
	case 0:
		return strings.ToLower(w()) + "." + strings.ToLower(w()) + "." + strings.ToLower(w())
	case 1:
		return []string{"Winter", "Spring", "Summer", "Autumn"}[g.r.IntN(4)] + "20" + g.s(digits, 2) + "!"
	case 2:
		return "Acme" + g.s(digits, 4) + "+" + g.s(upper, 2)
	case 3:
		return "p4ssw0rd_" + g.s(lowNum, 6)
	case 4:
		return "Qwerty" + g.s(digits, 3) + "!" + g.s(lower, 3)
	case 5:
		return g.s(alnum+"-_.~!+=*", 24)
	default:
		return w() + "_" + w() + g.s(digits, 2) + "~"
	}
}

// f3pw draws one of the f3pass shapes.
func (g *gen) f3pw() string { return g.f3pass(g.r.IntN(7)) }

// f3pem is a PEM block of the given type with a random body of n base64 characters in 64-column
// lines.
func (g *gen) f3pem(kind string, n int) string {
	body := g.s(b64, n)
	var b strings.Builder
	b.WriteString("-----BEGIN " + kind + "-----\n")
	for len(body) > 64 {
		b.WriteString(body[:64] + "\n")
		body = body[64:]
	}
	b.WriteString(body + "\n-----END " + kind + "-----")
	return b.String()
}

// f3pemBody returns just the body lines of a PEM block: the armour lines are no secret, and a
// redactor that keeps them to show what was removed must not count as a leak.
func f3pemBody(pem string) string {
	lines := strings.Split(pem, "\n")
	return strings.Join(lines[1:len(lines)-1], "\n")
}

// f3key is a case whose secret is the body of a PEM private key inside text; every 12-character
// window of the body is checked, so one line left behind is a leak.
func f3key(name, text, pem string) secretCase {
	return secretCase{name: name, text: text, secrets: []string{f3pemBody(pem)}}
}

func fresh3Secrets(g *gen) []secretCase {
	pw := g.f3pw
	h := func(n int) string { return g.s(hexLow, n) }
	rsaPEM := g.f3pem("RSA PRIVATE KEY", 1600)
	dsaPEM := g.f3pem("DSA PRIVATE KEY", 880)
	encPEM := g.f3pem("ENCRYPTED PRIVATE KEY", 1700)
	ecPEM := g.f3pem("EC PRIVATE KEY", 160)
	pk8PEM := g.f3pem("PRIVATE KEY", 1620)
	certPEM := g.f3pem("CERTIFICATE", 1200)
	gcpPEM := g.f3pem("PRIVATE KEY", 1620)
	return []secretCase{
		// Provider tokens from gitleaks' rule list, in the contexts they are pasted in.
		sc("1password service account", "export OP_SERVICE_ACCOUNT_TOKEN=ops_%s", "eyJzaWduSW5BZGRyZXNzIjoi"+g.s(b64url, 200)),
		sc("age secret key", "# created: 2026-02-01T10:00:00Z\n# public key: age1"+g.s(bech32, 58)+"\n%s", "AGE-SECRET-KEY-1"+strings.ToUpper(g.s(bech32, 58))),
		sc("airtable pat", `const base = new Airtable({ apiKey: "%s" }).base("appX1y2Z3a4B5c6D7");`, "pat"+g.s(alnum, 14)+"."+h(64)),
		sc("alibaba access key", "aliyun configure set --access-key-id %s --access-key-secret %s", "LTAI"+g.s(alnum, 20), g.s(alnum, 30)),
		sc("atlassian api token", "JIRA_API_TOKEN=%s", "ATATT3xFfGF0"+g.s(b64url, 180)+"="+g.s(hexUp, 8)),
		sc("clojars deploy token", "{:username \"acme\" :password \"%s\"}", "CLOJARS_"+g.s(lowNum, 60)),
		sc("cloudflare origin ca key", "origin_ca_key = \"%s\"", "v1.0-"+h(24)+"-"+h(146)),
		sc("contentful management", "CONTENTFUL_MANAGEMENT_TOKEN=%s", "CFPAT-"+g.s(b64url, 43)),
		sc("discord bot token", "client.login('%s');", g.s(b64url, 24)+"."+g.s(b64url, 6)+"."+g.s(b64url, 38)),
		sc("discord webhook", "webhook: https://discord.com/api/webhooks/"+g.digitsN(19)+"/%s", g.s(b64url, 68)),
		sc("doppler service token", "DOPPLER_TOKEN=%s", "dp.st.prd."+g.s(alnum, 43)),
		sc("dropbox short-lived", `dbx = dropbox.Dropbox("%s")`, "sl."+g.s(b64url, 136)),
		sc("duffel", "DUFFEL_ACCESS_TOKEN=%s", "duffel_test_"+g.s(b64url, 43)),
		sc("dynatrace", "Authorization: Api-Token %s", "dt0c01."+g.s(upNum, 24)+"."+g.s(upNum, 64)),
		sc("easypost", "EasyPost::Client.new(api_key: '%s')", "EZAK"+g.s(alnum, 54)),
		sc("facebook page token", "graph.facebook.com/v19.0/me/feed?access_token=%s", "EAA"+g.s(alnum, 180)),
		sc("flutterwave secret", "FLW_SECRET_KEY=%s", "FLWSECK_TEST-"+h(32)+"-X"),
		sc("gitlab feed token", "https://gitlab.example.com/dashboard/projects.atom?feed_token=%s", "glft-"+g.s(b64url, 20)),
		sc("gitlab oauth app secret", "GITLAB_OAUTH_SECRET=%s", "gloas-"+h(64)),
		sc("gitlab agent token", "helm install gitlab-agent gitlab/gitlab-agent --set config.token=%s", "glagent-"+g.s(b64url, 50)),
		sc("heroku v2", "heroku auth:token\n%s", "HRKU-AA"+g.s(b64url, 58)),
		sc("terraform cloud", "credentials \"app.terraform.io\" {\n  token = \"%s\"\n}", g.s(alnum, 14)+".atlasv1."+g.s(alnum, 67)),
		sc("mapbox secret", "MAPBOX_DOWNLOADS_TOKEN=%s", "sk.eyJ1Ijoi"+g.s(b64url, 40)+"."+g.s(b64url, 22)),
		sc("new relic user key", "newrelic profile add --apiKey %s --region us", "NRAK-"+g.s(upNum, 27)),
		sc("openshift token", "oc login --token=%s --server=https://api.ocp.example.com:6443", "sha256~"+g.s(b64url, 43)),
		sc("perplexity", "PERPLEXITY_API_KEY=%s", "pplx-"+g.s(alnum, 48)),
		sc("planetscale api token", "PLANETSCALE_SERVICE_TOKEN=%s", "pscale_tkn_"+g.s(b64url, 43)),
		sc("postman", "postman login --with-api-key %s", "PMAK-"+h(24)+"-"+h(34)),
		sc("pulumi", "PULUMI_ACCESS_TOKEN=%s", "pul-"+h(40)),
		sc("sendinblue api", `api-key: %s`, "xkeysib-"+h(64)+"-"+g.s(alnum, 16)),
		sc("shippo", "shippo.config.api_key = \"%s\"", "shippo_live_"+h(40)),
		sc("sidekiq enterprise", "bundle config --global enterprise.contribsys.com %s", h(8)+":"+h(8)),
		sc("sourcegraph", "SRC_ACCESS_TOKEN=%s", "sgp_"+h(16)+"_"+h(40)),
		sc("typeform", "TYPEFORM_TOKEN=%s", "tfp_"+g.s(alnum, 44)+"_"+g.s(alnum, 14)),
		sc("yandex oauth", "yc config set token %s", "y0_"+g.s(b64url, 55)),
		sc("artifactory api key", `curl -H "X-JFrog-Art-Api:%s" https://acme.jfrog.io/artifactory/api/repositories`, "AKCp"+g.s(alnum, 69)),
		sc("azure ad client secret", "AZURE_CLIENT_SECRET=%s", g.s(alnum, 3)+"8Q~"+g.s(alnum+"_.-~", 34)),
		sc("microsoft teams webhook", "https://acme.webhook.office.com/webhookb2/"+g.uuid()+"@"+g.uuid()+"/IncomingWebhook/%s/"+g.uuid(), h(32)),
		sc("langsmith", "LANGCHAIN_API_KEY=%s", "lsv2_pt_"+h(32)+"_"+h(10)),
		sc("buildkite", "BUILDKITE_API_TOKEN=%s", "bkua_"+h(40)),
		sc("flyio", "FLY_API_TOKEN=%s", "fo1_"+g.s(b64url, 43)),
		sc("notion integration", "NOTION_TOKEN=%s", "ntn_"+g.digitsN(11)+g.s(alnum, 35)),
		sc("pinecone", "pc = Pinecone(api_key=\"%s\")", "pcsk_"+g.s(alnum, 6)+"_"+g.s(alnum, 64)),
		sc("render", "RENDER_API_KEY=%s", "rnd_"+g.s(alnum, 32)),
		sc("resend", "RESEND_API_KEY=%s", "re_"+g.s(alnum, 8)+"_"+g.s(alnum, 24)),
		sc("sentry user token", "sentry-cli --auth-token %s releases list", "sntryu_"+h(64)),
		sc("grafana service account", "GRAFANA_TOKEN=%s", "glsa_"+g.s(alnum, 32)+"_"+h(8)),
		sc("doppler cli token", "doppler configure set token %s", "dp.ct."+g.s(alnum, 43)),
		sc("circleci pat", "CIRCLE_TOKEN=%s", "CCIPAT_"+g.s(alnum, 22)+"_"+h(40)),
		sc("wandb", "wandb login %s", h(40)),
		sc("meraki keyed", "MERAKI_DASHBOARD_API_KEY=%s", h(40)),
		sc("travis keyed", "travis_token: %s", g.s(alnum+"_-", 22)),

		// Config files of many tools.
		sc("tomcat users", `<user username="admin" password="%s" roles="manager-gui,admin-gui"/>`, pw()),
		sc("wildfly datasource", "<security>\n    <user-name>app</user-name>\n    <password>%s</password>\n</security>", pw()),
		sc("nextcloud config.php", "  'dbuser' => 'nextcloud',\n  'dbpassword' => '%s',", pw()),
		sc("gitea app.ini", "[database]\nDB_TYPE = postgres\nHOST = db:5432\nUSER = gitea\nPASSWD = %s", pw()),
		sc("airflow connection env", "AIRFLOW_CONN_WAREHOUSE=postgresql://etl:%s@warehouse:5432/dw", pw()),
		sc("dbt profiles", "analytics:\n  outputs:\n    prod:\n      type: snowflake\n      user: DBT\n      password: %s\n      role: TRANSFORMER", pw()),
		sc("alertmanager smtp", "global:\n  smtp_smarthost: smtp.example.com:587\n  smtp_auth_username: alerts\n  smtp_auth_password: %s", pw()),
		sc("grafana datasource secureJsonData", "    secureJsonData:\n      password: %s\n      basicAuthPassword: %s", pw(), pw()),
		sc("argocd repo secret", "apiVersion: v1\nkind: Secret\nmetadata:\n  labels:\n    argocd.argoproj.io/secret-type: repository\nstringData:\n  url: https://git.example.com/infra.git\n  username: argocd\n  password: %s", g.s(alnum, 32)),
		sc("s3cfg", "[default]\naccess_key = AKIA%s\nsecret_key = %s\nhost_base = s3.amazonaws.com", g.s(upNum, 16), g.s(alnum+"+/", 40)),
		sc("hub config oauth", "github.com:\n- user: alice\n  oauth_token: %s\n  protocol: https", h(40)),
		sc("sbt credentials file", "realm=Sonatype Nexus Repository Manager\nhost=nexus.example.com\nuser=deployer\npassword=%s", pw()),
		sc("cifs credentials", "username=backup\npassword=%s\ndomain=CORP", pw()),
		sc("fstab cifs", "//nas/media /mnt/media cifs username=media,password=%s,uid=1000 0 0", pw()),
		sc("msmtprc", "account default\nhost smtp.example.com\nuser me@example.com\npassword %s\ntls on", pw()),
		sc("muttrc", `set imap_pass = "%s"`, pw()),
		sc("offlineimaprc", "[Repository Remote]\ntype = IMAP\nremoteuser = me@example.com\nremotepass = %s", pw()),
		sc("odoo conf", "[options]\nadmin_passwd = %s\ndb_host = db", pw()),
		sc("zabbix server conf", "DBName=zabbix\nDBUser=zabbix\nDBPassword=%s", pw()),
		sc("home assistant secrets", "wifi_password: %s\nmqtt_password: %s", pw(), pw()),
		sc("redis sentinel", "sentinel auth-pass mymaster %s", pw()),
		sc("logstash output", "output {\n  elasticsearch {\n    hosts => [\"https://es:9200\"]\n    user => \"logstash\"\n    password => \"%s\"\n  }\n}", pw()),
		sc("fluentd match", "<match app.**>\n  @type elasticsearch\n  user elastic\n  password %s\n</match>", pw()),
		sc("telegraf influx token", "[[outputs.influxdb_v2]]\n  urls = [\"http://influx:8086\"]\n  token = \"%s\"\n  organization = \"acme\"", g.s(b64url, 86)+"=="),
		sc("keycloak env", "KEYCLOAK_ADMIN=admin\nKEYCLOAK_ADMIN_PASSWORD=%s", pw()),
		sc("hasura env", "HASURA_GRAPHQL_ADMIN_SECRET=%s", g.s(alnum, 32)),
		sc("dotnet user secrets json", `{"ConnectionStrings": {"Default": "Host=db;Database=app;Username=app;Password=%s"}}`, pw()),
		sc("aspnet env double underscore", "ConnectionStrings__Redis=cache:6379,password=%s,ssl=True", g.s(alnum, 44)+"="),
		sc("azure pipelines variable", "variables:\n  - name: registryPassword\n    value: %s", g.s(alnum, 52)),
		sc("bitbucket pipelines", "        script:\n          - export SONAR_TOKEN=%s", h(40)),
		sc("pulumi config plaintext", "config:\n  aws:region: eu-west-1\n  app:dbPassword: %s", pw()),
		sc("cloudformation default", "  DBPassword:\n    Type: String\n    NoEcho: true\n    Default: %s", pw()),
		sc("hcl nomad template", "template {\n  data = <<EOH\nDB_PASSWORD=\"%s\"\nEOH\n}", pw()),
		sc("toml sqlx", "[database]\nurl = \"mysql://app:%s@127.0.0.1:3306/app\"", pw()),
		sc("ini php", "[mysql]\nmysql.default_password = %s", pw()),
		sc("xml tomcat context", `<Resource name="jdbc/app" auth="Container" type="javax.sql.DataSource" username="app" password="%s" url="jdbc:postgresql://db/app"/>`, pw()),
		sc("json vscode rest client", `{"rest-client.environmentVariables": {"prod": {"token": "%s"}}}`, g.s(alnum, 40)),
		sc("postman environment", `{"key": "apiKey", "value": "%s", "type": "secret", "enabled": true}`, g.s(alnum, 32)),
		sc("netlify toml env", "[context.production.environment]\n  STRIPE_SECRET = \"%s\"", g.s(alnum, 40)),
		sc("renviron", "GITHUB_PAT=%s", g.s(alnum, 40)),
		sc("poetry config", "poetry config http-basic.internal ci %s", pw()),
		sc("bundler env", "BUNDLE_GEMS__EXAMPLE__COM=ci:%s", g.s(alnum, 32)),
		sc("pgbouncer userlist", `"app" "%s"`+"\n"+`"report" "md5`+h(32)+`"`, pw()),

		// Command lines: Unix.
		sc("mysqldump -p attached", "mysqldump -uroot -p%s --all-databases > all.sql", pw()),
		sc("pg_dump url", `pg_dump "postgresql://backup:%s@db.internal/app" -Fc -f app.dump`, pw()),
		sc("mongodump uri", `mongodump --uri="mongodb://root:%s@mongo:27017/?authSource=admin" --out /backup`, pw()),
		sc("curl oauth2 bearer", "curl --oauth2-bearer %s https://api.example.com/v1/me", g.s(alnum, 40)),
		sc("httpie auth", "http -a deploy:%s POST https://ci.example.com/job/build", pw()),
		sc("wget header", `wget --header="Authorization: Bearer %s" https://files.example.com/export.csv`, g.s(alnum, 48)),
		sc("docker login -p", "docker login -u ci -p %s registry.example.com", pw()),
		sc("podman login --password", "podman login quay.io --username robot --password %s", g.s(upNum, 64)),
		sc("skopeo dest-creds", "skopeo copy docker://a/app:1 docker://registry.example.com/app:1 --dest-creds ci:%s", pw()),
		sc("kubectl docker-registry", "kubectl create secret docker-registry regcred --docker-server=ghcr.io --docker-username=ci --docker-password=%s", g.s(alnum, 40)),
		sc("kubectl --token", "kubectl --server https://10.0.0.1:6443 --token %s get pods -A", g.s(b64url, 120)),
		sc("argocd login", "argocd login argocd.example.com --username admin --password %s --grpc-web", pw()),
		sc("twine upload", "twine upload -u ci -p %s dist/*", pw()),
		sc("sshpass -p", "sshpass -p '%s' ssh deploy@10.0.4.12 'sudo systemctl restart app'", pw()),
		sc("rsync password env", "RSYNC_PASSWORD=%s rsync -av backup@nas::data /srv/data", pw()),
		sc("smbclient -U", "smbclient //fs01/share -U 'CORP\\alice%%s'", pw()),
		sc("mount cifs -o", "sudo mount -t cifs //nas/backup /mnt/b -o username=bk,password=%s", pw()),
		sc("ipmitool -P", "ipmitool -I lanplus -H 10.0.9.4 -U ADMIN -P %s chassis power status", pw()),
		sc("sqlplus user/pass", "sqlplus system/%s@//db:1521/ORCLPDB1", pw()),
		sc("clickhouse-client", "clickhouse-client --host ch01 --user default --password %s --query 'select 1'", pw()),
		sc("cqlsh -p", "cqlsh cassandra01 -u cassandra -p %s", pw()),
		sc("openssl pkcs12 passin", "openssl pkcs12 -in bundle.p12 -nodes -passin pass:%s", pw()),
		sc("jarsigner storepass", "jarsigner -keystore release.jks -storepass %s app.apk release", pw()),
		sc("mvn deploy server password", "mvn deploy -Drepo.username=ci -Drepo.password=%s", pw()),
		sc("set -x trace", "+ curl -sf -u admin:%s https://jenkins.example.com/api/json", pw()),
		// Command lines: Windows cmd and PowerShell.
		sc("net user add", "net user svc_backup %s /add /domain", pw()),
		sc("wmic password", `wmic /node:srv03 /user:CORP\admin /password:%s process list brief`, pw()),
		sc("winrs -p", "winrs -r:srv04 -u:CORP\\admin -p:%s ipconfig /all", pw()),
		sc("cmd set", `set "DB_PASSWORD=%s"`, pw()),
		sc("setx token", "setx OPENWEATHER_KEY %s", h(32)),
		sc("ps new-localuser", `New-LocalUser -Name svc -Password (ConvertTo-SecureString '%s' -AsPlainText -Force)`, pw()),
		sc("ps invoke-restmethod", `Invoke-RestMethod -Uri https://api.example.com/v1/jobs -Headers @{Authorization = "Bearer %s"}`, g.s(alnum, 48)),
		sc("ps keyvault secret", `Set-AzKeyVaultSecret -VaultName kv -Name db -SecretValue (ConvertTo-SecureString "%s" -AsPlainText -Force)`, pw()),
		sc("ps pscredential split", "$user = 'CORP\\svc'\n$pass = '%s'\n$cred = New-Object System.Management.Automation.PSCredential($user, (ConvertTo-SecureString $pass -AsPlainText -Force))", pw()),

		// Connection strings and URLs of many drivers.
		sc("sqlserver url", "sqlserver://sa:%s@sql01:1433?database=app", pw()),
		sc("sqlalchemy mssql", `engine = create_engine("mssql+pyodbc://app:%s@sql01/app?driver=ODBC+Driver+18+for+SQL+Server")`, pw()),
		sc("neo4j uri", "NEO4J_URI=neo4j+s://neo4j:%s@abcd1234.databases.neo4j.io", pw()),
		sc("nats url", "nats://orders:%s@nats.internal:4222", pw()),
		sc("mqtt url", "mqtt://sensor:%s@broker.local:1883", pw()),
		sc("sftp url", "sftp://upload:%s@files.partner.com/inbox", pw()),
		sc("elasticsearch url", "ES_URL=https://elastic:%s@es01.internal:9200", pw()),
		sc("snowflake url", "snowflake://LOADER:%s@xy12345.eu-central-1/RAW/PUBLIC?warehouse=LOAD_WH", pw()),
		sc("clickhouse url", "clickhouse://default:%s@ch01:9000/analytics", pw()),
		sc("npgsql", "Host=pg01;Port=5432;Database=app;Username=app;Password=%s;SSL Mode=Require", pw()),
		sc("mysql connector", "Server=mysql01;Database=shop;Uid=shop;Pwd=%s;SslMode=Required;", pw()),
		sc("event hubs", "Endpoint=sb://acme-events.servicebus.windows.net/;SharedAccessKeyName=send;SharedAccessKey=%s;EntityPath=orders", g.b64std(32)),
		sc("iot hub", "HostName=acme-iot.azure-devices.net;DeviceId=sensor-7;SharedAccessKey=%s", g.b64std(32)),
		sc("cosmos db", "AccountEndpoint=https://acme.documents.azure.com:443/;AccountKey=%s;", g.b64std(64)),
		sc("app configuration", "Endpoint=https://acme.azconfig.io;Id="+g.s(alnum, 4)+"-l0-s0:"+g.s(alnum, 20)+";Secret=%s", g.b64std(32)),
		sc("redis stackexchange", "cache.redis.cache.windows.net:6380,password=%s,ssl=True,abortConnect=False", g.b64std(32)),

		// Headers and cookies.
		sc("cookie header", "Cookie: _ga=GA1.2.1234567890.1712345678; _session_id=%s; locale=en", h(32)),
		sc("set-cookie express", "Set-Cookie: connect.sid=s%3A%s.%s; Path=/; HttpOnly", g.s(b64url, 32), g.s(b64, 43)),
		sc("laravel session cookie", "Cookie: XSRF-TOKEN=abc; laravel_session=%s", g.s(b64, 300)+"%3D"),
		sc("proxy-authorization", "Proxy-Authorization: Basic %s", b64text("proxyuser:"+g.f3pass(0))),
		sc("x-vault-token", "curl -H \"X-Vault-Token: %s\" https://vault:8200/v1/secret/data/app", "hvs."+g.s(b64url, 90)),
		sc("x-figma-token", "X-Figma-Token: %s", "figd_"+g.s(b64url, 40)),
		sc("x-rapidapi-key", "'X-RapidAPI-Key': '%s',", h(10)+"msh"+h(15)+"p1"+h(8)+"jsn"+h(12)),
		sc("authorization splunk", "Authorization: Splunk %s", g.uuid()),
		sc("curl -v request headers", "> GET /v2/orders HTTP/2\n> Host: api.example.com\n> authorization: Bearer %s\n> accept: */*", g.s(alnum+"._-", 64)),
		sc("har header", `{"name": "Authorization", "value": "Token %s"}`, h(40)),

		// Private keys and certificates with keys.
		f3key("rsa key in ansible var", "tls_key: |\n"+indent(rsaPEM, "  "), rsaPEM),
		f3key("dsa key", "key file:\n"+dsaPEM, dsaPEM),
		f3key("encrypted pkcs8", "cat signing.key\n"+encPEM, encPEM),
		f3key("cert then key bundle", certPEM+"\n"+ecPEM, ecPEM),
		f3key("k8s tls secret yaml", "stringData:\n  tls.key: |\n"+indent(pk8PEM, "    "), pk8PEM),
		{name: "gcp sa json private_key", text: `{"type": "service_account", "client_email": "ci@acme.iam.gserviceaccount.com", "private_key": "` + strings.ReplaceAll(gcpPEM, "\n", `\n`) + `\n"}`, secrets: []string{strings.ReplaceAll(f3pemBody(gcpPEM), "\n", `\n`)}},
		sc("putty ppk", "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: deploy\nPublic-Lines: 1\nAAAAC3NzaC1lZDI1NTE5AAAAI"+g.s(b64, 43)+"\nPrivate-Lines: 1\n%s\nPrivate-MAC: "+h(64), "AAAAI"+g.s(b64, 43)),

		// Secrets inside logs, stack traces, JSON responses, shell history and tool output.
		sc("debug log form body", "2026-03-02T10:11:12Z DEBUG http: POST /oauth/token body=grant_type=client_credentials&client_id=billing&client_secret=%s", g.s(alnum, 40)),
		sc("python traceback url", "Traceback (most recent call last):\n  File \"worker.py\", line 42, in <module>\nredis.exceptions.ConnectionError: Error connecting to redis://:%s@cache.internal:6379/0", pw()),
		sc("java stack trace jdbc", "org.postgresql.util.PSQLException: connection failed\n\tat org.postgresql.Driver.connect(Driver.java:285)\nCaused by: url=jdbc:postgresql://db:5432/app?user=app&password=%s", pw()),
		sc("node error config dump", "Error: connect ECONNREFUSED 10.0.0.7:5432\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16) {\n  config: { user: 'app', password: '%s', host: '10.0.0.7' }\n}", pw()),
		sc("oauth token response", `{"token_type":"Bearer","expires_in":3599,"access_token":"%s","refresh_token":"%s"}`, g.s(alnum+"-_.", 72), g.s(alnum, 48)),
		sc("secrets manager escaped json", `{"Name": "prod/db", "SecretString": "{\"username\":\"app\",\"password\":\"%s\"}"}`, g.s(alnum, 24)),
		sc("api create key response", `{"data": {"id": "key_`+g.s(alnum, 12)+`", "name": "ci", "secret": "%s", "created_at": "2026-01-05"}}`, g.s(b64url, 48)),
		sc("vault kv get output", "====== Data ======\nKey         Value\n---         -----\npassword    %s\nusername    app", pw()),
		sc("vault token create output", "Key                  Value\n---                  -----\ntoken                %s\ntoken_accessor       "+g.s(alnum, 24)+"\ntoken_duration       768h", "hvs."+g.s(b64url, 90)),
		sc("docker inspect env", `"Env": [
                "PATH=/usr/local/sbin:/usr/local/bin",
                "MINIO_ROOT_PASSWORD=%s",
                "MINIO_ROOT_USER=admin"
            ],`, pw()),
		sc("printenv output", "HOME=/root\nHOSTNAME=api-0\nSTRIPE_API_SECRET=%s\nLANG=C.UTF-8", g.s(alnum, 40)),
		sc("shell history export", "  501  cd ~/src/app\n  502  export AWS_SECRET_ACCESS_KEY=%s\n  503  aws s3 ls", g.s(alnum+"+/", 40)),
		sc("zsh history mysql", ": 1712345678:0;mysql -h db -u admin --password=%s shop", pw()),
		sc("heroku config output", "=== acme-api Config Vars\nDATABASE_URL: postgres://u"+g.s(lowNum, 13)+":%s@ec2-1-2-3-4.compute-1.amazonaws.com:5432/d8k2", h(64)),
		sc("git remote -v token", "origin\thttps://x-access-token:%s@github.com/acme/api.git (fetch)", g.s(alnum, 36)),
		sc("terraform state", `"attributes": {"identifier": "app-db", "password": "%s", "username": "app"}`, pw()),
		sc("kubectl exec env", "kubectl exec -it api-0 -- env DB_PASS=%s ./migrate up", pw()),
		sc("docker compose run -e", "docker compose run --rm -e SENTRY_AUTH_TOKEN=%s web ./release.sh", h(64)),
		sc("log login attempt", `level=warn msg="login retry" user=ops password=%s attempt=2`, pw()),
		sc("logfmt api key", `ts=2026-04-01T08:00:00Z caller=client.go:88 url=/v1/send api_key=%s status=429`, g.s(alnum, 32)),
	}
}

// indent prefixes every line of s.
func indent(s, prefix string) string {
	return prefix + strings.ReplaceAll(s, "\n", "\n"+prefix)
}

func fresh3Innocent(g *gen) []string {
	h := func(n int) string { return g.s(hexLow, n) }
	base58 := "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
	b62 := alnum
	caCert := b64text("-----BEGIN CERTIFICATE-----\n" + g.s(b64, 64) + "\n" + g.s(b64, 64) + "\n-----END CERTIFICATE-----\n")
	return []string{
		// Hashes, digests and checksums.
		"SHA256 (go1.22.4.linux-amd64.tar.gz) = " + h(64),
		h(128) + "  node-v20.14.0-linux-x64.tar.xz",
		"[[package]]\nname = \"serde\"\nversion = \"1.0.203\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\nchecksum = \"" + h(64) + "\"",
		`{file = "requests-2.32.3-py3-none-any.whl", hash = "sha256:` + h(64) + `"}`,
		`"narHash": "sha256-` + g.b64std(32) + `",`,
		"/nix/store/" + g.s("0123456789abcdfghijklmnpqrsvwxyz", 32) + "-glibc-2.39-52",
		`  hashes = [` + "\n" + `    "h1:` + g.b64std(32) + `",` + "\n" + `    "zh:` + h(64) + `",` + "\n  ]",
		"  resolution: {integrity: sha512-" + g.b64std(64) + "}",
		"dangling blob " + h(40),
		"changeset:   4182:" + h(12),
		"ELF 64-bit LSB pie executable, x86-64, BuildID[sha1]=" + h(40) + ", stripped",
		`"sha256Hash":"` + h(64) + `"`,
		"The key fingerprint is:\nSHA256:" + g.s(b64, 43) + " alice@laptop",
		"Primary key fingerprint: " + strings.ToUpper(h(4)+" "+h(4)+" "+h(4)+" "+h(4)+" "+h(4)+"  "+h(4)+" "+h(4)+" "+h(4)+" "+h(4)+" "+h(4)),
		"SHA1 Fingerprint=" + strings.ToUpper(colonHex(g, 20)),
		"ETag: \"" + h(32) + "-5\"",
		"docker images --digests\nnginx  1.27  sha256:" + h(64) + "  " + h(12),
		// Public keys, certificates, signatures.
		"age public key: age1" + g.s(bech32, 58),
		"[Peer]\nPublicKey = " + g.b64std(32) + "\nAllowedIPs = 10.8.0.0/24\nEndpoint = vpn.example.com:51820",
		"minisign -Vm file.tar.gz -P RWQ" + g.s(b64, 53),
		`{"kty": "RSA", "kid": "` + g.s(b62, 16) + `", "use": "sig", "alg": "RS256", "e": "AQAB", "n": "` + g.s(b64url, 342) + `"}`,
		"-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmQINBG" + g.s(b64, 58) + "\n" + g.s(b64, 64) + "\n=" + g.s(b64, 4) + "\n-----END PGP PUBLIC KEY BLOCK-----",
		"    certificate-authority-data: " + caCert,
		"ssh-keyscan github.com\ngithub.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + g.s(b64, 43),
		"eth address 0x" + h(40),
		"tx 0x" + h(64) + " confirmed in block 19876543",
		"bc1q" + g.s(bech32, 38),
		"ipfs cid bafybei" + g.s("abcdefghijklmnopqrstuvwxyz234567", 52),
		"ipfs get Qm" + g.s(base58, 44),
		// Ids of many systems.
		"ksuid " + g.s(b62, 27),
		"ulid=" + "01H" + g.s(crockfd, 23),
		"discord user id " + "1" + g.digitsN(18),
		"db.orders.find({_id: ObjectId('" + h(24) + "')})",
		"charge ch_3" + g.s(b62, 23) + " refunded",
		"event evt_1" + g.s(b62, 23) + " delivered",
		"connected account acct_1" + g.s(b62, 15),
		"price_1" + g.s(b62, 23) + " is the monthly plan",
		"Twilio account SID AC" + h(32),
		"call SID CA" + h(32) + " completed",
		"instance i-0" + h(16) + " (t3.medium) running",
		"snapshot snap-0" + h(16) + " 100%",
		"/subscriptions/" + g.uuid() + "/resourceGroups/rg-prod/providers/Microsoft.Compute/virtualMachines/vm-api-01",
		"projects/412345678901/secrets/db-password/versions/3",
		"uber-trace-id: " + h(16) + ":" + h(16) + ":0:1",
		"X-B3-TraceId: " + h(32),
		"X-Amzn-Trace-Id: Root=1-" + h(8) + "-" + h(24),
		"trace_id=" + h(32) + " span_id=" + h(16) + " msg=\"db query\"",
		"cf-ray: " + h(16) + "-FRA",
		"GitHub node id U_kgDO" + g.s(b62, 8),
		"slack ts 1712345678." + g.digitsN(6),
		"firestore doc users/" + g.s(b62, 20),
		"spotify:track:" + g.s(b62, 22),
		"airtable base app" + g.s(b62, 14) + " table tbl" + g.s(b62, 14),
		"TeamID " + g.s(upNum, 10) + " bundle com.acme.notes",
		"CloudFront distribution E" + g.s(upNum, 13),
		"S3 VersionId: " + g.s(b64url, 32),
		"request_id: req_011C" + g.s(b62, 20),
		`"id": "msg_01` + g.s(b62, 22) + `", "type": "message"`,
		`"id": "chatcmpl-` + g.s(b62, 29) + `"`,
		`{"type": "tool_use", "id": "toolu_01` + g.s(b62, 22) + `", "name": "Bash"}`,
		"session " + g.uuid() + " resumed",
		"nomad alloc status " + h(8),
		"swarm node " + g.s(lowNum, 25) + " Ready Active",
		"Cloud Run revision api-00042-" + g.s(lower, 3) + " serving 100%",
		"ecs task arn:aws:ecs:eu-west-1:123456789012:task/prod/" + h(32),
		"{" + strings.ToUpper(g.uuid()) + "} ProductCode",
		// Base64 of ordinary content.
		"Content-Transfer-Encoding: base64\n\n" + b64text("Hi team,\nthe release notes for 4.2 are attached. Please review by Friday.\nThanks, Dana\n"),
		`<img src="data:image/svg+xml;base64,` + b64text(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="6" fill="#3b82f6"/></svg>`) + `">`,
		"//# sourceMappingURL=data:application/json;charset=utf-8;base64," + b64text(`{"version":3,"sources":["../src/index.ts"],"names":["main","config"],"mappings":"AAAA,SAASA,IAAI"}`),
		"localStorage prefs " + b64text(`{"theme":"dark","lang":"en-GB","sidebar":true}`),
		"annotation: " + b64text("deployed by pipeline 4521 from branch main"),
		"  caBundle: " + caCert,
		// Versions and build ids.
		"go version go1.22.4 linux/amd64",
		"Linux build01 6.8.0-45-generic #45-Ubuntu SMP PREEMPT_DYNAMIC x86_64 GNU/Linux",
		"rustc 1.79.0 (" + h(9) + " 2024-06-10)",
		"openjdk 21.0.3 2024-04-16 LTS\nOpenJDK Runtime Environment Temurin-21.0.3+9 (build 21.0.3+9-LTS)",
		"Microsoft Windows [Version 10.0.22631.3737]",
		" Version:           26.1.4\n Git commit:        " + h(7),
		"app-1.0-20240611.104512-3.jar",
		"numpy-2.0.0-cp312-cp312-manylinux_2_17_x86_64.manylinux2014_x86_64.whl",
		"openssl                   3.0.13               h4ab18f5_1    conda-forge",
		`"buildId":"` + g.s(b64url, 21) + `"`,
		// Long identifiers, minified code, cache keys, generated names.
		"AbstractSingletonProxyFactoryBean",
		`!function(e,t){"object"==typeof exports?module.exports=t():e.lib=t()}(this,function(){var n={};return n.a=function(r,o){return r+o},n});`,
		`<div class="styles_button__` + g.s(b64url, 5) + ` flex items-center gap-2 rounded-md px-3 py-1.5">`,
		"key: v1-deps-{{ checksum \"package-lock.json\" }}",
		"Cache restored from key: Linux-node-" + h(64),
		"turbo: cache hit, replaying logs " + h(16),
		"/home/ci/.cache/bazel/_bazel_ci/" + h(32) + "/execroot/__main__",
		"_next/static/chunks/pages/_app-" + h(16) + ".js",
		"Library/Developer/Xcode/DerivedData/Notes-" + g.s(lower, 28) + "/Build",
		"redis GET session:user:48213:prefs",
		"memcached key tpl:" + h(32),
		// URLs without credentials.
		"https://docs.google.com/spreadsheets/d/" + g.s(b64url, 44) + "/edit#gid=0",
		"https://drive.google.com/file/d/1" + g.s(b64url, 32) + "/view?usp=sharing",
		"https://www.figma.com/file/" + g.s(b62, 22) + "/Checkout-flow",
		"https://www.notion.so/acme/Release-checklist-" + h(32),
		"https://gist.github.com/alice/" + h(32),
		"https://grafana.example.com/d/" + g.s(b62, 9) + "/api-latency?orgId=1&from=now-6h",
		// Placeholders in secret slots (see the definition at the top).
		"password: \"{{ .Values.postgresql.auth.password }}\"",
		"          DB_PASSWORD: ${{ secrets.DB_PASSWORD }}",
		"  password: $(registryPassword)",
		"Password=#{DbPassword};",
		`password: process.env.DB_PASSWORD,`,
		`String pw = System.getenv("DB_PASSWORD");`,
		`token := os.Getenv("GITHUB_TOKEN")`,
		`config.secret_key_base = ENV.fetch("SECRET_KEY_BASE")`,
		"      MasterUserPassword: !Ref DbPassword",
		"{{resolve:secretsmanager:prod/db:SecretString:password}}",
		"api_key: <YOUR_API_KEY>",
		"export ANTHROPIC_API_KEY=<paste your key here>",
		"password: xxxxxxxxxxxx",
		"Server=sql01;Database=app;User Id=sa;Password=****;",
		"postgres://app:***@db.internal:5432/app",
		"AWS_SECRET_ACCESS_KEY=...",
		"client_secret: your-client-secret",
		"password = \"\"",
		"password: ~",
		"token: REPLACE_ME",
		`curl -H "Authorization: Bearer $API_TOKEN" https://api.example.com/v1/me`,
		`curl -u "$JENKINS_USER:$JENKINS_TOKEN" https://jenkins.example.com/api/json`,
		"Authorization: Bearer <access_token>",
		"echo \"$CR_PAT\" | docker login ghcr.io -u alice --password-stdin",
		"mysql -u root -p",
		"net use Z: \\\\fs01\\share /user:CORP\\alice *",
		// Messages about credentials that hold none.
		"ERROR 1045 (28000): Access denied for user 'root'@'10.0.0.3' (using password: YES)",
		`FATAL:  password authentication failed for user "app"`,
		"Permission denied (publickey,password).",
		"mysql: [Warning] Using a password on the command line interface can be insecure.",
		"Enter passphrase for key '/home/alice/.ssh/id_ed25519':",
		"Incorrect API key provided: sk-proj-****************************abcd.",
		"+ password = (sensitive value)",
		"//registry.npmjs.org/:_authToken = (protected)",
		"Looking in indexes: https://ci:****@pypi.internal/simple",
	}
}

// TestFresh3Table measures the fifth table. It was written blind and measured only by its
// summary through round 4 (94.0 % caught, 10.7 % of look-alikes changed before it; 96.0 % and 6.0 %
// after); round 5 read its misses and fixed their causes, so it is tuning material now and holds
// what round 5 reached (546/546, 0/402) with room for a draw, not for a regression.
func TestFresh3Table(t *testing.T) {
	measureTable(t, "fresh3", fresh3Secrets, fresh3Innocent, 0.99, 0.01)
}
