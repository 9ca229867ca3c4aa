package redact

import (
	"encoding/base64"
	"strings"
)

// Tuning cases for the mechanisms of passwords.go and the harmless shapes (issue 15's second
// round). They join the tuning table; each names the mechanism it exercises.

func mechanismSecrets(g *gen) []secretCase {
	pw := g.password
	return []secretCase{
		// Short password flags, value judged by shape.
		sc("flag -P mosquitto", "mosquitto_pub -h broker -u sensor -P %s -t temp -m 21", pw()),
		sc("flag -w ldapwhoami", "ldapwhoami -x -D uid=bob,ou=people,dc=ex,dc=com -w '%s'", pw()),
		sc("flag -storepass jarsigner", "jarsigner -keystore rel.jks -storepass %s app.apk release", pw()),
		sc("flag -passin pass:", "openssl rsa -in enc.key -passin pass:%s -out plain.key", pw()),
		sc("flag -p attached rar", "rar a -p%s vault.rar docs", pw()),
		sc("flag -p mongodump", "mongodump --uri mongodb://db -u root -p %s", pw()),
		sc("flag -pw psftp", "psftp -pw %s bob@sftp.ex.com", pw()),
		sc("flag /p: msdeploy", `msdeploy -verb:sync /u:deployer /p:%s`, pw()),
		sc("flag -a keydb", "keydb-cli -a '%s' info", pw()),
		sc("flag -k random", "openssl enc -d -aes256 -k %s -in x.enc", g.s(alnum, 24)),
		// A password word and a value.
		sc("word password bare", "then set password %s on the admin account", pw()),
		sc("word requirepass quoted", `requirepass "%s"`, pw()),
		sc("word sql with password", "CREATE ROLE reporter LOGIN PASSWORD '%s';", g.s(alnum, 12)),
		sc("word masterauth", "masterauth %s", pw()),
		sc("sql identified by quoted", "GRANT ALL ON *.* TO 'bob'@'localhost' IDENTIFIED BY '%s';", pw()),
		sc("sql identified by bare", "CREATE USER scott IDENTIFIED BY %s;", pw()),
		// Elements and key/value pairs.
		sc("element password", "<db><password>%s</password></db>", pw()),
		sc("element apiKey", "<apiKey>%s</apiKey>", g.s(alnum, 32)),
		sc("element namespaced", "<ns:clientSecret>%s</ns:clientSecret>", g.s(b64url, 30)),
		sc("appsettings value", `<add key="ApiToken" value="%s"/>`, g.s(alnum, 28)),
		sc("ant property", `<property name="deploy.password" value="%s"/>`, pw()),
		sc("php define", "define('AUTH_KEY', '%s');", g.s(alnum+"!@#", 48)),
		sc("setenv pair", `os.environ.setdefault("SERVICE_TOKEN", "%s")`, g.s(alnum, 30)),
		sc("requests auth tuple", "requests.get(url, auth=('bob', '%s'))", pw()),
		// Stdin passwords.
		sc("echo to docker login", "echo '%s' | docker login ghcr.io -u bob --password-stdin", pw()),
		sc("echo to chpasswd", "echo 'bob:%s' | chpasswd", pw()),
		sc("echo to sudo -S -k", "echo %s | sudo -k -S apt-get update", pw()),
		// Names that are credentials only with a random value.
		sc("bare key random", `{"user":"bob","key":"%s"}`, g.s(alnum, 32)),
		sc("login random", "app.login=%s", g.s(hexLow, 40)),
		sc("session random", "SESSION=%s", g.s(b64url, 48)),
		sc("pass suffix", "KEYSTOREPASS=%s", pw()),
		sc("psk", "psk=%s", pw()),
		// Base64 of a private key.
		sc("base64 pem", "tls.key: %s", b64text("-----BEGIN RSA PRIVATE KEY-----\n"+g.b64std(60)+"\n-----END RSA PRIVATE KEY-----\n")),
	}
}

