package redact

import "encoding/base64"

// Tuning cases for the fifth round (issue 15): each mechanism found from the blind fresh3 table's
// misses, written with other tools and shapes than fresh3's own, and look-alikes on the other
// side of each mechanism's boundary.

// minisignKey is a minisign/signify public key: base64 of "Ed", an 8-byte key id and a 32-byte
// Ed25519 public key.
func (g *gen) minisignKey() string {
	b := make([]byte, 42)
	b[0], b[1] = 'E', 'd'
	for i := 2; i < len(b); i++ {
		b[i] = byte(g.r.IntN(256))
	}
	return base64.StdEncoding.EncodeToString(b)
}

func mechanismSecrets10(g *gen) []secretCase {
	pw, weak := g.password, g.weakPassword
	return []secretCase{
		// A flag whose name says credentials, given user:password: any password.
		sc("crane src-creds", "crane copy a.io/x b.io/x --src-creds deploy:%s", weak(1)),
		sc("creds= quoted", `buildah push --creds="builder:%s" img docker://r.example.com/img`, pw()),
		sc("registry-creds", "helm push chart.tgz oci://r.example.com --registry-creds robot+ci:%s", g.s(alnum, 32)),
		sc("basic-auth flag", "hey --basic-auth admin:%s https://svc.example.com", g.passphrase()),

		// A dash-colon switch: after a user switch any value, alone a password-looking one.
		sc("dash-colon after user", "winrs -r:web01 -u:ops -p:%s hostname", g.passphrase()),
		sc("dash-colon plain word after user", `winrs -r:db02 -u:CORP\svc -p:%s dir`, weak(1)),
		sc("dash-password colon", "tool.exe -password:%s -verbose", pw()),

		// A login subcommand's argument that is a token.
		sc("login hex", "comet login %s", g.s(hexLow, 40)),
		sc("auth login random", "mytool auth login %s", g.s(alnum, 40)),
		sc("login after prompt", "$ vendorcli login --quiet %s", g.s(lowNum, 32)),

		// A YAML mapping named for a secret, or saying NoEcho, with a Default or a Value.
		sc("noecho default", "  SlackHook:\n    Type: String\n    NoEcho: true\n    Description: webhook\n    Default: %s", pw()),
		sc("secret-named default", "Parameters:\n  AdminPassword:\n    Type: String\n    Default: %s", weak(0)),
		sc("token value", "apiToken:\n  value: %s\n  secure: true", g.s(alnum, 30)),
		sc("quoted default", "  MasterUserPassword:\n    Type: String\n    Default: \"%s\"", g.passphrase()),

		// A credentials file holding a password hash: every value is a credential.
		sc("pg md5 hash", `"svc" "md5%s"`, g.s(hexLow, 32)),
		sc("userlist scram sibling", "\"api\" \"SCRAM-SHA-256$4096:"+g.s(b64, 24)+"$"+g.s(b64, 44)+":"+g.s(b64, 44)+"\"\n\"batch\" \"%s\"", pw()),
		sc("userlist md5 sibling", "\"web\" \"%s\"\n\"ro\" \"md5"+g.s(hexLow, 32)+"\"", g.passphrase()),
		sc("rolpassword md5", "ALTER ROLE app PASSWORD 'md5%s';", g.s(hexLow, 32)),

		// A password-named directive with an object's name before the value, or alone.
		sc("sentinel auth-pass", "sentinel auth-pass cache01 %s", weak(1)),
		sc("auth_pass single", "    auth_pass %s", weak(0)),
		sc("directive object passphrase", "tls-key-pass server %s", g.passphrase()),

		// A package manager's credential setting.
		sc("bundle config host pair", "bundle config set --global gems.acme.io deploy:%s", g.s(hexLow, 16)),
		sc("bundle env host", "export BUNDLE_GEMS__ACME__IO=deploy:%s", pw()),
		sc("poetry http-basic", "poetry config http-basic.private ci %s", weak(1)),
		sc("poetry http-basic quoted", "poetry config http-basic.pypi-mirror 'ci' '%s'", pw()),

		// Public-key names and shapes spare only public material: private members stay secrets.
		sc("wireguard private key", "[Interface]\nPrivateKey = %s\nAddress = 10.8.0.2/32", g.b64std(32)),
		sc("jwk private d", `{"kty": "EC", "crv": "P-256", "x": "`+g.s(b64url, 43)+`", "d": "%s"}`, g.s(b64url, 43)),
		sc("private key named", "signing private key: %s", g.s(b64, 44)),

		// A service word before a key is no id word; a random "key" value is still a key.
		sc("service key", "the service key %s was rotated", g.s(alnum, 32)),
		sc("bare key random", "key: %s", g.s(alnum, 32)),

		// Captured asks join their lines: the same slots mid-line.
		sc("login in code span", "run `cometml login %s` first", g.s(hexLow, 40)),
		sc("noecho joined", "the template has SlackHook: Type: String NoEcho: true Default: %s fix it", pw()),
		sc("userlist joined", `userlist.txt: "app" "%s" "report" "md5`+g.s(hexLow, 32)+`"`, g.passphrase()),
		sc("sentinel joined", "sentinel.conf has sentinel auth-pass cache01 %s why", weak(2)),

		// A code span ends a bare value, as a line does.
		sc("code span plain password", "the file had `password: %s`, so I changed it", weak(1)),
		sc("code span token", "set `API_TOKEN=%s` in CI", g.s(alnum, 32)),

		// Words then a digest make a cache key, unless a word marks a credential's prefix.
		sc("live-marked hex", "carrier token acme_live_%s", g.s(hexLow+"ABCDEF", 40)),
		sc("test-marked mixed-case hex", "SHIPPING_KEY=%s", "carrier_test_"+g.s(hexLow+"ABCDEF", 40)),

		// A literal in code is still a secret; a dotted passphrase is no reference.
		sc("code literal cred", "\tcred = \"%s\"", g.s(b64, 40)+"=="),
		sc("dotted passphrase", "DB_PASSWORD=%s", "lantern.Mosaic.tundra7"),

		// A password that starts like a boolean is still a password.
		sc("password yes-prefixed", "password: %s", "Yes"+g.s(digits, 3)+"!x"),
	}
}

