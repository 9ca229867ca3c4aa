package redact

import (
	"os"
	"testing"
)

// The fresh table (issue 15, third table). Written from knowledge of real-world shapes — other
// tools' password flags, other configuration formats, other providers' key layouts, and the
// harmless random-looking strings sessions quote — before any rule change of that round, and
// committed alone with its baseline figures. No rule may be tuned to make a case here pass: like
// heldout_test.go, it measures what the rules were not written for. A case that shows a problem
// is copied, changed, into the tuning table instead.

// humanPassword is a password a person chose: a word, a separator, digits and a symbol, in
// varying order.
func (g *gen) humanPassword() string {
	words := []string{"Harbor", "pixel", "Cobalt", "meadow", "Falcon", "ember", "Glacier", "nimbus"}
	syms := "!@#%^*_+?"
	w := words[g.r.IntN(len(words))]
	d := g.s(digits, 2+g.r.IntN(3))
	sym := string(syms[g.r.IntN(len(syms))])
	switch g.r.IntN(3) {
	case 0:
		return w + d + sym
	case 1:
		return sym + w + "." + d + words[g.r.IntN(len(words))]
	}
	return d + w + sym + g.s(alnum, 3)
}

func freshSecrets(g *gen) []secretCase {
	pw := g.humanPassword
	return []secretCase{
		// Passwords given to command-line tools.
		sc("redis-cli -a", "redis-cli -h cache.internal -a %s ping", pw()),
		sc("keytool storepass keypass", "keytool -genkeypair -alias app -keystore app.jks -storepass %s -keypass %s", pw(), pw()),
		sc("openssl passout", "openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout pass:%s", pw()),
		sc("openssl enc -k", "openssl enc -aes-256-cbc -salt -in db.sql -out db.sql.enc -k %s", pw()),
		sc("psql conninfo", `psql "host=db.internal port=5432 user=app password=%s dbname=app"`, pw()),
		sc("mongo -p", "mongo --host db -u admin -p %s --authenticationDatabase admin", pw()),
		sc("sqlcmd -P", "sqlcmd -S tcp:sql01,1433 -U sa -P %s -Q \"SELECT 1\"", pw()),
		sc("bcp -P quoted", "bcp dbo.Orders out orders.dat -S sql01 -U loader -P '%s' -c", pw()),
		sc("influx -password", "influx -host metrics -username admin -password %s -execute 'SHOW DATABASES'", pw()),
		sc("htpasswd -b", "htpasswd -b -c /etc/nginx/.htpasswd alice %s", pw()),
		sc("ldapsearch -w", `ldapsearch -x -H ldap://ldap.acme.org -D "cn=admin,dc=acme,dc=org" -w %s -b dc=acme,dc=org`, pw()),
		sc("svn --password", "svn checkout https://svn.acme.org/repo/trunk --username alice --password %s", pw()),
		sc("lftp -u user,pass", "lftp -u alice,%s sftp://files.acme.org", pw()),
		sc("zip -P", "zip -P %s -r backup.zip ./exports", pw()),
		sc("7z -p", "7z a -p%s -mhe=on archive.7z secrets/", pw()),
		sc("unzip -P", "unzip -P %s archive.zip", pw()),
		sc("vault userpass", "vault login -method=userpass username=alice password=%s", pw()),
		sc("az login -p", "az login -u alice@acme.onmicrosoft.com -p %s", pw()),
		sc("oc login -p", "oc login https://api.ocp.acme.org:6443 -u developer -p %s", pw()),
		sc("pscp -pw", "pscp -pw %s report.csv alice@10.0.0.5:/tmp/", pw()),
		sc("plink -pw", "plink -ssh -pw %s alice@bastion uptime", pw()),
		sc("xfreerdp /p:", "xfreerdp /v:win01.acme.org /u:Administrator /p:%s /cert:ignore", pw()),
		sc("java keystore property", "java -Djavax.net.ssl.keyStorePassword=%s -jar app.jar", pw()),
		sc("maven -D password", "mvn deploy -Drepo.username=ci -Drepo.password=%s", pw()),
		sc("kubectl from-literal", "kubectl create secret generic db-creds --from-literal=username=app --from-literal=password=%s", pw()),
		sc("helm --set", "helm install pg bitnami/postgresql --set auth.postgresPassword=%s", pw()),
		sc("terraform -var", "terraform apply -var 'db_password=%s' -auto-approve", pw()),
		sc("ssh-keygen -N", "ssh-keygen -t ed25519 -f deploy_key -N '%s'", pw()),
		sc("mysql --password=quoted", "mysql --host=db --user=app --password='%s' app", pw()),
		sc("rabbitmqctl add_user", "rabbitmqctl add_user app %s", pw()),
		sc("echo to sudo -S", "echo '%s' | sudo -S systemctl restart nginx", pw()),
		sc("ansible extra var", "ansible-playbook site.yml -e ansible_become_pass=%s", pw()),
		sc("net use", `net use \\fs01\share %s /user:ACME\alice`, pw()),
		sc("wget --http-password", "wget --http-user=alice --http-password=%s https://files.acme.org/a.tgz", pw()),
		sc("sshpass env", "SSHPASS=%s sshpass -e ssh alice@host", pw()),

		// Configuration files of other formats.
		sc("xml password element", "<datasource>\n  <user>app</user>\n  <password>%s</password>\n</datasource>", pw()),
		sc("maven settings server", "<server><id>nexus</id><username>ci</username><password>%s</password></server>", g.s(alnum, 20)),
		sc("xml appsettings value", `<add key="SmtpPassword" value="%s" />`, pw()),
		sc("xml attribute password", `<connection host="db" user="app" password="%s" pool="10"/>`, pw()),
		sc("hcl password", "resource \"aws_db_instance\" \"main\" {\n  username = \"app\"\n  password = \"%s\"\n}", pw()),
		sc("ini client password", "[client]\nuser=backup\npassword=%s\n", pw()),
		sc("toml token", "[registries.acme]\ntoken = \"%s\"", g.s(alnum, 32)),
		sc("sql identified by", "CREATE USER 'app'@'%%' IDENTIFIED BY '%s';", pw()),
		sc("sql alter role password", "ALTER ROLE app WITH LOGIN PASSWORD '%s';", pw()),
		sc("sql create login", "CREATE LOGIN reporting WITH PASSWORD = '%s', CHECK_POLICY = OFF;", pw()),
		sc("oracle identified by unquoted", "ALTER USER system IDENTIFIED BY %s;", pw()),
		sc("redis requirepass", "# redis.conf\nrequirepass %s\n", pw()),
		sc("redis masterauth", "masterauth %s", g.s(alnum, 24)),
		sc("k8s secret data", "kind: Secret\ndata:\n  password: %s\n", b64text(pw())),
		sc("k8s stringData", "stringData:\n  DB_PASS: %s", pw()),
		sc("wp-config define", "define( 'DB_PASSWORD', '%s' );", pw()),
		sc("php variable", "$db_pass = '%s';", pw()),
		sc("rails secret_key_base", "config.secret_key_base = '%s'", g.s(hexLow, 128)),
		sc("spring property", "spring.datasource.password=%s", pw()),
		sc("gradle signing", "signing.password=%s", pw()),
		sc("gradle proxy", "systemProp.https.proxyPassword=%s", pw()),
		sc("jdbc sqlserver", "jdbc:sqlserver://sql01:1433;databaseName=app;user=sa;password=%s;encrypt=true", pw()),
		sc("jdbc mysql query", "jdbc:mysql://db:3306/app?user=app&password=%s&useSSL=true", pw()),
		sc("odbc pwd", "Driver={ODBC Driver 18 for SQL Server};Server=sql01;Uid=app;Pwd=%s;", pw()),
		sc("mongodb srv url", `mongosh "mongodb+srv://admin:%s@cluster0.ab1cd.mongodb.net/app"`, pw()),
		sc("amqp url", "AMQP_URL=amqp://guest:%s@rabbit:5672/", g.s(alnum, 18)),
		sc("git-credentials line", "https://alice:%s@gitlab.acme.org", g.s(alnum, 20)),
		sc("rclone pass", "[remote]\ntype = sftp\nhost = files\nuser = alice\npass = %s", g.s(b64url, 40)),
		sc("wpa psk", "network={\n  ssid=\"office\"\n  psk=\"%s\"\n}", pw()),
		sc("hostapd passphrase", "wpa_passphrase=%s", pw()),
		sc("htpasswd apr1", "alice:$apr1$%s", g.s("./"+alnum, 8)+"$"+g.s("./"+alnum, 22)),
		sc("shadow yescrypt", "alice:$y$j9T$%s:19700:0:99999:7:::", g.s("./"+alnum, 22)+"$"+g.s("./"+alnum, 43)),
		sc("kaggle json", `{"username":"alice","key":"%s"}`, g.s(hexLow, 32)),
		sc("kubeconfig client-key-data", "    client-key-data: %s", b64text("-----BEGIN EC PRIVATE KEY-----\n"+g.b64std(90)+"\n-----END EC PRIVATE KEY-----\n")),
		sc("wireguard private key", "[Interface]\nPrivateKey = %s\nAddress = 10.0.0.2/32", g.b64std(32)),
		sc("bitwarden session", "export BW_SESSION=\"%s\"", g.b64std(64)),
		sc("sonar login", "sonar.login=%s", g.s(hexLow, 40)),
		sc("docker compose env list", "    environment:\n      - MYSQL_ROOT_PASSWORD=%s", pw()),
		sc("yaml passwd", "smtp:\n  user: mailer\n  passwd: %s", pw()),
		sc("azure devops pat env", "AZURE_DEVOPS_EXT_PAT=%s", g.s("abcdefghijklmnopqrstuvwxyz234567", 52)),
		sc("npm config set", "npm config set //npm.acme.io/:_authToken %s", g.s(alnum, 36)),

		// Headers and query parameters.
		sc("x-auth-token header", "curl -H 'X-Auth-Token: %s' https://api.acme.io/v2/servers", g.s(alnum, 32)),
		sc("apim subscription key", `-H "Ocp-Apim-Subscription-Key: %s"`, g.s(hexLow, 32)),
		sc("azure openai api-key", `headers = {"api-key": "%s"}`, g.s(hexLow, 32)),
		sc("query key param", "https://maps.acme-geo.com/api/geocode?address=Paris&key=%s", g.s(b64url, 39)),
		sc("query apikey param", "GET /v1/quotes?symbol=ACME&apikey=%s HTTP/1.1", g.s(upNum, 16)),
		sc("form client secret", "curl -d 'grant_type=client_credentials&client_id=app&client_secret=%s' https://idp/token", g.s(b64url, 40)),

		// Keyed tokens of providers no rule names, by prefix and a random tail.
		sc("asana pat", "ASANA %s", "1/"+g.digitsN(16)+":"+g.s(hexLow, 32)),
		sc("twitch oauth", "PASS oauth:%s", g.s(lowNum, 30)),
		sc("launchdarkly sdk", "ld client sdk-%s", g.uuid()),
		sc("hubspot pat", "hubspot pat-na1-%s", g.uuid()),
		sc("infracost", "infracost ico-%s", g.s(alnum, 32)),
		sc("plaid access", "plaid access-production-%s", g.uuid()),
		sc("beamer", "beamer b_%s", g.s(b64url, 44)),
		sc("telnyx", "telnyx KEY%s", g.s(upNum, 32)+"_"+g.s(alnum, 22)),
		sc("clickhouse cloud", "chc key 4b1d%s", g.s(alnum, 38)),
		sc("prefixed live key", "acme_live_%s", g.s(alnum, 32)),
		sc("prefixed sk", "client = Acme(\"ak-%s\")", g.s(alnum, 40)),
		sc("prefixed tok", "use tok_%s for the webhook", g.s(alnum, 40)),
		sc("prefixed underscored upper", "CFG uses ACMEKEY_%s", g.s(upNum, 40)),
		sc("gitleaks-like generic", "apiToken %s", g.s(alnum, 40)),

		// No context at all: a random string on its own.
		sc("bare alnum 40", "it printed %s and exited", g.s(alnum, 40)),
		sc("bare b64url 64", "%s", g.s(b64url, 64)),
		sc("bare base64 48 bytes", "value: %s", g.b64std(48)),
		sc("bare upper-digit 32", "code %s", g.s(upNum, 32)),
	}
}