func mechanismInnocent(g *gen) []string {
	return []string{
		// Short flags whose values are not passwords.
		"ssh -p 2200 -i key.pem bob@host",
		"docker run -p 127.0.0.1:8080:80 app",
		"mkdir -p build/out2 dist",
		"ls -a src2",
		"curl -k https://localhost:8443/health",
		"curl -w '%{http_code}' -o /dev/null https://x",
		"sort -k2,2n data.tsv",
		"xargs -P4 -n1 gzip",
		"git commit -a -m 'Fix issue 12'",
		"openssl pkcs12 -in b.p12 -passin env:P12_PASS",
		"openssl rsa -passin file:/run/secrets/pass -in k.pem",
		"pg_dump -p 5433 app > app.sql",
		"grep -w hello2 notes.txt",
		"uname -a",
		"ssh-keygen -t rsa -b 4096 -N '' -f id",
		"zip -P \"$ZIP_PASSWORD\" out.zip f",
		"tar -czf backup-2026.tar.gz data",
		"redis-cli -p 6380 -n 2 keys '*'",
		"gcc -pthread -O2 main.c",
		"java -jar app.jar -p config.yaml",
		"mvn -P release-profile deploy",
		// Password words before prose or placeholders.
		"change the password on first login",
		"password reset links expire after one hour",
		"the password must be 12 characters",
		"use IDENTIFIED BY with a strong value",
		"IDENTIFIED BY '${DB_PASS}'",
		"requirepass is commented out in redis.conf",
		"<password></password>",
		"<password>${db.password}</password>",
		"<keyAlias>release</keyAlias>",
		`<add key="Environment" value="Production"/>`,
		`<property name="build.dir" value="target/classes"/>`,
		"define('WP_DEBUG', false);",
		`os.environ.setdefault("DJANGO_SETTINGS_MODULE", "app.settings")`,
		`getenv("API_TOKEN", "")`,
		"echo $TOKEN | docker login -u bob --password-stdin",
		"echo hello | sudo -S true",
		`{"key": "sort_order", "value": 3}`,
		"login=alice",
		"session=main",
		"BYPASS=true",
		// Harmless shapes.
		"The ECDSA key fingerprint is SHA256:" + g.s(b64, 43) + ".",
		"age1" + g.s(bech32, 58) + " is the recipient",
		"ipfs pin add bafkrei" + g.s("abcdefghijklmnopqrstuvwxyz234567", 52),
		"pin Qm" + g.s("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz", 44),
		"invoice in_" + g.s(alnum, 24) + " paid",
		"subscription sub_" + g.s(alnum, 24) + " active",
		"refund re-" + g.s(alnum, 20),
		"acct_" + g.s(alnum, 16) + " connected",
	}
}

func mechanismSecrets2(g *gen) []secretCase {
	return []secretCase{
		sc("md5crypt", "bob:$1$%s:19000:0:99999:7:::", g.s("./"+alnum, 8)+"$"+g.s("./"+alnum, 22)),
		sc("gost-yescrypt", "$gy$j9T$%s", g.s("./"+alnum, 22)+"$"+g.s("./"+alnum, 43)),
		sc("scrypt crypt", "$7$CU..../....%s", g.s("./"+alnum, 16)+"$"+g.s("./"+alnum, 43)),
		sc("passlib pbkdf2", "$pbkdf2-sha256$29000$%s", g.s("./"+alnum, 22)+"$"+g.s("./"+alnum, 43)),
		sc("django pbkdf2", "password = pbkdf2_sha256$600000$%s", g.s(alnum, 22)+"$"+g.b64std(32)),
		sc("token uuid", "auth with token-%s", g.uuid()),
		sc("api key uuid", "x = 'apikey_%s'", g.uuid()),
		sc("pat region uuid", "pat-eu1-%s", g.uuid()),
		sc("path with random b64", "value /%s", g.s(b64, 44)),
	}
}

func mechanismInnocent2(g *gen) []string {
	return []string{
		"/var/lib/containerd/io.containerd.snapshotter.v1.overlayfs/snapshots/" + g.s(hexLow, 64) + "/fs",
		"~/.cache/pip/wheels/" + g.s(hexLow, 2) + "/" + g.s(hexLow, 62) + "/build",
		"/tmp/bazel-out/k8-fastbuild/bin/" + g.s(hexLow, 40) + "/main",
		"request-" + g.uuid(),
		"trace_" + g.uuid(),
		"test-" + g.uuid() + " cleaned up",
		"tenant-" + g.uuid(),
		"$5 and $10 and $1 each",
	}
}

