package redact

import (
	"strings"
	"testing"
)

// The fifteenth table (issue 15, blind, measured on the rules of b231e4e): written by someone who
// did not read the rule files, from what a developer pastes into an agent session in 2026,
// choosing only kinds that none of the earlier tables (fresh … fresh12) holds. On the secret
// side: web frameworks' own secret slots and commands (Rails credentials:show, master.key and
// database.yml, Django settings and createsuperuser, Laravel tinker and seeders, Symfony
// APP_SECRET, MAILER_DSN and secrets:reveal, Spring mail and OAuth client registrations, Quarkus,
// Micronaut, ASP.NET user-secrets set, list and secrets.json, Nuxt runtimeConfig, NestJS
// JwtModule, Express session, Flask, FastAPI, Rocket.toml, Vapor, Gin cookie stores, Beego,
// Phoenix mailers and Ecto repos in runtime.exs, Joken, Auth.js AUTH_SECRET, Bun --define);
// Terraform Cloud TF_TOKEN_ variables and Vault agent renders, userpass logins and unseal keys
// on the command line; test fixtures and seeds (VCR and vcrpy cassettes, WireMock and Pact
// files, pytest monkeypatch, Jest setup, factory_bot, Rails seeds, Laravel seeders, Django
// fixtures with PBKDF2 hashes, Knex seeds with bcrypt hashes, Prisma seeds); SQL migrations that
// create users with passwords (Flyway, Liquibase, Alembic, TypeORM, Oracle, SQL Server, MySQL
// caching_sha2, ClickHouse, Snowflake, CockroachDB); directory and single sign-on (LDIF
// modifications, ldappasswd, ktutil, net ads join, adcli, realm join, samba-tool, python3-saml,
// SimpleSAMLphp, mod_auth_openidc, Pomerium, Vouch, GitLab omnibus, Kong OIDC, client-credential
// curls); mail servers (Exim passwd.client, OpenSMTPD tables, ssmtp, nullmailer, Roundcube,
// Mailman 3, Rspamd hashes, Postfix MySQL maps); VPN clients (racoon, vpnc, openfortivpn, sstpc,
// SoftEther, the OpenVPN management interface, radclient and radtest shared secrets); network
// and server management (VyOS, PAN-OS keygen, Dell OS10, Comware, Nokia SR OS, Zyxel, Cumulus
// NVUE, net-snmp v3 users and snmp_exporter auths, MikroTik users, Onyx, Allied Telesis, Ruckus,
// HPE iLO RIBCL, Redfish, SMCIPMITool); backup tools (borgmatic, Bacula, Bareos, rsyncd secrets,
// Proxmox Backup Server, Duplicacy, Tarsnap key files, zfs load-key, Veeam, Velero, pgBackRest);
// observability agents (Splunk pass4SymmKey and forward-server auth, Fluentd forward security,
// collectd network, NCPA, Sensu agents, OTel collector auth extensions, grafana-cli, Datadog and
// New Relic integration configs, Elastic APM, Prometheus web.yml hashes); AI, agent-tool and
// data providers no table names (Sarvam, Mem0, Letta, Composio, Smithery, Arcade, Ragie, Cognee,
// kluster.ai, Parasail, Nscale, Crusoe, CoreWeave, Krutrim, LightOn, Nile, Tembo, Steel); editor
// and shell plugins (gptel, CodeCompanion, zsh plugins, .vimrc, tmux plugins, mycli and pgcli
// DSN aliases, aerc, himalaya, Transifex); screenshots described as text and OCR output;
// heredocs, triple-quoted, raw and folded multi-line strings; prose in Bengali, Tamil, Georgian,
// Armenian, Amharic, Swahili, Tagalog, Indonesian, Urdu, Burmese, Khmer, Malay, Mongolian and
// Sinhala; Nomad templates, Ansible group vars and become passwords on the command line, Helm
// --set, Terraform variable defaults; password-manager exports of Kaspersky and Norton; and
// recovery codes of services not named before.
//
// The look-alikes are the harmless neighbours in the same contexts: encrypted credential files,
// ERB, env() and %env()% references, masked actuator and CLI output, user-secrets ids, Phoenix
// signing salts (not secret by design), Django's unusable-password markers, Vault lease ids and
// accessors, cassette filters and recorded ids, Pact matchers, migration checksums and revision
// ids, logins from Windows or external providers, LDAP objectGUIDs and SIDs, Kerberos principals
// and klist output, SAML certificates, request ids and PKCE challenges, DKIM public keys, VPN
// certificate pins, SNMP engine ids, MAC addresses and serial numbers, backup snapshot ids and
// fingerprints, agent instance GUIDs and secret-backend references, request, agent and tenant
// ids of the providers above, password commands in editor configs, masked OCR, prose in the
// same languages that says where a secret lives, password-hash parameter strings with no hash,
// commit ranges, checksums and build ids. It is generated at run time, so no live-looking secret
// sits in the repository, and it is never tuned on after its baseline.
//
// What counts as a placeholder follows fresh2, fresh6 … fresh12 so the sets agree: a variable
// or template reference ($VAR, ${VAR}, $(cmd), %VAR%, {{ x }}, #{x}, <x>, ERB's <%= x %>), an
// empty, null or masked value (***, xxx, ..., •••, [REDACTED], [FILTERED]), a function or lookup
// (getenv, env(), a secret manager path, a password command, a random generator call) and the
// documented dummy words changeme / your-... / replace_me / example. Any other value in a
// password slot is a secret, however ordinary it looks. A value encrypted for a key held
// elsewhere holds no secret in the clear; a value encoded reversibly and a password hash do (so
// bcrypt, PBKDF2, SSHA and Rspamd hashes are secrets here, as in fresh6, while a hash scheme's
// parameter string with no salt or hash, and Django's "!" unusable-password marker, are not). A
// signature, digest or fingerprint, a public key or certificate, a key id or accessor, and a
// public client id are not secrets.

// f13pass is a human-made password in shapes the earlier tables' generators do not use: two
// words and a year joined by dots, a capitalised word and a word with digits around an
// underscore ending in a star, a manager-generated string with a small symbol set, a word with a
// year, a hash sign and two capitals, and three capitalised words each with a digit run together.
func (g *gen) f13pass(i int) string {
	words := []string{"tundra", "violet", "gravel", "orchid", "banjo", "saffron", "quill", "ember", "walnut", "heron"}
	w := func() string { return words[g.r.IntN(len(words))] }
	title := func() string { s := w(); return strings.ToUpper(s[:1]) + s[1:] }
	switch i % 5 {
	case 0:
		return w() + "." + w() + "." + g.s(digits, 4)
	case 1:
		return title() + "_" + w() + g.s(digits, 2) + "*"
	case 2:
		return g.s(upper+lower, 1) + g.s(alnum+"-_.!#", 15)
	case 3:
		return w() + "19" + g.s(digits, 2) + "#" + g.s(upper, 2)
	default:
		var b strings.Builder
		for range 3 {
			t := title()
			k := 1 + g.r.IntN(len(t)-1)
			b.WriteString(t[:k] + g.s(digits, 1) + t[k+1:])
		}
		return b.String()
	}
}

// f13pw draws one of the f13pass shapes.
func (g *gen) f13pw() string { return g.f13pass(g.r.IntN(5)) }

// f13upw draws an f13pass shape that needs no escaping in a URL, a shell word or a quoted string.
func (g *gen) f13upw() string { return g.f13pass([]int{0, 4}[g.r.IntN(2)]) }

// f13wrap breaks s into lines of n characters, as key files and PEM bodies are written.
func f13wrap(s string, n int) string {
	var lines []string
	for len(s) > n {
		lines = append(lines, s[:n])
		s = s[n:]
	}
	return strings.Join(append(lines, s), "\n")
}

