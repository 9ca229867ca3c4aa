package redact

import (
	"encoding/base64"
	"encoding/hex"
	"strings"
	"testing"
)

// The thirteenth table (issue 15, measured on the rules of cc218e6): written blind — by someone
// who did not read the rule files — from what a user pastes into an agent session in 2026,
// choosing only kinds that none of the earlier tables (fresh … fresh10) holds, and varying the
// CONTEXT a secret sits in as well as the provider. On the secret side: terminal recordings
// (asciicast output and input events, a PEM key with escaped CR LF inside one, script(1)
// typescripts); notebook and data-tool cells (a Databricks %python cell's output, Colab shell
// cells, Zeppelin interpreter JSON, Polars URIs, MLflow tracking credentials, Roboflow);
// CI logs where masking went wrong (a masked value printed again in base64, twice base64,
// URL-encoded or split in halves, ##[debug] results, Buildkite env dumps); IDE and editor files (VS Code launch.json, tasks.json and REST Client settings,
// Zed language_models, Emacs .authinfo, viminfo search history); API clients not named before
// (Hoppscotch, Thunder Client, Yaak, Kreya, Paw); API descriptions and RPC (OpenAPI x-example and
// request examples, GraphQL login variables and responses, protobuf text format, buf curl and
// evans headers); YAML anchors and merge keys; environment dumps (systemctl show-environment, launchctl getenv, podman inspect, nomad alloc exec env, kubectl set env
// --list, fly ssh console env, PowerShell Env:, the output of cmd's set, env -0); crash dumps (JVM
// hs_err jvm_args and environment with a base64 PEM, Node --report JSON, an Android tombstone
// cmdline, a traceback's locals); mobile app configuration (Info.plist, AndroidManifest
// meta-data, Gradle signingConfigs and buildConfigField, local.properties, eas.json,
// capacitor.config, react-native-config, Xcode scheme variables, Embrace's Gradle block);
// browser storage dumps (sessionStorage, IndexedDB, chrome.storage, Playwright storageState,
// Firefox cookies.sqlite); database dumps (pg_dump COPY blocks, mysqldump extended inserts,
// mongoexport, Cypher); spreadsheets (IMPORTDATA, IMPORTXML and WEBSERVICE
// formulas, Apps Script properties and UrlFetchApp); mail and chat exports (mbox, forwarded .eml,
// Slack, Telegram, DiscordChatExporter, Mattermost, Element) and voice transcripts (WebVTT, SRT,
// meeting action items, a voice memo read aloud); clipboard commands (pbcopy, xclip, wl-copy,
// OSC 52 escapes, also inside tmux passthrough, with the base64 of a secret); histories of Python,
// irb and less; providers the earlier tables do not name (FullStory,
// Mixedbread, Unstructured, LlamaParse, Daytona, Label Studio, Marqeta, fal.ai, Spacelift, env0,
// Scalr, Atlantis, Codemagic, Embrace, Maxio, Metronome, Schematic, Strava, Withings, Oura,
// Fitbit, Nightscout, Tautulli, Overseerr, PhotoPrism, Seafile, Dependency-Track, DefectDojo,
// Checkmarx, Renovate, Greptile, DataForSEO, Ahrefs, Semrush, TomTom, Geoapify, OpenCage, Radar,
// Foursquare, Tomorrow.io, Visual Crossing, what3words, Amadeus, ShipEngine, Onfido, Sumsub,
// Veriff, Checkr, Smartcar, HackerOne, Bugcrowd, Wiz, Orca, Lacework, Sysdig, Tines, Panther,
// Rapid7, Tenable, Qualys, Shodan, Censys, VirusTotal, urlscan, GreyNoise, AbuseIPDB, IPinfo,
// MaxMind, Clearbit, Hunter, Apollo, Lusha, PhantomBuster, Gorgias, Calendly, Jotform,
// SurveyMonkey, Qualtrics, DocuSign, Dropbox Sign, PandaDoc, Egnyte, Filebase, Pinata, QuickNode,
// Moralis, Etherscan, Tenderly, Ankr, Helius, Blockfrost, Covalent, Thirdweb, Turnkey, Fireblocks,
// Irys, Bybit, Bitfinex, KuCoin, Deribit, Miro, Basecamp, Tawk.to, Pendo); deploy platforms and
// tunnels (Coolify, Dokku, CapRover, Dokploy, Easypanel, StrongDM, Pinggy, localtunnel, Waypoint,
// Kestra's basic auth and base64 SECRET_ variables); code in MATLAB, SAS, Haxe, Pharo, Ada, Vala,
// ReScript and Dart; load, test and automation tools (Apple Shortcuts, Tasker, Locust, Artillery,
// JMeter, Gatling, Playwright httpCredentials, cypress.env.json, LambdaTest, Applitools, TestRail,
// Qase); an Arweave wallet JWK; and passwords in odbc.ini, a UniFi Protect RTSPS URL and gitea
// admin user create.
//
// The look-alikes are what sits beside them: recording headers, timings and empty input events,
// notebook cell and run ids, masked CI values and the env vars of CI systems, cache and artifact
// lines, editor references (envFile, ${input:x}, {{$dotenv x}}, auth-source-pass), collection
// variables, OpenAPI placeholders, GraphQL cursors and cost extensions, protobuf checksums,
// anchors that only refer, ordinary environment variables (LS_COLORS, DBUS and INVOCATION ids,
// terminal session ids, IPC sockets), crash frames, build ids and addresses, bundle and Google
// app ids, provisioning UUIDs and team ids, session-replay and heat-map cookies and public SDK
// keys, dump rows without a secret, workbook links and formula results, mail thread indexes,
// SMTP source ids and authentication results, chat message ids, transcripts that say where a
// password lives, public ids of the providers above, chain addresses, transaction hashes,
// signatures and thumbprints, deploy output, code that reads a secret from the environment, and
// version strings. It is generated at run time, so no live-looking secret sits in the
// repository, and it is never tuned on after its baseline.
//
// What counts as a placeholder follows fresh2, fresh6 … fresh10 so the sets agree: a variable
// or template reference ($VAR, ${VAR}, $(cmd), %VAR%, {{ x }}, #{x}, <x>), an empty, null or
// masked value (***, xxx, ..., •••, [REDACTED], [FILTERED]), a function or lookup (getenv, a
// secret manager path, a password command) and the documented dummy words changeme / your-... /
// replace_me / example. Any other value in a password slot is a password, however ordinary it
// looks. A value encrypted for a key held elsewhere holds no secret in the clear; a value
// encoded reversibly (base64, hex, URL encoding, an OSC 52 clipboard escape) and a password hash
// do. A signature or digest over one request or message, a public key, an address, a
// transaction hash and a public client id are not secrets.

const f11b58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

// f11pass is a human-made password in shapes the earlier generators do not use: a diceware
// passphrase joined by dots with a digit, a Bitwarden-style passphrase of capitalised short
// words joined by dashes, a site name with the year and a bang, a child's name with a birthday,
// a KeePass-style sixteen characters with safe symbols, and a pet's name doubled with digits.
func (g *gen) f11pass(i int) string {
	dice := []string{"tidal", "mango", "orbit", "plume", "gravel", "sonnet", "quill", "ember", "rustic", "velvet"}
	short := []string{"Grain", "Sly", "Unzip", "Mossy", "Twirl", "Brisk", "Oxide", "Plank"}
	sites := []string{"Github", "Dropbox", "Netflix", "Amazon", "Steam", "Outlook"}
	kids := []string{"Emma", "Noah", "Liam", "Olivia", "Mila", "Leon"}
	pets := []string{"biscuit", "pepper", "nala", "rocky", "mochi"}
	pick := func(l []string) string { return l[g.r.IntN(len(l))] }
	switch i % 6 {
	case 0:
		return pick(dice) + "." + pick(dice) + "." + pick(dice) + "." + pick(dice) + g.s(digits, 1)
	case 1:
		return pick(short) + "-" + pick(short) + "-" + pick(short) + g.s(digits, 1)
	case 2:
		return pick(sites) + "20" + g.s(digits, 2) + "!"
	case 3:
		return pick(kids) + g.s("0123", 1) + g.s(digits, 1) + g.s("01", 1) + g.s(digits, 1) + "!"
	case 4:
		return g.s(alnum+"!#*+-=?@^_", 16)
	default:
		p := pick(pets)
		return p + p + g.s(digits, 3)
	}
}

// f11pw draws one of the f11pass shapes.
func (g *gen) f11pw() string { return g.f11pass(g.r.IntN(6)) }

// f11upw draws an f11pass shape that needs no escaping in a URL, a shell word or XML.
func (g *gen) f11upw() string { return g.f11pass([]int{0, 1, 5}[g.r.IntN(3)]) }

// f11jwt is a signed JWT with the given claims.
func (g *gen) f11jwt(claims string) string {
	e := base64.RawURLEncoding
	return e.EncodeToString([]byte(`{"alg":"HS256","typ":"JWT"}`)) + "." + e.EncodeToString([]byte(claims)) + "." + e.EncodeToString(g.bytes(32))
}

// f11pem is an unencrypted PKCS#8 private key body of n base64 lines, joined by sep.
func (g *gen) f11pem(lines int, sep string) string {
	body := make([]string, 0, lines+2)
	body = append(body, "-----BEGIN PRIVATE KEY-----", "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ"+g.s(b64, 14))
	for range lines - 1 {
		body = append(body, g.s(b64, 64))
	}
	body = append(body, g.s(b64, 40)+"=", "-----END PRIVATE KEY-----")
	return strings.Join(body, sep)
}

// f11urlenc percent-encodes every byte that is not a letter or digit, as a form body or a
// log that URL-encodes does.
func f11urlenc(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if strings.IndexByte(alnum, c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteString("%" + strings.ToUpper(hex.EncodeToString([]byte{c})))
	}
	return b.String()
}