// symbolPassword is a password with one of the symbols people use, in front or behind.
func (g *gen) symbolPassword(i int) string {
	syms := "^$+~%&*?#@"
	sym := string(syms[i%len(syms)])
	if i%2 == 0 {
		return sym + "Quartz" + g.s(digits, 3) + "fjord"
	}
	return "basalt" + g.s(digits, 2) + "Lumen" + sym
}

func mechanismSecrets3(g *gen) []secretCase {
	var cs []secretCase
	for i := 0; i < 10; i++ {
		cs = append(cs, sc("flag -P symbol password", "mosquitto_sub -u s -P %s -t x", g.symbolPassword(i)))
	}
	return append(cs, []secretCase{
		sc("flag --auth", "tool push --auth %s", g.s(alnum, 28)),
		sc("flag --key random", "cli --key=%s list", g.s(alnum, 24)),
		sc("flag --psk", "vpn up --psk '%s'", g.password()),
		sc("word api key short", "the vendor api key %s works", g.s(alnum, 18)),
		sc("word token is", "my token is %s", g.s(b64url, 22)),
		sc("word secret backtick", "client secret `%s`", g.s(alnum, 20)),
		sc("word key hex", "license key %s", g.s(hexLow, 32)),
		sc("msbuild password property", "msbuild Deploy.proj /p:DeployPassword=%s /p:Configuration=Release", g.password()),
		sc("presigned url signature", "https://bucket.s3.amazonaws.com/r.csv?X-Amz-Date=20260101T000000Z&X-Amz-Expires=900&X-Amz-Signature=%s", g.s(hexLow, 64)),
		sc("gcs signed url", "https://storage.googleapis.com/b/o?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Signature=%s", g.s(hexLow, 128)),
	}...)
}

func mechanismInnocent3(g *gen) []string {
	return []string{
		"gpg --key " + g.s(hexUp, 16) + " --sign",
		"--key ~/.ssh/deploy_ed25519",
		"--auth basic",
		"--key-file /etc/tls/server.key",
		"--login alice",
		"the token budget is 2000 tokens",
		"api key rotation runbook-2026-update",
		"primary key idx_memories_updated_at",
		"secret manager path projects/acme/secrets/db-password/versions/3",
		"token counting uses tiktoken cl100k_base",
		"key " + g.uuid() + " in the table",
		"sort key created_at_2026_01_01",
		"git log -p HEAD~3 -- core/",
		"git show -p main^2",
		"grep -P '^\\s+Error:' build.log",
		"grep -P 'Status=\\d+' out.txt",
		"msbuild App.sln /p:Configuration=Release /p:Platform=x64",
		"gradle -Pversion=1.2.3 -PreleaseBuild=true publish",
		// Code and comments about secrets (found by redacting this repository's own sources).
		`var secretSuffixes = []string{"token", "secret", "password", "passwd", "passphrase", "apikey"}`,
		`AltEnv: []string{"DEEPSEEK_API_KEY", "OPENAI_API_KEY"}, Secret: true`,
		`keywords("password", "passwd", "passphrase", "requirepass")`,
		"// short flags: -w (ldap tools), -a (redis-cli), -k (openssl enc), -pw (PuTTY)",
		"/p: and /password: (Windows tools) take a value",
		"// .pgpass: host:port:database:user:password.",
		"signature: func(ctx context.Context) error",
		"Signature=none",
	}
}

// Tuning cases for the third round (issue 15): the command-line model (a tool's password slots,
// positional or behind a flag, take any value that is not a placeholder), generic password
// flags, placeholders kept, and Firebase push ids that start like a flag.

// weakPassword is an ordinary-looking password: a word and digits, or a plain word.
func (g *gen) weakPassword(i int) string {
	words := []string{"hunter", "trustno", "qwerty", "passw0rd", "iloveyou", "baseball", "princess", "solo"}
	w := words[g.r.IntN(len(words))]
	switch i % 3 {
	case 0:
		return w + g.s(digits, 2)
	case 1:
		return w
	}
	return strings.ToUpper(w[:1]) + w[1:] + g.s(digits, 1)
}