func fresh13Secrets(g *gen) []secretCase {
	h := func(n int) string { return g.s(hexLow, n) }
	a := func(n int) string { return g.s(alnum, n) }
	u := func(n int) string { return g.s(b64url, n) }
	pw := g.f13pw
	upw := g.f13upw

	// Values that need building are drawn once.
	tfc := a(14) + ".atlasv1." + a(67)
	djangoHash := "pbkdf2_sha256$870000$" + a(22) + "$" + g.b64std(32)
	bcryptHash := "$2b$12$" + g.s(alnum+"./", 53)
	promHash := "$2y$10$" + g.s(alnum+"./", 53)
	rspamdHash := "$2$" + g.s(lowNum, 24) + "$" + g.s(lowNum, 52)
	sshaHash := "{SSHA}" + g.b64std(24)
	samlKey := "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ" + g.s(b64, 1150)
	tarsnapKey := f13wrap(g.b64std(540), 64)
	pactBasic := b64text("svc-pact:" + upw())
	nileUser, nilePass := g.uuid(), g.uuid()
	smbPass := upw()
	springHash := "$2a$10$" + g.s(alnum+"./", 53)

	return []secretCase{
		// Web frameworks' own secret slots and commands.
		sc("rails-credentials-show", "$ bin/rails credentials:show\nsecret_key_base: %s\naws:\n  access_key_id: AKIA"+g.s(upNum, 16)+"\n  secret_access_key: %s\n", h(128), g.s(b64, 40)),
		sc("rails-master-key-cat", "$ cat config/master.key\n%s", h(32)),
		sc("rails-database-yml", "production:\n  <<: *default\n  database: shop_production\n  username: shop\n  password: %s\n  host: db.internal", pw()),
		sc("kamal-master-key-env", "RAILS_MASTER_KEY=%s bin/kamal deploy -d production", h(32)),
		sc("django-databases", "DATABASES = {\n    \"default\": {\n        \"ENGINE\": \"django.db.backends.postgresql\",\n        \"NAME\": \"shop\",\n        \"USER\": \"shop\",\n        \"PASSWORD\": \"%s\",\n        \"HOST\": \"10.0.3.7\",\n    }\n}", pw()),
		sc("django-email-password", "EMAIL_HOST = \"smtp.office365.com\"\nEMAIL_HOST_USER = \"noreply@acme.io\"\nEMAIL_HOST_PASSWORD = \"%s\"\nEMAIL_USE_TLS = True", pw()),
		sc("django-insecure-key", "SECRET_KEY = \"django-insecure-%s\"", g.s(lowNum+"!@#^&*(-_=+)", 50)),
		sc("django-createsuperuser-env", "DJANGO_SUPERUSER_PASSWORD=%s python manage.py createsuperuser --noinput --username admin --email admin@acme.io", upw()),
		sc("laravel-env-block", "APP_ENV=production\nDB_CONNECTION=mysql\nDB_PASSWORD=%s\nREDIS_PASSWORD=%s\nPUSHER_APP_SECRET=%s", upw(), a(32), g.s(lowNum, 20)),
		sc("laravel-tinker-config", "> config('database.connections.pgsql.password')\n= \"%s\"", pw()),
		sc("laravel-tinker-create-user", ">>> User::create(['name' => 'ops', 'email' => 'ops@acme.io', 'password' => bcrypt('%s')]);", pw()),
		sc("symfony-app-secret", "###> symfony/framework-bundle ###\nAPP_ENV=prod\nAPP_SECRET=%s\n###< symfony/framework-bundle ###", h(32)),
		sc("symfony-mailer-dsn", "MAILER_DSN=smtp://relay-user:%s@mail.acme.io:587", upw()),
		sc("symfony-secrets-reveal", "$ php bin/console secrets:reveal DATABASE_PASSWORD\n%s", pw()),
		sc("spring-mail-properties", "spring.mail.host=smtp.acme.io\nspring.mail.username=alerts@acme.io\nspring.mail.password=%s", pw()),
		sc("spring-oauth2-client-secret", "spring:\n  security:\n    oauth2:\n      client:\n        registration:\n          github:\n            client-id: Iv23li"+a(14)+"\n            client-secret: %s", h(40)),
		sc("quarkus-properties", "quarkus.datasource.username=quarkus\nquarkus.datasource.password=%s\nquarkus.oidc.credentials.secret=%s", pw(), a(32)),
		sc("micronaut-jwt-generator", "micronaut:\n  security:\n    token:\n      jwt:\n        signatures:\n          secret:\n            generator:\n              secret: '%s'", a(48)),
		sc("dotnet-user-secrets-set", "dotnet user-secrets set \"Smtp:Password\" \"%s\" --project src/Api", pw()),
		sc("dotnet-user-secrets-json", "%APPDATA%\\Microsoft\\UserSecrets\\"+g.uuid()+"\\secrets.json:\n{\n  \"ConnectionStrings:Orders\": \"Server=sql01;Database=Orders;User Id=orders_app;Password=%s;TrustServerCertificate=True\",\n  \"Jwt:SigningKey\": \"%s\"\n}", pw(), a(64)),
		sc("dotnet-user-secrets-list", "$ dotnet user-secrets list\nJwt:Issuer = https://id.acme.io\nTwilio:AuthToken = %s", h(32)),
		sc("nuxt-runtime-config", "export default defineNuxtConfig({\n  runtimeConfig: {\n    apiSecret: '%s',\n    public: { apiBase: '/api' }\n  }\n})", a(40)),
		sc("nest-jwt-module", "JwtModule.register({\n  global: true,\n  secret: '%s',\n  signOptions: { expiresIn: '60s' },\n})", u(43)),
		sc("express-session-secret", "app.use(session({ secret: '%s', resave: false, saveUninitialized: false }))", a(32)),
		sc("flask-secret-key", "app = Flask(__name__)\napp.secret_key = \"%s\"", h(64)),
		sc("fastapi-secret-key", "# to get a string like this run:\n# openssl rand -hex 32\nSECRET_KEY = \"%s\"\nALGORITHM = \"HS256\"", h(64)),
		sc("rocket-toml", "[release]\naddress = \"0.0.0.0\"\nsecret_key = \"%s\"", g.b64std(32)),
		sc("vapor-hs256", "app.jwt.signers.use(.hs256(key: \"%s\"))", a(40)),
		sc("gin-cookie-store", "store := cookie.NewStore([]byte(\"%s\"))\nr.Use(sessions.Sessions(\"mysession\", store))", a(32)),
		sc("beego-app-conf", "appname = shop\nhttpport = 8080\nsessionon = true\nsessionhashkey = %s\nmysqlpass = %s", h(32), pw()),
		sc("phoenix-mailer-runtime", "config :shop, Shop.Mailer,\n  adapter: Swoosh.Adapters.SMTP,\n  relay: \"smtp.acme.io\",\n  username: \"shop\",\n  password: \"%s\"", pw()),
		sc("ecto-repo-runtime", "config :shop, Shop.Repo,\n  username: \"shop\",\n  password: \"%s\",\n  hostname: \"db\",\n  pool_size: 10", pw()),
		sc("joken-default-signer", "config :joken, default_signer: \"%s\"", a(48)),
		sc("authjs-secret", "AUTH_SECRET=\"%s\" # Added by `npx auth`. Read more: https://cli.authjs.dev", g.b64std(32)),
		sc("bun-define-inline", "bun build ./src/index.ts --outdir dist --define process.env.API_KEY='\"%s\"'", a(32)),

		// Terraform Cloud and Vault.
		sc("tfc-token-env", "export TF_TOKEN_app_terraform_io=%s", tfc),
		sc("tfe-token-env-custom-host", "TF_TOKEN_tfe_acme_internal=%s terraform init -upgrade", a(14)+".atlasv1."+a(67)),
		sc("vault-agent-rendered", "$ cat /vault/secrets/db.env\n# rendered by vault-agent at 2026-11-28T10:02:11Z\nexport PGUSER=v-kubernetes-shop-rw-"+a(20)+"\nexport PGPASSWORD=%s", "A1a-"+a(20)),
		sc("vault-userpass-login", "vault login -method=userpass username=ops password=%s", upw()),
		sc("vault-unseal-cli", "vault operator unseal %s", g.b64std(33)),

		// Test fixtures and seeds.
		sc("vcr-cassette-bearer", "---\nhttp_interactions:\n- request:\n    method: post\n    uri: https://api.acme-payments.io/v2/charges\n    headers:\n      Authorization:\n      - Bearer %s\n", a(40)),
		sc("vcrpy-client-credentials", "interactions:\n- request:\n    body: grant_type=client_credentials&client_id=web-backend&client_secret=%s\n    headers:\n      Content-Type:\n      - application/x-www-form-urlencoded", a(32)),
		sc("wiremock-basic-auth", "{\"request\": {\"method\": \"GET\", \"urlPath\": \"/api/orders\", \"basicAuthCredentials\": {\"username\": \"svc-orders\", \"password\": \"%s\"}}, \"response\": {\"status\": 200}}", pw()),
		sc("pact-basic-header", "\"request\": {\n  \"method\": \"GET\",\n  \"path\": \"/invoices/42\",\n  \"headers\": {\"Authorization\": \"Basic %s\"}\n}", pactBasic),
		sc("pytest-monkeypatch-key", "@pytest.fixture(autouse=True)\ndef _env(monkeypatch):\n    monkeypatch.setenv(\"ORDERS_API_KEY\", \"%s\")", a(36)),
		sc("jest-setup-webhook-secret", "// jest.setup.ts\nprocess.env.STRIPE_WEBHOOK_SECRET = 'whsec_%s';", a(32)),
		sc("rails-seeds-admin", "User.find_or_create_by!(email: \"admin@acme.io\") do |u|\n  u.password = \"%s\"\n  u.admin = true\nend", pw()),
		sc("laravel-seeder-hash-make", "DB::table('users')->insert([\n    'email' => 'ops@acme.io',\n    'password' => Hash::make('%s'),\n]);", pw()),
		sc("django-fixture-pbkdf2", "[{\"model\": \"auth.user\", \"pk\": 1, \"fields\": {\"username\": \"admin\", \"password\": \"%s\", \"is_superuser\": true}}]", djangoHash),
		sc("knex-seed-bcrypt", "await knex('users').insert({ email: 'demo@acme.io', password_hash: '%s' });", bcryptHash),
		sc("prisma-seed-hash-call", "await prisma.user.upsert({\n  where: { email: 'admin@acme.io' },\n  update: {},\n  create: { email: 'admin@acme.io', password: await hash('%s', 10) },\n})", pw()),
		sc("factory-bot-api-client", "factory :api_client do\n  name { \"billing\" }\n  secret { \"%s\" }\nend", a(40)),

		// SQL migrations that create users with passwords.
		sc("flyway-create-user", "-- V7__create_reporting_user.sql\nCREATE USER reporting WITH ENCRYPTED PASSWORD '%s';\nGRANT pg_read_all_data TO reporting;", pw()),
		sc("typeorm-create-role", "await queryRunner.query(`CREATE ROLE reporting LOGIN PASSWORD '%s'`);", pw()),
		sc("alembic-create-user", "def upgrade():\n    op.execute(\"CREATE USER metabase WITH PASSWORD '%s'\")", pw()),
		sc("liquibase-alter-user", "<changeSet id=\"12\" author=\"ops\">\n  <sql>ALTER USER app WITH PASSWORD '%s'</sql>\n</changeSet>", pw()),
		sc("oracle-create-user", "CREATE USER app_owner IDENTIFIED BY \"%s\" DEFAULT TABLESPACE users QUOTA UNLIMITED ON users;", pw()),
		sc("mssql-create-login", "CREATE LOGIN etl_loader WITH PASSWORD = N'%s', CHECK_POLICY = OFF;\nGO", pw()),
		sc("mssql-alter-login-sa", "ALTER LOGIN sa WITH PASSWORD = '%s' OLD_PASSWORD = '%s';", pw(), pw()),
		sc("mysql-caching-sha2", "ALTER USER 'app'@'%' IDENTIFIED WITH caching_sha2_password BY '%s';", pw()),
		sc("clickhouse-create-user", "CREATE USER grafana IDENTIFIED WITH sha256_password BY '%s' SETTINGS readonly = 1;", pw()),
		sc("snowflake-create-user", "CREATE USER dbt_runner PASSWORD = '%s' DEFAULT_ROLE = TRANSFORMER MUST_CHANGE_PASSWORD = FALSE;", pw()),
		sc("cockroach-sql-e", "cockroach sql --url 'postgresql://root@crdb:26257/defaultdb?sslmode=verify-full' -e \"CREATE USER ledger WITH LOGIN PASSWORD '%s'\"", upw()),
		sc("psql-heredoc-alter-role", "psql \"$DSN\" <<SQL\nALTER ROLE app PASSWORD '%s';\nSQL", pw()),

		// Directory services and single sign-on.
		sc("ldif-userpassword-plain", "dn: uid=jenkins,ou=services,dc=acme,dc=io\nchangetype: modify\nreplace: userPassword\nuserPassword: %s", pw()),
		sc("ldif-userpassword-ssha", "dn: uid=alice,ou=people,dc=acme,dc=io\nobjectClass: inetOrgPerson\nuserPassword: %s", sshaHash),
		sc("ldappasswd-flags", "ldappasswd -H ldaps://ldap.acme.io -D cn=admin,dc=acme,dc=io -w %s -s %s uid=ci,ou=services,dc=acme,dc=io", upw(), upw()),
		sc("ktutil-transcript", "ktutil:  addent -password -p HTTP/web01.acme.io@ACME.IO -k 1 -e aes256-cts-hmac-sha1-96\nPassword for HTTP/web01.acme.io@ACME.IO: %s\nktutil:  wkt /etc/krb5.keytab", pw()),
		sc("net-ads-join", "net ads join -U Administrator%%s createcomputer=Servers/Linux", upw()),
		sc("adcli-stdin-password", "echo -n '%s' | adcli join --domain=acme.io --login-user=svc-join --stdin-password", pw()),
		sc("realm-join-echo", "echo '%s' | realm join -U svc-join ad.acme.io", pw()),
		sc("samba-tool-user-create", "samba-tool user create alice %s --given-name=Alice --surname=Ng", upw()),
		sc("python3-saml-private-key", "{\n  \"strict\": true,\n  \"sp\": {\n    \"entityId\": \"https://app.acme.io/saml/metadata\",\n    \"x509cert\": \"\",\n    \"privateKey\": \"%s\"\n  }\n}", samlKey),
		sc("simplesamlphp-config", "$config = [\n    'auth.adminpassword' => '%s',\n    'secretsalt' => '%s',\n];", pw(), g.s(lowNum, 32)),
		sc("mod-auth-openidc", "OIDCProviderMetadataURL https://id.acme.io/.well-known/openid-configuration\nOIDCClientID intranet\nOIDCClientSecret %s\nOIDCCryptoPassphrase %s", a(32), upw()),
		sc("pomerium-config", "authenticate_service_url: https://authenticate.acme.io\nidp_provider: oidc\nidp_client_id: pomerium\nidp_client_secret: %s\nshared_secret: %s\ncookie_secret: %s", a(40), g.b64std(32), g.b64std(32)),
		sc("vouch-proxy-config", "vouch:\n  jwt:\n    secret: %s\noauth:\n  provider: github\n  client_id: Ov23li"+a(14)+"\n  client_secret: %s", a(44), h(40)),
		sc("gitlab-rb-passwords", "gitlab_rails['initial_root_password'] = '%s'\ngitlab_rails['smtp_password'] = '%s'", pw(), pw()),
		sc("gitlab-rb-omniauth", "gitlab_rails['omniauth_providers'] = [\n  { name: 'openid_connect', args: { client_options: { identifier: 'gitlab', secret: '%s' } } }\n]", a(32)),
		sc("kong-oidc-plugin", "plugins:\n- name: openid-connect\n  config:\n    issuer: https://id.acme.io/realms/main\n    client_id: [kong]\n    client_secret: [%s]", a(32)),
		sc("oidc-token-curl", "curl -s -X POST https://id.acme.io/oauth2/token -d grant_type=client_credentials -d client_id=reporting -d client_secret=%s", a(40)),

		// Mail servers.
		sc("exim-passwd-client", "# /etc/exim4/passwd.client\n*.smtp.acme.io:relay@acme.io:%s", pw()),
		sc("opensmtpd-secrets-table", "# /etc/mail/secrets\nrelay relay@acme.io:%s\n\n# smtpd.conf\ntable secrets file:/etc/mail/secrets\naction \"relay\" relay host smtp+tls://relay@smtp.acme.io:587 auth <secrets>", pw()),
		sc("ssmtp-conf", "root=postmaster\nmailhub=smtp.acme.io:587\nAuthUser=alerts@acme.io\nAuthPass=%s\nUseSTARTTLS=YES", pw()),
		sc("nullmailer-remotes", "# /etc/nullmailer/remotes\nsmtp.acme.io smtp --port=587 --starttls --user=alerts@acme.io --pass=%s", upw()),
		sc("roundcube-des-key", "$config['des_key'] = '%s';\n$config['smtp_pass'] = '%p';", a(24)),
		sc("mailman3-webservice", "[webservice]\nhostname: localhost\nadmin_user: restadmin\nadmin_pass: %s", upw()),
		sc("rspamd-controller-hash", "# /etc/rspamd/local.d/worker-controller.inc\npassword = \"%s\";", rspamdHash),
		sc("postfix-mysql-map", "# /etc/postfix/mysql-virtual-mailbox-maps.cf\nuser = mailuser\npassword = %s\nhosts = 127.0.0.1\ndbname = mailserver", pw()),

		// VPN clients and RADIUS.
		sc("racoon-psk", "# /etc/racoon/psk.txt\n203.0.113.7\t%s", a(24)),
		sc("vpnc-conf", "IPSec gateway vpn.acme.io\nIPSec ID staff\nIPSec secret %s\nXauth username alice\nXauth password %s", a(16), pw()),
		sc("openfortivpn-config", "host = vpn.acme.io\nport = 443\nusername = alice\npassword = %s\ntrusted-cert = "+h(64), pw()),
		sc("sstpc-password", "sstpc --cert-warn --user alice --password %s vpn.acme.io usepeerdns require-mschap-v2 noauth", upw()),
		sc("softether-vpncmd", "vpncmd localhost /SERVER /PASSWORD:%s /CMD UserPasswordSet alice /PASSWORD:%s", upw(), upw()),
		sc("openvpn-management-password", "$ telnet 127.0.0.1 7505\n>PASSWORD:Need 'Auth' username/password\nusername \"Auth\" alice\npassword \"Auth\" %s\nSUCCESS: 'Auth' password entered, but not yet verified", upw()),
		sc("radclient-shared-secret", "echo \"User-Name=alice,User-Password=%s\" | radclient -x 10.0.0.2:1812 auth %s", upw(), a(16)),
		sc("radtest", "radtest alice %s 127.0.0.1 0 %s", upw(), a(12)),

		// Network devices and server management.
		sc("vyos-plaintext-password", "set system login user vyos authentication plaintext-password '%s'", pw()),
		sc("vyos-snmp-community", "set service snmp community %s authorization ro", a(14)),
		sc("panos-snmp-community", "set deviceconfig system snmp-setting access-setting version v2c snmp-community-string %s", a(16)),
		sc("panos-keygen-url", "curl -k 'https://fw01.acme.io/api/?type=keygen&user=admin&password=%s'", upw()),
		sc("panos-keygen-response", "<response status = 'success'><result><key>%s</key></result></response>", g.b64std(75)),
		sc("dell-os10-username", "OS10(config)# username netops password %s role sysadmin", pw()),
		sc("comware-local-user", "local-user admin class manage\n password simple %s\n service-type ssh https", pw()),
		sc("nokia-sros-user", "/configure system security user-params local-user user \"admin\" password \"%s\"", pw()),
		sc("zyxel-username", "username admin password %s user-type admin", pw()),
		sc("cumulus-nvue-community", "nv set system snmp-server readonly-community %s access any\nnv config apply", a(14)),
		sc("net-snmp-snmpd-conf", "# /etc/snmp/snmpd.conf\nrocommunity %s 10.0.0.0/8\ncreateUser monitor SHA %s AES %s", a(14), upw(), upw()),
		sc("snmpget-v3", "snmpget -v3 -l authPriv -u monitor -a SHA -A %s -x AES -X %s 10.0.0.1 sysUpTime.0", upw(), upw()),
		sc("snmp-exporter-auths", "auths:\n  core_v3:\n    version: 3\n    username: prometheus\n    security_level: authPriv\n    password: %s\n    auth_protocol: SHA\n    priv_protocol: AES\n    priv_password: %s", upw(), upw()),
		sc("mikrotik-user-add", "/user add name=backup group=read password=%s", upw()),
		sc("onyx-username", "switch (config) # username admin password 0 %s", pw()),
		sc("allied-telesis-username", "awplus(config)# username manager privilege 15 password %s", pw()),
		sc("ruckus-super-user", "ICX7150(config)# super-user-password %s", pw()),
		sc("ilo-ribcl", "<RIBCL VERSION=\"2.0\">\n<LOGIN USER_LOGIN=\"Administrator\" PASSWORD=\"%s\">\n  <USER_INFO MODE=\"write\">\n    <MOD_USER USER_LOGIN=\"Administrator\">\n      <PASSWORD value=\"%s\"/>\n    </MOD_USER>\n  </USER_INFO>\n</LOGIN>\n</RIBCL>", pw(), pw()),
		sc("redfish-curl-basic", "curl -sk -u root:%s https://10.10.0.21/redfish/v1/Systems/System.Embedded.1", upw()),
		sc("redfish-patch-password", "curl -k -X PATCH https://bmc01/redfish/v1/AccountService/Accounts/2 -H 'Content-Type: application/json' -d '{\"Password\": \"%s\"}'", upw()),
		sc("smcipmitool", "SMCIPMITool 10.0.0.9 ADMIN %s ipmi power status", upw()),

		// Backup tools.
		sc("borgmatic-passphrase", "encryption_passphrase: \"%s\"\nrepositories:\n  - path: ssh://u123@u123.your-storagebox.de:23/./borg\n    label: storagebox", pw()),
		sc("bacula-director", "Director {\n  Name = bacula-dir\n  Password = \"%s\"\n}", a(44)),
		sc("bareos-bconsole", "Director {\n  Name = bareos-dir\n  address = localhost\n  Password = \"%s\"\n}", a(32)),
		sc("rsyncd-secrets", "# /etc/rsyncd.secrets (chmod 600)\nbackup:%s", upw()),
		sc("pbs-password-env", "export PBS_REPOSITORY=backup@pbs@10.0.0.40:datastore1\nexport PBS_PASSWORD=%s\nproxmox-backup-client backup root.pxar:/", pw()),
		sc("pbs-api-token-secret", "PBS_REPOSITORY='backup@pbs!nightly@pbs.acme.io:store1' PBS_PASSWORD=%s proxmox-backup-client list", g.uuid()),
		sc("duplicacy-set-keys", "duplicacy set -key password -value %s\nduplicacy set -storage b2 -key b2_key -value %s", pw(), a(31)),
		sc("tarsnap-key-file", "# START OF TARSNAP KEY FILE\n%s\n# END OF TARSNAP KEY FILE", tarsnapKey),
		sc("zfs-load-key-echo", "echo '%s' | zfs load-key tank/secure", pw()),
		sc("veeam-add-credentials", "Add-VBRCredentials -User 'ACME\\svc-veeam' -Password '%s' -Description 'file share'", pw()),
		sc("velero-credentials-file", "$ cat credentials-velero\n[default]\naws_access_key_id = minio\naws_secret_access_key = %s", a(40)),
		sc("pgbackrest-conf", "[global]\nrepo1-type=s3\nrepo1-cipher-type=aes-256-cbc\nrepo1-cipher-pass=%s\nrepo1-s3-key=backup\nrepo1-s3-key-secret=%s", pw(), a(40)),

		// Observability agents.
		sc("splunk-server-conf", "[general]\nserverName = uf-web01\npass4SymmKey = %s\n\n[sslConfig]\nsslPassword = %s", pw(), pw()),
		sc("splunk-add-forward-server", "splunk add forward-server idx1.acme.io:9997 -auth admin:%s", upw()),
		sc("fluentd-forward-security", "<match **>\n  @type forward\n  <security>\n    self_hostname web01\n    shared_key %s\n  </security>\n  <server>\n    host agg.acme.io\n    username fluent\n    password %s\n  </server>\n</match>", a(24), pw()),
		sc("collectd-network", "<Plugin network>\n  <Server \"stats.acme.io\" \"25826\">\n    SecurityLevel Encrypt\n    Username \"web01\"\n    Password \"%s\"\n  </Server>\n</Plugin>", pw()),
		sc("ncpa-community-string", "[api]\ncommunity_string = %s", a(16)),
		sc("sensu-agent-yml", "---\nbackend-url:\n  - wss://sensu.acme.io:8081\nuser: agent\npassword: %s", pw()),
		sc("otelcol-bearertokenauth", "extensions:\n  bearertokenauth:\n    token: %s\nexporters:\n  otlp:\n    endpoint: otel.acme.io:4317\n    auth:\n      authenticator: bearertokenauth", a(40)),
		sc("otelcol-basicauth", "extensions:\n  basicauth/client:\n    client_auth:\n      username: \""+g.digitsN(6)+"\"\n      password: \"%s\"", a(48)),
		sc("grafana-cli-reset", "grafana-cli admin reset-admin-password %s", upw()),
		sc("datadog-postgres-conf-d", "# conf.d/postgres.d/conf.yaml\ninit_config:\ninstances:\n  - host: localhost\n    port: 5432\n    username: datadog\n    password: \"%s\"", pw()),
		sc("newrelic-nri-mysql", "integrations:\n  - name: nri-mysql\n    env:\n      HOSTNAME: localhost\n      USERNAME: newrelic\n      PASSWORD: %s", pw()),
		sc("elastic-apm-secret-token", "ELASTIC_APM_SERVER_URL=https://apm.acme.io:8200\nELASTIC_APM_SECRET_TOKEN=%s", a(24)),
		sc("prometheus-web-yml-hash", "basic_auth_users:\n  prometheus: %s", promHash),

		// AI, agent-tool and data providers no table names.
		sc("sarvam-key", "SARVAM_API_KEY=sk_%s", g.s(lowNum, 8)+"_"+a(24)),
		sc("mem0-key", "export MEM0_API_KEY=m0-%s", a(40)),
		sc("letta-client-token", "from letta_client import Letta\nclient = Letta(token=\"%s\")", u(64)),
		sc("composio-key", "COMPOSIO_API_KEY=ak_%s", a(20)),
		sc("smithery-cli-key", "npx -y @smithery/cli@latest run @acme/weather-mcp --key %s", g.uuid()),
		sc("arcade-key", "ARCADE_API_KEY=arc_%s", a(44)),
		sc("ragie-bearer", "curl https://api.ragie.ai/documents -H \"Authorization: Bearer tnt_%s\"", a(8)+"_"+a(40)),
		sc("cognee-env", "LLM_API_KEY=%s\nGRAPH_DATABASE_PASSWORD=%s", a(48), pw()),
		sc("kluster-openai-client", "client = OpenAI(base_url=\"https://api.kluster.ai/v1\", api_key=\"%s\")", g.uuid()),
		sc("parasail-bearer", "curl https://api.parasail.io/v1/chat/completions -H \"Authorization: Bearer psk-%s\"", a(32)),
		sc("nscale-service-token", "NSCALE_SERVICE_TOKEN=%s", a(48)),
		sc("crusoe-config", "# ~/.crusoe/config\n[default]\naccess_key_id=\""+a(22)+"\"\nsecret_key=\"%s\"", a(43)),
		sc("coreweave-kubeconfig-token", "users:\n- name: coreweave\n  user:\n    token: %s", a(64)),
		sc("krutrim-key", "KRUTRIM_CLOUD_API_KEY=%s", a(32)),
		sc("lighton-paradigm-key", "PARADIGM_API_KEY=%s", u(43)),
		sc("nile-connection", "postgres://%s:%s@eu-central-1.db.thenile.dev:5432/app", nileUser, nilePass),
		sc("tembo-connection", "postgresql://postgres:%s@org-acme-inst-analytics.data-1.use1.tembo.io:5432/app", a(16)),
		sc("steel-key", "STEEL_API_KEY=ste-%s", a(60)),

		// Editor and shell plugins, client dotfiles.
		sc("gptel-anthropic", "(gptel-make-anthropic \"Claude\" :stream t :key \"%s\")", "sk-ant-api03-"+u(93)+"AA"),
		sc("gptel-setq-key", "(setq gptel-api-key \"%s\")", "sk-proj-"+u(120)),
		sc("codecompanion-deepseek", "adapters = {\n  deepseek = function()\n    return require(\"codecompanion.adapters\").extend(\"deepseek\", { env = { api_key = \"%s\" } })\n  end,\n}", "sk-"+h(32)),
		sc("zshrc-plugin-key", "# ~/.zshrc\nplugins=(git zsh-autosuggestions zsh-ai-commands)\nZSH_AI_COMMANDS_OPENAI_API_KEY=%s", "sk-proj-"+u(120)),
		sc("vimrc-openai-key", "\" ~/.vimrc\nlet g:openai_api_key = \"%s\"", "sk-"+a(48)),
		sc("tmux-plugin-key", "set -g @tmux-weather-api-key '%s'", h(32)),
		sc("mycli-alias-dsn", "# ~/.myclirc\n[alias_dsn]\nprod = mysql://app:%s@db.acme.io/shop", upw()),
		sc("pgcli-alias-dsn", "# ~/.config/pgcli/config\n[alias_dsn]\nanalytics = postgresql://report:%s@pg.acme.io:5432/dw", upw()),
		sc("aerc-accounts", "[Work]\nsource = imaps://alice%40acme.io:%s@imap.acme.io\noutgoing = smtps://alice%40acme.io@smtp.acme.io", upw()),
		sc("himalaya-raw-auth", "[accounts.work]\nemail = \"alice@acme.io\"\nbackend.type = \"imap\"\nbackend.auth.type = \"password\"\nbackend.auth.raw = \"%s\"", pw()),
		sc("transifexrc", "[https://app.transifex.com]\nrest_hostname = https://rest.api.transifex.com\ntoken = 1/%s", h(40)),

		// Screenshots described as text and OCR output.
		sc("ocr-api-keys-table", "[Screenshot OCR, 1440x900]\nAPI Keys\nName        Secret                                      Created\nci-deploy   %s    2026-11-02", a(40)),
		sc("ocr-wifi-photo", "Text recognized from image (IMG_2041.HEIC):\nWi-Fi: AcmeGuest\nPassword: %s\nReception desk - ask for a new code weekly", pw()),
		sc("ocr-token-once", "Tesseract output:\nYour new access token\n%s\nCopy it now. You won't be able to see it again.", a(36)),
		sc("markdown-alt-text", "![screenshot of .env with DB_PASSWORD=%s](./docs/img/env.png)", pw()),
		sc("sticky-note-description", "Photo of a sticky note, as described: the note reads \"router admin / %s\"", pw()),

		// Heredocs and multi-line strings.
		sc("heredoc-default-file", "cat > /etc/default/app <<'EOF'\nAPP_DB_URL=postgres://app:%s@db:5432/app\nEOF", upw()),
		sc("heredoc-kubectl-secret", "kubectl apply -f - <<EOF\napiVersion: v1\nkind: Secret\nmetadata:\n  name: smtp\nstringData:\n  password: %s\nEOF", pw()),
		sc("python-triple-quoted", "CONFIG = \"\"\"\n[smtp]\nuser = alerts\npassword = %s\n\"\"\"", pw()),
		sc("yaml-folded-passphrase", "ssh_private_key_passphrase: >-\n  %s", pw()),
		sc("rust-raw-string", "let cfg = r#\"{\"api_token\": \"%s\"}\"#;", a(40)),
		sc("kotlin-raw-string", "val props = \"\"\"\n    jdbc.password=%s\n\"\"\".trimIndent()", pw()),
		sc("nomad-template-heredoc", "template {\n  data = <<EOH\nDB_PASSWORD=%s\nEOH\n  destination = \"secrets/db.env\"\n  env         = true\n}", pw()),
		sc("openresty-redis-auth", "local red = redis:new()\nlocal ok, err = red:auth(\"%s\")", pw()),

		// Prose in languages not used before.
		sc("prose-bengali", "সার্ভারের পাসওয়ার্ড হলো %s — কাউকে দেবেন না।", pw()),
		sc("prose-tamil", "டேட்டாபேஸ் கடவுச்சொல்: %s", pw()),
		sc("prose-georgian", "ბაზის პაროლი არის %s, ხვალ შევცვლი.", pw()),
		sc("prose-armenian", "Սերվերի գաղտնաբառը՝ %s", pw()),
		sc("prose-amharic", "የአገልጋዩ የይለፍ ቃል፦ %s", pw()),
		sc("prose-swahili", "Nenosiri la seva ni %s, usimpe mtu yeyote.", pw()),
		sc("prose-tagalog", "Ang password ng admin ay %s, palitan mo pagkatapos.", pw()),
		sc("prose-indonesian", "Kata sandi database produksi: %s (jangan di-commit ya)", pw()),
		sc("prose-urdu", "سرور کا پاس ورڈ یہ ہے: %s", pw()),
		sc("prose-burmese", "ဆာဗာ စကားဝှက်မှာ %s ဖြစ်ပါတယ်", pw()),
		sc("prose-khmer", "ពាក្យសម្ងាត់ម៉ាស៊ីនមេគឺ %s", pw()),
		sc("prose-malay", "Kunci API untuk staging: %s", a(40)),
		sc("prose-mongolian", "Серверийн нууц үг: %s", pw()),
		sc("prose-sinhala", "සර්වරයේ මුරපදය: %s", pw()),

		// Ops configuration and command lines.
		sc("ansible-group-vars-plain", "# group_vars/dbservers.yml\npostgresql_users:\n  - name: app\n    password: %s", pw()),
		sc("ansible-become-password-cli", "ansible-playbook site.yml -i inventory/prod -e ansible_become_password=%s", upw()),
		sc("helm-set-passwords", "helm upgrade --install kc bitnami/keycloak --set auth.adminPassword=%s --set postgresql.auth.password=%s", upw(), upw()),
		sc("terraform-variable-default", "variable \"db_password\" {\n  type      = string\n  sensitive = true\n  default   = \"%s\"\n}", pw()),

		// Password-manager exports and recovery codes not named before.
		sc("kaspersky-export", "Websites\n\nWebsite name: github.com\nWebsite URL: https://github.com/login\nLogin name: \nLogin: alice\nPassword: %s\nComment: \n\n---", pw()),
		sc("norton-csv", "url,username,password,notes,extra,name,grouping,fav\nhttps://bank.example.com,alice,%s,,,Bank,,0", upw()),
		sc("atlassian-recovery-codes", "Atlassian account recovery codes (alice@acme.io)\n%s\n%s\n%s", g.s(lowNum, 10), g.s(lowNum, 10), g.s(lowNum, 10)),
		sc("npm-recovery-codes", "npm recovery codes — store them somewhere safe:\n%s\n%s", h(64), h(64)),
		sc("pypi-recovery-codes", "PyPI recovery codes\n%s  %s  %s  %s", h(16), h(16), h(16), h(16)),
		sc("docker-hub-recovery-code", "Docker Hub two-factor recovery code: %s", g.s(upNum, 32)),
		// More seeds, fixtures and server configs.
		sc("rails-credentials-diff", "$ bin/rails credentials:diff --enroll && git diff config/credentials.yml.enc\n@@ -3 +3 @@\n-smtp_password: %s\n+smtp_password: %s", pw(), pw()),
		sc("pdbedit-echo-twice", "(echo %s; echo %s) | pdbedit -a -u alice -t", smbPass, smbPass),
		sc("supabase-seed-crypt", "insert into auth.users (id, email, encrypted_password) values ('"+g.uuid()+"', 'demo@acme.io', crypt('%s', gen_salt('bf')));", pw()),
		sc("aspnet-identity-seed", "var admin = new IdentityUser { UserName = \"admin@acme.io\", EmailConfirmed = true };\nawait userManager.CreateAsync(admin, \"%s\");", pw()),
		sc("spring-data-sql-bcrypt", "INSERT INTO users (username, password, enabled) VALUES ('admin', '{bcrypt}%s', true);", springHash),
		sc("go-test-dsn-const", "const testDSN = \"postgres://test:%s@localhost:5432/test?sslmode=disable\"", upw()),
		sc("iis-processmodel", "<add name=\"OrdersPool\">\n  <processModel identityType=\"SpecificUser\" userName=\"ACME\\svc-web\" password=\"%s\" />\n</add>", pw()),
		sc("wildfly-add-user", "./bin/add-user.sh -u admin -p %s -g admin", upw()),
		sc("artemis-create", "artemis create broker1 --user admin --password %s --require-login", upw()),
		sc("slack-backup-codes", "Slack backup codes for acme.slack.com:\n%s %s %s", g.digitsN(8), g.digitsN(8), g.digitsN(8)),
	}
}

