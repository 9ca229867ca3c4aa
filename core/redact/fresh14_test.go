package redact

import (
	"encoding/hex"
	"strings"
	"testing"
)

// The sixteenth table (issue 15, blind, measured on the rules of 9fa7da4): written by someone who
// did not read the rule files, from what a developer pastes into an agent session in 2026,
// choosing only kinds that none of the earlier tables (fresh … fresh13) holds. On the secret
// side: language REPLs and interactive consoles (jshell, ghci, the Scala, Clojure, Kotlin, Swift
// and Deno REPLs, iex, julia, utop, the Erlang shell, groovysh, dotnet fsi, php -a, the R
// console); system logs and audit trails (journalctl JSON, RFC 5424 structured data, Windows
// 4688 and Sysmon command lines, PowerShell 4104 script blocks, Kubernetes audit events, auditd
// EXECVE and PROCTITLE records with hex-encoded arguments, ps eww, /proc/PID/environ, ps -ef,
// HAProxy captured headers, Caddy and Traefik JSON access logs, nginx error logs); wire traces
// (XMPP SASL PLAIN, Redis ACL SETUSER, Valkey ACL files, AMQP Start-Ok, PostgreSQL password
// messages, LDAP simple binds and SOCKS5 authentication as tshark prints them, STOMP CONNECT,
// NATS CONNECT, ZooKeeper addauth, a telnet stream); objects printed by Rust dbg!, Go spew,
// Swift dump, Python pprint, Scala case classes, Haskell show, F# %A, Clojure prn, Dart maps,
// Java records, Nim tuples and OCaml ppx_deriving; error trackers' event JSON (Sentry request
// data and frame vars, Rollbar POST bodies, Bugsnag metadata), rich tracebacks with locals,
// exception messages with a JDBC URL and Node's printed axios config; HAR files (cookies, form
// parameters, response bodies, query strings, Authorization headers); CLIs that print a
// credential (ecr get-login-password, configure export-credentials, sso get-role-credentials,
// acr --expose-token, fly auth token, cf oauth-token, tctl tokens add, scw api-key create, Vault
// AppRole secret-id, kubectl view-secret and go-template decoding, bw and bws, gh auth status
// --show-token, ansible-vault view, transcrypt --display, neonctl connection-string) and
// commands that take one (systemd-creds, elasticsearch-keystore, Set-ADAccountPassword, RDS
// master passwords, gcloud sql set-password, supabase secrets set, helm repo add, buildah
// login, unrar -p, P4PASSWD, networksetup, adb wifi, bore, gost, at jobs); shell histories of
// PowerShell's PSReadLine and cmd's doskey; mobile signing (altool, security import and
// create-keychain, keytool -srcstorepass, bundletool, .NET MAUI signing properties); CI systems
// and runners not named before (Cirrus, Zuul, OneDev, Forgejo act_runner, Codeship, GitLab
// deploy tokens); package feeds (ProGet, NuGet ClearTextPassword, .yarnrc.yml npmAuthToken,
// Verdaccio htpasswd, CodeArtifact, Harbor robots, Leiningen, Coursier, RubyGems and Cargo
// credentials, Maven's settings-security master, credentials.tfrc.json); database CLIs and
// configs (SurrealDB, ArangoDB, RavenDB, cqlshrc, Aerospike, Teradata BTEQ, SQLcl, MonetDB,
// Gel, HANA hdbuserstore, TDengine, Memgraph, TigerGraph, Valkey, Dragonfly, Hive, Hadoop ABFS,
// Spark s3a, Flink, Metabase, Nextcloud occ, dbt profiles, Atlas, golang-migrate, goose,
// Sqitch, dbmate, TablePlus URLs); home automation (Home Assistant long-lived tokens, Hue
// application keys, deCONZ, openHAB, ioBroker); Velocity forwarding secrets, Pterodactyl client
// keys, Kamailio, LINE Notify, Scaleway, Frappe, TinaCMS, Stripe CLI and WakaTime configs, an
// Envoy inline private key, a Boundary worker activation token, sing-box, smb:// and vnc://
// URLs; password hashes of Raspberry Pi userconf, yescrypt shadow lines and doveadm pw;
// start-up files of Julia, IPython, Nushell, tcsh, PowerShell, launchctl, pam_environment and
// /etc/environment; and prose in Hungarian, Danish, Norwegian, Icelandic, Estonian, Latvian,
// Lithuanian, Slovenian, Croatian, Serbian, Bulgarian, Albanian, Basque, Catalan, Galician,
// Welsh, Irish, Kazakh, Telugu, Kannada, Malayalam, Punjabi, Gujarati, Lao, Afrikaans,
// Esperanto, Yoruba, Zulu and Māori.
//
// The look-alikes are the harmless neighbours in the same contexts: REPL lookups, ids and
// digests; journal boot and machine ids, logon GUIDs, audit ids, hex of ordinary arguments,
// ordinary process environments, redacted access-log headers, trace and request ids; SCRAM
// nonces, salts and server signatures, SASL mechanism lists, NATS server ids (public keys),
// STOMP session and message ids, world ACLs; printed objects whose secret field is masked or
// absent; error-tracker event, trace and release ids and [Filtered] values; HAR analytics
// cookies, ETags, base64 images and cursors; caller identities, registry ids, token lists and
// accessors without the token, key ids, masked gh output, keystore listings; code-signing
// identities, certificate fingerprints and digests, notarisation ids, signing flags that name a
// file or variable; Cirrus ENCRYPTED[] values, runner registrations without a token; feed
// references, integrity hashes and robot names; database banners, document keys, hdbuserstore
// listings and options that read a password from a file or prompt; Hue bridge ids, device
// unique ids and Home Assistant API banners; Velocity and Envoy settings that name a file;
// SSH certificate listings, Valkey run ids, Sentry trace headers with the public key, compose
// config hashes; migration hashes and versions; start-up files that read a secret from a
// password manager; and prose in the same languages that says where a secret lives or gives a
// fingerprint. It is generated at run time, so no live-looking secret sits in the repository,
// and it is never tuned on after its baseline.
//
// What counts as a placeholder follows fresh2, fresh6 … fresh13 so the sets agree: a variable
// or template reference ($VAR, ${VAR}, $(cmd), %VAR%, {{ x }}, #{x}, <x>, %(x)s), an empty,
// null or masked value (***, xxx, ..., •••, [REDACTED], [Filtered]), a function or lookup
// (getenv, env(), keyring, a secret manager path, a password command, a file or prompt) and the
// documented dummy words changeme / your-... / replace_me / example. Any other value in a
// password slot is a secret, however ordinary it looks. A value encrypted for a key held
// elsewhere (Cirrus ENCRYPTED[…]) holds no secret in the clear; a value encoded reversibly
// (base64, hex as auditd writes it, Maven's {…} master password) and a password hash (SHA-512
// crypt, yescrypt, Verdaccio's {SHA}, a Valkey ACL #hash) are secrets. A signature, digest or
// fingerprint, a SCRAM nonce or salt, a public key or certificate, a key id or accessor, and a
// public client id or DSN key are not secrets.

// f14pass is a human-made password in shapes the earlier tables' generators do not use: a word
// with vowels turned to digits, an ampersand and a digit; four lower-case words joined by hyphens
// with a digit at the end; three letters, a hash sign, a year, two capitals and a dollar sign; a
// pet's name and a day and month; and twenty characters of a manager's generator with a wide
// symbol set.
func (g *gen) f14pass(i int) string {
	words := []string{"trombone", "lighthouse", "marigold", "pinecone", "harvest", "sparrow", "compass", "meadow", "glacier", "cobalt", "pepper", "nimbus"}
	pets := []string{"Biscuit", "Pepper", "Luna", "Mochi", "Rocky", "Nala", "Ziggy", "Olive"}
	w := func() string { return words[g.r.IntN(len(words))] }
	switch i % 5 {
	case 0:
		s := strings.NewReplacer("o", "0", "e", "3", "a", "4").Replace(w())
		return strings.ToUpper(s[:1]) + s[1:] + "&" + g.s(digits, 1)
	case 1:
		return w() + "-" + w() + "-" + w() + "-" + w() + g.s(digits, 1)
	case 2:
		return g.s(lower, 3) + "#20" + g.s(digits, 2) + g.s(upper, 2) + "$"
	case 3:
		return pets[g.r.IntN(len(pets))] + "0" + g.s("123456789", 1) + "1" + g.s("012", 1)
	default:
		return g.s(upper+lower, 1) + g.s(alnum+"!@#$^&*", 19)
	}
}

// f14pw draws one of the f14pass shapes.
func (g *gen) f14pw() string { return g.f14pass(g.r.IntN(5)) }

// f14upw draws an f14pass shape that needs no escaping in a URL, a shell word, XML or a quoted
// string.
func (g *gen) f14upw() string { return g.f14pass([]int{1, 3}[g.r.IntN(2)]) }

// f14hex is the upper-case hex of s, as auditd writes an argument that holds a space or a quote.
func f14hex(s string) string { return strings.ToUpper(hex.EncodeToString([]byte(s))) }

