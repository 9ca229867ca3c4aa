package redact

import (
	"encoding/hex"
	"strconv"
	"strings"
	"testing"
)

// The tenth table (issue 15, after round 8's rules): written blind — by someone who did not read
// the rule files — from real-world shapes as a user pastes them into an agent session in 2026,
// choosing only kinds that none of the earlier tables (fresh … fresh7) holds. On the secret side:
// the credential files of coding agents (Codex auth.json, Copilot hosts.json, OpenCode OAuth
// tokens, Claude Code settings env) and self-hosted AI front ends (LibreChat, Flowise, Dify,
// Langflow, LobeChat); LLM gateways and model, speech and media APIs not named before (Martian,
// Braintrust, PromptLayer, Humanloop, Lakera, Moonshot, MiniMax, SiliconFlow, Hyperbolic,
// SambaNova, Lambda, Vast.ai, Paperspace, DeepInfra, Baseten, PlayHT, Rev.ai, Speechmatics,
// Gladia, Leonardo, Runway, Luma, Ideogram); observability and incident tools (Scout APM,
// AppSignal, Hosted Graphite, Librato, Checkmk, Icinga 2, Netdata, incident.io, FireHydrant,
// Rootly, Squadcast, Treblle, HyperDX, Sematext, the Zabbix JSON-RPC auth field, OpenObserve);
// feature flags (ConfigCat, Harness, Eppo, Kameleoon, Bucket); CMSs (Storyblok, Hygraph,
// Contentstack, ButterCMS, Cosmic, Umbraco Heartcore, Craft, Webflow, Wix, Hashnode, DEV,
// Medium); search (Bonsai, ZincSearch, Orama, Constructor, Doofinder, Klevu); data platforms
// (Starburst Galaxy, Rockset, Mode, Sigma, Hightouch, Airbyte, Dagster Cloud, Prefect, Pinot,
// Redpanda rpk, Fauna, Redash, Superset); vector stores (Vectara, Activeloop, KDB.AI, Epsilla,
// Marqo); game backends (AccelByte, brainCloud, LootLocker, Hathora, Edgegap, Roblox Open Cloud
// and .ROBLOSECURITY, itch.io butler, Godot encryption keys, GameAnalytics, the Steam Web API,
// Battle.net, mod.io); regional clouds and PaaS (UpCloud, Timeweb, Selectel, STACKIT, Clever
// Cloud, Scalingo, Koyeb, Northflank, Platform.sh, Leaseweb, Hetzner Robot, Kamatera,
// Infomaniak, NHN Cloud); telecom and real-time media (Bandwidth, Telesign, ClickSend, 46elks,
// Clickatell, Exotel, Gupshup, Daily, 100ms, Retell, Mux, RingCentral, Genesys, Aircall);
// banking and open banking (TrueLayer, Yapily, Finicity, Akahu, Belvo, Mono, Cashfree, PhonePe,
// Dwolla, Lithic, Rapyd, Airwallex, Currencycloud, bunq, Up, Open Bank Project); ERP and CRM
// (Pipedrive, Attio, Dolibarr, Xero, Sage Intacct, Business Central, Tripletex, Fortnox,
// e-conomic, sevDesk, Billomat, Harvest, Toggl, Keap, monday.com); mail platforms (Loops,
// Customer.io, Iterable, Braze, Courier, Elastic Email, SMTP2GO, ZeptoMail, Mailtrap, Postal,
// Listmonk); identity platforms (Clerk, WorkOS, Descope, Ory, Zitadel, Authentik, Kratos,
// Hydra, PostgREST, Dex, Privy, Magic, Logto); payments (Lemon Squeezy, Polar, Recurly, Zuora,
// 2Checkout, BTCPay, NOWPayments, PayFast, Omise); config formats not seen before (Nickel, EDN,
// HJSON, UCL, Bicep and .bicepparam, ARM parameter files, SAM overrides, serverless.yml,
// cdk.json, buildx bake HCL, Earthfile, devbox.json, Taskfile, App Engine app.yaml, wrangler
// [vars], render.yaml, Cloud Build substitutions, App Runner, .replit); tunnels and their CLIs
// (frp, rathole, chisel, inlets) and package tools (bunfig, DENO_AUTH_TOKENS, CocoaPods trunk,
// LuaRocks, PAUSE, Open VSX, crane, regctl, uv publish, Hatch, maturin, Vagrant Cloud); output
// that shows a secret (sops -d, wg genkey, podman secret inspect, docker history, helm get
// values, kubectl get pod -o json, terraform console nonsensitive); code in OCaml, F#, Common
// Lisp, Racket, Delphi, VB.NET, Tcl, Raku, Gleam, D, Solidity tooling (Hardhat, Foundry);
// logs and traces (axios error dumps, Laravel Ignition, Actions add-mask, TF_LOG, az --debug,
// aws --debug session tokens, Faraday, Guzzle, Tesla, Rust tracing, Sentry breadcrumbs, Datadog
// log JSON, nghttp, mitmproxy); database output holding hashes (pg_authid, pg_user_mappings,
// ClickHouse SHOW CREATE USER, Cassandra roles, sys.sql_logins, Oracle user$, CouchDB admins,
// RabbitMQ definitions, ZooKeeper digest ACLs); shell histories (fish, PSReadLine, mysql with
// \040, a SQLCipher key in sqlite history, node REPL, R, psql); password-manager exports
// (1PUX, Dashlane, NordPass, RoboForm, Enpass, Keeper, SafeInCloud); recovery codes and
// hardware-token keys (Apple recovery key, Tuta, Cloudflare, X, Epic, a YubiKey PIV
// management key, LUKS passphrases); TOTP seeds (2FAS, andOTP, FreeOTP+, ykman, oath
// users file, .google_authenticator with scratch codes, FreeIPA, Duo's skey); VPN and overlay
// keys (ZeroTier authtoken and Central tokens, Netmaker, Twingate, tinc Ed25519, Outline
// management URLs, NordVPN, IVPN, MikroTik and OPNsense WireGuard); signing keys (RSA JWKs with
// private members, base64 of a PEM private key, TUF private keyval, Sparkle, Tauri, CSC_LINK,
// apksigner, signtool, gpg export base64, ed25519 seeds in code, cloud-init host keys); wallets
// (Aptos, Avalanche, Hedera DER, Starknet, Flow, Zcash, Bitcoin Core dumpwallet, Cosmos
// unarmored hex, a Phantom base58 export); network and OS secrets (netsh wlan key=clear, nmcli
// -s, Android WifiConfigStore, Raspberry Pi Imager custom.toml, OpenWrt, UniFi, EdgeOS, Cisco
// type 9, Arista sha512, Huawei irreversible-cipher, mRemoteNG's default-key passwords).
//
// The look-alikes are what sits beside them: request, response, message, trace and run ids of
// those services (OpenAI, Anthropic, W3C traceparent, B3, Sentry event ids, ULIDs of incidents),
// keys that are public by design (Clerk and Magic publishable keys, Recurly and Omise public
// keys, AppSignal front-end keys, Braze SDK keys, Customer.io site ids, Contentstack stack keys,
// Mux playback ids, Duo integration keys, GameAnalytics game keys, Sparkle and Tauri public
// keys, tinc and WireGuard public keys, Hedera public keys in DER, RSA JWKs without private
// members, gpg public exports), addresses and hashes that share a shape with private keys
// (Aptos and Starknet addresses, Solana transaction signatures, Bitcoin txids), ids of
// accounts, boards, stores, rooms and payments, DKIM signatures and DNS auth records,
// signatures over one request (AWS SigV4, Azure SharedKey), masked and referenced values in
// the new config formats and languages, harmless history lines, header-only exports, and
// version strings. It is generated at run time, so no live-looking secret sits in the
// repository, and it is never tuned on after its baseline was committed.
//
// What counts as a placeholder follows fresh2_test.go, fresh6_test.go and fresh7_test.go so the
// sets agree: a variable or template reference ($VAR, ${VAR}, $(cmd), %VAR%, {{ x }}, #{x},
// <x>, {env.X}), an empty, null or masked value (***, xxx, ..., •••, [REDACTED], <hidden>), a
// function or lookup (os.environ[...], secretKeyRef, Sys.getenv(...), vars.get(...),
// az.getSecret(...), ${ssm:...}), and the documented dummy words changeme / your-... /
// replace_me / example. Any other value in a password slot is a password, however ordinary it
// looks (a Cyrillic word, a name and a year, a sentence). A reference to a secret manager is a
// lookup, output that says a secret exists holds none, and a value encrypted for a key held
// elsewhere is no secret in the clear. A password hash (md5 in pg_authid, bcrypt in Cassandra,
// PBKDF2 in CouchDB, scrypt in Cisco type 9) and a value encoded reversibly (base64 of a PEM,
// mRemoteNG's default-key ciphertext, \040-escaped history) are secrets. A TOTP seed, a scratch
// code and a recovery code are secrets. A signature or digest over one request or message, a
// public key, an address and a public client id are not.

// f8pass is a human-made password in shapes the earlier tables' generators do not use: dotted
// lower-case diceware, a first name and a birth year, a corporate default (word, #, three
// digits), a Cyrillic word with digits, a symbol-heavy generated string, two words joined by an
// underscore with a number, and a short sentence with spaces and punctuation.
func (g *gen) f8pass(i int) string {
	dice := []string{"orbit", "maple", "vessel", "tundra", "pigeon", "glider", "saffron", "hollow", "quiver", "nectar"}
	names := []string{"Sophie", "Mehmet", "Ingrid", "Rahul", "Camila", "Tomasz", "Aiko", "Dmitri"}
	corp := []string{"Welcome", "Sunshine", "Monday", "Letmein", "Spring", "Acme"}
	cyr := []string{"Пароль", "Солнце", "Москва", "Котик", "Весна"}
	pairs := []string{"blue", "monkey", "rocket", "pizza", "silver", "tiger", "coffee", "dragon"}
	sentences := []string{"My dog has %d legs!", "I love Lisbon in %d.", "Coffee at %d, always?", "Room %d is cold!"}
	pick := func(l []string) string { return l[g.r.IntN(len(l))] }
	switch i % 7 {
	case 0:
		return pick(dice) + "." + pick(dice) + "." + pick(dice) + "." + pick(dice)
	case 1:
		return pick(names) + "19" + g.s("6789", 1) + g.s(digits, 1)
	case 2:
		return pick(corp) + "#" + g.s(digits, 3)
	case 3:
		return pick(cyr) + g.s(digits, 4)
	case 4:
		return g.s(alnum+"!@#$^&*-_+=?~", 16)
	case 5:
		return pick(pairs) + "_" + pick(pairs) + "_" + g.s(digits, 2)
	default:
		s := pick(sentences)
		return strings.Replace(s, "%d", g.s(digits, 2), 1)
	}
}

// f8pw draws one of the f8pass shapes that hold no space.
func (g *gen) f8pw() string { return g.f8pass(g.r.IntN(6)) }

// f8upw draws an f8pass shape that needs no escaping in a URL, a shell word or a CSV field.
func (g *gen) f8upw() string { return g.f8pass([]int{0, 1, 5}[g.r.IntN(3)]) }

// f8spw draws any f8pass shape, the sentence with spaces included, for quoted slots.
func (g *gen) f8spw() string { return g.f8pass(g.r.IntN(7)) }

// f8pem is a PEM block of the given type with n 64-character body lines joined by newlines.
func (g *gen) f8pem(kind, head string, n int) (string, string) {
	lines := []string{head + g.s(b64, max(0, 64-len(head)))}
	for i := 1; i < n; i++ {
		lines = append(lines, g.s(b64, 64))
	}
	lines = append(lines, g.s(b64, 40)+"==")
	body := strings.Join(lines, "\n")
	return "-----BEGIN " + kind + "-----\n" + body + "\n-----END " + kind + "-----", body
}

