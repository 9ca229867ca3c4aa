package redact

import (
	"strconv"
	"strings"
	"testing"
)

// The sixth table (issue 15, fifth round): written blind — by someone who did not read the rule
// files — from real-world shapes as a user pastes them into an agent session, choosing only
// shapes that none of the earlier tables holds: provider tokens of AI APIs, payment, messaging,
// observability, package registries and CI; chat and automation webhooks with the token in the
// path; signed URLs of CDNs and object stores; configuration of network daemons (BIND, IPsec,
// keepalived, RADIUS, Cisco, HAProxy, Traefik), of Puppet, Chef, Elixir, HOCON, Kustomize and
// Helm; Windows registry exports and desktop-app settings; IDE run configurations and API
// clients; code in Rust, Java, Kotlin, Swift, Perl and shell; crypto wallets and signing keys
// (minisign, signify, JWK, OpenVPN static keys, Nostr, BIP39); cookies of many frameworks; and
// CLI output that prints a secret. The look-alikes are what sits beside them in the same
// sessions: lockfile and package-manager hashes, object and request ids, public keys and public
// client-side keys, encrypted-at-rest values that are meant to be committed (SOPS, Ansible
// Vault, Sealed Secrets), secret references of many managers, bundler output names, versions and
// placeholders. It is generated at run time, so no live-looking secret sits in the repository,
// and it is never tuned on after its baseline was committed.
//
// What counts as a placeholder follows fresh2_test.go so the sets agree: a variable or template
// reference ($VAR, ${VAR}, $(cmd), %VAR%, {{ x }}, #{x}, <x>), an empty, null or masked value
// (***, xxx, ...), a function or lookup (os.environ[...], secretKeyRef), and the documented dummy
// words changeme / your-... / replace_me / example. Any other value in a password slot is a
// password, however ordinary it looks. A reference to a secret manager (op://, vault:, ref+,
// {{resolve:...}}, @Microsoft.KeyVault(...)) is a lookup, and a value encrypted so that it may be
// committed (SOPS ENC[...], $ANSIBLE_VAULT, Sealed Secrets) is no secret in the clear.

const (
	f4base58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
	// f4z85 is the Z85 alphabet without the characters that would read as a template or a
	// variable ($ % # < > { }), so a case tests the redactor and not a placeholder rule.
	f4z85 = alnum + ".-:+=^!/*?&()[]@"
)

// f4pass is a human-made password in shapes the earlier tables' generators do not use:
// CamelCase words with digits, `openssl rand -hex` output, pwgen-style strings, leet words with
// a dotted suffix, a run-together sentence with a year, and long generated strings with the
// characters that need no escaping in a URL, a connection string or a shell word.
func (g *gen) f4pass(i int) string {
	words := []string{"Blue", "tiger", "Harvest", "moon", "Rocket", "pebble", "Cactus", "drift", "Signal", "ferry"}
	w := func() string { return words[g.r.IntN(len(words))] }
	switch i % 6 {
	case 0:
		a, b := w(), w()
		return strings.ToUpper(a[:1]) + a[1:] + strings.ToUpper(b[:1]) + b[1:] + g.s(digits, 2) + "Sky"
	case 1:
		return g.s(hexLow, 32)
	case 2:
		return g.s(alnum, 10)
	case 3:
		return "Tr0ub4d" + g.s(lower, 2) + "." + g.s(digits, 3)
	case 4:
		return "ilove" + strings.ToLower(w()) + "19" + g.s(digits, 2)
	default:
		return g.s(alnum+"._~-", 20)
	}
}

// f4pw draws one of the f4pass shapes.
func (g *gen) f4pw() string { return g.f4pass(g.r.IntN(6)) }

// f4mnemonic is twelve words of the BIP39 list: a wallet's recovery phrase.
func (g *gen) f4mnemonic() string {
	words := []string{"abandon", "ability", "absorb", "access", "acoustic", "actress", "advice", "afford",
		"bamboo", "banner", "bicycle", "blanket", "cabbage", "canyon", "castle", "civil", "dolphin",
		"drastic", "eager", "elbow", "fabric", "frozen", "garlic", "gossip", "harvest", "hybrid", "island",
		"jaguar", "kitten", "lizard", "marble", "napkin", "orbit", "pepper", "quantum", "rhythm", "saddle",
		"tomato", "umbrella", "velvet", "walnut", "zebra"}
	out := make([]string, 12)
	for i := range out {
		out[i] = words[g.r.IntN(len(words))]
	}
	return strings.Join(out, " ")
}

// f4bytes is a JSON array of n random bytes, as a Solana CLI keypair file holds its key.
func (g *gen) f4bytes(n int) string {
	out := make([]string, n)
	for i := range out {
		out[i] = strconv.Itoa(g.r.IntN(256))
	}
	return strings.Join(out, ",")
}

// f4lines wraps s into lines of n characters.
func f4lines(s string, n int) string {
	var b strings.Builder
	for len(s) > n {
		b.WriteString(s[:n] + "\n")
		s = s[n:]
	}
	b.WriteString(s)
	return b.String()
}