func mechanismSecrets4(g *gen) []secretCase {
	pw, weak := g.password, g.weakPassword
	return []secretCase{
		// Positional slots of tools that take a password on the command line.
		sc("htpasswd -b", "htpasswd -b /etc/nginx/.htpasswd alice %s", pw()),
		sc("htpasswd -bc weak", "sudo htpasswd -bc /etc/apache2/.htpasswd bob %s", weak(0)),
		sc("htpasswd -nbB", "htpasswd -nbB admin '%s'", weak(1)),
		sc("rabbitmqctl add_user", "rabbitmqctl add_user svc %s", pw()),
		sc("rabbitmqctl change_password weak", "rabbitmqctl change_password svc %s", weak(2)),
		sc("rabbitmqctl quoted", `sudo rabbitmqctl add_user "monitor" "%s"`, weak(0)),
		sc("mysqladmin password", "mysqladmin -u root password %s", weak(1)),
		sc("mysqladmin old and new", "mysqladmin -u root -p%s password %s", weak(0), pw()),
		sc("net user add", "net user backup %s /add", pw()),
		sc("net user domain weak", "net user alice %s /domain", weak(0)),
		sc("ldappasswd -s", "ldappasswd -x -D cn=admin,dc=ex -w %s -s %s uid=bob,dc=ex", weak(1), weak(2)),
		sc("lftp -u user,pass", "lftp -u deploy,%s sftp://files.example.com", pw()),
		sc("lftp -u quoted weak", "lftp -u 'deploy,%s' ftp.example.com", weak(0)),
		// Password flags of known tools: any value.
		sc("ldapsearch -w weak", "ldapsearch -x -D cn=admin,dc=ex,dc=com -w %s -b dc=ex,dc=com", weak(1)),
		sc("ldapmodify -w", "ldapmodify -H ldap://ldap -D cn=admin -w %s -f change.ldif", weak(0)),
		sc("smbclient user%pass weak", "smbclient //fs01/share -U alice%%s", weak(1)),
		sc("smbclient quoted domain", `smbclient -U 'CORP\alice%%s' //fs01/share`, pw()),
		sc("sshpass -p weak", "sshpass -p %s ssh bob@host uptime", weak(1)),
		sc("sshpass -p quoted", "sshpass -p '%s' scp f bob@host:", weak(0)),
		sc("curl -u weak", "curl -u admin:%s https://jenkins.local/api/json", weak(1)),
		sc("curl --user quoted", `curl --user "admin:%s" https://x.local`, weak(2)),
		sc("wget --password weak", "wget --user=bob --password=%s ftp://files.local/a.tgz", weak(1)),
		sc("wget --http-password", "wget --http-user bob --http-password %s https://x.local/f", weak(0)),
		sc("wget --ftp-password", "wget --ftp-password='%s' ftp://x", pw()),
		sc("redis-cli -a weak", "redis-cli -h cache -a %s ping", weak(1)),
		sc("redis-cli -a quoted", "redis-cli -a '%s' --no-auth-warning info", weak(0)),
		sc("redis-cli --pass", "redis-cli --pass %s", weak(2)),
		sc("mongo -p weak", "mongo -u admin -p %s --authenticationDatabase admin", weak(1)),
		sc("mongosh -p", "mongosh mongodb://db -u app -p '%s'", weak(0)),
		sc("mongodump --password", "mongodump --username app --password %s --db app", weak(1)),
		sc("sqlcmd -P weak", "sqlcmd -S db -U sa -P %s -Q 'select 1'", weak(0)),
		sc("zip -P", "zip -P %s secret.zip notes.txt", weak(1)),
		sc("unzip -P", "unzip -P %s archive.zip", weak(2)),
		sc("7z -p attached weak", "7z x -p%s backup.7z", weak(0)),
		sc("keytool -storepass weak", "keytool -list -keystore app.jks -storepass %s", weak(1)),
		sc("mosquitto -P weak", "mosquitto_pub -u dev -P %s -t t -m 1", weak(0)),
		sc("ssh-keygen -N", "ssh-keygen -t ed25519 -N %s -f deploy_key", weak(0)),
		sc("ssh-keygen -P -N", "ssh-keygen -p -P %s -N %s -f id_rsa", weak(1), weak(0)),
		sc("openssl passout weak", "openssl pkcs12 -export -in c.pem -out c.p12 -passout pass:%s", weak(1)),
		sc("openssl -k weak", "openssl enc -aes-256-cbc -k %s -in a -out a.enc", weak(0)),
		sc("az login -p", "az login --service-principal -u 0000-app -p %s --tenant t", g.s(alnum+"~.", 34)),
		sc("oc login -p weak", "oc login https://api.ocp:6443 -u dev -p %s", weak(1)),
		sc("influx -password", "influx -username admin -password %s", weak(0)),
		// Generic password flags: any value that is not a placeholder.
		sc("--password weak", "tool sync --password %s", weak(1)),
		sc("--db-password", "app serve --db-password %s", weak(0)),
		sc("--password= weak", "deploy --password=%s", weak(1)),
		sc("--passphrase", "restic init --passphrase %s", weak(2)),
		sc("-Password powershell", "Connect-Thing -User bob -Password %s", weak(0)),
		// Keyed values of any shape.
		sc("keyed short secret", "PUSHER_SECRET=%s", g.s(alnum, 10)),
		sc("keyed hex", "DD_APP_KEY=%s", g.s(hexLow, 40)),
		sc("keyed weak password colon", "db_password: %s", weak(1)),
		sc("keyed password word colon", "password: %s", weak(1)),
	}
}

