package redact

import (
	"encoding/hex"
	"strings"
	"testing"
)

// The eleventh table (issue 15, measured on main at 13e740b): written blind — by someone
// who did not read the rule files — from shapes a user pastes into an agent session in 2026,
// choosing only kinds that none of the earlier tables (fresh … fresh8) names. On the secret side:
// error trackers and log sinks (Raygun, Airbrake, Logflare, Baselime, LogDNA, StatusCake); LLM
// evaluation, tracing and routing services (Lunary, Laminar, Opik, Traceloop, AgentOps, Agenta,
// Parea, Patronus, Galileo, Vellum, Pezzo, Orq, OpenPipe, Not Diamond, Glama, Eden AI, Requesty,
// Keywords AI, Unify); feature flags (AB Tasty Flagship, Tggl, Molasses); CMSs
// (Agility, Kontent.ai, Magnolia, Squidex, Caisy, Sitecore, Bloomreach, Kirby, Tina);
// search (Quickwit, Searchspring, Lucidworks, Yext, Luigi's Box); data warehouses
// and pipelines (Redshift, Exasol, Greenplum, Databend, StarRocks, RisingWave, Cube, Stitch,
// Meltano, RudderStack, MyScale); low-code and internal tools (Retool, Appsmith, Budibase,
// NocoDB, Baserow, Windmill, Coda, Zapier, Rocket.Chat, Huly); game backends and stores
// (Beamable, Colyseus, SpacetimeDB, Metaplay, Xsolla, Tebex, CurseForge, Modrinth);
// regional clouds (JD Cloud, Kingsoft, UCloud, QingCloud, Sealos, Zeabur, netcup);
// telecom (Kaleyra, Esendex, BulkSMS, Routee, Unifonic, Hubtel, Arkesel, Voximplant, Zadarma,
// sipgate, SMSAPI, SMS.ru, Textlocal); banking and open banking (Teller, Synctera, Treasury
// Prime, Moov, Basiq, Pluggy, Fintoc, Enable Banking, Monzo, Starling, Griffin, Modulr, Qonto);
// ERP and CRM (SugarCRM, Insightly, Freshsales, Close, Acumatica, Epicor, Exact Online,
// Lexoffice, DATEV, Visma, Holded, Capsule, Bitrix24 webhooks, amoCRM, Twenty, EspoCRM, SuiteCRM,
// Vtiger); status pages and security tools (Hyperping, Instatus, Cachet, OneUptime, groundcover,
// Last9, Cribl, Wazuh, CrowdSec bouncer keys as printed, Semgrep, Socket, Aikido, Veracode,
// Codacy); secret stores and PAM (Akeyless, Conjur, Delinea tss, Passbolt, Psono, Vaultwarden's
// ADMIN_TOKEN); home automation, media servers and backups (Zigbee2MQTT network keys, Tuya local
// keys, Hue bridge user names, Ring refresh tokens in Homebridge, Shelly, Frigate, Radarr,
// Prowlarr, SABnzbd, NZBGet, Immich, Paperless, Pi-hole, AdGuard Home, Duplicati, Wasabi,
// Hetzner Storage Box, IDrive e2); notebooks, BI, scraping and agent platforms (Streamlit
// secrets.toml, Deepnote, Observable, Lightdash, Evidence, Hex, marimo, Gradio, Qlik,
// ThoughtSpot, Power BI, Excel .odc, Apify, ScrapingBee, SerpApi, Bright Data, Oxylabs, Zyte,
// Novita, Cerebrium, Bland, Synthflow, Pipecat, Relevance, Glean, Writer); tool formats and
// languages (DOTENV_KEY, Skaffold, KrakenD, APISIX, Packer pkrvars, Butane and Subiquity password
// hashes, Ballerina Config.toml, Mojo, a Fortran namelist, COBOL, Prolog, Janet, Fennel, Elvish,
// xonsh, VBA, Power Query, osascript, Lua, zig build options, HTTP/2 traces, HAR cookies); and
// wallets of chains not named before (an XRPL family seed, an Algorand 25-word mnemonic, a
// Polkadot keyring unlock).
//
// The look-alikes are what sits beside them: ids of crashes, projects, accounts, enrollments,
// portals, items and queries of those services; addresses on those chains; public SDK keys and
// site ids; digests, cursors and fingerprints the same tools print; references, encrypted and
// masked values in the same slots; and version strings. It is generated at run time, so no
// live-looking secret sits in the repository, and it is never tuned on after its baseline.
//
// What counts as a placeholder follows fresh2, fresh6, fresh7 and fresh8 so the sets agree: a
// variable or template reference ($VAR, ${VAR}, $(cmd), %VAR%, {{ x }}, #{x}, <x>), an empty,
// null or masked value (***, xxx, ..., •••, [REDACTED]), a function or lookup (getenv, a secret
// manager path, LoadCredential= of a file) and the documented dummy words changeme / your-... /
// replace_me / example. Any other value in a password slot is a password, however ordinary it
// looks. A value encrypted for a key held elsewhere (a PGP message) holds no secret in the clear; a
// value encoded reversibly (base64 of user:pass) and a password hash do. A signature or digest over one
// request, a public key, an address and a public client id are not secrets.

// f9pass is a human-made password in shapes the earlier generators do not use: a Bitwarden-style
// passphrase (Title-case words, hyphens, one digit), a German word with an umlaut and a year, a
// six-digit PIN in a PIN slot, a reversed word with symbols, and a word, a colon and a number.
func (g *gen) f9pass(i int) string {
	words := []string{"Anchor", "Bramble", "Cobalt", "Drizzle", "Ember", "Gravel", "Hickory", "Ivory"}
	de := []string{"Schöneberg", "Bärchen", "Grüntee", "Straße", "Übermut"}
	rev := []string{"nogard", "retsnom", "ognam", "elppa"}
	pick := func(l []string) string { return l[g.r.IntN(len(l))] }
	switch i % 5 {
	case 0:
		return pick(words) + "-" + pick(words) + "-" + pick(words) + g.s(digits, 1)
	case 1:
		return pick(de) + "19" + g.s(digits, 2)
	case 2:
		return pick(rev) + "$$" + g.s(digits, 3) + "%"
	case 3:
		return strings.ToLower(pick(words)) + ":" + g.s(digits, 4) + "Zz"
	default:
		return pick(words) + g.s(digits, 2) + "&" + pick(words)
	}
}

func (g *gen) f9pw() string { return g.f9pass(g.r.IntN(5)) }