func freshInnocent(g *gen) []string {
	k8s := "bcdfghjklmnpqrstvwxz2456789"
	return []string{
		// Lockfiles, checksums and digests.
		`resolved "https://registry.yarnpkg.com/lodash/-/lodash-4.17.21.tgz#` + g.s(hexLow, 40) + `"`,
		"  resolution: {integrity: sha512-" + g.b64std(64) + "}",
		`{file = "requests-2.32.3-py3-none-any.whl", hash = "sha256:` + g.s(hexLow, 64) + `"}`,
		"requests==2.32.3 --hash=sha256:" + g.s(hexLow, 64),
		"FROM python:3.12-slim@sha256:" + g.s(hexLow, 64),
		`"digest": "sha256:` + g.s(hexLow, 64) + `", "size": 7340`,
		`<script src="/app.js" integrity="sha384-` + g.b64std(48) + `" crossorigin="anonymous"></script>`,
		g.s(hexLow, 64) + "  dist/anamnesis_linux_amd64.tar.gz",
		"MD5 (report.pdf) = " + g.s(hexLow, 32),
		"github.com/mattn/go-isatty v0.0.20 h1:" + g.b64std(32),
		"nixpkgs hash = \"sha256-" + g.b64std(32) + "\";",
		// Version control.
		"v1.4.2-13-g" + g.s(hexLow, 7),
		"github.com/acme/lib v0.0.0-20240312152122-" + g.s(hexLow, 12),
		g.s(hexLow, 7) + " Fix flaky retry in the uploader",
		"Merge: " + g.s(hexLow, 7) + " " + g.s(hexLow, 7),
		"HEAD is now at " + g.s(hexLow, 10) + " Bump deps",
		"tree " + g.s(hexLow, 40) + "\nparent " + g.s(hexLow, 40),
		// Public keys and fingerprints.
		"ED25519 key fingerprint is SHA256:" + g.s(b64, 43) + ".",
		"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + g.s(b64, 43) + " alice@laptop",
		"recipient age1" + g.s(bech32, 58),
		"gpg: key " + g.s(hexUp, 16) + ": public key imported",
		"Primary key fingerprint: " + g.s(hexUp, 4) + " " + g.s(hexUp, 4) + " " + g.s(hexUp, 4) + " " + g.s(hexUp, 4),
		"-----BEGIN CERTIFICATE-----\n" + g.b64std(48) + "\n" + g.b64std(48) + "\n-----END CERTIFICATE-----",
		// Content addresses and chain ids.
		"ipfs cat bafybei" + g.s("abcdefghijklmnopqrstuvwxyz234567", 52),
		"tx 0x" + g.s(hexLow, 64) + " confirmed",
		"bc1q" + g.s(bech32, 38),
		// Cloud and cluster names.
		"replicaset.apps/web-" + g.s(k8s, 10) + " scaled",
		"pod/api-gateway-" + g.s(k8s, 9) + "-" + g.s(k8s, 5) + " 1/1 Running",
		"cronjob-sync-" + g.digitsN(8) + "-" + g.s(k8s, 5),
		"vpc-" + g.s(hexLow, 17) + " sg-" + g.s(hexLow, 17),
		"arn:aws:kms:us-east-1:123456789012:key/" + g.uuid(),
		"/subscriptions/" + g.uuid() + "/resourceGroups/rg-prod/providers/Microsoft.Web/sites/acme-api",
		"projects/acme-prod-381212/locations/us-central1/functions/ingest",
		"container " + g.s(hexLow, 64) + " exited",
		"docker ps: " + g.s(hexLow, 12) + "   nginx:1.27   Up 3 hours",
		"/var/lib/docker/overlay2/" + g.s(hexLow, 64) + "/merged",
		"X-Amzn-Trace-Id: Root=1-" + g.s(hexLow, 8) + "-" + g.s(hexLow, 24),
		"X-Request-Id: " + g.uuid(),
		"event_id " + g.s(hexLow, 32),
		"ObjectId(\"" + g.s(hexLow, 24) + "\")",
		"lineage = \"" + g.uuid() + "\"",
		// Public object ids with prefixes (not credentials).
		"customer cus_" + g.s(alnum, 14) + " charged",
		"payment intent pi_" + g.s(alnum, 24) + " succeeded",
		"webhook event evt_" + g.s(alnum, 24),
		"price_" + g.s(alnum, 24) + " monthly",
		// Base64 of ordinary text.
		"payload " + b64text(`{"user":"alice","role":"admin","exp":1767225600}`),
		b64text("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n"),
		"commit message was " + b64text("Refactor the capture pipeline to batch writes"),
		"  tls.crt: " + b64text("-----BEGIN CERTIFICATE-----\n"+g.b64std(30)+"\n-----END CERTIFICATE-----\n"),
		// Versions, paths, build artefacts.
		"1.2.3-beta.4+exp.sha." + g.s(hexLow, 7),
		"go version go1.22.3 linux/amd64",
		"~/.cache/go-build/3a/" + g.s(hexLow, 64) + "-d",
		"node_modules/.pnpm/@babel+core@7.24.0/node_modules/@babel/core",
		"/tmp/tmp." + g.s(alnum, 10),
		"_next/static/" + g.s(b64url, 21) + "/_buildManifest.js",
		"dist/assets/vendor-" + g.s(b64url, 8) + ".js",
		`C:\Program Files\Microsoft Visual Studio\2022\Community\VC\Tools\MSVC\14.38.33130\bin`,
		"https://docs.google.com/document/d/" + g.s(b64url, 44) + "/edit",
		"https://www.youtube.com/watch?v=" + g.s(b64url, 11) + "&t=42s",
		"https://github.com/acme/api/actions/runs/" + g.digitsN(11) + "/job/" + g.digitsN(11),
		// Long identifiers.
		"TestRedactKeepsLockfileIntegrityValuesAcrossFormats",
		"AbstractSingletonProxyFactoryBean",
		"kAudioUnitProperty_StreamFormat",
		"HTTP2ServerConnectionPoolMaxIdlePerHost",
		"x86_64-unknown-linux-gnu",
		"com.google.android.gms:play-services-auth:21.0.0",
		"aws_iam_access_key.deploy_bot",
		// Settings and commands that name secrets without holding one.
		"TOKENIZERS_PARALLELISM=false",
		"PASSWORD_MIN_LENGTH=12",
		"TOKEN_URL=https://oauth2.googleapis.com/token",
		"PASSWORD_FILE=/run/secrets/db_password",
		"docker login --username ci --password-stdin < /run/secrets/registry",
		"KEY_VAULT_NAME=acme-prod-kv",
		"<password>${env.DB_PASSWORD}</password>",
		`<add key="LogLevel" value="Information" />`,
		"CREATE USER app IDENTIFIED WITH auth_socket;",
		"password_hash VARCHAR(255) NOT NULL,",
		"redis-cli -h cache -p 6379 ping",
		"psql -h db -p 5432 -U app -d app",
		"ssh -i ~/.ssh/id_ed25519 -p 2222 deploy@bastion",
		"docker run -p 8080:80 -v /data:/data nginx",
		"mkdir -p /tmp/build && zip -r out.zip build",
		"keytool -list -v -keystore app.jks",
		"htpasswd -c /etc/nginx/.htpasswd alice",
		"rotate the API key every 90 days; the password must have 12 characters",
		"2026-01-01T12:00:00.123456789Z INFO request completed in 123ms",
	}
}

// TestFreshTable measures the fresh table; like TestHeldOutTable it reports and does not fail,
// so that the figure, not a tuned pass, is what it gives.
func TestFreshTable(t *testing.T) {
	g := newGen(1)
	if n, m := len(freshSecrets(g)), len(freshInnocent(g)); n < 100 || m < 80 {
		t.Fatalf("the fresh table needs at least 100 secrets and 80 look-alikes, has %d and %d", n, m)
	}
	s := measure(defaultRedactor, freshSecrets, freshInnocent)
	report(t, "fresh table", s)
	if os.Getenv("ANAMNESIS_REDACT_FRESH_MISSES") == "1" {
		for _, m := range s.misses {
			t.Logf("fresh leak: %s", m)
		}
		for _, f := range s.falsePos {
			t.Logf("fresh look-alike changed: %s", f)
		}
	}
}
