package redact

import (
	"encoding/base64"
	"strings"
	"testing"
	"unicode/utf16"
)

// The eighth table (issue 15, after round 6): written blind — by someone who did not read the
// rule files — from real-world shapes as a user pastes them into an agent session, choosing only
// shapes that none of the earlier tables holds. On the secret side: AI tooling config (MCP server
// args and headers, aider key lists, multi-key environment values, prompts that echo a key);
// cloud consoles' own output (storage key tables, registry credential JSON, HMAC key creation,
// SSO token caches, Fernet tokens, cluster join and bootstrap tokens); secrets handed to the
// secret stores' own CLIs (ssm put-parameter, gcloud secrets, doppler, op, az appsettings,
// pulumi --secret, kubectl patch); payment and messaging keys of providers the earlier tables do
// not name; observability ingest URLs and credentials passed as user names; CI agent
// registration tokens; registry tokens in URL paths and empty-password userinfo; Windows
// unattend, Group Policy cpassword, cmdkey and sc.exe; database and directory output that shows
// a password or its hash (redis CONFIG GET, pg_shadow SCRAM, mysql.user, LDIF base64, htdigest,
// pwdump, keytab keys); network gear that stores reversible secrets (Juniper $9$, FortiOS);
// dotfiles of HTTP clients (curlrc, wgetrc, Netscape cookie files, Hurl); source code that hands
// a credential to a library call in new ways (header maps, bearer_auth, CURLOPT_USERPWD,
// ssh.Password, smtp.PlainAuth, Spark JDBC options, Makefile ?=, Nix attributes); cookies of
// auth proxies; and private keys with CRLF line ends, inside JSON, inside .ovpn files and as the
// base64 of a Tor hidden service key. The look-alikes are what sits beside them: webhook
// signatures and challenge values that prove a request without granting access, public client
// ids of identity and analytics SDKs, ids that share a prefix with a secret (sk-ssh-ed25519, AWS
// ANPA/AGPA, GitHub App Iv1., OpenAI org-/proj_), protocol nonces and keys that are public by
// design (Sec-WebSocket-Key, CSP nonces, PKCE challenges, ACME challenges), build, cache and
// asset hashes of more tools, machine and hardware ids, base64 of benign commands, certificates
// and compressed bodies, encrypted values (jasypt ENC(), eyaml ENC[PKCS7]), and placeholders.
// It is generated at run time, so no live-looking secret sits in the repository, and it is
// never tuned on after its baseline was committed.
//
// What counts as a placeholder follows fresh2_test.go so the sets agree: a variable or template
// reference ($VAR, ${VAR}, $(cmd), %VAR%, {{ x }}, #{x}, <x>, and ERB's <%= x %>, which is a <x>),
// an empty, null or masked value (***, xxx, ..., •••), a function or lookup (os.environ[...],
// secretKeyRef, keyring.get_password(...)), and the documented dummy words changeme / your-... /
// replace_me / example. Any other value in a password slot is a password, however ordinary it
// looks. As in fresh4 and fresh5, a reference to a secret manager is a lookup, output that says
// a secret exists holds none, and a value encrypted for a key held elsewhere (sops ENC[...],
// jasypt ENC(...), eyaml ENC[PKCS7,...]) is no secret in the clear. A password hash, a value
// encoded reversibly (base64, UTF-16, Juniper $9$, cpassword with its published key) and a
// secret printed by a command are secrets. A signature over one request or payload (a webhook's
// X-Hub-Signature-256, Stripe-Signature) and a public client id are not.

const (
	f6b32low = "abcdefghijklmnopqrstuvwxyz234567"
	f6k8s    = "bcdfghjklmnpqrstvwxz2456789"
	f6chrome = "abcdefghijklmnop"
)

// f6pass is a human-made password in shapes the earlier tables' generators do not use: a keyboard
// walk with digits, a season and year in leetspeak, Safari's generated strong password (three
// groups of six with one capital and one digit), capitalised words run together with no digit
// at all, a company name with @ and a year, and ten random lower-case letters and digits.
func (g *gen) f6pass(i int) string {
	walks := []string{"1qaz@WSX", "Zaq1@wsx", "!QAZ2wsx", "qwER43@!", "Asdf;lkj"}
	seasons := []string{"W1nt3r", "Summ3r", "Aut0mn", "Spr1ng"}
	words := []string{"Copper", "Lantern", "Willow", "Harbour", "Thistle", "Pebble", "Falcon", "Juniper", "Marble", "Cinder"}
	firms := []string{"Northwind", "Contoso", "Initech", "Globex", "Umbrella"}
	switch i % 6 {
	case 0:
		return walks[g.r.IntN(len(walks))] + g.s(digits, 2)
	case 1:
		return seasons[g.r.IntN(len(seasons))] + "20" + g.s(digits, 2) + "!"
	case 2:
		p := []byte(g.s(lower, 6) + "-" + g.s(lower, 6) + "-" + g.s(lower, 6))
		p[8+g.r.IntN(5)] = upper[g.r.IntN(26)]
		p[15+g.r.IntN(5)] = digits[g.r.IntN(10)]
		return string(p)
	case 3:
		var b strings.Builder
		for range 4 {
			b.WriteString(words[g.r.IntN(len(words))])
		}
		return b.String()
	case 4:
		return firms[g.r.IntN(len(firms))] + "@20" + g.s(digits, 2)
	default:
		return g.s(lowNum, 10)
	}
}

// f6pw draws one of the f6pass shapes.
func (g *gen) f6pw() string { return g.f6pass(g.r.IntN(6)) }

// f6upw draws an f6pass shape that needs no escaping in a URL, a shell word or a quoted string.
func (g *gen) f6upw() string { return g.f6pass([]int{2, 3, 5}[g.r.IntN(3)]) }

// f6groups is n groups of k characters of alphabet joined by sep: app passwords of Google
// (four of four, spaces), Apple (four of four, dashes) and Nextcloud (five of five, dashes).
func (g *gen) f6groups(alphabet string, n, k int, sep string) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = g.s(alphabet, k)
	}
	return strings.Join(parts, sep)
}

// f6utf16 is the base64 of s in UTF-16LE: what PowerShell's -EncodedCommand and Windows
// unattend files hold.
func f6utf16(s string) string {
	u := utf16.Encode([]rune(s))
	b := make([]byte, 2*len(u))
	for i, c := range u {
		b[2*i], b[2*i+1] = byte(c), byte(c>>8)
	}
	return base64.StdEncoding.EncodeToString(b)
}

// f6jwt is a JSON Web Token whose header is the one named.
func (g *gen) f6jwt(header string, payloadLen, sigLen int) string {
	return b64urlText(header) + "." + g.s(b64url, payloadLen) + "." + g.s(b64url, sigLen)
}

// f6pemEscaped is a PEM body of n 64-character lines joined by a literal backslash-n, as it sits
// inside JSON or a quoted .env value.
func (g *gen) f6pemEscaped(head string, n int) string {
	lines := []string{head + g.s(b64, max(0, 64-len(head)))}
	for i := 1; i < n; i++ {
		lines = append(lines, g.s(b64, 64))
	}
	return strings.Join(lines, `\n`) + `\n` + g.s(b64, 28)
}

