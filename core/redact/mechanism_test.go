package redact

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