func fresh8Secrets(g *gen) []secretCase {
	h := func(n int) string { return g.s(hexLow, n) }
	H := func(n int) string { return g.s(hexUp, n) }
	a := func(n int) string { return g.s(alnum, n) }
	u := func(n int) string { return g.s(b64url, n) }
	b32 := func(n int) string { return g.s(base32, n) }
	ln := func(n int) string { return g.s(lowNum, n) }
	pw := g.f8pw
	upw := g.f8upw
	spw := g.f8spw

	// Values that need building are drawn once.
	codexAccess := g.f7jwt(`{"alg":"RS256","kid":"`+g.uuid()+`","typ":"JWT"}`, `{"aud":["https://api.openai.com/v1"],"client_id":"app_`+a(24)+`","exp":1767225600,"scp":["openid","offline_access"]}`, 342)
	minimax := g.f7jwt(`{"alg":"RS256","sign_type":"SHA256"}`, `{"GroupName":"acme","UserName":"alice","GroupID":"`+g.digitsN(19)+`","Mail":"alice@acme.io","TokenType":1}`, 342)
	hyperbolic := g.f7jwt(`{"alg":"HS256","typ":"JWT"}`, `{"sub":"alice@acme.io","iat":1735689600}`, 43)
	hygraph := g.f7jwt(`{"alg":"RS256","typ":"JWT","kid":"gcms-main-production"}`, `{"version":3,"aud":["https://api-eu-west-2.hygraph.com/v2/`+g.s(lowNum, 25)+`/master"],"iss":"https://management.hygraph.com/","sub":"`+g.uuid()+`"}`, 342)
	wix := "IST." + g.f7jwt(`{"kid":"PozHFH9-","alg":"RS256"}`, `{"data":"{\"id\":\"`+g.uuid()+`\",\"identity\":{\"type\":\"application\"},\"tenant\":{\"type\":\"account\"}}","iat":1735689600}`, 342)
	lemon := g.f7jwt(`{"typ":"JWT","alg":"RS256"}`, `{"aud":"94d59cef-dbb8-4ea5-b178-d2540fcd6919","jti":"`+h(80)+`","iat":1735689600,"sub":"`+g.digitsN(6)+`","scopes":[]}`, 512)
	akahuUser := "user_token_" + g.s(lowNum, 25)
	obpToken := g.f7jwt(`{"alg":"HS256"}`, `{"":""}`, 43)
	mondayToken := g.f7jwt(`{"alg":"HS256"}`, `{"tid":`+g.digitsN(9)+`,"aai":11,"uid":`+g.digitsN(8)+`,"iad":"2026-01-04T10:00:00.000Z","per":"me:write","actid":`+g.digitsN(8)+`,"rgn":"euc1"}`, 43)
	rcJWT := g.f7jwt(`{"kid":"`+h(40)+`","typ":"JWT","alg":"RS256"}`, `{"aud":"https://platform.ringcentral.com/restapi/oauth/token","sub":"`+g.digitsN(12)+`","iss":"https://platform.ringcentral.com","exp":3881990400,"iat":1735689600,"jti":"`+u(22)+`"}`, 342)
	jwkD, jwkP, jwkQ := u(342), u(171), u(171)
	pemB64Env := b64text("-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ" + g.s(b64, 14) + "\n" + g.s(b64, 64) + "\n" + g.s(b64, 64) + "\n-----END PRIVATE KEY-----\n")
	tauriKey := b64text("untrusted comment: rsign encrypted secret key\nRWRTY0Iy" + g.s(b64, 340) + "\n")
	cscLink := "MIIK" + g.s(b64, 600) + "=="
	gpgSecret := "lQdGBG" + g.s(b64, 500)
	stackitPEM, stackitBody := g.f8pem("PRIVATE KEY", "MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ", 6)
	cloudInitPEM, cloudInitBody := g.f8pem("OPENSSH PRIVATE KEY", "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW", 3)
	tincPEM, tincBody := g.f8pem("ED25519 PRIVATE KEY", "", 1)
	roblosec := "_|WARNING:-DO-NOT-SHARE-THIS.--Sharing-this-will-allow-someone-to-log-in-as-you-and-to-steal-your-ROBUX-and-items.|_" + H(700)
	appleRecovery := g.f6groups(upNum, 7, 4, "-")
	tutaCode := g.f6groups(hexLow, 16, 4, " ")
	gaSeed := b32(26)
	gaScratch1, gaScratch2 := g.digitsN(8), g.digitsN(8)
	aptosKey := "ed25519-priv-0x" + h(64)
	avaxKey := "PrivateKey-" + g.s(f7base58, 50)
	hederaKey := "302e020100300506032b657004220420" + h(64)
	phantom := g.s(f7base58, 88)
	zcashKey := "secret-extended-key-main1" + g.s(bech32, 210)
	mremote := g.b64std(52)
	fishPw := upw()
	mysqlHistPw := pw()
	sopsPw := pw()
	helmPw := pw()
	zkDigest := g.b64std(20)
	chPW := h(64)
	chSalt := H(64)
	freeotpBytes := make([]string, 20)
	for i := range freeotpBytes {
		freeotpBytes[i] = strconv.Itoa(g.r.IntN(256) - 128)
	}
	freeotp := strings.Join(freeotpBytes, ",")
	ciscoHash := "$9$" + g.s(alnum+"./", 14) + "$" + g.s(alnum+"./", 43)

	return []secretCase{
		// Coding agents and self-hosted AI front ends.
		sc("codex auth.json tokens", `{"OPENAI_API_KEY": null, "tokens": {"access_token": "%s", "refresh_token": "%s", "account_id": "`+g.uuid()+`"}, "last_refresh": "2026-01-04T10:00:00Z"}`, codexAccess, "rt_"+u(43)+"."+u(43)),
		sc("copilot hosts.json", `{"github.com": {"user": "alice", "oauth_token": "%s", "githubAppId": "Iv1.b507a08c87ecfe98"}}`, "ghu_"+a(36)),
		sc("opencode auth.json oauth", `{"anthropic": {"type": "oauth", "refresh": "%s", "access": "%s", "expires": 1767225600000}}`, "sk-ant-ort01-"+u(80)+"-"+u(6)+"AA", "sk-ant-oat01-"+u(80)+"-"+u(6)+"AA"),
		sc("claude code settings env", `{"env": {"ANTHROPIC_BASE_URL": "https://llm-gw.acme.io", "ANTHROPIC_AUTH_TOKEN": "%s"}, "permissions": {"allow": ["Bash(go test:*)"]}}`, a(48)),
		sc("librechat env keys", "CREDS_KEY=%s\nCREDS_IV="+h(32)+"\nJWT_SECRET=%s\nJWT_REFRESH_SECRET=%s", h(64), h(64), h(64)),
		sc("flowise env", "PORT=3000\nFLOWISE_USERNAME=admin\nFLOWISE_PASSWORD=%s\nFLOWISE_SECRETKEY_OVERWRITE=%s", pw(), a(32)),
		sc("dify app api key", `curl -X POST 'https://api.dify.ai/v1/chat-messages' --header 'Authorization: Bearer %s' --header 'Content-Type: application/json' --data '{"inputs": {}, "query": "hi", "user": "alice"}'`, "app-"+a(24)),
		sc("langflow env", "LANGFLOW_AUTO_LOGIN=False\nLANGFLOW_SUPERUSER=admin\nLANGFLOW_SUPERUSER_PASSWORD=%s\nLANGFLOW_SECRET_KEY=%s", pw(), u(43)),
		sc("lobechat access code", "docker run -d -p 3210:3210 -e OPENAI_API_KEY=$OPENAI_API_KEY -e ACCESS_CODE=%s lobehub/lobe-chat", upw()),

		// LLM gateways and model, speech and media APIs.
		sc("martian gateway key", `client = OpenAI(base_url="https://withmartian.com/api/openai/v1", api_key="%s")`, a(40)),
		sc("braintrust api key", "BRAINTRUST_API_KEY=%s\nbraintrust eval evals/", "sk-"+a(48)),
		sc("promptlayer client", `promptlayer_client = PromptLayer(api_key="%s")`, "pl_"+h(32)),
		sc("humanloop client", `hl = Humanloop(api_key="%s")`, "hl_sk_"+h(48)),
		sc("lakera guard env", "LAKERA_GUARD_API_KEY=%s", a(64)),
		sc("moonshot client", `client = OpenAI(api_key="%s", base_url="https://api.moonshot.cn/v1")`, "sk-"+a(48)),
		sc("minimax api key", "MINIMAX_GROUP_ID="+g.digitsN(19)+"\nMINIMAX_API_KEY=%s", minimax),
		sc("siliconflow key", `curl https://api.siliconflow.cn/v1/chat/completions -H "Authorization: Bearer %s"`, "sk-"+g.s(lower, 48)),
		sc("hyperbolic key", "HYPERBOLIC_API_KEY=%s", hyperbolic),
		sc("sambanova key", `client = openai.OpenAI(base_url="https://api.sambanova.ai/v1", api_key="%s")`, g.uuid()),
		sc("lambda cloud key", `curl -u %s: https://cloud.lambdalabs.com/api/v1/instances`, "secret_"+ln(8)+"_"+h(32)+"."+a(32)),
		sc("vastai set api-key", "vastai set api-key %s", h(64)),
		sc("paperspace env", "PAPERSPACE_API_KEY=%s\npspace deployment create --project-id "+ln(9), h(30)),
		sc("deepinfra token", "export DEEPINFRA_TOKEN=%s\ndeepctl deploy create -m meta-llama/Llama-3-8b", a(32)),
		sc("baseten key", "BASETEN_API_KEY=%s\ntruss push --publish", a(8)+"."+a(32)),
		sc("playht headers", `curl https://api.play.ht/api/v2/tts/stream -H "X-USER-ID: `+a(28)+`" -H "AUTHORIZATION: %s"`, h(32)),
		sc("rev.ai client", `client = apiclient.RevAiAPIClient("%s")`, "02"+u(80)),
		sc("speechmatics config", "speechmatics config set --auth-token %s --generate-temp-token", a(32)),
		sc("gladia header", `curl --request POST --url https://api.gladia.io/v2/pre-recorded --header 'x-gladia-key: %s'`, g.uuid()),
		sc("leonardo key", "LEONARDO_API_KEY=%s", g.uuid()),
		sc("runway secret", "RUNWAYML_API_SECRET=%s", "key_"+h(128)),
		sc("luma key", `client = LumaAI(auth_token="%s")`, "luma-"+g.uuid()+"-"+g.uuid()),
		sc("ideogram header", `curl -X POST https://api.ideogram.ai/v1/ideogram-v3/generate -H "Api-Key: %s" -F prompt="a red fox"`, u(86)),

		// Observability and incident response.
		sc("scout apm yml", "common: &defaults\n  name: acme-api\n  key: %s\n  monitor: true", a(20)),
		sc("appsignal push key", "APPSIGNAL_PUSH_API_KEY=%s\nAPPSIGNAL_APP_NAME=acme-api", g.uuid()),
		sc("hosted graphite metric line", `echo "%s.web01.cpu.load 1.2" | nc carbon.hostedgraphite.com 2003`, g.uuid()),
		sc("librato basic auth", "curl -u alice@acme.io:%s -d 'gauges[0][name]=queue.depth&gauges[0][value]=12' https://metrics-api.librato.com/v1/metrics", h(64)),
		sc("checkmk automation bearer", `curl -H "Authorization: Bearer automation %s" -H "Accept: application/json" "https://monitor.acme.io/prod/check_mk/api/1.0/domain-types/host_config/collections/all"`, g.s(upper, 1)+g.s(upNum, 31)),
		sc("icinga2 api-users.conf", "object ApiUser \"root\" {\n  password = \"%s\"\n  permissions = [ \"*\" ]\n}", pw()),
		sc("netdata claim", "sudo netdata-claim.sh -token=%s -rooms="+g.uuid()+" -url=https://app.netdata.cloud", u(135)),
		sc("incident.io key", "INCIDENT_IO_API_KEY=%s", "inc_"+h(64)),
		sc("firehydrant header", `curl https://api.firehydrant.io/v1/incidents -H "Authorization: %s"`, "fhb-"+h(32)),
		sc("rootly token", "ROOTLY_API_TOKEN=%s\nrootly pulse \"deploy finished\"", "rootly_"+h(64)),
		sc("squadcast refresh token", `curl -H "X-Refresh-Token: %s" https://auth.squadcast.com/oauth/access-token`, h(64)),
		sc("treblle sdk", `Treblle::init(apiKey: "%s", projectId: "`+a(16)+`");`, a(32)),
		sc("hyperdx key", "HYPERDX_API_KEY=%s\nOTEL_SERVICE_NAME=checkout", g.uuid()),
		sc("sematext logs receiver url", `curl -XPOST "https://logsene-receiver.sematext.com/%s/_bulk" --data-binary @logs.ndjson`, g.uuid()),
		sc("zabbix json-rpc auth field", `{"jsonrpc": "2.0", "method": "host.get", "params": {"output": ["hostid", "host"]}, "auth": "%s", "id": 1}`, h(32)),
		sc("openobserve root password", "ZO_ROOT_USER_EMAIL=root@acme.io\nZO_ROOT_USER_PASSWORD=%s\n./openobserve", pw()),

		// Feature flags.
		sc("configcat management api", "curl -u "+a(24)+":%s https://api.configcat.com/v1/products", g.b64std(33)),
		sc("harness ff server key", `client = CfClient("%s", with_base_url("https://config.ff.harness.io/api/1.0"))`, g.uuid()),
		sc("eppo server sdk key", "EPPO_SDK_KEY=%s", u(43)),
		sc("kameleoon client secret", "kameleoon:\n  client_id: "+a(24)+"\n  client_secret: %s", u(43)),
		sc("bucket secret key", "BUCKET_SECRET_KEY=%s", "sec_prod_"+a(32)),

		// CMSs and site builders.
		sc("storyblok management token", `curl "https://mapi.storyblok.com/v1/spaces/`+g.digitsN(6)+`/stories" -H "Authorization: %s"`, a(22)+"-"+g.digitsN(6)+"-"+a(20)),
		sc("hygraph permanent token", "HYGRAPH_ENDPOINT=https://api-eu-west-2.hygraph.com/v2/"+g.s(lowNum, 25)+"/master\nHYGRAPH_TOKEN=%s", hygraph),
		sc("contentstack management token", `curl https://api.contentstack.io/v3/content_types -H "api_key: blt`+h(16)+`" -H "authorization: %s"`, "cs"+h(32)),
		sc("buttercms write token", `curl -X POST https://api.buttercms.com/v2/posts/ -H "Authorization: Token %s" -d @post.json`, h(40)),
		sc("cosmic write key", "const cosmic = createBucketClient({\n  bucketSlug: 'acme-site',\n  readKey: process.env.COSMIC_READ_KEY,\n  writeKey: '%s',\n});", a(50)),
		sc("umbraco heartcore api key", `curl https://api.umbraco.io/content -H "umb-project-alias: acme" -H "Api-Key: %s"`, a(40)),
		sc("craft security key", "CRAFT_APP_ID=CraftCMS--"+g.uuid()+"\nCRAFT_SECURITY_KEY=%s", u(32)),
		sc("webflow token", `curl https://api.webflow.com/v2/sites -H "authorization: Bearer %s"`, h(64)),
		sc("wix ist key", `curl https://www.wixapis.com/stores/v1/products/query -H "Authorization: %s" -H "wix-site-id: `+g.uuid()+`"`, wix),
		sc("hashnode pat header", `curl https://gql.hashnode.com -H "Authorization: %s" -d '{"query": "{ me { username } }"}'`, g.uuid()),
		sc("dev.to api-key header", `curl -X POST https://dev.to/api/articles -H "api-key: %s" -H "Content-Type: application/json" -d @article.json`, a(24)),
		sc("medium integration token", "MEDIUM_INTEGRATION_TOKEN=%s", "2"+h(64)),

		// Search services.
		sc("bonsai url", "BONSAI_URL=https://"+ln(10)+":%s@acme-search-"+g.digitsN(10)+".eu-west-1.bonsaisearch.net:443", ln(10)),
		sc("zincsearch first admin", "ZINC_FIRST_ADMIN_USER=admin ZINC_FIRST_ADMIN_PASSWORD=%s ZINC_DATA_PATH=./data ./zincsearch", upw()),
		sc("orama private key", "ORAMA_PRIVATE_API_KEY=%s\nORAMA_INDEX_ID="+ln(24), a(32)),
		sc("constructor api token", "const constructorio = new ConstructorIOClient({\n  apiKey: 'key_"+a(16)+"',\n  apiToken: '%s',\n});", "tok_"+a(16)),
		sc("doofinder management token", `curl https://eu1-api.doofinder.com/api/v2/hashid/`+h(32)+`/indices -H "Authorization: Token %s"`, "eu1-"+h(40)),
		sc("klevu rest auth key", "<klevu>\n  <rest_api_key>%s</rest_api_key>\n  <js_api_key>klevu-"+g.digitsN(14)+"</js_api_key>\n</klevu>", g.b64std(24)),

		// Data platforms.
		sc("starburst galaxy url", "trino://alice%40acme.io%2Faccountadmin:%s@acme.trino.galaxy.starburst.io:443/hive", upw()),
		sc("rockset apikey", "ROCKSET_APIKEY=%s\nROCKSET_APISERVER=api.euc1a1.rockset.com", a(64)),
		sc("mode token secret", "curl -u "+h(12)+":%s https://app.mode.com/api/acme/reports", h(32)),
		sc("sigma client secret", "SIGMA_CLIENT_ID="+h(32)+"\nSIGMA_CLIENT_SECRET=%s", h(128)),
		sc("hightouch key", `curl https://api.hightouch.com/api/v1/syncs -H "Authorization: Bearer %s"`, g.uuid()),
		sc("airbyte client secret", "AIRBYTE_CLIENT_ID="+g.uuid()+"\nAIRBYTE_CLIENT_SECRET=%s", a(32)),
		sc("dagster cloud agent token", "instance_class:\n  module: dagster_cloud.instance\n  class: DagsterCloudAgentInstance\ndagster_cloud_api:\n  agent_token: %s\n  deployment: prod", "agent:acme:"+h(32)),
		sc("prefect cloud login", "prefect cloud login -k %s --workspace acme/prod", "pnu_"+a(36)),
		sc("pinot admin password", "controller.admin.access.control.factory.class=org.apache.pinot.controller.api.access.BasicAuthAccessControlFactory\ncontroller.admin.access.control.principals=admin\ncontroller.admin.access.control.principals.admin.password=%s", pw()),
		sc("redpanda rpk sasl", "rpk topic produce orders -X user=app -X pass=%s -X sasl.mechanism=SCRAM-SHA-256 -X brokers=seed-"+h(8)+".redpanda.com:9092", upw()),
		sc("fauna secret", "FAUNA_SECRET=%s", "fnAF"+u(36)),
		sc("redash cookie secret", "REDASH_COOKIE_SECRET=%s\nREDASH_SECRET_KEY=%s", h(64), h(64)),
		sc("superset config", "# superset_config.py\nSECRET_KEY = '%s'\nSQLALCHEMY_DATABASE_URI = 'postgresql://superset@db/superset'", g.b64std(42)),

		// Vector stores.
		sc("vectara index key", `curl -X POST https://api.vectara.io/v2/corpora/docs/documents -H "x-api-key: %s" -d @doc.json`, "zwt_"+u(40)),
		sc("activeloop token", "ACTIVELOOP_TOKEN=%s", g.f7jwt(`{"alg":"HS512","iat":1735689600,"exp":1767225600}`, `{"id":"alice"}`, 86)),
		sc("kdb.ai session", `session = kdbai.Session(api_key="%s", endpoint="https://cloud.kdb.ai/instance/`+ln(10)+`")`, ln(30)),
		sc("epsilla cloud key", `client = cloud.Client(project_id="`+g.uuid()+`", api_key="%s")`, "epsk_"+a(40)),
		sc("marqo client", `mq = marqo.Client(url="https://api.marqo.ai", api_key="%s")`, a(40)),

		// Game backends and platforms.
		sc("accelbyte client secret", "AB_BASE_URL=https://acme.prod.gamingservices.accelbyte.io\nAB_CLIENT_ID="+h(32)+"\nAB_CLIENT_SECRET=%s", u(32)),
		sc("braincloud app secret", `_bc.Initialize("`+g.digitsN(5)+`", "%s", "1.0.0");`, g.uuid()),
		sc("lootlocker server key", `curl -X POST https://api.lootlocker.io/server/session -H "x-server-key: %s" -H "LL-Version: 2021-03-01"`, "prod_"+h(32)),
		sc("hathora token", "HATHORA_APP_ID=app-"+g.uuid()+"\nHATHORA_TOKEN=%s", u(43)),
		sc("edgegap token scheme", `curl https://api.edgegap.com/v1/deploy -H "Authorization: token %s" -d '{"app_name": "acme", "version_name": "1.0"}'`, g.uuid()),
		sc("roblox open cloud key", `curl -X POST "https://apis.roblox.com/cloud/v2/universes/`+g.digitsN(10)+`:publishMessage" -H "x-api-key: %s"`, u(200)),
		sc("roblosecurity cookie", "Cookie: .ROBLOSECURITY=%s", roblosec),
		sc("itch butler key", "BUTLER_API_KEY=%s butler push build/ acme/space-game:linux", a(40)),
		sc("godot encryption key", "export SCRIPT_AES256_ENCRYPTION_KEY=%s\ngodot --headless --export-release \"Windows Desktop\"", h(64)),
		sc("gameanalytics secret", `GameAnalytics.Initialize("`+h(32)+`", "%s");`, h(40)),
		sc("steam web api key", "https://api.steampowered.com/ISteamUser/GetPlayerSummaries/v2/?key=%s&steamids=7656119"+g.digitsN(10), H(32)),
		sc("battle.net client credentials", "curl -u "+h(32)+":%s -d grant_type=client_credentials https://oauth.battle.net/token", a(32)),
		sc("mod.io api key", "https://g-"+g.digitsN(4)+".modapi.io/v1/games/"+g.digitsN(4)+"/mods?api_key=%s", h(32)),

		// Regional clouds and PaaS.
		sc("upcloud env", "export UPCLOUD_USERNAME=acme-api\nexport UPCLOUD_PASSWORD=%s\nupctl server list", pw()),
		sc("timeweb cloud token", "twc config --token %s", g.f7jwt(`{"alg":"RS512","typ":"JWT","kid":"1kbxzRb3T4"}`, `{"login":"cj"`+g.digitsN(5)+`,"jti":"`+g.uuid()+`"}`, 342)),
		sc("selectel openrc", "export OS_AUTH_URL=https://cloud.api.selcloud.ru/identity/v3\nexport OS_USERNAME=ci\nexport OS_PASSWORD=%s\nexport OS_PROJECT_DOMAIN_NAME="+g.digitsN(6), pw()),
		sc("stackit service account key", `{"id": "`+g.uuid()+`", "credentials": {"kid": "`+g.uuid()+`", "iss": "ci@sa.stackit.cloud", "privateKey": "`+strings.ReplaceAll(stackitPEM, "\n", `\n`)+`"}}`, strings.ReplaceAll(stackitBody, "\n", `\n`)),
		sc("clever cloud tokens", "CLEVER_TOKEN=%s\nCLEVER_SECRET=%s\nclever deploy", h(32), h(32)),
		sc("scalingo login", "scalingo login --api-token %s", "tk-us-"+u(48)),
		sc("koyeb token", "KOYEB_TOKEN=%s koyeb service redeploy acme/api", a(64)),
		sc("northflank token", "NORTHFLANK_API_TOKEN=%s", "nf-"+g.f7jwt(`{"alg":"HS256","typ":"JWT"}`, `{"tokenInternalId":"`+ln(24)+`"}`, 43)),
		sc("platform.sh cli token", "export PLATFORMSH_CLI_TOKEN=%s\nplatform environment:list -p "+ln(13), u(43)),
		sc("leaseweb auth header", `curl https://api.leaseweb.com/bareMetals/v2/servers -H "X-LSW-Auth: %s"`, g.uuid()),
		sc("hetzner robot webservice", "curl -u '#ws+"+a(8)+":%s' https://robot-ws.your-server.de/server", upw()),
		sc("kamatera headers", `curl https://console.kamatera.com/service/servers -H "AuthClientId: `+h(32)+`" -H "AuthSecret: %s"`, h(32)),
		sc("infomaniak token", `curl -H "Authorization: Bearer %s" https://api.infomaniak.com/1/product`, a(80)),
		sc("nhn cloud secret", "NHN_APP_KEY="+a(16)+"\nNHN_SECRET_KEY=%s", a(8)),

		// Telecom and real-time media.
		sc("bandwidth credentials", "BW_ACCOUNT_ID="+g.digitsN(7)+"\nBW_USERNAME=api-acme\nBW_PASSWORD=%s", pw()),
		sc("telesign client", `messaging = MessagingClient("`+strings.ToUpper(g.uuid())+`", "%s")`, g.b64std(64)),
		sc("clicksend basic pair", "curl -u alice@acme.io:%s -H 'Content-Type: application/json' https://rest.clicksend.com/v3/sms/send -d @sms.json", strings.ToUpper(g.uuid())),
		sc("46elks credentials", "curl https://api.46elks.com/a1/sms -u u"+h(32)+":%s -d from=Acme -d to=+46700000000 -d message=Hej", H(32)),
		sc("clickatell raw key", `curl -X POST https://platform.clickatell.com/messages -H "Authorization: %s" -d '{"content": "Test", "to": ["27999123456"]}'`, u(22)+"=="),
		sc("exotel url credentials", "curl https://"+h(48)+":%s@api.exotel.com/v1/Accounts/acme1/Sms/send -d From=0XXXXXX4890 -d To=XXXXX30240 -d Body=hi", h(40)),
		sc("gupshup apikey header", `curl -X POST https://api.gupshup.io/wa/api/v1/msg -H "apikey: %s" -d "channel=whatsapp&source=917834811114"`, ln(32)),
		sc("daily api key", "DAILY_API_KEY=%s\nDAILY_DOMAIN=acme", h(64)),
		sc("100ms app secret", "HMS_ACCESS_KEY="+h(24)+"\nHMS_APP_SECRET=%s", u(64)),
		sc("retell key", `client = Retell(api_key="%s")`, "key_"+h(28)),
		sc("mux token secret", "MUX_TOKEN_ID="+g.uuid()+"\nMUX_TOKEN_SECRET=%s", g.s(b64, 75)),
		sc("ringcentral jwt credential", "RC_SERVER_URL=https://platform.ringcentral.com\nRC_CLIENT_ID="+a(22)+"\nRC_JWT=%s", rcJWT),
		sc("genesys cloud secret", "GENESYSCLOUD_OAUTHCLIENT_ID="+g.uuid()+"\nGENESYSCLOUD_OAUTHCLIENT_SECRET=%s\nGENESYSCLOUD_REGION=eu-west-1", u(43)),
		sc("aircall basic pair", "curl -u "+h(32)+":%s https://api.aircall.io/v1/calls", h(32)),

		// Banking and open banking.
		sc("truelayer token request", "curl -X POST https://auth.truelayer-sandbox.com/connect/token -d grant_type=client_credentials -d client_id=sandbox-acme-"+h(6)+" -d client_secret=%s -d scope=payments", g.uuid()),
		sc("yapily basic pair", "curl -u "+g.uuid()+":%s https://api.yapily.com/institutions", g.uuid()),
		sc("finicity app key", `curl -X POST https://api.finicity.com/aggregation/v2/partners/authentication -H "Finicity-App-Key: %s" -d '{"partnerId": "`+g.digitsN(13)+`", "partnerSecret": "%s"}'`, h(32), a(20)),
		sc("akahu tokens", `curl https://api.akahu.io/v1/accounts -H "X-Akahu-Id: app_token_`+ln(25)+`" -H "Authorization: Bearer %s"`, akahuUser),
		sc("belvo client", `client = Client("`+g.uuid()+`", "%s", "https://sandbox.belvo.com")`, u(64)),
		sc("mono secret header", `curl https://api.withmono.com/v2/accounts/`+h(24)+`/transactions -H "mono-sec-key: %s"`, "live_sk_"+a(20)),
		sc("cashfree client secret", `curl -X POST https://api.cashfree.com/pg/orders -H "x-client-id: `+g.digitsN(8)+h(24)+`" -H "x-client-secret: %s" -H "x-api-version: 2023-08-01"`, "cfsk_ma_prod_"+h(32)+"_"+h(8)),
		sc("phonepe salt key", "PHONEPE_MERCHANT_ID=ACMEONLINE\nPHONEPE_SALT_KEY=%s\nPHONEPE_SALT_INDEX=1", g.uuid()),
		sc("dwolla key secret", "DWOLLA_KEY="+a(50)+"\nDWOLLA_SECRET=%s\nDWOLLA_ENVIRONMENT=production", a(50)),
		sc("lithic key", `client = Lithic(api_key="%s", environment="production")`, g.uuid()),
		sc("rapyd secret", "RAPYD_ACCESS_KEY=rak_"+H(20)+"\nRAPYD_SECRET_KEY=%s", "rsk_"+h(90)),
		sc("airwallex login", `curl -X POST https://api.airwallex.com/api/v1/authentication/login -H "x-client-id: `+u(22)+`" -H "x-api-key: %s"`, h(96)),
		sc("currencycloud login", "curl -X POST https://devapi.currencycloud.com/v2/authenticate/api -F login_id=alice@acme.io -F api_key=%s", h(64)),
		sc("bunq api key", "BUNQ_API_KEY=%s\nBUNQ_ENVIRONMENT=SANDBOX", "sandbox_"+h(48)),
		sc("up bank token", `curl https://api.up.com.au/api/v1/accounts -H "Authorization: Bearer %s"`, "up:yeah:"+a(128)),
		sc("open bank project directlogin", `curl https://apisandbox.openbankproject.com/obp/v5.1.0/my/banks -H 'Authorization: DirectLogin token="%s"'`, obpToken),

		// ERP and CRM.
		sc("pipedrive api_token query", "curl \"https://acme.pipedrive.com/api/v1/deals?status=open&api_token=%s\"", h(40)),
		sc("attio key", "ATTIO_API_KEY=%s", h(64)),
		sc("dolibarr api key header", `curl https://erp.acme.io/api/index.php/invoices -H "DOLAPIKEY: %s"`, a(32)),
		sc("xero client secret", "XERO_CLIENT_ID="+H(32)+"\nXERO_CLIENT_SECRET=%s\nXERO_REDIRECT_URI=http://localhost:5000/callback", u(48)),
		sc("sage intacct sender", "<control>\n  <senderid>acme</senderid>\n  <password>%s</password>\n  <controlid>"+g.uuid()+"</controlid>\n</control>", pw()),
		sc("business central web service key", `curl -u "ALICE:%s" "https://bc.acme.io:7048/BC/ODataV4/Company('CRONUS')/Customer"`, g.b64std(32)),
		sc("tripletex tokens", `curl -X PUT "https://tripletex.no/v2/token/session/:create?consumerToken=%s&employeeToken=%s&expirationDate=2026-12-31"`, "eyJ0b2tlbklkIjo"+u(60), "eyJ0b2tlbklkIjo"+u(60)),
		sc("fortnox headers", `curl https://api.fortnox.se/3/invoices -H "Access-Token: %s" -H "Client-Secret: %s"`, g.uuid(), a(10)),
		sc("e-conomic headers", `curl https://restapi.e-conomic.com/customers -H "X-AppSecretToken: %s" -H "X-AgreementGrantToken: %s"`, a(43), a(43)),
		sc("sevdesk raw token", `curl "https://my.sevdesk.de/api/v1/Invoice" -H "Authorization: %s"`, h(32)),
		sc("billomat key header", `curl https://acme.billomat.net/api/clients -H "X-BillomatApiKey: %s"`, h(32)),
		sc("harvest pat", `curl https://api.harvestapp.com/v2/time_entries -H "Harvest-Account-Id: `+g.digitsN(6)+`" -H "Authorization: Bearer %s"`, g.digitsN(7)+".pt."+u(86)),
		sc("toggl token basic", "curl -u %s:api_token https://api.track.toggl.com/api/v9/me", h(32)),
		sc("keap key header", `curl https://api.infusionsoft.com/crm/rest/v1/contacts -H "X-Keap-API-Key: %s"`, "KeapAK-"+h(64)),
		sc("monday token", `curl https://api.monday.com/v2 -H "Authorization: %s" -d '{"query": "{ boards { id name } }"}'`, mondayToken),

		// Mail platforms.
		sc("loops key", "LOOPS_API_KEY=%s", h(32)),
		sc("customer.io track credentials", "curl -u "+h(20)+":%s -X PUT https://track-eu.customer.io/api/v1/customers/42 -d email=alice@acme.io", h(20)),
		sc("iterable header", `curl https://api.iterable.com/api/events/track -H "Api-Key: %s" -d '{"email": "alice@acme.io", "eventName": "signup"}'`, h(32)),
		sc("braze rest key", `curl -X POST https://rest.fra-02.braze.eu/users/track -H "Authorization: Bearer %s"`, g.uuid()),
		sc("courier auth token", "COURIER_AUTH_TOKEN=%s", "pk_prod_"+g.s(upNum, 28)),
		sc("elastic email header", `curl https://api.elasticemail.com/v4/emails -H "X-ElasticEmail-ApiKey: %s" -d @mail.json`, H(96)),
		sc("smtp2go json key", `{"api_key": "%s", "to": ["<alice@acme.io>"], "sender": "ops@acme.io", "subject": "Nightly report"}`, "api-"+H(32)),
		sc("zeptomail auth scheme", `curl https://api.zeptomail.eu/v1.1/email -H "Authorization: Zoho-enczapikey %s"`, g.b64std(96)),
		sc("mailtrap api token", `curl https://send.api.mailtrap.io/api/send -H "Api-Token: %s" -d @mail.json`, h(32)),
		sc("postal server key", `curl -X POST https://postal.acme.io/api/v1/send/message -H "X-Server-API-Key: %s" -d @msg.json`, a(24)),
		sc("listmonk api user", `curl -u "ci_bot:%s" https://lists.acme.io/api/subscribers`, a(32)),

		// Identity platforms.
		sc("clerk secret key", "NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY=pk_live_"+b64text("clerk.acme.io$")+"\nCLERK_SECRET_KEY=%s", "sk_live_"+a(40)),
		sc("workos api key", "WORKOS_CLIENT_ID=client_01"+g.s(crockfd, 24)+"\nWORKOS_API_KEY=%s", "sk_live_"+a(24)+"_"+a(24)),
		sc("descope management key", "DESCOPE_PROJECT_ID=P2"+a(26)+"\nDESCOPE_MANAGEMENT_KEY=%s", "K2"+a(26)+":"+a(120)),
		sc("ory pat", `curl https://api.console.ory.sh/projects -H "Authorization: Bearer %s"`, "ory_pat_"+a(32)),
		sc("zitadel masterkey", `zitadel start-from-init --masterkey "%s" --tlsMode disabled`, a(32)),
		sc("authentik secret key", "AUTHENTIK_SECRET_KEY=%s\nAUTHENTIK_POSTGRESQL__PASSWORD=%s", g.b64std(45), pw()),
		sc("kratos secrets yaml", "secrets:\n  cookie:\n    - %s\n  cipher:\n    - %s", a(32), a(32)),
		sc("hydra system secret", "SECRETS_SYSTEM=%s hydra serve all --dev", a(32)),
		sc("postgrest jwt-secret", "db-uri = \"postgres://authenticator@db:5432/app\"\ndb-anon-role = \"web_anon\"\njwt-secret = \"%s\"", a(40)),
		sc("dex static client", "staticClients:\n- id: grafana\n  name: Grafana\n  redirectURIs: ['https://grafana.acme.io/login/generic_oauth']\n  secret: %s", u(32)),
		sc("privy app secret", "PRIVY_APP_ID=cl"+ln(23)+"\nPRIVY_APP_SECRET=%s", u(86)),
		sc("magic secret key", "const magic = await Magic.init('%s');", "sk_live_"+H(16)),
		sc("logto m2m secret", "LOGTO_ENDPOINT=https://auth.acme.io\nLOGTO_M2M_APP_ID="+ln(21)+"\nLOGTO_M2M_APP_SECRET=%s", a(32)),

		// Payments.
		sc("lemon squeezy key", "LEMONSQUEEZY_API_KEY=%s", lemon),
		sc("polar access token", `polar = Polar(access_token="%s")`, "polar_oat_"+a(43)),
		sc("recurly client", "client = Recurly::Client.new(api_key: '%s')", h(32)),
		sc("zuora oauth secret", "ZUORA_CLIENT_ID="+g.uuid()+"\nZUORA_CLIENT_SECRET=%s", a(40)),
		sc("2checkout secret word", "TWOCHECKOUT_MERCHANT_CODE="+g.digitsN(9)+"\nTWOCHECKOUT_SECRET_WORD=%s", u(32)),
		sc("btcpay token scheme", `curl https://btcpay.acme.io/api/v1/stores -H "Authorization: token %s"`, h(40)),
		sc("nowpayments key", `curl https://api.nowpayments.io/v1/invoice -H "x-api-key: %s" -d @invoice.json`, g.f6groups(upNum, 4, 7, "-")),
		sc("payfast passphrase", "$data = ['merchant_id' => '10000100', 'merchant_key' => '46f0cd694581a', 'amount' => '100.00'];\n$signature = generateSignature($data, '%s');", upw()),
		sc("omise secret key", "Omise.api_key = \"%s\"", "skey_"+ln(19)),

		// Config formats.
		sc("nickel record", "{\n  database = {\n    host = \"db01\",\n    user = \"app\",\n    password = \"%s\",\n  },\n}", pw()),
		sc("edn map", "{:db {:host \"db01\"\n      :user \"app\"\n      :password \"%s\"}\n :http {:port 8080}}", pw()),
		sc("hjson object", "{\n  # production\n  apiKey: %s\n  region: eu-west-1\n}", a(40)),
		sc("ucl block", "database {\n    user = \"app\";\n    password = \"%s\";\n}", pw()),
		sc("bicep secure param default", "@secure()\nparam adminPassword string = '%s'\n\nresource vm 'Microsoft.Compute/virtualMachines@2024-03-01' = {", pw()),
		sc("bicepparam literal", "using './main.bicep'\n\nparam location = 'westeurope'\nparam sqlAdminPassword = '%s'", pw()),
		sc("arm parameters file", `{"$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#", "contentVersion": "1.0.0.0", "parameters": {"adminUsername": {"value": "azureuser"}, "adminPassword": {"value": "%s"}}}`, pw()),
		sc("sam parameter overrides", "sam deploy --stack-name acme-api --parameter-overrides Stage=prod DbPassword=%s ApiKey=%s", upw(), a(40)),
		sc("serverless.yml environment", "provider:\n  name: aws\n  runtime: nodejs20.x\n  environment:\n    STAGE: prod\n    PAYMENT_API_KEY: %s", a(40)),
		sc("cdk.json context", `{"app": "npx ts-node bin/app.ts", "context": {"env": "prod", "dbPassword": "%s"}}`, pw()),
		sc("buildx bake hcl arg", "target \"app\" {\n  context = \".\"\n  args = {\n    NPM_TOKEN = \"%s\"\n  }\n}", "npm_"+a(36)),
		sc("earthfile arg default", "VERSION 0.8\nbuild:\n    FROM node:22\n    ARG GITHUB_TOKEN=%s\n    RUN npm ci", "ghp_"+a(36)),
		sc("devbox.json env", `{"packages": ["go@1.23", "postgresql@16"], "env": {"PGPASSWORD": "%s", "PGHOST": "localhost"}}`, pw()),
		sc("taskfile env", "version: '3'\nenv:\n  API_TOKEN: %s\ntasks:\n  deploy:\n    cmds:\n      - ./deploy.sh", a(40)),
		sc("app engine app.yaml", "runtime: python312\nenv_variables:\n  DB_USER: app\n  DB_PASS: \"%s\"\n  DB_NAME: app", pw()),
		sc("wrangler vars", "name = \"acme-worker\"\nmain = \"src/index.ts\"\n\n[vars]\nENVIRONMENT = \"production\"\nSTRIPE_SECRET = \"%s\"", a(40)),
		sc("render.yaml env value", "services:\n  - type: web\n    name: api\n    envVars:\n      - key: SESSION_SECRET\n        value: %s", h(64)),
		sc("cloudbuild substitutions", "substitutions:\n  _DEPLOY_REGION: europe-west1\n  _SLACK_TOKEN: %s\nsteps:\n- name: gcr.io/cloud-builders/docker", a(40)),
		sc("apprunner.yaml env", "version: 1.0\nruntime: python3\nrun:\n  command: gunicorn app:app\n  env:\n    - name: SECRET_KEY\n      value: \"%s\"", u(50)),
		sc("replit env section", "run = \"python main.py\"\n\n[env]\nOPENAI_API_KEY = \"%s\"", "sk-proj-"+u(120)),

		// Tunnels and package tools.
		sc("frpc.toml auth token", "serverAddr = \"frp.acme.io\"\nserverPort = 7000\nauth.method = \"token\"\nauth.token = \"%s\"", a(32)),
		sc("rathole default token", "[client]\nremote_addr = \"tunnel.acme.io:2333\"\ndefault_token = \"%s\"\n\n[client.services.ssh]\nlocal_addr = \"127.0.0.1:22\"", a(32)),
		sc("chisel auth", "chisel client --auth ci:%s https://tunnel.acme.io R:2222:localhost:22", upw()),
		sc("inlets token", "inlets-pro tcp client --url wss://tunnel.acme.io:8123 --token %s --upstream 127.0.0.1 --port 5432", a(64)),
		sc("bunfig.toml registry token", "[install.scopes]\n\"@acme\" = { token = \"%s\", url = \"https://npm.acme.io/\" }", "npm_"+a(36)),
		sc("deno auth tokens", "DENO_AUTH_TOKENS=%s@raw.githubusercontent.com deno run --allow-net main.ts", "ghp_"+a(36)),
		sc("cocoapods trunk token", "COCOAPODS_TRUNK_TOKEN=%s pod trunk push AcmeKit.podspec", h(32)),
		sc("luarocks upload", "luarocks upload acme-1.2.0-1.rockspec --api-key=%s", a(40)),
		sc("pause file", "# ~/.pause\nuser ACME\npassword %s", pw()),
		sc("ovsx publish", "npx ovsx publish acme-theme-1.4.0.vsix -p %s", g.uuid()),
		sc("crane auth login", "crane auth login registry.acme.io -u ci -p %s", upw()),
		sc("regctl registry login", "regctl registry login registry.acme.io --user ci --pass %s", a(40)),
		sc("uv publish token", "UV_PUBLISH_TOKEN=%s uv publish", "pypi-AgEIcHlwaS5vcmc"+u(150)),
		sc("hatch index auth", "HATCH_INDEX_USER=__token__ HATCH_INDEX_AUTH=%s hatch publish", "pypi-AgEIcHlwaS5vcmc"+u(150)),
		sc("maturin password", "MATURIN_USERNAME=ci MATURIN_PASSWORD=%s maturin upload --repository-url https://pypi.acme.io target/wheels/*", upw()),
		sc("vagrant cloud login", "vagrant cloud auth login --token %s", a(14)+".atlasv1."+a(70)),

		// Output that shows a secret.
		sc("sops decrypt output", "$ sops -d secrets/prod.yaml\ndb:\n    user: app\n    password: %s\nsops_version: 3.9.0", sopsPw),
		sc("wg genkey output", "$ wg genkey | tee /etc/wireguard/private.key\n%s\n$ chmod 600 /etc/wireguard/private.key", g.b64std(32)),
		sc("podman secret inspect", "$ podman secret inspect --showsecret db-password\n[\n    {\n        \"ID\": \""+h(25)+"\",\n        \"Spec\": {\"Name\": \"db-password\", \"Driver\": {\"Name\": \"file\"}},\n        \"SecretData\": \"%s\"\n    }\n]", pw()),
		sc("docker history arg", "$ docker history --no-trunc acme/api:2.4.0\nIMAGE          CREATED BY                                                                       SIZE\n"+h(12)+"   RUN |1 NPM_TOKEN=%s /bin/sh -c npm ci && npm run build   212MB", "npm_"+a(36)),
		sc("helm get values", "$ helm get values acme -n prod\nUSER-SUPPLIED VALUES:\npostgresql:\n  auth:\n    password: %s\n    username: app", helmPw),
		sc("kubectl get pod json env", `"env": [{"name": "DB_HOST", "value": "db"}, {"name": "DB_PASSWORD", "value": "%s"}, {"name": "LOG_LEVEL", "value": "info"}]`, pw()),
		sc("terraform console nonsensitive", "$ terraform console\n> nonsensitive(random_password.db.result)\n\"%s\"", g.s(alnum+"!#$&*()-_=+[]{}<>:?", 24)),

		// Code in more languages.
		sc("ocaml cohttp header", `let headers = Cohttp.Header.init_with "Authorization" "Bearer %s" in`, u(40)),
		sc("fsharp http header", `client.DefaultRequestHeaders.Add("X-Api-Token", "%s") |> ignore`, a(32)),
		sc("common lisp drakma", `(drakma:http-request "https://api.acme.io/v1/me" :basic-authorization '("ci" "%s"))`, upw()),
		sc("racket headers", `(get-pure-port (string->url "https://api.acme.io/v1/me") (list "Authorization: Bearer %s"))`, u(40)),
		sc("delphi indy password", "IdHTTP1.Request.BasicAuthentication := True;\nIdHTTP1.Request.Username := 'ci';\nIdHTTP1.Request.Password := '%s';", pw()),
		sc("vb.net credentials", `client.Credentials = New NetworkCredential("svc_report", "%s", "ACME")`, pw()),
		sc("tcl http headers", `set tok [http::geturl https://api.acme.io/v1/me -headers [list Authorization "Bearer %s"]]`, u(40)),
		sc("raku cro header", `my $resp = await Cro::HTTP::Client.get("https://api.acme.io/v1/me", headers => [Authorization => "Bearer %s"]);`, u(40)),
		sc("gleam request header", `request.new() |> request.set_host("api.acme.io") |> request.prepend_header("x-api-key", "%s")`, a(32)),
		sc("d std.net.curl auth", `auto http = HTTP("https://api.acme.io/v1/me");`+"\n"+`http.setAuthentication("ci", "%s");`, pw()),
		sc("hardhat config accounts", "networks: {\n    sepolia: {\n      url: \"https://sepolia.infura.io/v3/"+h(32)+"\",\n      accounts: [\"%s\"],\n    },\n  },", "0x"+h(64)),
		sc("foundry private-key flag", "forge script script/Deploy.s.sol --rpc-url $RPC_URL --private-key %s --broadcast", "0x"+h(64)),

		// Logs and traces.
		sc("axios error dump", "AxiosError: Request failed with status code 401\n    at settle (node_modules/axios/lib/core/settle.js:19:12) {\n  code: 'ERR_BAD_REQUEST',\n  config: {\n    headers: Object [AxiosHeaders] {\n      Accept: 'application/json',\n      Authorization: 'Bearer %s'\n    },\n    method: 'get',\n    url: 'https://api.acme.io/v1/me'\n  }", u(48)),
		sc("laravel ignition env", "Environment\nAPP_ENV  production\nAPP_KEY  %s\nDB_PASSWORD  %s", "base64:"+g.b64std(32), pw()),
		sc("actions add-mask echoed", "Run echo \"::add-mask::%s\"\n  echo \"::add-mask::$TOKEN\"\n  shell: /usr/bin/bash -e {0}", a(40)),
		sc("tf_log http request", "2026-01-04T10:00:00.000Z [DEBUG] provider.terraform-provider-acme: HTTP Request Sent: http.request.header.authorization=\"Bearer %s\" http.request.method=GET", u(48)),
		sc("az --debug token", "cli.azure.cli.core.sdk.policies: Request headers:\ncli.azure.cli.core.sdk.policies:     'Authorization': 'Bearer %s'", g.f6jwt(`{"typ":"JWT","alg":"RS256","x5t":"`+u(27)+`"}`, 900, 342)),
		sc("aws --debug session token", "2026-01-04 10:00:00,123 - MainThread - botocore.endpoint - DEBUG - Sending http request: <AWSPreparedRequest stream_output=False, method=POST, url=https://sts.amazonaws.com/, headers={'X-Amz-Date': b'20260104T100000Z', 'X-Amz-Security-Token': b'%s'}>", "IQoJb3JpZ2luX2VjE"+g.s(b64, 400)),
		sc("faraday logger", "INFO -- request: GET https://api.acme.io/v1/me\nINFO -- request: User-Agent: \"Faraday v2.9.0\"\nX-Api-Key: \"%s\"", a(32)),
		sc("guzzle exception url", "GuzzleHttp\\Exception\\ClientException: Client error: `GET https://ci:%s@nexus.acme.io/repository/raw/app.tgz` resulted in a `403 Forbidden` response", upw()),
		sc("tesla logger", "[info] GET https://api.acme.io/v1/me -> 200 (12.3 ms)\n[debug] >>> REQUEST >>>\nauthorization: Bearer %s", u(48)),
		sc("rust tracing fields", "2026-01-04T10:00:00.000Z  INFO acme::client: connecting endpoint=\"https://api.acme.io\" api_key=%s retries=3", a(40)),
		sc("sentry breadcrumb", `{"type": "http", "category": "fetch", "data": {"method": "GET", "url": "https://api.acme.io/v1/export?access_token=%s", "status_code": 200}}`, u(40)),
		sc("datadog log json query", `{"http": {"url_details": {"host": "api.acme.io", "path": "/v1/orders", "queryString": {"api_key": "%s"}}, "status_code": 200}}`, a(40)),
		sc("nghttp frame dump", "[  0.030] send HEADERS frame <length=60, flags=0x25, stream_id=13>\n          ; END_STREAM | END_HEADERS | PRIORITY\n          :method: GET\n          :path: /v1/me\n          authorization: Bearer %s", u(48)),
		sc("mitmproxy dump", "127.0.0.1:51234: GET https://api.acme.io/v1/me\n    Host: api.acme.io\n    X-Auth-Token: %s\n << 200 OK 312b", a(40)),

		// Database output holding a password or its hash.
		sc("pg_authid md5", " rolname | rolpassword\n---------+-------------------------------------\n app     | %s", "md5"+h(32)),
		sc("pg_user_mappings", " srvname  | usename |              umoptions\n----------+---------+-------------------------------------\n warehouse| app     | {user=etl,password=%s}", upw()),
		sc("clickhouse show create user", "SHOW CREATE USER app\n\nCREATE USER app IDENTIFIED WITH sha256_hash BY '%s' SALT '"+chSalt+"' HOST ANY", chPW),
		sc("cassandra roles", " role      | can_login | is_superuser | salted_hash\n-----------+-----------+--------------+--------------------------------------------------------------\n app       |      True |        False | %s", "$2a$10$"+g.s(alnum+"./", 53)),
		sc("sys.sql_logins hash", "name        password_hash\n----------  ------------------------------------------------------------------------------------------------------------------------------------------\napp         %s", "0x0200"+H(136)),
		sc("oracle user$ spare4", "NAME       SPARE4\n---------- ------------------------------------------------------------------------------------------\nAPP        %s", "S:"+H(60)+";T:"+H(160)),
		sc("couchdb admins", `{"admins": {"admin": "%s"}}`, "-pbkdf2-"+h(40)+","+h(32)+",10"),
		sc("rabbitmq definitions hash", `{"users": [{"name": "app", "password_hash": "%s", "hashing_algorithm": "rabbit_password_hashing_sha256", "tags": ["management"]}]}`, g.b64std(36)),
		sc("zookeeper digest acl", "[zk: localhost:2181(CONNECTED) 1] getAcl /app\n'digest,'app:%s\n: cdrwa", zkDigest),

		// Shell histories.
		sc("fish_history", "- cmd: curl -u deploy:"+fishPw+" https://nexus.acme.io/service/rest/v1/status\n  when: 1767225600", fishPw),
		sc("psreadline history", "Get-ChildItem Cert:\\LocalMachine\\My\n$pw = ConvertTo-SecureString '%s' -AsPlainText -Force\nInvoke-Command -ComputerName web01 -Credential (New-Object PSCredential('ACME\\svc', $pw)) -ScriptBlock { hostname }", pw()),
		sc("mysql_history escaped", "_HiStOrY_V2_\nshow\\040databases;\nALTER\\040USER\\040'app'@'%'\\040IDENTIFIED\\040BY\\040'"+mysqlHistPw+"';", mysqlHistPw),
		sc("sqlcipher history key", "-- ~/.sqlite_history\n.open vault.db\nPRAGMA key = '%s';\n.tables", upw()),
		sc("node_repl_history", "await stripe.customers.list({ limit: 3 })\nconst stripe = require('stripe')('%s')\n.load scripts/seed.js", "sk_live_"+a(99)),
		sc("rhistory", "library(DBI)\ncon <- dbConnect(RMariaDB::MariaDB(), host = \"db01\", user = \"analyst\", password = \"%s\")\ndbListTables(con)", pw()),
		sc("psql_history", "\\dt\nCREATE ROLE reporting LOGIN PASSWORD '%s';\n\\q", pw()),

		// Password-manager exports.
		sc("1pux export item", `{"details": {"loginFields": [{"value": "alice", "name": "username", "designation": "username"}, {"value": "%s", "name": "password", "designation": "password"}]}, "overview": {"title": "GitHub", "url": "https://github.com"}}`, spw()),
		sc("dashlane csv", "username,username2,username3,title,password,note,url,category,otpSecret\nalice@acme.io,,,Jira,%s,,https://jira.acme.io,,", upw()),
		sc("nordpass csv", "name,url,additional_urls,username,password,note,cardholdername,cardnumber,cvc,pin,expirydate,zipcode,folder,full_name,phone_number,email,address1,address2,city,country,state,type\nGrafana,https://grafana.acme.io,,admin,%s,,,,,,,,,,,,,,,,,password", upw()),
		sc("roboform csv", "Name,Url,MatchUrl,Login,Pwd,Note,Folder,RfFieldsV2\nacme vpn,https://vpn.acme.io,https://vpn.acme.io,alice,%s,,/Work,", upw()),
		sc("enpass json field", `{"fields": [{"label": "Username", "type": "username", "value": "alice"}, {"label": "Password", "type": "password", "value": "%s", "sensitive": 1}], "title": "Router"}`, spw()),
		sc("keeper json", `{"records": [{"title": "db01 root", "login": "root", "password": "%s", "login_url": "ssh://db01", "$type": "login"}]}`, spw()),
		sc("safeincloud xml", "<card title=\"Bank\" id=\"12\">\n  <field name=\"Login\" type=\"login\">alice</field>\n  <field name=\"Password\" type=\"password\">%s</field>\n</card>", pw()),

		// Recovery codes and disk passphrases.
		sc("apple recovery key", "Your recovery key is:\n%s\nPrint it and keep it somewhere safe. You'll need it to access your Apple Account if you lose your trusted devices.", appleRecovery),
		sc("tuta recovery code", "Recovery code\n%s\nPlease write down the recovery code.", tutaCode),
		sc("yubikey piv management key", "ykman piv access change-management-key --management-key 010203040506070801020304050607080102030405060708 --new-management-key %s --protect=no", h(48)),
		sc("cloudflare backup codes", "Cloudflare backup codes\n%s\n%s\n"+g.f6groups(lowNum, 3, 4, "-"), g.f6groups(lowNum, 3, 4, "-"), g.f6groups(lowNum, 3, 4, "-")),
		sc("x backup code", "Your backup code for @acme_status is %s. Keep it somewhere safe.", ln(12)),
		sc("epic backup codes", "Epic Games Backup Codes\n1. %s\n2. %s", g.s(upNum, 6), g.s(upNum, 6)),
		sc("luks key via stdin", "echo -n '%s' | sudo cryptsetup luksOpen /dev/nvme0n1p3 cryptroot --key-file=-", upw()),

		// TOTP seeds.
		sc("2fas export service", `{"services": [{"name": "GitHub", "secret": "%s", "otp": {"account": "alice", "digits": 6, "period": 30, "algorithm": "SHA1", "tokenType": "TOTP"}}], "schemaVersion": 4}`, b32(32)),
		sc("andotp json", `[{"secret": "%s", "issuer": "AWS", "label": "root", "digits": 6, "type": "TOTP", "algorithm": "SHA1", "period": 30}]`, b32(32)),
		sc("freeotp+ secret bytes", `{"tokens": [{"algo": "SHA1", "digits": 6, "issuerExt": "Acme", "label": "alice", "period": 30, "secret": [%s], "type": "TOTP"}]}`, freeotp),
		sc("ykman oath add", "ykman oath accounts add --issuer Acme --touch alice %s", b32(32)),
		sc("oath users file", "# /etc/users.oath\nHOTP/T30/6 alice - %s", h(40)),
		sc("google_authenticator file", "%s\n\" RATE_LIMIT 3 30\n\" WINDOW_SIZE 3\n\" TOTP_AUTH\n%s\n%s", gaSeed, gaScratch1, gaScratch2),
		sc("freeipa otptoken-add", "ipa otptoken-add --type=totp --owner=alice --key=%s --algo=sha1 --digits=6", b32(32)),
		sc("duo login_duo.conf", "[duo]\nikey = DI"+g.s(upNum, 18)+"\nskey = %s\nhost = api-"+h(8)+".duosecurity.com", a(40)),

		// VPN and overlay networks.
		sc("zerotier authtoken.secret", "$ sudo cat /var/lib/zerotier-one/authtoken.secret\n%s", ln(24)),
		sc("zerotier central token", `curl -H "Authorization: token %s" https://api.zerotier.com/api/v1/network`, a(32)),
		sc("netmaker enrollment key", "netclient join -t %s", g.b64std(120)),
		sc("twingate connector tokens", "TWINGATE_NETWORK=acme\nTWINGATE_ACCESS_TOKEN=%s\nTWINGATE_REFRESH_TOKEN=%s", g.f7jwt(`{"alg":"ES256","kid":"`+a(8)+`"}`, `{"ntw":"acme","aid":"`+g.digitsN(6)+`","did":"`+g.digitsN(6)+`","iat":1735689600}`, 86), u(86)),
		f5key("tinc ed25519 private key", "# /etc/tinc/acme/ed25519_key.priv\n"+tincPEM, tincBody),
		sc("outline management url", `{"apiUrl": "https://203.0.113.7:31245/%s", "certSha256": "`+H(64)+`"}`, u(22)),
		sc("nordvpn login token", "nordvpn login --token %s", h(64)),
		sc("ivpn account", "ivpn login %s", "i-"+g.f6groups(upNum, 3, 4, "-")),
		sc("mikrotik wireguard", "/interface wireguard add listen-port=13231 mtu=1420 name=wg0 private-key=\"%s\"", g.b64std(32)),
		sc("opnsense wireguard config", "<wireguard>\n  <server>\n    <servers>\n      <server uuid=\""+g.uuid()+"\">\n        <name>wg0</name>\n        <pubkey>"+g.b64std(32)+"</pubkey>\n        <privkey>%s</privkey>\n      </server>", g.b64std(32)),

		// Signing keys.
		sc("jwk rsa private members", `{"kty": "RSA", "kid": "2026-01", "n": "`+u(342)+`", "e": "AQAB", "d": "%s", "p": "%s", "q": "%s"}`, jwkD, jwkP, jwkQ),
		sc("base64 pem private key env", "JWT_PRIVATE_KEY_BASE64=%s", pemB64Env),
		sc("tuf private keyval", `{"keytype": "ed25519", "scheme": "ed25519", "keyval": {"public": "`+h(64)+`", "private": "%s"}}`, h(64)),
		sc("sparkle private ed key", "$ ./bin/generate_keys -x sparkle_private_key\n$ cat sparkle_private_key\n%s", g.b64std(32)),
		sc("tauri signing key", "TAURI_SIGNING_PRIVATE_KEY=%s\nTAURI_SIGNING_PRIVATE_KEY_PASSWORD=%s", tauriKey, upw()),
		sc("electron-builder csc", "CSC_LINK=%s\nCSC_KEY_PASSWORD=%s\nnpx electron-builder --win", cscLink, upw()),
		sc("apksigner ks-pass", "apksigner sign --ks release.jks --ks-key-alias upload --ks-pass pass:%s --key-pass pass:%s app-release-unsigned.apk", upw(), upw()),
		sc("signtool password", `signtool sign /f acme-codesign.pfx /p "%s" /fd SHA256 /tr http://timestamp.digicert.com /td SHA256 AcmeSetup.exe`, pw()),
		sc("gpg secret key export base64", "$ gpg --export-secret-keys --armor=no ci@acme.io | base64 -w0\n%s", gpgSecret),
		sc("go ed25519 seed hex", `seed, _ := hex.DecodeString("%s")`+"\n"+`priv := ed25519.NewKeyFromSeed(seed)`, h(64)),
		f5key("cloud-init host key", "#cloud-config\nssh_keys:\n  ed25519_private: |\n"+indent(cloudInitPEM, "    ")+"\n  ed25519_public: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI"+g.s(b64, 43)+" root@web01", strings.ReplaceAll(cloudInitBody, "\n", "\n    ")),

		// Wallets.
		sc("aptos config private key", "profiles:\n  default:\n    network: Mainnet\n    private_key: \"%s\"\n    account: "+h(64), aptosKey),
		sc("avalanche private key", "avalanche key create deployer --file /dev/stdin <<< \"%s\"", avaxKey),
		sc("hedera der private key", "OPERATOR_ID=0.0."+g.digitsN(7)+"\nOPERATOR_KEY=%s", hederaKey),
		sc("starknet private key", "STARKNET_ACCOUNT_ADDRESS=0x0"+h(63)+"\nSTARKNET_PRIVATE_KEY=%s", "0x0"+h(63)),
		sc("flow.json account key", `{"accounts": {"emulator-account": {"address": "f8d6e0586b0a20c7", "key": "%s"}}}`, h(64)),
		sc("zcash spending key", "$ zcash-cli z_exportkey zs1"+g.s(bech32, 75)+"\n%s", zcashKey),
		sc("bitcoin dumpwallet line", "# Wallet dump created by Bitcoin v27.0.0\n%s 2024-05-01T10:00:00Z label= # addr=bc1q"+g.s(bech32, 38), "L"+g.s(f7base58, 51)),
		sc("cosmos unarmored hex", "$ gaiad keys export validator --unarmored-hex --unsafe\n**WARNING** this is an unsafe way to export your unencrypted private key, are you sure? [y/N]: y\n%s", h(64)),
		sc("phantom base58 export", "SOLANA_PRIVATE_KEY=%s", phantom),

		// Network gear, routers and operating systems.
		sc("netsh wlan key=clear", "Security settings\n-----------------\n    Authentication         : WPA2-Personal\n    Cipher                 : CCMP\n    Security key           : Present\n    Key Content            : %s", pw()),
		sc("nmcli show secrets", "$ nmcli -s -g 802-11-wireless-security.psk connection show AcmeCorp\n%s", upw()),
		sc("android WifiConfigStore", "<string name=\"ConfigKey\">&quot;AcmeCorp&quot;WPA_PSK</string>\n<string name=\"SSID\">&quot;AcmeCorp&quot;</string>\n<string name=\"PreSharedKey\">&quot;%s&quot;</string>", upw()),
		sc("pi imager custom.toml", "[user]\nname = \"pi\"\npassword = \"%s\"\npassword_encrypted = false\n\n[wlan]\nssid = \"AcmeCorp\"\npassword = \"%s\"", pw(), pw()),
		sc("openwrt wireless config", "config wifi-iface 'default_radio0'\n\toption device 'radio0'\n\toption mode 'ap'\n\toption ssid 'AcmeCorp'\n\toption encryption 'psk2'\n\toption key '%s'", upw()),
		sc("unifi wlanconf json", `{"name": "AcmeCorp", "security": "wpapsk", "wpa_mode": "wpa2", "x_passphrase": "%s", "enabled": true}`, pw()),
		sc("edgeos plaintext-password", "set system login user ops authentication plaintext-password '%s'", pw()),
		sc("cisco enable secret 9", "hostname core-sw01\nenable secret 9 %s\nusername admin privilege 15 secret 9 %s", ciscoHash, "$9$"+g.s(alnum+"./", 14)+"$"+g.s(alnum+"./", 43)),
		sc("arista sha512 secret", "username admin privilege 15 role network-admin secret sha512 %s", "$6$"+g.s(alnum+"./", 16)+"$"+g.s(alnum+"./", 86)),
		sc("huawei irreversible-cipher", "local-user admin password irreversible-cipher %s", "$1c$"+g.s(alnum+"!@#^&*()<>", 60)+"$"),
		sc("mremoteng default key", `<Node Name="db01" Type="Connection" Username="administrator" Domain="ACME" Password="%s" Hostname="10.0.0.5" Protocol="RDP" />`, mremote),

		// Human-made passwords in more ordinary slots.
		sc("json settings sentence password", `{"smtp": {"host": "smtp.acme.io", "user": "alerts", "password": "%s"}}`, g.f8pass(6)),
		sc("cyrillic password env", "DB_PASSWORD=%s", g.f8pass(3)),
		sc("corporate default in yaml", "ldap:\n  bind_dn: cn=svc-wiki,ou=svc,dc=acme,dc=io\n  bind_password: %s", g.f8pass(2)),
		sc("dotted diceware in davfs2 secrets", "# /etc/davfs2/secrets\nhttps://cloud.acme.io/remote.php/dav/files/alice alice %s", g.f8pass(0)),
		sc("name and year in gvfs url", "gio mount davs://alice:%s@cloud.acme.io/remote.php/dav/files/alice", g.f8pass(1)),
		sc("symbol-heavy in flyway.toml", "[environments.prod]\nurl = \"jdbc:postgresql://db01/app\"\nuser = \"flyway\"\npassword = \"%s\"", g.f8pass(4)),
		sc("sentence passphrase to keepassxc-cli", `echo "%s" | keepassxc-cli ls ~/vault.kdbx Work`, g.f8pass(6)),
	}
}