func fresh6Secrets(g *gen) []secretCase {
	h := func(n int) string { return g.s(hexLow, n) }
	a := func(n int) string { return g.s(alnum, n) }
	u := func(n int) string { return g.s(b64url, n) }
	pw := g.f6pw
	upw := g.f6upw

	// Values that need building are drawn once.
	gcpKey := g.f6pemEscaped("MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ", 6)
	p8Key := g.f6pemEscaped("MIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg", 2)
	awxKey := g.f6pemEscaped("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW", 5)
	crlfBody := strings.ReplaceAll(f5wrap("b3BlbnNzaC1rZXktdjEAAAAACmFlczI1Ni1jdHIAAAAGYmNyeXB0AAAAGAAAABA"+g.s(b64, 380), 70), "\n", "\r\n")
	ovpnBody := f5wrap("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ"+g.s(b64, 900), 64)
	torKey := f5b64(append([]byte("== ed25519v1-secret: type0 ==\x00\x00\x00"), g.bytes(64)...))
	saToken := g.f6jwt(`{"alg":"RS256","kid":"`+u(43)+`"}`, 420, 342)
	redhatOffline := g.f6jwt(`{"alg":"HS512","typ":"JWT","kid":"`+g.uuid()+`"}`, 380, 86)
	pulsarToken := g.f6jwt(`{"alg":"HS256"}`, 40, 43)
	acrPw1 := g.s(alnum+"+/", 42) + "+ACR" + a(6)
	acrPw2 := g.s(alnum+"+/", 42) + "+ACR" + a(6)
	ssoToken := "aoa" + a(180) + ":" + g.s(b64, 96)
	slackConfig := "xoxe.xoxp-1-Mi0y" + u(150)
	slackRefresh := "xoxe-1-My0x" + u(140)
	oauthProxy := u(180) + "|17" + g.digitsN(8) + "|" + u(43) + "="
	k3sToken := "K10" + h(64) + "::server:" + h(32)
	flyToken := "FlyV1 fm2_lJPE" + u(280) + ",fm2_lJPE" + u(180)
	scram := "SCRAM-SHA-256$4096:" + g.b64std(16) + "$" + g.b64std(32) + ":" + g.b64std(32)
	unattendPw := pw()
	nextcloudApp := g.f6groups(alnum, 5, 5, "-")

	return []secretCase{
		// AI tooling.
		sc("gcp service account json escaped key", `{"type": "service_account", "project_id": "acme-vertex", "private_key_id": "`+h(40)+`", "private_key": "-----BEGIN PRIVATE KEY-----\n%s\n-----END PRIVATE KEY-----\n", "client_email": "vertex@acme-vertex.iam.gserviceaccount.com"}`, gcpKey),
		sc("mcp server args key", `{"mcpServers": {"acme": {"command": "npx", "args": ["-y", "@acme/mcp-server", "--api-key", "%s"]}}}`, a(40)),
		sc("mcp remote headers", `{"mcpServers": {"docs": {"type": "http", "url": "https://mcp.acme.io/mcp", "headers": {"Authorization": "Bearer %s"}}}}`, u(48)),
		sc("open webui several keys", "OPENAI_API_BASE_URLS=\"https://api.acme-llm.io/v1;https://llm.internal/v1\"\nOPENAI_API_KEYS=\"%s;%s\"", a(48), a(48)),
		sc("aider key list", "model: deepseek/deepseek-coder\napi-key:\n  - deepseek=%s\n  - together=%s", a(40), h(64)),
		sc("llm keys set prompt", "$ llm keys set mistral\nEnter key: %s\n$ llm -m mistral-large 'hello'", a(32)),
		sc("dvc remote modify password", "dvc remote modify --local storage password %s", pw()),
		sc("clearml hocon credentials", "api {\n    web_server: https://app.clear.ml\n    credentials {\n        \"access_key\" = \""+g.s(upNum, 30)+"\"\n        \"secret_key\" = \"%s\"\n    }\n}", a(50)),
		sc("ngc config prompt", "$ ngc config set\nEnter API key [no-apikey]. Choices: [<VALID_APIKEY>, 'no-apikey']: %s", g.s(b64, 84)),
		sc("stability key kwarg", `stability_api = client.StabilityInference(key="%s", verbose=True, engine="stable-diffusion-xl-1024-v1-0")`, "sk-"+a(48)),

		// Cloud consoles, their CLIs and their output.
		sc("azure functions code query", "curl 'https://acme-fn.azurewebsites.net/api/HttpTrigger1?code=%s'", u(54)+"=="),
		sc("az storage keys table", "KeyName    Permissions    Value\n---------  -------------  ------------------------------------------------------------------------------------------\nkey1       FULL           %s\nkey2       FULL           %s", g.b64std(64), g.b64std(64)),
		sc("az acr credential show", `{"passwords": [{"name": "password", "value": "%s"}, {"name": "password2", "value": "%s"}], "username": "acmeregistry"}`, acrPw1, acrPw2),
		sc("signalr connection string", "Azure__SignalR__ConnectionString=Endpoint=https://acme.service.signalr.net;AccessKey=%s;Version=1.0;", g.b64std(32)),
		sc("azure communication lower-case", "ACS_CONNECTION_STRING=endpoint=https://acme-acs.europe.communication.azure.com/;accesskey=%s", g.b64std(64)),
		sc("azure maps subscription-key", "https://atlas.microsoft.com/search/address/json?api-version=1.0&subscription-key=%s&query=Oslo", u(43)),
		sc("cloudflare access service token", "curl -H \"CF-Access-Client-Id: "+h(32)+".access\" -H \"CF-Access-Client-Secret: %s\" https://internal.acme.io/api", h(64)),
		sc("turnstile siteverify", `curl -X POST https://challenges.cloudflare.com/turnstile/v0/siteverify -d "secret=%s&response=$TOKEN"`, "0x4AAAAAAA"+u(25)),
		sc("recaptcha secret", "RECAPTCHA_SECRET_KEY=%s", "6L"+u(6)+"AAAAA"+u(27)),
		sc("hcaptcha secret", `resp = hcaptcha.verify(secret="%s", token=form_token)`, "0x"+h(40)),
		sc("supabase cli token", "supabase login --token %s", "sbp_"+h(40)),
		sc("cloudinary url", "CLOUDINARY_URL=cloudinary://"+g.digitsN(15)+":%s@acme", u(27)),
		sc("gcloud hmac create", "$ gcloud storage hmac create ci@acme.iam.gserviceaccount.com\nmetadata:\n  accessId: GOOG1E"+g.s(upNum, 55)+"\n  state: ACTIVE\nsecret: %s", g.b64std(30)),
		sc("aws sso token cache", `{"startUrl": "https://acme.awsapps.com/start", "region": "eu-west-1", "accessToken": "%s", "expiresAt": "2026-06-01T10:00:00Z"}`, ssoToken),
		sc("vault approle login args", "vault write auth/approle/login role_id="+g.uuid()+" secret_id=%s", g.uuid()),
		sc("oracle pre-authenticated request", "curl -O https://objectstorage.eu-frankfurt-1.oraclecloud.com/p/%s/n/acme/b/backups/o/db.dump", u(64)),
		sc("cloud cdn signed url", "https://cdn.acme.io/video/intro.mp4?Expires=1735689600&KeyName=prod-key&Signature=%s", u(27)+"="),
		sc("s3 presigned post fields", `{"url": "https://acme-uploads.s3.amazonaws.com/", "fields": {"key": "uploads/a.png", "x-amz-algorithm": "AWS4-HMAC-SHA256", "x-amz-credential": "AKIA`+g.s(upNum, 16)+`/20260101/eu-west-1/s3/aws4_request", "x-amz-date": "20260101T000000Z", "policy": "`+b64text(`{"expiration":"2026-01-01T01:00:00Z","conditions":[{"bucket":"acme-uploads"}]}`)+`", "x-amz-signature": "%s"}}`, h(64)),
		sc("service account token file", "$ kubectl exec deploy/api -- cat /var/run/secrets/kubernetes.io/serviceaccount/token\n%s", saToken),
		sc("openstack fernet token", "$ openstack token issue -c id -f value\n%s", "gAAAAAB"+u(176)),
		sc("scw init key=value", "scw init access-key=SCW"+g.s(upNum, 17)+" secret-key=%s", g.uuid()),
		sc("pulumi config set --secret", "pulumi config set --secret db:password %s", pw()),
		sc("firebase functions config", `firebase functions:config:set stripe.key="%s" stripe.mode=live`, a(40)),
		sc("heroku config:set", "heroku config:set SENDGRID_PASSWORD=%s -a acme-api", pw()),
		sc("vercel env add prompt", "$ vercel env add DATABASE_PASSWORD production\n? What's the value of DATABASE_PASSWORD? %s\n✅  Added Environment Variable DATABASE_PASSWORD", pw()),
		sc("gcloud secrets from echo", `echo -n "%s" | gcloud secrets versions add stripe-key --data-file=-`, a(40)),
		sc("aws ssm put-parameter", "aws ssm put-parameter --name /prod/db/password --type SecureString --value '%s' --overwrite", pw()),
		sc("az webapp appsettings", "az webapp config appsettings set -g rg-prod -n acme-api --settings MAILER_KEY=%s WEBSITES_PORT=8080", a(40)),
		sc("kubectl patch stringData", `kubectl patch secret db -p '{"stringData":{"password":"%s"}}'`, pw()),
		sc("doppler secrets set", `doppler secrets set STRIPE_KEY="%s" --project api --config prd`, a(40)),
		sc("op item create field", "op item create --category=login --title='prod db' username=app 'password=%s'", pw()),
		sc("k3s join token", "curl -sfL https://get.k3s.io | K3S_URL=https://10.0.0.1:6443 K3S_TOKEN=%s sh -", k3sToken),
		sc("kubeadm join token", "kubeadm join 10.0.0.1:6443 --token %s --discovery-token-ca-cert-hash sha256:"+h(64), g.s(lowNum, 6)+"."+g.s(lowNum, 16)),
		sc("microk8s join", "microk8s join 10.0.0.1:25000/%s/"+h(12), h(32)),
		sc("talos secrets.yaml", "cluster:\n    id: "+u(43)+"=\n    secret: %s\nsecrets:\n    bootstraptoken: %s\n    secretboxencryptionsecret: %s", g.b64std(32), g.s(lowNum, 6)+"."+g.s(lowNum, 16), g.b64std(32)),
		sc("rancher login token", "rancher login https://rancher.acme.io --token token-%s", g.s(lowNum, 5)+":"+g.s(lowNum, 54)),
		sc("portainer api key header", "curl -H 'X-API-Key: %s' https://portainer.acme.io/api/endpoints", "ptr_"+g.s(b64, 43)),
		sc("fly tokens create output", "$ fly tokens create deploy -a acme-api\n%s", flyToken),
		sc("teleport invite token", "The invite token: %s\nThis token will expire in 60 minutes.", h(32)),
		sc("zrok enable", "zrok enable %s", a(12)),

		// Payment.
		sc("app store verifyReceipt secret", `{"receipt-data": "MIIT`+g.s(b64, 200)+`", "password": "%s", "exclude-old-transactions": true}`, h(32)),
		sc("app store connect p8 escaped env", `APP_STORE_CONNECT_API_KEY_CONTENT="-----BEGIN PRIVATE KEY-----\n%s\n-----END PRIVATE KEY-----"`, p8Key),
		sc("klarna api key", "KLARNA_API_KEY=%s", "klarna_live_api_"+u(40)),
		sc("adyen hmac key", "ADYEN_HMAC_KEY=%s", g.s(hexUp, 64)),
		sc("worldpay service key", "WORLDPAY_SERVICE_KEY=%s", "T_S_"+g.uuid()),
		sc("payu merchant salt", "PAYU_MERCHANT_KEY=gtKFFx\nPAYU_MERCHANT_SALT=%s", a(32)),
		sc("okx headers", "-H \"OK-ACCESS-KEY: %s\" -H \"OK-ACCESS-SIGN: "+g.b64std(32)+"\" -H \"OK-ACCESS-TIMESTAMP: 2026-01-01T00:00:00.000Z\" -H \"OK-ACCESS-PASSPHRASE: %s\"", g.uuid(), pw()),
		sc("braintree ruby gateway", "Braintree::Gateway.new(environment: :production, merchant_id: \""+g.s(lowNum, 16)+"\", public_key: \""+g.s(lowNum, 16)+"\", private_key: \"%s\")", h(32)),

		// Messaging.
		sc("slack config token", "SLACK_CONFIG_TOKEN=%s", slackConfig),
		sc("slack config refresh token", `"refresh_token": "%s"`, slackRefresh),
		sc("infobip app scheme", "Authorization: App %s", h(32)+"-"+g.uuid()),
		sc("stream chat positional", `const client = StreamChat.getInstance("`+g.s(lowNum, 12)+`", "%s");`, g.s(lowNum, 64)),
		sc("freshdesk key as user", `curl -u %s:X -H "Content-Type: application/json" https://acme.freshdesk.com/api/v2/tickets`, a(20)),
		sc("gotify message token", `curl "https://push.acme.io/message?token=%s" -F "title=Backup" -F "message=done"`, "A"+g.s(b64url, 14)),
		sc("apprise discord url", `apprise -vv -b "deploy finished" "discord://`+g.digitsN(19)+`/%s"`, u(68)),
		sc("apprise mailtos app password", `APPRISE_URLS="mailtos://alerts:%s@gmail.com?to=ops@acme.io"`, g.s(lower, 16)),
		sc("apprise pushover url", "pover://"+g.s(lowNum, 30)+"@%s", g.s(lowNum, 30)),
		sc("google app password spaced", `EMAIL_HOST_PASSWORD = "%s"`, g.f6groups(lower, 4, 4, " ")),
		sc("notarytool app-specific password", "xcrun notarytool store-credentials notary --apple-id dev@acme.io --team-id "+g.s(upNum, 10)+" --password %s", g.f6groups(lower, 4, 4, "-")),
		sc("praw.ini", "[bot1]\nclient_id="+u(14)+"\nclient_secret=%s\npassword=%s\nusername=acme_bot", u(27), pw()),
		sc("kakao auth scheme", "Authorization: KakaoAK %s", h(32)),
		sc("naver client secret header", "-H \"X-Naver-Client-Id: "+a(20)+"\" -H \"X-Naver-Client-Secret: %s\"", a(10)),
		sc("wechat token query", "https://api.weixin.qq.com/cgi-bin/token?grant_type=client_credential&appid=wx"+h(16)+"&secret=%s", h(32)),
		sc("vapid private key", "VAPID_PRIVATE_KEY=%s\nVAPID_PUBLIC_KEY=B"+u(86), u(43)),
		sc("asterisk sip.conf", "[6001]\ntype=friend\ncontext=internal\nsecret=%s\nhost=dynamic", pw()),
		sc("icecast source password", "<authentication>\n    <source-password>%s</source-password>\n    <admin-user>admin</admin-user>\n</authentication>", pw()),
		sc("teamspeak first-run token", "------------------------------------------------------------------\n                      I M P O R T A N T\n------------------------------------------------------------------\n      ServerAdmin privilege key created, please use it to gain\n      serveradmin rights for your virtualserver.\n\n       token=%s", a(40)),

		// Observability.
		sc("otlp header url-encoded basic", `OTEL_EXPORTER_OTLP_HEADERS="Authorization=Basic%20%s"`, b64text(g.digitsN(6)+":"+a(40))),
		sc("graylog token as user", "curl -u %s:token -H 'X-Requested-By: cli' https://graylog.acme.io/api/system", g.s(lowNum, 52)),
		sc("sumo http source url", "https://endpoint4.collection.us2.sumologic.com/receiver/v1/http/%s", u(100)+"=="),
		sc("statuspage oauth scheme", "curl https://api.statuspage.io/v1/pages/"+g.s(lowNum, 12)+"/incidents -H \"Authorization: OAuth %s\"", g.uuid()),
		sc("cronitor telemetry path", "curl https://cronitor.link/p/%s/nightly-backup?state=complete", h(32)),
		sc("dead man's snitch", "0 4 * * * /usr/local/bin/backup.sh && curl -s https://nosnch.in/%s", h(10)),
		sc("uptime kuma push", "https://status.acme.io/api/push/%s?status=up&msg=OK&ping=", a(10)),
		sc("elastic apm java -D", "java -javaagent:elastic-apm-agent.jar -Delastic.apm.secret_token=%s -Delastic.apm.server_url=https://apm.acme.io -jar app.jar", a(24)),
		sc("newrelic.yml license", "common: &default_settings\n  license_key: '%s'\n  app_name: acme-api", h(36)+"NRAL"),
		sc("grafana alloy basic_auth", "prometheus.remote_write \"default\" {\n  endpoint {\n    url = \"https://prometheus-prod-01-eu-west-0.grafana.net/api/prom/push\"\n    basic_auth {\n      username = \""+g.digitsN(7)+"\"\n      password = \"%s\"\n    }\n  }\n}", a(80)),
		sc("sentryclirc", "# ~/.sentryclirc\n[auth]\ntoken=%s\n\n[defaults]\norg=acme", h(64)),
		sc("metabase embedding secret", "MB_EMBEDDING_SECRET_KEY=%s", h(64)),

		// CI agents, registries and package managers.
		sc("circleci circle-token query", `curl "https://circleci.com/api/v1.1/project/github/acme/api?circle-token=%s"`, h(40)),
		sc("appveyor v2 key", "Authorization: Bearer %s", "v2."+a(20)),
		sc("deepsource dsn", "DEEPSOURCE_DSN=https://%s@app.deepsource.com", h(32)),
		sc("cloudsmith entitlement path", "pip install --extra-index-url https://dl.cloudsmith.io/%s/acme/internal/python/simple/ acme-sdk", a(16)),
		sc("gemfury token path", "npm install --registry https://npm-proxy.fury.io/%s/acme/ @acme/ui", a(20)),
		sc("packagecloud empty password", "deb https://%s:@packagecloud.io/acme/internal/ubuntu/ jammy main", h(48)),
		sc("yarnrc npmAuthIdent", "npmRegistries:\n  \"https://npm.acme.io\":\n    npmAlwaysAuth: true\n    npmAuthIdent: \"ci:%s\"", pw()),
		sc("composer auth.json tokens", `{"gitlab-token": {"gitlab.acme.io": "%s"}, "bitbucket-oauth": {"bitbucket.org": {"consumer-key": "`+a(18)+`", "consumer-secret": "%s"}}}`, u(20), a(32)),
		sc("harbor robot json", `{"id": 7, "name": "robot$acme+ci", "secret": "%s", "expires_at": -1}`, a(32)),
		sc("ansible.cfg galaxy token", "[galaxy_server.automation_hub]\nurl=https://console.redhat.com/api/automation-hub/content/published/\nauth_url=https://sso.redhat.com/auth/realms/redhat-external/protocol/openid-connect/token\ntoken=%s", redhatOffline),
		sc("anaconda -t", "anaconda -t %s upload dist/acme-1.2.0.tar.bz2", g.s(lowNum, 2)+"-"+g.uuid()),
		sc("docker credential helper get", "$ echo \"ghcr.io\" | docker-credential-desktop get\n{\"ServerURL\":\"ghcr.io\",\"Username\":\"alice\",\"Secret\":\"%s\"}", a(40)),
		sc("git credential fill output", "$ printf 'protocol=https\\nhost=git.acme.io\\n' | git credential fill\nprotocol=https\nhost=git.acme.io\nusername=alice\npassword=%s", a(40)),
		sc("woodpecker agent secret", "WOODPECKER_AGENT_SECRET=%s", h(64)),
		sc("github runner config token", "./config.sh --url https://github.com/acme/api --token %s --unattended --labels linux", "A"+g.s(upNum, 28)),
		sc("azure devops agent pat", "./config.sh --unattended --url https://dev.azure.com/acme --auth pat --token %s --pool Default", g.s(f6b32low, 52)),
		sc("buildkite agent start", "buildkite-agent start --token %s --tags queue=deploy", h(50)),
		sc("teamcity agent properties", "serverUrl=https://ci.acme.io\nname=linux-01\nauthorizationToken=%s", h(32)),
		sc("jenkins inbound agent secret", "java -jar agent.jar -url https://ci.acme.io/ -secret %s -name linux-01 -workDir /var/jenkins", h(64)),
		sc("npm token create table", "┌────────────────┬──────────────────────────────────────┐\n│ token          │ %s │\n├────────────────┼──────────────────────────────────────┤\n│ readonly       │ false                                │\n└────────────────┴──────────────────────────────────────┘", g.uuid()),
		sc("heroku authorizations:create", "Client:      <none>\nID:          "+g.uuid()+"\nDescription: ci\nScope:       global\nToken:       %s", g.uuid()),
		sc("influx auth create table", "ID\t\t\tDescription\tToken\t\t\t\t\t\tUser Name\n0c5a"+h(12)+"\tci\t\t%s\tadmin", u(86)+"=="),

		// Config of servers, services and desktop apps.
		sc("ansible inventory inline vars", "[web]\nweb01 ansible_host=10.0.1.5 ansible_user=deploy ansible_ssh_pass=%s ansible_become_pass=%s", pw(), pw()),
		sc("puppet Sensitive literal", "postgresql::server::role { 'app':\n  password_hash => postgresql::postgresql_password('app', Sensitive('%s')),\n}", pw()),
		sc("TF_VAR env", "export TF_VAR_db_password='%s'\nterraform apply", pw()),
		sc("nginx map of api keys", "map $http_x_api_key $api_client {\n    default \"\";\n    \"%s\" \"partner-a\";\n    \"%s\" \"partner-b\";\n}", a(32), a(32)),
		sc("varnish purge token", "if (req.method == \"PURGE\") {\n    if (req.http.X-Purge-Token != \"%s\") {\n        return (synth(403, \"Forbidden\"));\n    }\n}", a(24)),
		sc("apache SetEnv", "<VirtualHost *:443>\n    SetEnv STRIPE_SECRET_KEY %s\n</VirtualHost>", a(40)),
		sc("apache DBDParams", `DBDParams "host=db01 dbname=auth user=apache pass=%s"`, upw()),
		sc("traefik pilot token", "--pilot.token=%s", g.uuid()),
		sc("systemd Environment several", "[Service]\nEnvironment=ACME_URL=https://api.acme.io ACME_TOKEN=%s\nExecStart=/usr/local/bin/acme-agent", a(40)),
		sc("crontab env restic", "MAILTO=ops@acme.io\nRESTIC_REPOSITORY=s3:s3.amazonaws.com/acme-backup\nRESTIC_PASSWORD=%s\n0 2 * * * restic backup /srv --quiet", pw()),
		sc("reg query output", "C:\\> reg query HKCU\\Software\\Acme\\Agent\n\nHKEY_CURRENT_USER\\Software\\Acme\\Agent\n    Endpoint    REG_SZ    https://ingest.acme.io\n    ApiToken    REG_SZ    %s", a(40)),
		sc("heidisql settings export", "Servers\\prod-db\\Host<|||>1<|||>db01.acme.io\nServers\\prod-db\\User<|||>1<|||>root\nServers\\prod-db\\Password<|||>1<|||>%s", g.s(hexUp, 24)+"7"),
		sc("qbittorrent webui hash", "[Preferences]\nWebUI\\Password_PBKDF2=\"@ByteArray("+g.b64std(16)+":%s)\"\nWebUI\\Username=admin", g.b64std(64)),
		sc("curlrc user", "# ~/.curlrc\nuser = \"deploy:%s\"\nsilent", pw()),
		sc("wgetrc http_password", "# ~/.wgetrc\nhttp_user = ci\nhttp_password = %s", pw()),
		sc("minio mc config", `{"version": "10", "aliases": {"prod": {"url": "https://s3.acme.io", "accessKey": "`+g.s(upNum, 20)+`", "secretKey": "%s", "api": "s3v4", "path": "auto"}}}`, a(40)),
		sc("vscode launch args", `"args": ["serve", "--token", "%s", "--port", "8080"],`, u(40)),
		sc("intellij program parameters", `<option name="PROGRAM_PARAMETERS" value="--api-key %s --env staging" />`, a(32)),
		sc("postman apikey auth inverted", `"auth": {"type": "apikey", "apikey": [{"key": "value", "value": "%s", "type": "string"}, {"key": "key", "value": "X-API-Key", "type": "string"}]}`, a(32)),
		sc("postman bearer auth", `"auth": {"type": "bearer", "bearer": [{"key": "token", "value": "%s", "type": "string"}]}`, u(48)),
		sc("hurl basic auth section", "GET https://api.acme.io/v1/me\n[BasicAuth]\nalice: %s\nHTTP 200", pw()),
		sc("httpie query param", "http GET https://api.acme.io/v1/search q==lighthouse api_key==%s", a(32)),
		sc("lwp-request -C", "lwp-request -C admin:%s https://intranet.acme.io/status", upw()),
		sc("curl data-urlencode password", `curl https://acme.io/login --data-urlencode "username=alice" --data-urlencode "password=%s"`, pw()),
		sc("minecraft rcon", "enable-rcon=true\nrcon.port=25575\nrcon.password=%s", pw()),
		sc("esphome encryption and ota", "api:\n  encryption:\n    key: \"%s\"\nota:\n  - platform: esphome\n    password: \"%s\"", g.b64std(32), h(32)),
		sc("tasmota backlog", "Backlog MqttHost broker.lan; MqttUser tasmota; MqttPassword %s", pw()),
		sc("rclone config create webdav", "rclone config create nc webdav url=https://cloud.acme.io/remote.php/dav/files/alice vendor=nextcloud user=alice pass=%s", nextcloudApp),
		sc("nexus first-run password", "$ docker exec nexus cat /nexus-data/admin.password\n%s", g.uuid()),
		sc("keycloak kcadm client secret", "kcadm.sh config credentials --server http://kc:8080 --realm master --client admin-cli --secret %s", a(32)),
		sc("dockerfile ENV space form", "FROM node:20-alpine\nENV SENTRY_AUTH_TOKEN %s\nRUN npm run build", h(64)),
		sc("makefile conditional assignment", "API_KEY ?= %s\n\ndeploy:\n\t./deploy.sh --key $(API_KEY)", a(32)),
		sc("nix attribute", "services.grafana.settings.security.admin_password = \"%s\";", pw()),

		// Cookies and HTTP dumps.
		sc("netscape cookies.txt", "# Netscape HTTP Cookie File\n.acme.io\tTRUE\t/\tTRUE\t1767225600\tsessionid\t%s", g.s(lowNum, 32)),
		sc("fetch headers cookie", `fetch("https://app.acme.io/api/me", {"headers": {"accept": "application/json", "cookie": "theme=dark; __Host-auth=%s"}, "method": "GET"});`, u(43)),
		sc("document.cookie", `document.cookie = "auth_token=%s; path=/; secure";`, u(40)),
		sc("oauth2-proxy cookie", "Cookie: _oauth2_proxy=%s", oauthProxy),
		sc("authelia session cookie", "Cookie: authelia_session=%s", a(32)),
		sc("spring SESSION cookie", "Cookie: SESSION=%s; XSRF-TOKEN="+g.uuid(), b64text(g.uuid())),
		sc("devise remember cookie", "Cookie: remember_user_token=%s", "eyJfcmFpbHMiOnsibWVzc2FnZSI6Ilcx"+u(100)+"--"+h(40)),
		sc("mod_auth_openidc cookie", "Cookie: mod_auth_openidc_session=%s", g.uuid()),
		sc("codeigniter session", "Set-Cookie: ci_session=%s; expires=Fri, 01-Jan-2027 00:00:00 GMT; path=/; HttpOnly", h(40)),

		// Source code.
		sc("go header map literal", `req.Header = http.Header{"X-Api-Key": {"%s"}, "Accept": {"application/json"}}`, a(32)),
		sc("rust bearer_auth", `let res = client.get(url).bearer_auth("%s").send().await?;`, u(40)),
		sc("java BasicAWSCredentials", `AWSCredentials creds = new BasicAWSCredentials("AKIA`+g.s(upNum, 16)+`", "%s");`, g.s(b64, 40)),
		sc("csharp AuthenticationHeaderValue", `client.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", "%s");`, u(48)),
		sc("okhttp Credentials.basic", `val credential = Credentials.basic("ci", "%s")`, pw()),
		sc("ruby basic_auth", "req = Net::HTTP::Get.new(uri)\nreq.basic_auth \"deploy\", \"%s\"", pw()),
		sc("php CURLOPT_USERPWD", `curl_setopt($ch, CURLOPT_USERPWD, "api:%s");`, a(32)),
		sc("elixir put_env", `Application.put_env(:acme, :stripe_secret, "%s")`, a(40)),
		sc("perl LWP credentials", `$ua->credentials("intranet.acme.io:443", "Restricted", "alice", "%s");`, pw()),
		sc("python b64encode literal", `auth = base64.b64encode(b"api:%s").decode()`, a(32)),
		sc("go ssh.Password", `config := &ssh.ClientConfig{User: "deploy", Auth: []ssh.AuthMethod{ssh.Password("%s")}}`, pw()),
		sc("go smtp.PlainAuth", `auth := smtp.PlainAuth("", "alerts@acme.io", "%s", "smtp.acme.io")`, pw()),
		sc("java PasswordAuthentication", `return new PasswordAuthentication("alerts@acme.io", "%s".toCharArray());`, pw()),
		sc("spark jdbc option", `df = spark.read.format("jdbc").option("url", "jdbc:postgresql://db01/dw").option("user", "etl").option("password", "%s").load()`, pw()),
		sc("kafka connect json", "{\n  \"connector.class\": \"io.confluent.connect.jdbc.JdbcSinkConnector\",\n  \"connection.user\": \"etl\",\n  \"connection.password\": \"%s\"\n}", pw()),
		sc("octokit auth option", `const octokit = new Octokit({ auth: "%s" });`, a(40)),
		sc("swift URLCredential", `let cred = URLCredential(user: "ci", password: "%s", persistence: .forSession)`, pw()),
		sc("libcurl CURLOPT_PASSWORD", `curl_easy_setopt(curl, CURLOPT_PASSWORD, "%s");`, pw()),
		sc("ts nullish fallback", `const apiKey = process.env.ACME_KEY ?? "%s";`, a(40)),
		sc("r dbConnect", `con <- dbConnect(RPostgres::Postgres(), dbname = "dw", user = "analyst", password = "%s")`, pw()),

		// Database and directory: drivers, shells and their output.
		sc("db2 jdbc url", "jdbc:db2://db2.acme.io:50000/SAMPLE:user=db2inst1;password=%s;", upw()),
		sc("airflow conn-password", "airflow connections add warehouse --conn-type postgres --conn-host dw --conn-login etl --conn-password '%s'", pw()),
		sc("pulsar client.conf", "authPlugin=org.apache.pulsar.client.impl.auth.AuthenticationToken\nauthParams=token:%s", pulsarToken),
		sc("kubectl jsonpath decode output", "$ kubectl get secret db -o jsonpath='{.data.password}' | base64 -d\n%s", pw()),
		sc("redis CONFIG GET output", "127.0.0.1:6379> CONFIG GET requirepass\n1) \"requirepass\"\n2) \"%s\"", pw()),
		sc("pg_shadow scram output", " usename |                 passwd\n---------+-----------------------------------------\n app     | %s", scram),
		sc("mysql.user hash output", "+------+-------------------------------------------+\n| user | authentication_string                     |\n+------+-------------------------------------------+\n| app  | %s |", "*"+g.s(hexUp, 40)),
		sc("ldif base64 userPassword", "dn: uid=alice,ou=people,dc=acme,dc=io\nuserPassword:: %s", b64text("{SSHA}"+g.b64std(24))),
		sc("htdigest line", "alice:Restricted:%s", h(32)),
		sc("pwdump line", "Administrator:500:aad3b435b51404eeaad3b435b51404ee:%s:::", h(32)),
		sc("klist keytab keys", "Keytab name: FILE:/etc/krb5.keytab\nKVNO Principal\n---- --------------------------------------------------------------------------\n   2 host/web01.acme.local@ACME.LOCAL (aes256-cts-hmac-sha1-96)  (0x%s)", h(64)),
		sc("juniper $9$ secret", "authentication-key \"%s\"; ## SECRET-DATA", "$9$"+g.s(alnum+"./-", 24)),
		sc("fortigate admin hash", "config system admin\n    edit \"admin\"\n        set password ENC %s\n    next\nend", "SH2"+g.s(b64, 60)),

		// Windows.
		sc("unattend plain password", "<AdministratorPassword>\n    <Value>%s</Value>\n    <PlainText>true</PlainText>\n</AdministratorPassword>", pw()),
		sc("unattend encoded password", "<AutoLogon>\n    <Password>\n        <Value>%s</Value>\n        <PlainText>false</PlainText>\n    </Password>\n    <Username>Administrator</Username>\n</AutoLogon>", f6utf16(unattendPw+"Password")),
		sc("gpp cpassword", `<Properties action="U" newName="" fullName="" description="" cpassword="%s" changeLogon="0" noChange="1" neverExpires="1" userName="Administrator"/>`, strings.TrimRight(g.b64std(32), "=")),
		sc("cmdkey add", "cmdkey /add:fs01.acme.local /user:ACME\\svc_backup /pass:%s", pw()),
		sc("sc.exe config password=", `sc.exe config AcmeAgent obj= "ACME\svc_agent" password= "%s"`, pw()),
		sc("racadm set password", "racadm set iDRAC.Users.2.Password %s", pw()),
		sc("mosquitto_passwd -b", "mosquitto_passwd -b /etc/mosquitto/passwd sensor %s", pw()),
		sc("restic password-command echo", `restic -r sftp:backup@nas:/srv/restic --password-command "echo %s" snapshots`, upw()),
		sc("duplicity PASSPHRASE", "PASSPHRASE='%s' duplicity /home/alice sftp://backup@nas//srv/dup", pw()),
		sc("gpg passphrase here-string", "gpg --batch --pinentry-mode loopback --passphrase-fd 0 --sign release.tar.gz <<< '%s'", pw()),

		// Webhooks and signed links.
		sc("home assistant webhook", `curl -X POST https://ha.acme.io/api/webhook/%s -d '{"state":"on"}'`, h(64)),
		sc("jira automation webhook", "https://automation.atlassian.com/pro/hooks/%s", h(40)),
		sc("cloudflare pages deploy hook", `curl -X POST "https://api.cloudflare.com/client/v4/pages/webhooks/deploy_hooks/%s"`, g.uuid()),
		sc("cloudinary signed delivery", "https://res.cloudinary.com/acme/image/authenticated/s--%s--/v1718000000/contracts/signed.pdf", u(8)),

		// Private keys.
		f5key("openssh key with crlf", "-----BEGIN OPENSSH PRIVATE KEY-----\r\n"+crlfBody+"\r\n-----END OPENSSH PRIVATE KEY-----\r\n", crlfBody),
		sc("awx credential ssh key json", `{"inputs": {"username": "deploy", "ssh_key_data": "-----BEGIN OPENSSH PRIVATE KEY-----\n%s\n-----END OPENSSH PRIVATE KEY-----\n"}}`, awxKey),
		f5key("ovpn inline key", "client\ndev tun\nremote vpn.acme.io 1194\n<cert>\n-----BEGIN CERTIFICATE-----\nMIIDRzCCAi+gAwIBAgIQ"+g.s(b64, 44)+"\n-----END CERTIFICATE-----\n</cert>\n<key>\n-----BEGIN PRIVATE KEY-----\n"+ovpnBody+"\n-----END PRIVATE KEY-----\n</key>", ovpnBody),
		sc("tor hidden service key base64", "$ sudo base64 -w0 /var/lib/tor/hidden_service/hs_ed25519_secret_key\n%s", torKey),
	}
}

