package redact

import (
	"encoding/hex"
	"strconv"
	"strings"
	"testing"
)

// The ninth table (issue 15, after round 7): written blind — by someone who did not read the
// rule files — from real-world shapes as a user pastes them into an agent session in 2026,
// choosing only kinds that none of the earlier tables holds. On the secret side: observability
// and feature-flag services not named before (Splunk Observability, DataSet, Site24x7,
// Chronosphere, Lumigo, SigNoz, Dash0, Atatus, Healthchecks.io, Split, Unleash, Flagsmith,
// DevCycle, GrowthBook, Flipt); CMS keys and the config files of PHP CMSs (Sanity, Strapi,
// Prismic, DatoCMS, Directus, Ghost, WordPress application passwords, Builder.io, Drupal,
// Joomla, Magento, TYPO3, MediaWiki, PrestaShop, phpBB); search services (Meilisearch,
// Typesense, Coveo, App Search, Vespa, Solr's hashed credentials); data warehouses and their
// client files (.databrickscfg, MotherDuck, Trino, Dremio Flight, Firebolt, Materialize, dbt
// Cloud, Fivetran, Tableau, Looker, Tinybird, SingleStore, Druid, Snowflake connections.toml);
// LLM gateways and model APIs (Portkey, Cloudflare AI Gateway, Groq, xAI, Fireworks,
// Replicate, Hugging Face, Cerebras, Voyage, DashScope, Zhipu, Qianfan, Arize, Continue,
// Nomic, Gemini); vector and backend databases (Astra, Zilliz, Milvus, Chroma, Turbopuffer,
// LanceDB, Supabase service role, Appwrite, PocketBase, Elastic Cloud); game servers and game
// backends (PlayFab, Steam GSLT, Source rcon, Palworld, Valheim, ARK, Terraria, Factorio, Rust,
// Nakama, EOS, Unity Gaming Services, Pterodactyl, Microsoft refresh tokens of launchers);
// regional clouds (OVH, Volcengine, Baidu, Yandex Cloud, Sakura, IONOS, Linode, Hetzner Cloud,
// Contabo, Gcore, Naver Cloud, doctl, wrangler, OpenStack clouds.yaml); telecom (Sinch,
// Africa's Talking, Termii, Textmagic, MSG91, SignalWire, Agora, LiveKit, Zoom, FreeSWITCH,
// baresip, Kannel); banking and open-banking sandboxes (GoCardless, Nordigen, Mercury,
// Increase, SumUp, dLocal, Paytm, Iyzico, Modern Treasury, Unit's PASETO, Salt Edge, Square,
// Revolut); ERP and CRM (Salesforce auth URLs, security tokens and session ids, SAP RFC and
// BTP keys, NetSuite TBA, Dynamics, Odoo XML-RPC, Close, Copper, ActiveCampaign, Smartsheet,
// QuickBooks, Mailchimp, ERPNext); config formats not seen before (CUE, Dhall, Jsonnet, Pkl,
// KDL, RON, JSON5, Starlark, launchd and .mobileconfig plists, .bazelrc, git extraheader,
// .xcconfig, Justfile, mise, devcontainer.json, Vagrantfile, kickstart, preseed, cloud-init,
// GRUB, Netplan, NetworkManager, iwd, PowerDNS, Syncthing, the *arr apps, Node-RED, Jupyter,
// code-server, JCasC, Keycloak realm exports, Authelia, Forgejo runners, Caddy and Mosquitto
// hashes); CLIs that print or take a secret (stripe listen, gh/gcloud/heroku tokens, Boundary,
// Tailscale, Headscale, Netbird, pscale, fly/gh/glab/netlify/railway/infisical secret setters,
// secretsmanager, keyvault, macOS security, secret-tool, vercel/netlify/firebase --token, gem,
// swift registry, uv, pdm, mc alias, kopia, concourse, Octopus); code in Rust, Elixir, Haskell,
// Zig, Swift, Kotlin, PowerShell, Lua, R, Julia, Scala, Erlang, Nim, Crystal, Groovy, fish,
// Nushell, VBScript, AutoHotkey, AppleScript, Expect, Go, Python, Node and Java, and SQL that
// holds a key (FDW user mappings, SET PASSWORD, replication sources, master keys, pgcrypto);
// debug dumps and logs (Go %+v, Rust Debug, Ruby inspect, Java toString, Python repr, Elixir
// state, actuator /env, util.inspect, var_dump, print_r, kubectl describe, terraform plan and
// output, pulumi outputs, ps, /proc/environ, strace, tcpdump, POP3/IMAP/FTP/SMTP/Redis
// transcripts, auth.log, DevTools "copy as" PowerShell and cmd, http.client, urllib3, OkHttp
// and gRPC logs); database output (psql tables, sqlite dumps, MySQL \G, HGETALL, mongosh, etcd,
// DBeaver); password-manager exports (Bitwarden, LastPass, Chrome, Firefox, Apple Passwords,
// KeePass XML and CSV, Proton Pass, pass); recovery codes (Google, Microsoft, 1Password Secret
// Key, BitLocker, FileVault, Bitwarden, GitLab, Discord, VeraCrypt); TOTP seeds (otpauth URIs,
// Aegis, oathtool, spaced setup keys, pyotp, AWS virtual MFA, django-otp, Steam Guard);
// tunnels and VPN accounts (Tailscale auth, API and OAuth keys, wgcf, Shadowsocks, VLESS,
// Trojan, Hysteria2, Mullvad, innernet); and keys of PASETO/PASERK, symmetric JWKs, libp2p and
// IPFS swarm keys, Shamir shares, Tor control hashes, Tendermint, Stellar, XRPL, Tezos, NEAR,
// Sui, Substrate, Lotus, LND macaroons, Google OAuth client files, Keybase paper keys, Matrix
// security keys, Signal backup passphrases, ASP.NET machineKey, Strapi, Mastodon and n8n keys.
//
// The look-alikes are what sits beside them: public keys and ids of the same services
// (Faro, Highlight, Sentry DSN, GrowthBook and Flagsmith client keys, Ghost Content keys,
// DocSearch and App Search search keys, the Supabase anon key, Photon and EOS ids, Discord
// interaction public keys, PASETO public keys and PASERK ids, Stellar/XRPL/Tezos/NEAR/Cosmos
// addresses, libp2p peer ids, Lightning node keys and invoices, APNs device tokens, Android
// certificate fingerprints), signatures and proofs of one request (LMv1, SIP digest responses,
// APOP, CRAM-MD5, detached JWS, minisign/signify/SSH signatures), values encrypted for a key
// held elsewhere (systemd SetCredentialEncrypted, Ethereum keystores, wrapped PASERKs, Aegis
// encrypted vaults, age files), output that says a secret exists without showing it (SecretStr,
// secrecy's Secret, actuator ******, pg_user, kubectl describe secretKeyRef, gh auth status),
// schemas and references in the new config formats and languages (CUE, Dhall, Jsonnet, Pkl,
// Nushell, fish, Justfile, R, Julia, Haskell, Zig, Elixir, Swift, Lua, agenix, sops-nix,
// chezmoi, Quadlet, Kamal, compose secrets), lockfile hashes of more ecosystems, protocol
// transcripts without a credential, ids of warehouses, LLM APIs, vector DBs, CRMs, banks and
// telecom (IBAN, ICCID, IMEI, SIP Call-IDs), Windows SIDs, and version strings. It is generated
// at run time, so no live-looking secret sits in the repository, and it is never tuned on after
// its baseline was committed.
//
// What counts as a placeholder follows fresh2_test.go and fresh6_test.go so the sets agree: a
// variable or template reference ($VAR, ${VAR}, $(cmd), %VAR%, {{ x }}, #{x}, <x>, {env.X}), an
// empty, null or masked value (***, xxx, ..., •••), a function or lookup (os.environ[...],
// secretKeyRef, env_var(...), std.extVar(...), Sys.getenv(...)), and the documented dummy words
// changeme / your-... / replace_me / example. Any other value in a password slot is a password,
// however ordinary it looks (a date, a pinyin phrase, a word with an umlaut). A reference to a
// secret manager is a lookup, output that says a secret exists holds none, and a value encrypted
// for a key held elsewhere is no secret in the clear. A password hash (bcrypt in a Caddyfile,
// PBKDF2 in GRUB, argon2 in Jupyter or Authelia, Solr's salted SHA-256, Tor's
// HashedControlPassword), a value encoded reversibly (base64 in ss:// URLs, SMTP AUTH, git
// extraheader; hex of a wallet export) and a secret printed by a command are secrets. A TOTP
// seed, a recovery code and a backup code are secrets; a six-digit one-time code that has been
// typed is not. A signature or digest over one request or payload and a public client id,
// public key or address are not.

const (
	f7base58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
	f7xrp58  = "rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz"
)

// f7pass is a human-made password in shapes the earlier tables' generators do not use: a
// Bitwarden-style passphrase (capitalised words, hyphens, one digit), a word with a non-ASCII
// letter, a Chrome-suggested fifteen-character string, pinyin with a lucky number, a pet's name
// after its year, a German date, and a KeePassXC default of thirty-two letters and digits.
func (g *gen) f7pass(i int) string {
	words := []string{"Unbolted", "Gallows", "Skid", "Parsnip", "Velour", "Trellis", "Anvil", "Mosaic", "Cobble", "Tundra"}
	accented := []string{"Grüße", "Ärger", "Øresund", "Señor", "Café", "Müsli", "Jalapeño"}
	pinyin := []string{"woaini", "xiaoming", "zhangwei", "haoxiang", "wangfang"}
	lucky := []string{"1314", "520", "888", "666", "5201314"}
	pets := []string{"Bella", "Milo", "Luna", "Oscar", "Nala", "Biscuit"}
	w := func() string { return words[g.r.IntN(len(words))] }
	switch i % 7 {
	case 0:
		return w() + "-" + w() + g.s(digits, 1) + "-" + w()
	case 1:
		return accented[g.r.IntN(len(accented))] + g.s(digits, 4) + string("!?."[g.r.IntN(3)])
	case 2:
		return g.s(alnum, 15)
	case 3:
		return pinyin[g.r.IntN(len(pinyin))] + lucky[g.r.IntN(len(lucky))]
	case 4:
		return "20" + g.s(digits, 2) + pets[g.r.IntN(len(pets))] + "!"
	case 5:
		return strconv.Itoa(10+g.r.IntN(18)) + ".0" + strconv.Itoa(1+g.r.IntN(9)) + ".19" + g.s(digits, 2)
	default:
		return g.s(alnum, 32)
	}
}

// f7pw draws one of the f7pass shapes.
func (g *gen) f7pw() string { return g.f7pass(g.r.IntN(7)) }

// f7upw draws an f7pass shape that needs no escaping in a URL, a shell word, a command-line
// option list or a quoted string.
func (g *gen) f7upw() string { return g.f7pass([]int{0, 2, 3, 6}[g.r.IntN(4)]) }

// f7spaced is a passphrase of four lower-case words and a number separated by spaces, as
// people type into a quoted slot.
func (g *gen) f7spaced() string {
	words := []string{"tall", "purple", "giraffe", "kettle", "morning", "harbour", "quiet", "lantern", "orbit", "saddle"}
	parts := make([]string, 4)
	for i := range parts {
		parts[i] = words[g.r.IntN(len(words))]
	}
	return strings.Join(parts, " ") + " " + g.s(digits, 2)
}

// f7words is n words of a small list, for paper keys and passphrases printed by tools.
func (g *gen) f7words(n int) string {
	words := []string{"abandon", "copper", "dwell", "fringe", "gospel", "harvest", "island", "jungle", "kernel", "lobster",
		"marble", "nephew", "orient", "plunge", "quarter", "ribbon", "shrimp", "timber", "unveil", "vendor", "walnut", "yellow"}
	parts := make([]string, n)
	for i := range parts {
		parts[i] = words[g.r.IntN(len(words))]
	}
	return strings.Join(parts, " ")
}

// f7jwt is a JSON Web Token with the header and payload given as JSON text.
func (g *gen) f7jwt(header, payload string, sigLen int) string {
	return b64urlText(header) + "." + b64urlText(payload) + "." + g.s(b64url, sigLen)
}

// f7bytes is the standard base64 of the prefix followed by n random bytes.
func (g *gen) f7bytes(prefix []byte, n int) string {
	return f5b64(append(append([]byte{}, prefix...), g.bytes(n)...))
}