func mechanismInnocent4(g *gen) []string {
	push := func(c string) string { return "-" + c + g.s(b64url, 18) }
	return []string{
		// The same tools, with no password on the command line.
		"htpasswd -D /etc/nginx/.htpasswd alice",
		"htpasswd -c /etc/nginx/.htpasswd alice",
		"htpasswd -v /etc/nginx/.htpasswd alice",
		"rabbitmqctl list_users",
		`rabbitmqctl set_permissions -p / svc ".*" ".*" ".*"`,
		"rabbitmqctl add_vhost staging2",
		"rabbitmqctl delete_user svc",
		"lftp -u deploy sftp://files.example.com",
		"lftp -e 'mirror -R dist2 /www' files.example.com",
		"mysqladmin -u root -p status",
		"mysqladmin -u root -p create app2",
		"net user alice /domain",
		"net user alice * /add",
		"net localgroup administrators alice /add",
		"ldapsearch -x -W -D cn=admin -b dc=ex,dc=com",
		"ldapsearch -x -w $LDAP_PW -b dc=ex",
		"ldapsearch -y /etc/ldap.secret -b dc=ex",
		"smbclient -L //fs01 -U alice",
		"smbclient //fs01/share -N",
		"curl -u alice https://x.local",
		`curl -u "$USER:$PASS" https://x.local`,
		"wget --password=$FTP_PASSWORD ftp://x",
		"wget --ask-password ftp://x",
		`redis-cli -a "$REDIS_PASSWORD" ping`,
		"redis-cli --askpass",
		"redis-cli -h cache -p 6380 ping",
		"mongo -u admin -p --authenticationDatabase admin",
		"mongosh -u admin -p",
		"sqlcmd -S db -U sa -P $SQLPW",
		"zip -r out2.zip dist2",
		"unzip -l archive2.zip",
		"7z l backup2.7z",
		"keytool -list -keystore app2.jks",
		"ssh-keygen -t ed25519 -N '' -f key2",
		`ssh-keygen -N "" -f key3`,
		"oc login -u dev https://api.ocp:6443",
		// Generic password flags without a password.
		"tool --password-file /etc/app/pw",
		"tool --password \"$DB_PASSWORD\"",
		"tool --password '<password>'",
		"tool --password=${DB_PASSWORD}",
		"the --password option is required",
		"pass --password flag to be prompted",
		"tool --password --user bob",
		// Placeholders in secret slots.
		"password: #{DB_PASSWORD}",
		"api_key: REPLACE_ME",
		"password = var.db_password",
		"secret: {{ .Values.secret }}",
		"token: @TOKEN@",
		// Firebase push ids start like a flag.
		"firebase push id " + push("N"),
		"child " + push("M") + " added",
		"ref /messages/" + push("O"),
	}
}