func fresh8Innocent(g *gen) []string {
	h := func(n int) string { return g.s(hexLow, n) }
	H := func(n int) string { return g.s(hexUp, n) }
	a := func(n int) string { return g.s(alnum, n) }
	u := func(n int) string { return g.s(b64url, n) }
	ln := func(n int) string { return g.s(lowNum, n) }
	ulid := func() string { return "01J" + g.s(crockfd, 23) }
	rsaPubJWK := `{"kty": "RSA", "kid": "2026-01", "use": "sig", "alg": "RS256", "n": "` + u(342) + `", "e": "AQAB"}`
	return []string{
		// Coding agents and AI front ends: ids, helpers and references, no credential.
		`{"auth_mode": "chatgpt", "OPENAI_API_KEY": null, "tokens": null, "last_refresh": "2026-01-04T10:00:00Z"}`,
		`{"apiKeyHelper": "~/bin/get-llm-key.sh", "env": {"ANTHROPIC_BASE_URL": "https://llm-gw.acme.io", "CLAUDE_CODE_USE_BEDROCK": "0"}}`,
		`{"id": "chatcmpl-` + a(29) + `", "object": "chat.completion", "system_fingerprint": "fp_` + h(10) + `"}`,
		`{"id": "resp_` + h(48) + `", "object": "response", "status": "completed"}`,
		`{"id": "msg_01` + a(22) + `", "type": "message", "role": "assistant", "stop_reason": "tool_use"}`,
		`{"type": "tool_use", "id": "toolu_01` + a(22) + `", "name": "bash"}`,
		"request-id: req_011C" + a(18) + "\nanthropic-ratelimit-tokens-remaining: 398000",
		"x-ratelimit-remaining-tokens: 149984\nx-request-id: req_" + h(32),
		`{"conversation_id": "` + g.uuid() + `", "message_id": "` + g.uuid() + `", "task_id": "` + g.uuid() + `"}`,
		"https://flowise.acme.io/api/v1/prediction/" + g.uuid(),
		"$ ollama show llama3.1:8b --modelfile | head -2\n# Modelfile generated by \"ollama show\"\nFROM /usr/share/ollama/.ollama/models/blobs/sha256-" + h(64),
		"wandb: Syncing run " + ln(8) + "\nwandb: View run at https://wandb.ai/acme/evals/runs/" + ln(8),
		"https://cloud.langfuse.com/project/cl" + ln(23) + "/traces/" + h(32),
		"MINIMAX_GROUP_ID=" + g.digitsN(19),
		`hl.prompts.call(path="support/triage", prompt={"model": "gpt-4o"}, inputs={"ticket": ticket})`,

		// Observability and incidents.
		"traceparent: 00-" + h(32) + "-" + h(16) + "-01\ntracestate: congo=t61rcWkgMzE",
		"X-B3-TraceId: " + h(32) + "\nX-B3-SpanId: " + h(16) + "\nX-B3-Sampled: 1",
		"x-datadog-trace-id: " + g.digitsN(19) + "\nx-datadog-parent-id: " + g.digitsN(19),
		"Sentry event " + h(32) + " captured for release api@2.4.0",
		"Incident INC-" + g.digitsN(4) + " (" + ulid() + ") declared by alice, severity: major",
		"PagerDuty incident Q" + g.s(upNum, 13) + " acknowledged",
		"https://app.firehydrant.io/incidents/" + g.uuid() + "/timeline",
		`new Appsignal({ key: "` + g.uuid() + `", revision: "` + h(40) + `" })`,
		`posthog.init('phc_` + a(43) + `', { api_host: 'https://eu.i.posthog.com' })`,
		"$ cat /var/lib/netdata/registry/netdata.public.unique.id\n" + g.uuid(),
		"OK - 10.0.0.5: rta 0.412ms, lost 0% | rta=0.412ms;200.000;500.000;0; pl=0%;40;80;;",
		"Grafana dashboard uid " + a(14) + " saved, version 12",
		`{"jsonrpc": "2.0", "result": [{"hostid": "10084", "host": "web01"}, {"hostid": "10085", "host": "db01"}], "id": 1}`,
		`{"jsonrpc": "2.0", "method": "apiinfo.version", "params": [], "id": 1}`,
		"checkmk agent registered: uuid " + g.uuid() + " at site prod",

		// Feature flags, CMSs and search: public keys and ids.
		`const client = new DevCycle.Client("dvc_client_` + g.uuid() + `_` + h(7) + `");`,
		"STORYBLOK_SPACE_ID=" + g.digitsN(6) + "\nSTORYBLOK_REGION=eu",
		`const Stack = contentstack.Stack({ api_key: "blt` + h(16) + `", environment: "production", region: "eu" });`,
		"https://api-eu-west-2.hygraph.com/v2/" + ln(25) + "/master",
		`curl https://api.webflow.com/v2/sites/` + h(24) + `/collections -H "authorization: Bearer $WEBFLOW_API_TOKEN"`,
		`wix-site-id: ` + g.uuid(),
		`{"data": {"publication": {"id": "` + h(24) + `", "title": "Acme Engineering"}}}`,
		"https://dev.to/acme/shipping-a-capture-drain-" + ln(4),
		"const searchClient = algoliasearch('" + g.s(upNum, 10) + "', process.env.NEXT_PUBLIC_ALGOLIA_SEARCH_KEY);",
		`{"took": 12, "timed_out": false, "_shards": {"total": 1, "successful": 1}, "hits": {"total": {"value": 3}}, "pit_id": "` + g.b64std(60) + `"}`,
		"BONSAI_CLUSTER=acme-search-" + g.digitsN(10) + ".eu-west-1.bonsaisearch.net",
		`<script>window.ConstructorioClient = new ConstructorioClient({ apiKey: "key_` + a(16) + `" });</script>`,

		// Data platforms and vector stores.
		"Airbyte connection " + g.uuid() + " synced 48213 records",
		"dagster run " + g.uuid() + " finished: SUCCESS",
		"https://app.prefect.cloud/account/" + g.uuid() + "/workspace/" + g.uuid() + "/runs/flow-run/" + g.uuid(),
		"https://app.mode.com/acme/reports/" + h(12),
		"https://app.sigmacomputing.com/acme/workbook/Revenue-" + a(22),
		`Ref(Collection("users"), "` + g.digitsN(18) + `")`,
		"segment orders_OFFLINE_" + g.digitsN(13) + "_" + g.digitsN(13) + "_0 uploaded to table orders_OFFLINE",
		"rpk cluster info\nCLUSTER\n=======\nredpanda." + g.uuid(),
		"hub://acme/support-tickets-embeddings",
		"corpus_key: docs-" + ln(6),
		"ROCKSET_APISERVER=api.euc1a1.rockset.com\nquery id " + g.uuid(),

		// Game platforms.
		"steam_appid.txt: " + g.digitsN(7),
		"https://www.roblox.com/games/" + g.digitsN(11) + "/Acme-Obby",
		"universe " + g.digitsN(10) + " place " + g.digitsN(11) + " published version 42",
		"https://acme.itch.io/space-game",
		`[preset.0]` + "\n" + `name="Windows Desktop"` + "\n" + `platform="Windows Desktop"` + "\n" + `encrypt_pck=true` + "\n" + `script_export_mode=2`,
		`GameAnalytics.configureBuild("1.4.0"); // game key ` + h(32) + ` is public`,
		`_bc.Initialize("` + g.digitsN(5) + `", secretFromServer, "1.0.0");`,
		"EU-Silvermoon realm id 3391, character " + g.digitsN(9),

		// Regional clouds and PaaS.
		"server uuid " + g.uuid() + " state started zone fi-hel1",
		"clever applications: app_" + g.uuid() + " (acme-api)",
		"scalingo apps-info --app acme-api\nID: " + h(24),
		"koyeb service " + h(8) + " redeployed, deployment " + h(8),
		"platform environment:info -p " + ln(13) + " -e main",
		"Hetzner Robot server #" + g.digitsN(7) + " (EX44) rescue system activated",
		"STACKIT_PROJECT_ID=" + g.uuid(),
		"Leaseweb server " + g.digitsN(8) + " contract " + g.digitsN(8),

		// Telecom.
		`{"id": "` + g.digitsN(13) + `` + ln(6) + `", "owner": "+4915100000000", "applicationId": "` + g.uuid() + `", "direction": "out"}`,
		`{"reference_id": "` + H(32) + `", "status": {"code": 290, "description": "Message in progress"}}`,
		"https://stream.mux.com/" + a(40) + ".m3u8",
		"https://image.mux.com/" + a(40) + "/thumbnail.jpg?time=5",
		"https://acme.daily.co/standup-" + ln(6),
		`{"room_id": "` + h(24) + `", "session_id": "` + h(24) + `"}`,
		`{"call_id": "` + h(32) + `", "call_status": "ended", "disconnection_reason": "user_hangup"}`,
		"EID: 89049032" + g.digitsN(24),
		"SMPP submit_sm_resp message_id=" + h(16) + " command_status=0",
		"RingCentral extension " + g.digitsN(9) + " presence: Available",

		// Banking.
		"UETR: " + g.uuid() + "\n:20:ACME" + g.digitsN(12) + "\n:32A:260104EUR1250,00",
		"EndToEndId: E2E-ACME-" + g.digitsN(10),
		"Routing number 021000021, account ****" + g.digitsN(4),
		"Card 4111 11** **** 1111, exp 12/28",
		`{"_id": "acc_` + ln(25) + `", "name": "Everyday", "type": "CHECKING"}`,
		`{"id": "tx_0000` + a(18) + `", "amount": -450, "currency": "GBP", "description": "COFFEE"}`,
		`{"type": "accounts", "id": "` + g.uuid() + `", "attributes": {"displayName": "Spending"}}`,
		"ConsentId: urn-alphabank-intent-" + g.digitsN(5),
		`{"id": "payment_` + h(32) + `", "status": "CLO", "amount": 100}`,
		`{"id": "int_hkdm` + ln(20) + `", "status": "SUCCEEDED"}`,
		"PhonePe merchantTransactionId MT" + g.digitsN(16) + " state COMPLETED",
		"X-Akahu-Id: app_token_" + ln(25),

		// ERP and CRM.
		"https://acme.pipedrive.com/deal/" + g.digitsN(5),
		"xero-tenant-id: " + g.uuid(),
		"Harvest-Account-Id: " + g.digitsN(6),
		`{"id": {"workspace_id": "` + g.uuid() + `", "object_id": "` + g.uuid() + `", "record_id": "` + g.uuid() + `"}}`,
		"Invoice FA2601-" + g.digitsN(4) + " validated in Dolibarr",
		"Company('" + g.uuid() + "') customers: 214",
		"e-conomic agreement " + g.digitsN(7) + ", voucher " + g.digitsN(5),
		"monday board " + g.digitsN(10) + " item " + g.digitsN(10) + " moved to Done",
		"Toggl workspace_id " + g.digitsN(7) + " project_id " + g.digitsN(9),
		"<controlid>" + g.uuid() + "</controlid>\n<status>success</status>",

		// Mail: message ids, DKIM signatures and DNS authentication records.
		"DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=acme.io; s=s1; h=from:to:subject:date; bh=" + g.b64std(32) + "; b=" + g.b64std(256),
		"ARC-Seal: i=1; a=rsa-sha256; t=1767225600; cv=none; d=google.com; s=arc-20240605; b=" + g.b64std(128),
		"acme.io. 3600 IN TXT \"v=spf1 include:_spf.google.com include:mailgun.org ~all\"",
		"_dmarc.acme.io. 3600 IN TXT \"v=DMARC1; p=quarantine; rua=mailto:dmarc@acme.io\"",
		"s1._domainkey.acme.io. 3600 IN TXT \"v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + g.s(b64, 300) + "\"",
		"Message-ID: <" + h(32) + "@mail.acme.io>",
		`_cio.identify({ id: "42" }); // site id ` + h(20),
		"Braze.configure(apiKey: \"" + g.uuid() + "\", endpoint: \"sdk.fra-02.braze.eu\")",
		"Postmark MessageID: " + g.uuid(),
		"bounce address: bounce-zem." + h(16) + "@bounce.zeptomail.eu",

		// Identity platforms.
		"NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY=pk_live_" + b64text("clerk.acme.io$"),
		"WORKOS_CLIENT_ID=client_01" + g.s(crockfd, 24),
		"DESCOPE_PROJECT_ID=P2" + a(26),
		`const magic = new Magic("pk_live_` + H(16) + `");`,
		`{"issuer": "https://auth.acme.io/oidc", "jwks_uri": "https://auth.acme.io/oidc/jwks", "response_types_supported": ["code"]}`,
		"db-anon-role = \"web_anon\"\njwt-secret = \"@/run/secrets/postgrest_jwt\"",
		"secrets:\n  cookie:\n    - ${KRATOS_COOKIE_SECRET}\n  cipher:\n    - ${KRATOS_CIPHER_SECRET}",
		"staticClients:\n- id: grafana\n  secretEnv: GRAFANA_OAUTH_SECRET",
		"ZITADEL_MASTERKEYFROMENV=true",
		"https://auth.acme.io/if/flow/default-authentication-flow/",

		// Payments.
		`recurly.configure('ewr1-` + a(22) + `');`,
		`Omise.setPublicKey("pkey_` + ln(19) + `");`,
		"Polar organization " + g.uuid() + " checkout " + g.uuid(),
		"BTCPay store " + g.s(f7base58, 44) + " invoice " + g.s(f7base58, 22),
		`{"payment_id": "` + g.digitsN(10) + `", "payment_status": "finished", "pay_currency": "btc"}`,
		"LEMONSQUEEZY_STORE_ID=" + g.digitsN(5),

		// The new config formats with references, not values.
		"{ database = { password | String = std.string.from_utf8 (import \"/run/secrets/db\") } }",
		"{:db {:password #env DB_PASSWORD}}",
		"{\n  apiKey: ${ACME_API_KEY}\n  region: eu-west-1\n}",
		"@secure()\nparam adminPassword string",
		"using './main.bicep'\nparam sqlAdminPassword = az.getSecret('" + g.uuid() + "', 'rg-prod', 'kv-acme', 'sql-admin')",
		`{"parameters": {"adminPassword": {"reference": {"keyVault": {"id": "/subscriptions/` + g.uuid() + `/resourceGroups/rg/providers/Microsoft.KeyVault/vaults/kv-acme"}, "secretName": "vmAdminPassword"}}}}`,
		"Parameters:\n  DbPassword:\n    Type: String\n    NoEcho: true",
		"provider:\n  environment:\n    PAYMENT_API_KEY: ${ssm:/acme/prod/payment-api-key}",
		`{"context": {"@aws-cdk/aws-iam:minimizePolicies": true, "acme:env": "prod"}}`,
		"variable \"NPM_TOKEN\" {\n  default = \"\"\n}",
		"RUN --secret id=npm,env=NPM_TOKEN npm ci",
		`{"env": {"PGHOST": "$PWD/.devbox/virtenv/postgresql", "PGPORT": "5432"}}`,
		"version: '3'\ndotenv: ['.env']\ntasks:\n  deploy:\n    cmds:\n      - ./deploy.sh",
		"[vars]\nENVIRONMENT = \"production\"\n# STRIPE_SECRET is set with: wrangler secret put STRIPE_SECRET",
		"envVars:\n  - key: SESSION_SECRET\n    generateValue: true\n  - key: DATABASE_URL\n    fromDatabase:\n      name: db\n      property: connectionString",
		"availableSecrets:\n  secretManager:\n  - versionName: projects/acme/secrets/slack-token/versions/latest\n    env: SLACK_TOKEN",

		// Tunnels, package tools and CLI output without a secret.
		"auth.token = \"{{ .Envs.FRP_AUTH_TOKEN }}\"",
		"chisel server --port 8080 --reverse --authfile /etc/chisel/users.json\nFingerprint " + g.b64std(32),
		"[install.scopes]\n\"@acme\" = { token = \"$NPM_TOKEN\", url = \"https://npm.acme.io/\" }",
		"$ wg pubkey < /etc/wireguard/private.key\n" + g.b64std(32),
		"interface: wg0\n  public key: " + g.b64std(32) + "\n  private key: (hidden)\n  listening port: 51820",
		"$ podman secret ls\nID                         NAME         DRIVER  CREATED      UPDATED\n" + h(25) + "  db-password  file    2 hours ago  2 hours ago",
		"$ crane digest ghcr.io/acme/api:2.4.0\nsha256:" + h(64),
		"uv publish --trusted-publishing always",
		"Uploading acme-1.2.0-1.rockspec... Done: https://luarocks.org/modules/acme/acme",

		// References in the languages of this table.
		`let api_key = Sys.getenv "ACME_API_KEY" in`,
		`let apiKey = Environment.GetEnvironmentVariable "ACME_API_KEY"`,
		`(defparameter *api-key* (uiop:getenv "ACME_API_KEY"))`,
		`(define api-key (getenv "ACME_API_KEY"))`,
		`ApiKey := GetEnvironmentVariable('ACME_API_KEY');`,
		`Dim apiKey As String = Environment.GetEnvironmentVariable("ACME_API_KEY")`,
		`set api_key $::env(ACME_API_KEY)`,
		`my $api-key = %*ENV<ACME_API_KEY>;`,
		`let assert Ok(api_key) = envoy.get("ACME_API_KEY")`,
		`accounts: [vars.get("DEPLOYER_PRIVATE_KEY")],`,
		"uint256 deployerKey = vm.envUint(\"PRIVATE_KEY\");\nforge script script/Deploy.s.sol --account deployer --broadcast",

		// Logs that mask what they hold.
		"Run docker login -u ci -p *** registry.acme.io\nLogin Succeeded",
		"2026-01-04T10:00:00.000Z [DEBUG] provider: HTTP Request Sent: http.request.header.authorization=\"Bearer [REDACTED]\"",
		"cli.azure.cli.core.sdk.policies:     'Authorization': '*****'",
		"Authorization: AWS4-HMAC-SHA256 Credential=AKIA" + g.s(upNum, 16) + "/20260104/eu-west-1/s3/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=" + h(64),
		"Authorization: SharedKey acmestorage:" + g.b64std(32),
		"x-amz-content-sha256: " + h(64) + "\nx-amz-request-id: " + g.s(upNum, 16) + "\nx-amz-id-2: " + g.b64std(54),
		"[  0.012] recv SETTINGS frame <length=18, flags=0x00, stream_id=0>\n          (niv=3)\n          [SETTINGS_MAX_CONCURRENT_STREAMS(0x03):100]",
		"AxiosError: timeout of 5000ms exceeded\n    at RedirectableRequest.handleRequestTimeout (node_modules/axios/lib/adapters/http.js:647:16) {\n  code: 'ECONNABORTED'\n}",

		// Database output without a credential.
		" rolname | rolcanlogin | rolpassword\n---------+-------------+-------------\n app     | t           | ********",
		"CREATE USER app IDENTIFIED WITH ldap SERVER 'corp_ldap' HOST ANY",
		" role      | can_login | is_superuser\n-----------+-----------+--------------\n app       |      True |        False",
		`{"users": [{"name": "app", "hashing_algorithm": "rabbit_password_hashing_sha256", "tags": ["management"], "limits": {}}]}`,
		"[zk: localhost:2181(CONNECTED) 2] getAcl /config\n'world,'anyone\n: r\n'x509,'CN=admin\n: cdrwa",

		// History lines and exports that hold no secret.
		"- cmd: set -x API_TOKEN (op read op://Private/acme-api/credential)\n  when: 1767225600",
		"$pw = Get-Secret -Name svc-backup -AsPlainText:$false\nGet-ChildItem Cert:\\LocalMachine\\My",
		"_HiStOrY_V2_\nshow\\040databases;\nuse\\040app;\nselect\\040count(*)\\040from\\040orders;",
		"name,url,additional_urls,username,password,note,cardholdername,cardnumber,cvc,pin,expirydate,zipcode,folder,full_name,phone_number,email,address1,address2,city,country,state,type",
		`{"overview": {"title": "GitHub", "url": "https://github.com", "uuid": "` + strings.ToLower(g.s(base32, 26)) + `"}, "state": "active", "createdAt": 1735689600}`,

		// Recovery, TOTP and VPN neighbours.
		`{"servicesEncrypted": "` + g.b64std(300) + `:` + g.b64std(32) + `:` + g.b64std(12) + `", "schemaVersion": 4}`,
		"$ ykman oath accounts list\nAcme:alice\nGitHub:alice",
		"[duo]\nikey = DI" + g.s(upNum, 18) + "\nskey = ${DUO_SKEY}\nhost = api-" + h(8) + ".duosecurity.com",
		"\" RATE_LIMIT 3 30\n\" WINDOW_SIZE 17\n\" DISALLOW_REUSE\n\" TOTP_AUTH",
		"200 info " + h(10) + " 1.14.0 ONLINE\n200 listnetworks " + h(16) + " acme-lan " + colonHex(g, 6) + " OK PRIVATE ztabcdef12 10.147.17.5/24",
		"Ed25519PublicKey = " + g.s(b64, 43),
		`{"certSha256": "` + H(64) + `", "apiUrl": "https://203.0.113.7:31245/${OUTLINE_API_PREFIX}"}`,
		"/interface wireguard peers add interface=wg0 public-key=\"" + g.b64std(32) + "\" allowed-address=10.8.0.2/32",
		"Connected to de-fra-wg-004 (193.27.14.2) — NordLynx, uptime 3 minutes",

		// Public keys, addresses and hashes that share a shape with private keys.
		rsaPubJWK,
		"<key>SUPublicEDKey</key>\n<string>" + g.b64std(32) + "</string>",
		`"plugins": {"updater": {"pubkey": "` + b64text("untrusted comment: minisign public key "+H(16)+"\nRWT"+g.s(b64, 53)+"\n") + `"}}`,
		"Signer #1 certificate SHA-256 digest: " + h(64) + "\nSigner #1 certificate SHA-1 digest: " + h(40),
		"SignTool Verify: Successfully verified: AcmeSetup.exe\nIssued to: Acme Ltd\nSHA1 hash: " + H(40),
		"$ gpg --export ci@acme.io | base64 -w0\nmQINBG" + g.s(b64, 400),
		"account: 0x" + h(64) + "\nsequence_number: 42",
		"Starknet contract deployed at 0x0" + h(63),
		"Solana tx signature " + g.s(f7base58, 88) + " confirmed in slot " + g.digitsN(9),
		"txid " + h(64) + " vout 1 (0.015 BTC)",
		"X-avax1" + g.s(bech32, 38),
		"Hedera account 0.0." + g.digitsN(7) + " public key 302a300506032b6570032100" + h(64),
		"flow address 0x" + h(16),
		"zcash transparent address t1" + g.s(f7base58, 33),
		"cosmosvaloper1" + g.s(bech32, 38),

		// Network gear and operating systems.
		"Security settings\n-----------------\n    Authentication         : WPA2-Personal\n    Security key           : Present",
		"$ nmcli -g NAME,UUID connection show\nAcmeCorp:" + g.uuid() + "\nWired connection 1:" + g.uuid(),
		"config wifi-iface 'default_radio0'\n\toption ssid 'AcmeCorp'\n\toption encryption 'psk2'\n\toption network 'lan'",
		"set system login user ops authentication public-keys ops@laptop type ssh-ed25519",
		"core-sw01#show running-config | include secret\nenable secret 9 <removed>",
		"interface GigabitEthernet0/1\n description uplink to fw01\n switchport mode trunk",

		// Hex of ordinary text and version strings.
		"$ xxd -p README.md | head -1\n" + hex.EncodeToString([]byte("# Acme API\n\nRun make build, then make test.")),
		"OCaml 5.2.0\nRacket v8.14 [cs]\nRakudo v2024.06",
		"gleam 1.4.1\nDMD64 D Compiler v2.109.1\ntclsh 8.6.14",
		"Hardhat 2.22.6\nforge 0.2.0 (" + h(7) + " 2024-07-01T00:20:49.123Z)",
	}
}

// TestFresh8Table measures the tenth table and prints only its summary: per-case misses show
// only with ANAMNESIS_REDACT_FRESH8_MISSES=1, for a report after tuning is over. The floors sit a
// little under the baseline measured when the table was written (see the commit that added it),
// so a regression fails while an honest improvement passes.
func TestFresh8Table(t *testing.T) {
	// Baseline when the table was written (round 8's rules, main at 4c50002, three draws):
	// recall 899/1047 (85.9%), false positives 76/645 (11.8%). The floors leave a little room
	// for draws, not for a regression.
	checkWellFormed(t, "fresh8", fresh8Secrets, fresh8Innocent)
	// Round 10 read its odd half's misses (TestFresh8Halves): 933/1047 (89.1%), 61/645 (9.5%),
	// not a blind figure any more. The floors sit a little under it.
	measureTable(t, "fresh8", fresh8Secrets, fresh8Innocent, 0.87, 0.12)
}