func fresh7Secrets(g *gen) []secretCase {
	h := func(n int) string { return g.s(hexLow, n) }
	H := func(n int) string { return g.s(hexUp, n) }
	a := func(n int) string { return g.s(alnum, n) }
	u := func(n int) string { return g.s(b64url, n) }
	b32 := func(n int) string { return g.s(base32, n) }
	pw := g.f7pw
	upw := g.f7upw

	// Values that need building are drawn once.
	supabaseService := g.f7jwt(`{"alg":"HS256","typ":"JWT"}`, `{"iss":"supabase","ref":"`+g.s(lower, 20)+`","role":"service_role","iat":1717000000,"exp":2032576000}`, 43)
	tinybird := "p.eyJ1IjogI" + u(110) + "." + u(43)
	sfAuthURL := "5Aep861" + u(80) + "." + u(20)
	sfSession := "00D" + a(12) + "!" + u(96)
	phpVar := pw()
	gitBasic := b64text("ci:" + upw())
	smtpPlain := b64text("\x00alice@acme.io\x00" + pw())
	smtpLoginUser := b64text("alice@acme.io")
	smtpLoginPass := b64text(pw())
	tcpdumpBasic := b64text("deploy:" + upw())
	ssURL := b64urlText("chacha20-ietf-poly1305:" + upw())
	libp2pKey := g.f7bytes([]byte{8, 1, 18, 64}, 64)
	tmKey := g.f7bytes(nil, 64)
	lotus := hex.EncodeToString([]byte(`{"Type":"secp256k1","PrivateKey":"` + g.b64std(32) + `"}`))
	macaroon := "0201036c6e6402f801030a10" + h(32) + "1201301a160a0761646472657373120472656164120577726974651a" + h(300)
	steamShared, steamIdentity := g.b64std(20), g.b64std(20)
	bwTotp := b32(32)
	googleBackup1 := g.digitsN(4) + " " + g.digitsN(4)
	googleBackup2 := g.digitsN(4) + " " + g.digitsN(4)
	bitlocker := g.f6groups(digits, 8, 6, "-")
	msRecovery := g.f6groups(upNum, 5, 5, "-")
	opSecretKey := "A3-" + g.s(upNum, 6) + "-" + g.s(upNum, 6) + "-" + g.f6groups(upNum, 4, 5, "-")
	matrixKey := "EsT" + g.s(f7base58, 1) + " " + g.f6groups(f7base58, 11, 4, " ")
	signalBackup := g.f6groups(digits, 6, 5, " ")
	gaSetup := g.f6groups(strings.ToLower(base32), 8, 4, " ")
	strapiKey1, strapiKey2 := g.b64std(16), g.b64std(16)
	pastoLocal := "k4.local." + u(43)
	wpApp := g.f6groups(alnum, 6, 4, " ")
	ghostAdmin := h(24) + ":" + h(64)
	ovhSecret, ovhConsumer := a(32), a(32)
	netsuiteCS, netsuiteTS := h(64), h(64)
	wgcfLicense := a(8) + "-" + a(8) + "-" + a(8)
	ssssShare1, ssssShare2 := h(32), h(32)
	preseedPw := upw()

	return []secretCase{
		// Observability and uptime.
		sc("splunk observability ingest header", `curl -X POST https://ingest.eu0.signalfx.com/v2/datapoint -H "X-SF-Token: %s" -H "Content-Type: application/json" -d @points.json`, u(22)),
		sc("dataset agent.json", "// /etc/scalyr-agent-2/agent.json\n{\n  \"api_key\": \"%s\",\n  \"server_attributes\": {\"serverHost\": \"web01\"},\n  \"logs\": [{\"path\": \"/var/log/nginx/access.log\"}]\n}", u(43)+"-"),
		sc("site24x7 install key", "curl -sL https://staticdownloads.site24x7.com/server/Site24x7InstallScript.sh | sudo bash -s -- -i -key=%s -automation=true", "us_"+h(32)),
		sc("chronosphere api token", "export CHRONOSPHERE_ORG_NAME=acme\nexport CHRONOSPHERE_API_TOKEN=%s\nchronoctl monitors list", h(64)),
		sc("lumigo tracer token", "Environment:\n  Variables:\n    LUMIGO_TRACER_TOKEN: %s\n    AWS_LAMBDA_EXEC_WRAPPER: /opt/lumigo_wrapper", "t_"+h(20)),
		sc("spring wavefront api token", "management.wavefront.api-token=%s\nmanagement.wavefront.uri=https://acme.wavefront.com", g.uuid()),
		sc("signoz ingestion key header", "OTEL_EXPORTER_OTLP_ENDPOINT=https://ingest.eu.signoz.cloud:443\nOTEL_EXPORTER_OTLP_HEADERS=signoz-ingestion-key=%s", g.uuid()),
		sc("dash0 collector exporter", "exporters:\n  otlp/dash0:\n    endpoint: ingress.eu-west-1.aws.dash0.com:4317\n    headers:\n      Authorization: \"Bearer %s\"\n      Dash0-Dataset: default", "auth_"+a(40)),
		sc("atatus license key", `atatus.start({ licenseKey: "%s", appName: "checkout-api" });`, "lic_apm_"+h(32)),
		sc("new relic insights insert key", `curl -X POST -H "Content-Type: application/json" -H "X-Insert-Key: %s" https://insights-collector.eu01.nr-data.net/v1/accounts/`+g.digitsN(7)+`/events --data @events.json`, "NRII-"+u(32)),
		sc("sentry legacy dsn with secret", "SENTRY_DSN=https://"+h(32)+":%s@o"+g.digitsN(6)+".ingest.sentry.io/"+g.digitsN(7), h(32)),
		sc("healthchecks ping url", "*/15 * * * * /usr/local/bin/sync.sh && curl -fsS -m 10 --retry 5 -o /dev/null https://hc-ping.com/%s", g.uuid()),
		sc("pingdom api token", `curl -s https://api.pingdom.com/api/3.1/checks -H "Authorization: Bearer %s"`, u(64)),

		// Feature flags.
		sc("split server sdk key", "const factory = SplitFactory({\n  core: { authorizationKey: '%s' },\n  startup: { readyTimeout: 1.5 }\n});", g.s(lowNum, 36)),
		sc("unleash server token", "UNLEASH_URL=https://unleash.acme.io/api\nUNLEASH_SERVER_API_TOKEN=%s", "default:production."+h(64)),
		sc("flagsmith server key", `flagsmith = Flagsmith(environment_key="%s", enable_local_evaluation=True)`, "ser."+a(22)),
		sc("devcycle server sdk key", "DEVCYCLE_SERVER_SDK_KEY=%s", "dvc_server_"+g.uuid()+"_"+h(7)),
		sc("growthbook secret key", "curl https://api.growthbook.io/api/v1/features -u %s:", "secret_admin_"+a(32)),
		sc("flipt bootstrap token", "authentication:\n  required: true\n  methods:\n    token:\n      enabled: true\n      bootstrap:\n        token: \"%s\"\n        expiration: 8760h", a(32)),
		sc("optimizely rest token", "OPTIMIZELY_API_TOKEN=%s", "2:"+u(43)),

		// CMS keys and the config of CMSs.
		sc("sanity write token", "SANITY_STUDIO_PROJECT_ID=abc123xy\nSANITY_API_WRITE_TOKEN=%s", "sk"+a(178)),
		sc("strapi api token", "const res = await fetch('https://cms.acme.io/api/articles?populate=*', {\n  headers: { Authorization: 'bearer %s' },\n});", h(256)),
		sc("prismic access token", "const client = prismic.createClient('acme-site', {\n  accessToken: '%s',\n  fetch,\n});", "MC5"+u(60)+"."+u(40)),
		sc("datocms full access token", `const client = buildClient({ apiToken: "%s" });`, h(30)),
		sc("directus compose secret", "services:\n  directus:\n    image: directus/directus:11\n    environment:\n      KEY: \""+g.uuid()+"\"\n      SECRET: \"%s\"\n      ADMIN_EMAIL: \"admin@acme.io\"\n      ADMIN_PASSWORD: \"%s\"", a(32), pw()),
		sc("ghost admin api key", "const api = new GhostAdminAPI({\n  url: 'https://blog.acme.io',\n  key: '%s',\n  version: 'v5.0'\n});", ghostAdmin),
		sc("wordpress application password", `curl --user "admin:%s" -X POST https://blog.acme.io/wp-json/wp/v2/posts -d '{"title":"Draft"}'`, wpApp),
		sc("builder.io private key", "BUILDER_PUBLIC_KEY="+h(32)+"\nBUILDER_PRIVATE_KEY=%s", "bpk-"+h(32)),
		sc("payload cms secret", "DATABASE_URI=mongodb://db:27017/payload\nPAYLOAD_SECRET=%s", h(24)),
		sc("drupal hash_salt", "$settings['hash_salt'] = '%s';\n$settings['update_free_access'] = FALSE;", u(74)),
		sc("drupal databases array", "$databases['default']['default'] = [\n  'database' => 'drupal',\n  'username' => 'drupal',\n  'password' => '%s',\n  'host' => 'db',\n  'driver' => 'mysql',\n];", pw()),
		sc("joomla configuration.php", "class JConfig {\n\tpublic $dbtype = 'mysqli';\n\tpublic $host = 'localhost';\n\tpublic $user = 'joomla';\n\tpublic $password = '%s';\n\tpublic $db = 'joomla';\n\tpublic $secret = '%s';\n}", pw(), a(16)),
		sc("magento env.php crypt key", "return [\n    'crypt' => [\n        'key' => '%s'\n    ],\n    'db' => ['connection' => ['default' => ['host' => 'db', 'dbname' => 'magento']]],\n];", h(32)),
		sc("typo3 encryptionKey", "$GLOBALS['TYPO3_CONF_VARS']['SYS']['encryptionKey'] = '%s';", h(96)),
		sc("mediawiki LocalSettings keys", "$wgSecretKey = \"%s\";\n$wgUpgradeKey = \"%s\";\n$wgAuthenticationTokenVersion = \"1\";", h(64), h(16)),
		sc("prestashop cookie key", "<?php return [\n  'parameters' => [\n    'database_host' => '127.0.0.1',\n    'cookie_key' => '%s',\n    'cookie_iv' => '%s',\n  ],\n];", a(56), a(8)),
		sc("phpbb config.php", "$dbms = 'phpbb\\\\db\\\\driver\\\\mysqli';\n$dbhost = 'localhost';\n$dbuser = 'phpbb';\n$dbpasswd = '%s';\n$table_prefix = 'phpbb_';", pw()),
		sc("ghost config mail pass", `{"url": "https://blog.acme.io", "mail": {"transport": "SMTP", "options": {"service": "Mailgun", "auth": {"user": "postmaster@mg.acme.io", "pass": "%s"}}}}`, h(32)+"-"+h(8)+"-"+h(8)),

		// Search services.
		sc("meilisearch master key flag", `./meilisearch --env production --master-key="%s" --db-path ./meili_data`, a(32)),
		sc("typesense server api key", "typesense-server --data-dir=/var/lib/typesense --api-key=%s --enable-cors", a(32)),
		sc("coveo api key", "COVEO_ORGANIZATION_ID=acmeprod"+g.s(lower, 8)+"\nCOVEO_API_KEY=%s", "xx"+g.uuid()),
		sc("app search private key", `curl -X POST 'https://acme.ent.eu-west-1.aws.found.io/api/as/v1/engines/docs/documents' -H 'Authorization: Bearer %s' -d '[{"id": "1"}]'`, "private-"+g.s(lowNum, 24)),
		sc("vespa cloud data plane token", "curl -H \"Authorization: Bearer %s\" https://acme.search.z.vespa-app.cloud/search/?yql=select+*+from+doc+where+true", "vespa_cloud_"+a(42)),
		sc("opensearch dashboards yml", "opensearch.hosts: [\"https://search01:9200\"]\nopensearch.username: \"kibanaserver\"\nopensearch.password: \"%s\"", pw()),
		sc("solr security.json hash", `{"authentication": {"class": "solr.BasicAuthPlugin", "blockUnknown": true, "credentials": {"solr": "%s"}}}`, g.b64std(32)+" "+g.b64std(16)),

		// Data warehouses and their clients.
		sc("databrickscfg", "[DEFAULT]\nhost  = https://adb-"+g.digitsN(16)+".7.azuredatabricks.net\ntoken = %s\n\n[staging]\nhost = https://acme-staging.cloud.databricks.com", "dapi"+h(32)+"-2"),
		sc("motherduck token in dsn", `duckdb "md:analytics?motherduck_token=%s"`, g.f6jwt(`{"alg":"HS256","typ":"JWT"}`, 160, 43)),
		sc("trino password env", "TRINO_PASSWORD='%s' trino --server https://trino.acme.io --user alice --password --catalog hive", pw()),
		sc("dremio flight basic token", `client = flight.FlightClient("grpc+tls://dremio.acme.io:32010")`+"\n"+`token = client.authenticate_basic_token("alice", "%s")`, pw()),
		sc("firebolt client credentials", `auth = ClientCredentials("`+a(32)+`", "%s")`+"\n"+`connection = connect(auth=auth, account_name="acme", database="dw")`, u(64)),
		sc("materialize app password", "psql \"postgres://alice%40acme.io:%s@"+g.s(lowNum, 20)+".eu-west-1.aws.materialize.cloud:6875/materialize?sslmode=require\"", "mzp_"+h(64)),
		sc("dbt cloud service token", "DBT_CLOUD_ACCOUNT_ID="+g.digitsN(5)+"\nDBT_CLOUD_API_TOKEN=%s", "dbtc_"+u(60)),
		sc("fivetran api secret", "curl -u "+a(16)+":%s https://api.fivetran.com/v1/groups", a(32)),
		sc("tableau pat", `tableau_auth = TSC.PersonalAccessTokenAuth("ci-token", "%s", site_id="acme")`, g.b64std(16)+":"+a(32)),
		sc("looker.ini", "[Looker]\nbase_url=https://acme.cloud.looker.com\nclient_id="+a(20)+"\nclient_secret=%s\nverify_ssl=True", a(24)),
		sc("tinybird token", "TB_HOST=https://api.europe-west2.gcp.tinybird.co\nTB_TOKEN=%s", tinybird),
		sc("singlestore url", `DATABASE_URL="singlestoredb://admin:%s@svc-`+g.uuid()+`-dml.aws-oregon-3.svc.singlestore.com:3306/app"`, upw()),
		sc("druid runtime.properties", "druid.auth.authenticatorChain=[\"basic\"]\ndruid.escalator.internalClientUsername=druid_system\ndruid.escalator.internalClientPassword=%s", pw()),
		sc("snowflake connections.toml", "[default]\naccount = \"acme-xy12345\"\nuser = \"etl\"\nauthenticator = \"SNOWFLAKE_JWT\"\nprivate_key_file = \"/home/etl/.ssh/rsa_key.p8\"\nprivate_key_file_pwd = \"%s\"", pw()),

		// LLM gateways and model APIs.
		sc("portkey header", `curl https://api.portkey.ai/v1/chat/completions -H "x-portkey-api-key: %s" -H "x-portkey-provider: openai"`, a(32)),
		sc("cloudflare ai gateway auth", `curl https://gateway.ai.cloudflare.com/v1/`+h(32)+`/prod/openai/chat/completions -H "cf-aig-authorization: Bearer %s"`, u(40)),
		sc("groq key", "GROQ_API_KEY=%s", "gsk_"+a(52)),
		sc("xai key", `client = OpenAI(base_url="https://api.x.ai/v1", api_key="%s")`, "xai-"+a(80)),
		sc("fireworks key", `fireworks.client.api_key = "%s"`, "fw_"+a(24)),
		sc("replicate token", "export REPLICATE_API_TOKEN=%s\nreplicate run stability-ai/sdxl", "r8_"+a(37)),
		sc("hugging face cli login", "huggingface-cli login --token %s --add-to-git-credential", "hf_"+a(34)),
		sc("cerebras key", `client = Cerebras(api_key="%s")`, "csk-"+g.s(lowNum, 48)),
		sc("voyage key", `vo = voyageai.Client(api_key="%s")`, "pa-"+u(43)),
		sc("dashscope key", "DASHSCOPE_API_KEY=%s", "sk-"+h(32)),
		sc("zhipu key", `client = ZhipuAI(api_key="%s")`, h(32)+"."+a(16)),
		sc("qianfan v3 bearer", `curl https://qianfan.baidubce.com/v2/chat/completions -H "Authorization: Bearer %s"`, "bce-v3/ALTAK-"+a(21)+"/"+h(40)),
		sc("arize otel headers", "OTEL_EXPORTER_OTLP_TRACES_HEADERS=space_id=U3BhY2U6MTIzNDU6YWJjZA==,api_key=%s", a(40)),
		sc("continue config.yaml", "models:\n  - name: Claude\n    provider: anthropic\n    model: claude-sonnet-4-5\n    apiKey: %s\n    roles: [chat, edit]", "sk-ant-api03-"+u(93)+"AA"),
		sc("nomic login", "nomic login %s", "nk-"+u(43)),
		sc("gemini client key", `client = genai.Client(api_key="%s")`, "AIza"+u(35)),

		// Vector and backend databases.
		sc("astra db token", "ASTRA_DB_API_ENDPOINT=https://"+g.uuid()+"-us-east1.apps.astra.datastax.com\nASTRA_DB_APPLICATION_TOKEN=%s", "AstraCS:"+a(24)+":"+h(64)),
		sc("zilliz cloud token", `client = MilvusClient(uri="https://in03-`+h(15)+`.serverless.gcp-us-west1.cloud.zilliz.com", token="%s")`, h(104)),
		sc("milvus user:password token", `client = MilvusClient(uri="http://milvus:19530", token="root:%s")`, upw()),
		sc("chroma cloud key", `client = chromadb.CloudClient(api_key="%s", tenant="`+g.uuid()+`", database="docs")`, "ck-"+a(43)),
		sc("turbopuffer key", "TURBOPUFFER_API_KEY=%s", "tpuf_"+a(32)),
		sc("lancedb cloud key", `db = lancedb.connect("db://acme-`+g.s(lowNum, 6)+`", api_key="%s", region="us-east-1")`, "sk_"+a(40)),
		sc("supabase service role key", "NEXT_PUBLIC_SUPABASE_URL=https://"+g.s(lower, 20)+".supabase.co\nSUPABASE_SERVICE_ROLE_KEY=%s", supabaseService),
		sc("appwrite api key", "const client = new Client()\n    .setEndpoint('https://cloud.appwrite.io/v1')\n    .setProject('"+h(20)+"')\n    .setKey('%s');", "standard_"+h(256)),
		sc("pocketbase superuser upsert", "./pocketbase superuser upsert admin@acme.io '%s'", pw()),
		sc("elastic cloud_auth", `es = Elasticsearch(cloud_id="acme:`+g.b64std(60)+`", basic_auth=("elastic", "%s"))`, a(24)),

		// Game servers and game backends.
		sc("playfab secret key header", `curl -X POST https://`+g.s(upNum, 5)+`.playfabapi.com/Server/GetUserData -H "X-SecretKey: %s" -d '{"PlayFabId":"`+g.s(upNum, 16)+`"}'`, g.s(upNum, 52)),
		sc("steam game server login token", "./srcds_run -game csgo -console -usercon +game_type 0 +map de_dust2 +sv_setsteamaccount %s -net_port_try 1", H(32)),
		sc("source server.cfg rcon", "// server.cfg\nhostname \"Acme Community #1\"\nrcon_password \"%s\"\nsv_password \"\"\nsv_cheats 0", pw()),
		sc("palworld settings ini", "[/Script/Pal.PalGameWorldSettings]\nOptionSettings=(Difficulty=None,DayTimeSpeedRate=1.000000,ServerName=\"Acme\",AdminPassword=\"%s\",ServerPassword=\"%s\",PublicPort=8211)", upw(), upw()),
		sc("valheim launch password", `./valheim_server.x86_64 -name "Acme" -port 2456 -world "Dedicated" -password "%s" -public 0`, upw()),
		sc("ark query string passwords", "ShooterGameServer TheIsland?listen?SessionName=Acme?ServerPassword=%s?ServerAdminPassword=%s -server -log", upw(), upw()),
		sc("terraria serverconfig", "world=/srv/terraria/worlds/acme.wld\nmaxplayers=8\nport=7777\npassword=%s\nmotd=Welcome", pw()),
		sc("factorio server-settings", `{"name": "Acme factory", "visibility": {"public": true}, "username": "acme", "token": "%s", "game_password": "%s", "require_user_verification": true}`, h(30), pw()),
		sc("rust server rcon", `./RustDedicated -batchmode +server.hostname "Acme" +rcon.port 28016 +rcon.password "%s" +rcon.web 1`, upw()),
		sc("nakama config", "name: nakama1\nsession:\n  encryption_key: \"%s\"\n  refresh_encryption_key: \"%s\"\nconsole:\n  username: admin\n  password: \"%s\"", a(32), a(32), pw()),
		sc("eos client secret c++", "EOS_Platform_Options Options = {};\nOptions.ClientCredentials.ClientId = \"xyza"+a(28)+"\";\nOptions.ClientCredentials.ClientSecret = \"%s\";", u(43)),
		sc("unity gaming services cli env", "export UGS_CLI_SERVICE_KEY_ID="+g.uuid()+"\nexport UGS_CLI_SERVICE_SECRET_KEY=%s\nugs deploy ./cloud-code", a(32)),
		sc("pterodactyl application key", `curl "https://panel.acme.io/api/application/servers" -H "Authorization: Bearer %s" -H "Accept: Application/vnd.pterodactyl.v1+json"`, "ptla_"+a(43)),
		sc("launcher microsoft refresh token", `{"accounts": [{"type": "MSA", "msa": {"client_id": "`+g.uuid()+`", "refresh_token": "%s", "token": "`+g.f6jwt(`{"alg":"RS256"}`, 120, 86)+`"}}]}`, "M.C531_BAY.0.U.-"+u(260)),

		// Regional clouds.
		sc("ovh.conf", "[default]\nendpoint=ovh-eu\n\n[ovh-eu]\napplication_key="+a(16)+"\napplication_secret=%s\nconsumer_key=%s", ovhSecret, ovhConsumer),
		sc("volcengine env", "export VOLC_ACCESSKEY=AKLT"+u(40)+"\nexport VOLC_SECRETKEY=%s\nexport VOLC_REGION=cn-beijing", g.b64std(42)),
		sc("baidu bce credentials", "config = BceClientConfiguration(\n    credentials=BceCredentials('"+h(32)+"', '%s'),\n    endpoint='bj.bcebos.com')", h(32)),
		sc("yandex cloud iam token", `curl -H "Authorization: Bearer %s" https://resource-manager.api.cloud.yandex.net/resource-manager/v1/clouds`, "t1.9euelZ"+u(150)+"."+u(86)),
		sc("yandex cloud api-key scheme", `curl -H "Authorization: Api-Key %s" https://llm.api.cloud.yandex.net/foundationModels/v1/completion`, "AQVN"+u(36)),
		sc("sakura cloud env", "SAKURACLOUD_ACCESS_TOKEN="+g.uuid()+"\nSAKURACLOUD_ACCESS_TOKEN_SECRET=%s\nSAKURACLOUD_ZONE=is1a", a(64)),
		sc("ionosctl login", "ionosctl login --user alice@acme.io --password '%s'", pw()),
		sc("linode-cli config", "[DEFAULT]\ndefault-user = acme\n\n[acme]\ntoken = %s\nregion = eu-central\ntype = g6-standard-2", h(64)),
		sc("hcloud context create", "$ hcloud context create prod\nToken: %s\nContext prod created and activated", a(64)),
		sc("contabo cntb credentials", "cntb config set-credentials --oauth2-clientid=INT-"+g.digitsN(8)+" --oauth2-client-secret=%s --oauth2-user=alice@acme.io --oauth2-password='%s'", a(32), pw()),
		sc("gcore apikey scheme", `curl -H "Authorization: APIKey %s" https://api.gcore.com/cloud/v1/instances/`+g.digitsN(6), g.digitsN(5)+"$"+h(128)),
		sc("ncloud configure prompt", "$ ncloud configure\nset [DEFAULT]'s configuration.\nNcloud Access Key ID []: "+a(20)+"\nNcloud Secret Access Key []: %s\nNcloud API URL (default:https://ncloud.apigw.ntruss.com) []:", a(40)),
		sc("doctl config.yaml", "access-token: %s\ncontext: default\noutput: text", "dop_v1_"+h(64)),
		sc("wrangler default.toml", "oauth_token = \"%s\"\nexpiration_time = \"2026-06-01T10:00:00.000Z\"\nrefresh_token = \"%s\"\nscopes = [\"account:read\", \"workers:write\"]", u(43)+"."+u(43), u(43)+"."+u(43)),
		sc("clouds.yaml password", "clouds:\n  otc:\n    auth:\n      auth_url: https://iam.eu-de.otc.t-systems.com/v3\n      username: alice\n      password: %s\n      project_name: eu-de_acme\n      user_domain_name: OTC-EU-DE-000000000010000"+g.digitsN(5), pw()),

		// Telecom and real-time media.
		sc("sinch sdk key secret", `sinch_client = SinchClient(key_id="`+g.uuid()+`", key_secret="%s", project_id="`+g.uuid()+`")`, g.s(lowNum, 26)),
		sc("africa's talking key", "africastalking.initialize(username='acme', api_key='%s')", "atsk_"+h(64)),
		sc("termii api key json", `{"to": "2348012345678", "from": "Acme", "sms": "Your code is ready", "type": "plain", "channel": "generic", "api_key": "%s"}`, "TL"+a(60)),
		sc("textmagic headers", `curl https://rest.textmagic.com/api/v2/messages -H "X-TM-Username: alice" -H "X-TM-Key: %s" -d "text=Deploy done&phones=447700900123"`, a(30)),
		sc("msg91 authkey header", `curl --request POST --url https://control.msg91.com/api/v5/flow --header 'authkey: %s' --header 'content-type: application/json'`, g.digitsN(6)+"A"+a(17)),
		sc("signalwire token", "SIGNALWIRE_PROJECT_ID="+g.uuid()+"\nSIGNALWIRE_TOKEN=%s\nSIGNALWIRE_SPACE=acme.signalwire.com", "PT"+h(48)),
		sc("agora app certificate positional", "const token = RtcTokenBuilder.buildTokenWithUid(appId, \"%s\", channelName, uid, RtcRole.PUBLISHER, expireTs);", h(32)),
		sc("livekit keys yaml", "port: 7880\nrtc:\n  udp_port: 7882\nkeys:\n  API"+a(12)+": %s", a(43)),
		sc("zoom server-to-server env", "ZOOM_ACCOUNT_ID="+u(22)+"\nZOOM_CLIENT_ID="+u(22)+"\nZOOM_CLIENT_SECRET=%s", a(32)),
		sc("freeswitch directory user", "<user id=\"1000\">\n  <params>\n    <param name=\"password\" value=\"%s\"/>\n    <param name=\"vm-password\" value=\"%s\"/>\n  </params>\n</user>", pw(), g.digitsN(6)),
		sc("baresip accounts", "<sip:1001@pbx.acme.io>;auth_pass=%s;regint=600;outbound=\"sip:pbx.acme.io;transport=tls\"", upw()),
		sc("kannel smsc", "group = smsc\nsmsc = smpp\nhost = smsc.operator.net\nport = 2775\nsmsc-username = acme\nsmsc-password = %s\nsystem-type = VMA", pw()),

		// Banking and open-banking sandboxes.
		sc("gocardless access token", "GOCARDLESS_ENVIRONMENT=live\nGOCARDLESS_ACCESS_TOKEN=%s", "live_"+u(40)),
		sc("nordigen secret_key", `curl -X POST "https://bankaccountdata.gocardless.com/api/v2/token/new/" -H "Content-Type: application/json" -d '{"secret_id":"`+g.uuid()+`","secret_key":"%s"}'`, h(128)),
		sc("mercury token", `curl https://api.mercury.com/api/v1/accounts -H "Authorization: Bearer %s"`, "secret-token:mercury_production_wma_"+a(40)+"_yrucrem"),
		sc("increase api key", "INCREASE_API_KEY=%s\nINCREASE_ENVIRONMENT=sandbox", "secret_key_"+a(40)),
		sc("sumup api key", "SUMUP_API_KEY=%s\nSUMUP_MERCHANT_CODE=M"+g.s(upNum, 7), "sup_sk_"+a(32)),
		sc("dlocal trans key", `curl https://sandbox.dlocal.com/payments -H "X-Date: 2026-01-04T10:00:00.000Z" -H "X-Login: `+a(10)+`" -H "X-Trans-Key: %s"`, a(10)),
		sc("paytm checksum merchant key", "const checksum = await PaytmChecksum.generateSignature(JSON.stringify(body), \"%s\");", a(16)),
		sc("iyzico sandbox secret", "options.setApiKey(\"sandbox-"+a(32)+"\");\noptions.setSecretKey(\"%s\");\noptions.setBaseUrl(\"https://sandbox-api.iyzipay.com\");", "sandbox-"+a(32)),
		sc("modern treasury key", `client = ModernTreasury(organization_id="`+g.uuid()+`", api_key="%s")`, "live-"+a(64)),
		sc("unit paseto token", "UNIT_API_URL=https://api.s.unit.sh\nUNIT_TOKEN=%s", "v2.public."+u(300)),
		sc("salt edge headers", `curl https://www.saltedge.com/api/v6/customers -H "App-id: `+u(43)+`" -H "Secret: %s"`, u(43)),
		sc("square access token", "SQUARE_ENVIRONMENT=production\nSQUARE_ACCESS_TOKEN=%s", "EAAA"+u(60)),
		sc("revolut business refresh token", "REVOLUT_CLIENT_ID="+u(43)+"\nREVOLUT_REFRESH_TOKEN=%s", "oa_prod_"+u(43)),

		// ERP and CRM.
		sc("salesforce sfdx auth url", "echo \"force://PlatformCLI::%s@acme.my.salesforce.com\" > sfdx-auth.txt\nsf org login sfdx-url --sfdx-url-file sfdx-auth.txt --alias prod", sfAuthURL),
		sc("salesforce security token", "sf = Salesforce(username='ci@acme.io', password='%s', security_token='%s')", pw(), a(25)),
		sc("salesforce org display session", "$ sf org display --target-org prod\nKEY              VALUE\n───────────────  ─────────────────────────\nAccess Token     %s\nInstance Url     https://acme.my.salesforce.com\nUsername         ci@acme.io", sfSession),
		sc("sap pyrfc connection", "conn = Connection(ashost='10.0.0.5', sysnr='00', client='100', user='RFC_USER', passwd='%s')", pw()),
		sc("sap btp service key", `{"uaa": {"clientid": "sb-acme-app!t`+g.digitsN(5)+`", "clientsecret": "%s", "url": "https://acme.authentication.eu10.hana.ondemand.com", "identityzone": "acme"}}`, g.uuid()+"$"+u(43)+"="),
		sc("netsuite tba", "NETSUITE_ACCOUNT=1234567_SB1\nconsumer_key="+h(64)+"\nconsumer_secret=%s\ntoken_id="+h(64)+"\ntoken_secret=%s", netsuiteCS, netsuiteTS),
		sc("dynamics connection string", "AuthType=ClientSecret;Url=https://acme.crm4.dynamics.com;ClientId="+g.uuid()+";ClientSecret=%s", a(3)+"8Q~"+u(34)),
		sc("odoo xmlrpc api key", `uid = common.authenticate("acme-prod", "admin@acme.io", "%s", {})`, h(40)),
		sc("close api key", `api = CloseIO_API("%s")`, "api_"+a(22)+"."+a(22)),
		sc("copper headers", `curl https://api.copper.com/developer_api/v1/people/search -H "X-PW-AccessToken: %s" -H "X-PW-Application: developer_api" -H "X-PW-UserEmail: alice@acme.io"`, h(32)),
		sc("activecampaign api-token", `curl https://acme.api-us1.com/api/3/contacts -H "Api-Token: %s"`, h(72)),
		sc("smartsheet client", "smart = smartsheet.Smartsheet(\"%s\")\nsmart.errors_as_exceptions(True)", a(37)),
		sc("quickbooks refresh token", `{"x_refresh_token_expires_in": 8726400, "refresh_token": "%s", "token_type": "bearer", "expires_in": 3600}`, "AB11"+g.digitsN(10)+a(36)),
		sc("mailchimp config", `mailchimp.setConfig({ apiKey: "%s", server: "us21" });`, h(32)+"-us21"),
		sc("erpnext token scheme", `curl https://erp.acme.io/api/resource/Customer -H "Authorization: token `+g.s(lowNum, 15)+`:%s"`, g.s(lowNum, 15)),

		// Config formats.
		sc("cue value", "package config\n\ndb: {\n\thost:     \"db01\"\n\tuser:     \"app\"\n\tpassword: \"%s\"\n}", pw()),
		sc("dhall record", "{ host = \"db01\", port = 5432, user = \"app\", password = \"%s\" }", pw()),
		sc("jsonnet local", "local secrets = { apiKey: '%s' };\n{ service: { name: 'api', env: { API_KEY: secrets.apiKey } } }", a(40)),
		sc("pkl amends", "amends \"AppConfig.pkl\"\n\ndatabase {\n  user = \"app\"\n  password = \"%s\"\n}", pw()),
		sc("kdl node properties", "database host=\"db01\" user=\"app\" password=\"%s\"\nserver port=8080", pw()),
		sc("ron struct", "(\n    endpoint: \"https://api.acme.io\",\n    api_key: \"%s\",\n    retries: 3,\n)", a(40)),
		sc("json5 unquoted key", "{\n  // production\n  apiKey: '%s',\n  region: 'eu-west-1',\n}", a(40)),
		sc("tiltfile secret_from_dict", `k8s_yaml(secret_from_dict("api-keys", inputs={"stripe": "%s"}))`, a(40)),
		sc("launchd plist env", "<key>EnvironmentVariables</key>\n<dict>\n\t<key>ACME_API_TOKEN</key>\n\t<string>%s</string>\n</dict>", a(40)),
		sc("mobileconfig wifi password", "<key>SSID_STR</key>\n<string>AcmeCorp</string>\n<key>EncryptionType</key>\n<string>WPA2</string>\n<key>Password</key>\n<string>%s</string>", pw()),
		sc("bazelrc buildbuddy header", "build --bes_results_url=https://app.buildbuddy.io/invocation/\nbuild --remote_header=x-buildbuddy-api-key=%s", a(20)),
		sc("git extraheader basic", "[http \"https://git.acme.io/\"]\n\textraheader = AUTHORIZATION: basic %s", gitBasic),
		sc("xcconfig key", "// Secrets.xcconfig\nAPI_BASE_URL = https:/$()/api.acme.io\nAPI_KEY = %s", a(32)),
		sc("flutter dart-define", "flutter run --release --dart-define=API_KEY=%s --dart-define=ENV=prod", a(32)),
		sc("justfile export", "set dotenv-load\nexport STRIPE_KEY := \"%s\"\n\ndeploy:\n    ./deploy.sh", a(40)),
		sc("mise env table", "[tools]\nnode = \"22\"\n\n[env]\nOPENAI_API_KEY = \"%s\"", "sk-proj-"+u(120)),
		sc("devcontainer containerEnv", `{"name": "acme", "image": "mcr.microsoft.com/devcontainers/go:1.23", "containerEnv": {"GH_TOKEN": "%s"}}`, a(40)),
		sc("vagrantfile ssh password", "Vagrant.configure(\"2\") do |config|\n  config.vm.box = \"acme/win2022\"\n  config.ssh.username = \"vagrant\"\n  config.ssh.password = \"%s\"\nend", pw()),
		sc("kickstart rootpw plaintext", "lang en_US.UTF-8\nkeyboard us\nrootpw --plaintext %s\nuser --name=ops --groups=wheel", upw()),
		sc("kickstart rootpw iscrypted", "rootpw --iscrypted %s\nauthselect --useshadow --passalgo=sha512", "$6$"+g.s(alnum+"./", 16)+"$"+g.s(alnum+"./", 86)),
		sc("debian preseed", "d-i passwd/root-password password %s\nd-i passwd/root-password-again password %s\nd-i passwd/make-user boolean false", preseedPw, preseedPw),
		sc("cloud-init chpasswd", "#cloud-config\nchpasswd:\n  expire: false\n  users:\n    - name: ubuntu\n      password: %s\n      type: text", pw()),
		sc("grub password_pbkdf2", "set superusers=\"root\"\npassword_pbkdf2 root %s", "grub.pbkdf2.sha512.10000."+H(128)+"."+H(128)),
		sc("netplan wifi", "network:\n  version: 2\n  wifis:\n    wlan0:\n      dhcp4: true\n      access-points:\n        \"AcmeCorp\":\n          password: \"%s\"", pw()),
		sc("networkmanager keyfile", "[wifi]\nmode=infrastructure\nssid=AcmeCorp\n\n[wifi-security]\nkey-mgmt=wpa-psk\npsk=%s", upw()),
		sc("iwd psk file", "# /var/lib/iwd/AcmeCorp.psk\n[Security]\nPassphrase=%s", pw()),
		sc("powerdns api-key", "# /etc/powerdns/pdns.conf\napi=yes\napi-key=%s\nwebserver-address=127.0.0.1", a(32)),
		sc("syncthing gui apikey", "<gui enabled=\"true\" tls=\"false\">\n    <address>127.0.0.1:8384</address>\n    <user>admin</user>\n    <apikey>%s</apikey>\n</gui>", a(32)),
		sc("sonarr config.xml", "<Config>\n  <Port>8989</Port>\n  <UrlBase></UrlBase>\n  <ApiKey>%s</ApiKey>\n  <AuthenticationMethod>Forms</AuthenticationMethod>\n</Config>", h(32)),
		sc("node-red credentialSecret", "module.exports = {\n    flowFile: 'flows.json',\n    credentialSecret: \"%s\",\n    uiPort: process.env.PORT || 1880,\n}", pw()),
		sc("jupyter argon2 password", "c.ServerApp.ip = '0.0.0.0'\nc.ServerApp.password = '%s'", "argon2:$argon2id$v=19$m=10240,t=10,p=8$"+g.b64std(16)[:22]+"$"+g.b64std(32)[:43]),
		sc("code-server config", "bind-addr: 127.0.0.1:8080\nauth: password\npassword: %s\ncert: false", g.s(hexLow, 24)),
		sc("jenkins casc users", "jenkins:\n  securityRealm:\n    local:\n      allowsSignup: false\n      users:\n        - id: admin\n          password: %s", pw()),
		sc("keycloak realm export client", `{"realm": "acme", "clients": [{"clientId": "orders-api", "enabled": true, "clientAuthenticatorType": "client-secret", "secret": "%s", "publicClient": false}]}`, a(32)),
		sc("authelia users database", "users:\n  alice:\n    displayname: \"Alice Doe\"\n    password: \"%s\"\n    email: alice@acme.io", "$argon2id$v=19$m=65536,t=3,p=4$"+g.b64std(16)[:22]+"$"+g.b64std(32)[:43]),
		sc("forgejo runner file", `{"WARNING": "This file is automatically generated by act-runner. Do not edit it manually unless you know what you are doing.", "id": 3, "uuid": "`+g.uuid()+`", "name": "runner-01", "token": "%s", "address": "https://git.acme.io"}`, h(40)),
		sc("caddy basicauth hash", "acme.io {\n\tbasicauth /admin/* {\n\t\talice %s\n\t}\n\treverse_proxy localhost:8080\n}", "$2a$14$"+g.s(alnum+"./", 53)),
		sc("mosquitto password file", "sensor01:%s", "$7$101$"+g.b64std(12)+"$"+g.b64std(64)),
		sc("nomad var put", "nomad var put secret/db password=%s username=app", upw()),
		sc("octopus api key header", `curl -H "X-Octopus-ApiKey: %s" https://deploy.acme.io/api/projects`, "API-"+g.s(upNum, 26)),

		// CLIs that print or take a secret.
		sc("stripe listen signing secret", "$ stripe listen --forward-to localhost:4242/webhook\n> Ready! You are using Stripe API Version [2024-06-20]. Your webhook signing secret is %s (^C to quit)", "whsec_"+a(32)),
		sc("gh auth token output", "$ gh auth token\n%s", "gho_"+a(36)),
		sc("gcloud print-access-token", "$ gcloud auth print-access-token\n%s", "ya29."+u(180)),
		sc("heroku auth:token", "$ heroku auth:token\n ›   Warning: token will expire 06/01/2027\n%s", "HRKU-AA"+u(58)),
		sc("boundary authenticate output", "Authentication information:\n  Account ID:      acctpw_"+a(10)+"\n  Auth Method ID:  ampw_"+a(10)+"\n  Expiration Time: Sat, 05 Jan 2026 10:00:00 UTC\n  Token:\n  %s", "at_"+a(10)+"_"+u(120)),
		sc("tailscale up authkey", "sudo tailscale up --authkey %s --advertise-tags=tag:ci --ssh", "tskey-auth-k"+a(16)+"CNTRL-"+a(33)),
		sc("tailscale api key basic", `curl -u "%s:" https://api.tailscale.com/api/v2/tailnet/-/devices`, "tskey-api-k"+a(16)+"CNTRL-"+a(33)),
		sc("tailscale oauth client secret", "TS_OAUTH_CLIENT_ID=k"+a(16)+"CNTRL\nTS_OAUTH_SECRET=%s", "tskey-client-k"+a(16)+"CNTRL-"+a(33)),
		sc("headscale preauthkey create", "$ headscale preauthkeys create --user alice --reusable --expiration 24h\n%s", h(48)),
		sc("netbird setup key", "netbird up --management-url https://netbird.acme.io --setup-key %s", strings.ToUpper(g.uuid())),
		sc("pscale password create table", "$ pscale password create app main ci\n  NAME   BRANCH   ID             USERNAME       ACCESS HOST URL                ROLE    PASSWORD\n  ci     main     "+g.s(lowNum, 12)+"   "+g.s(lowNum, 12)+"   aws.connect.psdb.cloud   admin   %s", "pscale_pw_"+u(43)),
		sc("fly secrets set", "fly secrets set DATABASE_URL=postgres://app:%s@acme-db.flycast:5432/app STRIPE_KEY=%s -a acme-api", upw(), a(40)),
		sc("gh secret set body", `gh secret set NPM_TOKEN --body "%s" --repo acme/web`, "npm_"+a(36)),
		sc("glab variable set", `glab variable set DEPLOY_TOKEN "%s" --masked --protected`, a(40)),
		sc("netlify env:set", "netlify env:set API_SECRET %s --context production", a(40)),
		sc("railway variables set", `railway variables --set "STRIPE_KEY=%s" --service api`, a(40)),
		sc("secretsmanager create-secret", `aws secretsmanager create-secret --name prod/api --secret-string '{"username":"api","password":"%s"}'`, upw()),
		sc("az keyvault secret set", "az keyvault secret set --vault-name acme-kv --name db-password --value '%s'", pw()),
		sc("infisical secrets set", "infisical secrets set STRIPE_KEY=%s --env=prod --path=/api", a(40)),
		sc("macos security add-generic-password", "security add-generic-password -a alice -s acme-api -w '%s' -U", a(40)),
		sc("macos security find-generic-password", "$ security find-generic-password -s acme-api -w\n%s", a(40)),
		sc("secret-tool lookup output", "$ secret-tool lookup service acme-vpn user alice\n%s", pw()),
		sc("vercel --token", "vercel deploy --prod --yes --token %s", a(24)),
		sc("netlify deploy --auth", "netlify deploy --prod --dir=dist --auth %s --site "+g.uuid(), "nfp_"+a(36)),
		sc("firebase deploy --token", `firebase deploy --only hosting --token "%s"`, "1//0"+u(100)),
		sc("gem push env key", "GEM_HOST_API_KEY=%s gem push acme-1.2.0.gem", "rubygems_"+h(48)),
		sc("swift package-registry login", "swift package-registry login https://registry.acme.io/swift --token %s", a(40)),
		sc("uv index password env", "UV_INDEX_ACME_USERNAME=ci UV_INDEX_ACME_PASSWORD=%s uv sync --locked", a(40)),
		sc("pdm config password", "pdm config pypi.acme.url https://pypi.acme.io/simple\npdm config pypi.acme.password %s", upw()),
		sc("mc alias set", "mc alias set prod https://s3.acme.io "+g.s(upNum, 20)+" %s", a(40)),
		sc("kopia repository connect", "kopia repository connect s3 --bucket=acme-kopia --access-key="+g.s(upNum, 20)+" --secret-access-key=%s --password=%s", g.s(b64, 40), upw()),
		sc("concourse fly login", "fly -t ci login -c https://ci.acme.io -u admin -p '%s'", pw()),
		sc("veracrypt mount password", "veracrypt --text --mount /srv/vault.hc /mnt/vault --password='%s' --pim=0 --keyfiles='' --protect-hidden=no", pw()),
		sc("mullvad account login", "mullvad account login %s", g.digitsN(16)),

		// Code in more languages.
		sc("rust reqwest basic_auth", `let res = client.get(url).basic_auth("ci", Some("%s")).send().await?;`, pw()),
		sc("elixir req bearer", `Req.get!("https://api.acme.io/v1/me", auth: {:bearer, "%s"})`, u(40)),
		sc("haskell applyBasicAuth", `let req' = applyBasicAuth "deploy" "%s" req`, pw()),
		sc("haskell wreq oauth2Bearer", `r <- getWith (defaults & auth ?~ oauth2Bearer "%s") "https://api.acme.io/v1/me"`, u(40)),
		sc("zig extra headers", "var req = try client.request(.GET, uri, .{\n    .extra_headers = &.{.{ .name = \"x-api-key\", .value = \"%s\" }},\n});", a(32)),
		sc("swift keychain add literal", `SecItemAdd([kSecClass: kSecClassGenericPassword, kSecAttrAccount: "api", kSecValueData: "%s".data(using: .utf8)!] as CFDictionary, nil)`, a(40)),
		sc("kotlin ktor basic auth", "install(Auth) {\n    basic {\n        credentials { BasicAuthCredentials(username = \"ci\", password = \"%s\") }\n    }\n}", pw()),
		sc("powershell NetworkCredential", `$cred = New-Object System.Net.NetworkCredential("svc_backup", "%s")`, pw()),
		sc("openresty set_header", `ngx.req.set_header("Authorization", "Bearer %s")`, u(40)),
		sc("r httr authenticate", `res <- GET("https://api.acme.io/v1/reports", authenticate("alice", "%s"))`, pw()),
		sc("r httr2 bearer", `req <- request("https://api.acme.io/v1/me") |> req_auth_bearer_token("%s")`, u(40)),
		sc("julia HTTP headers", `r = HTTP.get("https://api.acme.io/v1/me", ["Authorization" => "Bearer %s"])`, u(40)),
		sc("julia ENV assignment", `ENV["OPENAI_API_KEY"] = "%s"`, "sk-proj-"+u(120)),
		sc("scala sttp basic", `val request = basicRequest.auth.basic("ci", "%s").get(uri"https://api.acme.io/v1/me")`, pw()),
		sc("erlang sys.config", "[{acme, [{db_host, \"db01\"}, {db_user, \"app\"}, {db_password, \"%s\"}]}].", pw()),
		sc("nim http headers", `let client = newHttpClient(headers = newHttpHeaders({"Authorization": "Bearer %s"}))`, u(40)),
		sc("crystal http headers", `response = HTTP::Client.get(url, headers: HTTP::Headers{"X-Api-Key" => "%s"})`, a(32)),
		sc("groovy Sql.newInstance", `def sql = Sql.newInstance("jdbc:postgresql://db01/app", "app", "%s", "org.postgresql.Driver")`, pw()),
		sc("fish set -gx", "set -gx ANTHROPIC_API_KEY %s", "sk-ant-api03-"+u(93)+"AA"),
		sc("nushell env assignment", `$env.OPENAI_API_KEY = "%s"`, "sk-proj-"+u(120)),
		sc("vbscript request header", `objHTTP.setRequestHeader "Authorization", "Bearer %s"`, u(40)),
		sc("autohotkey send password", "#p::\nSend, alice{Tab}\nSend, %s{Enter}\nreturn", upw()),
		sc("applescript administrator password", `do shell script "launchctl kickstart -k system/io.acme.agent" user name "admin" password "%s" with administrator privileges`, pw()),
		sc("expect script send", "spawn ssh admin@switch01\nexpect \"password:\"\nsend \"%s\\r\"\nexpect \"#\"", upw()),
		sc("go os.Setenv", `os.Setenv("AWS_SECRET_ACCESS_KEY", "%s")`, g.s(b64, 40)),
		sc("python aiohttp BasicAuth", `auth = aiohttp.BasicAuth("ci", "%s")`, pw()),
		sc("python keyring.set_password", `keyring.set_password("acme-api", "alice", "%s")`, a(40)),
		sc("node process.env assignment", `process.env.STRIPE_SECRET_KEY = "%s";`, a(40)),
		sc("java System.setProperty", `System.setProperty("javax.net.ssl.keyStorePassword", "%s");`, pw()),

		// SQL that holds a password or key.
		sc("postgres fdw user mapping", "CREATE USER MAPPING FOR app SERVER warehouse OPTIONS (user 'etl', password '%s');", pw()),
		sc("mysql set password for", "SET PASSWORD FOR 'app'@'%' = '%s';", pw()),
		sc("mysql replication source", "CHANGE REPLICATION SOURCE TO SOURCE_HOST='db01', SOURCE_USER='repl', SOURCE_PASSWORD='%s', SOURCE_AUTO_POSITION=1;", pw()),
		sc("mssql master key", "CREATE MASTER KEY ENCRYPTION BY PASSWORD = '%s';", pw()),
		sc("pgcrypto symmetric key", "SELECT pgp_sym_encrypt(ssn, '%s') FROM customers;", a(32)),
		sc("mongosh changeUserPassword", `db.changeUserPassword("app", "%s")`, pw()),

		// Debug dumps and logs.
		sc("go %+v struct", "2026/01/04 10:00:00 config: &{Addr::8080 DBURL:postgres://app@db/app APIKey:%s Debug:false}", a(40)),
		sc("rust debug struct", `[2026-01-04T10:00:00Z DEBUG acme] settings = Settings { bind: "0.0.0.0:8080", api_token: "%s", retries: 3 }`, u(40)),
		sc("ruby inspect", `#<Acme::Client:0x000000010b2c3d48 @base_url="https://api.acme.io", @api_key="%s", @timeout=30>`, a(40)),
		sc("java toString", "DataSourceProperties{url='jdbc:postgresql://db/app', username='app', password='%s'}", pw()),
		sc("python dataclass repr", "Settings(debug=False, database_url='postgresql://app@db/app', openai_api_key='%s')", "sk-proj-"+u(120)),
		sc("elixir genserver state", "** (stop) exited in: GenServer.call(Acme.Mailer, {:deliver, ...}, 5000)\nLast message: :connect\nState: %{host: \"smtp.acme.io\", username: \"alerts\", password: \"%s\"}", pw()),
		sc("spring actuator env", `{"name": "Config resource 'class path resource [application.yml]'", "properties": {"spring.datasource.password": {"value": "%s", "origin": "class path resource [application.yml] - 12:17"}}}`, pw()),
		sc("node util.inspect", "{\n  host: 'smtp.acme.io',\n  port: 587,\n  auth: { user: 'alerts@acme.io', pass: '%s' }\n}", pw()),
		sc("php var_dump", "array(2) {\n  [\"DB_USER\"]=>\n  string(3) \"app\"\n  [\"DB_PASSWORD\"]=>\n  string("+strconv.Itoa(len(phpVar))+") \"%s\"\n}", phpVar),
		sc("php print_r", "Array\n(\n    [endpoint] => https://api.acme.io\n    [api_key] => %s\n)", a(40)),
		sc("kubectl describe pod env", "    Environment:\n      DB_HOST:      db\n      DB_PASSWORD:  %s\n    Mounts:\n      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access (ro)", pw()),
		sc("terraform plan unmarked", "  # aws_db_instance.main will be created\n  + resource \"aws_db_instance\" \"main\" {\n      + engine   = \"postgres\"\n      + password = \"%s\"\n      + username = \"app\"\n    }", pw()),
		sc("terraform output -json", `{"api_key": {"sensitive": true, "type": "string", "value": "%s"}, "url": {"sensitive": false, "type": "string", "value": "https://api.acme.io"}}`, a(40)),
		sc("pulumi stack output show-secrets", "$ pulumi stack output --show-secrets\nCurrent stack outputs (2):\n    OUTPUT      VALUE\n    dbPassword  %s\n    url         https://api.acme.io", pw()),
		sc("ps aux requirepass", "$ ps aux | grep redis\nredis      982  0.3  0.4  72436  9120 ?  Ssl  09:12  0:41 /usr/bin/redis-server *:6379 --requirepass %s", upw()),
		sc("proc environ", "$ sudo cat /proc/4121/environ | tr '\\0' '\\n'\nHOME=/var/lib/app\nAPP_SECRET=%s\nPATH=/usr/local/bin:/usr/bin", a(40)),
		sc("strace write auth", `write(5, "*2\r\n$4\r\nAUTH\r\n$24\r\n%s\r\n", 44) = 44`, a(24)),
		sc("tcpdump ascii basic", "10:00:00.123456 IP 10.0.0.5.51234 > 10.0.0.9.80: Flags [P.], length 142: HTTP: GET /admin HTTP/1.1\nE..<..@.@.....\nGET /admin HTTP/1.1\nHost: intranet\nAuthorization: Basic %s", tcpdumpBasic),
		sc("pop3 transcript", "+OK Dovecot ready.\nUSER alice\n+OK\nPASS %s\n+OK Logged in.", pw()),
		sc("imap login transcript", "* OK [CAPABILITY IMAP4rev1 LOGIN-REFERRALS AUTH=PLAIN] ready\na001 LOGIN alice %s\na001 OK Logged in", upw()),
		sc("ftp transcript", "220 (vsFTPd 3.0.5)\nUSER backup\n331 Please specify the password.\nPASS %s\n230 Login successful.", upw()),
		sc("smtp auth plain", "EHLO client.acme.io\n250-mail.acme.io\n250-AUTH PLAIN LOGIN\n250 OK\nAUTH PLAIN %s\n235 2.7.0 Authentication successful", smtpPlain),
		sc("smtp auth login", "AUTH LOGIN\n334 VXNlcm5hbWU6\n"+smtpLoginUser+"\n334 UGFzc3dvcmQ6\n%s\n235 2.7.0 Authentication successful", smtpLoginPass),
		sc("redis monitor auth", `1717000000.123456 [0 10.0.0.5:51234] "AUTH" "app" "%s"`, upw()),
		sc("auth.log sudo mysql", "Jan  4 10:00:00 db01 sudo:    alice : TTY=pts/0 ; PWD=/home/alice ; USER=root ; COMMAND=/usr/bin/mysql -uroot -p%s", upw()),
		sc("devtools copy as powershell cookie", `$session.Cookies.Add((New-Object System.Net.Cookie("sessionid", "%s", "/", "app.acme.io")))`, g.s(lowNum, 32)),
		sc("devtools copy as curl cmd", `curl ^"https://app.acme.io/api/me^" -H ^"accept: application/json^" -H ^"authorization: Bearer %s^"`, u(48)),
		sc("python http.client debug", `send: b'GET /v1/me HTTP/1.1\r\nHost: api.acme.io\r\nUser-Agent: python-requests/2.32.3\r\nAuthorization: Bearer %s\r\n\r\n'`, u(48)),
		sc("urllib3 debug query token", `DEBUG:urllib3.connectionpool:https://api.acme.io:443 "GET /v1/export?format=csv&token=%s HTTP/1.1" 200 5120`, a(40)),
		sc("okhttp logging interceptor", "--> GET https://api.acme.io/v1/me\nAccept: application/json\nAuthorization: Bearer %s\n--> END GET", u(48)),
		sc("grpc metadata log", "level=debug msg=\"outgoing call\" method=/acme.v1.Orders/List metadata=map[authorization:[Bearer %s] user-agent:[grpc-go/1.64.0]]", u(48)),

		// Database output.
		sc("psql table api_key column", " id |     email     |                 api_key\n----+---------------+------------------------------------------\n  1 | alice@acme.io | %s\n(1 row)", a(40)),
		sc("sqlite dump insert", "INSERT INTO settings VALUES('smtp_host','smtp.acme.io');\nINSERT INTO settings VALUES('smtp_password','%s');", pw()),
		sc("mysql vertical output", "*************************** 1. row ***************************\n     name: stripe\n   secret: %s\ncreated_at: 2026-01-04 10:00:00", a(40)),
		sc("redis hgetall", "127.0.0.1:6379> HGETALL oauth:client:web\n1) \"client_id\"\n2) \"acme-web\"\n3) \"client_secret\"\n4) \"%s\"", a(40)),
		sc("mongosh find output", "[\n  {\n    _id: ObjectId('"+h(24)+"'),\n    provider: 'github',\n    accessToken: '%s'\n  }\n]", a(40)),
		sc("etcdctl get", "$ etcdctl get /config/payments/api_key\n/config/payments/api_key\n%s", a(40)),
		sc("dbeaver credentials decrypted", `{"postgres-jdbc-`+h(11)+`-`+h(16)+`": {"#connection": {"user": "app", "password": "%s"}}}`, pw()),

		// Password-manager exports.
		sc("bitwarden json item", `{"type": 1, "name": "AWS console", "login": {"uris": [{"uri": "https://console.aws.amazon.com"}], "username": "alice", "password": "%s", "totp": "%s"}}`, pw(), bwTotp),
		sc("lastpass csv", "url,username,password,totp,extra,name,grouping,fav\nhttps://github.com/login,alice,%s,,,GitHub,Dev,0", upw()),
		sc("chrome passwords csv", "name,url,username,password,note\nacme.io,https://acme.io/login,alice@acme.io,%s,", upw()),
		sc("firefox logins csv", `"url","username","password","httpRealm","formActionOrigin","guid","timeCreated","timeLastUsed","timePasswordChanged"`+"\n"+`"https://jira.acme.io","alice","%s",,"https://jira.acme.io","{`+g.uuid()+`}","1717000000000","1717000000000","1717000000000"`, pw()),
		sc("apple passwords csv", "Title,URL,Username,Password,Notes,OTPAuth\nacme.io (alice),https://acme.io/,alice,%s,,", upw()),
		sc("keepass xml entry", "<Entry>\n\t<String><Key>Title</Key><Value>db01</Value></String>\n\t<String><Key>UserName</Key><Value>root</Value></String>\n\t<String><Key>Password</Key><Value ProtectInMemory=\"True\">%s</Value></String>\n</Entry>", pw()),
		sc("keepassxc csv", `"Group","Title","Username","Password","URL","Notes","TOTP","Icon","Last Modified","Created"`+"\n"+`"Root/Servers","db01","root","%s","ssh://db01","","","0","2026-01-04T10:00:00Z","2025-03-01T09:00:00Z"`, pw()),
		sc("proton pass json", `{"data": {"metadata": {"name": "Grafana"}, "content": {"itemEmail": "", "itemUsername": "alice", "password": "%s", "urls": ["https://grafana.acme.io"], "totpUri": ""}}}`, pw()),
		sc("pass show output", "$ pass show work/vpn\n%s\nuser: alice\nurl: vpn.acme.io", pw()),

		// Recovery codes and secret keys of accounts.
		sc("google backup codes", "BACKUP VERIFICATION CODES\nalice@acme.io\n\n1. %s    6. %s", googleBackup1, googleBackup2),
		sc("microsoft recovery code", "Your new recovery code is:\n%s\nWrite it down and keep it somewhere safe.", msRecovery),
		sc("1password emergency kit secret key", "1Password Emergency Kit\nSign-in address: https://acme.1password.com\nEmail address: alice@acme.io\nSecret Key: %s", opSecretKey),
		sc("bitlocker recovery password", "PS C:\\> manage-bde -protectors -get C:\n\n    Numerical Password:\n      ID: {"+strings.ToUpper(g.uuid())+"}\n      Password:\n        %s", bitlocker),
		sc("filevault recovery key", "$ sudo fdesetup enable\nEnter the user name:alice\nEnter the password for user 'alice':\nRecovery key = '%s'", g.f6groups(upNum, 6, 4, "-")),
		sc("bitwarden two-step recovery code", "Bitwarden two-step login recovery code for alice@acme.io:\n%s", g.s(upNum, 32)),
		sc("gitlab recovery codes", "Please copy, download, or print your recovery codes before proceeding.\n%s\n%s\n"+h(16), h(16), h(16)),
		sc("discord backup codes", "discord_backup_codes.txt\n* %s\n* %s\n* "+g.s(lowNum, 4)+"-"+g.s(lowNum, 4), g.s(lowNum, 4)+"-"+g.s(lowNum, 4), g.s(lowNum, 4)+"-"+g.s(lowNum, 4)),
		sc("keybase paper key", "Your paper key is\n\n    %s\n\nWrite it down and keep it somewhere safe.", g.f7words(13)),
		sc("matrix security key", "Your Security Key is:\n%s\nStore it somewhere safe, like a password manager or a safe.", matrixKey),
		sc("signal backup passphrase", "Signal backup passphrase: %s", signalBackup),

		// TOTP seeds.
		sc("otpauth totp uri", "otpauth://totp/Acme:alice%40acme.io?secret=%s&issuer=Acme&algorithm=SHA1&digits=6&period=30", b32(32)),
		sc("aegis export entry", `{"type": "totp", "uuid": "`+g.uuid()+`", "name": "alice", "issuer": "GitHub", "info": {"secret": "%s", "algo": "SHA1", "digits": 6, "period": 30}}`, b32(32)),
		sc("oathtool totp", "oathtool --totp -b %s", b32(32)),
		sc("spaced setup key", "Can't scan it? Enter this key in your authenticator app:\n%s", gaSetup),
		sc("pyotp seed literal", `totp = pyotp.TOTP("%s")`+"\nprint(totp.now())", b32(32)),
		sc("aws virtual mfa seed", `{"VirtualMFADevice": {"SerialNumber": "arn:aws:iam::123456789012:mfa/ci", "Base32StringSeed": "%s"}}`, b32(64)),
		sc("django-otp device key", `TOTPDevice.objects.create(user=user, name="default", key="%s", confirmed=True)`, h(40)),
		sc("steam guard mafile", `{"shared_secret": "%s", "serial_number": "`+g.digitsN(19)+`", "revocation_code": "%s", "identity_secret": "%s", "account_name": "acme_bot"}`, steamShared, "R"+g.digitsN(5), steamIdentity),

		// Tunnels and VPN accounts.
		sc("wgcf account toml", "access_token = '%s'\ndevice_id = '"+g.uuid()+"'\nlicense_key = '%s'\nprivate_key = '%s'", g.uuid(), wgcfLicense, g.b64std(32)),
		sc("shadowsocks url", "ss://%s@vpn.acme.io:8388#acme-ss", ssURL),
		sc("vless url", "vless://%s@edge.acme.io:443?encryption=none&security=tls&type=ws&path=%2Fws#acme", g.uuid()),
		sc("trojan url", "trojan://%s@edge.acme.io:443?sni=edge.acme.io#acme", upw()),
		sc("hysteria2 url", "hysteria2://%s@vpn.acme.io:443/?sni=vpn.acme.io&insecure=0#acme", upw()),
		sc("innernet invitation", "[interface]\nnetwork-name = \"acme\"\naddress = \"10.42.1.2/16\"\nprivate-key = \"%s\"\n\n[server]\npublic-key = \""+g.b64std(32)+"\"", g.b64std(32)),

		// Keys of tokens, chains and peer networks.
		sc("paseto v4 local key", "PASETO_LOCAL_KEY=%s", pastoLocal),
		sc("paserk secret key", `{"issuer": "auth.acme.io", "signing_key": "%s"}`, "k4.secret."+u(86)),
		sc("paseto v4 local token", "Authorization: Bearer %s", "v4.local."+u(200)),
		sc("jwks symmetric key", `{"keys": [{"kty": "oct", "kid": "hmac-2026", "alg": "HS256", "k": "%s"}]}`, u(43)),
		sc("ipfs config privkey", `"Identity": {"PeerID": "12D3KooW`+g.s(f7base58, 44)+`", "PrivKey": "%s"}`, libp2pKey),
		sc("ipfs swarm.key", "/key/swarm/psk/1.0.0/\n/base16/\n%s", h(64)),
		sc("ssss-split shares", "$ ssss-split -t 3 -n 5\nGenerating shares using a (128 bit) security level.\nEnter the secret, at most 128 ASCII characters: Using a 128 bit security level.\n1-%s\n2-%s", ssssShare1, ssssShare2),
		sc("tor HashedControlPassword", "ControlPort 9051\nHashedControlPassword %s", "16:"+H(16)+"60"+H(40)),
		sc("tendermint priv_validator_key", `{"address": "`+H(40)+`", "pub_key": {"type": "tendermint/PubKeyEd25519", "value": "`+g.b64std(32)+`"}, "priv_key": {"type": "tendermint/PrivKeyEd25519", "value": "%s"}}`, tmKey),
		sc("stellar secret seed", "const keypair = Keypair.fromSecret('%s');", "S"+b32(55)),
		sc("xrpl seed", `wallet = Wallet.from_seed("%s")`, "s"+g.s(f7xrp58, 28)),
		sc("tezos secret key import", "octez-client import secret key alice unencrypted:%s --force", "edsk"+g.s(f7base58, 50)),
		sc("near credentials json", `{"account_id": "acme.near", "public_key": "ed25519:`+g.s(f7base58, 44)+`", "private_key": "%s"}`, "ed25519:"+g.s(f7base58, 88)),
		sc("sui keytool import", `sui keytool import "%s" ed25519`, "suiprivkey1"+g.s(bech32, 59)),
		sc("subkey inspect output", "Secret phrase `"+g.f7words(12)+"` is account:\n  Secret seed:       %s\n  Public key (hex):  0x"+h(64)+"\n  SS58 Address:      5"+g.s(f7base58, 47), "0x"+h(64)),
		sc("lotus wallet export", "$ lotus wallet export f1"+g.s("abcdefghijklmnopqrstuvwxyz234567", 39)+"\n%s", lotus),
		sc("lnd macaroon hex", "LND_MACAROON_HEX=%s", macaroon),
		sc("lndconnect uri", "lndconnect://node.acme.io:10009?cert="+u(400)+"&macaroon=%s", u(360)),
		sc("google oauth client file", `{"installed": {"client_id": "`+g.digitsN(12)+`-`+g.s(lowNum, 32)+`.apps.googleusercontent.com", "project_id": "acme-cli", "client_secret": "%s", "redirect_uris": ["http://localhost"]}}`, "GOCSPX-"+u(28)),
		sc("google adc authorized_user", `{"account": "", "client_id": "`+g.digitsN(12)+`-`+g.s(lowNum, 32)+`.apps.googleusercontent.com", "client_secret": "GOCSPX-`+u(28)+`", "refresh_token": "%s", "type": "authorized_user"}`, "1//0"+u(100)),
		sc("aspnet machineKey", `<machineKey validationKey="%s" decryptionKey="%s" validation="HMACSHA256" decryption="AES" />`, H(128), H(64)),
		sc("strapi app keys", "HOST=0.0.0.0\nAPP_KEYS=%s,%s\nADMIN_JWT_SECRET=%s", strapiKey1, strapiKey2, g.b64std(16)),
		sc("mastodon active record encryption", "ACTIVE_RECORD_ENCRYPTION_DETERMINISTIC_KEY=%s\nACTIVE_RECORD_ENCRYPTION_KEY_DERIVATION_SALT=%s\nACTIVE_RECORD_ENCRYPTION_PRIMARY_KEY=%s", a(32), a(32), a(32)),
		sc("n8n encryption key", "N8N_HOST=n8n.acme.io\nN8N_ENCRYPTION_KEY=%s\nGENERIC_TIMEZONE=Europe/Oslo", a(32)),

		// Human-made passwords in more ordinary slots.
		sc("spaced passphrase in json", `{"wifi": {"ssid": "Home", "passphrase": "%s"}}`, g.f7spaced()),
		sc("git askpass script", "#!/bin/sh\n# ~/bin/git-askpass.sh, used as GIT_ASKPASS in CI\necho \"%s\"", upw()),
		sc("ssh config comment password", "Host bastion\n    HostName 203.0.113.10\n    User ops\n    # password: %s", pw()),
		sc("readme credentials table", "| Service | User | Password |\n|---------|------|----------|\n| Grafana | admin | %s |\n| MinIO | minio | %s |", upw(), upw()),
	}
}