func fresh11Secrets(g *gen) []secretCase {
	h := func(n int) string { return g.s(hexLow, n) }
	a := func(n int) string { return g.s(alnum, n) }
	u := func(n int) string { return g.s(b64url, n) }
	b58 := func(n int) string { return g.s(f11b58, n) }
	pw, upw := g.f11pw, g.f11upw

	pemCRLF := g.f11pem(6, "\n")
	pemB64 := b64text(g.f11pem(6, "\n"))
	osc := pw()
	b64once := a(40)
	urlOnce := pw()
	split := a(48)
	return []secretCase{
		// Terminal recordings: asciicast v2 output and input events, script(1) typescripts.
		sc("asciicast output export", `{"version": 2, "width": 120, "height": 32, "timestamp": 1764320000}`+"\n"+`[0.412, "o", "$ export FULLSTORY_API_KEY=na1.%s\r\n"]`, g.s(b64, 60)),
		sc("asciicast input password", `[3.118, "o", "Password: "]`+"\n"+`[5.902, "i", "%s\r"]`+"\n"+`[5.903, "o", "\r\n"]`, upw()),
		sc("asciicast cat env", `[1.5, "o", "$ cat .env\r\nDAYTONA_API_KEY=dtn_%s\r\nDAYTONA_TARGET=eu\r\n"]`, h(64)),
		sc("asciicast PEM escaped", `[2.25, "o", "`+strings.ReplaceAll(pemCRLF, "\n", `\r\n`)+`\r\n"]`, strings.Split(pemCRLF, "\n")[2]),
		sc("typescript CRLF", "Script started on 2026-11-28 09:12:01+00:00 [TERM=\"xterm-256color\"]\r\n$ pinata auth\r\nEnter your Pinata JWT: %s\r\nAuthenticated as alice@acme.io\r\n", g.f11jwt(`{"userInformation":{"id":"`+g.uuid()+`","email":"alice@acme.io"},"authenticationType":"scopedKey","scopedKeyKey":"`+h(20)+`","scopedKeySecret":"`+h(64)+`","iat":1764320000}`)),
		sc("typescript mysql -p", "$ mysql -h db.acme.internal -u app -p%s app_prod\r\nmysql: [Warning] Using a password on the command line interface can be insecure.\r\n", upw()),

		// Notebook and data-tool cells.
		sc("databricks %python cell", "%python\nimport os\nprint(os.environ[\"MARQETA_APP_TOKEN\"], os.environ[\"MARQETA_ADMIN_ACCESS_TOKEN\"])\n"+g.uuid()+" %s", g.uuid()),
		sc("colab shell cell", "!echo $LLAMA_CLOUD_API_KEY\nllx-%s", a(48)),
		sc("zeppelin interpreter json", `{"jdbc": {"properties": {"default.url": {"value": "jdbc:postgresql://warehouse:5432/bi"}, "default.user": {"value": "zeppelin"}, "default.password": {"value": "%s"}}}}`, pw()),
		sc("polars read_database_uri", `df = pl.read_database_uri(query, uri="postgresql://analyst:%s@pg.acme.internal:5432/sales")`, upw()),
		sc("mlflow tracking password", "import os\nos.environ[\"MLFLOW_TRACKING_USERNAME\"] = \"ml-bot\"\nos.environ[\"MLFLOW_TRACKING_PASSWORD\"] = \"%s\"\nmlflow.set_tracking_uri(\"https://mlflow.acme.io\")", pw()),
		sc("mlflow tracking token", "Out[4]: {'MLFLOW_TRACKING_URI': 'https://mlflow.acme.io', 'MLFLOW_TRACKING_TOKEN': '%s'}", u(43)),
		sc("roboflow cell", "rf = Roboflow(api_key=\"%s\")\nproject = rf.workspace(\"acme\").project(\"pallets\")", a(20)),

		// CI logs where masking went wrong.
		sc("actions masked then base64", "Run echo \"$CREDS\" | base64\n  echo \"$CREDS\" | base64\n  shell: /usr/bin/bash -e {0}\n  env:\n    CREDS: ***\n%s", b64text("spacelift:"+h(64))),
		sc("actions url-encoded leak", "curl: (22) The requested URL returned error: 401\n##[debug]url: https://api.env0.com/blueprints?apiKeySecret=%s", f11urlenc(urlOnce)),
		sc("gitlab split secret", "$ echo ${SCALR_TOKEN:0:24}\n%s\n$ echo ${SCALR_TOKEN:24}\n%s", split[:24], split[24:]),
		sc("azure debug", "##[debug]Evaluating: secrets.QUALTRICS_TOKEN\n##[debug]Result: '%s'", a(40)),
		sc("buildkite env dump", "~~~ Preparing plugins\n$ env | sort\nBUILDKITE_AGENT_NAME=agent-3\nEMBRACE_API_TOKEN=%s\nHOME=/var/lib/buildkite-agent", h(32)),
		sc("circleci base64 twice", "#!/bin/bash -eo pipefail\necho $ATLANTIS_GH_WEBHOOK_SECRET | base64 | base64\n%s", b64text(b64text(b64once)+"\n")),

		// IDE and editor files.
		sc("vscode launch env", `{
  "version": "0.2.0",
  "configurations": [
    {
      "type": "node",
      "request": "launch",
      "name": "API",
      "program": "${workspaceFolder}/src/server.ts",
      "env": { "NODE_ENV": "development", "GORGIAS_API_KEY": "%s" }
    }
  ]
}`, h(64)),
		sc("vscode tasks args", `{"label": "seed db", "type": "shell", "command": "psql", "args": ["postgresql://seed:%s@localhost:5433/dev", "-f", "seed.sql"]}`, upw()),
		sc("vscode rest-client env", `"rest-client.environmentVariables": {"prod": {"host": "https://api.jotform.com", "apiKey": "%s"}}`, h(32)),
		sc("zed language models", `{"language_models": {"openai_compatible": {"mixedbread": {"api_url": "https://api.mixedbread.com/v1", "api_key": "mxb_%s"}}}}`, a(40)),
		sc("emacs authinfo", "machine api.surveymonkey.com login bearer password %s\nmachine imap.fastmail.com login alice@acme.io password %s port 993", a(64), upw()),
		sc("viminfo search history", "# Search String History (newest to oldest):\n? /DB_PASSWORD=\n? /%s", upw()),

		// API clients not named before.
		sc("hoppscotch environment", `[{"name": "Production", "variables": [{"key": "baseUrl", "value": "https://api.pandadoc.com"}, {"key": "apiKey", "secret": false, "value": "%s"}]}]`, h(40)),
		sc("thunder client env", `{"name": "staging", "data": [{"name": "token", "value": "%s"}, {"name": "host", "value": "https://staging.acme.io"}]}`, g.f11jwt(`{"sub":"svc-qa","iss":"acme","exp":1796000000}`)),
		sc("yaak request header", `{"model": "http_request", "url": "https://api.egnyte.com/pubapi/v1/fs/Shared", "headers": [{"name": "Authorization", "value": "Bearer %s", "enabled": true}]}`, a(24)),
		sc("kreya auth config", `{"auths": [{"name": "svc", "type": "oauth2", "clientId": "kreya-svc", "clientSecret": "%s", "tokenUrl": "https://id.acme.io/oauth/token"}]}`, u(40)),
		sc("paw basic auth", `["basic_auth", {"username": "admin", "password": "%s"}]`, pw()),

		// API descriptions and RPC.
		sc("openapi header example", "components:\n  securitySchemes:\n    apiKey:\n      type: apiKey\n      in: header\n      name: X-Access-Key\n      x-example: %s", a(32)),
		sc("openapi example request", "      requestBody:\n        content:\n          application/json:\n            example:\n              client_id: acme-ci\n              client_secret: %s", u(48)),
		sc("graphql login variables", `{"operationName": "Login", "variables": {"input": {"email": "ops@acme.io", "password": "%s"}}, "query": "mutation Login($input: LoginInput!) { login(input: $input) { token } }"}`, pw()),
		sc("graphql response token", `{"data": {"login": {"token": "%s", "user": {"id": "VXNlcjo0Mg=="}}}}`, g.f11jwt(`{"sub":"42","role":"admin","iat":1764320000}`)),
		sc("protobuf text format", "# proto-file: config/v1/upstream.proto\n# proto-message: Upstream\nname: \"ledger\"\ncredentials {\n  api_key: \"%s\"\n}\n", a(40)),
		sc("protobuf text secret bytes", "tls {\n  private_key_pem: \"-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ"+g.s(b64, 14)+"\\n%s\\n%s\\n-----END PRIVATE KEY-----\\n\"\n}", g.s(b64, 64), g.s(b64, 64)),
		sc("buf curl header", "buf curl --schema buf.build/acme/ledger --header 'Authorization: Bearer %s' https://ledger.acme.io/acme.ledger.v1.LedgerService/GetBalance", a(40)),
		sc("evans header", "evans --host grpc.acme.io --port 443 --tls --header x-api-key=%s repl", h(40)),

		// YAML anchors and merge keys.
		sc("yaml anchor db", "x-db: &db\n  host: postgres\n  user: app\n  password: %s\nservices:\n  api:\n    environment:\n      <<: *db", pw()),
		sc("yaml anchor scalar", "defaults:\n  token: &tawk_token %s\nwidgets:\n  - name: support\n    token: *tawk_token", h(40)),
		sc("yaml anchor in list", "auth: &auth\n  - name: X-Api-Key\n    value: %s\nroutes:\n  - path: /v1\n    headers: *auth", a(32)),

		// Environment dumps.
		sc("systemctl show-environment", "$ systemctl show-environment\nLANG=C.UTF-8\nPATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin\nCOOLIFY_API_TOKEN=%s", "1|"+a(40)),
		sc("launchctl getenv", "$ launchctl getenv BITFINEX_API_SECRET\n%s", a(43)),
		sc("podman inspect env", "$ podman inspect --format '{{.Config.Env}}' api\n[PATH=/usr/local/bin:/usr/bin HOSTNAME=api KUCOIN_KEY="+h(24)+" KUCOIN_SECRET=%s KUCOIN_PASSPHRASE=%s]", g.uuid(), upw()),
		sc("nomad alloc exec env", "$ nomad alloc exec -task web 5f1c env\nNOMAD_ALLOC_ID="+g.uuid()+"\nDERIBIT_CLIENT_ID="+a(8)+"\nDERIBIT_CLIENT_SECRET=%s", u(43)),
		sc("kubectl set env list", "$ kubectl set env deploy/billing --list\n# Deployment billing, container app\nPORT=8080\nDOCUSIGN_SECRET_KEY=%s", g.uuid()),
		sc("fly ssh env", "$ fly ssh console -C env\nFLY_APP_NAME=acme-api\nHELIUS_RPC=https://mainnet.helius-rpc.com/?api-key=%s", g.uuid()),
		sc("powershell env drive", "PS C:\\> Get-ChildItem Env: | Format-Table -AutoSize\n\nName                Value\n----                -----\nCOMPUTERNAME        BUILD01\nHELLOSIGN_API_KEY   %s", h(64)),
		sc("cmd set output", "C:\\src> set\nALLUSERSPROFILE=C:\\ProgramData\nETHERSCAN_API_KEY=%s\nOS=Windows_NT", g.s(upNum, 34)),
		sc("env -0 dump", "$ env -0 | tr '\\0' '\\n' | grep TENDERLY\nTENDERLY_ACCESS_KEY=%s", a(32)),

		// Crash dumps.
		sc("hs_err jvm_args", "# A fatal error has been detected by the Java Runtime Environment:\n#  SIGSEGV (0xb) at pc=0x00007f3a1c2b4e10, pid=4121, tid=4150\n---------------  S Y S T E M  ---------------\njvm_args: -Xmx2g -Dapp.ldap.bind-password=%s -Dspring.profiles.active=prod", upw()),
		sc("hs_err environment", "Environment Variables:\nJAVA_HOME=/opt/java/openjdk\nPATH=/opt/java/openjdk/bin:/usr/bin\nFIREBLOCKS_API_KEY="+g.uuid()+"\nFIREBLOCKS_SECRET="+pemB64[:80]+"%s", pemB64[80:]),
		sc("node report env", `{"header": {"reportVersion": 3, "event": "JavaScript API", "trigger": "GetReport"}, "environmentVariables": {"NODE_ENV": "production", "MORALIS_API_KEY": "%s"}}`, g.f11jwt(`{"nonce":"`+g.uuid()+`","orgId":"`+g.digitsN(6)+`","userId":"`+g.digitsN(6)+`","typeId":"`+g.uuid()+`","type":"PROJECT","iat":1764320000}`)),
		sc("android tombstone cmdline", "*** *** *** *** *** *** *** *** *** *** *** *** *** *** *** ***\nBuild fingerprint: 'google/shiba/shiba:15/AP4A.250105.002/12701944:user/release-keys'\nCmdline: /system/bin/app_process64 --api-secret=%s\npid: 8123, tid: 8140, name: worker", a(32)),
		sc("python faulthandler locals", "Traceback (most recent call last):\n  File \"sync.py\", line 88, in push\n    client = Blockfrost(project_id=project_id)\n    project_id = 'mainnet%s'", a(32)),

		// Mobile app configuration.
		sc("Info.plist secret", "<key>CFBundleIdentifier</key>\n<string>io.acme.wallet</string>\n<key>TurnkeyApiPrivateKey</key>\n<string>%s</string>", h(64)),
		sc("AndroidManifest meta-data", `<application android:name=".App">
    <meta-data android:name="io.embrace.api_token" android:value="%s" />
</application>`, h(32)),
		sc("gradle signingConfigs", "signingConfigs {\n    create(\"release\") {\n        storeFile = file(\"release.jks\")\n        storePassword = \"%s\"\n        keyAlias = \"upload\"\n        keyPassword = \"%s\"\n    }\n}", upw(), upw()),
		sc("gradle buildConfigField", `buildConfigField("String", "QUICKNODE_URL", "\"https://solemn-wild-pond.solana-mainnet.quiknode.pro/%s/\"")`, h(40)),
		sc("local.properties", "sdk.dir=/Users/alice/Library/Android/sdk\nrelease.keyPassword=%s\nrelease.storePassword=%s", upw(), upw()),
		sc("eas.json env", `{"build": {"production": {"env": {"EXPO_PUBLIC_API_URL": "https://api.acme.io", "THIRDWEB_SECRET_KEY": "%s"}}}}`, u(86)),
		sc("capacitor config", "const config: CapacitorConfig = {\n  appId: 'io.acme.app',\n  plugins: { CapacitorHttp: { enabled: true }, Pendo: { integrationKey: '%s' } },\n};", g.uuid()+".us"),
		sc("react-native-config .env", "API_URL=https://api.acme.io\nCALENDLY_PAT=%s", g.f11jwt(`{"iss":"https://auth.calendly.com","iat":1764320000,"jti":"`+g.uuid()+`","user_uuid":"`+g.uuid()+`","app_uid":"`+u(43)+`","exp":1795856000}`)),
		sc("xcscheme env var", `<EnvironmentVariable key = "MIRO_ACCESS_TOKEN" value = "%s" isEnabled = "YES"></EnvironmentVariable>`, "eyJtaXJvLm9yaWdpbiI6ImV1MDEifQ_"+u(27)),

		// Browser storage dumps.
		sc("sessionStorage dump", "> JSON.stringify(sessionStorage)\n'{\"oidc.user:https://id.acme.io:portal\":\"{\\\"refresh_token\\\":\\\"%s\\\",\\\"token_type\\\":\\\"Bearer\\\"}\"}'", u(64)),
		sc("indexeddb dump", "IndexedDB › firebaseLocalStorageDb › firebaseLocalStorage\nkey: firebase:authUser:app\nvalue: {stsTokenManager: {refreshToken: \"AMf-vB%s\", expirationTime: 1764323600000}}", u(220)),
		sc("chrome.storage.local", "> await chrome.storage.local.get(null)\n{apiKey: 'fal_%s', lastSync: 1764320000}", g.uuid()+":"+h(32)),
		sc("playwright storageState", `{"cookies": [{"name": "_basecamp_session", "value": "%s", "domain": "3.basecamp.com", "path": "/", "httpOnly": true, "secure": true}], "origins": []}`, u(180)+"--"+h(40)),
		sc("firefox cookies.sqlite", "sqlite> SELECT host, name, value FROM moz_cookies WHERE host LIKE '%miro%';\n.miro.com|token|%s", u(32)+"."+u(20)),

		// Database dumps.
		sc("pg_dump COPY", "COPY public.integrations (id, provider, api_key, created_at) FROM stdin;\n1\tsurveymonkey\t%s\t2026-11-02 10:11:12+00\n\\.", a(64)),
		sc("mysqldump extended insert", "INSERT INTO `api_clients` VALUES (7,'billing','"+g.uuid()+"','%s','2026-11-28 09:00:00'),(8,'reports','"+g.uuid()+"','%s','2026-11-28 09:00:00');", a(40), a(40)),
		sc("mongoexport", `{"_id":{"$oid":"`+h(24)+`"},"email":"bob@acme.io","smtp":{"user":"bob","pass":"%s"}}`, pw()),
		sc("cypher create user node", "CREATE (u:ServiceAccount {name: 'etl', apiSecret: '%s'})", a(40)),

		// Spreadsheets.
		sc("sheets IMPORTDATA", `=IMPORTDATA("https://api.covalenthq.com/v1/eth-mainnet/address/vitalik.eth/balances_v2/?key=cqt_%s&format=csv")`, g.s(lowNum, 26)),
		sc("sheets IMPORTXML", `=IMPORTXML("https://api.etherscan.io/api?module=account&action=balance&address=0x`+h(40)+`&apikey=%s", "//result")`, g.s(upNum, 34)),
		sc("apps script properties", "function setup() {\n  PropertiesService.getScriptProperties().setProperty('QUALTRICS_TOKEN', '%s');\n}", a(40)),
		sc("apps script UrlFetchApp", "const res = UrlFetchApp.fetch('https://api.pandadoc.com/public/v1/documents', {\n  headers: { Authorization: 'API-Key %s' },\n});", h(40)),
		sc("excel WEBSERVICE cell", "B2\t=WEBSERVICE(\"https://api.ankr.com/rpc/eth/%s\")", h(64)),

		// Mail, chat exports and transcripts.
		sc("mbox temporary password", "From noreply@acme.io Sat Nov 28 09:12:01 2026\nSubject: Your new account\n\nHi Bob,\nyour temporary password is: %s\nPlease change it at first login.", pw()),
		sc("eml forwarded key", "Subject: Fwd: Dropbox Sign API access\nContent-Type: text/plain; charset=utf-8\n\n---------- Forwarded message ---------\nAPI key: %s", h(64)),
		sc("slack export json", `[{"type": "message", "user": "U05`+g.s(upNum, 8)+`", "text": "prod redis pw is %s — don't share", "ts": "1764320000.123456"}]`, pw()),
		sc("telegram export", `{"id": 4412, "type": "message", "date": "2026-11-28T09:12:01", "from": "Alice", "text": "the ledger basic auth is admin / %s"}`, pw()),
		sc("discordchatexporter csv", "AuthorID,Author,Date,Content\n\""+g.digitsN(18)+"\",\"alice\",\"2026-11-28T09:12:01\",\"bybit secret for the bot: %s\"", a(36)),
		sc("mattermost paste", "alice  9:12 AM\nlabel studio token for the annotators: %s", h(40)),
		sc("element export", "[28/11/2026, 09:12:01] Bob: here's the staging vpn pw %s", pw()),
		sc("webvtt read aloud", "WEBVTT\n\n00:14:03.120 --> 00:14:07.880\n<v Alice>OK so the wifi password is %s, all lower case.", g.f11pass(5)),
		sc("srt read aloud", "212\n00:12:41,200 --> 00:12:45,960\nthe admin password for the NAS is %s\n", g.f11pass(0)),
		sc("meeting notes transcript", "Action items (auto-generated):\n- Bob to rotate the Gorgias key; current one is %s\n- Alice to update the runbook", h(64)),
		sc("voice memo transcript", "Transcript: \"Note to self. Bank app PIN is %s, and the recovery phrase is in the safe.\"", g.digitsN(6)),

		// Clipboard commands.
		sc("pbcopy", "$ echo -n '%s' | pbcopy", pw()),
		sc("xclip", "$ echo -n %s | xclip -selection clipboard", upw()),
		sc("wl-copy", "$ wl-copy 'dtn_%s'", h(64)),
		sc("osc52 clipboard", "\x1b]52;c;%s\x07", b64text(osc)),

		// Histories.
		sc("python_history", ">>> import requests\n>>> requests.get(url, headers={'X-Access-Key': '%s'})", a(32)),
		sc("irb_history", "client = DocuSign::Esign::ApiClient.new\nclient.request_jwt_user_token(\"%s\", user_id, File.read(\"key.pem\"))", g.uuid()),
		sc("lesshst", ".less-history-file:\n.search\n\"password\n\"%s", upw()),

		// Providers the earlier tables do not name, each in a context of its own.
		sc("fitbit token json", `{"access_token": "%s", "expires_in": 28800, "refresh_token": "%s", "scope": "activity heartrate sleep", "token_type": "Bearer", "user_id": "`+g.s(upNum, 6)+`"}`, g.f11jwt(`{"aud":"`+g.s(upNum, 6)+`","sub":"`+g.s(upNum, 6)+`","iss":"Fitbit","typ":"access_token","scopes":"ract rhr rsle","exp":1764348800,"iat":1764320000}`), h(64)),
		sc("bugcrowd token", "curl -H 'Authorization: Token %s' -H 'Accept: application/vnd.bugcrowd+json' https://api.bugcrowd.com/submissions", a(20)+":"+a(64)),
		sc("orca token", "ORCA_SECURITY_API_TOKEN=%s orca-cli fs scan .", u(120)),
		sc("panther analysis tool", "panther_analysis_tool upload --path rules/ --api-host https://api.acme.runpanther.net/public/graphql --api-token %s", a(40)),
		sc("ipinfo init", "$ ipinfo init %s\nchecking token...\ndone", h(14)),
		sc("what3words key", "GET https://api.what3words.com/v3/convert-to-coordinates?words=filled.count.soap&key=%s", g.s(upNum, 8)),
		sc("lusha header", "headers = {'api_key': '%s'}\nrequests.get('https://api.lusha.com/v2/person', headers=headers, params=params)", g.uuid()),
		sc("visual crossing key", "https://weather.visualcrossing.com/VisualCrossingWebServices/rest/services/timeline/Berlin?unitGroup=metric&key=%s&contentType=json", g.s(upNum, 25)),
		sc("fullstory curl", "curl -H \"Authorization: Basic na1.%s\" https://api.fullstory.com/v2/users", g.s(b64, 60)),
		sc("unstructured header", "curl -X POST https://api.unstructuredapp.io/general/v0/general -H 'unstructured-api-key: %s' -F files=@report.pdf", a(30)),
		sc("llamaparse python", "parser = LlamaParse(api_key=\"llx-%s\", result_type=\"markdown\")", a(48)),
		sc("roboflow inference url", "POST https://detect.roboflow.com/pallets/3?api_key=%s&confidence=40", a(20)),
		sc("label studio token", "curl -H 'Authorization: Token %s' https://labels.acme.io/api/projects/", h(40)),
		sc("marqeta basic", "curl -u "+g.uuid()+":%s https://sandbox-api.marqeta.com/v3/users", g.uuid()),
		sc("fal key dotenv", "FAL_KEY=%s", g.uuid()+":"+h(32)),
		sc("spacectl env", "export SPACELIFT_API_KEY_ENDPOINT=https://acme.app.spacelift.io\nexport SPACELIFT_API_KEY_ID=01J"+g.s(crockfd, 23)+"\nexport SPACELIFT_API_KEY_SECRET=%s", h(64)),
		sc("env0 provider hcl", "provider \"env0\" {\n  api_key    = \""+a(16)+"\"\n  api_secret = \"%s\"\n}", u(32)),
		sc("scalr tfrc", `{"credentials": {"acme.scalr.io": {"token": "%s"}}}`, a(14)+"."+a(22)+"."+u(96)),
		sc("atlantis flags", "atlantis server --atlantis-url https://atlantis.acme.io --repo-allowlist 'bitbucket.org/acme/*' --bitbucket-user ci --bitbucket-token %s --bitbucket-webhook-secret %s", a(32), a(24)),
		sc("maxio basic", "curl -u %s:x https://acme.chargify.com/subscriptions.json", a(43)),
		sc("metronome bearer", "const metronome = new Metronome({ bearerToken: '%s' });", h(64)),
		sc("schematic key", "schematic := schematicgo.NewClient(option.WithAPIKey(\"sch_dev_%s\"))", a(32)),
		sc("strava refresh", `{"token_type": "Bearer", "expires_at": 1764341600, "refresh_token": "%s", "access_token": "%s", "athlete": {"id": 1234567}}`, h(40), h(40)),
		sc("withings client secret", "WITHINGS_CLIENT_ID="+h(64)+"\nWITHINGS_CLIENT_SECRET=%s", h(64)),
		sc("oura pat", "curl -H 'Authorization: Bearer %s' https://api.ouraring.com/v2/usercollection/daily_sleep", g.s(upNum, 32)),
		sc("nightscout api secret", "services:\n  nightscout:\n    image: nightscout/cgm-remote-monitor\n    environment:\n      API_SECRET: %s\n      DISPLAY_UNITS: mmol", pw()),
		sc("nightscout token url", "https://cgm.acme.family/api/v1/entries.json?token=loop-%s", h(16)),
		sc("tautulli apikey", "GET http://nas:8181/api/v2?apikey=%s&cmd=get_activity", h(32)),
		sc("overseerr header", "curl -H 'X-Api-Key: %s' http://nas:5055/api/v1/request", g.b64std(48)),
		sc("photoprism compose", "    environment:\n      PHOTOPRISM_ADMIN_USER: \"admin\"\n      PHOTOPRISM_ADMIN_PASSWORD: \"%s\"", pw()),
		sc("seafile token", "curl -H 'Authorization: Token %s' https://files.acme.io/api2/repos/", h(40)),
		sc("dependency-track key", "curl -X PUT https://dtrack.acme.io/api/v1/bom -H 'X-Api-Key: odt_%s' -F bom=@bom.json", a(32)),
		sc("defectdojo token", "DD_API_KEY=%s python upload_scans.py --engagement 12", h(40)),
		sc("checkmarx api key", "cx configure set --prop-name cx_apikey --prop-value %s", g.f11jwt(`{"typ":"Offline","azp":"ast-app","sub":"`+g.uuid()+`","iat":1764320000}`)),
		sc("renovate config.js", "module.exports = {\n  platform: 'gitea',\n  endpoint: 'https://git.acme.io/api/v1',\n  token: '%s',\n};", h(40)),
		sc("greptile key", "curl https://api.greptile.com/v2/query -H \"Authorization: Bearer %s\" -H \"X-GitHub-Token: $GH\"", u(48)),
		sc("dataforseo basic", "auth = ('seo@acme.io', '%s')\nr = requests.post('https://api.dataforseo.com/v3/serp/google/organic/live/advanced', auth=auth, json=task)", h(16)),
		sc("ahrefs bearer", "AHREFS_API_TOKEN=%s npm run rank-report", a(40)),
		sc("semrush key", "https://api.semrush.com/?type=domain_ranks&key=%s&domain=acme.io", h(32)),
		sc("tomtom key server", "routing:\n  provider: tomtom\n  server_key: %s", a(32)),
		sc("geoapify python", "GEOAPIFY_KEY = \"%s\"", h(32)),
		sc("opencage r", "Sys.setenv(OPENCAGE_KEY = \"%s\")", h(32)),
		sc("radar secret key", "Radar.initialize('prj_live_sk_%s')", h(40)),
		sc("foursquare key", "headers = {\"Authorization\": \"fsq3%s\"}", g.s(b64, 44)),
		sc("tomorrow.io", "GET https://api.tomorrow.io/v4/weather/forecast?location=berlin&apikey=%s", a(32)),
		sc("amadeus client", "amadeus = Client(client_id='"+a(32)+"', client_secret='%s')", a(16)),
		sc("shipengine header", "API-Key: TEST_%s", g.s(b64, 43)),
		sc("onfido token", "ONFIDO_API_TOKEN=api_live.%s", u(11)+"."+u(32)),
		sc("sumsub app token", "X-App-Token: prd:%s\nX-App-Access-Sig: "+h(64)+"\nX-App-Access-Ts: 1764320000", a(24)+"."+a(32)),
		sc("veriff shared secret", "veriff:\n  api_key: "+g.uuid()+"\n  shared_secret_key: %s", g.uuid()),
		sc("checkr basic", "curl -u %s: https://api.checkr.com/v1/candidates", h(40)),
		sc("smartcar secret", "const client = new smartcar.AuthClient({ clientId: '"+g.uuid()+"', clientSecret: '%s', redirectUri });", g.uuid()),
		sc("hackerone api", "curl https://api.hackerone.com/v1/me/reports -u 'acme-triage:%s'", g.s(b64, 44)),
		sc("wiz client secret", "WIZ_CLIENT_ID="+g.s(lowNum, 53)+"\nWIZ_CLIENT_SECRET=%s", a(64)),
		sc("lacework api key json", `{"keyId": "ACME_`+g.s(hexUp, 48)+`", "secret": "_%s", "subAccount": "", "account": "acme.lacework.net"}`, h(32)),
		sc("sysdig token", "helm install sysdig-agent sysdig/sysdig-deploy --set global.sysdig.accessKey=%s --set global.clusterConfig.name=prod", g.uuid()),
		sc("tines user token", "curl -H 'x-user-token: %s' https://acme.tines.com/api/v1/stories", a(20)),
		sc("rapid7 header", "$headers = @{ 'X-Api-Key' = '%s' }\nInvoke-RestMethod -Uri 'https://eu.api.insight.rapid7.com/validate' -Headers $headers", g.uuid()),
		sc("tenable x-apikeys", "X-ApiKeys: accessKey=%s;secretKey=%s", h(64), h(64)),
		sc("qualys basic python", "session.auth = ('acme_ops3', '%s')\nsession.headers['X-Requested-With'] = 'python'", pw()),
		sc("shodan init", "$ shodan init %s\nSuccessfully initialized", a(32)),
		sc("censys config", "[DEFAULT]\napi_id = "+g.uuid()+"\napi_secret = %s", a(32)),
		sc("virustotal header", "vt = vt.Client(\"%s\")", h(64)),
		sc("urlscan header", "curl -X POST https://urlscan.io/api/v1/scan/ -H 'API-Key: %s' -d '{\"url\": \"https://acme.io\"}'", g.uuid()),
		sc("greynoise key", "greynoise setup --api-key %s", a(64)),
		sc("abuseipdb key", "Key: %s\nAccept: application/json", h(80)),
		sc("maxmind GeoIP.conf", "AccountID "+g.digitsN(6)+"\nLicenseKey %s\nEditionIDs GeoLite2-City", a(6)+"_"+a(29)+"_mmk"),
		sc("clearbit key", "clearbit.key = 'sk_%s'", h(32)),
		sc("hunter.io", "GET https://api.hunter.io/v2/domain-search?domain=acme.io&api_key=%s", h(40)),
		sc("apollo header", "X-Api-Key: %s\nContent-Type: application/json\nCache-Control: no-cache", a(22)),
		sc("phantombuster header", "X-Phantombuster-Key-1: %s", a(43)),
		sc("filebase aws profile", "[filebase]\naws_access_key_id = "+g.s(upNum, 20)+"\naws_secret_access_key = %s\nendpoint_url = https://s3.filebase.com", g.s(alnum, 40)),
		sc("pinata key headers", "pinata_api_key: "+h(20)+"\npinata_secret_api_key: %s", h(64)),
		sc("egnyte oauth", "egnyte:\n  domain: acme\n  client_id: "+a(24)+"\n  client_secret: %s", a(32)),
		sc("gorgias auth tuple", "requests.get(url, auth=('ops@acme.io', '%s'))", h(64)),
		sc("surveymonkey client", "SM_CLIENT_SECRET=%s", g.s(digits+lower, 60)),
		sc("jotform python", "jotformAPIClient = JotformAPIClient('%s')", h(32)),
		sc("docusign rsa", "DOCUSIGN_INTEGRATION_KEY="+g.uuid()+"\nDOCUSIGN_PRIVATE_KEY=\"-----BEGIN RSA PRIVATE KEY-----\\nMIIEowIBAAKCAQEA"+g.s(b64, 48)+"\\n%s\\n%s\\n-----END RSA PRIVATE KEY-----\"", g.s(b64, 64), g.s(b64, 64)),
		sc("calendly webhook signing key", "CALENDLY_WEBHOOK_SIGNING_KEY=%s", u(43)),
		sc("tawk api key", "curl -u %s:F https://api.tawk.to/v1/property.list", h(40)),
		sc("pendo integration key", "curl -H 'x-pendo-integration-key: %s' https://app.pendo.io/api/v1/report", g.uuid()+".us"),
		sc("basecamp token", "curl -H 'Authorization: Bearer %s' -H 'User-Agent: Acme (ops@acme.io)' https://3.basecampapi.com/999999/projects.json", "BAhbB0kiAbB7ImNsaWVudF9pZCI6Ij"+g.s(b64, 150)+"--"+h(40)),
		sc("miro token python", "miro = MiroApi(\"%s\")", "eyJtaXJvLm9yaWdpbiI6ImV1MDEifQ_"+u(27)),
		sc("codemagic yaml plain", "environment:\n  vars:\n    APP_STORE_CONNECT_PRIVATE_KEY_ID: "+g.s(upNum, 10)+"\n    CM_KEYSTORE_PASSWORD: %s", upw()),
		sc("embrace gradle", "embrace {\n    apiToken.set(\"%s\")\n}", h(32)),

		// Deploy platforms, cluster bootstrap and tunnels.
		sc("dokku config:set", "$ dokku config:set api DATABASE_URL=postgres://api:%s@dokku-postgres-api:5432/api\n-----> Setting config vars", upw()),
		sc("caprover login", "$ caprover login -u https://captain.acme.io -p %s -n acme", upw()),
		sc("caprover app token", "curl -X POST https://captain.acme.io/api/v2/user/apps/webhooks/triggerbuild?namespace=captain&token=%s", h(64)),
		sc("dokploy api key", "curl -H 'x-api-key: %s' https://dokploy.acme.io/api/project.all", a(64)),
		sc("easypanel bearer", "EASYPANEL_TOKEN=%s easypanel-deploy --project shop", h(64)),
		sc("strongdm admin token", "SDM_ADMIN_TOKEN=%s sdm admin users list", u(30)+"."+u(120)),
		sc("pinggy ssh", "ssh -p 443 -R0:localhost:3000 %s+tcp@a.pinggy.io", a(11)),
		sc("waypoint context", "waypoint context create -server-addr=waypoint.acme.io:9701 -server-auth-token=%s -set-default prod", b58(120)),
		sc("kestra basic auth", "kestra:\n  server:\n    basic-auth:\n      enabled: true\n      username: admin@acme.io\n      password: %s", pw()),
		sc("kestra SECRET_ env", "SECRET_SLACK_WEBHOOK=%s", b64text("https://hooks.slack.com/services/T"+g.s(upNum, 10)+"/B"+g.s(upNum, 10)+"/"+a(24))),

		// Code in languages the earlier tables do not use.
		sc("matlab weboptions", "opts = weboptions('Username', 'svc_lab', 'Password', '%s');\ndata = webread('https://lims.acme.io/api/samples', opts);", pw()),
		sc("sas libname", "libname dw oracle user=etl password=\"%s\" path=dwprod schema=sales;", pw()),
		sc("haxe http", "var req = new haxe.Http(\"https://api.acme.io/scores\");\nreq.setHeader(\"X-Api-Key\", \"%s\");", a(32)),
		sc("pharo znclient", "ZnClient new\n  url: 'https://api.acme.io/v1/orders';\n  setBasicAuthenticationUsername: 'shop' password: '%s';\n  get.", pw()),
		sc("ada constant", "   Api_Secret : constant String := \"%s\";", a(40)),
		sc("vala soup", "var msg = new Soup.Message (\"GET\", uri);\nmsg.request_headers.append (\"Authorization\", \"Bearer %s\");", a(40)),
		sc("rescript fetch", "let headers = Fetch.Headers.fromObject({\"authorization\": \"Token %s\"})", h(40)),
		sc("dart http headers", "final res = await http.get(uri, headers: {'X-Access-Key': '%s'});", a(32)),

		// Load, test and automation tools.
		sc("apple shortcuts plist", "<dict>\n\t<key>WFWorkflowActionIdentifier</key>\n\t<string>is.workflow.actions.downloadurl</string>\n\t<key>WFWorkflowActionParameters</key>\n\t<dict>\n\t\t<key>WFHTTPHeaders</key>\n\t\t<string>Authorization: Bearer %s</string>", a(40)),
		sc("tasker http request", "<Action sr=\"act0\" ve=\"7\">\n<code>339</code>\n<Str sr=\"arg1\" ve=\"3\">https://api.acme.io/v1/presence</Str>\n<Str sr=\"arg2\" ve=\"3\">X-Api-Key:%s</Str>", h(40)),
		sc("locustfile", "class ApiUser(HttpUser):\n    def on_start(self):\n        self.client.headers[\"Authorization\"] = \"Token %s\"", h(40)),
		sc("artillery config", "config:\n  target: https://api.acme.io\n  defaults:\n    headers:\n      x-api-key: \"%s\"\nscenarios:\n  - flow:\n      - get:\n          url: /v1/items", a(32)),
		sc("jmeter header manager", "<HeaderManager guiclass=\"HeaderPanel\" testclass=\"HeaderManager\" testname=\"Auth\">\n  <collectionProp name=\"HeaderManager.headers\">\n    <elementProp name=\"\" elementType=\"Header\">\n      <stringProp name=\"Header.name\">Authorization</stringProp>\n      <stringProp name=\"Header.value\">Bearer %s</stringProp>", u(48)),
		sc("gatling scala", "val httpProtocol = http.baseUrl(\"https://api.acme.io\")\n  .basicAuth(\"loadtest\", \"%s\")", pw()),
		sc("playwright httpCredentials", "export default defineConfig({\n  use: { baseURL: 'https://staging.acme.io', httpCredentials: { username: 'qa', password: '%s' } },\n});", pw()),
		sc("cypress.env.json", `{"API_URL": "https://staging.acme.io", "ADMIN_EMAIL": "qa@acme.io", "ADMIN_PASSWORD": "%s"}`, pw()),
		sc("wdio lambdatest", "exports.config = {\n  user: 'alice.acme',\n  key: '%s',\n  hostname: 'hub.lambdatest.com',\n};", "LT_"+a(47)),
		sc("applitools key", "APPLITOOLS_API_KEY=%s npx eyes-storybook", a(43)),
		sc("testrail api key", "testrail:\n  url: https://acme.testrail.io\n  user: qa@acme.io\n  key: %s", a(20)+"-"+a(10)),
		sc("qase token", "QASE_TESTOPS_API_TOKEN=%s pytest --qase-mode=testops", h(64)),

		// Crypto platforms and wallets.
		sc("arweave jwk", `{"kty":"RSA","e":"AQAB","n":"`+u(683)+`","d":"%s","p":"%s","q":"`+u(342)+`","dp":"`+u(342)+`","dq":"`+u(342)+`","qi":"`+u(342)+`"}`, u(683), u(342)),
		sc("irys private key flag", "irys upload ./dist -n mainnet -t ethereum -w %s --provider-url https://eth.llamarpc.com", h(64)),
		sc("bybit ccxt", "exchange = ccxt.bybit({'apiKey': '"+a(18)+"', 'secret': '%s'})", a(36)),
		sc("bitfinex ws auth", `{"event": "auth", "apiKey": "`+a(43)+`", "authSig": "`+h(96)+`", "authNonce": "1764320000000000", "apiSecret": "%s"}`, a(43)),
		sc("kucoin python", "client = Client(api_key='"+h(24)+"', api_secret='%s', passphrase='%s')", g.uuid(), upw()),
		sc("deribit auth", `{"jsonrpc": "2.0", "method": "public/auth", "params": {"grant_type": "client_credentials", "client_id": "`+a(8)+`", "client_secret": "%s"}}`, u(43)),
		sc("fireblocks secret env", "FIREBLOCKS_API_SECRET=\"-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ"+g.s(b64, 14)+"\\n%s\\n%s\\n-----END PRIVATE KEY-----\"", g.s(b64, 64), g.s(b64, 64)),
		sc("turnkey api private key", "turnkey:\n  api_public_key: 02"+h(64)+"\n  api_private_key: %s", h(64)),
		sc("thirdweb secret", "const client = createThirdwebClient({ secretKey: \"%s\" });", u(86)),
		sc("moralis python", "evm_api.balance.get_native_balance(api_key=\"%s\", params=params)", g.f11jwt(`{"nonce":"`+g.uuid()+`","orgId":"`+g.digitsN(6)+`","type":"PROJECT","iat":1764320000}`)),
		sc("blockfrost env", "BLOCKFROST_PROJECT_ID=preprod%s", a(32)),

		// Human-made passwords in ordinary slots of new files.
		sc("odbc.ini", "[dw]\nDriver = PostgreSQL Unicode\nServername = dw.acme.internal\nUsername = looker\nPassword = %s", pw()),
		sc("unifi protect camera", "rtsps://viewer:%s@192.168.1.1:7441/"+a(16)+"?enableSrtp", upw()),
		sc("gitea admin create", "$ gitea admin user create --username root --password %s --email root@acme.io --admin", upw()),
		sc("osc52 in tmux log", "tmux: set-clipboard on\n\x1bPtmux;\x1b\x1b]52;c;%s\x07\x1b\\", b64text("DAYTONA_API_KEY=dtn_"+h(64))),
	}
}