func fresh9Secrets(g *gen) []secretCase {
	h := func(n int) string { return g.s(hexLow, n) }
	H := func(n int) string { return g.s(hexUp, n) }
	a := func(n int) string { return g.s(alnum, n) }
	u := func(n int) string { return g.s(b64url, n) }
	ln := func(n int) string { return g.s(lowNum, n) }
	d := g.digitsN
	id := g.uuid
	b58 := func(n int) string { return g.s("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz", n) }
	pw := g.f9pw
	var cs []secretCase
	add := func(c ...secretCase) { cs = append(cs, c...) }

	// Error trackers and log sinks.
	add(
		sc("raygun api key", `Raygun.Client = new RaygunClient("%s");`, a(22)),
		sc("raygun pat", "curl -H 'X-Raygun-PAT: %s' https://api.raygun.com/v3/applications", a(40)),
		sc("airbrake project key", "Airbrake.configure do |c|\n  c.project_id = 287134\n  c.project_key = '%s'\nend", h(32)),
		sc("airbrake user key", "AIRBRAKE_USER_KEY=%s airbrake deploy --env production", h(40)),
		sc("logflare api key", `{"url": "https://api.logflare.app/logs?source=`+id()+`", "headers": {"X-API-KEY": "%s"}}`, a(12)),
		sc("baselime api key", "baselime login --api-key %s", h(40)),
		sc("logdna ingestion key", "[Service]\nEnvironment=LOGDNA_INGESTION_KEY=%s\nExecStart=/usr/bin/logdna-agent", h(32)),
		sc("statuscake api token", "statuscake_api_token = \"%s\"", a(32)),
		sc("airbrake notifier in js", "new Notifier({ projectId: 412233, projectKey: '%s', environment: 'production' })", h(32)),
		sc("raygun4net config", `<RaygunSettings apikey="%s" />`, a(22)),
	)

	// LLM evaluation, tracing and routing services.
	add(
		sc("lunary private key", "LUNARY_PRIVATE_KEY=%s", id()),
		sc("laminar project key", `Laminar.initialize(project_api_key="%s")`, a(64)),
		sc("opik api key", "opik configure --api-key %s --workspace acme", a(25)),
		sc("traceloop api key", "export TRACELOOP_API_KEY=%s", "tl_"+h(32)),
		sc("agentops api key", `agentops.init(api_key="%s", default_tags=["prod"])`, id()),
		sc("agenta api key", "AGENTA_API_KEY=%s\nAGENTA_HOST=https://cloud.agenta.ai", a(8)+"."+a(40)),
		sc("parea api key", `p = Parea(api_key="%s")`, a(40)),
		sc("patronus api key", "PATRONUS_API_KEY=%s", "sk-"+u(40)),
		sc("galileo api key", "GALILEO_API_KEY=%s\nGALILEO_CONSOLE_URL=https://console.galileo.ai", u(43)),
		sc("vellum api key", "from vellum.client import Vellum\nclient = Vellum(api_key=\"%s\")", a(48)),
		sc("pezzo api key", "PEZZO_API_KEY=%s\nPEZZO_PROJECT_ID="+ln(25), "pez_"+h(40)),
		sc("orq api key", `const orq = new Orq({ apiKey: "%s" });`, "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9."+u(120)+"."+u(43)),
		sc("openpipe api key", "OPENPIPE_API_KEY=%s", "opk_"+h(40)),
		sc("not diamond api key", "NOTDIAMOND_API_KEY=%s python route.py", a(48)),
		sc("glama gateway key", `{"baseURL": "https://glama.ai/api/gateway/openai/v1", "apiKey": "%s"}`, "glama_"+u(48)),
		sc("eden ai bearer", "curl https://api.edenai.run/v2/text/chat -H 'Authorization: Bearer %s'", "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9."+u(90)+"."+u(43)),
		sc("requesty key", "export REQUESTY_API_KEY=%s", "rqsty-sk-"+u(64)),
		sc("keywords ai key", `client = OpenAI(base_url="https://api.keywordsai.co/api/", api_key="%s")`, a(8)+"."+a(32)),
		sc("unify key", "UNIFY_KEY=%s", u(44)+"="),
		sc("helm values llm proxy", "proxy:\n  upstreams:\n    requesty:\n      apiKey: %s", "rqsty-sk-"+u(64)),
	)

	// Feature flags.
	add(
		sc("flagship api key", `Flagship.start("`+ln(20)+`", "%s")`, a(40)),
		sc("tggl server key", "TGGL_API_KEY=%s", "tggl_srv_"+a(32)),
		sc("molasses api key", "molasses := molassesgo.Init(molassesgo.ClientOptions{APIKey: \"%s\"})", h(64)),
		sc("flagship client secret", "AB_TASTY_CLIENT_ID="+h(24)+"\nAB_TASTY_CLIENT_SECRET=%s", a(64)),
	)

	// CMSs.
	add(
		sc("agility fetch key", "AGILITY_API_FETCH_KEY=%s", "defaultlive."+h(60)),
		sc("kontent management key", "curl -H 'Authorization: Bearer %s' https://manage.kontent.ai/v2/projects/"+id()+"/items", "ew0KICAiYWxnIjogIkhTMjU2IiwNCiAgInR5cCI6ICJKV1QiDQp9."+u(200)+"."+u(43)),
		sc("magnolia rest password", "curl -u superuser:%s https://cms.acme.io/.rest/delivery/pages/v1/home", pw()),
		sc("squidex client secret", "SQUIDEX_CLIENTID=acme:default\nSQUIDEX_CLIENTSECRET=%s", ln(44)),
		sc("caisy api key", `const caisy = createClient({ projectId: "`+id()+`", apiKey: "%s" })`, ln(32)+"_"+ln(32)),
		sc("sitecore edge token", "SITECORE_API_KEY=%s\nSITECORE_EDGE_CONTEXT_ID="+u(22), u(150)),
		sc("bloomreach discovery auth key", "BR_AUTH_KEY=%s", ln(16)),
		sc("kirby panel password", "kirby make:user --email admin@acme.io --password '%s' --role admin", pw()),
		sc("tina token", "TINA_TOKEN=%s\nNEXT_PUBLIC_TINA_CLIENT_ID="+id(), h(40)),
	)

	// Search.
	add(
		sc("quickwit basic auth", "curl -u quickwit:%s https://search.acme.io/api/v1/indexes", pw()),
		sc("searchspring secret", "SEARCHSPRING_SITE_ID="+ln(6)+"\nSEARCHSPRING_SECRET_KEY=%s", h(32)),
		sc("lucidworks fusion", "curl -u admin:%s -X POST https://fusion.acme.io/api/apps/acme/query-pipelines", pw()),
		sc("yext api key", "curl 'https://api.yextapis.com/v2/accounts/me/entities?api_key=%s&v=20260101'", h(32)),
		sc("luigis box private key", "LUIGISBOX_PUBLIC_KEY=LX-"+d(6)+"-"+d(2)+"\nLUIGISBOX_PRIVATE_KEY=%s", a(40)),
	)

	// Data warehouses and pipelines.
	add(
		sc("redshift jdbc", "jdbc:redshift://acme.c9x.eu-west-1.redshift.amazonaws.com:5439/dev?user=etl&password=%s", pw()),
		sc("exasol dsn", "pyexasol.connect(dsn='exa.acme.io:8563', user='sys', password='%s')", pw()),
		sc("exasol saas pat", "EXASOL_SAAS_TOKEN=%s", "exa_pat_"+a(40)),
		sc("greenplum gpfdist", "PGHOST=gp-master.acme.io PGUSER=gpadmin PGPASSWORD='%s' psql -c 'select gp_segment_id from gp_dist_random(1)'", pw()),
		sc("databend dsn", "bendsql --dsn 'databend://cloudapp:%s@tn3ftqihs.gw.aws-us-east-2.default.databend.com:443/default?sslmode=enable'", g.f9pass(0)),
		sc("starrocks mysql", "mysql -h fe.acme.io -P9030 -uroot -p%s -e 'SHOW BACKENDS'", g.f9pass(4)),
		sc("risingwave sink", "CREATE SINK s3_sink FROM mv WITH (connector='s3', s3.region_name='eu-west-1', s3.credentials.access='AKIA"+H(16)+"', s3.credentials.secret='%s');", a(40)),
		sc("cube api secret", "CUBEJS_API_SECRET=%s\nCUBEJS_DB_TYPE=postgres", h(64)),
		sc("stitch import api token", "curl -H 'Authorization: Bearer %s' https://api.stitchdata.com/v2/import/push", h(64)),
		sc("meltano env", "TAP_POSTGRES_PASSWORD=%s meltano run tap-postgres target-snowflake", pw()),
		sc("rudderstack workspace token", "RUDDERSTACK_WORKSPACE_TOKEN=%s", a(27)),
		sc("myscale connection", "clickhouse_connect.get_client(host='msc-"+h(8)+".us-east-1.aws.myscale.com', port=443, username='acme', password='%s')", "passwd_"+a(22)),
	)

	// Low-code and internal tools.
	add(
		sc("retool api token", "curl -H 'Authorization: Bearer %s' https://acme.retool.com/api/v2/users", "retool_"+a(40)),
		sc("appsmith encryption password", "APPSMITH_ENCRYPTION_PASSWORD=%s\nAPPSMITH_ENCRYPTION_SALT="+a(16), a(24)),
		sc("budibase api key", "curl -H 'x-budibase-api-key: %s' https://acme.budibase.app/api/public/v1/tables/search", h(32)+"-"+h(64)),
		sc("nocodb token", "curl -H 'xc-token: %s' https://app.nocodb.com/api/v2/tables/m4b/records", u(40)),
		sc("baserow db token", "curl -H 'Authorization: Token %s' https://api.baserow.io/api/database/rows/table/123/", a(32)),
		sc("windmill token", "wmill workspace add acme acme https://app.windmill.dev --token %s", a(32)),
		sc("coda api token", "CODA_API_TOKEN=%s", id()),
		sc("zapier nla key", "ZAPIER_NLA_API_KEY=%s", "sk-ak-"+a(32)),
		sc("rocket.chat auth", "curl -H 'X-Auth-Token: %s' -H 'X-User-Id: "+a(17)+"' https://chat.acme.io/api/v1/me", u(43)),
		sc("huly password", "HULY_EMAIL=ops@acme.io\nHULY_PASSWORD=%s", pw()),
		sc("zapier webhook catch", "https://hooks.zapier.com/hooks/catch/%s/", d(7)+"/"+ln(7)),
	)

	// Game backends and stores.
	add(
		sc("beamable realm secret", "beam init --cid "+d(16)+" --pid DE_"+d(16)+" --refresh-token %s", id()),
		sc("colyseus cloud token", "COLYSEUS_CLOUD_TOKEN=%s npx @colyseus/cloud deploy", u(64)),
		sc("spacetimedb token", "spacetime login --token %s", "eyJhbGciOiJFUzI1NiJ9."+u(160)+"."+u(86)),
		sc("metaplay api key", "METAPLAY_API_KEY=%s", a(48)),
		sc("xsolla api key", "curl -u "+d(6)+":%s https://api.xsolla.com/merchant/v2/merchants/123456/projects", h(40)),
		sc("xsolla webhook secret", "XSOLLA_WEBHOOK_SECRET_KEY=%s", a(32)),
		sc("tebex private key", "curl -H 'X-Tebex-Secret: %s' https://plugin.tebex.io/information", h(40)),
		sc("curseforge api key", "CF_API_KEY='%s'", "$2a$10$"+g.s(alnum+"./", 53)),
		sc("modrinth pat", "export MODRINTH_TOKEN=%s", "mrp_"+a(36)),
		sc("gradle minotaur", "modrinth {\n    token = \"%s\"\n    projectId = \"AANobbMI\"\n}", "mrp_"+a(36)),
	)

	// Regional clouds.
	add(
		sc("jd cloud secret", "JDC_ACCESS_KEY="+H(32)+"\nJDC_SECRET_KEY=%s", H(32)),
		sc("kingsoft cloud", "ksyun configure set --access-key AKLT"+u(22)+" --secret-key %s", a(40)),
		sc("ucloud private key", "ucloud init --public-key "+a(40)+" --private-key %s", a(40)),
		sc("qingcloud config", "qy_access_key_id: '"+H(20)+"'\nqy_secret_access_key: '%s'\nzone: 'pek3'", a(40)),
		sc("sealos kubeconfig token", "users:\n- name: ns-acme\n  user:\n    token: %s", "eyJhbGciOiJSUzI1NiIsImtpZCI6IiJ9."+u(300)+"."+u(342)),
		sc("zeabur token", "npx zeabur auth login --token %s", "sk-"+ln(40)),
		sc("netcup api password", "NETCUP_CUSTOMER_ID="+d(6)+"\nNETCUP_API_KEY="+a(30)+"\nNETCUP_API_PASSWORD=%s", a(40)),
		sc("ucloud terraform", "provider \"ucloud\" {\n  public_key  = \""+a(40)+"\"\n  private_key = \"%s\"\n  region      = \"cn-bj2\"\n}", a(40)),
	)

	// Telecom.
	add(
		sc("kaleyra api key", "curl -X POST https://api.kaleyra.io/v1/"+ln(20)+"/messages -H 'api-key: %s'", "A"+h(32)),
		sc("esendex password", "esendex:\n  account: EX0"+d(6)+"\n  username: ops@acme.io\n  password: %s", pw()),
		sc("bulksms basic", "curl -u 'acme:%s' https://api.bulksms.com/v1/messages", g.f9pass(0)),
		sc("routee app secret", "ROUTEE_APP_ID="+h(24)+"\nROUTEE_APP_SECRET=%s", a(10)),
		sc("unifonic app sid", "curl -d 'AppSid=%s&Recipient=9665&Body=hi' https://el.cloud.unifonic.com/rest/SMS/messages", a(30)),
		sc("hubtel client secret", "HUBTEL_CLIENT_ID="+ln(8)+"\nHUBTEL_CLIENT_SECRET=%s", ln(8)),
		sc("arkesel api key", "curl -H 'api-key: %s' https://sms.arkesel.com/api/v2/sms/send", u(32)),
		sc("voximplant service account", `{"account_id": `+d(7)+`, "key_id": "`+id()+`", "private_key": "-----BEGIN RSA PRIVATE KEY-----\n%s\n-----END RSA PRIVATE KEY-----\n"}`, "MIIEowIBAAKCAQEA"+g.s(b64, 48)),
		sc("zadarma secret", "ZADARMA_KEY="+h(20)+"\nZADARMA_SECRET=%s", h(20)),
		sc("sipgate pat", "curl -u token-"+ln(6)+":%s https://api.sipgate.com/v2/account", id()),
		sc("smsapi oauth", "curl -H 'Authorization: Bearer %s' https://api.smsapi.pl/sms.do", a(40)),
		sc("sms.ru api id", "https://sms.ru/sms/send?api_id=%s&to=79991234567&msg=hello&json=1", H(8)+"-"+H(4)+"-"+H(4)+"-"+H(4)+"-"+H(12)),
		sc("textlocal apikey", "requests.post('https://api.txtlocal.com/send/', data={'apikey': '%s', 'numbers': '447000000000'})", u(42)+"="),
		sc("sip account in pjsip", "[6001]\ntype=auth\nauth_type=userpass\nusername=6001\npassword=%s", pw()),
	)

	// Banking and open banking.
	add(
		sc("teller access token", "curl -u %s: https://api.teller.io/accounts --cert certificate.pem --key private_key.pem", "token_"+g.s(lower+digits, 26)),
		sc("synctera api key", "curl -H 'Authorization: Bearer %s' https://api-sandbox.synctera.com/v0/customers", a(32)),
		sc("treasury prime key", "curl -u key_"+ln(26)+":%s https://api.sandbox.treasuryprime.com/account", ln(40)),
		sc("moov secret key", "MOOV_PUBLIC_KEY="+a(16)+"\nMOOV_SECRET_KEY=%s", a(32)),
		sc("basiq api key", "BASIQ_API_KEY=%s", g.b64std(96)),
		sc("pluggy client secret", "PLUGGY_CLIENT_ID="+id()+"\nPLUGGY_CLIENT_SECRET=%s", id()),
		sc("fintoc secret key", `const fintoc = new Fintoc("%s");`, "sk_live_"+u(32)),
		sc("enable banking app key", "ENABLEBANKING_APPLICATION_ID="+id()+"\nENABLEBANKING_KEY_PATH=./"+id()+".pem\nENABLEBANKING_JWT=%s", "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiIsImtpZCI6I"+u(40)+"."+u(140)+"."+u(342)),
		sc("monzo access token", "curl https://api.monzo.com/accounts -H 'Authorization: Bearer %s'", "eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9."+u(250)+"."+u(86)),
		sc("starling pat", "STARLING_PAT=%s", a(64)),
		sc("griffin api key", "curl -H 'Authorization: GriffinAPIKey %s' https://api.griffin.com/v0/index", "g-test-"+u(40)),
		sc("modulr hmac secret", "MODULR_API_KEY="+h(32)+"\nMODULR_HMAC_SECRET=%s", a(48)),
		sc("qonto secret key", "curl -H 'Authorization: acme-1234:%s' https://thirdparty.qonto.com/v2/organization", h(32)),
		sc("monzo oauth client secret", "monzo:\n  client_id: oauth2client_"+a(22)+"\n  client_secret: %s", "mnzconf."+u(90)),
	)

	// ERP and CRM.
	add(
		sc("sugarcrm password grant", `{"grant_type":"password","client_id":"sugar","client_secret":"","username":"admin","password":"%s","platform":"base"}`, pw()),
		sc("insightly api key", "curl -u %s: https://api.na1.insightly.com/v3.1/Contacts", id()),
		sc("freshsales token", "curl -H 'Authorization: Token token=%s' https://acme.myfreshworks.com/crm/sales/api/contacts/1", u(22)),
		sc("close api key", "CLOSE_API_KEY=%s", "api_"+a(22)+"."+a(22)),
		sc("acumatica login", `{"name": "admin", "password": "%s", "company": "Company", "branch": "HQ"}`, pw()),
		sc("epicor api key", "curl -H 'X-API-Key: %s' https://epicor.acme.io/ERP11/api/v2/odata/EPIC06/Erp.BO.CustomerSvc/Customers", a(64)),
		sc("exact online refresh token", "EXACT_CLIENT_ID="+id()+"\nEXACT_REFRESH_TOKEN=%s", "stampNL001."+u(300)),
		sc("lexoffice key", "curl -H 'Authorization: Bearer %s' https://api.lexoffice.io/v1/contacts", u(48)),
		sc("datev client secret", "DATEV_CLIENT_ID="+h(32)+"\nDATEV_CLIENT_SECRET=%s", h(32)),
		sc("visma token", "VISMA_EACCOUNTING_CLIENT_SECRET=%s", a(40)),
		sc("holded key", "curl -H 'key: %s' https://api.holded.com/api/invoicing/v1/contacts", h(32)),
		sc("capsule token", "curl -H 'Authorization: Bearer %s' https://api.capsulecrm.com/api/v2/parties", a(64)),
		sc("bitrix24 webhook", "https://acme.bitrix24.com/rest/1/%s/crm.deal.list.json", ln(16)),
		sc("amocrm long token", "AMOCRM_LONG_TOKEN=%s", "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiIsImp0aSI6I"+u(60)+"."+u(400)+"."+u(342)),
		sc("twenty api key", "curl -H 'Authorization: Bearer %s' https://api.twenty.com/rest/companies", "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9."+u(220)+"."+u(43)),
		sc("espocrm api key", "curl -H 'X-Api-Key: %s' https://crm.acme.io/api/v1/Account", h(32)),
		sc("suitecrm client secret", "curl -d 'grant_type=client_credentials&client_id="+id()+"&client_secret=%s' https://crm.acme.io/Api/access_token", a(20)),
		sc("vtiger access key", "VTIGER_USERNAME=admin\nVTIGER_ACCESS_KEY=%s", a(16)),
		sc("odoo-like erp password", "erp:\n  url: https://erp.acme.io\n  db: acme\n  user: api@acme.io\n  password: %s", pw()),
	)

	// Config and tool formats.
	add(
		sc("dotenv key", "DOTENV_KEY='dotenv://:%s@dotenv.org/vault/.env.vault?environment=production'", "key_"+h(64)),
		sc("skaffold helm secret", "deploy:\n  helm:\n    releases:\n    - name: api\n      setValues:\n        db.password: %s", pw()),
		sc("krakend jwt secret", `{"extra_config": {"auth/signer": {"alg": "HS256", "jwk_local_ca": "", "keys_to_sign": ["access_token"], "secret": "%s"}}}`, a(48)),
		sc("apisix admin key", "deployment:\n  admin:\n    admin_key:\n      - name: admin\n        key: %s\n        role: admin", h(32)),
		sc("apisix admin curl", "curl http://127.0.0.1:9180/apisix/admin/routes -H 'X-API-KEY: %s'", h(32)),
		sc("zig build option", "zig build -Dapi-token=%s run", a(40)),
		sc("lua redis auth", "local ok, err = red:auth(\"%s\")", pw()),
	)

	// Logs, traces, CLI and database output.
	add(
		sc("http/2 trace header", "> :authority: api.acme.io\n> x-api-key: %s\n> user-agent: curl/8.9.1", a(40)),
		sc("har entry cookie", `{"name": "Cookie", "value": "session=%s; theme=dark"}`, u(64)),
	)

	// Status pages, uptime and security tooling.
	add(
		sc("hyperping api key", "curl -H 'Authorization: Bearer %s' https://api.hyperping.io/v1/monitors", "sk_"+h(40)),
		sc("instatus api key", "INSTATUS_API_KEY=%s", h(32)),
		sc("cachet api token", "curl -H 'X-Cachet-Token: %s' https://status.acme.io/api/v1/incidents", a(20)),
		sc("oneuptime api key", "ONEUPTIME_API_KEY=%s", id()),
		sc("groundcover api key", "helm upgrade --install groundcover groundcover/groundcover --set global.groundcover_token=%s", a(40)),
		sc("last9 basic auth", "exporters:\n  otlp/last9:\n    endpoint: https://otlp.last9.io\n    headers:\n      Authorization: \"Basic %s\"", b64text("acme-otel:"+a(32))),
		sc("cribl auth token", "CRIBL_DIST_MASTER_URL=tls://%s@leader.acme.io:4200?group=default", a(32)),
		sc("wazuh api password", "curl -u wazuh-wui:%s -k -X POST https://wazuh.acme.io:55000/security/user/authenticate", pw()),
		sc("crowdsec bouncer key", "cscli bouncers add nginx-bouncer\nAPI key for 'nginx-bouncer':\n\n   %s\n\nPlease keep this key since you will not be able to retrieve it!", a(32)),
		sc("crowdsec bouncer config", "api_url: http://127.0.0.1:8080/\napi_key: %s\nupdate_frequency: 10s", a(32)),
		sc("semgrep app token", "SEMGREP_APP_TOKEN=%s semgrep ci", h(64)),
		sc("socket.dev api key", "SOCKET_SECURITY_API_KEY=%s", "sktsec_"+u(40)+"_api"),
		sc("aikido ci token", "AIKIDO_CLIENT_API_KEY=%s", "AIK_CI_"+a(48)),
		sc("veracode credentials", "[default]\nveracode_api_key_id = "+h(32)+"\nveracode_api_key_secret = %s", h(128)),
		sc("codacy project token", "bash <(curl -Ls https://coverage.codacy.com/get.sh) report -t %s -r coverage.xml", h(32)),
	)

	// Secret stores and privileged-access tools.
	add(
		sc("akeyless access key", "akeyless configure --access-id p-"+ln(12)+" --access-key %s", g.b64std(32)),
		sc("conjur api key", "CONJUR_AUTHN_LOGIN=host/ci/runner\nCONJUR_AUTHN_API_KEY=%s", ln(53)),
		sc("delinea tss cli", "tss init --url https://pam.acme.io/SecretServer --username svc_tss --password '%s'", g.f9pass(0)),
		sc("passbolt recovery passphrase", "passbolt configure --serverAddress https://pass.acme.io --userPassword '%s' --userPrivateKeyFile key.asc", pw()),
		sc("psono api key secret", "PSONO_API_KEY_ID="+id()+"\nPSONO_API_SECRET_KEY=%s", h(64)),
		sc("vaultwarden admin token", "docker run -d -e ADMIN_TOKEN=%s vaultwarden/server:latest", u(48)),
	)

	// Home automation, IoT and media servers.
	add(
		sc("zigbee2mqtt network key", "advanced:\n  network_key: [%s]\n  pan_id: 6754", "23, 181, 9, 74, 200, 13, 66, 111, 5, 98, 217, 40, 1, 144, 88, "+d(2)),
		sc("tuya local key", `{"name": "Desk lamp", "id": "bf`+h(20)+`", "key": "%s", "mac": "a4:c1:38:00:00:01"}`, g.s(alnum+"{}<>|@#", 16)),
		sc("philips hue username", "curl http://192.168.1.20/api/%s/lights", a(40)),
		sc("homebridge config", `{"platform": "Ring", "refreshToken": "%s"}`, "eyJydCI6I"+u(300)),
		sc("shelly auth", "curl --digest -u admin:%s http://192.168.1.42/rpc/Shelly.GetStatus", pw()),
		sc("frigate mqtt password", "mqtt:\n  host: 192.168.1.10\n  user: frigate\n  password: %s", pw()),
		sc("radarr api key", "curl -H 'X-Api-Key: %s' http://nas:7878/api/v3/movie", h(32)),
		sc("prowlarr config.xml", "<Config>\n  <Port>9696</Port>\n  <ApiKey>%s</ApiKey>\n  <AuthenticationMethod>Forms</AuthenticationMethod>\n</Config>", h(32)),
		sc("sabnzbd ini", "[misc]\nhost = 0.0.0.0\napi_key = %s\nnzb_key = %s", h(32), h(32)),
		sc("nzbget conf", "ControlUsername=nzbget\nControlPassword=%s\nControlPort=6789", pw()),
		sc("immich api key", "curl -H 'x-api-key: %s' http://nas:2283/api/assets/statistics", a(43)),
		sc("paperless token", "curl -H 'Authorization: Token %s' https://docs.acme.io/api/documents/", h(40)),
		sc("pi-hole app password", "curl -X POST http://pi.hole/api/auth -d '{\"password\": \"%s\"}'", g.b64std(32)),
		sc("adguard home basic", "curl -u admin:%s http://192.168.1.2:3000/control/status", pw()),
		sc("duplicati passphrase", "duplicati-cli backup \"s3://backups/nas\" /data --passphrase=\"%s\" --auth-username=AKIA"+H(16), pw()),
		sc("wasabi secret", "rclone config create wasabi s3 provider Wasabi access_key_id "+H(20)+" secret_access_key %s endpoint s3.eu-central-1.wasabisys.com", a(40)),
		sc("hetzner storage box", "lftp -u u"+d(6)+",%s sftp://u"+d(6)+".your-storagebox.de:23", g.f9pass(0)),
		sc("idrive e2 keys", "IDRIVE_E2_ACCESS_KEY="+a(20)+"\nIDRIVE_E2_SECRET_KEY=%s", a(40)),
	)

	// Languages, scripts and provisioning formats not seen before.
	add(
		sc("ballerina config.toml", "[acme.db]\nhost = \"db.acme.io\"\nusername = \"etl\"\npassword = \"%s\"", pw()),
		sc("mojo env default", `var api_key = env_get_string["ACME_KEY", "%s"]()`, "acm_"+a(40)),
		sc("fortran namelist", "&credentials\n  db_user = 'etl',\n  db_pass = '%s'\n/", pw()),
		sc("cobol working storage", "       01 WS-DB-PASSWORD    PIC X(20) VALUE '%s'.", g.f9pass(4)),
		sc("prolog fact", "db_credentials(etl, '%s').", pw()),
		sc("janet http", `(http/request "GET" "https://api.acme.io/v1/me" :headers {"Authorization" "Bearer %s"})`, a(40)),
		sc("fennel config", `{:api-token "%s" :endpoint "https://api.acme.io"}`, a(40)),
		sc("elvish env", "set E:ACME_TOKEN = %s", "acm_"+a(40)),
		sc("xonsh env", "$ACME_DB_PASSWORD = '%s'", pw()),
		sc("vba connection", `cn.Open "Provider=SQLOLEDB;Data Source=sql01;Initial Catalog=Sales;User ID=report;Password=%s;"`, g.f9pass(4)),
		sc("power query source", `Source = Web.Contents("https://api.acme.io/v1/orders", [Headers=[#"X-Api-Key"="%s"]])`, a(40)),
		sc("osascript keychain", `osascript -e 'do shell script "mount_smbfs //ops:%s@nas/share /Volumes/share"'`, g.f9pass(0)),
		sc("packer pkrvars", "vsphere_server   = \"vcenter.acme.io\"\nvsphere_user     = \"packer@vsphere.local\"\nvsphere_password = \"%s\"", pw()),
		sc("butane password hash", "passwd:\n  users:\n    - name: core\n      password_hash: %s", "$y$j9T$"+g.s(alnum+"./", 22)+"$"+g.s(alnum+"./", 43)),
		sc("subiquity autoinstall", "autoinstall:\n  identity:\n    hostname: node1\n    username: ops\n    password: \"%s\"", "$6$"+g.s(alnum+"./", 16)+"$"+g.s(alnum+"./", 86)),
		sc("qlik sense api key", "curl -H 'Authorization: Bearer %s' https://acme.eu.qlikcloud.com/api/v1/users/me", "eyJhbGciOiJFUzM4NCIsImtpZCI6I"+u(40)+"."+u(300)+"."+u(128)),
		sc("thoughtspot secret key", "TS_SECRET_KEY=%s", id()),
		sc("power bi pbi-tools config", `{"tenantId": "`+id()+`", "clientId": "`+id()+`", "clientSecret": "%s", "workspace": "Finance"}`, a(8)+"~"+a(31)),
		sc("excel odc", "<odc:ConnectionString>Provider=MSOLAP;Data Source=asazure://westeurope.asazure.windows.net/acme;User ID=app:"+id()+";Password=%s</odc:ConnectionString>", a(8)+"~"+a(31)),
	)

	// Notebooks, BI, scraping and agent platforms not named before.
	add(
		sc("streamlit secrets.toml", "# .streamlit/secrets.toml\n[connections.snow]\naccount = \"acme-xy12345\"\nuser = \"streamlit\"\npassword = \"%s\"", pw()),
		sc("deepnote integration", "DEEPNOTE_TOKEN=%s", h(64)),
		sc("observable framework token", "# .env\nOBSERVABLE_TOKEN=%s\nnpm run deploy", "obs_"+a(40)),
		sc("lightdash pat", "lightdash login https://app.lightdash.cloud --token %s", "ldpat_"+h(32)),
		sc("evidence source connection", "# sources/warehouse/connection.yaml\nname: warehouse\ntype: postgres\noptions:\n  host: db.acme.io\n  user: evidence\n  password: %s", pw()),
		sc("hex.tech api token", "curl -H 'Authorization: Bearer %s' https://app.hex.tech/api/v1/projects", "hxtw_"+h(96)),
		sc("marimo token password", "marimo edit notebook.py --token-password %s --host 0.0.0.0", a(24)),
		sc("gradio auth", `demo.launch(auth=("admin", "%s"), share=True)`, pw()),
		sc("apify token", "APIFY_TOKEN=%s", "apify_api_"+a(36)),
		sc("scrapingbee key", "https://app.scrapingbee.com/api/v1/?api_key=%s&url=https%3A%2F%2Facme.io&render_js=false", H(80)),
		sc("serpapi key", `GoogleSearch({"q": "coffee", "api_key": "%s"})`, h(64)),
		sc("bright data proxy", "curl --proxy brd.superproxy.io:33335 --proxy-user brd-customer-hl_"+h(8)+"-zone-residential:%s https://geo.brdtest.com/welcome.txt", ln(12)),
		sc("oxylabs proxy", "proxies = {'https': 'http://customer-acme:%s@pr.oxylabs.io:7777'}", g.f9pass(4)),
		sc("zyte api key", "curl -u %s: https://api.zyte.com/v1/extract -d '{\"url\": \"https://acme.io\"}'", h(32)),
		sc("novita api key", "NOVITA_API_KEY=%s", "sk_"+u(43)),
		sc("cerebrium token", "cerebrium login --token %s", "eyJraWQiOiJ"+u(30)+"."+u(400)+"."+u(342)),
		sc("bland ai key", "curl -H 'authorization: %s' https://api.bland.ai/v1/calls", "sk-"+ln(64)),
		sc("synthflow key", "SYNTHFLOW_API_KEY=%s", u(43)),
		sc("pipecat daily bot", "DAILY_ROOM_URL=https://acme.daily.co/bot\nPIPECAT_CLOUD_API_KEY=%s", "pk_"+id()),
		sc("relevance ai key", "RELEVANCE_API_KEY=%s", "sk-"+g.b64std(30)),
		sc("glean api token", "curl -H 'Authorization: Bearer %s' https://acme-be.glean.com/rest/api/v1/search", g.b64std(33)),
		sc("writer api key", "from writerai import Writer\nclient = Writer(api_key=\"%s\")", a(40)),
	)

	// Wallets of chains not named before.
	words := []string{"abandon", "bright", "cactus", "dinner", "eager", "fabric", "gallery", "harbor", "income", "jungle", "kitten", "ladder", "magnet", "napkin", "oyster", "pledge", "quarter", "ribbon", "saddle", "tennis"}
	mn := func(n int) string {
		w := make([]string, n)
		for i := range w {
			w[i] = words[g.r.IntN(len(words))]
		}
		return strings.Join(w, " ")
	}
	add(
		sc("xrpl family seed", `{"account": "r`+b58(33)+`", "secret": "%s"}`, "s"+b58(28)),
		sc("algorand mnemonic", "goal account export -a "+g.s(base32, 58)+"\nExported key for account: \"%s\"", mn(25)),
		sc("polkadot js json password", `keyring.addFromJson(json); pair.unlock("%s");`, pw()),
	)
	return cs
}