func fresh14Secrets(g *gen) []secretCase {
	h := func(n int) string { return g.s(hexLow, n) }
	a := func(n int) string { return g.s(alnum, n) }
	u := func(n int) string { return g.s(b64url, n) }
	pw := g.f14pw
	upw := g.f14upw

	// Values that need building or appear twice are drawn once.
	jshellKey, scalaTok, utopPw, groovyPw, fsiPw, swiftSecret := a(32), u(40), pw(), upw(), upw(), a(36)
	auditPw, procPw := upw(), upw()
	k8sAuditPw := b64text(pw())
	xmppPlain := b64text("\x00alice\x00" + pw())
	caddyBasic := b64text("metrics:" + upw())
	valkeyHash := h(64)
	verdaccioHash := g.b64std(20)
	haToken := g.f6jwt(`{"alg":"HS256","typ":"JWT"}`, 120, 43)
	harJWT := g.f6jwt(`{"alg":"RS256","typ":"JWT","kid":"`+h(16)+`"}`, 300, 342)
	acrToken := g.f6jwt(`{"alg":"RS256","typ":"JWT","kid":"`+g.s(upNum, 4)+":"+g.s(upNum, 4)+`"}`, 400, 342)
	cfToken := g.f6jwt(`{"alg":"RS256","jku":"https://uaa.sys.acme.io/token_keys","kid":"key-1","typ":"JWT"}`, 500, 342)
	ecrToken := "eyJwYXlsb2FkIjoi" + g.s(b64, 700) + "=="
	codeArtifact := "eyJ2ZXIiOjEsImlzdSI6MTc" + u(900)
	frappeSecret := h(15)

	return []secretCase{
		// Language REPLs and interactive consoles.
		sc("jshell-var", "jshell> String apiKey = \"%s\";\napiKey ==> \"%s\"", jshellKey, jshellKey),
		sc("ghci-connect", "ghci> conn <- connectPostgreSQL \"host=db.internal user=ledger password=%s dbname=ledger\"\nghci> :t conn", upw()),
		sc("scala-repl-val", "scala> val token = \"%s\"\nval token: String = %s", scalaTok, scalaTok),
		sc("clojure-repl-def", "user=> (def smtp-pass \"%s\")\n#'user/smtp-pass", upw()),
		sc("iex-put-env", "iex(1)> Application.put_env(:ledger, :smtp_password, \"%s\")\n:ok", upw()),
		sc("julia-repl-headers", "julia> headers = [\"Authorization\" => \"Token %s\"]\njulia> HTTP.get(\"https://api.acme.io/v1/jobs\", headers)", a(40)),
		sc("utop-let", "utop # let password = \"%s\";;\nval password : string = \"%s\"", utopPw, utopPw),
		sc("erlang-shell-set-env", "1> application:set_env(ledger, db_pass, \"%s\").\nok", upw()),
		sc("groovysh-def", "groovy:000> def pass = '%s'\n===> %s", groovyPw, groovyPw),
		sc("dotnet-fsi-let", "> let connStr = \"Host=db;Username=ledger;Password=%s\";;\nval connStr: string = \"Host=db;Username=ledger;Password=%s\"", fsiPw, fsiPw),
		sc("php-interactive-auth", "php > $redis = new Redis();\nphp > $redis->connect('cache01', 6379);\nphp > $redis->auth('%s');", upw()),
		sc("r-console-dbconnect", "> con <- DBI::dbConnect(RPostgres::Postgres(), host = \"db\", user = \"analyst\", password = \"%s\")\n> DBI::dbListTables(con)", upw()),
		sc("swift-repl-let", "  1> let clientSecret = \"%s\"\nclientSecret: String = \"%s\"", swiftSecret, swiftSecret),
		sc("kotlin-repl-val", "[1] val apiKey = \"%s\"\n[2] client.get(\"https://api.acme.io/items\") { header(\"X-Api-Key\", apiKey) }", a(40)),
		sc("deno-repl-env-set", "> Deno.env.set(\"LEDGER_API_TOKEN\", \"%s\")\nundefined", u(48)),

		// System logs and audit trails.
		sc("journalctl-json-message", "{\"__REALTIME_TIMESTAMP\":\"1732788131404512\",\"_SYSTEMD_UNIT\":\"ledger.service\",\"_PID\":\"4121\",\"MESSAGE\":\"connecting to postgres://ledger:%s@10.0.3.7:5432/ledger\",\"PRIORITY\":\"6\"}", upw()),
		sc("syslog-5424-structured-data", "<134>1 2026-11-28T10:02:11.003Z web01 billing 4121 AUTH [creds@32473 user=\"ops\" pass=\"%s\"] login ok", upw()),
		sc("windows-4688-commandline", "<EventID>4688</EventID>\n<Data Name=\"NewProcessName\">C:\\Windows\\System32\\net.exe</Data>\n<Data Name=\"CommandLine\">net use \\\\fs01\\backup /user:ACME\\svc-backup %s</Data>", upw()),
		sc("sysmon-1-curl-header", "EventID: 1\nImage: C:\\Windows\\System32\\curl.exe\nCommandLine: curl.exe -H \"X-Auth-Token: %s\" https://ledger.acme.io/api/export\nUser: ACME\\build", a(40)),
		sc("k8s-audit-secret-create", "{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",\"level\":\"RequestResponse\",\"verb\":\"create\",\"objectRef\":{\"resource\":\"secrets\",\"namespace\":\"ledger\",\"name\":\"db\"},\"requestObject\":{\"kind\":\"Secret\",\"data\":{\"password\":\"%s\"}}}", k8sAuditPw),
		sc("auditd-execve-hex-arg", "type=EXECVE msg=audit(1732788131.404:812): argc=4 a0=\"mysql\" a1=\"-uroot\" a2=2D70"+f14hex(auditPw)+" a3=\"ledger\"", f14hex(auditPw)),
		sc("auditd-proctitle-hex", "type=PROCTITLE msg=audit(1732788131.404:813): proctitle="+f14hex("curl\x00-u\x00admin:"+procPw+"\x00https://ledger.acme.io/api/export"), f14hex(procPw)),
		sc("ps-eww-env", "$ ps eww 4121\n  PID TTY      STAT   TIME COMMAND\n 4121 ?        Ssl    0:42 node server.js NODE_ENV=production PORT=8080 SESSION_SECRET=%s HOME=/home/app", a(48)),
		sc("proc-environ-tr", "$ sudo cat /proc/4121/environ | tr '\\0' '\\n'\nPATH=/usr/local/bin:/usr/bin\nLEDGER_DB_PASS=%s\nHOME=/srv/ledger", upw()),
		sc("ps-ef-java-property", "app       4121     1  0 10:02 ?        00:00:03 java -Xmx2g -Dspring.datasource.password=%s -jar ledger.jar", upw()),
		sc("haproxy-captured-header", "haproxy[812]: 10.0.4.2:51234 [28/Nov/2026:10:02:11.003] fe_api be_api/api1 0/0/1/12/13 200 412 - - ---- 3/3/0/0/0 0/0 {Bearer %s} \"GET /v1/orders HTTP/1.1\"", a(40)),
		sc("caddy-json-access-log", "{\"level\":\"info\",\"logger\":\"http.log.access\",\"msg\":\"handled request\",\"request\":{\"method\":\"GET\",\"uri\":\"/metrics\",\"headers\":{\"Authorization\":[\"Basic %s\"]}},\"status\":200}", caddyBasic),
		sc("traefik-json-request-header", "{\"ClientHost\":\"10.0.4.2\",\"RequestMethod\":\"POST\",\"RequestPath\":\"/v2/sync\",\"DownstreamStatus\":200,\"request_X-Api-Key\":\"%s\"}", a(36)),
		sc("nginx-error-log-query", "2026/11/28 10:02:11 [error] 812#812: *41 upstream timed out (110: Connection timed out), client: 10.0.4.2, request: \"GET /api/export?access_token=%s HTTP/1.1\", upstream: \"http://10.0.3.9:8080/api/export\"", u(40)),
		sc("powershell-4104-scriptblock", "Creating Scriptblock text (1 of 1):\nInvoke-RestMethod -Uri https://ledger.acme.io/api/close -Method Post -Headers @{ 'X-Auth-Token' = '%s' }\nScriptBlock ID: "+g.uuid(), a(40)),

		// Wire traces of protocols.
		sc("xmpp-sasl-plain", "<auth xmlns='urn:ietf:params:xml:ns:xmpp-sasl' mechanism='PLAIN'>%s</auth>", xmppPlain),
		sc("redis-acl-setuser", "127.0.0.1:6379> ACL SETUSER worker on >%s ~jobs:* +@all\nOK", upw()),
		sc("valkey-users-acl-hash", "# /etc/valkey/users.acl\nuser default off\nuser worker on #%s ~jobs:* &* +@all", valkeyHash),
		sc("amqp-start-ok-tshark", "Advanced Message Queueing Protocol\n    Type: Method (1)\n    Class: Connection (10)\n    Method: Start-Ok (11)\n    Mechanism: PLAIN\n    Response: \\000orders\\000%s", upw()),
		sc("pgsql-password-message-tshark", "PostgreSQL\n    Type: Password message\n    Length: 22\n    Password: %s", pw()),
		sc("ldap-simple-bind-tshark", "bindRequest(1) \"cn=admin,dc=acme,dc=io\" simple\n    messageID: 1\n    authentication: simple (0)\n        simple: %s", pw()),
		sc("socks5-userpass-tshark", "Socks Protocol\n    Version: 5\n    Username: scraper\n    Password: %s", pw()),
		sc("stomp-connect-frame", "CONNECT\naccept-version:1.2\nhost:/\nlogin:orders\npasscode:%s\n\n^@", upw()),
		sc("nats-connect-json", "CONNECT {\"verbose\":false,\"pedantic\":false,\"user\":\"orders\",\"pass\":\"%s\",\"name\":\"orders-svc\",\"lang\":\"go\",\"version\":\"1.37.0\"}", upw()),
		sc("zookeeper-addauth", "[zk: localhost:2181(CONNECTED) 0] addauth digest kafka:%s\n[zk: localhost:2181(CONNECTED) 1] ls /brokers", upw()),
		sc("telnet-follow-stream", "Follow TCP Stream (tcp.stream eq 3)\nUser Access Verification\n\nUsername: netops\nPassword: %s\nsw-core-01>", pw()),

		// Objects printed by languages' debug and inspect functions.
		sc("rust-dbg-macro", "[src/main.rs:41:5] &cfg = Config {\n    db_url: \"postgres://ledger:%s@10.0.3.7/ledger\",\n    workers: 8,\n}", upw()),
		sc("go-spew-dump", "(*config.SMTP)(0xc0001a2000)({\n Host: (string) (len=12) \"smtp.acme.io\",\n Password: (string) (len=18) \"%s\"\n})", pw()),
		sc("swift-dump", "▿ Credentials\n  - user: \"ops\"\n  - password: \"%s\"", pw()),
		sc("python-pprint-dict", "{'auth': {'client_id': 'ledger-batch',\n          'client_secret': '%s'},\n 'timeout': 30}", a(40)),
		sc("scala-case-class-positional", "DbConfig(jdbc:postgresql://db/ledger,ledger,%s,10)", upw()),
		sc("haskell-show-record", "Config {cfgUser = \"ledger\", cfgPassword = \"%s\", cfgPort = 5432}", pw()),
		sc("fsharp-percent-a-record", "{ Host = \"smtp.acme.io\"\n  User = \"alerts\"\n  Password = \"%s\" }", pw()),
		sc("clojure-prn-map", "{:db {:user \"ledger\", :password \"%s\", :host \"db\"}}", pw()),
		sc("dart-tojson-print", "{baseUrl: https://api.acme.io, apiKey: %s, retries: 3}", a(40)),
		sc("java-record-tostring", "SmtpSettings[host=smtp.acme.io, port=587, username=alerts, password=%s]", upw()),
		sc("nim-tuple-echo", "(user: \"ledger\", password: \"%s\", port: 5432)", pw()),
		sc("ocaml-ppx-show", "{ Config.user = \"ledger\"; password = \"%s\"; port = 5432 }", pw()),

		// Error trackers' event JSON and tracebacks that keep locals.
		sc("sentry-event-request-data", "{\"event_id\":\""+h(32)+"\",\"request\":{\"url\":\"https://ledger.acme.io/login\",\"method\":\"POST\",\"data\":{\"email\":\"ops@acme.io\",\"password\":\"%s\"}}}", pw()),
		sc("sentry-frame-vars", "\"frames\":[{\"function\":\"connect\",\"module\":\"ledger.db\",\"vars\":{\"dsn\":\"'mysql://ledger:%s@db/ledger'\",\"retries\":\"3\"}}]", upw()),
		sc("rollbar-request-post", "{\"data\":{\"environment\":\"production\",\"body\":{\"trace\":{\"exception\":{\"class\":\"AuthError\"}}},\"request\":{\"POST\":{\"client_id\":\"ledger\",\"api_secret\":\"%s\"}}}}", a(32)),
		sc("bugsnag-env-tab", "{\"exceptions\":[{\"errorClass\":\"TimeoutError\"}],\"metaData\":{\"env\":{\"PAYMENT_GATEWAY_KEY\":\"%s\"}}}", a(40)),
		sc("rich-traceback-locals", "╭────────────── locals ──────────────╮\n│   host = 'db.internal'              │\n│ passwd = '%s' │\n╰─────────────────────────────────────╯", pw()),
		sc("psql-exception-url", "org.postgresql.util.PSQLException: Connection to db:5432 refused. url=jdbc:postgresql://db:5432/ledger?user=ledger&password=%s", upw()),
		sc("node-unhandled-axios-config", "  config: {\n    url: 'https://api.acme.io/v2/sync',\n    method: 'post',\n    headers: {\n      Accept: 'application/json',\n      'X-Api-Key': '%s'\n    }\n  }", a(40)),

		// HAR files saved from the browser.
		sc("har-cookie-header", "{\"name\": \"Cookie\", \"value\": \"sessionid=%s; csrftoken="+a(32)+"\"}", g.s(lowNum, 32)),
		sc("har-postdata-params", "\"postData\": {\"mimeType\": \"application/x-www-form-urlencoded\", \"params\": [{\"name\": \"username\", \"value\": \"ops\"}, {\"name\": \"password\", \"value\": \"%s\"}]}", upw()),
		sc("har-response-token-text", "\"content\": {\"size\": 112, \"mimeType\": \"application/json\", \"text\": \"{\\\"access_token\\\":\\\"%s\\\",\\\"token_type\\\":\\\"Bearer\\\",\\\"expires_in\\\":3600}\"}", u(48)),
		sc("har-query-api-key", "\"queryString\": [{\"name\": \"api_key\", \"value\": \"%s\"}, {\"name\": \"page\", \"value\": \"2\"}]", h(32)),
		sc("har-authorization-header", "\"headers\": [{\"name\": \"accept\", \"value\": \"application/json\"}, {\"name\": \"authorization\", \"value\": \"Bearer %s\"}]", harJWT),

		// CLIs that print a credential.
		sc("aws-ecr-get-login-password", "$ aws ecr get-login-password --region eu-west-1\n%s", ecrToken),
		sc("aws-export-credentials-env", "$ aws configure export-credentials --profile ledger --format env\nexport AWS_ACCESS_KEY_ID=ASIA"+g.s(upNum, 16)+"\nexport AWS_SECRET_ACCESS_KEY=%s\nexport AWS_SESSION_TOKEN=%s", g.s(b64, 40), "IQoJb3JpZ2luX2VjE"+g.s(b64, 600)),
		sc("aws-sso-role-credentials", "{\n    \"roleCredentials\": {\n        \"accessKeyId\": \"ASIA"+g.s(upNum, 16)+"\",\n        \"secretAccessKey\": \"%s\",\n        \"sessionToken\": \"%s\",\n        \"expiration\": 1732791731000\n    }\n}", g.s(b64, 40), "IQoJb3JpZ2luX2VjE"+g.s(b64, 500)),
		sc("az-acr-expose-token", "$ az acr login --name acme --expose-token\n{\n  \"accessToken\": \"%s\",\n  \"loginServer\": \"acme.azurecr.io\"\n}", acrToken),
		sc("fly-auth-token", "$ fly auth token\nFlyV1 %s", "fm2_"+g.s(b64, 180)),
		sc("cf-oauth-token", "$ cf oauth-token\nbearer %s", cfToken),
		sc("teleport-tctl-tokens-add", "$ tctl tokens add --type=node --ttl=1h\nThe invite token: %s\nThis token will expire in 60 minutes.", h(32)),
		sc("scaleway-api-key-create", "$ scw iam api-key create application-id="+g.uuid()+"\nAccessKey          SCW"+g.s(upNum, 17)+"\nSecretKey          %s\nDescription        ci", g.uuid()),
		sc("vault-approle-secret-id", "$ vault write -f auth/approle/role/ci/secret-id\nKey                   Value\n---                   -----\nsecret_id             %s\nsecret_id_accessor    "+g.uuid()+"\nsecret_id_ttl         24h", g.uuid()),
		sc("kubectl-view-secret", "$ kubectl view-secret db password\n%s", pw()),
		sc("systemd-creds-encrypt-echo", "echo -n '%s' | systemd-creds encrypt --name=db-password - /etc/credstore.encrypted/db-password", upw()),
		sc("bitwarden-bw-get-password", "$ bw get password git.acme.io\n%s", pw()),
		sc("bitwarden-bws-secret-get", "$ bws secret get "+g.uuid()+"\n{\n  \"id\": \""+g.uuid()+"\",\n  \"key\": \"LEDGER_DB_PASSWORD\",\n  \"value\": \"%s\"\n}", pw()),
		sc("elasticsearch-keystore-add", "echo '%s' | bin/elasticsearch-keystore add -x bootstrap.password", upw()),
		sc("powershell-psreadline-history", "PS> Get-Content (Get-PSReadLineOption).HistorySavePath | Select-Object -Last 3\ncd C:\\src\\ledger\n$env:ARM_CLIENT_SECRET = '%s'\nterraform plan", u(40)),
		sc("cmd-doskey-history", "C:\\src\\ledger> doskey /history\nset PGPASSWORD=%s\npsql -h db -U ledger", upw()),

		// Mobile signing and app store uploads.
		sc("xcrun-altool-password", "xcrun altool --upload-app -f build/Ledger.ipa -t ios -u dev@acme.io -p %s", g.f6groups(lower, 4, 4, "-")),
		sc("security-import-p12", "security import dist.p12 -k ~/Library/Keychains/build.keychain-db -P %s -T /usr/bin/codesign", upw()),
		sc("security-create-keychain", "security create-keychain -p %s build.keychain && security default-keychain -s build.keychain", upw()),
		sc("keytool-importkeystore-srcstorepass", "keytool -importkeystore -srckeystore old.jks -srcstorepass %s -destkeystore upload.p12 -deststoretype PKCS12", upw()),
		sc("bundletool-ks-pass", "bundletool build-apks --bundle=app.aab --output=app.apks --ks=upload.jks --ks-pass=pass:%s --ks-key-alias=upload --key-pass=pass:%s", upw(), upw()),
		sc("maui-android-signing-props", "dotnet publish -f net9.0-android -c Release -p:AndroidKeyStore=true -p:AndroidSigningKeyStore=ledger.keystore -p:AndroidSigningKeyAlias=ledger -p:AndroidSigningStorePass=%s", upw()),

		// CI systems and runners not named before.
		sc("cirrus-yml-plain-env", "docker_builder:\n  env:\n    DOCKER_USERNAME: acmeci\n    DOCKER_PASSWORD: %s\n  script: docker login -u $DOCKER_USERNAME -p $DOCKER_PASSWORD", pw()),
		sc("zuul-conf-keystore", "[keystore]\npassword=%s\n\n[scheduler]\ntenant_config=/etc/zuul/main.yaml", a(32)),
		sc("onedev-agent-properties", "serverUrl=https://onedev.acme.io\nagentToken=%s\nagentName=build-07", g.uuid()),
		sc("forgejo-act-runner-register", "act_runner register --no-interactive --instance https://git.acme.io --token %s --name runner-1 --labels ubuntu-latest:docker://node:20", a(40)),
		sc("codeship-env-file", "$ cat codeship.env\nDOCKERHUB_USERNAME=acmeci\nDOCKERHUB_PASSWORD=%s", upw()),
		sc("gitlab-deploy-token-clone", "git clone https://gitlab+deploy-token-41:%s@gitlab.acme.io/ops/infra.git", "gldt-"+g.s(alnum+"-_", 20)),

		// Artifact registries and package feeds.
		sc("proget-apikey-header", "curl -X PUT -H \"X-ApiKey: %s\" --data-binary @ledger-4.2.0.tgz https://proget.acme.io/npm/internal/ledger", a(20)),
		sc("nuget-config-cleartext", "<packageSourceCredentials>\n  <acme>\n    <add key=\"Username\" value=\"ci\" />\n    <add key=\"ClearTextPassword\" value=\"%s\" />\n  </acme>\n</packageSourceCredentials>", upw()),
		sc("yarnrc-yml-npm-auth-token", "npmScopes:\n  acme:\n    npmRegistryServer: \"https://npm.acme.io\"\n    npmAuthToken: \"%s\"", u(64)),
		sc("verdaccio-htpasswd-sha", "ci:{SHA}%s:autocreated 2026-11-28T10:02:11.003Z", verdaccioHash),
		sc("codeartifact-token-env", "export CODEARTIFACT_AUTH_TOKEN=%s\npip config set site.index-url https://aws:$CODEARTIFACT_AUTH_TOKEN@acme-123456789012.d.codeartifact.eu-west-1.amazonaws.com/pypi/internal/simple/", codeArtifact),
		sc("harbor-robot-login", "docker login harbor.acme.io -u 'robot$ci+builder' -p %s", a(32)),
		sc("leiningen-profiles-auth", "{:auth {:repository-auth {#\"repo\\.acme\\.io\" {:username \"ci\" :password \"%s\"}}}}", upw()),
		sc("coursier-credentials-env", "export COURSIER_CREDENTIALS=\"repo.acme.io ci:%s\"", upw()),

		// Database CLIs and configs not named before.
		sc("surreal-start-pass", "surreal start --user root --pass %s rocksdb:/data/ledger.db", upw()),
		sc("surreal-sql-password", "surreal sql --endpoint http://localhost:8000 --username root --password %s --namespace ledger --database ledger", upw()),
		sc("arangosh-server-password", "arangosh --server.endpoint tcp://127.0.0.1:8529 --server.username root --server.password %s", upw()),
		sc("ravendb-settings-cert-password", "{\n  \"ServerUrl\": \"https://0.0.0.0:443\",\n  \"Security.Certificate.Path\": \"/etc/ravendb/cluster.pfx\",\n  \"Security.Certificate.Password\": \"%s\"\n}", pw()),
		sc("cqlshrc-authentication", "[authentication]\nusername = cassandra_ops\npassword = %s\n\n[connection]\nhostname = 10.0.6.2", pw()),
		sc("aerospike-asadm", "asadm -h 10.0.5.2 -U admin -P %s -e \"info network\"", upw()),
		sc("teradata-bteq-logon", ".LOGON tdprod/etl_user,%s;\nSELECT COUNT(*) FROM ledger.entries;", upw()),
		sc("sqlcl-cloud-wallet", "sql -cloudconfig Wallet_ledger.zip admin/%s@ledger_high", upw()),
		sc("monetdb-dotfile", "$ cat ~/.monetdb\nuser=monetdb\npassword=%s\nlanguage=sql", pw()),
		sc("gel-password-env", "GEL_PASSWORD=%s gel query --host db.acme.io --user admin 'select count(User)'", upw()),
		sc("hana-hdbuserstore-set", "hdbuserstore SET BACKUPKEY hana01:30015 SYSTEM %s", upw()),
		sc("tdengine-taos-p", "taos -h td01 -u root -p%s -s \"show databases;\"", upw()),
		sc("memgraph-mgconsole", "mgconsole --host 127.0.0.1 --port 7687 --username memgraph --password %s", upw()),
		sc("tigergraph-gsql", "gsql -u tigergraph -p %s 'ls'", upw()),
		sc("valkey-cli-pass", "valkey-cli -h cache01 --user worker --pass %s --no-auth-warning INFO keyspace", upw()),
		sc("dragonfly-requirepass-flag", "dragonfly --logtostderr --requirepass=%s --dir /data", upw()),
		sc("hive-site-connection-password", "<property>\n  <name>javax.jdo.option.ConnectionPassword</name>\n  <value>%s</value>\n</property>", upw()),
		sc("hadoop-azure-account-key", "<property>\n  <name>fs.azure.account.key.acmelake.dfs.core.windows.net</name>\n  <value>%s</value>\n</property>", g.b64std(64)),
		sc("spark-defaults-s3a-secret", "spark.hadoop.fs.s3a.access.key  AKIA"+g.s(upNum, 16)+"\nspark.hadoop.fs.s3a.secret.key  %s", g.s(b64, 40)),
		sc("flink-conf-s3-secret", "s3.endpoint: https://minio.acme.io\ns3.access-key: flink\ns3.secret-key: %s", a(40)),
		sc("metabase-db-pass-env", "MB_DB_TYPE=postgres\nMB_DB_USER=metabase\nMB_DB_PASS=%s\nMB_DB_HOST=db", upw()),
		sc("nextcloud-occ-oc-pass", "export OC_PASS=%s\nsudo -E -u www-data php occ user:add --password-from-env --display-name=\"Ops\" ops", upw()),

		// Home automation and devices.
		sc("home-assistant-long-lived-curl", "curl -H \"Authorization: Bearer %s\" -H \"Content-Type: application/json\" http://homeassistant.local:8123/api/states", haToken),
		sc("hue-application-key", "curl -k -H \"hue-application-key: %s\" https://192.168.1.20/clip/v2/resource/light", a(40)),
		sc("deconz-api-path", "curl http://192.168.1.30/api/%s/lights/3/state -X PUT -d '{\"on\": true}'", g.s(upNum, 10)),
		sc("openhab-api-token", "curl -H \"Authorization: Bearer %s\" http://openhab.local:8080/rest/items", "oh.grafana."+a(76)),
		sc("iobroker-set-mqtt-pass", "iobroker set mqtt.0 --user iobroker --pass %s", upw()),

		// Game servers, voice and notifications.
		sc("velocity-forwarding-secret", "$ cat forwarding.secret\n%s", a(12)),
		sc("pterodactyl-client-key", "curl -H \"Authorization: Bearer %s\" -H \"Accept: Application/vnd.pterodactyl.v1+json\" https://panel.acme.io/api/client", "ptlc_"+a(43)),
		sc("kamailio-db-url", "modparam(\"auth_db\", \"db_url\", \"mysql://kamailio:%s@localhost/kamailio\")", upw()),
		sc("line-notify-bearer", "curl -X POST -H \"Authorization: Bearer %s\" -F \"message=deploy ok\" https://notify-api.line.me/api/notify", a(43)),
		sc("scaleway-secret-env", "SCW_ACCESS_KEY=SCW"+g.s(upNum, 17)+"\nSCW_SECRET_KEY=%s\nSCW_DEFAULT_REGION=fr-par", g.uuid()),
		sc("frappe-token-header", "curl -H \"Authorization: token "+h(15)+":%s\" https://erp.acme.io/api/resource/Customer", frappeSecret),
		sc("tinacms-token-env", "NEXT_PUBLIC_TINA_CLIENT_ID="+g.uuid()+"\nTINA_TOKEN=%s", h(40)),
		sc("envoy-sds-inline-string", "tls_certificate:\n  certificate_chain: { filename: /etc/envoy/tls.crt }\n  private_key:\n    inline_string: \"%s\"", "-----BEGIN EC PRIVATE KEY-----\\nMHcCAQEEI"+g.s(b64, 55)+"\\n"+g.s(b64, 64)+"\\n"+g.s(b64, 44)+"==\\n-----END EC PRIVATE KEY-----"),
		sc("boundary-worker-activation", "worker {\n  public_addr = \"boundary-worker.acme.io\"\n  controller_generated_activation_token = \"%s\"\n}", "neslat_"+a(150)),

		// Prose in languages no earlier table used.
		sc("prose-hungarian", "A staging szerver jelszava: %s — kérlek, ne oszd meg senkivel.", pw()),
		sc("prose-danish", "Adgangskoden til testserveren er %s, husk at skifte den i morgen.", upw()),
		sc("prose-norwegian", "Passordet til databasen er %s, ikke del det videre.", pw()),
		sc("prose-icelandic", "Lykilorðið að prófunarþjóninum er %s", upw()),
		sc("prose-estonian", "Testserveri parool on %s, palun ära jaga seda.", pw()),
		sc("prose-latvian", "Testa servera parole ir %s, lūdzu, nedalies ar to.", upw()),
		sc("prose-lithuanian", "Bandomojo serverio slaptažodis: %s", pw()),
		sc("prose-slovenian", "Geslo za testni strežnik je %s", upw()),
		sc("prose-croatian", "Lozinka za testni poslužitelj je %s, nemoj je nikome slati.", pw()),
		sc("prose-serbian-cyrillic", "Лозинка за тест сервер је %s", upw()),
		sc("prose-bulgarian", "Паролата за тестовия сървър е %s", pw()),
		sc("prose-albanian", "Fjalëkalimi i serverit të testimit është %s", upw()),
		sc("prose-basque", "Proba zerbitzariaren pasahitza %s da.", upw()),
		sc("prose-catalan", "La clau de l'API de facturació és %s, no la publiquis.", a(40)),
		sc("prose-galician", "O contrasinal do servidor de probas é %s", pw()),
		sc("prose-welsh", "Y cyfrinair ar gyfer y gweinydd prawf yw %s", upw()),
		sc("prose-irish", "Is é an pasfhocal don fhreastalaí tástála ná %s", pw()),
		sc("prose-kazakh", "Тест серверінің құпия сөзі: %s", upw()),
		sc("prose-telugu", "టెస్ట్ సర్వర్ పాస్\u200cవర్డ్: %s", pw()),
		sc("prose-kannada", "ಪರೀಕ್ಷಾ ಸರ್ವರ್\u200cನ ಪಾಸ್\u200cವರ್ಡ್ %s", upw()),
		sc("prose-malayalam", "ടെസ്റ്റ് സെർവറിന്റെ API കീ %s ആണ്", a(40)),
		sc("prose-punjabi", "ਟੈਸਟ ਸਰਵਰ ਦਾ ਪਾਸਵਰਡ %s ਹੈ", pw()),
		sc("prose-gujarati", "ટેસ્ટ સર્વરનો પાસવર્ડ %s છે", upw()),
		sc("prose-lao", "ລະຫັດຜ່ານຂອງເຊີບເວີທົດສອບແມ່ນ %s", pw()),
		sc("prose-afrikaans", "Die wagwoord vir die toetsbediener is %s", upw()),
		sc("prose-esperanto", "La ĵetono por la deploja API estas %s", u(40)),
		sc("prose-yoruba", "Ọ̀rọ̀ìgbaniwọlé fún olupin ìdánwò ni %s", pw()),
		sc("prose-zulu", "Iphasiwedi yeseva yokuhlola ithi %s", upw()),
		sc("prose-maori", "Ko te kupuhipa mō te tūmau whakamātautau ko %s", pw()),

		// Commands and files not met before that take or hold a secret.
		sc("unrar-password", "unrar x -p%s ledger-export-2026-11.rar /tmp/export/", upw()),
		sc("perforce-p4passwd", "P4PORT=ssl:perforce.acme.io:1666 P4USER=build P4PASSWD=%s p4 sync //depot/ledger/...", upw()),
		sc("macos-networksetup-wifi", "networksetup -setairportnetwork en0 \"Acme-Office-5G\" %s", upw()),
		sc("adb-wifi-connect", "adb shell cmd wifi connect-network Acme-Lab wpa2 %s", upw()),
		sc("raspberrypi-userconf", "$ cat /boot/firmware/userconf.txt\npi:%s", "$6$"+g.s(alnum+"./", 16)+"$"+g.s(alnum+"./", 86)),
		sc("shadow-yescrypt", "ops:%s:20055:0:99999:7:::", "$y$j9T$"+g.s(alnum+"./", 22)+"$"+g.s(alnum+"./", 43)),
		sc("doveadm-pw-output", "$ doveadm pw -s SHA512-CRYPT\nEnter new password:\nRetype new password:\n%s", "{SHA512-CRYPT}$6$"+g.s(alnum+"./", 16)+"$"+g.s(alnum+"./", 86)),
		sc("set-adaccountpassword", "Set-ADAccountPassword -Identity svc-ledger -Reset -NewPassword (ConvertTo-SecureString -AsPlainText \"%s\" -Force)", upw()),
		sc("aws-rds-master-user-password", "aws rds modify-db-instance --db-instance-identifier ledger-prod --master-user-password %s --apply-immediately", upw()),
		sc("gcloud-sql-set-password", "gcloud sql users set-password ledger --instance=ledger-pg --password=%s", upw()),
		sc("supabase-secrets-set", "supabase secrets set WEBHOOK_SIGNING_SECRET=%s --project-ref "+g.s(lower, 20), a(32)),
		sc("credentials-tfrc-json", "$ cat ~/.terraform.d/credentials.tfrc.json\n{\n  \"credentials\": {\n    \"tfe.acme.io\": {\n      \"token\": \"%s\"\n    }\n  }\n}", a(14)+".atlasv1."+a(67)),
		sc("dbt-profiles-yml", "ledger:\n  target: prod\n  outputs:\n    prod:\n      type: snowflake\n      account: acme-eu1\n      user: DBT_PROD\n      password: %s\n      role: TRANSFORMER", pw()),
		sc("stripe-cli-config-toml", "[default]\ndevice_name = \"alice-mbp\"\ndisplay_name = \"Acme\"\nlive_mode_api_key = \"%s\"\nlive_mode_key_expires_at = \"2027-02-26\"", "rk_live_"+a(99)),
		sc("wakatime-cfg", "[settings]\napi_key = %s\nhide_file_names = true", "waka_"+g.uuid()),
		sc("gem-credentials", "$ cat ~/.gem/credentials\n---\n:rubygems_api_key: %s", "rubygems_"+h(48)),
		sc("cargo-credentials-toml", "$ cat ~/.cargo/credentials.toml\n[registry]\ntoken = \"%s\"", "cio"+a(32)),
		sc("maven-settings-security-master", "<settingsSecurity>\n  <master>%s</master>\n</settingsSecurity>", "{"+g.b64std(48)+"}"),
		sc("docker-compose-config-resolved", "$ docker compose config\nservices:\n  db:\n    environment:\n      POSTGRES_DB: ledger\n      POSTGRES_PASSWORD: %s\n    image: postgres:17", pw()),
		sc("kubectl-go-template-decoded", "$ kubectl get secret ledger-db -o go-template='{{range $k,$v := .data}}{{$k}}={{$v|base64decode}}{{\"\\n\"}}{{end}}'\npassword=%s\nusername=ledger", pw()),
		sc("gh-auth-status-show-token", "$ gh auth status --show-token\ngithub.com\n  ✓ Logged in to github.com account alice (keyring)\n  - Active account: true\n  - Token: %s", "gho_"+a(36)),
		sc("ansible-vault-view", "$ ansible-vault view group_vars/prod/vault.yml\nVault password:\nvault_db_password: %s\nvault_smtp_password: %s", pw(), pw()),
		sc("transcrypt-display", "$ transcrypt --display\nThe current repository was configured using transcrypt version 2.3.0\n  CIPHER:   aes-256-cbc\n  PASSWORD: %s", a(44)),
		sc("bore-secret", "bore local 8080 --to bore.acme.io --secret %s", a(32)),
		sc("gost-listener-auth", "gost -L socks5://scraper:%s@:1080", upw()),
		sc("sing-box-shadowsocks", "{\"outbounds\": [{\"type\": \"shadowsocks\", \"server\": \"203.0.113.7\", \"server_port\": 8388, \"method\": \"2022-blake3-aes-128-gcm\", \"password\": \"%s\"}]}", g.b64std(16)),
		sc("finder-smb-url", "Finder → Go → Connect to Server: smb://ACME;svc-scan:%s@fs01.acme.io/scans", upw()),
		sc("vnc-url", "open vnc://admin:%s@10.0.8.14:5901", upw()),
		sc("tableplus-url", "postgresql://ledger:%s@db.acme.io:5432/ledger?statusColor=F8E71C&env=production&name=Ledger%20prod&tLSMode=0", upw()),
		sc("helm-repo-add-password", "helm repo add acme https://charts.acme.io --username ci --password %s", upw()),
		sc("buildah-login", "buildah login -u ci -p %s registry.acme.io", upw()),
		sc("neonctl-connection-string", "$ neonctl connection-string --project-id "+g.s(lower, 8)+"-"+g.s(lower, 6)+"-"+g.digitsN(8)+"\npostgresql://neondb_owner:%s@ep-cool-darkness-"+g.s(lowNum, 8)+".eu-central-1.aws.neon.tech/neondb?sslmode=require", "npg_"+a(12)),
		sc("atlas-schema-apply-url", "atlas schema apply -u \"postgres://ledger:%s@db:5432/ledger?sslmode=disable\" --to file://schema.hcl", upw()),
		sc("golang-migrate-database", "migrate -path db/migrations -database \"mysql://ledger:%s@tcp(db:3306)/ledger\" up", upw()),
		sc("goose-dsn", "goose -dir migrations postgres \"user=ledger password=%s dbname=ledger sslmode=disable\" up", upw()),
		sc("sqitch-target", "sqitch deploy db:pg://ledger:%s@db.acme.io/ledger", upw()),
		sc("dbmate-url", "DATABASE_URL=\"postgres://ledger:%s@127.0.0.1:5432/ledger?sslmode=disable\" dbmate up", upw()),

		// Shell and interpreter start-up files not met before.
		sc("julia-startup-jl", "# ~/.julia/config/startup.jl\nENV[\"DATADEPS_ALWAYS_ACCEPT\"] = \"true\"\nENV[\"LEDGER_API_KEY\"] = \"%s\"", a(40)),
		sc("ipython-startup", "# ~/.ipython/profile_default/startup/00-keys.py\nimport os\nos.environ.setdefault(\"LEDGER_API_KEY\", \"%s\")", a(40)),
		sc("nushell-env-nu", "# env.nu\n$env.EDITOR = \"hx\"\n$env.LEDGER_API_TOKEN = \"%s\"", u(48)),
		sc("tcshrc-setenv", "# ~/.tcshrc\nsetenv LEDGER_DB_PASSWORD %s\nalias ll ls -l", upw()),
		sc("powershell-profile", "# Microsoft.PowerShell_profile.ps1\nSet-PSReadLineOption -EditMode Emacs\n$env:LEDGER_API_KEY = \"%s\"", a(40)),
		sc("launchctl-setenv", "launchctl setenv LEDGER_API_TOKEN %s", u(48)),
		sc("pam-environment", "# ~/.pam_environment\nLEDGER_DB_PASSWORD DEFAULT=%s", upw()),
		sc("etc-environment", "$ cat /etc/environment\nPATH=\"/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin\"\nLEDGER_API_TOKEN=\"%s\"", u(48)),
		sc("at-job-password", "echo 'PGPASSWORD=%s pg_dump -h db ledger > /backup/ledger.sql' | at now + 1 hour", upw()),
	}
}