func fresh4Secrets(g *gen) []secretCase {
	h := func(n int) string { return g.s(hexLow, n) }
	a := func(n int) string { return g.s(alnum, n) }
	u := func(n int) string { return g.s(b64url, n) }
	pw := g.f4pw

	// Values that appear in more than one place of a case are drawn once.
	openvpnKey := f4lines(h(512), 32)
	unseal := g.b64std(33)
	jwkD := u(43)
	minisignKey := "RWRTY0Iy" + g.s(b64, 150)
	signifyKey := "RWRCSwAAA" + g.s(b64, 131)
	tsig := g.b64std(32)
	gossip := g.b64std(32)
	etcdKey := g.b64std(32)
	wpLogged := "admin%7C1735689600%7C" + a(43) + "%7C" + h(64)
	ecrToken := "eyJwYXlsb2FkIjoi" + g.s(b64, 1200)
	fcmKey := "AAAA" + a(7) + ":APA91b" + u(134)
	aspCookie := "CfDJ8" + u(300)
	solana := g.f4bytes(64)

	return []secretCase{
		// AI APIs.
		sc("nvidia nim", "export NVIDIA_API_KEY=nvapi-%s", u(64)),
		sc("together ai", `client = Together(api_key="tgp_v1_%s")`, u(43)),
		sc("jina", "curl https://api.jina.ai/v1/embeddings -H \"Authorization: Bearer jina_%s\"", a(60)),
		sc("openai admin", "OPENAI_ADMIN_KEY=sk-admin-%s", u(58)+"T3BlbkFJ"+u(20)),
		sc("tavily", `tavily_client = TavilyClient(api_key="tvly-%s")`, a(32)),
		sc("firecrawl", "FIRECRAWL_API_KEY=fc-%s", h(32)),
		sc("browserbase", "BROWSERBASE_API_KEY=bb_live_%s", u(27)),
		sc("e2b", "E2B_API_KEY=e2b_%s", h(40)),
		sc("langfuse secret", "LANGFUSE_SECRET_KEY=sk-lf-%s", g.uuid()),
		sc("modal token set", "modal token set --token-id ak-"+a(22)+" --token-secret as-%s", a(22)),
		sc("runpod", "runpodctl config --apiKey rpa_%s", g.s(upNum, 40)),
		sc("anyscale", "ANYSCALE_API_KEY=esecret_%s", g.s(lowNum, 26)),
		sc("assemblyai keyed", `aai.settings.api_key = "%s"`, h(32)),
		sc("cartesia", `{"headers": {"X-API-Key": "sk_car_%s"}}`, a(22)),
		sc("serper header", "-H 'X-API-KEY: %s' https://google.serper.dev/search", h(40)),

		// Payment and finance.
		sc("braintree access token", "BRAINTREE_ACCESS_TOKEN=access_token$production$%s", g.s(lowNum, 16)+"$"+h(32)),
		sc("razorpay key secret", "razorpay.Client(auth=(\"rzp_live_"+a(14)+"\", \"%s\"))", a(24)),
		sc("paystack", "PAYSTACK_SECRET_KEY=sk_live_%s", h(40)),
		sc("mollie", "$mollie->setApiKey(\"live_%s\");", a(30)),
		sc("alpaca headers", "APCA-API-KEY-ID: PK"+g.s(upNum, 18)+"\nAPCA-API-SECRET-KEY: %s", a(40)),
		sc("binance secret", "binance:\n  api_key: %s\n  api_secret: %s", a(64), a(64)),
		sc("kraken private key", `kraken_private_key = "%s"`, g.b64std(64)),
		sc("wise token", "Authorization: Bearer %s\nHost: api.transferwise.com", g.uuid()),

		// Messaging and notifications.
		sc("ably key", `const ably = new Ably.Realtime("%s");`, a(6)+"."+u(6)+":"+u(43)),
		sc("intercom token", "INTERCOM_ACCESS_TOKEN=dG9rOj%s", g.s(b64, 54)+"="),
		sc("clickup", "curl -H 'Authorization: pk_%s' https://api.clickup.com/api/v2/team", g.digitsN(8)+"_"+g.s(upNum, 32)),
		sc("mailersend", "MAILERSEND_API_KEY=mlsn.%s", h(64)),
		sc("messagebird header", "Authorization: AccessKey %s", a(25)),
		sc("pushover form", "curl -s --form-string \"token=%s\" --form-string \"user="+g.s(lowNum, 30)+"\" https://api.pushover.net/1/messages.json", g.s(lowNum, 30)),
		sc("pushbullet", "Access-Token: o.%s", a(32)),
		sc("ntfy token", "ntfy publish --token tk_%s alerts \"disk full\"", g.s(lowNum, 29)),
		sc("matrix access token", `"access_token": "syt_%s"`, u(12)+"_"+a(20)+"_"+a(6)),
		sc("zuliprc", "[api]\nemail=deploy-bot@acme.zulipchat.com\nkey=%s\nsite=https://acme.zulipchat.com", a(32)),
		sc("irc nickserv", "/msg NickServ IDENTIFY %s", pw()),
		sc("znc conf", "<User alice>\n    Pass = plain#%s\n    Nick = alice\n</User>", pw()),
		sc("vonage secret", "VONAGE_API_KEY="+h(8)+"\nVONAGE_API_SECRET=%s", a(16)),
		sc("plivo auth", "client = plivo.RestClient(\"MA"+g.s(upNum, 18)+"\", \"%s\")", a(40)),
		sc("firebase fcm server key", "Authorization: key=%s", fcmKey),
		sc("opsgenie genie key", "Authorization: GenieKey %s", g.uuid()),
		sc("zendesk api token", "curl https://acme.zendesk.com/api/v2/tickets.json -u alice@acme.com/token:%s", a(40)),
		sc("stytch secret", "STYTCH_SECRET=secret-live-%s", u(36)),
		sc("statsig server secret", `Statsig.initialize("secret-%s")`, a(43)),
		sc("posthog personal", "POSTHOG_PERSONAL_API_KEY=phx_%s", a(43)),

		// Webhooks with the token in the path or query.
		sc("google chat webhook", "https://chat.googleapis.com/v1/spaces/AAAA"+u(7)+"/messages?key=AIzaSy"+u(33)+"&token=%s", u(43)),
		sc("mattermost webhook", "curl -X POST -d 'payload={\"text\":\"deployed\"}' https://mm.acme.io/hooks/%s", g.s(lowNum, 26)),
		sc("rocketchat webhook", "https://chat.acme.io/hooks/"+a(17)+"/%s", a(48)),
		sc("webex incoming", "https://webexapis.com/v1/webhooks/incoming/%s", "Y2lzY29zcGFyazovL3Vz"+g.s(b64, 80)),
		sc("feishu bot hook", "https://open.feishu.cn/open-apis/bot/v2/hook/%s", g.uuid()),
		sc("dingtalk robot", "https://oapi.dingtalk.com/robot/send?access_token=%s", h(64)),
		sc("wecom webhook", "https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=%s", g.uuid()),
		sc("ifttt maker", "curl -X POST https://maker.ifttt.com/trigger/backup_done/with/key/%s", u(22)),
		sc("make webhook", "https://hook.eu1.make.com/%s", g.s(lowNum, 32)),
		sc("netlify build hook", "curl -X POST -d {} https://api.netlify.com/build_hooks/%s", h(24)),
		sc("vercel deploy hook", "https://api.vercel.com/v1/integrations/deploy/prj_"+a(28)+"/%s", a(10)),
		sc("render deploy hook", "RENDER_DEPLOY_HOOK=https://api.render.com/deploy/srv-"+g.s(lowNum, 20)+"?key=%s", a(11)),
		sc("jenkins build token", "curl https://ci.acme.io/job/deploy/build?token=%s", a(32)),
		sc("loggly input", "https://logs-01.loggly.com/inputs/%s/tag/http/", g.uuid()),

		// Observability.
		sc("honeycomb ingest", "HONEYCOMB_API_KEY=hcaik_%s", g.s(lowNum, 58)),
		sc("honeycomb otel header", "OTEL_EXPORTER_OTLP_HEADERS=x-honeycomb-team=%s", a(22)),
		sc("elastic api key", "ES_API_KEY=essu_%s", g.s(b64, 80)),
		sc("new relic admin", "NEW_RELIC_ADMIN_API_KEY=NRAA-%s", h(27)),
		sc("coralogix", "CORALOGIX_PRIVATE_KEY=cxtp_%s", a(30)),
		sc("axiom token", "AXIOM_TOKEN=xaat-%s", g.uuid()),
		sc("bugsnag data access", "BUGSNAG_AUTH_TOKEN=%s", g.uuid()),
		sc("appdynamics xml", "<controller-info>\n  <account-name>acme</account-name>\n  <account-access-key>%s</account-access-key>\n</controller-info>", g.uuid()),
		sc("pagerduty routing key", `{"routing_key": "%s", "event_action": "trigger"}`, h(32)),
		sc("lightstep", "LIGHTSTEP_ACCESS_TOKEN=%s", g.s(b64, 84)),

		// Cloud and infrastructure providers.
		sc("tencent cloud", "SecretId: AKID%s\nSecretKey: %s", a(32), a(32)),
		sc("ibmcloud login", "ibmcloud login --apikey %s -r us-south", u(44)),
		sc("exoscale", "EXOSCALE_API_KEY=EXO%s\nEXOSCALE_API_SECRET=%s", h(24), u(43)),
		sc("akamai edgerc", "[default]\nclient_secret = %s\nhost = akab-"+g.s(lowNum, 16)+".luna.akamaiapis.net\naccess_token = akab-%s\nclient_token = akab-%s", g.b64std(32), g.s(lowNum, 16)+"-"+g.s(lowNum, 16), g.s(lowNum, 16)+"-"+g.s(lowNum, 16)),
		sc("bunny access key", "AccessKey: %s", g.uuid()+"-"+h(4)+"-"+h(4)+"-"+h(4)+"-"+h(12)),
		sc("cloudflare api token env", "CF_API_TOKEN=%s", u(40)),
		sc("vultr", "VULTR_API_KEY=%s", g.s(upNum, 36)),
		sc("oci config", "[DEFAULT]\nuser=ocid1.user.oc1..aaaaaaaa"+g.s(lowNum, 52)+"\nfingerprint="+colonHex(g, 16)+"\nkey_file=~/.oci/oci_api_key.pem\npass_phrase=%s", pw()),
		sc("huawei cloud", "HUAWEICLOUD_SDK_AK=%s\nHUAWEICLOUD_SDK_SK=%s", g.s(upNum, 20), a(40)),
		sc("upstash rest token", "UPSTASH_REDIS_REST_TOKEN=%s", "A"+u(63)+"="),
		sc("neon password", "DATABASE_URL=postgresql://neondb_owner:npg_%s@ep-cool-darkness-123456.eu-central-1.aws.neon.tech/neondb?sslmode=require", a(12)),
		sc("confluent api secret", "sasl.username=%s\nsasl.password=%s", g.s(upNum, 16), g.s(b64, 64)),
		sc("mongodb atlas api", "atlas config set private_api_key %s", g.uuid()),
		sc("infisical service token", "INFISICAL_TOKEN=st.%s", g.uuid()+"."+h(32)+"."+h(32)),

		// Package registries, publishing and CI.
		sc("cargo login", "cargo login cio%s", a(32)),
		sc("nuget setapikey", "nuget setapikey oy2%s -source https://api.nuget.org/v3/index.json", g.s(lowNum, 43)),
		sc("dotnet nuget add source", "dotnet nuget add source https://pkgs.acme.io/nuget/index.json -n acme -u ci --password %s --store-password-in-clear-text", pw()),
		sc("vsce publish", "npx @vscode/vsce publish -p %s", g.s(lowNum, 52)),
		sc("gradle publish", "gradle.publish.key=%s\ngradle.publish.secret=%s", a(32), a(32)),
		sc("ossrh password", "ossrhUsername=acme-release\nossrhPassword=%s", pw()),
		sc("helm registry login", "helm registry login registry.acme.io -u robot$ci -p %s", a(32)),
		sc("oras login", "oras login -u ci -p %s ghcr.io", pw()),
		sc("conan remote login", "conan remote login artifactory ci -p %s", pw()),
		sc("teamcity token", "TEAMCITY_TOKEN=eyJ0eXAiOiAiVENWMiJ9.%s", u(36)+"."+u(48)),
		sc("drone token", "export DRONE_SERVER=https://drone.acme.io\nexport DRONE_TOKEN=%s", a(32)),
		sc("bitbucket app password", "BITBUCKET_APP_PASSWORD=ATBB%s", a(32)+h(8)),
		sc("github raw token query", "https://raw.githubusercontent.com/acme/infra/main/setup.sh?token=GHSAT0AAAAAA%s", g.s(upNum, 40)),
		sc("ecr docker login", "docker login -u AWS -p %s https://123456789012.dkr.ecr.eu-west-1.amazonaws.com", ecrToken),

		// Signed URLs.
		sc("cloudfront signed", "https://d111111abcdef8.cloudfront.net/video.mp4?Expires=1735689600&Signature=%s&Key-Pair-Id=K2JCJMDEHXQW5F", g.s(alnum+"-~_", 172)),
		sc("alibaba oss signed", "https://acme.oss-cn-hangzhou.aliyuncs.com/report.pdf?OSSAccessKeyId=LTAI%s&Expires=1735689600&Signature=%s", a(20), strings.ReplaceAll(g.b64std(20), "=", "%3D")),
		sc("firebase storage token", "https://firebasestorage.googleapis.com/v0/b/acme.appspot.com/o/invoices%2F42.pdf?alt=media&token=%s", g.uuid()),
		sc("tencent cos signature", "https://acme-1250000000.cos.ap-guangzhou.myqcloud.com/a.zip?q-sign-algorithm=sha1&q-ak=AKID"+a(32)+"&q-sign-time=1735600000%3B1735689600&q-signature=%s", h(40)),

		// Cookies and sessions in HTTP dumps.
		sc("aspnet core identity cookie", "Cookie: .AspNetCore.Identity.Application=%s", aspCookie),
		sc("aspnet session id", "Cookie: ASP.NET_SessionId=%s; lang=en", g.s(lowNum, 24)),
		sc("wordpress logged in", "Cookie: wordpress_logged_in_"+h(32)+"=%s", wpLogged),
		sc("rails session cookie", "Set-Cookie: _acme_session=%s; path=/; HttpOnly", g.s(b64, 120)+"--"+h(40)),
		sc("flask session", "Cookie: session=.eJw%s", u(90)+"."+u(6)+"."+u(27)),
		sc("github user session", "cookie: _octo=GH1.1.123.456; user_session=%s; logged_in=yes", u(48)),
		sc("drupal session", "Set-Cookie: SSESS"+h(32)+"=%s; path=/", u(43)),
		sc("next-auth session", "__Secure-next-auth.session-token=%s", "eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0.."+u(16)+"."+u(200)+"."+u(22)),
		sc("curl -b cookie", "curl -b 'sessionid=%s' https://admin.acme.io/api/users", g.s(lowNum, 32)),

		// Command lines.
		sc("xh -a", "xh -a admin:%s https://api.acme.io/health", pw()),
		sc("aria2c http-passwd", "aria2c --http-user=alice --http-passwd=%s https://dl.acme.io/iso", pw()),
		sc("curl proxy-user", "curl --proxy-user proxyuser:%s -x http://proxy:3128 https://example.org", pw()),
		sc("ab -A", "ab -n 1000 -c 50 -A admin:%s https://staging.acme.io/", pw()),
		sc("newman env-var", "newman run api.postman_collection.json --env-var \"apiKey=%s\"", a(32)),
		sc("k6 env", "k6 run -e API_TOKEN=%s load.js", a(40)),
		sc("grpcurl header", "grpcurl -H 'authorization: Bearer %s' api.acme.io:443 acme.v1.Users/List", u(64)),
		sc("firebird isql", "isql-fb -user SYSDBA -password %s employee.fdb", pw()),
		sc("hana hdbsql", "hdbsql -n hana01:30015 -u SYSTEM -p %s \"SELECT * FROM DUMMY\"", pw()),
		sc("vertica vsql -w", "vsql -h vertica01 -U dbadmin -w %s -c 'select 1'", pw()),
		sc("snowsql env", "SNOWSQL_PWD=%s snowsql -a acme-xy12345 -u loader", pw()),
		sc("smbpasswd echo", "(echo %s; echo %s) | smbpasswd -s -a alice", "Sm8"+a(9), "Sm8"+a(9)),
		sc("useradd openssl passwd", "useradd -m -p \"$(openssl passwd -6 %s)\" deploy", pw()),
		sc("echo kinit", "echo '%s' | kinit svc_backup@ACME.LOCAL", pw()),
		sc("cron pg_dump", "0 3 * * * PGPASSFILE=/dev/null PGPASSWORD='%s' pg_dump -h db01 app | gzip > /backup/app.sql.gz", pw()),
		sc("cron curl key", "*/10 * * * * curl -fsS -H 'X-Cron-Key: %s' https://acme.io/cron/run", a(32)),
		sc("ansible-vault password echo", "echo '%s' > ~/.vault_pass && ansible-playbook site.yml --vault-password-file ~/.vault_pass", pw()),
		sc("vault operator unseal", "vault operator unseal %s", unseal),
		sc("docker secret create", "printf '%s' | docker secret create db_password -", pw()),
		sc("mikrotik user add", "/user add name=backup group=read password=%s", pw()),

		// Network daemons and appliances.
		sc("bind tsig key", "key \"transfer\" {\n    algorithm hmac-sha256;\n    secret \"%s\";\n};", tsig),
		sc("ipsec secrets", "# /etc/ipsec.secrets\n: PSK \"%s\"", pw()),
		sc("swanctl secret", "secrets {\n    ike-office {\n        id = office.acme.io\n        secret = %s\n    }\n}", a(32)),
		sc("keepalived auth_pass", "    authentication {\n        auth_type PASS\n        auth_pass %s\n    }", a(8)),
		sc("freeradius client", "client office-ap {\n    ipaddr = 10.0.4.0/24\n    secret = %s\n}", pw()),
		sc("cisco type 7", "username admin privilege 15 password 7 %s", strings.ToUpper(h(22))),
		sc("cisco snmp community", "snmp-server community %s RO 10", a(14)),
		sc("tacacs key", "tacacs server TAC1\n address ipv4 10.0.0.5\n key %s", pw()),
		sc("haproxy userlist", "userlist admins\n    user ops insecure-password %s", pw()),
		sc("traefik basicauth label", "      - \"traefik.http.middlewares.auth.basicauth.users=admin:$$2y$$05$$%s\"", g.s(alnum+"./", 53)),
		sc("apache ldap bind", "AuthLDAPBindDN \"cn=svc-web,ou=svc,dc=acme,dc=io\"\nAuthLDAPBindPassword \"%s\"", pw()),
		sc("nginx proxy basic header", "proxy_set_header Authorization \"Basic %s\";", b64text("svc:"+a(16))),
		sc("dovecot plain passdb", "alice:{PLAIN}%s::::::", pw()),
		sc("ntp keys", "# /etc/ntp.keys\n1 SHA1 %s", h(40)),
		sc("openvpn static key", "<tls-auth>\n-----BEGIN OpenVPN Static key V1-----\n%s\n-----END OpenVPN Static key V1-----\n</tls-auth>", openvpnKey),
		sc("consul gossip encrypt", "encrypt = \"%s\"\nverify_incoming = true", gossip),
		sc("consul acl bootstrap", "AccessorID:       "+g.uuid()+"\nSecretID:         %s\nDescription:      Bootstrap Token (Global Management)", g.uuid()),
		sc("vault init output", "Unseal Key 1: %s\n\nInitial Root Token: hvs.%s", unseal, a(24)),
		sc("vault approle secret-id", "Key                   Value\n---                   -----\nsecret_id             %s\nsecret_id_accessor    "+g.uuid()+"\nsecret_id_ttl         0s", g.uuid()),
		sc("k8s encryption config", "    - aescbc:\n        keys:\n        - name: key1\n          secret: %s", etcdKey),
		sc("synapse homeserver", "registration_shared_secret: \"%s\"\nmacaroon_secret_key: \"%s\"", u(48), u(48)),

		// Configuration management and deployment.
		sc("kustomize secretGenerator", "secretGenerator:\n- name: app-secrets\n  literals:\n  - DB_PASSWORD=%s\n  - API_KEY=%s", pw(), a(32)),
		sc("helm values nested", "postgresql:\n  auth:\n    username: app\n    postgresPassword: %s\n    replicationPassword: %s", pw(), pw()),
		sc("puppet hiera", "profile::db::root_password: '%s'", pw()),
		sc("puppet hash rocket", "mysql::db { 'app':\n  user     => 'app',\n  password => '%s',\n}", pw()),
		sc("chef node attribute", "node.default['acme']['db_password'] = '%s'", pw()),
		sc("ansible uri url_password", "- ansible.builtin.uri:\n    url: https://nexus.acme.io/service/rest/v1/status\n    url_username: admin\n    url_password: %s", pw()),
		sc("ansible mysql login_password", "- community.mysql.mysql_db:\n    name: app\n    login_user: root\n    login_password: \"%s\"", pw()),
		sc("systemd SetCredential", "[Service]\nSetCredential=db-password:%s\nExecStart=/usr/bin/app", pw()),
		sc("kubeconfig auth-provider", "    auth-provider:\n      config:\n        client-id: kubernetes\n        client-secret: %s\n        refresh-token: %s\n      name: oidc", u(32), u(48)),
		sc("elixir repo config", "config :acme, Acme.Repo,\n  username: \"postgres\",\n  password: \"%s\",\n  hostname: \"db\"", pw()),
		sc("hocon application.conf", "slick.dbs.default.db {\n  user = \"app\"\n  password = \"%s\"\n}", pw()),
		sc("duckdb create secret", "CREATE SECRET s3_prod (TYPE S3, KEY_ID 'AKIA%s', SECRET '%s', REGION 'eu-west-1');", g.s(upNum, 16), g.s(b64, 40)),
		sc("pg_service.conf", "[prod]\nhost=db01.acme.io\ndbname=app\nuser=report\npassword=%s", pw()),
		sc("celery sqs broker", "broker_url = 'sqs://AKIA%s:%s@'", g.s(upNum, 16), g.s(alnum, 40)),
		sc("redis sentinel url", "CELERY_BROKER_URL=sentinel://:%s@sentinel-0:26379/0", pw()),
		sc("zeromq curve secret", "curve_secretkey = \"%s\"", g.s(f4z85, 40)),
		sc("transmission rpc", `"rpc-password": "%s",`+"\n"+`"rpc-username": "admin",`, pw()),

		// Windows registry and desktop apps.
		sc("winlogon default password", "[HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon]\n\"AutoAdminLogon\"=\"1\"\n\"DefaultUserName\"=\"kiosk\"\n\"DefaultPassword\"=\"%s\"", pw()),
		sc("putty proxy password", "[HKEY_CURRENT_USER\\Software\\SimonTatham\\PuTTY\\Sessions\\bastion]\n\"ProxyUsername\"=\"alice\"\n\"ProxyPassword\"=\"%s\"", pw()),
		sc("vnc password hex", "[HKEY_LOCAL_MACHINE\\SOFTWARE\\RealVNC\\vncserver]\n\"Password\"=hex:%s", colonHex(g, 8)),
		sc("filezilla sitemanager", "<Server>\n  <Host>ftp.acme.io</Host>\n  <User>deploy</User>\n  <Pass encoding=\"base64\">%s</Pass>\n</Server>", b64text(g.f4pass(5))),
		sc("winscp ini", "[Sessions\\deploy@web01]\nHostName=web01.acme.io\nUserName=deploy\nPassword=%s", "A35C"+strings.ToUpper(h(60))),
		sc("obs stream key", "{\"settings\": {\"server\": \"rtmp://live.twitch.tv/app\", \"key\": \"live_%s\"}}", g.digitsN(9)+"_"+a(30)),

		// IDE run configurations and API clients.
		sc("intellij env entry", "<envs>\n  <env name=\"DB_PASSWORD\" value=\"%s\" />\n</envs>", pw()),
		sc("eclipse launch mapEntry", "<mapAttribute key=\"org.eclipse.debug.core.environmentVariables\">\n<mapEntry key=\"API_SECRET\" value=\"%s\"/>\n</mapAttribute>", a(40)),
		sc("bruno auth bearer", "auth:bearer {\n  token: %s\n}", u(64)),
		sc("bruno environment", "vars {\n  baseUrl: https://api.acme.io\n  apiKey: %s\n}", a(40)),
		sc("insomnia env", `{"_type": "environment", "data": {"base_url": "https://api.acme.io", "access_token": "%s"}}`, u(64)),
		sc("vscode sqltools", `"sqltools.connections": [{"driver": "PostgreSQL", "server": "db01", "username": "app", "password": "%s"}]`, pw()),

		// Source code with hard-coded credentials.
		sc("rust const", `const API_TOKEN: &str = "%s";`, a(40)),
		sc("rust let", `let client_secret = String::from("%s");`, u(40)),
		sc("java static final", `private static final String SECRET_KEY = "%s";`, g.s(b64, 44)),
		sc("kotlin val", `val apiKey = "%s"`, a(36)),
		sc("swift let", `let stripeSecret = "sk_live_%s"`, a(99)),
		sc("perl dbi", `my $dbh = DBI->connect("dbi:Pg:dbname=app;host=db01", "app", "%s");`, pw()),
		sc("bash readonly", "readonly DEPLOY_TOKEN='%s'", a(40)),
		sc("csharp client secret", `options.ClientSecret = "%s";`, u(40)),
		sc("go oauth2 config", "conf := &oauth2.Config{\n\tClientID:     \"acme-cli\",\n\tClientSecret: \"%s\",\n}", u(40)),
		sc("node pg pool", "const pool = new Pool({ host: 'db01', user: 'app', password: '%s', database: 'app' })", pw()),
		sc("python teradata", "teradatasql.connect(host=\"td01\", user=\"etl\", password=\"%s\")", pw()),
		sc("lua table", `local cfg = { redis_host = "10.0.0.4", redis_auth = "%s" }`, a(32)),

		// Private keys, wallets and signing material.
		sc("minisign secret key", "untrusted comment: minisign encrypted secret key\n%s", minisignKey),
		sc("signify secret key", "untrusted comment: signify secret key\n%s", signifyKey),
		sc("jwk private", `{"kty":"EC","crv":"P-256","x":"`+u(43)+`","y":"`+u(43)+`","d":"%s"}`, jwkD),
		sc("nostr nsec", "nsec1%s", g.s(bech32, 58)),
		sc("bitcoin wif", "importprivkey %s \"cold\" false", "5"+g.s("HJK", 1)+g.s(f4base58, 49)),
		sc("ethereum private key", "PRIVATE_KEY=0x%s", h(64)),
		sc("bip39 mnemonic", "MNEMONIC=\"%s\"", g.f4mnemonic()),
		sc("solana keypair", "cat ~/.config/solana/id.json\n[%s]", solana),
		sc("tink keyset", `{"primaryKeyId": 1931667682, "key": [{"keyData": {"typeUrl": "type.googleapis.com/google.crypto.tink.AesGcmKey", "value": "%s", "keyMaterialType": "SYMMETRIC"}, "status": "ENABLED", "keyId": 1931667682, "outputPrefixType": "TINK"}]}`, "GiA"+g.s(b64, 41)),
		sc("yubikey otp aes key", "ykpersonalize -1 -ofixed=cccccc"+g.s("cbdefghijklnrtuv", 6)+" -a%s", h(32)),
	}
}