func fresh7Innocent(g *gen) []string {
	h := func(n int) string { return g.s(hexLow, n) }
	H := func(n int) string { return g.s(hexUp, n) }
	a := func(n int) string { return g.s(alnum, n) }
	u := func(n int) string { return g.s(b64url, n) }
	supabaseAnon := g.f7jwt(`{"alg":"HS256","typ":"JWT"}`, `{"iss":"supabase","ref":"`+g.s(lower, 20)+`","role":"anon","iat":1717000000,"exp":2032576000}`, 43)
	return []string{
		// Public keys and ids of observability and feature-flag services, meant for the browser.
		"initializeFaro({ url: 'https://faro-collector-prod-eu-west-2.grafana.net/collect/" + h(32) + "', app: { name: 'web', version: '2.4.0' } });",
		"H.init('" + g.s(lowNum, 8) + "', { serviceName: 'web', tracingOrigins: true });",
		`Sentry.init({ dsn: "https://` + h(32) + `@o` + g.digitsN(6) + `.ingest.us.sentry.io/` + g.digitsN(7) + `", tracesSampleRate: 0.1 });`,
		"Authorization: LMv1 " + a(20) + ":" + g.b64std(32) + ":17" + g.digitsN(11),
		`cloud_id: "acme-prod:` + b64text("eu-west-1.aws.found.io$"+h(32)+"$"+h(32)) + `"`,
		"OTEL_RESOURCE_ATTRIBUTES=service.name=api,service.instance.id=" + g.uuid() + ",deployment.environment=prod",
		`http_request_duration_seconds_bucket{le="0.5",route="/v1/orders"} 1422 # {trace_id="` + h(32) + `"} 0.43 1717000000.123`,
		"https://jaeger.acme.io/trace/" + h(32) + "?uiFind=" + h(16),
		"entityGuid: " + b64text(g.digitsN(7)+"|APM|APPLICATION|"+g.digitsN(9)),
		"SENTRY_RELEASE=api@2.4.0+" + h(40),
		`const gb = new GrowthBook({ apiHost: "https://cdn.growthbook.io", clientKey: "sdk-` + a(16) + `", enableDevMode: false });`,
		`flagsmith.init({ environmentID: "` + a(22) + `", onChange: render });`,
		"const optimizely = createInstance({ sdkKey: '" + a(22) + "' });",

		// Public keys and ids of CMSs and search services.
		"const api = new GhostContentAPI({ url: 'https://blog.acme.io', key: '" + h(26) + "', version: 'v5.0' });",
		"export const client = createClient({ projectId: '" + g.s(lowNum, 8) + "', dataset: 'production', apiVersion: '2024-06-01', useCdn: true });",
		"CONTENTFUL_SPACE_ID=" + g.s(lowNum, 12) + "\nCONTENTFUL_ENVIRONMENT=master",
		`const doc = await client.getByID("Zk` + a(14) + `");`,
		"https://blog.acme.io/wp-admin/post.php?post=42&action=trash&_wpnonce=" + h(10),
		`<input type="hidden" name="form_build_id" value="form-` + u(43) + `" />`,
		"https://shop.acme.io/static/version17" + g.digitsN(8) + "/frontend/Magento/luma/en_US/mage/requirejs/mixins.js",
		`{"data": {"id": 7, "documentId": "` + g.s(lowNum, 24) + `", "title": "Release notes"}}`,
		`docsearch({ container: "#search", appId: "` + g.s(upNum, 10) + `", indexName: "acme", apiKey: "` + h(32) + `" });`,
		`const client = ElasticAppSearch.createClient({ searchKey: "search-` + g.s(lowNum, 24) + `", endpointBase: "https://acme.ent.eu-west-1.aws.found.io", engineName: "docs" });`,
		`{"taskUid": 42, "indexUid": "movies", "status": "enqueued", "type": "documentAdditionOrUpdate", "enqueuedAt": "2026-01-04T10:00:00.000Z"}`,
		`{"uid": "` + g.uuid() + `", "name": "Default Search API Key", "actions": ["search"], "indexes": ["*"], "expiresAt": null}`,
		`"_scroll_id": "FGluY2x1ZGVfY29udGV4dF91dWlkDXF1ZXJ5QW5kRmV0Y2gBFk` + g.s(b64, 60) + `"`,

		// Ids of warehouses, LLM APIs and vector databases.
		"Query ID: " + h(8) + "-0001-" + g.digitsN(4) + "-0000-0001" + h(8),
		"Waiting on acme-prod:EU.bquxjob_" + h(8) + "_" + h(12) + " ... (2s) Current status: DONE",
		"cluster_id: 0612-093012-" + g.s(lowNum, 8) + "\nworkspace: https://adb-" + g.digitsN(16) + ".7.azuredatabricks.net/?o=" + g.digitsN(16),
		`"checksum": {"name": "sha256", "checksum": "` + h(64) + `"}`,
		`{"connector_id": "decidedly_absorbing", "group_id": "projected_sickle", "service": "postgres"}`,
		"s3://acme-lake/warehouse/sales.db/orders/metadata/00042-" + g.uuid() + ".metadata.json",
		"https://xy" + g.digitsN(5) + ".eu-west-1.snowflakecomputing.com/console#/monitoring/queries",
		`{"id": "file-` + a(22) + `", "object": "file", "bytes": 120000, "filename": "batch.jsonl", "purpose": "batch"}`,
		`{"id": "vs_` + a(24) + `", "object": "vector_store", "name": "docs", "status": "completed"}`,
		"x-portkey-config: pc-acme-" + h(6),
		`"litellm_call_id": "` + g.uuid() + `", "model_group": "claude-sonnet"`,
		`cache = client.caches.get(name="cachedContents/` + g.s(lowNum, 12) + `")`,
		`model = AutoModel.from_pretrained("acme/encoder-small", revision="` + h(40) + `")`,
		"$ ollama list\nNAME               ID              SIZE      MODIFIED\nllama3.1:8b        " + h(12) + "    4.9 GB    3 days ago",
		`{"id": "gen-17` + g.digitsN(8) + `-` + a(20) + `", "model": "anthropic/claude-sonnet-4.5", "object": "chat.completion"}`,
		`{"id": "` + g.s(lowNum, 26) + `", "model": "stability-ai/sdxl", "status": "succeeded"}`,
		"x-groq-id: req_" + g.s(lowNum, 26),
		`"embedding": [0.0123, -0.0456, 0.0789, -0.0012, 0.0345, -0.0678]`,
		"PINECONE_HOST=https://docs-index-" + h(7) + ".svc.aped-4627-b74a.pinecone.io",
		"SUPABASE_URL=https://" + g.s(lower, 20) + ".supabase.co\nSUPABASE_ANON_KEY=" + supabaseAnon,
		"client.setEndpoint('https://cloud.appwrite.io/v1').setProject('" + h(20) + "');",
		"ASTRA_DB_API_ENDPOINT=https://" + g.uuid() + "-us-east1.apps.astra.datastax.com",
		"uri: https://in03-" + h(15) + ".serverless.gcp-us-west1.cloud.zilliz.com",

		// Game platforms.
		"Update state (0x61) downloading, progress: 100.00\nSuccess! App '896660' fully installed.\nDepot 896661 manifest " + g.digitsN(19),
		`PhotonNetwork.PhotonServerSettings.AppSettings.AppIdRealtime = "` + g.uuid() + `";`,
		`Options.ProductId = "` + h(32) + `";` + "\n" + `Options.SandboxId = "` + h(32) + `";` + "\n" + `Options.DeploymentId = "` + h(32) + `";`,
		`PlayFabSettings.staticSettings.TitleId = "` + g.s(upNum, 5) + `";`,
		"  cloudProjectId: " + g.uuid() + "\n  projectName: Acme Racer",
		"level-seed=-" + g.digitsN(18) + "\nlevel-name=world\nmotd=Acme survival",
		"DISCORD_APPLICATION_ID=" + g.digitsN(19) + "\nDISCORD_PUBLIC_KEY=" + h(64),

		// Regional clouds.
		"$ yc config list\ntoken: <hidden>\ncloud-id: b1g" + g.s(lowNum, 17) + "\nfolder-id: b1g" + g.s(lowNum, 17) + "\ncompute-default-zone: ru-central1-a",
		"acs:ram::" + g.digitsN(16) + ":role/ecs-admin",
		"export OS_TENANT_ID=" + h(32) + "\nexport OS_REGION_NAME=GRA11",
		"$ hcloud ssh-key list\nID         NAME    FINGERPRINT\n" + g.digitsN(8) + "   alice   " + strings.ToLower(colonHex(g, 16)),

		// Telecom.
		"INVITE sip:1002@pbx.acme.io SIP/2.0\nVia: SIP/2.0/UDP 10.0.0.5:5060;branch=z9hG4bK" + h(16) + "\nCall-ID: " + h(32) + "@10.0.0.5\nCSeq: 102 INVITE",
		`Authorization: Digest username="1001",realm="asterisk",nonce="` + h(8) + `",uri="sip:pbx.acme.io",response="` + h(32) + `",algorithm=MD5`,
		"ICCID: 8944" + g.digitsN(15) + "\nIMSI: 2341" + g.digitsN(11),
		"IMEI: 35" + g.digitsN(13) + "\nModel: Pixel 8",
		`await client.join("` + h(32) + `", "standup", null, null);`,

		// Banking.
		"IBAN: DE" + g.digitsN(2) + " " + g.digitsN(4) + " " + g.digitsN(4) + " " + g.digitsN(4) + " " + g.digitsN(4) + " " + g.digitsN(2) + "\nBIC: COBADEFFXXX",
		"Use the Stripe test card 4242 4242 4242 4242 with any future expiry date.",
		"x-fapi-interaction-id: " + g.uuid(),
		"X-VERIFY: " + h(64) + "###1",
		`{"item_id": "` + a(37) + `", "institution_id": "ins_` + g.digitsN(6) + `", "webhook": "https://api.acme.io/plaid"}`,
		"mandate MD000" + g.s(upNum, 10) + " for customer CU000" + g.s(upNum, 10) + " is active",
		`{"pspReference": "` + g.digitsN(16) + `", "resultCode": "Authorised", "merchantReference": "order-48213"}`,
		"x-jws-signature: " + b64urlText(`{"alg":"PS256","kid":"`+h(16)+`","b64":false,"crit":["b64"]}`) + ".." + u(342),

		// CRM and ERP.
		"Org ID: 00D" + a(12) + "\nInstance: https://acme.my.salesforce.com",
		"Transport request DEVK9" + g.digitsN(5) + " released to QAS",
		"NETSUITE_ACCOUNT_ID=" + g.digitsN(7) + "_SB1",
		"https://acme.crm4.dynamics.com/main.aspx?appid=" + g.uuid() + "&pagetype=entityrecord&etn=account&id=" + g.uuid(),
		`hbspt.forms.create({ region: "eu1", portalId: "` + g.digitsN(8) + `", formId: "` + g.uuid() + `" });`,
		`<form action="https://acme.us21.list-manage.com/subscribe/post?u=` + h(25) + `&amp;id=` + h(10) + `" method="post">`,
		`<script id="ze-snippet" src="https://static.zdassets.com/ekr/snippet.js?key=` + g.uuid() + `"></script>`,
		"https://app.qbo.intuit.com/app/homepage?realmId=" + g.digitsN(19),

		// Encrypted values, schemas and references in the new formats.
		"[Service]\nSetCredentialEncrypted=db-password: \\\n        Whxqht+dQJax1aZeCGLxmiAAAAABAAAADAAAABAAAAC" + g.s(b64, 60) + " \\\n        " + g.s(b64, 60),
		"<key>Label</key>\n<string>io.acme.agent</string>\n<key>ProgramArguments</key>\n<array>\n\t<string>/usr/local/bin/acme-agent</string>\n</array>",
		"#Password: string & =~\"^.{12,}$\"\ndb: password: #Password",
		"let Config = { host : Text, user : Text, password : Text }\nin  Config",
		"local password = std.extVar('DB_PASSWORD');\n{ db: { password: password } }",
		`password: String = read("env:DB_PASSWORD")`,
		"let password = env:DB_PASSWORD as Text\nin  { password }",
		"password: string @tag(dbpw)",
		"acme.io {\n\tbasicauth /admin/* {\n\t\talice {env.ADMIN_HASH}\n\t}\n}",
		"rootpw --lock\nuser --name=ops --groups=wheel --lock\nsshkey --username=ops \"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + g.s(b64, 43) + " ops@acme\"",
		"d-i passwd/root-login boolean false\nd-i passwd/user-fullname string Ops\nd-i passwd/username string ops",
		"#cloud-config\nssh_pwauth: false\nchpasswd:\n  expire: true\nusers:\n  - name: ops\n    lock_passwd: true",
		"[wifi-security]\nkey-mgmt=wpa-psk\npsk-flags=1",
		"Vagrant.configure(\"2\") do |config|\n  config.vm.box = \"bento/ubuntu-24.04\"\n  config.vm.box_version = \"202404.26.0\"\n  config.ssh.insert_key = true\nend",
		`{"remoteEnv": {"GH_TOKEN": "${localEnv:GH_TOKEN}"}, "postCreateCommand": "make setup"}`,
		"set dotenv-load\nexport API_KEY := env_var('API_KEY')",
		"API_KEY = $(ACME_API_KEY)",
		"flutter build apk --release --dart-define-from-file=config/prod.json",
		"build --credential_helper=*.buildbuddy.io=%workspace%/tools/credential-helper.sh",
		"c.ServerApp.token = ''\nc.ServerApp.password_required = False\nc.ServerApp.ip = '127.0.0.1'",
		"vault_identity_list = dev@~/.ansible/dev.pass, prod@prompt",
		"users:\n- name: prod\n  user:\n    exec:\n      apiVersion: client.authentication.k8s.io/v1beta1\n      command: aws\n      args: [eks, get-token, --cluster-name, prod]",
		`{"type": "external_account", "audience": "//iam.googleapis.com/projects/` + g.digitsN(12) + `/locations/global/workloadIdentityPools/github/providers/github", "subject_token_type": "urn:ietf:params:oauth:token-type:jwt", "token_url": "https://sts.googleapis.com/v1/token", "credential_source": {"file": "/var/run/secrets/token"}}`,
		"subject: repo:acme/api:ref:refs/heads/main\nissuer: https://token.actions.githubusercontent.com",
		"age.secrets.db-password.file = ../secrets/db-password.age;\nservices.app.passwordFile = config.age.secrets.db-password.path;",
		`sops.secrets."db/password" = { owner = "app"; };`,
		"ExecStart=/usr/bin/acme-api --password-file=%d/db-password\nLoadCredential=db-password",
		`password = {{ (bitwarden "item" "github").login.password | quote }}`,
		"secrets:\n  db_password:\n    file: ./secrets/db_password.txt",
		"[Container]\nImage=docker.io/library/postgres:16\nSecret=db-password,type=env,target=POSTGRES_PASSWORD",
		"env:\n  clear:\n    DB_HOST: db01\n  secret:\n    - DB_PASSWORD\n    - RAILS_MASTER_KEY",

		// References in the languages of this table.
		`http get https://api.acme.io/v1/me --headers [Authorization $"Bearer ($env.API_TOKEN)"]`,
		"set -gx API_KEY (security find-generic-password -s acme-api -w)",
		`Invoke-RestMethod -Uri https://api.acme.io/v1/me -Headers @{ Authorization = "Bearer $env:API_TOKEN" }`,
		`api_key <- Sys.getenv("ACME_API_KEY")`,
		`api_key = ENV["ACME_API_KEY"]`,
		`apiKey <- lookupEnv "ACME_API_KEY"`,
		`const api_key = try std.process.getEnvVarOwned(allocator, "ACME_API_KEY");`,
		`api_key = System.fetch_env!("ACME_API_KEY")`,
		`let apiKey = ProcessInfo.processInfo.environment["ACME_API_KEY"] ?? ""`,
		`local api_key = os.getenv("ACME_API_KEY")`,

		// Output that says a secret exists without showing it.
		"Settings(debug=False, openai_api_key=SecretStr('**********'))",
		`settings = Settings { bind: "0.0.0.0:8080", api_token: Secret([REDACTED alloc::string::String]), retries: 3 }`,
		`"spring.datasource.password": {"value": "******", "origin": "System Environment Property \"SPRING_DATASOURCE_PASSWORD\""}`,
		"      DB_PASSWORD:  <set to the key 'password' in secret 'db'>  Optional: false",
		" usename | usesysid | passwd\n---------+----------+----------\n app     |    16384 | ********",
		"github.com\n  ✓ Logged in to github.com account alice (keyring)\n  - Active account: true\n  - Token: gho_************************************",
		`array(1) {` + "\n" + `  ["APP_ENV"]=>` + "\n" + `  string(10) "production"` + "\n}",
		"name,url,username,password,note\nacme.io,https://acme.io/login,alice@acme.io,,",
		"Key: sk-ant-…" + a(4) + " (created 2026-01-04, last used 2 hours ago)",

		// Public keys, addresses and ids of the keyed systems.
		"PASETO_PUBLIC_KEY=k4.public." + u(43),
		`{"kid": "k4.pid.` + u(43) + `", "lid": "k4.lid.` + u(43) + `"}`,
		"wrapped: k4.local-wrap.pie." + u(160),
		`{"kty": "EC", "crv": "P-256", "x": "` + u(43) + `", "y": "` + u(43) + `", "use": "sig", "kid": "` + h(8) + `"}`,
		`{"version": 3, "id": "` + g.uuid() + `", "address": "` + h(40) + `", "crypto": {"ciphertext": "` + h(64) + `", "cipherparams": {"iv": "` + h(32) + `"}, "cipher": "aes-128-ctr", "kdf": "scrypt", "kdfparams": {"dklen": 32, "salt": "` + h(64) + `", "n": 262144, "r": 8, "p": 1}, "mac": "` + h(64) + `"}}`,
		"Stellar account G" + g.s(base32, 55) + " funded with 10000 XLM",
		"XRPL address r" + g.s(f7xrp58, 33),
		"baker tz1" + g.s(f7base58, 33) + " public key edpk" + g.s(f7base58, 50),
		"NEAR implicit account " + h(64),
		"/ip4/203.0.113.7/tcp/4001/p2p/12D3KooW" + g.s(f7base58, 44),
		"MyFamily $" + H(40) + ",$" + H(40),
		"persistent_peers = \"" + h(40) + "@seed1.acme.io:26656," + h(40) + "@seed2.acme.io:26656\"",
		"cosmos1" + g.s(bech32, 38),
		"lncli connect 03" + h(64) + "@node.acme.io:9735",
		"lnbc2500u1p" + g.s(bech32, 200),
		"cHNidP8BAHEC" + g.s(b64, 180) + "AAAA",
		"Your safety number with Alice:\n" + g.f6groups(digits, 12, 5, " "),
		"!" + a(18) + ":matrix.acme.io event $" + u(43) + " redacted by @alice:matrix.acme.io",
		`"ID": "n` + a(11) + `CNTRL", "HostName": "build-01", "DNSName": "build-01.tail` + h(6) + `.ts.net."`,
		"sec   ed25519 2024-01-01 [SC]\n      " + H(40) + "\nuid           [ultimate] Alice Doe <alice@acme.io>\nssb   cv25519 2024-01-01 [E]",
		"-----BEGIN AGE ENCRYPTED FILE-----\n" + f5wrap("YWdlLWVuY3J5cHRpb24ub3JnL3YxCi0+IFgyNTUxOSB"+g.s(b64, 200), 64) + "\n-----END AGE ENCRYPTED FILE-----",
		"untrusted comment: signature from minisign secret key\nRUQ" + g.s(b64, 115) + "\ntrusted comment: timestamp:1717000000\tfile:acme-2.4.0.tar.gz\n" + g.s(b64, 86) + "==",
		"untrusted comment: verify with acme-2026.pub\nRWR" + g.s(b64, 113) + "=",
		"-----BEGIN SSH SIGNATURE-----\n" + f5wrap("U1NIU0lHAAAAAQAAADMAAAALc3NoLWVkMjU1MTkAAAAg"+g.s(b64, 240), 70) + "\n-----END SSH SIGNATURE-----",
		`{"version": 1, "header": {"slots": [{"type": 1, "uuid": "` + g.uuid() + `", "key": "` + h(64) + `", "key_params": {"nonce": "` + h(24) + `", "tag": "` + h(32) + `"}}], "params": {"nonce": "` + h(24) + `", "tag": "` + h(32) + `"}}, "db": "` + g.s(b64, 200) + `"}`,
		"secret/bootstrap-token-" + g.s(lowNum, 6) + "   bootstrap.kubernetes.io/token   7      23h",
		"ttcp_" + a(10) + " target session s_" + a(10) + " established",
		"Device token: " + h(64),
		`"sha256_cert_fingerprints": ["` + colonHex(g, 32) + `"]`,
		"Pwned Passwords range query: GET https://api.pwnedpasswords.com/range/" + H(5) + "\n" + H(35) + ":3\n" + H(35) + ":12",
		"Enter the 6-digit code from your authenticator app: " + g.digitsN(6),
		"npm publish --access public --otp " + g.digitsN(6),
		"Key Protectors:\n    TPM\n    Numerical Password\n      ID: {" + strings.ToUpper(g.uuid()) + "}",
		"$ sudo fdesetup haspersonalrecoverykey\ntrue",
		"Account ID: " + g.s(upNum, 26) + "\nUser ID: " + g.s(upNum, 26),
		`{"id": "` + g.uuid() + `", "organizationId": null, "folderId": "` + g.uuid() + `", "type": 2, "reprompt": 0, "name": "Notes"}`,
		"<UUID>" + g.b64std(16) + "</UUID>\n<IconID>0</IconID>",
		"qrencode -t ansiutf8 \"$(pass otp uri work/github)\"",

		// Protocol transcripts and logs without a credential.
		"+OK POP3 server ready <1896." + g.digitsN(9) + "@mail.acme.io>\nAPOP alice " + h(32) + "\n+OK maildrop has 2 messages",
		"* OK [CAPABILITY IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE IDLE AUTH=PLAIN AUTH=LOGIN] Dovecot ready.",
		"250-mail.acme.io\n250-AUTH PLAIN LOGIN CRAM-MD5\n250 SMTPUTF8\nAUTH CRAM-MD5\n334 " + b64text("<"+g.digitsN(5)+"."+g.digitsN(10)+"@mail.acme.io>") + "\n" + b64text("alice "+h(32)) + "\n235 2.7.0 Authentication successful",
		"230 Login successful.\nPASV\n227 Entering Passive Mode (10,0,0,5,195,80).",
		`1717000000.123456 [0 10.0.0.5:51234] "GET" "session:48213:prefs"`,
		"Jan  4 10:00:00 web01 sudo:    alice : TTY=pts/0 ; PWD=/srv ; USER=root ; COMMAND=/usr/bin/systemctl restart acme-api",
		"Jan  4 10:00:00 bastion sshd[2211]: Accepted publickey for deploy from 10.0.0.5 port 51234 ssh2: ED25519 SHA256:" + g.s(b64, 43),
		`curl ^"https://app.acme.io/api/health^" -H ^"accept: application/json^" -H ^"x-request-id: ` + g.uuid() + `^"`,
		`$session.Cookies.Add((New-Object System.Net.Cookie("_ga", "GA1.1.` + g.digitsN(10) + `.` + g.digitsN(10) + `", "/", ".acme.io")))`,
		"reply: 'HTTP/1.1 200 OK\\r\\n'\nheader: Content-Type: application/json\nheader: ETag: \"" + h(32) + "\"\nheader: X-Request-Id: " + g.uuid(),
		"metadata=map[content-type:[application/grpc] grpc-accept-encoding:[gzip] x-request-id:[" + g.uuid() + "]]",
		`<samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_` + h(40) + `" Version="2.0" IssueInstant="2026-01-04T10:00:00Z" AssertionConsumerServiceURL="https://app.acme.io/saml/acs">`,
		"                                   List of roles\n Role name |                         Attributes\n-----------+------------------------------------------------------------\n app       | Create DB\n postgres  | Superuser, Create role, Create DB, Replication, Bypass RLS",
		"GRANT SELECT, INSERT, UPDATE ON `app`.* TO `app`@`%`",
		"[\n  {\n    _id: 'admin.app',\n    user: 'app',\n    db: 'admin',\n    roles: [ { role: 'readWrite', db: 'app' } ],\n    mechanisms: [ 'SCRAM-SHA-256' ]\n  }\n]",
		h(16) + ", started, etcd-0, https://10.0.0.5:2380, https://10.0.0.5:2379, false",

		// Lockfile and build hashes of more ecosystems.
		".hash = \"1220" + h(64) + "\",",
		"- completed:\n    hackage: aeson-2.2.3.0@sha256:" + h(64) + ",8243\n  original:\n    hackage: aeson-2.2.3.0",
		"[[deps.JSON3]]\ndeps = [\"Dates\", \"Mmap\", \"Parsers\"]\ngit-tree-sha1 = \"" + h(40) + "\"\nuuid = \"" + g.uuid() + "\"\nversion = \"1.14.0\"",
		`"jsonlite": {"Package": "jsonlite", "Version": "1.8.8", "Source": "Repository", "Repository": "CRAN", "Hash": "` + h(32) + `"}`,
		`"checksums": {"sha1": "` + h(40) + `"}`,
		"let Prelude = https://prelude.dhall-lang.org/v23.0.0/package.dhall\n      sha256:" + h(64),
		`{ name = "gleam_stdlib", version = "0.40.0", build_tools = ["gleam"], requirements = [], otp_app = "gleam_stdlib", source = "hex", outer_checksum = "` + H(64) + `" },`,
		"Ref: app/io.acme.Notes/x86_64/stable\nCommit: " + h(64),
		"sign-key-sha3-384: " + u(64),
		"ghcr.io/acme/api:sha256-" + h(64) + ".sig",
		"S-1-5-21-" + g.digitsN(10) + "-" + g.digitsN(10) + "-" + g.digitsN(10) + "-1001",
		"values.b64: " + b64text("replicaCount: 3\nimage:\n  repository: ghcr.io/acme/api\n  tag: 2.4.0\n"),

		// Versions.
		"zig 0.13.0\nElixir 1.17.1 (compiled with Erlang/OTP 27)",
		"Julia Version 1.10.4\nCommit 48d4fd48430 (2024-06-04 10:41 UTC)",
		"PowerShell 7.4.3\nR version 4.4.1 (2024-06-14) -- \"Race for Your Life\"",
		"The Glorious Glasgow Haskell Compilation System, version 9.10.1",
	}
}

// TestFresh7Table measures the ninth table and prints only its summary: per-case misses show
// only with ANAMNESIS_REDACT_FRESH7_MISSES=1, for a report after tuning is over. The floors sit a
// little under the baseline measured when the table was written (see the commit that added it),
// so a regression fails while an honest improvement passes.
func TestFresh7Table(t *testing.T) {
	// Baseline when the table was written (round 7's rules, main at 808c338): recall 921/1089
	// (84.6%), false positives 122/603 (20.2%). The floors leave a little room for draws, not
	// for a regression.
	// A case whose secret is not in its text would count as caught whatever the redactor does.
	for _, seed := range seeds {
		for _, c := range fresh7Secrets(newGen(seed)) {
			for _, sec := range c.secrets {
				if !strings.Contains(c.text, sec) {
					t.Fatalf("fresh7 case %q: its secret is not in its text", c.name)
				}
			}
		}
	}
	// Round 9 read its odd half (TestFresh7Halves) and reached 996/1089 (91.5%), 68/603 (11.3%):
	// not a blind figure any more. The floors sit a little under it.
	measureTable(t, "fresh7", fresh7Secrets, fresh7Innocent, 0.89, 0.13)
}