func fresh14Innocent(g *gen) []string {
	h := func(n int) string { return g.s(hexLow, n) }
	a := func(n int) string { return g.s(alnum, n) }
	u := func(n int) string { return g.s(b64url, n) }
	id, commit, acct := g.uuid(), h(40), g.digitsN(12)

	return []string{
		// REPLs and consoles: lookups, ids and digests.
		"jshell> String apiKey = System.getenv(\"LEDGER_API_KEY\");\napiKey ==> null",
		"jshell> UUID.randomUUID()\n$1 ==> " + g.uuid(),
		"ghci> :t connectPostgreSQL\nconnectPostgreSQL :: ByteString -> IO Connection",
		"scala> val token = sys.env.getOrElse(\"LEDGER_TOKEN\", \"\")\nval token: String = \"\"",
		"user=> (def api-key (System/getenv \"LEDGER_API_KEY\"))\n#'user/api-key",
		"iex(2)> Application.get_env(:ledger, :smtp_password)\nnil",
		"iex(3)> :crypto.hash(:sha256, \"hello\") |> Base.encode16(case: :lower)\n\"2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824\"",
		"julia> ENV[\"JULIA_DEPOT_PATH\"]\n\"/home/alice/.julia\"",
		"utop # let id = \"" + id + "\";;\nval id : string = \"" + id + "\"",
		"1> erlang:phash2(ledger).\n" + g.digitsN(8),
		"php > echo hash('sha256', 'ledger-export.csv');\n" + h(64),
		"> DBI::dbConnect(RPostgres::Postgres(), host = \"db\", user = \"analyst\", password = keyring::key_get(\"ledger-db\"))",
		"  1> let requestId = UUID()\nrequestId: Foundation.UUID = " + strings.ToUpper(g.uuid()),
		"> Deno.env.get(\"LEDGER_API_TOKEN\")\nundefined",
		"groovy:000> '" + commit + "'.take(7)\n===> " + commit[:7],
		"> let commit = \"" + commit + "\";;\nval commit: string = \"" + commit + "\"",

		// System logs and audit trails without a secret.
		"{\"__REALTIME_TIMESTAMP\":\"1732788131404512\",\"_BOOT_ID\":\"" + h(32) + "\",\"_MACHINE_ID\":\"" + h(32) + "\",\"_SYSTEMD_UNIT\":\"ledger.service\",\"MESSAGE\":\"Started Ledger API.\"}",
		"<134>1 2026-11-28T10:02:11.003Z web01 billing 4121 AUTH [meta sequenceId=\"29\" sysUpTime=\"" + g.digitsN(7) + "\"] login ok user=ops",
		"<EventID>4624</EventID>\n<Data Name=\"TargetUserName\">svc-backup</Data>\n<Data Name=\"LogonGuid\">{" + strings.ToUpper(g.uuid()) + "}</Data>\n<Data Name=\"TargetLogonId\">0x" + h(7) + "</Data>",
		"EventID: 1\nImage: C:\\Windows\\System32\\curl.exe\nCommandLine: curl.exe -s https://ledger.acme.io/health\nHashes: SHA256=" + strings.ToUpper(h(64)) + "\nProcessGuid: {" + g.uuid() + "}",
		"{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",\"auditID\":\"" + g.uuid() + "\",\"verb\":\"get\",\"objectRef\":{\"resource\":\"secrets\",\"namespace\":\"ledger\",\"name\":\"db\"},\"responseStatus\":{\"code\":200}}",
		"type=EXECVE msg=audit(1732788131.404:812): argc=3 a0=\"ls\" a1=\"-la\" a2=" + f14hex("/srv/ledger data"),
		"type=PROCTITLE msg=audit(1732788131.404:813): proctitle=" + f14hex("sshd: alice [priv]"),
		"type=USER_AUTH msg=audit(1732788131.404:814): pid=4121 uid=0 auid=1000 ses=3 msg='op=PAM:authentication grantors=pam_unix acct=\"alice\" exe=\"/usr/bin/sudo\" res=success'",
		"$ ps eww 4121\n  PID TTY      STAT   TIME COMMAND\n 4121 ?        Ssl    0:42 node server.js NODE_ENV=production PORT=8080 INVOCATION_ID=" + h(32) + " LANG=C.UTF-8",
		"$ sudo cat /proc/4121/environ | tr '\\0' '\\n'\nPATH=/usr/local/bin:/usr/bin\nJOURNAL_STREAM=8:" + g.digitsN(5) + "\nHOME=/srv/ledger",
		"app       4121     1  0 10:02 ?        00:00:03 java -Xmx2g -Dspring.profiles.active=prod -jar ledger.jar",
		"haproxy[812]: 10.0.4.2:51234 [28/Nov/2026:10:02:11.003] fe_api be_api/api1 0/0/1/12/13 200 412 - - ---- 3/3/0/0/0 0/0 {Mozilla/5.0 (X11; Linux x86_64)} \"GET /v1/orders HTTP/1.1\"",
		"{\"level\":\"info\",\"logger\":\"http.log.access\",\"msg\":\"handled request\",\"request\":{\"method\":\"GET\",\"uri\":\"/metrics\",\"headers\":{\"Authorization\":[\"REDACTED\"]}},\"status\":200}",
		"{\"ClientHost\":\"10.0.4.2\",\"RequestMethod\":\"POST\",\"RequestPath\":\"/v2/sync\",\"DownstreamStatus\":200,\"request_X-Request-Id\":\"" + g.uuid() + "\",\"TraceId\":\"" + h(32) + "\"}",
		"2026/11/28 10:02:11 [error] 812#812: *41 upstream timed out (110: Connection timed out), client: 10.0.4.2, request: \"GET /api/export?page=2&sort=desc HTTP/1.1\", request_id: \"" + h(32) + "\"",
		"Creating Scriptblock text (1 of 1):\nInvoke-RestMethod -Uri https://ledger.acme.io/api/close -Method Post -Headers @{ 'X-Auth-Token' = $env:LEDGER_TOKEN }\nScriptBlock ID: " + g.uuid(),

		// Wire traces that prove or negotiate but carry no password.
		"<auth xmlns='urn:ietf:params:xml:ns:xmpp-sasl' mechanism='SCRAM-SHA-1'>" + b64text("n,,n=alice,r="+a(24)) + "</auth>",
		"<success xmlns='urn:ietf:params:xml:ns:xmpp-sasl'>" + b64text("v="+g.b64std(20)) + "</success>",
		"<mechanisms xmlns='urn:ietf:params:xml:ns:xmpp-sasl'><mechanism>SCRAM-SHA-1</mechanism><mechanism>PLAIN</mechanism></mechanisms>",
		"127.0.0.1:6379> ACL WHOAMI\n\"worker\"\n127.0.0.1:6379> ACL CAT\n 1) \"keyspace\"\n 2) \"read\"",
		"Advanced Message Queueing Protocol\n    Method: Start (10)\n    Mechanisms: PLAIN AMQPLAIN\n    Locales: en_US\n    Server-Properties: cluster_name=rabbit@mq01",
		"PostgreSQL\n    Type: Authentication request\n    Authentication type: SASL continue (11)\n    Data: r=" + g.b64std(18) + g.b64std(18) + ",s=" + g.b64std(16) + ",i=4096",
		"bindResponse(1) success\n    resultCode: success (0)\n    matchedDN:\n    errorMessage:",
		"Socks Protocol\n    Version: 5\n    Client Authentication Methods\n        Method[0]: 0 (No authentication)\n        Method[1]: 2 (Username/Password)",
		"CONNECTED\nversion:1.2\nsession:session-" + u(22) + "\nserver:RabbitMQ/4.0.4\nheart-beat:10000,10000\n\n^@",
		"INFO {\"server_id\":\"N" + g.s(base32, 55) + "\",\"server_name\":\"nats-0\",\"version\":\"2.10.22\",\"nonce\":\"" + u(11) + "\",\"auth_required\":true}",
		"[zk: localhost:2181(CONNECTED) 2] getAcl /brokers\n'world,'anyone\n: cdrwa",
		"Trying 10.0.9.1...\nConnected to 10.0.9.1.\nEscape character is '^]'.\nUser Access Verification\nUsername:",

		// Printed objects with no secret field, or with it masked.
		"[src/main.rs:41:5] &cfg = Config {\n    db_url: \"postgres://ledger@10.0.3.7/ledger\",\n    password: Secret([REDACTED alloc::string::String]),\n    workers: 8,\n}",
		"(*config.SMTP)(0xc0001a2000)({\n Host: (string) (len=12) \"smtp.acme.io\",\n Port: (int) 587,\n Checksum: (string) (len=64) \"" + h(64) + "\"\n})",
		"▿ Session\n  - id: " + strings.ToUpper(g.uuid()) + "\n  - expiresAt: 2026-11-28 11:02:11 +0000",
		"{'auth': {'client_id': 'ledger-batch', 'client_secret': '**********'},\n 'timeout': 30}",
		"Settings(db_password=SecretStr('**********'), debug=False, request_id='" + g.uuid() + "')",
		"DbConfig(jdbc:postgresql://db/ledger,ledger,10,30s)",
		"Config {cfgUser = \"ledger\", cfgHost = \"db\", cfgPort = 5432, cfgRequestId = \"" + h(16) + "\"}",
		"{:db {:user \"ledger\", :host \"db\"}, :build \"" + h(40) + "\"}",
		"Instance of 'ApiConfig'",
		"SmtpSettings[host=smtp.acme.io, port=587, username=alerts, password=****]",
		"{ Config.user = \"ledger\"; host = \"db\"; port = 5432 }",

		// Error trackers' events and tracebacks without a secret.
		"{\"event_id\":\"" + h(32) + "\",\"release\":\"ledger@" + h(12) + "\",\"contexts\":{\"trace\":{\"trace_id\":\"" + h(32) + "\",\"span_id\":\"" + h(16) + "\"}}}",
		"{\"request\":{\"url\":\"https://ledger.acme.io/login\",\"method\":\"POST\",\"data\":{\"email\":\"ops@acme.io\",\"password\":\"[Filtered]\"}}}",
		"\"frames\":[{\"function\":\"connect\",\"module\":\"ledger.db\",\"vars\":{\"dsn\":\"'[Filtered]'\",\"retries\":\"3\",\"host\":\"'db'\"}}]",
		"{\"data\":{\"uuid\":\"" + g.uuid() + "\",\"environment\":\"production\",\"code_version\":\"" + h(40) + "\"}}",
		"{\"exceptions\":[{\"errorClass\":\"TimeoutError\"}],\"metaData\":{\"device\":{\"id\":\"" + h(32) + "\"},\"app\":{\"buildUUID\":\"" + g.uuid() + "\"}}}",
		"╭────────────── locals ──────────────╮\n│   host = 'db.internal'              │\n│   port = 5432                       │\n╰─────────────────────────────────────╯",
		"java.sql.SQLException: Access denied for user 'ledger'@'10.0.3.9' (using password: YES)",
		"  config: {\n    url: 'https://api.acme.io/v2/sync',\n    method: 'post',\n    headers: {\n      Accept: 'application/json',\n      'X-Request-Id': '" + g.uuid() + "'\n    }\n  }",

		// HAR files: the parts that are not credentials.
		"{\"name\": \"Cookie\", \"value\": \"_ga=GA1.1." + g.digitsN(10) + "." + g.digitsN(10) + "; theme=dark; locale=de-DE\"}",
		"{\"name\": \"etag\", \"value\": \"W/\\\"" + h(40) + "\\\"\"}, {\"name\": \"x-request-id\", \"value\": \"" + g.uuid() + "\"}",
		"\"content\": {\"size\": 4821, \"mimeType\": \"image/png\", \"text\": \"" + g.b64std(120) + "\", \"encoding\": \"base64\"}",
		"\"serverIPAddress\": \"203.0.113.7\", \"connection\": \"443\", \"_securityState\": \"secure\", \"pageref\": \"page_1\"",
		"\"queryString\": [{\"name\": \"page\", \"value\": \"2\"}, {\"name\": \"cursor\", \"value\": \"" + u(24) + "\"}]",
		"\"postData\": {\"mimeType\": \"application/json\", \"text\": \"{\\\"query\\\":\\\"query Orders($first: Int) { orders(first: $first) { id } }\\\"}\"}",

		// CLIs: identities, metadata and masked values, no credential.
		"$ aws sts get-caller-identity\n{\n    \"UserId\": \"AROA" + g.s(upNum, 17) + ":alice\",\n    \"Account\": \"" + acct + "\",\n    \"Arn\": \"arn:aws:sts::" + acct + ":assumed-role/Admin/alice\"\n}",
		"$ aws ecr describe-repositories --repository-names ledger\n{\"repositories\": [{\"registryId\": \"" + acct + "\", \"repositoryUri\": \"" + acct + ".dkr.ecr.eu-west-1.amazonaws.com/ledger\", \"imageTagMutability\": \"IMMUTABLE\"}]}",
		"$ aws configure export-credentials --profile ledger --format env-no-export\nError: the profile ledger has no credentials configured",
		"$ az acr show --name acme --query loginServer\n\"acme.azurecr.io\"",
		"$ fly tokens list\nID                      NAME     TYPE    EXPIRES\n" + g.s(lowNum, 20) + "    deploy   deploy  2027-11-28",
		"$ tctl tokens ls\nToken Type Labels Expiry Time (UTC)\n----- ---- ------ -----------------\n(no tokens)",
		"$ scw iam api-key list\nACCESS KEY             APPLICATION ID                        DESCRIPTION\nSCW" + g.s(upNum, 17) + "   " + g.uuid() + "  ci",
		"secret_id_accessor    " + g.uuid() + "\nsecret_id_num_uses    0\nsecret_id_ttl         24h",
		"$ kubectl view-secret ledger-db\nMultiple sub keys found. Specify another argument, one of:\n-> password\n-> username",
		"$ systemd-creds list\nNAME        SECURE   SIZE PATH\ndb-password secure   180B /run/credentials/ledger.service/db-password",
		"$ bw status\n{\"serverUrl\":\"https://vault.bitwarden.eu\",\"lastSync\":\"2026-11-28T10:02:11.003Z\",\"userEmail\":\"alice@acme.io\",\"userId\":\"" + g.uuid() + "\",\"status\":\"locked\"}",
		"$ bws secret list | jq '.[].key'\n\"LEDGER_DB_PASSWORD\"\n\"LEDGER_API_KEY\"",
		"$ bin/elasticsearch-keystore list\nbootstrap.password\nkeystore.seed\nxpack.notification.slack.account.monitoring.secure_url",
		"$ Get-Content (Get-PSReadLineOption).HistorySavePath | Select-Object -Last 2\ncd C:\\src\\ledger\nterraform plan -var-file=prod.tfvars",
		"C:\\src\\ledger> doskey /history\ncd ..\ngit status",
		"$ gh auth status\ngithub.com\n  ✓ Logged in to github.com account alice (keyring)\n  - Token: gho_************************************\n  - Token scopes: 'gist', 'read:org', 'repo'",

		// Mobile signing: fingerprints, ids and references.
		"$ security find-identity -v -p codesigning\n  1) " + strings.ToUpper(h(40)) + " \"Apple Distribution: Acme GmbH (" + g.s(upNum, 10) + ")\"\n     1 valid identities found",
		"$ xcrun notarytool history --keychain-profile ledger-notary\nSuccessfully received submission history.\n  createdDate: 2026-11-28T10:02:11.003Z\n  id: " + g.uuid() + "\n  status: Accepted",
		"Certificate fingerprints:\n\t SHA1: " + f14colon(strings.ToUpper(h(40))) + "\n\t SHA256: " + f14colon(strings.ToUpper(h(64))),
		"Signer #1 certificate SHA-256 digest: " + h(64) + "\nSigner #1 certificate SHA-1 digest: " + h(40),
		"bundletool build-apks --bundle=app.aab --output=app.apks --ks=upload.jks --ks-pass=file:ks.pass --ks-key-alias=upload",
		"dotnet publish -f net9.0-android -c Release -p:AndroidKeyStore=true -p:AndroidSigningKeyStore=ledger.keystore -p:AndroidSigningStorePass=env:ANDROID_KS_PASS",
		"xcrun altool --upload-app -f build/Ledger.ipa -t ios -u dev@acme.io -p @keychain:AC_PASSWORD",

		// CI systems: encrypted values, ids and registrations without the token.
		"docker_builder:\n  env:\n    DOCKER_PASSWORD: ENCRYPTED[" + h(96) + "]",
		"act_runner: runner: runner-1, with version: v0.2.11, with labels: [ubuntu-latest], declared successfully",
		"{\"id\": 7, \"uuid\": \"" + g.uuid() + "\", \"name\": \"runner-1\", \"address\": \"https://git.acme.io\", \"labels\": [\"ubuntu-latest:docker://node:20\"]}",
		"$ jet encrypt codeship.env codeship.env.encrypted\nEncrypted codeship.env to codeship.env.encrypted",
		"[scheduler]\ntenant_config=/etc/zuul/main.yaml\n[keystore]\npassword=%(ZUUL_KEYSTORE_PASSWORD)s",
		"serverUrl=https://onedev.acme.io\nagentName=build-07\nagentToken=${env:ONEDEV_AGENT_TOKEN}",
		"git clone https://gitlab.acme.io/ops/infra.git\nCloning into 'infra'...\nReceiving objects: 100% (4812/4812), done.",

		// Registries and feeds: references and public metadata.
		"<packageSourceCredentials>\n  <acme>\n    <add key=\"Username\" value=\"ci\" />\n    <add key=\"ClearTextPassword\" value=\"%NUGET_FEED_PASSWORD%\" />\n  </acme>\n</packageSourceCredentials>",
		"npmScopes:\n  acme:\n    npmRegistryServer: \"https://npm.acme.io\"\n    npmAuthToken: \"${NPM_AUTH_TOKEN}\"",
		"\"node_modules/ledger-ui\": {\n  \"version\": \"4.2.0\",\n  \"resolved\": \"https://proget.acme.io/npm/internal/ledger-ui/-/ledger-ui-4.2.0.tgz\",\n  \"integrity\": \"sha512-" + g.b64std(64) + "\"\n}",
		"Successfully configured pip to use AWS CodeArtifact repository https://acme-" + g.digitsN(12) + ".d.codeartifact.eu-west-1.amazonaws.com/pypi/internal/\nLogin expires in 12 hours at 2026-11-28 22:02:11+00:00",
		"echo \"$HARBOR_ROBOT_SECRET\" | docker login harbor.acme.io -u 'robot$ci+builder' --password-stdin",
		"{\"id\": 12, \"name\": \"robot$ci+builder\", \"expires_at\": 1764324131, \"disable\": false, \"level\": \"project\"}",
		"{:auth {:repository-auth {#\"repo\\.acme\\.io\" {:username \"ci\" :password :env/repo_password}}}}",
		"[INFO] Downloaded from acme: https://repo.acme.io/releases/io/acme/ledger-core/4.2.0/ledger-core-4.2.0.jar (412 kB at 3.1 MB/s)",

		// Database CLIs: banners, ids and references.
		"surreal start --user root --pass \"$SURREAL_PASS\" rocksdb:/data/ledger.db",
		"2026-11-28T10:02:11.003Z INFO surreal::env: Running 2.1.2 for linux on x86_64\n2026-11-28T10:02:11.004Z INFO surreal::dbs: Started kvs store at rocksdb:/data/ledger.db",
		"arangosh [ledger]> db.entries.document('" + g.digitsN(7) + "')\n{ \"_key\" : \"" + g.digitsN(7) + "\", \"_id\" : \"entries/" + g.digitsN(7) + "\", \"_rev\" : \"_" + u(10) + "\" }",
		"Connected to Ledger Cluster at 10.0.6.2:9042\n[cqlsh 6.2.0 | Cassandra 5.0.2 | CQL spec 3.4.7 | Native protocol v5]\nUse HELP for help.",
		"$ hdbuserstore LIST BACKUPKEY\nKEY BACKUPKEY\n  ENV : hana01:30015\n  USER: SYSTEM\n  KEY FILE : /usr/sap/HDB/home/.hdb/hana01/SSFS_HDB.KEY",
		".LOGON tdprod/etl_user\nPassword:\n *** Logon successfully completed.",
		"$ cat ~/.monetdb\nuser=monetdb\nlanguage=sql\nsave_history=true",
		"asadm -h 10.0.5.2 -U admin -P \"$(cat /run/secrets/aerospike)\" -e \"info network\"",
		"valkey-cli -h cache01 --user worker --askpass INFO keyspace",
		"<property>\n  <name>javax.jdo.option.ConnectionUserName</name>\n  <value>hive</value>\n</property>",
		"<property>\n  <name>fs.azure.account.auth.type.acmelake.dfs.core.windows.net</name>\n  <value>OAuth</value>\n</property>\n<property>\n  <name>fs.azure.account.oauth2.client.id</name>\n  <value>" + g.uuid() + "</value>\n</property>",
		"spark.hadoop.fs.s3a.aws.credentials.provider  com.amazonaws.auth.WebIdentityTokenCredentialsProvider",
		"s3.endpoint: https://minio.acme.io\ns3.path.style.access: true\nstate.checkpoints.dir: s3://flink/checkpoints/" + h(32),
		"MB_DB_TYPE=postgres\nMB_DB_USER=metabase\nMB_DB_PASS_FILE=/run/secrets/mb_db_pass",
		"SELECT id, name FROM ledger.accounts WHERE id = '" + g.uuid() + "';\n id | name\n----+------\n(0 rows)",

		// Home automation and devices: public ids and discovery output.
		"$ curl http://homeassistant.local:8123/api/\n{\"message\": \"API running.\"}",
		"homeassistant:\n  auth_providers:\n    - type: homeassistant\n    - type: trusted_networks\n      trusted_networks:\n        - 192.168.1.0/24",
		"$ curl https://discovery.meethue.com/\n[{\"id\":\"001788fffe" + h(6) + "\",\"internalipaddress\":\"192.168.1.20\",\"port\":443}]",
		"{\"name\": \"Living room\", \"uniqueid\": \"00:17:88:01:" + f14colon(h(4)) + "-0b\", \"modelid\": \"LCT015\", \"swversion\": \"1.104.2\"}",
		"openHAB items: Kitchen_Light (Switch) state=ON, Hall_Temperature (Number) state=21.4",
		"iobroker set mqtt.0 --user iobroker --pass \"$IOBROKER_MQTT_PASS\"",

		// Game servers, voice and notifications: settings and ids, no secret.
		"[advanced]\nplayer-info-forwarding-mode = \"modern\"\nforwarding-secret-file = \"forwarding.secret\"",
		"{\"object\": \"server\", \"attributes\": {\"identifier\": \"" + h(8) + "\", \"uuid\": \"" + g.uuid() + "\", \"name\": \"Survival\"}}",
		"modparam(\"auth_db\", \"calculate_ha1\", yes)\nmodparam(\"auth_db\", \"password_column\", \"password\")",
		"{\"status\":200,\"message\":\"ok\"}",
		"SCW_DEFAULT_ORGANIZATION_ID=" + g.uuid() + "\nSCW_DEFAULT_PROJECT_ID=" + g.uuid() + "\nSCW_DEFAULT_REGION=fr-par",
		"NEXT_PUBLIC_TINA_CLIENT_ID=" + g.uuid() + "\nNEXT_PUBLIC_TINA_BRANCH=main",
		"tls_certificate:\n  certificate_chain: { filename: /etc/envoy/tls.crt }\n  private_key: { filename: /etc/envoy/tls.key }",
		"worker {\n  public_addr = \"boundary-worker.acme.io\"\n  auth_storage_path = \"/var/lib/boundary\"\n  tags { type = [\"prod\"] }\n}",

		// Prose in the same languages that says where a secret lives or shows a fingerprint.
		"A jelszó a közös 1Password trezorban van, „staging-db” néven.",
		"Adgangskoden ligger i Vault under secret/staging/db — spørg Mette, hvis du mangler adgang.",
		"Nøkkelen ble rotert i går; nytt fingeravtrykk: SHA256:" + g.b64std(32)[:43],
		"Parool on Bitwardenis, kirje nimi „staging-db”.",
		"Lozinku ćeš naći u Vaultu pod secret/staging/db.",
		"Паролата е в 1Password, в трезора „Staging“.",
		"La contrasenya és al gestor de contrasenyes, entrada «staging-db».",
		"Mae'r cyfrinair yn 1Password o dan \"staging-db\".",
		"టెస్ట్ సర్వర్ పాస్\u200cవర్డ్ Vault లో secret/staging/db వద్ద ఉంది.",
		"Die wagwoord is in die Vault onder secret/staging/db; vra vir Pieter.",
		"La pasvorto estas en la trezorejo, sub secret/staging/db.",
		"Kei roto te kupuhipa i te 1Password, i raro i \"staging-db\".",

		// Commands and files not met before, with no secret in them.
		"unrar l ledger-export-2026-11.rar\n  Attributes      Size     Date    Time   Name\n ----------- ---------  ---------- -----  ----\n    -rw-r--r--    41812  2026-11-28 10:02  ledger.csv",
		"P4PORT=ssl:perforce.acme.io:1666 P4USER=build P4TRUST=~/.p4trust p4 trust -y\nFingerprint: " + f14colon(strings.ToUpper(h(40))),
		"networksetup -getairportnetwork en0\nCurrent Wi-Fi Network: Acme-Office-5G",
		"adb shell cmd wifi status\nWifi is enabled\nWifi is connected to \"Acme-Lab\"\nBSSID: " + f14colon(h(12)),
		"ops:!:20055:0:99999:7:::",
		"Recommended: $y$j9T$ (yescrypt, default on Debian 11+) or $6$ with rounds=656000",
		"$ doveadm pw -l\nSHA1 SSHA512 BLF-CRYPT PLAIN HMAC-MD5 SHA512 SHA SHA256-CRYPT MD5 SHA512-CRYPT CRYPT",
		"Set-ADAccountPassword -Identity svc-ledger -Reset -NewPassword (Read-Host -AsSecureString \"New password\")",
		"aws rds modify-db-instance --db-instance-identifier ledger-prod --manage-master-user-password --apply-immediately",
		"gcloud sql users set-password ledger --instance=ledger-pg --prompt-for-password",
		"$ supabase secrets list\n  NAME                   | DIGEST\n  -----------------------|------------------------------------------------------------------\n  WEBHOOK_SIGNING_SECRET | " + h(64),
		"{\n  \"credentials\": {\n    \"tfe.acme.io\": {\n      \"token\": \"\"\n    }\n  }\n}",
		"ledger:\n  target: prod\n  outputs:\n    prod:\n      type: snowflake\n      account: acme-eu1\n      user: DBT_PROD\n      password: \"{{ env_var('DBT_PROD_PASSWORD') }}\"",
		"[default]\ndevice_name = \"alice-mbp\"\ndisplay_name = \"Acme\"\nlive_mode_key_expires_at = \"2027-02-26\"\ntest_mode_pub_key = \"pk_test_" + a(99) + "\"",
		"[settings]\napi_url = https://wakapi.acme.io/api\nhide_file_names = true\napi_key_vault_cmd = pass show wakatime",
		"$ gem push ledger-4.2.0.gem\nPushing gem to https://rubygems.org...\nSuccessfully registered gem: ledger (4.2.0)",
		"[registry]\nglobal-credential-providers = [\"cargo:token\", \"cargo:libsecret\"]",
		"<server>\n  <id>acme</id>\n  <username>ci</username>\n  <password>${env.MAVEN_REPO_PASSWORD}</password>\n</server>",
		"$ docker compose config\nservices:\n  db:\n    environment:\n      POSTGRES_DB: ledger\n      POSTGRES_PASSWORD_FILE: /run/secrets/db_password\n    image: postgres:17",
		"$ kubectl get secret ledger-db -o go-template='{{range $k,$v := .data}}{{$k}}{{\"\\n\"}}{{end}}'\npassword\nusername",
		"$ ansible-vault view group_vars/prod/vault.yml\nVault password:\nERROR! Decryption failed (no vault secrets were found that could decrypt)",
		"$ transcrypt --display\nThe current repository was configured using transcrypt version 2.3.0\n  CIPHER:   aes-256-cbc\n  CONTEXT:  default",
		"bore local 8080 --to bore.pub\n2026-11-28T10:02:11Z INFO bore_cli::client: listening at bore.pub:" + g.digitsN(5),
		"{\"outbounds\": [{\"type\": \"direct\", \"tag\": \"direct\"}, {\"type\": \"block\", \"tag\": \"block\"}], \"route\": {\"final\": \"direct\"}}",
		"Finder → Go → Connect to Server: smb://fs01.acme.io/scans",
		"open vnc://10.0.8.14:5901",
		"postgresql://ledger@db.acme.io:5432/ledger?statusColor=F8E71C&env=production&name=Ledger%20prod&tLSMode=0",
		"helm repo add bitnami https://charts.bitnami.com/bitnami\n\"bitnami\" has been added to your repositories",
		"buildah login --get-login registry.acme.io\nci",
		"$ neonctl branches list\nId                         Name   Primary  Created At\nbr-" + g.s(lowNum, 8) + "-" + g.s(lowNum, 8) + "  main   true     2026-11-28T10:02:11Z",
		"atlas migrate hash --dir file://migrations\natlas.sum: h1:" + g.b64std(32),
		"migrate -path db/migrations -database \"$DATABASE_URL\" version\n20261128100211",
		"goose -dir migrations postgres \"$GOOSE_DBSTRING\" status\n    Applied At                  Migration\n    =======================================\n    Sat Nov 28 10:02:11 2026 -- 00001_init.sql",
		"sqitch status db:pg://ledger@db.acme.io/ledger\n# On database db:pg://ledger@db.acme.io/ledger\n# Change:   " + h(40) + "\n# Name:     accounts",
		"dbmate status\n[X] 20261128100211_create_accounts.sql\n\nApplied: 1\nPending: 0",

		// Start-up files with lookups only.
		"# ~/.julia/config/startup.jl\nENV[\"JULIA_EDITOR\"] = \"hx\"\natreplinit(repl -> @eval using Revise)",
		"# ~/.ipython/profile_default/startup/00-keys.py\nimport os\nos.environ.setdefault(\"LEDGER_API_KEY\", keyring.get_password(\"ledger\", \"api\"))",
		"# env.nu\n$env.EDITOR = \"hx\"\n$env.LEDGER_API_TOKEN = (pass show ledger/api | str trim)",
		"# ~/.tcshrc\nsetenv EDITOR vim\nsetenv LEDGER_DB_PASSWORD `pass show ledger/db`",
		"# Microsoft.PowerShell_profile.ps1\n$env:LEDGER_API_KEY = (Get-Secret -Name LedgerApiKey -AsPlainText)",
		"launchctl setenv JAVA_HOME /Library/Java/JavaVirtualMachines/temurin-21.jdk/Contents/Home",
		"$ cat /etc/environment\nPATH=\"/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin\"\nLANG=\"en_US.UTF-8\"",
		"echo 'pg_dump -h db ledger > /backup/ledger.sql' | at now + 1 hour\njob 14 at Sat Nov 28 11:02:00 2026",

		// Ids, fingerprints and hashes that the tools above print.
		"127.0.0.1:6379> INFO server\n# Server\nvalkey_version:8.0.1\nrun_id:" + h(40) + "\nprocess_id:812",
		"$ ssh-keygen -L -f ~/.ssh/id_ed25519-cert.pub\n        Type: ssh-ed25519-cert-v01@openssh.com user certificate\n        Public key: ED25519-CERT SHA256:" + g.b64std(32)[:43] + "\n        Signing CA: ED25519 SHA256:" + g.b64std(32)[:43] + " (using ssh-ed25519)\n        Key ID: \"alice@acme.io\"\n        Serial: " + g.digitsN(6),
		"MESSAGE\ndestination:/queue/ledger\nmessage-id:T_sub-0@@session-" + u(22) + "@@1\nsubscription:sub-0\n\n{\"entry\":42}^@",
		"\"user\":{\"username\":\"system:serviceaccount:ledger:api\",\"uid\":\"" + g.uuid() + "\",\"groups\":[\"system:serviceaccounts\"]},\"sourceIPs\":[\"10.0.4.2\"]",
		"sentry-trace: " + h(32) + "-" + h(16) + "-1\nbaggage: sentry-environment=production,sentry-release=ledger%40" + h(12) + ",sentry-public_key=" + h(32),
		"$ docker compose config --hash=\"*\"\ndb " + h(64) + "\napi " + h(64),
	}
}

// f14colon is a hex string with a colon between each byte, as fingerprints and MAC addresses print.
func f14colon(s string) string {
	parts := make([]string, 0, len(s)/2)
	for i := 0; i+1 < len(s); i += 2 {
		parts = append(parts, s[i:i+2])
	}
	return strings.Join(parts, ":")
}

// TestFresh14Table measures the sixteenth table and prints only its summary: per-case misses
// show only with ANAMNESIS_REDACT_FRESH14_MISSES=1, for a report after tuning is over. The floors
// sit a little under the baseline measured when the table was written, so a regression fails
// while an honest improvement passes.
func TestFresh14Table(t *testing.T) {
	// Baseline when the table was written (the rules of 9fa7da4, three draws, 212 secret shapes
	// and 197 look-alikes a draw): recall 501/636 (78.8%), false positives 31/591 (5.2%). It was
	// measured once, for its summary line only, after the cases were checked for well-formedness
	// by reading the generated texts; no case was changed after it. The floors leave a little
	// room for draws, not for a regression.
	checkWellFormed(t, "fresh14", fresh14Secrets, fresh14Innocent)
	measureTable(t, "fresh14", fresh14Secrets, fresh14Innocent, 0.76, 0.072)
}