// Keyed values whatever their shape: a secret name with a qualifier after it (DB_PASSWORD_PROD,
// password2), a short key after a strong secret word, hex after a secret word.
func mechanismSecrets5(g *gen) []secretCase {
	pw, weak := g.password, g.weakPassword
	return []secretCase{
		sc("qualified password prod", "DB_PASSWORD_PROD=%s", pw()),
		sc("qualified token value", "api_token_value: %s", g.s(alnum, 30)),
		sc("qualified secret live", "PAYMENT_SECRET_LIVE=%s", g.s(alnum, 24)),
		sc("numbered password", "password2 = %s", weak(0)),
		sc("qualified password old", "ADMIN_PASSWORD_OLD=%s", weak(2)),
		sc("qualified token staging", "auth_token_staging=%s", g.s(b64url, 32)),
		sc("qualified password b64", "SMTP_PASSWORD_B64=%s", b64text(pw())),
		sc("qualified apikey v2", "ApiKeyV2 = '%s'", g.s(alnum, 20)),
		sc("short key name", "LICENSE_KEY=%s", g.s(upNum, 10)),
		sc("word api key hex16", "the api key is %s", g.s(hexLow, 16)),
		sc("word client secret hex", "client secret %s", g.s(hexLow, 24)),
		sc("word token is hex", "the token is %s", g.s(hexLow, 20)),
		sc("word access key short", "access key %s", g.s(upNum, 12)),
	}
}

func mechanismInnocent5(g *gen) []string {
	return []string{
		"password_min_length: 12",
		"token_ttl_seconds=3600",
		"secret_name_prefix=app",
		"password_file=/etc/app/pw",
		"token_url=https://auth.example.com/oauth/token",
		"PASSWORD_PROD_ENABLED=true",
		"api_token_header=X-Api-Token",
		"token_value_type: string",
		"secret_version_2: 3",
		"password_old: null",
		"the token count is 4096",
		"api key id 12345678",
		"secret santa 2026 list",
		"key 0x1F2E3D4C",
		"the api key expired yesterday",
		"token 2 of 3",
		"access key rotation-policy-v2",
		"hidden service " + g.s("abcdefghijklmnopqrstuvwxyz234567", 56) + ".onion",
	}
}

// Credentials passed to a call named for logging in (login, auth, credentials), a Go SQL DSN, a
// password flag after a user flag in an unknown tool, and ids named as such in prose.
func mechanismSecrets6(g *gen) []secretCase {
	pw, weak := g.password, g.weakPassword
	return []secretCase{
		sc("call smtp login", `server.login("alerts@example.com", "%s")`, pw()),
		sc("call ftp login weak", "ftp.login('bob', '%s')", weak(0)),
		sc("call SetBasicAuth", `req.SetBasicAuth("admin", "%s")`, weak(1)),
		sc("call HTTPBasicAuth", "auth = HTTPBasicAuth('svc', '%s')", pw()),
		sc("call credentials ctor", `new UsernamePasswordCredentials("ci", "%s")`, weak(2)),
		sc("call auth method", `client.authenticate("deploy", "%s")`, pw()),
		sc("go sql dsn", `sql.Open("mysql", "app:%s@tcp(db:3306)/app?parseTime=true")`, weak(0)),
		sc("go sql dsn unix", `dsn := "root:%s@unix(/run/mysqld/mysqld.sock)/app"`, pw()),
		sc("unknown tool -u -p weak", "dbtool -h db -u admin -p %s dump", weak(0)),
		sc("unknown tool -U -P weak", "ftpsync -U bob -P %s /srv/site", weak(2)),
		sc("unknown tool --user -p", "vpncli connect --user alice -p %s", weak(0)),
		sc("session id random", "session id %s", g.s(b64url, 32)),
		sc("session id= random", "session id=%s", g.s(b64url, 32)),
	}
}

func mechanismInnocent6(g *gen) []string {
	return []string{
		`t.Run("login", func(t *testing.T) {`,
		"auth.login(user, password)",
		"req.SetBasicAuth(user, pass)",
		`client.authenticate(username, os.Getenv("PW"))`,
		`assert.Equal(t, "login", got.Action)`,
		`logger.Info("login", "user", "bob")`,
		`sql.Open("mysql", dsn)`,
		"docker run -u 1000 -p 8080:80 app",
		"docker run --user app -p 127.0.0.1:8080:80 app",
		"podman run -u root -p 5432:5432 postgres",
		"rsync -u -p src dest",
		"cp -u -p notes.txt backup",
		"build id " + g.s(b64url, 32),
		"upload id: " + g.s(b64url, 40),
		"correlation id " + g.s(alnum, 28),
		"job id=" + g.s(alnum, 26) + "x",
		"blob " + g.s(b64url, 30) + " not found",
		"GET /v1/events?limit=100&cursor=" + g.s(b64url, 40),
		"continuation: " + g.s(b64, 36),
		"oauth state=" + g.s(b64url, 32) + " nonce=" + g.s(b64url, 32),
	}
}