func fresh9Innocent(g *gen) []string {
	h := func(n int) string { return g.s(hexLow, n) }
	H := func(n int) string { return g.s(hexUp, n) }
	a := func(n int) string { return g.s(alnum, n) }
	u := func(n int) string { return g.s(b64url, n) }
	ln := func(n int) string { return g.s(lowNum, n) }
	d := g.digitsN
	id := g.uuid
	b58 := func(n int) string { return g.s("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz", n) }
	ulid := func() string { return "01K" + g.s(crockfd, 23) }
	return []string{
		// Ids of crashes, sources, traces, sessions and runs of the observability and LLM tools.
		"Raygun: crash report " + d(10) + " grouped into error group " + d(9) + " (occurrences: 14)",
		"Airbrake: notice " + d(19) + " for project 287134, group " + d(19),
		`{"url": "https://api.logflare.app/logs?source=` + id() + `", "headers": {"X-API-KEY": "${LOGFLARE_API_KEY}"}}`,
		"LUNARY_PUBLIC_KEY=" + id() + "  # the project id; the SDK sends it from the browser",
		"Laminar trace " + id() + " span " + h(16) + " duration 1.42s",
		"opik: logged trace " + ulid() + " to project acme-agent",
		"traceparent: 00-" + h(32) + "-" + h(16) + "-01",
		"AgentOps session replay: https://app.agentops.ai/drilldown?session_id=" + id(),
		"Agenta: variant app." + ln(8) + " revision 7, evaluation " + h(24),
		`{"id": "openpipe-req-` + h(24) + `", "model": "openpipe:acme-ft-` + ln(6) + `", "usage": {"total_tokens": 812}}`,
		"Not Diamond routed to anthropic/claude-sonnet-4-5 (session_id " + id() + ")",
		`{"model": "glama/openai/gpt-4.1-mini", "id": "chatcmpl-` + a(29) + `"}`,
		"x-request-id: " + ulid() + "\nx-requesty-routing: fallback",
		"Parea experiment run " + ln(20) + " finished: 48/50 passed",
		"Galileo project_id=" + id() + " run_id=" + id(),
		"Vellum workflow execution " + id() + " (deployment acme-support, release tag LATEST)",
		"pezzo prompt " + ln(25) + " version " + h(7) + " published",
		"PEZZO_PROJECT_ID=" + ln(25) + "\nPEZZO_ENVIRONMENT=production",
		"statuscake: test " + d(7) + " is Up (uptime 99.98%)",
		"LOGDNA_INGESTION_KEY_FILE=/run/credentials/logdna-agent.service/ingestion-key",

		// Public keys and ids of flags, CMS, search and stores.
		`Flagship.start("` + ln(20) + `", process.env.FLAGSHIP_API_KEY)`,
		"AB_TASTY_ACCOUNT_ID=" + h(32) + "  # public, used by the tag",
		"tggl: flag checkout_v2 evaluated to true for user " + id(),
		"AGILITY_GUID=" + ln(8) + "-u\nAGILITY_LOCALES=en-us",
		"curl https://deliver.kontent.ai/" + id() + "/items?system.type=article",
		"Sitecore item {" + H(8) + "-" + H(4) + "-" + H(4) + "-" + H(4) + "-" + H(12) + "} published to web",
		"BR_ACCOUNT_ID=" + d(4) + "\nBR_DOMAIN_KEY=acme_com",
		"kirby: page 'blog/" + ln(12) + "' saved, uuid page://" + a(16),
		"NEXT_PUBLIC_TINA_CLIENT_ID=" + id() + "\nNEXT_PUBLIC_TINA_BRANCH=main",
		"caisy: document " + id() + " in blueprint " + id(),
		"SQUIDEX_CLIENTID=acme:default\nSQUIDEX_CLIENTSECRET=${SQUIDEX_CLIENTSECRET}",
		"LUIGISBOX_PUBLIC_KEY=LX-" + d(6) + "-" + d(2),
		"SEARCHSPRING_SITE_ID=" + ln(6),
		"https://api.yextapis.com/v2/accounts/me/entities/" + ln(12) + "?api_key=$YEXT_API_KEY&v=20260101",
		"quickwit: split " + ulid() + " published to index otel-logs-v0_7",
		"manticore> SHOW META;\n| total | 1042 |\n| time  | 0.004 |\n| keyword[0] | " + ln(8) + " |",
		"Xsolla project_id " + d(6) + ", merchant_id " + d(6) + ", transaction " + d(10),
		"tebex: payment tbx-" + h(13) + "-" + h(6) + " completed for package " + d(7),
		"curseforge: project " + d(6) + ", file " + d(7) + ", fingerprint " + d(10),
		"modrinth project AANobbMI version " + a(8) + " (sha512 " + h(128) + ")",
		"beam: realm DE_" + d(16) + " (cid " + d(16) + ")",
		"colyseus room " + a(9) + " created, process " + a(9),
		"spacetime publish acme-game\nUploaded module, identity c200" + h(60),
		"Metaplay build " + ln(8) + " deployed to idler-develop",

		// Data warehouses and pipelines.
		"jdbc:redshift:iam://acme.c9x.eu-west-1.redshift.amazonaws.com:5439/dev?DbUser=etl&AutoCreate=true",
		"Redshift query id " + d(8) + ", transaction " + d(7),
		"pyexasol.connect(dsn='exa.acme.io:8563', user='sys', password=os.environ['EXA_PASSWORD'])",
		"exasol: session " + d(19) + " opened, statement 14",
		"gp_segment_id | count\n 0 | " + d(6) + "\n 1 | " + d(6),
		"databend> SELECT query_id FROM system.query_log LIMIT 1;\n" + id(),
		"StarRocks QueryId: " + h(8) + "-" + h(4) + "-" + h(4) + "-" + h(4) + "-" + h(12),
		"CREATE SINK s3_sink FROM mv WITH (connector='s3', s3.region_name='eu-west-1', s3.credentials.role='arn:aws:iam::123456789012:role/rw-sink');",
		"CUBEJS_DB_TYPE=postgres\nCUBEJS_API_SECRET=${CUBE_SECRET}",
		"stitch: extraction " + d(10) + " for client " + d(6) + " completed (rows 48121)",
		"meltano state list\ndev:tap-postgres-to-target-snowflake",
		"RUDDERSTACK_WRITE_KEY=" + a(27) + "  # the JavaScript SDK's source write key, public in the page",
		"msc-" + h(8) + ".us-east-1.aws.myscale.com",

		// Low-code and internal tools.
		"Retool: app " + id() + " released (version 3.12.0)",
		"APPSMITH_ENCRYPTION_PASSWORD=${APPSMITH_ENCRYPTION_PASSWORD}",
		"budibase: table ta_" + h(32) + " row ro_ta_" + h(32) + "_" + h(32),
		"NocoDB base p" + ln(14) + ", table m" + ln(14),
		"baserow: row 1042 in table 123 updated",
		"wmill sync pull --workspace acme",
		"https://coda.io/d/_d" + u(10) + "/Roadmap_su" + u(5),
		"https://hooks.zapier.com/hooks/catch/:account/:hook/",
		"Rocket.Chat message " + a(17) + " in room GENERAL",
		"HULY_EMAIL=ops@acme.io\nHULY_PASSWORD=",

		// Regional clouds and telecom.
		"JD Cloud instance i-" + ln(10) + " in cn-north-1",
		"ksyun: instance " + id() + " running",
		"ucloud uhost list\nuhost-" + ln(8) + "  web01  Running",
		"qingcloud: i-" + ln(8) + " running in pek3",
		"zeabur: service " + h(24) + " deployed to project " + h(24),
		"NETCUP_CUSTOMER_ID=" + d(6) + "\nNETCUP_API_PASSWORD=changeme",
		"Kaleyra message id " + id() + " status DELIVERED",
		"esendex: message " + id() + " Submitted",
		"BulkSMS submission " + d(10) + " accepted, 1 credit",
		"Routee tracking id " + id() + " status Queued",
		"Unifonic MessageID " + d(17) + " Status Sent",
		"Hubtel MessageId " + id() + " Rate 0.03",
		"Voximplant call session " + d(10) + " (application " + d(8) + ")",
		"sipgate: call " + d(10) + " from 4921" + d(8),
		"sms.ru: {\"status\": \"OK\", \"sms\": {\"79991234567\": {\"status\": \"OK\", \"sms_id\": \"" + d(6) + "-" + d(7) + "\"}}}",
		"[6001]\ntype=aor\nmax_contacts=1",

		// Banking and open banking.
		"teller: enrollment enr_" + g.s(lower+digits, 26) + " account acc_" + g.s(lower+digits, 26),
		"curl -u $TELLER_TOKEN: https://api.teller.io/accounts --cert certificate.pem --key private_key.pem",
		"Synctera customer " + id() + " status ACTIVE",
		"treasuryprime: account acct_" + ln(26) + " ach ach_" + ln(26),
		"MOOV_PUBLIC_KEY=" + a(16) + "  # publishable, safe in the browser",
		"moov: transfer " + id() + " completed",
		"Basiq user " + id() + " connection " + id(),
		"PLUGGY_CLIENT_ID=" + id() + "\nPLUGGY_CLIENT_SECRET=<set in the vault>",
		"fintoc public key pk_live_" + u(32),
		"ENABLEBANKING_APPLICATION_ID=" + id() + "\nENABLEBANKING_KEY_PATH=./" + id() + ".pem",
		"monzo: account acc_" + a(22) + " transaction tx_" + a(22),
		"monzo oauth client: oauth2client_" + a(22),
		"starling: accountUid " + id() + ", categoryUid " + id(),
		"Griffin: bank account https://api.griffin.com/v0/bank/accounts/ba." + a(22),
		"Modulr payment P" + H(9) + " status PROCESSED",
		"qonto: transaction acme-1234-1-" + d(8) + " settled",

		// ERP and CRM.
		`{"grant_type":"password","client_id":"sugar","client_secret":"","username":"admin","password":"${SUGAR_PASSWORD}","platform":"base"}`,
		"Insightly contact " + d(9) + " linked to organisation " + d(9),
		"freshsales: contact " + d(11) + " updated",
		"close: lead lead_" + a(43) + " status Qualified",
		"Acumatica sales order SO" + d(6) + " released",
		"Epicor: /ERP11/api/v2/odata/EPIC06/Erp.BO.CustomerSvc/Customers?$top=10",
		"Exact Online division " + d(7) + ", GL account " + id(),
		"lexoffice voucher " + id() + " status open",
		"DATEV_CLIENT_ID=" + h(32) + "\nDATEV_CLIENT_SECRET=<from DATEV developer portal>",
		"holded: invoice " + h(24) + " created",
		"capsule: party " + d(9) + " (opportunity " + d(8) + ")",
		"https://acme.bitrix24.com/crm/deal/details/" + d(5) + "/",
		"amoCRM lead " + d(8) + " in pipeline " + d(7),
		"twenty: company " + id() + " created by workspace member " + id(),
		"EspoCRM Account " + h(17) + " assigned to admin",
		"SuiteCRM Accounts record " + id(),
		"vtiger: record 11x" + d(4) + " retrieved",

		// Status pages, security tools, secret stores.
		"hyperping: monitor mon_" + a(14) + " is up",
		"instatus: incident " + a(25) + " resolved",
		"gatus: endpoint core_api healthy (" + d(3) + "ms)",
		"OneUptime monitor " + id() + " status Operational",
		"Wazuh agent 001 (" + ln(8) + ") active, key fingerprint " + h(64),
		"cscli machines list\n" + h(48) + "  127.0.0.1  ✔️  v1.6.4  password  2s",
		"cscli bouncers add nginx-bouncer -k \"$CROWDSEC_BOUNCER_KEY\"",
		`{"check_id": "python.lang.security.audit.eval-detected", "extra": {"fingerprint": "` + h(128) + `"}}`,
		"socket: package express@4.21.2 supply-chain score 0.94, report " + id(),
		"Veracode application GUID " + id() + ", scan " + d(8),
		"codacy: commit " + h(40) + " coverage 84.2%",
		"akeyless get-secret-value --name /prod/db/password",
		"conjur variable get -i prod/db/password",
		"CONJUR_AUTHN_LOGIN=host/ci/runner\nCONJUR_AUTHN_API_KEY_FILE=/run/secrets/conjur",
		"-----BEGIN PGP MESSAGE-----\n\nwcFMA" + g.s(b64, 60) + "\n" + g.s(b64, 64) + "\n=" + g.s(b64, 4) + "\n-----END PGP MESSAGE-----",
		"PSONO_API_KEY_ID=" + id() + "\nPSONO_API_SECRET_KEY=***",
		"docker run -d -e ADMIN_TOKEN_FILE=/run/secrets/vw_admin vaultwarden/server:latest",

		// Home automation, media servers, backups.
		"zigbee2mqtt: coordinator ieee 0x" + h(16) + ", pan_id 6754, channel 11",
		`{"name": "Desk lamp", "id": "bf` + h(20) + `", "ip": "192.168.1.44", "version": "3.3"}`,
		"curl http://192.168.1.20/api/config  # bridgeid " + H(16) + ", mac ec:b5:fa:00:00:01",
		"shelly: device shellyplus1pm-" + h(12) + " firmware 1.4.4",
		"frigate: event " + d(10) + "." + d(6) + "-" + ln(6) + " person 0.87",
		"radarr: movie tmdbId " + d(6) + " imdbId tt" + d(7) + " downloaded",
		"<Config>\n  <Port>9696</Port>\n  <ApiKey></ApiKey>\n  <InstanceName>Prowlarr</InstanceName>\n</Config>",
		"[misc]\nhost = 0.0.0.0\napi_key = \nnzb_key = ",
		"immich: asset " + id() + " checksum " + g.b64std(20),
		"paperless: document 812 checksum " + h(32) + " archive_checksum " + h(32),
		"pi-hole: blocked " + ln(10) + ".doubleclick.net (gravity " + d(6) + " domains)",
		"duplicati: backup ID 3, remote volume duplicati-" + h(32) + ".dblock.zip.aes",
		"rclone config create wasabi s3 provider Wasabi env_auth true endpoint s3.eu-central-1.wasabisys.com",
		"u" + d(6) + ".your-storagebox.de  # Hetzner Storage Box, sub-account u" + d(6) + "-sub1",

		// Wallet addresses and public keys of the chains.
		"XRPL payment to r" + b58(33) + " tx " + H(64),
		"Algorand address " + g.s(base32, 58) + " (round " + d(8) + ")",
		"Polkadot SS58: 1" + b58(47) + "\nPublic key (hex): 0x" + h(64),

		// References, masked values and placeholders in the new slots.
		"[acme.db]\nhost = \"db.acme.io\"\nusername = \"etl\"\npassword = ?",
		`var api_key = env_get_string["ACME_KEY"]()`,
		"&credentials\n  db_user = 'etl',\n  db_pass = ''\n/",
		"       01 WS-DB-PASSWORD    PIC X(20) VALUE SPACES.",
		`(http/request "GET" "https://api.acme.io/v1/me" :headers {"Authorization" (string "Bearer " (os/getenv "ACME_TOKEN"))})`,
		"set E:ACME_TOKEN = (cat ~/.config/acme/token)",
		"$ACME_DB_PASSWORD = $(pass show acme/db)",
		`cn.Open "Provider=SQLOLEDB;Data Source=sql01;Initial Catalog=Sales;Integrated Security=SSPI;"`,
		`Source = Web.Contents("https://api.acme.io/v1/orders", [Headers=[#"X-Api-Key"=ApiKey]])`,
		"vsphere_password = \"${env(\"VSPHERE_PASSWORD\")}\"",
		"passwd:\n  users:\n    - name: core\n      ssh_authorized_keys:\n        - ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + g.s(b64, 43) + " ops@laptop",
		"autoinstall:\n  identity:\n    hostname: node1\n    username: ops\n    password: \"<crypted password from mkpasswd>\"",
		"Connect-PowerBIServiceAccount -ServicePrincipal -Tenant " + id() + " -CertificateThumbprint " + H(40) + " -ApplicationId " + id(),
		"TS_SECRET_KEY=your-thoughtspot-secret-key",
		"erp:\n  url: https://erp.acme.io\n  password: '********'",
		"ZAPIER_NLA_API_KEY=replace_me",

		// Base64 and hex of ordinary things.
		"DATA=" + b64text(`{"theme":"dark","lang":"en-GB","sidebar":true}`),
		"echo " + b64text("hello from the night build") + " | base64 -d",
		"xxd -p banner.txt\n" + hex.EncodeToString([]byte("Welcome to the Acme build farm")),
		"ETag: W/\"" + h(40) + "\"",
		"Content-MD5: " + g.b64std(16),
		"ami-" + h(17) + " (packer build acme-base-2026-11-28)",

		// Versions.
		"Ballerina 2201.10.0 (Swan Lake Update 10)\nmojo 25.4.0",
		"GNU Fortran (GCC) 14.2.0\nGnuCOBOL 3.2.0\nSWI-Prolog 9.2.7",
		"janet 1.36.0-" + h(7) + "\nFennel 1.5.1 on PUC Lua 5.4",
		"CrowdSec v1.6.4-" + h(8) + "\nWazuh v4.9.2\nsemgrep 1.97.0",
		"Immich v1.121.0\nPaperless-ngx 2.13.5\nPi-hole v6.0.4",
		"Radarr 5.14.0.9383\nProwlarr 1.26.1.4844\nSABnzbd 4.3.3",
	}
}

// TestFresh9Table measures the eleventh table and prints only its summary: per-case misses show
// only with ANAMNESIS_REDACT_FRESH9_MISSES=1, for a report after tuning is over. The floors sit a
// little under the baseline measured when the table was written, so a regression fails while an
// honest improvement passes.
func TestFresh9Table(t *testing.T) {
	// Baseline when the table was written (the rules of main at 13e740b, three draws): recall
	// 648/684 (94.7%), false positives 33/534 (6.2%). The floors leave a little room for draws,
	// not for a regression.
	checkWellFormed(t, "fresh9", fresh9Secrets, fresh9Innocent)
	// Round 11 tuned on its odd half: 663/684 (96.9%), 17/534 (3.2%), not a blind figure.
	measureTable(t, "fresh9", fresh9Secrets, fresh9Innocent, 0.95, 0.05)
}