func fresh11Innocent(g *gen) []string {
	h := func(n int) string { return g.s(hexLow, n) }
	a := func(n int) string { return g.s(alnum, n) }
	u := func(n int) string { return g.s(b64url, n) }
	b58 := func(n int) string { return g.s(f11b58, n) }
	return []string{
		// Terminal recordings.
		`{"version": 2, "width": 120, "height": 32, "timestamp": 1764320000, "env": {"SHELL": "/bin/zsh", "TERM": "xterm-256color"}}`,
		`[0.412, "o", "$ make test\r\n"]` + "\n" + `[1.901, "o", "ok  \tgithub.com/acme/api/store\t0.412s\r\n"]`,
		`[3.118, "o", "Password: "]` + "\n" + `[5.902, "i", "\r"]` + "\n" + `[5.903, "o", "\r\nsudo: 1 incorrect password attempt\r\n"]`,
		"asciinema: recording finished\nasciinema: asciicast saved to /tmp/" + g.s(lowNum, 8) + "-ascii.cast",
		"Script started on 2026-11-28 09:12:01+00:00 [TERM=\"xterm-256color\" TTY=\"/dev/pts/3\" COLUMNS=\"120\" LINES=\"32\"]",
		"https://asciinema.org/a/" + a(25),

		// Notebooks and data tools.
		`{"cell_type": "code", "execution_count": 7, "id": "` + h(8) + `", "metadata": {"executionInfo": {"elapsed": 412, "user_tz": -60}}, "outputs": []}`,
		"%sh\nenv | grep -i marqeta | cut -d= -f1\n\nMARQETA_APP_TOKEN\nMARQETA_ADMIN_ACCESS_TOKEN",
		"dbutils.secrets.get(scope=\"marqeta\", key=\"admin-token\")\nOut[3]: '[REDACTED]'",
		"from google.colab import userdata\nkey = userdata.get('LLAMA_CLOUD_API_KEY')",
		`df = pl.read_database_uri(query, uri=os.environ["SALES_DB_URI"])`,
		"mlflow.set_tracking_uri(\"https://mlflow.acme.io\")\nRun ID: " + h(32) + "\nExperiment ID: " + g.digitsN(15),
		"2026/11/28 09:12:01 INFO mlflow.tracking._tracking_service.client: 🏃 View run bold-owl-" + g.digitsN(3) + " at: https://mlflow.acme.io/#/experiments/3/runs/" + h(32),
		"rf = Roboflow(api_key=os.environ[\"ROBOFLOW_API_KEY\"])\nloading Roboflow workspace...\nloading Roboflow project...",
		"Zeppelin interpreter 'jdbc' restarted. Note id: 2K" + g.s(upNum, 7),

		// CI logs.
		"Run echo \"$CREDS\" | wc -c\n  shell: /usr/bin/bash -e {0}\n  env:\n    CREDS: ***\n73",
		"##[debug]Evaluating: secrets.QUALTRICS_TOKEN\n##[debug]Result: '***'",
		"Nx read the output from the cache instead of running the command for 12 out of 14 tasks.\nView logs and investigate cache misses at https://cloud.nx.app/runs/" + a(10),
		"Artifact digest: sha256:" + h(64) + "\nArtifact ID: " + g.digitsN(10),
		"Job URL: https://github.com/acme/api/actions/runs/" + g.digitsN(11) + "/job/" + g.digitsN(11),
		"+ curl -fsS -H 'Authorization: Bearer ********' https://api.codemagic.io/builds",
		"[Pipeline] withCredentials\nMasking supported pattern matches of $REGISTRY_PASSWORD\n[Pipeline] sh\n+ docker login -u ci-robot --password-stdin registry.acme.io\n****\nLogin Succeeded",
		"BUILD_NUMBER=" + g.digitsN(3) + "\nBUILD_VCS_NUMBER=" + h(40) + "\nTEAMCITY_VERSION=2025.07 (build 197242)",
		"ACTIONS_ID_TOKEN_REQUEST_URL=https://pipelines.actions.githubusercontent.com/" + a(50) + "/00000000-0000-0000-0000-000000000000/_apis/distributedtask/hubs/Actions/plans/" + g.uuid() + "/jobs/" + g.uuid() + "/idtoken?api-version=2.0",
		"SEMAPHORE_WORKFLOW_ID=" + g.uuid() + "\nSEMAPHORE_GIT_SHA=" + h(40) + "\nSEMAPHORE_JOB_ID=" + g.uuid(),

		// IDE and editor files.
		`{"type": "node", "request": "launch", "name": "API", "envFile": "${workspaceFolder}/.env.local", "env": {"NODE_ENV": "development"}}`,
		`{"label": "seed db", "type": "shell", "command": "psql", "args": ["${input:seedUrl}", "-f", "seed.sql"]}`,
		`"sqltools.connections": [{"name": "prod-ro", "driver": "MySQL", "server": "10.0.4.12", "username": "reporter", "askForPassword": true, "database": "shop"}]`,
		`"rest-client.environmentVariables": {"prod": {"host": "https://api.jotform.com", "apiKey": "{{$dotenv JOTFORM_KEY}}"}}`,
		`{"language_models": {"openai_compatible": {"mixedbread": {"api_url": "https://api.mixedbread.com/v1", "available_models": [{"name": "mxbai-embed-large-v1"}]}}}}`,
		"(setq surveymonkey-token (auth-source-pass-get 'secret \"api/surveymonkey\"))",
		"# Search String History (newest to oldest):\n? /DB_PASSWORD=\n? /func main",
		`"telemetry.machineId": "` + h(64) + `",` + "\n" + `"telemetry.sqmId": "{` + strings.ToUpper(g.uuid()) + `}"`,
		"Extension: ms-python.python v2026.20.0\nSession ID: " + g.uuid() + h(13),
		`<component name="PropertiesComponent">{"keyToString": {"RunOnceActivity.ShowReadmeOnStart": "true", "last_opened_file_path": "$PROJECT_DIR$/src"}}</component>`,

		// API clients.
		`[{"name": "Production", "variables": [{"key": "baseUrl", "value": "https://api.pandadoc.com"}, {"key": "apiKey", "secret": true, "value": ""}]}]`,
		`{"name": "staging", "data": [{"name": "token", "value": "{{auth_token}}"}, {"name": "requestId", "value": "` + g.uuid() + `"}]}`,
		`{"model": "http_request", "id": "rq_` + a(10) + `", "workspaceId": "wk_` + a(10) + `", "url": "https://api.egnyte.com/pubapi/v1/fs/Shared"}`,
		`{"auths": [{"name": "svc", "type": "oauth2", "clientId": "kreya-svc", "clientSecret": "{{ env.KREYA_SECRET }}"}]}`,
		"Hoppscotch collection exported: " + g.uuid() + ".json (12 requests)",

		// API descriptions and RPC.
		"components:\n  securitySchemes:\n    apiKey:\n      type: apiKey\n      in: header\n      name: X-Access-Key\n      x-example: <your-access-key>",
		"            example:\n              client_id: acme-ci\n              client_secret: YOUR_CLIENT_SECRET",
		`{"operationName": "Login", "variables": {"input": {"email": "ops@acme.io", "password": "********"}}}`,
		`{"data": {"orders": {"pageInfo": {"endCursor": "` + b64text("arrayconnection:"+g.digitsN(3)) + `", "hasNextPage": true}}}}`,
		`{"query": "query Viewer { viewer { login } }", "extensions": {"cost": {"requestedQueryCost": 3, "throttleStatus": {"currentlyAvailable": 997}}}}`,
		"x-apollo-operation-name: GetCart\napollographql-client-name: web\napollographql-client-version: 4.2.0",
		"# proto-file: config/v1/upstream.proto\nname: \"ledger\"\nchecksum: \"" + h(64) + "\"\ntimeout { seconds: 30 }",
		"buf curl --schema buf.build/acme/ledger --header \"Authorization: Bearer $(gcloud auth print-identity-token)\" https://ledger.acme.io/acme.ledger.v1.LedgerService/GetBalance",
		"buf.build/acme/ledger:" + h(32),
		`{"grpc-status": 16, "grpc-message": "invalid api key", "x-envoy-upstream-service-time": "3"}`,

		// YAML anchors.
		"x-db: &db\n  host: postgres\n  user: app\n  password: ${POSTGRES_PASSWORD}\nservices:\n  api:\n    environment:\n      <<: *db",
		"defaults: &defaults\n  adapter: postgresql\n  pool: 5\ndevelopment:\n  <<: *defaults\n  database: app_dev",
		"x-logging: &logging\n  driver: json-file\n  options:\n    max-size: 10m\nservices:\n  web:\n    logging: *logging",

		// Environment dumps.
		"$ systemctl show-environment\nLANG=C.UTF-8\nPATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin\nXDG_DATA_DIRS=/usr/local/share:/usr/share",
		"INVOCATION_ID=" + h(32) + "\nJOURNAL_STREAM=8:" + g.digitsN(5) + "\nSYSTEMD_EXEC_PID=" + g.digitsN(4),
		"DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/1000/bus,guid=" + h(32),
		"LS_COLORS=rs=0:di=01;34:ln=01;36:mh=00:pi=40;33:so=01;35:do=01;35:bd=40;33;01:cd=40;33;01:or=40;31;01:mi=00:su=37;41:sg=30;43:ca=00:tw=30;42:ow=34;42:st=37;44:ex=01;32:*.tar=01;31",
		"TERM_SESSION_ID=w0t1p0:" + strings.ToUpper(g.uuid()) + "\nITERM_SESSION_ID=w0t1p0:" + strings.ToUpper(g.uuid()),
		"VSCODE_GIT_IPC_HANDLE=/run/user/1000/vscode-git-" + h(10) + ".sock\nVSCODE_IPC_HOOK_CLI=/run/user/1000/vscode-ipc-" + g.uuid() + ".sock",
		"SSH_AUTH_SOCK=/tmp/ssh-" + a(12) + "/agent.4121\nSSH_CONNECTION=10.0.0.5 51234 10.0.0.10 22",
		"$ podman inspect --format '{{.Config.Env}}' api\n[PATH=/usr/local/bin:/usr/bin HOSTNAME=" + h(12) + " container=podman]",
		"$ nomad alloc exec -task web 5f1c env\nNOMAD_ALLOC_ID=" + g.uuid() + "\nNOMAD_JOB_NAME=web\nNOMAD_DC=eu-west",
		"$ kubectl set env deploy/billing --list\n# Deployment billing, container app\nPORT=8080\n# DOCUSIGN_SECRET_KEY from secret billing-secrets, key docusign",
		"HOSTNAME=api-" + g.s(f6k8s, 10) + "-" + g.s(f6k8s, 5) + "\nKUBERNETES_SERVICE_HOST=10.96.0.1\nKUBERNETES_PORT_443_TCP_PORT=443",
		"PS C:\\> Get-ChildItem Env:\n\nName                Value\n----                -----\nCOMPUTERNAME        BUILD01\nPROCESSOR_IDENTIFIER Intel64 Family 6 Model 154 Stepping 3, GenuineIntel",
		"FLY_ALLOC_ID=" + h(14) + "\nFLY_MACHINE_VERSION=01J" + g.s(crockfd, 23) + "\nFLY_REGION=ams",

		// Crash dumps.
		"# Problematic frame:\n# C  [libc.so.6+0x" + h(5) + "]  __memmove_avx_unaligned_erms+0x" + h(3) + "\n# Core dump will be written. Default location: /srv/app/core.4121",
		"jvm_args: -Xmx2g -Djavax.net.ssl.keyStore=/etc/app/keystore.p12 -Dspring.profiles.active=prod",
		`{"header": {"reportVersion": 3, "event": "JavaScript API", "filename": "report.20261128.091201.4121.0.001.json", "nodejsVersion": "v22.11.0", "glibcVersionRuntime": "2.39"}}`,
		"backtrace:\n      #00 pc 0x000000000005d3a4  /apex/com.android.runtime/lib64/bionic/libc.so (abort+164) (BuildId: " + h(32) + ")",
		"(gdb) x/8xb cfg\n0x5555555592a0:\t0x" + h(2) + "\t0x" + h(2) + "\t0x" + h(2) + "\t0x" + h(2) + "\t0x" + h(2) + "\t0x" + h(2) + "\t0x" + h(2) + "\t0x" + h(2),
		"Crashpad annotations:\n  ver: 33.2.1\n  process_type: renderer\n  crash_id: " + h(16),
		"Minidump: /var/crash/" + g.uuid() + ".dmp\nModule: libcef.so " + g.s(hexUp, 33),
		"Fatal Python error: Segmentation fault\n\nThread 0x00007f" + h(10) + " (most recent call first):\n  File \"sync.py\", line 88 in push",

		// Mobile app configuration.
		"<key>CFBundleIdentifier</key>\n<string>io.acme.wallet</string>\n<key>GOOGLE_APP_ID</key>\n<string>1:" + g.digitsN(12) + ":ios:" + h(22) + "</string>",
		"<key>REVERSED_CLIENT_ID</key>\n<string>com.googleusercontent.apps." + g.digitsN(12) + "-" + g.s(lowNum, 32) + "</string>",
		`<meta-data android:name="io.embrace.app_id" android:value="` + g.s(alnum, 5) + `" />`,
		"signingConfigs {\n    create(\"release\") {\n        storeFile = file(\"release.jks\")\n        storePassword = System.getenv(\"STORE_PASSWORD\")\n        keyAlias = \"upload\"\n        keyPassword = System.getenv(\"KEY_PASSWORD\")\n    }\n}",
		"sdk.dir=/Users/alice/Library/Android/sdk\nflutter.versionCode=" + g.digitsN(3) + "\nflutter.buildMode=release",
		"Provisioning Profile: " + strings.ToUpper(g.uuid()) + "\nTeam ID: " + g.s(upNum, 10) + "\nSigning Certificate: Apple Distribution: Acme GmbH (" + g.s(upNum, 10) + ")",
		`{"build": {"production": {"env": {"EXPO_PUBLIC_API_URL": "https://api.acme.io"}, "channel": "production"}}, "cli": {"version": ">= 13.2.0"}}`,
		"const config: CapacitorConfig = {\n  appId: 'io.acme.app',\n  appName: 'Acme',\n  webDir: 'dist',\n};",
		`{"projectId": "` + g.uuid() + `", "owner": "acme", "updates": {"url": "https://u.expo.dev/` + g.uuid() + `"}}`,
		"SHA256: " + strings.ToUpper(strings.Join([]string{h(2), h(2), h(2), h(2), h(2), h(2), h(2), h(2)}, ":")) + "\nAlias name: upload",
		`<EnvironmentVariable key = "OS_ACTIVITY_MODE" value = "disable" isEnabled = "YES"></EnvironmentVariable>`,
		`buildConfigField("String", "GIT_SHA", "\"` + h(7) + `\"")`,

		// Browser storage and analytics cookies.
		"> JSON.stringify(sessionStorage)\n'{\"tab_id\":\"" + g.uuid() + "\",\"lastRoute\":\"/orders\"}'",
		"mf_" + g.uuid() + "=" + h(32) + "|" + g.digitsN(13) + ".1|" + g.digitsN(13) + "|0|",
		"_hjSessionUser_" + g.digitsN(7) + "=" + b64text(`{"id":"`+g.uuid()+`","created":1764320000000,"existing":true}`),
		"_clck=" + g.s(lowNum, 6) + "%7C2%7Cfr0%7C0%7C1780; _clsk=" + g.s(lowNum, 7) + "%7C1764320000000%7C1%7C1%7Cq.clarity.ms%2Fcollect",
		"window.pendo.initialize({ visitor: { id: '" + g.uuid() + "' }, account: { id: 'acme' } }); // apiKey in snippet: " + g.uuid(),
		"LogRocket.init('" + g.s(lowNum, 6) + "/acme-web');",
		"window['_fs_org'] = 'o-" + g.s(upNum, 5) + "-na1';",
		"Radar.initialize('prj_live_pk_" + h(40) + "')",
		"IndexedDB › keyval-store › keyval\nkey: lastSeenRelease\nvalue: \"2026.11.3+" + h(7) + "\"",
		`{"cookies": [{"name": "theme", "value": "dark", "domain": "app.acme.io", "path": "/"}], "origins": [{"origin": "https://app.acme.io", "localStorage": [{"name": "sidebar", "value": "collapsed"}]}]}`,
		"instabug: Instabug.start(withToken: \"" + h(32) + "\", invocationEvents: [.shake])",

		// Database dumps.
		"COPY public.integrations (id, provider, key_last4, created_at) FROM stdin;\n1\tsurveymonkey\t" + a(4) + "\t2026-11-02 10:11:12+00\n\\.",
		"INSERT INTO `jobs` VALUES (" + g.digitsN(4) + ",'default','" + b64text(`{"uuid":"`+g.uuid()+`","displayName":"App\\Jobs\\SendInvoice"}`) + "',0,NULL,1764320000,1764320000);",
		`{"_id":{"$oid":"` + h(24) + `"},"email":"bob@acme.io","createdAt":{"$date":"2026-11-28T09:12:01Z"}}`,
		"MATCH (u:ServiceAccount {name: 'etl'}) RETURN u.createdAt, elementId(u)\n\"4:" + g.uuid() + ":" + g.digitsN(3) + "\"",
		"$ influx auth list\nID\t\t\tDescription\tToken\t\tUser Name\n0e" + h(14) + "\talice's Token\t<redacted>\talice",
		"1764320000.123456 [0 10.0.3.7:51234] \"GET\" \"cache:product:" + g.digitsN(6) + "\"",
		"-- Dump completed on 2026-11-28  9:12:01\n-- MySQL dump 10.13  Distrib 8.4.3, for Linux (x86_64)",

		// Spreadsheets.
		`=IMPORTDATA("https://api.covalenthq.com/v1/eth-mainnet/address/vitalik.eth/balances_v2/?key="&Settings!B2&"&format=csv")`,
		"https://acme-my.sharepoint.com/:x:/r/personal/alice_acme_io/_layouts/15/Doc.aspx?sourcedoc=%7B" + strings.ToUpper(g.uuid()) + "%7D&file=Budget.xlsx&action=default",
		"function setup() {\n  const key = PropertiesService.getScriptProperties().getProperty('QUALTRICS_TOKEN');\n}",
		`=HYPERLINK("https://etherscan.io/tx/0x` + h(64) + `", "view tx")`,
		"=SHA256(A2)\t" + h(64),

		// Mail, chat and transcripts.
		"Thread-Index: " + g.b64std(22) + "\nThread-Topic: Q4 invoices",
		"X-Google-Smtp-Source: AGHT+I" + g.s(b64, 80) + "\nX-Received: by 2002:a05:6000:1a8c:b0:3" + h(2) + "::" + h(4) + " with SMTP id " + g.s(lowNum, 18) + ".14.1764320000" + g.digitsN(3) + ";",
		"Authentication-Results: mx.google.com;\n       dkim=pass header.i=@acme.io header.s=sel1 header.b=" + g.s(b64, 8) + ";\n       spf=pass (google.com: domain of noreply@acme.io designates 203.0.113.7 as permitted sender)",
		"From noreply@acme.io Sat Nov 28 09:12:01 2026\nSubject: Password changed\n\nHi Bob, your password was changed. If this wasn't you, reset it at https://acme.io/reset.",
		`[{"type": "message", "user": "U05` + g.s(upNum, 8) + `", "text": "the prod redis pw is in 1Password under ops/redis", "client_msg_id": "` + g.uuid() + `", "ts": "1764320000.123456"}]`,
		`{"id": 4412, "type": "message", "date": "2026-11-28T09:12:01", "from": "Alice", "from_id": "user` + g.digitsN(9) + `", "text": "rotated the ledger creds, new ones are in vault"}`,
		"AuthorID,Author,Date,Content\n\"" + g.digitsN(18) + "\",\"alice\",\"2026-11-28T09:12:01\",\"bybit key rotated, see #secrets\"",
		"WEBVTT\n\n00:14:03.120 --> 00:14:07.880\n<v Alice>OK so the wifi password is on the sticker under the router.",
		"212\n00:12:41,200 --> 00:12:45,960\nI'll paste the admin password into the vault, not the chat\n",
		"Transcript: \"Note to self. Parking is on level 3, spot " + g.digitsN(3) + ", and the car is the blue one.\"",
		"Meeting ID: " + g.digitsN(3) + " " + g.digitsN(4) + " " + g.digitsN(4) + "\nDuration: 00:47:12\nParticipants: 6",

		// Clipboard and histories.
		"$ pass show -c ops/redis\nCopied ops/redis to clipboard. Will clear in 45 seconds.",
		"$ git rev-parse HEAD | pbcopy",
		"\x1b]52;c;" + b64text("git checkout -b fix/retry-uploader") + "\x07",
		"\x1b]52;c;?\x07",
		">>> import requests\n>>> requests.get(url, headers={'X-Access-Key': os.environ['TENDERLY_KEY']})",
		": 1764320000:0;export LOCALTUNNEL_SUBDOMAIN=acme-" + g.s(lowNum, 6) + "\n: 1764320012:0;lt --port 3000",
		": 1764320100:3;curl -u admin https://capro.acme.io/api/v2/login",

		// Providers' public ids and outputs that show no secret.
		"FullStory session: https://app.fullstory.com/ui/o-" + g.s(upNum, 5) + "-na1/session/" + g.digitsN(19) + "%3A" + g.digitsN(19),
		"unstructured-ingest: processed 12 documents, job id " + g.uuid(),
		"Parsing file report.pdf ... Started parsing the file under job_id " + g.uuid(),
		"Daytona sandbox created: " + g.uuid() + " (snapshot daytona-small, region eu)",
		`{"card_id": "` + g.uuid() + `", "user_id": "` + g.uuid() + `", "state": "ACTIVE", "last_four": "` + g.digitsN(4) + `"}`,
		"fal: request_id=" + g.uuid() + " status=COMPLETED model=fal-ai/flux/dev",
		"Spacelift run 01J" + g.s(crockfd, 23) + " finished: 3 to add, 0 to change, 0 to destroy",
		"env0 deployment log id: " + g.uuid(),
		"Atlantis: Ran Plan for dir: `infra/prod` workspace: `default`\nPlan: 2 to add, 1 to change, 0 to destroy.",
		"Codemagic build " + h(24) + " finished in 7m 12s",
		"Dependency-Track: project " + g.uuid() + " analysed, 3 critical findings",
		"WIZ_CLIENT_ID=" + g.s(lowNum, 53) + "\nWIZ_CLIENT_SECRET=${{ secrets.WIZ_CLIENT_SECRET }}",
		"shodan host 8.8.8.8\nLast Update: 2026-11-28T09:12:01.123456\nPorts: 53, 443",
		"VirusTotal: sha256 " + h(64) + " — 0/72 detections",
		"urlscan result: https://urlscan.io/result/" + g.uuid() + "/",
		"GeoIP.conf:\nAccountID " + g.digitsN(6) + "\nLicenseKey YOUR_LICENSE_KEY_HERE\nEditionIDs GeoLite2-City",
		"MaxMind database: GeoLite2-City_20261125 (sha256 " + h(64) + ")",
		"Onfido applicant_id=" + g.uuid() + " check_id=" + g.uuid(),
		"X-App-Access-Ts: 1764320000\nX-App-Access-Sig: " + h(64),
		"Censys: certificate fingerprint sha256 " + h(64),
		"Tenable scan uuid: " + g.uuid() + "-" + h(16),
		"Rapid7 asset id: " + g.digitsN(9) + "-" + g.uuid(),
		"Strava activity " + g.digitsN(11) + " uploaded; external_id " + h(32) + ".fit",
		"TomTom map view: https://api.tomtom.com/map/1/tile/basic/main/12/2148/1404.png?view=Unified&key=${TOMTOM_KEY}",
		"Tautulli: session_key=" + g.digitsN(3) + " rating_key=" + g.digitsN(5) + " guid=plex://movie/" + h(24),
		"Seafile repo id: " + g.uuid() + "  (encrypted: true, version: 2)",
		"Pinata upload: id " + g.uuid() + ", size 48213, mime image/png, network public",
		"Filebase bucket acme-assets: ETag \"" + h(32) + "\"",
		"Thirdweb client id: " + h(32),
		"WalletConnect projectId: " + h(32),
		"Turnkey organization: " + g.uuid() + "\napi_public_key: 02" + h(64),
		"Fireblocks vault account 12, txId " + g.uuid() + " status COMPLETED",
		"Blockfrost: tx_hash " + h(64) + " block_height " + g.digitsN(8),
		"Etherscan: https://etherscan.io/address/0x" + h(40),
		"Solana signature: " + b58(88),
		"Solana address: " + b58(44),
		"Arweave tx: https://arweave.net/" + u(43),
		"Cosmos txhash: " + g.s(hexUp, 64) + " (code 0, gas used " + g.digitsN(6) + ")",
		"Arweave wallet address: " + u(43) + "\nJWK thumbprint (RFC 7638): " + u(43),
		"Bybit order id: " + g.uuid() + " orderLinkId: acme-" + g.digitsN(10),
		"KuCoin orderId: " + h(24),
		"Deribit: {\"jsonrpc\":\"2.0\",\"id\":" + g.digitsN(4) + ",\"result\":{\"token_type\":\"bearer\",\"scope\":\"read\",\"expires_in\":900}}",
		"Helius webhook id: " + g.uuid(),
		"QuickNode endpoint: solemn-wild-pond.solana-mainnet.quiknode.pro (token in QN_TOKEN)",

		// Deploy platforms.
		"$ dokku config:show api\n=====> api env vars\nDATABASE_URL:  postgres://api:@dokku-postgres-api:5432/api\nDOKKU_APP_TYPE: herokuish",
		"$ caprover deploy -a shop\nBuild started... build id " + h(12),
		"Coolify resource " + g.s(lowNum, 24) + " deployed (commit " + h(40) + ")",
		"cluster:\n    id: " + u(43) + "=\n    controlPlane:\n        endpoint: https://10.0.0.10:6443\n    clusterName: prod",
		"talosctl gen config prod https://10.0.0.10:6443 --with-secrets secrets.yaml",
		"server: https://10.0.0.10:9345\ntoken-file: /etc/rancher/rke2/token",
		"sdm status\nDATASOURCE    STATUS       PORT\nprod-pg       connected    10001",
		"You are connected to a.pinggy.io. Public URL: https://" + g.s(lowNum, 5) + "-" + g.digitsN(2) + "-" + g.digitsN(3) + ".a.free.pinggy.link",
		"your url is: https://" + g.s(lower, 5) + "-" + g.s(lower, 5) + "-" + g.digitsN(2) + ".loca.lt",
		"{{ secret('SLACK_WEBHOOK') }}",
		"waypoint context list\n  NAME  PLATFORM  SERVER ADDRESS\n* prod  server    waypoint.acme.io:9701",

		// Code that takes a credential from elsewhere.
		"opts = weboptions('Username', 'svc_lab', 'Password', getenv('LIMS_PASSWORD'));",
		"libname dw oracle user=etl password=\"&dwpass\" path=dwprod schema=sales;",
		"req.setHeader(\"X-Api-Key\", Sys.getEnv(\"API_KEY\"));",
		"final res = await http.get(uri, headers: {'X-Access-Key': const String.fromEnvironment('ACCESS_KEY')});",
		"   Api_Secret : constant String := Ada.Environment_Variables.Value (\"API_SECRET\");",

		// Load and test tools that read a credential from elsewhere.
		"self.client.headers[\"Authorization\"] = f\"Token {os.environ['LOAD_TOKEN']}\"",
		"<stringProp name=\"Header.value\">Bearer ${__P(token,)}</stringProp>",
		"use: { httpCredentials: { username: 'qa', password: process.env.STAGING_PASSWORD! } },",
		"Applitools batch " + g.digitsN(20) + "_" + h(8) + " finished: 42 passed, 0 unresolved",
		"TestRail run R" + g.digitsN(4) + ": 118 passed, 2 failed, 0 blocked",

		// Versions.
		"asciinema 3.0.1\nmlflow, version 2.18.0\nroboflow 1.1.49",
		"Talos v1.8.3 (" + h(7) + ")\nrke2 version v1.31.2+rke2r1 (" + h(40) + ")",
		"caprover 2.3.1\ndokku version 0.35.12\nwaypoint v0.11.4",
		"Xcode 16.1\nBuild version 16B40\nGradle 8.11.1",
	}
}

// TestFresh11Table measures the thirteenth table and prints only its summary: per-case misses
// show only with ANAMNESIS_REDACT_FRESH11_MISSES=1, for a report after tuning is over. The floors
// sit a little under the baseline measured when the table was written, so a regression fails
// while an honest improvement passes.
func TestFresh11Table(t *testing.T) {
	// Baseline when the table was written (the rules of cc218e6, three draws, 226 secret shapes
	// and 196 look-alikes a draw): recall 599/678 (88.3%), false positives 28/588 (4.8%). Two
	// drafts were measured before it, only for their summary lines (617/702 and 28/573, then
	// 585/663 and 29/573): between them, cases whose kind an earlier table already held were
	// dropped and new kinds added, never by what the rules caught. The floors leave a little
	// room for draws, not for a regression. Round 12 (blind): 611/678 (90.1%), 28/588 (4.8%).
	// Round 13 tuned on its odd half (halves_test.go): 650/678 (95.9%), 9/588 (1.5%) — not a
	// blind figure any more; the floors follow it.
	checkWellFormed(t, "fresh11", fresh11Secrets, fresh11Innocent)
	measureTable(t, "fresh11", fresh11Secrets, fresh11Innocent, 0.94, 0.03)
}