// A name and its value on separate keys (ECS, CloudFormation, Kubernetes env lists), a setter
// named for a secret called with a literal, a password told in prose, expect scripts.
func mechanismSecrets7(g *gen) []secretCase {
	pw, weak := g.password, g.weakPassword
	return []secretCase{
		sc("ecs name value", `"environment": [{"name": "DB_PASSWORD", "value": "%s"}]`, pw()),
		sc("azure appsettings", `{"name": "ApiToken", "value": "%s", "slotSetting": false}`, g.s(alnum, 32)),
		sc("cfn parameter", "- ParameterKey: DbPassword\n  ParameterValue: %s", pw()),
		sc("env list yaml", "env:\n- name: STRIPE_SECRET\n  value: \"%s\"", g.s(alnum, 24)),
		sc("setter dot password", `builder.password("%s")`, pw()),
		sc("setter setPassword", `ds.setPassword("%s");`, weak(0)),
		sc("setter withApiKey", `client := api.New(api.WithApiKey("%s"))`, g.s(alnum, 32)),
		sc("setter token", `.token('%s')`, g.s(b64url, 30)),
		sc("prose password is", "the wifi password is %s", weak(0)),
		sc("prose password changed to", "root password was changed to %s", pw()),
		sc("prose pw is", "admin pw is %s btw", weak(2)),
		sc("expect send", "expect \"password:\"\nsend \"%s\\r\"", weak(0)),
		sc("pexpect sendline", "child.expect('Password:')\nchild.sendline('%s')", pw()),
	}
}

func mechanismInnocent7(g *gen) []string {
	return []string{
		"- name: LOG_LEVEL\n  value: debug",
		`{"name": "TOKEN_TTL", "value": "3600"}`,
		"- name: DB_PASSWORD\n  valueFrom:\n    secretKeyRef:\n      name: db\n      key: password",
		`{"name": "API_KEY", "value": "${API_KEY}"}`,
		"- ParameterKey: DbPasswordLength\n  ParameterValue: 16",
		`keyring.get_password("smtp", "alerts@example.com")`,
		`getSecret("db-password-v2")`,
		`resetPassword("alice")`,
		`os.Getenv("API_TOKEN")`,
		`validate_password("")`,
		"the password is required",
		"the password is 12 characters long",
		"password was reset by the admin",
		"your password is stored hashed",
		"expect \"password:\"\nsend \"$env(PW)\\r\"",
		"child.expect('Password:')\nchild.sendline(password)",
	}
}

// A token as a URL's whole userinfo, SMTP AUTH and FTP/POP3 PASS lines of protocol transcripts.
func mechanismSecrets8(g *gen) []secretCase {
	return []secretCase{
		sc("url token userinfo", "git clone https://%s@git.example.com/team/repo.git", g.s(alnum, 40)),
		sc("url token userinfo insteadOf", `git config --global url."https://%s@github.example.com/".insteadOf "https://github.example.com/"`, g.s(alnum+"_", 36)),
		sc("smtp auth plain", "C: AUTH PLAIN %s", base64.StdEncoding.EncodeToString([]byte("\x00bob@example.com\x00"+g.weakPassword(0)))),
		sc("smtp auth login", "AUTH LOGIN %s", g.b64std(12)),
		sc("ftp pass line", "USER deploy\nPASS %s\n230 Login successful.", g.weakPassword(0)),
		sc("pop3 pass line", "+OK ready\nPASS %s", g.password()),
	}
}

func mechanismInnocent8(g *gen) []string {
	return []string{
		"git clone https://alice@git.example.com/team/repo.git",
		"ssh://git@github.com/org/repo.git",
		"https://bob@example.com/profile",
		"AUTH PLAIN",
		"250-AUTH PLAIN LOGIN XOAUTH2",
		"PASS",
		"--- PASS: TestPush (0.00s)",
		"PASS src/App.test.js",
		"PASS: 42 tests",
		"ok  \tgithub.com/x/y\t0.01s\nPASS",
	}
}