func fresh6Innocent(g *gen) []string {
	h := func(n int) string { return g.s(hexLow, n) }
	a := func(n int) string { return g.s(alnum, n) }
	u := func(n int) string { return g.s(b64url, n) }
	caPEM := strings.Join([]string{"MIIDBTCCAe2gAwIBAgIIc" + g.s(b64, 43), g.s(b64, 64), g.s(b64, 64), g.s(b64, 20) + "=="}, `\n`)
	return []string{
		// Signatures over one request and challenges: proof of a request, not a key to others.
		"X-Hub-Signature-256: sha256=" + h(64) + "\nX-GitHub-Event: push\nX-GitHub-Delivery: " + g.uuid(),
		"Stripe-Signature: t=17" + g.digitsN(8) + ",v1=" + h(64) + ",v0=" + h(64),
		"X-Slack-Request-Timestamp: 17" + g.digitsN(8) + "\nX-Slack-Signature: v0=" + h(64),
		"X-Twilio-Signature: " + g.b64std(20),
		"www-authenticate: Digest realm=\"api@acme.io\", qop=\"auth\", nonce=\"" + h(32) + "\", opaque=\"" + h(32) + "\"",
		"WWW-Authenticate: Bearer realm=\"https://auth.docker.io/token\",service=\"registry.docker.io\",scope=\"repository:library/nginx:pull\"",
		"Sec-WebSocket-Key: " + g.b64std(16) + "\nSec-WebSocket-Version: 13",
		"HTTP/1.1 101 Switching Protocols\nUpgrade: websocket\nSec-WebSocket-Accept: " + g.b64std(20),
		"Content-Security-Policy: script-src 'nonce-" + g.b64std(16) + "' 'strict-dynamic'; object-src 'none'",
		"https://accounts.google.com/o/oauth2/v2/auth?client_id=" + g.digitsN(12) + "-" + g.s(lowNum, 32) + ".apps.googleusercontent.com&redirect_uri=http%3A%2F%2F127.0.0.1%3A8085&response_type=code&scope=openid%20email&state=" + u(32) + "&code_challenge=" + u(43) + "&code_challenge_method=S256",
		"_acme-challenge.acme.io. 300 IN TXT \"" + u(43) + "\"",
		"GET /.well-known/acme-challenge/" + u(43) + " HTTP/1.1\" 200 87 \"-\" \"Mozilla/5.0 (compatible; Let's Encrypt validation server)\"",
		"Idempotency-Key: " + g.uuid(),
		"X-Forwarded-Client-Cert: Hash=" + h(64) + ";Subject=\"CN=api\";URI=spiffe://acme.io/ns/prod/sa/api",
		"Content-Digest: sha-512=:" + g.b64std(64) + ":",
		"kubeadm token create --print-join-command --discovery-token-ca-cert-hash sha256:" + h(64),

		// Public client ids and ids that share a prefix family with secrets.
		"OpenAI-Organization: org-" + a(24) + "\nOpenAI-Project: proj_" + a(24),
		`{"id": "msgbatch_01` + a(22) + `", "type": "message_batch", "processing_status": "in_progress"}`,
		"assistant asst_" + a(24) + " replied on thread_" + a(24) + " in run_" + a(24),
		"GITHUB_APP_ID=" + g.digitsN(6) + "\nGITHUB_APP_CLIENT_ID=Iv1." + h(16),
		`"PolicyId": "ANPA` + g.s(base32, 17) + `",` + "\n" + `"GroupId": "AGPA` + g.s(base32, 17) + `",`,
		"arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db-password-" + a(6),
		"arn:aws:kms:eu-west-1:123456789012:key/" + g.uuid(),
		"projects/acme-prod/locations/global/keyRings/app/cryptoKeys/db-password/cryptoKeyVersions/3",
		"urn:pulumi:prod::acme::aws:iam/accessKey:AccessKey::ci-deployer",
		"acme-api-UploadsBucket-" + g.s(upNum, 12) + " (AWS::S3::Bucket) CREATE_COMPLETE",
		"cdk-hnb659fds-assets-123456789012-eu-west-1/" + h(64) + ".zip",
		"incoming number PN" + h(32) + " attached to verify service VA" + h(32),
		"createAuth0Client({ domain: 'acme.eu.auth0.com', clientId: '" + a(32) + "', authorizationParams: { redirect_uri: window.location.origin } })",
		"const oktaAuth = new OktaAuth({ issuer: 'https://acme.okta.com/oauth2/default', clientId: '0oa" + a(17) + "' });",
		"Amplify.configure({ Auth: { Cognito: { userPoolId: 'eu-west-1_" + a(9) + "', userPoolClientId: '" + g.s(lowNum, 26) + "' } } });",
		`<script src="https://www.paypal.com/sdk/js?client-id=A` + u(79) + `&currency=EUR"></script>`,
		"const payments = Square.payments('sq0idp-" + u(22) + "', 'L" + g.s(upNum, 12) + "');",
		"const ldClient = LDClient.initialize('" + h(24) + "', context);",
		`Statsig.initialize("client-` + a(43) + `", { userID: "42" });`,
		"amplitude.init('" + h(32) + "', { defaultTracking: true });",
		`window.$crisp=[];window.CRISP_WEBSITE_ID="` + g.uuid() + `";`,
		`<script src="https://cdn.usefathom.com/script.js" data-site="` + g.s(upper, 8) + `" defer></script>`,
		`<iframe src="https://www.googletagmanager.com/ns.html?id=GTM-` + g.s(upNum, 7) + `" height="0" width="0"></iframe>`,
		"fbq('init', '" + g.digitsN(15) + "');",
		"ALGOLIA_APP_ID=" + g.s(upNum, 10) + "\nALGOLIA_INDEX=products",
		`name = "acme-worker"` + "\n" + `account_id = "` + h(32) + `"` + "\n" + `workers_dev = true`,
		`{"projectId":"prj_` + a(28) + `","orgId":"team_` + a(24) + `"}`,
		`{"siteId": "` + g.uuid() + `"}`,
		"Running with gitlab-runner 17.0.0 (" + h(8) + ")\n  on acme-runner-01 " + a(8) + ", system ID: s_" + h(12),
		"steamcommunity.com/profiles/7656119" + g.digitsN(10),
		"chrome-extension://" + g.s(f6chrome, 32) + "/popup.html",
		"facebook-domain-verification=" + g.s(lowNum, 30),
		"acme.io. 3600 IN TXT \"atlassian-domain-verification=" + g.s(b64, 64) + "\"",
		"acme.io. 3600 IN TXT \"MS=ms" + g.digitsN(8) + "\"",
		"Bluetooth characteristic 00002a37-0000-1000-8000-00805f9b34fb (Heart Rate Measurement)",

		// Public keys, certificates and key-adjacent ids.
		"sk-ssh-ed25519@openssh.com AAAAGnNrLXNzaC1lZDI1NTE5QG9wZW5zc2guY29tAAAAI" + g.s(b64, 43) + "AAAABHNzaDo= alice@yubikey",
		"ssh-ed25519-cert-v01@openssh.com AAAAIHNzaC1lZDI1NTE5LWNlcnQtdjAxQG9wZW5zc2guY29tAAAAI" + g.s(b64, 300) + " alice@laptop",
		"# Serial: 31 17 2F 9A\n#    Slot: 9a\n#   Recipient: age1yubikey1q" + g.s(bech32, 58) + "\nAGE-PLUGIN-YUBIKEY-1" + strings.ToUpper(g.s(bech32, 20)),
		"http://" + g.s(f6b32low, 56) + ".onion/",
		`"ca": "-----BEGIN CERTIFICATE-----\n` + caPEM + `\n-----END CERTIFICATE-----\n"`,
		`{"keys": [{"kty": "RSA", "kid": "` + u(16) + `", "use": "sig", "x5c": ["MIIC` + g.s(b64, 600) + `"], "x5t": "` + u(27) + `"}]}`,
		`"keyid": "` + h(64) + `", "keytype": "ed25519", "keyval": {"public": "` + h(64) + `"}`,
		"$ solana address\n" + g.s(f5base58, 44),
		"$ git log --format='%H %G? %GK' -1\n" + h(40) + " G " + strings.ToUpper(h(16)),
		"Serial Number:\n    04:" + colonHex(g, 17) + "\nSignature Algorithm: sha256WithRSAEncryption",
		"The key's randomart image is:\n+--[ED25519 256]--+\n|        .o+*=.   |\n|       . .=+o    |\n|      . + +o .   |\n+----[SHA256]-----+",
		"ssh-add - <<< \"${SSH_PRIVATE_KEY}\"",
		"apiVersion: v1\nkind: Secret\ntype: kubernetes.io/service-account-token\ndata:\n  ca.crt: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t" + g.s(b64, 200) + "\n  namespace: ZGVmYXVsdA==",

		// Build, cache, asset and lockfile hashes of more tools.
		"  checksum: 10c0/" + h(128),
		`{"revision":"` + h(32) + `","url":"/index.html"},{"revision":null,"url":"/assets/app-` + u(8) + `.js"}`,
		"$ go tool buildid ./bin/anamnesis\n" + u(20) + "/" + u(20) + "/" + u(20) + "/" + u(20),
		"ro.build.fingerprint=google/husky/husky:14/AP2A.240605.024/" + g.digitsN(8) + ":user/release-keys",
		"$ dwarfdump --uuid App.app.dSYM\nUUID: " + strings.ToUpper(g.uuid()) + " (arm64) App.app.dSYM/Contents/Resources/DWARF/App",
		"Incident Identifier: " + strings.ToUpper(g.uuid()) + "\nCrashReporter Key:   " + h(40) + "\nHardware Model:      iPhone15,2",
		"fileFormatVersion: 2\nguid: " + h(32) + "\nMonoImporter:\n  serializedVersion: 2",
		"\t\t" + g.s(hexUp, 24) + " /* AppDelegate.swift in Sources */ = {isa = PBXBuildFile; fileRef = " + g.s(hexUp, 24) + " /* AppDelegate.swift */; };",
		`[ext_resource type="Script" uid="uid://` + g.s(lowNum, 13) + `" path="res://player.gd" id="1_` + g.s(lowNum, 5) + `"]`,
		"* fedora-coreos " + h(64) + ".0\n    Version: 40.20240616.3.0 (2024-07-01T16:49:31Z)",
		"PCR[7]: 0x" + g.s(hexUp, 64),
		"$ cat /etc/machine-id\n" + h(32),
		"$ sudo dmidecode -s system-uuid\n" + strings.ToUpper(g.uuid()),
		"Updating " + h(7) + ".." + h(7) + "\nFast-forward\n core/app/app.go | 12 ++++++------",
		"[main " + h(7) + "] Fix retry in uploader\n 1 file changed, 4 insertions(+), 2 deletions(-)",
		"stash@{0}: WIP on main: " + h(7) + " Add capture drain",
		"$ git rev-parse HEAD\n" + h(40),
		" " + h(40) + " vendor/libgit2 (v1.8.1)",
		h(40) + "\trefs/heads/main\n" + h(40) + "\trefs/tags/v2.4.0",
		"Bumps [golang.org/x/net](https://github.com/golang/net) from " + h(7) + " to " + h(7) + ".",
		"https://github.com/acme/api/compare/" + h(40) + "..." + h(40),
		"rpm -qi openssl | grep Signature\nSignature   : RSA/SHA256, Tue 04 Jun 2024 10:00:00 AM UTC, Key ID " + h(16),
		"pub   rsa4096 2019-06-01 [SC]\n      " + g.s(hexUp, 40) + "\nuid           [ultimate] Alice Doe <alice@acme.io>",

		// Generated names of frameworks, bundlers and clusters.
		`<div class="styles_root__` + g.s(lowNum, 7) + `0 styles_dark__` + g.s(lowNum, 7) + `1">`,
		`<button class="c-PJLV c-` + a(6) + ` c-` + a(6) + `-` + a(5) + `-variant-primary">`,
		`<div class="x1lliihq x6ikm8r x10wlt62 x1n2onr6">`,
		"[root of the server]__" + h(8) + "._.js 18.2 kB",
		"public/component---src-pages-index-js-" + h(20) + ".js",
		"/_nuxt/" + u(8) + ".js",
		"/_app/immutable/chunks/index." + u(8) + ".js",
		"pod-template-hash: " + g.s(f6k8s, 10) + "\ncontroller-revision-hash: " + g.s(f6k8s, 9),
		"configmap/app-config-" + g.s(f6k8s, 10) + " created",
		"module.db.random_password.master\nmodule.db.aws_secretsmanager_secret.master_password\nmodule.db.aws_db_instance.this[0]",

		// Trace, request and correlation ids.
		"X-Served-By: cache-fra-etou8220" + g.digitsN(3) + "-FRA\nX-Cache: HIT",
		"X-Kong-Request-Id: " + h(32),
		"grpc-trace-bin: " + f5b64(append([]byte{0, 0}, g.bytes(26)...)),
		"newrelic: " + b64text(`{"v":[0,1],"d":{"ty":"App","ac":"`+g.digitsN(7)+`","ap":"`+g.digitsN(9)+`","id":"`+h(16)+`","tr":"`+h(32)+`","pr":1.2,"sa":true,"ti":17`+g.digitsN(11)+`}}`),
		"x-honeycomb-trace: 1;trace_id=" + h(32) + ",parent_id=" + h(16),
		"X-Scope-OrgID: tenant-" + g.digitsN(3),

		// Base64 of benign commands, certificates and compressed bodies; encrypted values.
		"powershell.exe -NoProfile -EncodedCommand " + f6utf16("Get-Process | Sort-Object CPU -Descending | Select-Object -First 5"),
		`{"statusCode": 200, "isBase64Encoded": true, "headers": {"content-encoding": "gzip"}, "body": "H4sIAAAAAAAA/` + g.s(b64, 160) + `"}`,
		"data:image/webp;base64,UklGRh4AAABXRUJQVlA4TBEAAAAvAAAAAAfQ//73v/+BiOh/AAA=",
		"data:image/x-icon;base64,AAABAAEAEBAAAAEAIABoBAAAFgAAACgAAAAQAAAAIAAAAAEAIAAAAAAAAAQAAA",
		"WebAssembly.instantiate(Uint8Array.from(atob('AGFzbQEAAAABBwFgAn9/AX8DAgEABwcBA2FkZAAACgkBBwAgACABags='), c => c.charCodeAt(0)))",
		"spring.datasource.password=ENC(" + g.b64std(48) + ")",
		"profile::db::password: ENC[PKCS7," + g.s(b64, 300) + "]",

		// Secret references, placeholders and masked values.
		`api_key: "<%= ENV['ACME_API_KEY'] %>"`,
		`password: "{{ lookup('community.hashi_vault.hashi_vault', 'secret=secret/data/db:password') }}"`,
		"password: !ENV ${SMTP_PASSWORD}",
		"password: \"•••••••••\"",
		"client_secret: YOUR_CLIENT_SECRET",
		`token: "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"`,
		`const testSigningKey = "example-signing-key"`,
		`const password = Deno.env.get("DB_PASSWORD")!;`,
		`password = keyring.get_password("acme", "alice")`,
		`val apiKey = System.getenv("ACME_API_KEY") ?: error("ACME_API_KEY is not set")`,
		"password: credentialsJSON:" + g.uuid(),
		"      password:\n        from_secret: docker_password",
		`{"credHelpers": {"123456789012.dkr.ecr.eu-west-1.amazonaws.com": "ecr-login", "gcr.io": "gcloud"}}`,

		// Commands and connection strings that name a credential without holding one.
		"mongodb://db1.acme.io,db2.acme.io/?replicaSet=rs0&authSource=$external&authMechanism=MONGODB-X509&tls=true",
		"git@github.com:acme/api.git\nssh://git@gitlab.acme.io:2222/team/app.git",
		"kubectl create secret generic app-env --from-env-file=.env.production --dry-run=client -o yaml",
		"aws ssm get-parameter --name /prod/db/password --with-decryption --query Parameter.Value --output text",
		"Set-Cookie: AWSALB=" + g.s(b64, 120) + "; Expires=Tue, 01 Jan 2027 00:00:00 GMT; Path=/",
		"https://bit.ly/3" + a(6),

		// Versions and platforms.
		"OpenSSL 3.3.1 4 Jun 2024 (Library: OpenSSL 3.3.1 4 Jun 2024)",
		"Terraform v1.9.0\non linux_amd64\n+ provider registry.terraform.io/hashicorp/aws v5.56.1",
		".NET SDK:\n Version:           8.0.302\n Commit:            " + h(10) + "\n Workload version:  8.0.300-manifests." + h(8),
		"ProductName:\t\tmacOS\nProductVersion:\t\t14.5\nBuildVersion:\t\t23F79",
	}
}

// TestFresh6Table measures the eighth table and prints only its summary: per-case misses show
// only with ANAMNESIS_REDACT_FRESH6_MISSES=1, for a report after tuning is over. The floors sit a
// little under the baseline measured when the table was written (see the commit that added it),
// so a regression fails while an honest improvement passes.
func TestFresh6Table(t *testing.T) {
	// Baseline when the table was written (round 6's rules, main at 9ec33c0): recall 463/612
	// (75.7%), false positives 104/399 (26.1%); round 7: 486/612 (79.4%), 111/399 (27.8%).
	// Round 8 read the odd half's misses (see TestFresh6Halves) and measured 538/612 (87.9%),
	// 42/399 (10.5%): no longer a blind figure. The floors leave a little room for draws, not
	// for a regression.
	// A case whose secret is not in its text would count as caught whatever the redactor does.
	for _, c := range fresh6Secrets(newGen(1)) {
		for _, sec := range c.secrets {
			if !strings.Contains(c.text, sec) {
				t.Fatalf("fresh6 case %q: its secret is not in its text", c.name)
			}
		}
	}
	measureTable(t, "fresh6", fresh6Secrets, fresh6Innocent, 0.86, 0.12)
}