func fresh13Innocent(g *gen) []string {
	h := func(n int) string { return g.s(hexLow, n) }
	a := func(n int) string { return g.s(alnum, n) }
	u := func(n int) string { return g.s(b64url, n) }

	return []string{
		// Web frameworks: references, encrypted files, masked output and values public by design.
		"$ bin/rails credentials:edit --environment production\nEditing config/credentials/production.yml.enc...\nFile encrypted and saved.",
		"$ head -c 120 config/credentials.yml.enc\n" + g.s(b64, 88) + "--" + g.s(b64, 16) + "--" + g.s(b64, 22) + "==",
		"production:\n  <<: *default\n  database: shop_production\n  username: shop\n  password: <%= ENV[\"SHOP_DATABASE_PASSWORD\"] %>",
		"  password: <%= Rails.application.credentials.dig(:db, :password) %>",
		"SECRET_KEY = os.environ[\"DJANGO_SECRET_KEY\"]\nDEBUG = False\nALLOWED_HOSTS = [\"shop.acme.io\"]",
		"PASSWORD_HASHERS = [\n    \"django.contrib.auth.hashers.Argon2PasswordHasher\",\n    \"django.contrib.auth.hashers.PBKDF2PasswordHasher\",\n]",
		"  Applying shop.0007_auto_20261128_1002... OK\n  Applying sessions.0001_initial... OK",
		"'password' => env('DB_PASSWORD', ''),\n'key' => env('APP_KEY'),\n'cipher' => 'AES-256-CBC',",
		"/js/app.js?id=" + h(32),
		"framework:\n    secret: '%env(APP_SECRET)%'\n    session:\n        handler_id: null",
		"$ php bin/console secrets:list --reveal=false\n Secret            Value   Local Value\n DATABASE_PASSWORD ******\n MAILER_DSN        ******",
		"spring.datasource.password=${DB_PASSWORD}\nspring.datasource.url=jdbc:postgresql://db:5432/shop",
		"\"spring.mail.password\": {\"value\": \"******\", \"origin\": \"class path resource [application.properties] - 3:22\"}",
		"quarkus.datasource.password=${DB_PASSWORD:}\nquarkus.oidc.auth-server-url=https://id.acme.io/realms/main\nquarkus.oidc.client-id=orders",
		"$ dotnet user-secrets init\nSet UserSecretsId to '" + g.uuid() + "' for MSBuild project 'Api.csproj'.",
		"<PropertyGroup>\n  <UserSecretsId>" + g.uuid() + "</UserSecretsId>\n</PropertyGroup>",
		"\"Jwt\": {\n  \"Issuer\": \"https://id.acme.io\",\n  \"Audience\": \"orders-api\",\n  \"ExpiryMinutes\": 15\n}",
		"runtimeConfig: {\n  apiSecret: '', // overridden by NUXT_API_SECRET\n  public: { apiBase: '/api' }\n}",
		"app.use(session({ secret: process.env.SESSION_SECRET, resave: false, saveUninitialized: false }))",
		"app.secret_key = os.urandom(24)",
		"SECRET_KEY = settings.secret_key\nALGORITHM = \"HS256\"\nACCESS_TOKEN_EXPIRE_MINUTES = 30",
		"config :shop, ShopWeb.Endpoint,\n  live_view: [signing_salt: \"" + a(8) + "\"]",
		"plug Plug.Session,\n  store: :cookie,\n  key: \"_shop_key\",\n  signing_salt: \"" + a(8) + "\"",
		"config :joken, default_signer: [signer_alg: \"RS256\", key_pem: System.fetch_env!(\"JWT_PEM\")]",
		"secret_key_base: System.get_env(\"SECRET_KEY_BASE\") || raise(\"SECRET_KEY_BASE is missing\")",
		"JwtModule.registerAsync({ useFactory: (c: ConfigService) => ({ secret: c.get<string>('JWT_SECRET') }), inject: [ConfigService] })",
		"bun build ./src/index.ts --outdir dist --define process.env.NODE_ENV='\"production\"'",
		"Rocket has launched from http://127.0.0.1:8000\n   >> secret key: [generated]",

		// Terraform Cloud and Vault neighbours.
		"  TF_TOKEN_app_terraform_io: ${{ secrets.TFC_TOKEN }}",
		"Run ID: run-" + a(16) + "\nWorkspace: ws-" + a(16) + "\nOrganization: acme",
		"terraform login\nTerraform must now open a web browser to the tokens page for app.terraform.io.\nRetrieved token for user alice",
		"{{ with secret \"database/creds/shop-rw\" }}PGPASSWORD={{ .Data.password }}{{ end }}",
		"Key                Value\n---                -----\nlease_id           database/creds/shop-rw/" + a(24) + "\nlease_duration     1h\nlease_renewable    true",
		"token_accessor       " + a(24) + "\ntoken_duration       768h\ntoken_policies       [\"default\" \"ops\"]",
		"Unseal Progress    2/3\nUnseal Nonce       " + g.uuid() + "\nSealed             true",

		// Test fixtures and seeds without a secret.
		"      Authorization:\n      - Bearer <STRIPE_KEY>\n    recorded_at: Sat, 28 Nov 2026 10:02:11 GMT",
		"VCR.configure do |c|\n  c.filter_sensitive_data('<STRIPE_KEY>') { ENV['STRIPE_KEY'] }\nend",
		"    headers:\n      Request-Id:\n      - req_" + a(14) + "\n      Idempotency-Key:\n      - " + g.uuid(),
		"\"matchingRules\": {\"$.headers.Authorization\": {\"match\": \"regex\", \"regex\": \"Bearer [a-zA-Z0-9]+\"}}",
		"\"metadata\": {\"pactSpecification\": {\"version\": \"3.0.0\"}, \"pact-jvm\": {\"version\": \"4.6.5\"}}",
		"monkeypatch.setenv(\"ORDERS_API_KEY\", \"example\")\nmonkeypatch.delenv(\"HTTP_PROXY\", raising=False)",
		"u.password = SecureRandom.hex(16)",
		"'password' => Hash::make(Str::random(32)),",
		"[{\"model\": \"auth.user\", \"pk\": 2, \"fields\": {\"username\": \"robot\", \"password\": \"!" + a(40) + "\", \"is_active\": true}}]",
		"password_hash: await bcrypt.hash(process.env.SEED_PASSWORD, 12)",
		"factory :user do\n  sequence(:email) { |n| \"user#{n}@example.com\" }\n  password { Faker::Internet.password(min_length: 12) }\nend",

		// Migrations and SQL that name no password.
		"CREATE ROLE reporting NOLOGIN;\nGRANT SELECT ON ALL TABLES IN SCHEMA public TO reporting;",
		"| 7       | create reporting user | SQL  | 2026-11-28 10:02:11 | Success | " + g.digitsN(9) + " |",
		"Successfully validated 7 migrations (execution time 00:00.021s)\nCurrent version of schema \"public\": 7",
		"<changeSet id=\"12\" author=\"ops\">\n  <validCheckSum>9:" + h(32) + "</validCheckSum>\n</changeSet>",
		"\"\"\"add reporting user\n\nRevision ID: " + h(12) + "\nRevises: " + h(12) + "\nCreate Date: 2026-11-28 10:02:11\n\"\"\"",
		"CREATE USER app_ext IDENTIFIED EXTERNALLY;",
		"CREATE USER [orders-api] FROM EXTERNAL PROVIDER;\nALTER ROLE db_datareader ADD MEMBER [orders-api];",
		"CREATE LOGIN [ACME\\svc-etl] FROM WINDOWS WITH DEFAULT_DATABASE = Orders;",
		"ALTER USER 'backup'@'localhost' IDENTIFIED WITH auth_socket;",
		"CREATE USER grafana IDENTIFIED WITH ssl_certificate CN 'grafana.acme.io';",

		// Directory and single sign-on neighbours.
		"dn: CN=Alice Ng,OU=Staff,DC=acme,DC=io\nobjectGUID:: " + g.b64std(16) + "\nobjectSid:: " + g.b64std(28),
		"entryUUID: " + g.uuid() + "\nentryCSN: 20261128100211.000000Z#000000#000#000000",
		"Ticket cache: KCM:1000\nDefault principal: alice@ACME.IO\n\nValid starting     Expires            Service principal\n11/28/26 10:02:11  11/28/26 20:02:11  krbtgt/ACME.IO@ACME.IO",
		"Keytab name: FILE:/etc/krb5.keytab\nKVNO Principal\n---- --------------------------------------\n   2 HTTP/web01.acme.io@ACME.IO (aes256-cts-hmac-sha1-96)",
		"ldapwhoami -Y EXTERNAL -H ldapi:///\ndn:gidNumber=0+uidNumber=0,cn=peercred,cn=external,cn=auth",
		"<ds:X509Certificate>MIIC" + g.s(b64, 600) + "</ds:X509Certificate>",
		"<samlp:AuthnRequest ID=\"_" + h(40) + "\" Version=\"2.0\" IssueInstant=\"2026-11-28T10:02:11Z\">",
		"https://id.acme.io/oauth2/authorize?response_type=code&client_id=intranet&code_challenge=" + u(43) + "&code_challenge_method=S256&state=" + a(16),
		"OIDCClientSecret ${OIDC_CLIENT_SECRET}\nOIDCCryptoPassphrase exec:/usr/local/bin/oidc-passphrase",
		"shared_secret_file: /run/secrets/pomerium_shared\ncookie_secret_file: /run/secrets/pomerium_cookie",
		"gitlab_rails['initial_root_password'] = File.read('/run/secrets/gitlab_root_password').strip",
		"{\"issuer\":\"https://id.acme.io\",\"jwks_uri\":\"https://id.acme.io/.well-known/jwks.json\",\"token_endpoint_auth_methods_supported\":[\"client_secret_basic\",\"private_key_jwt\"]}",

		// Mail neighbours.
		"selector1._domainkey.acme.io. 3600 IN TXT \"v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + g.s(b64, 300) + "\"",
		"smtp_sasl_password_maps = hash:/etc/postfix/sasl_passwd\nsmtp_sasl_security_options = noanonymous",
		"Nov 28 10:02:11 mx1 postfix/qmgr[812]: " + g.s(hexUp, 10) + ": from=<alerts@acme.io>, size=2210, nrcpt=1 (queue active)",
		"$config['smtp_user'] = '%u';\n$config['smtp_pass'] = '%p';",
		"Message-ID: <" + h(24) + "@mail.acme.io>\nIn-Reply-To: <" + h(24) + "@mail.acme.io>",
		"AuthPass=\nAuthMethod=LOGIN\nFromLineOverride=YES",

		// VPN neighbours.
		"trusted-cert = " + h(64),
		"conn office\n    leftid=@vpn.acme.io\n    rightid=%any\n    authby=secret\n    auto=add",
		"auth-user-pass /etc/openvpn/client/office.auth\ntls-crypt /etc/openvpn/client/ta.key",
		"Peer: " + g.b64std(32) + "\n  endpoint: 203.0.113.7:51820\n  allowed ips: 10.8.0.0/24\n  latest handshake: 42 seconds ago",
		"Received Access-Accept Id 41 from 10.0.0.2:1812 to 10.0.0.5:54321 length 20",

		// Network device neighbours.
		"set system login user vyos authentication public-keys alice@laptop type ssh-ed25519",
		"set service snmp v3 engineid '" + h(24) + "'",
		"SNMPv2-MIB::sysObjectID.0 = OID: SNMPv2-SMI::enterprises.25461.2.3.36",
		"  Hardware Address: " + g.f12mac() + "\n  Serial Number: " + g.s(upNum, 12),
		"Firmware Version: 10.2.4 build 1122\nBIOS: U46 v2.90 (10/24/2025)",
		"snmp-server location DC1-R12\nsnmp-server enable traps\n! community string set in /flash/snmp.secret",
		"<response status=\"success\"><result><system><hostname>fw01</hostname><serial>" + g.digitsN(12) + "</serial></system></result></response>",
		"{\"@odata.id\": \"/redfish/v1/Systems/System.Embedded.1\", \"SKU\": \"" + g.s(upNum, 7) + "\", \"UUID\": \"" + g.uuid() + "\"}",
		"ipmitool -I lanplus -H 10.0.0.9 -U ADMIN -f /root/.ipmi-password power status",

		// Backup neighbours.
		"encryption_passcommand: pass show borg/storagebox",
		"repository " + h(8) + " opened (version 2, compression level auto)\nsnapshot " + h(8) + " saved",
		"ID        Time                 Host    Tags  Paths\n" + h(8) + "  2026-11-28 02:00:11  web01         /srv",
		"PBS_FINGERPRINT=" + g.f12fingerprint(32),
		"Archive: daily-20261128020012\n  Total size: 12.4 GB\n  Compressed size: 4.1 GB",
		"NAME          PROPERTY     VALUE        SOURCE\ntank/secure   keystatus    available    -\ntank/secure   keylocation  prompt       local",
		"velero backup create daily-" + g.digitsN(8) + " --include-namespaces shop --ttl 720h",
		"JobId 4121: Bacula bacula-dir 15.0.2 (21Mar25):\n  Build OS: x86_64-pc-linux-gnu\n  JobId: 4121\n  Termination: Backup OK",
		"repo1-cipher-pass is set by PGBACKREST_REPO1_CIPHER_PASS in /etc/default/pgbackrest",
		"Storage set to b2://acme-backups\nrevision 42 created at 2026-11-28 02:00 (" + h(64)[:8] + ")",

		// Observability agent neighbours.
		"[general]\nserverName = uf-web01\nguid = " + strings.ToUpper(g.uuid()),
		"exporters:\n  otlp:\n    endpoint: otel.acme.io:4317\n    headers:\n      authorization: ${env:OTEL_AUTH_HEADER}",
		"    password: \"ENC[db_password]\"",
		"      PASSWORD: {{ MYSQL_PASSWORD }}",
		"shared_key \"#{ENV['FLUENT_SHARED_KEY']}\"",
		"traceparent: 00-" + h(32) + "-" + h(16) + "-01",
		"ELASTIC_APM_SERVICE_NAME=orders\nELASTIC_APM_ENVIRONMENT=production\nELASTIC_APM_TRANSACTION_SAMPLE_RATE=0.2",
		"basic_auth_users:\n  prometheus: ${PROM_PASSWORD_HASH}",
		"datadog-agent status\n  API Key ending with " + h(5) + ": API Key valid",
		"INFO[0000] license key: ****" + h(4) + " (masked)",

		// Providers above: ids, names and public keys.
		"{\"request_id\": \"req_" + a(24) + "\", \"model\": \"sarvam-m\", \"usage\": {\"prompt_tokens\": 42}}",
		"{\"id\": \"" + g.uuid() + "\", \"memory\": \"Prefers dark mode\", \"user_id\": \"alice\"}",
		"agent_id = \"agent-" + g.uuid() + "\"",
		"connected_account_id: " + g.uuid() + "\nstatus: ACTIVE\ntoolkit: github",
		"npx -y @smithery/cli@latest install @acme/weather-mcp --client claude",
		"{\"document_id\": \"" + g.uuid() + "\", \"status\": \"indexed\", \"chunk_count\": 14}",
		"model: \"klusterai/Meta-Llama-3.1-8B-Instruct-Turbo\"\nbase_url: \"https://api.kluster.ai/v1\"",
		"namespace: tenant-acme-prod\nkube-context: coreweave-ord1",
		"tenant_id: " + g.uuid() + "\nregion: AWS_EU_CENTRAL_1",
		"org_id: org_" + a(27) + "\ninstance: inst-" + g.digitsN(13) + "-analytics",
		"{\"id\": \"" + g.uuid() + "\", \"status\": \"live\", \"websocketUrl\": \"wss://connect.steel.dev/?sessionId=" + g.uuid() + "\"}",
		"PARADIGM_BASE_URL=https://paradigm.lighton.ai/api/v2\nPARADIGM_MODEL=alfred-4.2",

		// Editor and shell plugin neighbours.
		"(setq gptel-api-key #'gptel-api-key-from-auth-source)",
		"openai = { api_key_name = \"cmd:pass show api/openai\" }",
		"adapters = { deepseek = function() return require(\"codecompanion.adapters\").extend(\"deepseek\", { env = { api_key = \"cmd:op read op://dev/deepseek/credential --no-newline\" } }) end }",
		"let g:vim_ai_token_file_path = '~/.config/openai.token'",
		"[alias_dsn]\nlocal = postgresql://localhost:5432/dev",
		"backend.auth.cmd = \"pass show mail/work\"",
		"source-cred-cmd = pass show mail/work",
		"set -g @plugin 'tmux-plugins/tmux-resurrect'\nset -g @resurrect-capture-pane-contents 'on'",

		// OCR and screenshot neighbours.
		"[Screenshot OCR] Settings > API keys > ci-deploy   sk-...a81f   Created 2026-11-02   Last used 3 hours ago",
		"Text recognized from image (IMG_2042.HEIC):\nWi-Fi: AcmeGuest (open network, no password)\nCheckout 11:00",
		"Tesseract output:\nBuild " + g.digitsN(5) + " passed in 4m 12s\nCommit " + h(7) + " by alice",
		"![architecture diagram](./docs/img/arch-" + h(8) + ".png)",

		// Heredoc and multi-line neighbours.
		"cat <<EOF > .env\nDB_PASSWORD=${DB_PASSWORD}\nAPI_URL=https://api.acme.io\nEOF",
		"kubectl create secret generic smtp --from-literal=password=\"$SMTP_PASSWORD\" --dry-run=client -o yaml",
		"template {\n  data = <<EOH\n{{ with nomadVar \"nomad/jobs/shop\" }}DB_PASSWORD={{ .db_password }}{{ end }}\nEOH\n}",
		"description: >-\n  Nightly job that compacts the orders table\n  and refreshes the reporting views.",
		"let cfg = r#\"{\"api_token\": null, \"timeout_ms\": 3000}\"#;",

		// Prose in the same languages that says where a secret lives.
		"পাসওয়ার্ডটি ভল্টে রাখা আছে, secret/data/prod/db পথে।",
		"கடவுச்சொல் 1Password-இல் உள்ளது, இங்கே பகிர வேண்டாம்.",
		"პაროლი Vault-შია, ჩატში არ ჩაწეროთ.",
		"Գաղտնաբառը պահված է Vault-ում, մի՛ ուղարկեք այստեղ։",
		"የይለፍ ቃሉ በ Vault ውስጥ ነው።",
		"Nenosiri liko kwenye Vault, usilibandike hapa.",
		"Nasa 1Password ang password, huwag i-paste dito.",
		"Kata sandi disimpan di Vault (secret/data/prod/db), jangan ditempel di sini.",
		"پاس ورڈ Vault میں محفوظ ہے، یہاں پیسٹ نہ کریں۔",
		"Build " + g.digitsN(4) + " ပြီးပါပြီ၊ commit " + h(7) + " ။",
		"Серверийн нууц үгийг Vault-д хадгалсан.",

		// Ops neighbours.
		"ansible_become_password: \"{{ vault_become_password }}\"",
		"helm upgrade --install kc bitnami/keycloak --set auth.existingSecret=keycloak-admin --set postgresql.auth.existingSecret=kc-db",
		"variable \"db_password\" {\n  type      = string\n  sensitive = true\n}",
		"$pw = Read-Host -AsSecureString -Prompt 'Password'\n$cred = Get-Credential ACME\\svc-veeam",
		"<processModel identityType=\"ApplicationPoolIdentity\" loadUserProfile=\"true\" />",

		// Password managers and recovery codes without a secret.
		"url,username,password,notes,extra,name,grouping,fav",
		"Website name: github.com\nLogin: alice\nPassword: ********",
		"You have 8 recovery codes left. Generated on 2026-11-28.",
		"Two-factor authentication is enabled (authenticator app). Recovery codes were downloaded on 2026-11-02.",

		// Hash parameters, checksums, ranges and build ids.
		"Recommended parameters: $argon2id$v=19$m=65536,t=3,p=4 (OWASP 2025)",
		"bcrypt cost factor raised from 10 to 12 ($2b$12$...) in release 4.2",
		"git log --oneline " + h(7) + ".." + h(7),
		h(64) + "  restic_0.17.3_linux_amd64.bz2",
		"Build ID: " + h(40),
		"sha512-" + g.b64std(64),
		"Go build ID: \"" + u(20) + "/" + u(20) + "/" + u(20) + "/" + u(20) + "\"",
		"Compare: https://github.com/acme/shop/compare/v4.1.0...v4.2.0",
		"Image: ghcr.io/acme/shop@sha256:" + h(64),
		"X-Request-Id: " + g.uuid() + "\nX-Runtime: 0.041",
	}
}

// TestFresh13Table measures the fifteenth table and prints only its summary: per-case misses
// show only with ANAMNESIS_REDACT_FRESH13_MISSES=1, for a report after tuning is over. The floors
// sit a little under the baseline measured when the table was written, so a regression fails
// while an honest improvement passes.
func TestFresh13Table(t *testing.T) {
	// Baseline when the table was written (the rules of b231e4e, three draws, 219 secret shapes
	// and 167 look-alikes a draw): recall 517/657 (78.7%), false positives 54/501 (10.8%). It was
	// measured once, for its summary line only, after the cases were checked for well-formedness
	// by reading the generated texts; no case was changed after it. The floors leave a little
	// room for draws, not for a regression. Round 14 (blind): 526/657 (80.1%), 54/501 (10.8%).
	// Round 15 read its odd half (TestFresh13Halves; the even half held back): 607/657 (92.4%),
	// 18/501 (3.6%) — tuned, not blind.
	checkWellFormed(t, "fresh13", fresh13Secrets, fresh13Innocent)
	measureTable(t, "fresh13", fresh13Secrets, fresh13Innocent, 0.90, 0.05)
}