func mechanismInnocent10(g *gen) []string {
	return []string{
		// Credential flags holding no credential.
		"skopeo copy --src-creds-file ~/.config/creds docker://a docker://b",
		"skopeo copy --dest-creds $REG_USER:$REG_PASS docker://a docker://b",
		`crane copy a b --src-creds "$(cat creds)"`,
		"skopeo inspect --creds user:PASSWORD docker://x",
		"flags such as `skopeo --dest-creds ci:…`, `--src-creds`",
		"the form `NoEcho: true Default: …`); a tag stays",
		// Dash-colon switches that are properties, ports or references.
		"dotnet build -p:Configuration=Release -p:Platform=x64",
		"msbuild app.sln -p:Version=1.2.3",
		"winrs -r:web01 -u:ops -p:$env:WINRS_PW hostname",
		// Login arguments that are not tokens.
		"docker login registry.example.com",
		"pulumi login s3://state-bucket/prod",
		"az login --tenant " + g.uuid(),
		"gh auth login --hostname github.example.com",
		"reverted the login " + g.s(hexLow, 40) + " commit",
		"npm login --scope=@acme --registry=https://npm.example.com",
		// Defaults and values that are not a secret's.
		"  DBPort:\n    Type: Number\n    Default: 5432",
		"  DBPasswordLength:\n    Type: Number\n    Default: 24",
		"  DBPassword:\n    Type: String\n    NoEcho: true\n    Default: ''",
		"  DBPassword:\n    Type: String\n    NoEcho: true\n    Default: !Ref DefaultDBPassword",
		"  PasswordPolicy:\n    Type: String\n    Default: strict",
		"  InstanceType:\n    Type: String\n    NoEcho: false\n    Description: size\n    MinLength: 2",
		"replicaCount:\n  value: 3",
		// Quoted pairs without a password hash; hashes that are not PostgreSQL's.
		"\"en\" \"English\"\n\"fr\" \"French\"",
		`"app" "web"` + "\n" + `"worker" "jobs"`,
		"md5 " + g.s(hexLow, 32) + "  release.tar.gz",
		"md5: " + g.s(hexLow, 32),
		// Directives that are not passwords.
		"proxy_pass http://backend:8080;",
		"    fastcgi_pass unix:/run/php/php-fpm.sock;",
		"    auth_type PASS",
		"sentinel auth-pass mymaster <password>",
		"the auth-pass directive is required",
		// Config settings that hold no credential.
		"bundle config set --local path vendor/bundle",
		"bundle config build.nokogiri --use-system-libraries",
		"poetry config virtualenvs.in-project true",
		"git config remote.origin.url git@github.com:org/repo.git",
		"git config user.email alice@example.com",
		"poetry config http-basic.private ci",
		// Public material named or shaped as such.
		"[Peer]\nPublicKey = " + g.b64std(32) + "\nEndpoint = 198.51.100.7:51820",
		"public_key: " + g.b64std(32),
		`"publicKey": "` + g.b64std(32) + `"`,
		"verifying key = " + g.b64std(32),
		"untrusted comment: minisign public key\n" + g.minisignKey(),
		"minisign -Vm release.zip -P " + g.minisignKey(),
		`{"kty": "OKP", "crv": "Ed25519", "x": "` + g.s(b64url, 43) + `"}`,
		`{"keys": [{"kty": "RSA", "alg": "RS256", "n": "` + g.s(b64url, 342) + `", "e": "AQAB"}]}`,
		"-----BEGIN PGP SIGNATURE-----\n\niQIzBAABCAAdFiEE" + g.s(b64, 48) + "\n" + g.s(b64, 64) + "\n=" + g.s(b64, 4) + "\n-----END PGP SIGNATURE-----",
		"-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmDMEZ" + g.s(b64, 59) + "\n" + g.s(b64, 64) + "\n-----END PGP PUBLIC KEY BLOCK-----",
		// Orchestrator objects named before their generated ids.
		"docker service ps: task " + g.s(lowNum, 25) + " Running",
		"network " + g.s(lowNum, 25) + " removed",
		"volume " + g.s(lowNum, 25),
		// Cache keys and names ending in a digest.
		"restore key: Linux-pip-" + g.s(hexLow, 64),
		"key: v1-deps-" + g.s(hexLow, 40),
		`"key": "gradle-wrapper-` + g.s(hexLow, 40) + `"`,
		"Saved cache with key: macOS-cargo-registry-" + g.s(hexLow, 64),
		// Joined lines that hold no secret.
		"the template has DBPassword: Type: String Description: the admin password",
		"the auth-pass option takes the master name and the password",
		"log in with `docker login ghcr.io` first",
		`languages: "en" "English" "fr" "French"`,
		"NoEcho: true, MinLength: 8, Default: !Ref AdminPasswordDefault",
		// Code spans naming a slot with a placeholder.
		"set `clientSecret: …`, then `PGPASSWORD=…`, in the config",
		"the `password: see` prefix and `token: <your token>` stay",
		// Code: struct fields, number constants and references named like credentials.
		"type passwd struct {\n\tFpw_name   uintptr\n\tFpw_passwd uintptr\n}",
		"\tSCM_CREDS                         = 0x4",
		"\tIP_IPSEC_LOCAL_CRED = 0x19",
		"\tPIDFD_INFO_CREDS = C.PIDFD_INFO_CREDS",
		"\tcreds := h.config.Credentials",
		"\t\tName: x,\n\t\tposition := Null()\n\t\tvalue := Null()",
		"  token:\n    value := lookup(name)",
		// Booleans where a password would stand.
		"ERROR 1045 (28000): Access denied for user 'app'@'localhost' (using password: NO)",
		"password: yes",
		`"password": off`,
	}
}