func fresh4Innocent(g *gen) []string {
	h := func(n int) string { return g.s(hexLow, n) }
	a := func(n int) string { return g.s(alnum, n) }
	u := func(n int) string { return g.s(b64url, n) }
	return []string{
		// Hashes and digests in package managers, build tools and logs.
		"rake (13.2.1) sha256=" + h(64),
		`{:hex, :phoenix, "1.7.14", "` + h(64) + `", [:mix], [], "hexpm", "` + h(64) + `"},`,
		"      sha256: \"" + h(64) + "\"\n      url: \"https://pub.dev\"",
		"    sha256 cellar: :any, arm64_sonoma: \"" + h(64) + "\"",
		`<component group="com.google.guava" name="guava" version="33.2.1-jre">` + "\n" + `   <artifact name="guava-33.2.1-jre.jar"><sha256 value="` + h(64) + `" origin="Generated by Gradle"/></artifact>`,
		"SHA256: " + h(64) + "\nSize: 1843256\nFilename: pool/main/c/curl/curl_8.5.0-2ubuntu10_amd64.deb",
		`"shasum": "` + h(40) + `",`,
		"  \"revision\" : \"" + h(40) + "\",\n  \"version\" : \"5.9.1\"",
		"index " + h(7) + ".." + h(7) + " 100644\n--- a/core/app/app.go\n+++ b/core/app/app.go",
		"version https://git-lfs.github.com/spec/v1\noid sha256:" + h(64) + "\nsize 48213",
		"Change-Id: I" + h(40) + "\nSigned-off-by: Alice Doe <alice@acme.io>",
		"100644 blob " + h(40) + "\tREADME.md",
		"v2.4.0-17-g" + h(7) + "-dirty",
		"Merge: " + h(7) + " " + h(7),
		"Content-MD5: " + g.b64std(16),
		"Digest: SHA-256=" + g.b64std(32),
		"x-amz-content-sha256: " + h(64),
		"x-amz-id-2: " + g.b64std(57),
		"X-Amz-Cf-Id: " + u(54) + "==",
		"blake3 " + h(64) + "  release.tar.zst",
		"xxh64 " + h(16) + "  assets/logo.png",
		"pip install --require-hashes -r requirements.txt  # fastapi==0.111.0 --hash=sha256:" + h(64),
		"Build ID: " + h(8) + "-" + h(4) + "-" + h(4) + "-" + h(4) + "-" + h(12) + " (Cloud Build)",
		"kubectl version\nClient Version: v1.30.2\nGitCommit:\"" + h(40) + "\"",
		"containerID: containerd://" + h(64),
		"    imageID: docker.io/library/postgres@sha256:" + h(64),
		"CONTAINER ID   IMAGE          COMMAND                  STATUS\n" + h(12) + "   redis:7.2     \"docker-entrypoint.s…\"   Up 3 hours",
		"Successfully built " + h(12) + "\nSuccessfully tagged acme/api:latest",
		"sha256:" + h(64) + " 2 weeks ago  /bin/sh -c #(nop)  CMD [\"nginx\" \"-g\" \"daemon off;\"]",

		// Ids and traces of many systems.
		"traceparent: 00-" + h(32) + "-" + h(16) + "-01",
		"tracestate: congo=" + u(16) + ",rojo=00f067aa0ba902b7",
		"X-Request-Id: " + g.uuid(),
		"x-ms-request-id: " + g.uuid() + "\nx-ms-correlation-request-id: " + g.uuid(),
		"X-GitHub-Request-Id: " + strings.ToUpper(h(4)+":"+h(5)+":"+h(6)+":"+h(7)+":"+h(8)),
		"heroku[router]: at=info method=GET path=\"/\" request_id=" + g.uuid() + " status=200 bytes=1024",
		"vpc-0" + h(16) + "  subnet-0" + h(16) + "  sg-0" + h(16),
		"ami-0" + h(16) + " (ubuntu-noble-24.04-amd64-server-20240607)",
		"arn:aws:iam::123456789012:role/service-role/lambda-" + g.s(lowNum, 8),
		"operation-" + g.digitsN(13) + "-" + h(13) + "-" + h(8) + "-" + h(8),
		"pi_3" + a(23) + " succeeded for cus_" + a(14),
		"stripe publishable key pk_live_51" + a(97),
		"posthog.init('phc_" + a(43) + "', {api_host: 'https://eu.i.posthog.com'})",
		"LANGFUSE_PUBLIC_KEY=pk-lf-" + g.uuid(),
		"mapboxgl.accessToken = 'pk.eyJ1IjoiYWNtZSIsImEiOiJjbHh5ejEyMzQwMDAwMmtwY3R6dWJ6b3Z3In0." + u(22) + "';",
		`<div class="g-recaptcha" data-sitekey="6Lc` + u(37) + `"></div>`,
		"gtag('config', 'G-" + g.s(upNum, 10) + "');",
		"Sentry event_id " + h(32) + " captured",
		"PagerDuty incident Q" + g.s(upNum, 13) + " resolved",
		"JIRA ACME-4821 and linear ENG-1203",
		"mastodon status 1127" + g.digitsN(14),
		"youtube https://www.youtube.com/watch?v=" + u(11),
		"nanoid " + u(21),
		"cuid c" + g.s(lowNum, 24),
		"k8s uid: " + g.uuid() + "\nresourceVersion: \"" + g.digitsN(8) + "\"",
		"sh.helm.release.v1.payments.v14",
		"payments-worker-" + g.s("bcdfghjklmnpqrstvwxz2456789", 10) + "-" + g.s("bcdfghjklmnpqrstvwxz2456789", 5) + "   1/1   Running",
		"module.network.aws_subnet.private[\"eu-west-1a\"]: Refreshing state... [id=subnet-0" + h(16) + "]",
		"aws_instance.web[2]: Creation complete after 32s [id=i-0" + h(16) + "]",
		`"lineage": "` + g.uuid() + `",` + "\n" + `"serial": 412,`,
		"GitHub Actions run https://github.com/acme/api/actions/runs/" + g.digitsN(10) + "/job/" + g.digitsN(11),
		"GITHUB_SHA=" + h(40),
		"consul AccessorID: " + g.uuid(),
		"secret_id_accessor    " + g.uuid(),
		"Vault request_id " + g.uuid() + " lease_duration 768h",
		"ocid1.instance.oc1.eu-frankfurt-1.an" + g.s(lowNum, 58),
		"Azure DevOps build 20240612." + g.digitsN(2) + " commit " + h(40),
		"Gerrit change 48213 patch set 3",
		"MongoDB _id: ObjectId(\"" + h(24) + "\"), ts: Timestamp(1718000000, 1)",

		// Public keys, public records and encrypted-for-commit values.
		"|1|" + g.b64std(20) + "|" + g.b64std(20) + " ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + g.s(b64, 43),
		"default._domainkey.acme.io. 3600 IN TXT \"v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + g.s(b64, 300) + "IDAQAB\"",
		"acme.io. 3600 IN TXT \"google-site-verification=" + u(43) + "\"",
		"_443._tcp.mail.acme.io. IN TLSA 3 1 1 " + h(64),
		"acme.io. IN DS 2371 13 2 " + strings.ToUpper(h(64)),
		"Public-Key-Pins: pin-sha256=\"" + g.b64std(32) + "\"; max-age=5184000",
		"npub1" + g.s(bech32, 58),
		"untrusted comment: signify public key\nRWRCSwAAA" + g.s(b64, 47),
		`{"kty":"OKP","crv":"Ed25519","x":"` + u(43) + `","kid":"` + u(8) + `"}`,
		"-----BEGIN CERTIFICATE REQUEST-----\n" + f4lines(g.s(b64, 256), 64) + "\n-----END CERTIFICATE REQUEST-----",
		"    password: ENC[AES256_GCM,data:" + g.s(b64, 24) + ",iv:" + g.b64std(32) + ",tag:" + g.b64std(16) + ",type:str]",
		"db_password: !vault |\n          $ANSIBLE_VAULT;1.1;AES256\n          " + h(80) + "\n          " + h(80),
		"spec:\n  encryptedData:\n    password: AgB" + g.s(b64, 400),
		"gpg: encrypted with 4096-bit RSA key, ID " + strings.ToUpper(h(16)) + ", created 2023-01-04",

		// Base64 of ordinary content and headers.
		"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAA" + g.s(b64, 60) + "==",
		"data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDA",
		"data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7",
		"username: " + b64text("admin"),
		"echo " + b64text("The quick brown fox jumps over the lazy dog.") + " | base64 -d",
		"kid header " + b64text(`{"alg":"RS256","typ":"JWT","kid":"2024-06-key"}`),
		"GitHub node_id " + b64text("010:Repository"+g.digitsN(9)),
		"npm notice integrity: sha512-" + g.b64std(64)[:20] + "[...]" + g.s(b64, 10) + "==",

		// Bundler output and generated names.
		`<link rel="stylesheet" href="/assets/index-` + u(8) + `.css">`,
		`<script type="module" crossorigin src="/assets/index-` + u(8) + `.js"></script>`,
		"static/js/787." + h(8) + ".chunk.js",
		"main." + h(16) + ".js  polyfills." + h(16) + ".js  styles." + h(16) + ".css",
		`<div class="css-` + g.s(lowNum, 7) + ` e1` + g.s(lowNum, 5) + `0">`,
		`className="jsx-` + g.digitsN(10) + `"`,
		`<button class="sc-` + g.s(alnum, 6) + ` ` + g.s(alnum, 6) + `">`,
		"/_next/static/" + u(21) + "/_buildManifest.js",
		"webpack 5.92.0 compiled successfully in 4213 ms\nasset vendors-node_modules_react-dom_index_js." + h(20) + ".js 131 KiB",
		"pyc cache __pycache__/app.cpython-312.pyc  magic " + h(8),

		// Secret references and placeholders in secret slots.
		"DB_PASSWORD=op://Production/Postgres/password",
		"password: vault:secret/data/prod/db#password",
		"API_KEY: ref+awssecrets://prod/api#/key",
		"\"DbPassword\": \"@Microsoft.KeyVault(SecretUri=https://acme-kv.vault.azure.net/secrets/db-password/)\"",
		"password = \"${data.aws_secretsmanager_secret_version.db.secret_string}\"",
		"Password: '{{resolve:ssm-secure:/prod/db/password:3}}'",
		"\"apiKey\": \"${env:OPENAI_API_KEY}\"",
		"secureJsonData:\n  password: $__env{GRAFANA_DB_PW}",
		"token: $(params.github-token)",
		"password: %(DB_PASSWORD)s",
		"- DB_PASSWORD=${DB_PASSWORD:?set it in .env}",
		"ApiKey = Environment.GetEnvironmentVariable(\"ACME_API_KEY\"),",
		"api_key = st.secrets[\"openai\"][\"api_key\"]",
		"let token = std::env::var(\"GITHUB_TOKEN\")?;",
		"aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
		"aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
		"STRIPE_SECRET_KEY=sk_live_xxxxxxxxxxxxxxxxxxxxxxxx",
		"password: \"changeme\"",
		"OPENAI_API_KEY=your-openai-api-key",
		"\"token\": \"[REDACTED]\"",
		"Authorization: Bearer ***",
		"auth_pass <password>",
		"ProxyPassword=\"\"",
		"secret = \"\"",
		"MNEMONIC=",

		// Messages and prose about credentials that hold none.
		"WARNING! Your password will be stored unencrypted in /home/alice/.docker/config.json.",
		"Login Succeeded",
		"Error: authentication required: token expired, run `gh auth login`",
		"The SecretID of the bootstrap token is shown only once; store it in your password manager.",
		"vault status\nSealed          false\nTotal Shares    5\nThreshold       3\nVersion         1.17.0",
		"Key pair fingerprint: " + colonHex(g, 20),
		"hint: the passphrase protects the key on disk; keep it in a password manager",
	}
}

// TestFresh4Table measures the sixth table and prints only its summary: per-case misses show
// only with ANAMNESIS_REDACT_FRESH4_MISSES=1. It was blind through round 5; round 6 read its
// misses and false positives and fixed their causes by mechanism (mechanism11_test.go), so it
// is a tuned table now, and its floors sit a little under what round 6 reached.
func TestFresh4Table(t *testing.T) {
	// Baseline when the table was written (round 4's rules, main at 391400c): recall 482/600
	// (80.3%), false positives 67/396 (16.9%); round 5's rules (the last blind figure): 485/600,
	// 58/396; round 6's rules, tuned on it: 600/600, 0/396. The floors leave a little room for
	// draws, not for a regression.
	// A case whose secret is not in its text would count as caught whatever the redactor does.
	for _, c := range fresh4Secrets(newGen(1)) {
		for _, sec := range c.secrets {
			if !strings.Contains(c.text, sec) {
				t.Fatalf("fresh4 case %q: its secret is not in its text", c.name)
			}
		}
	}
	measureTable(t, "fresh4", fresh4Secrets, fresh4Innocent, 0.98, 0.02)
}
