package redact

import (
	"encoding/base64"
	"encoding/hex"
	"testing"
)

// Tuning cases for the thirteenth round (issue 15): each cause found in fresh11's odd half,
// written with other services, tools and contexts than fresh11's own (whose even half is held
// back and whose strings are not copied here). The causes are notions that hold in any context
// of their kind: a secret behind base64, a credential named earlier in its clause, a field
// between a pair's name and its value, input at a password prompt, a clipboard as a sink, a key
// in an endpoint's path; and on the look-alike side, a proof or a digest named in a prose label,
// substitution variables, a deploy platform's ids.

func b64s(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

func mechanismSecrets18(g *gen) []secretCase {
	return []secretCase{
		// Base64 whose decoded text holds a secret the rules read: a NAME=value line, a Basic
		// pair, a token behind a name, also twice encoded; in a CI log, a clipboard escape, a
		// Kubernetes-style data field, a debug print.
		sc("ci log base64 of assignment", "Run printenv SENTRY_AUTH_TOKEN | base64\n%s", b64s("SENTRY_AUTH_TOKEN="+g.s(hexLow, 64))),
		sc("base64 basic pair alone", "decoded header value was: %s", b64s("deploy-bot:"+g.s(alnum, 28))),
		sc("base64 basic pair password", "creds blob %s (from the vault export)", b64s("svc_backup:"+g.ordinaryPass())),
		sc("twice base64 assignment", "echo $SECRETS | base64 | base64\n%s", b64s(b64s("NETLIFY_AUTH_TOKEN="+g.s(alnum, 40)))),
		sc("osc52 plain", "\x1b]52;c;%s\x07", b64s("export LINEAR_API_KEY=lin_api_"+g.s(alnum, 40))),
		sc("data field base64 json", "  payload: %s", b64s(`{"client_secret": "`+g.s(alnum, 32)+`"}`)),
		sc("base64url assignment", "state=%s", base64.RawURLEncoding.EncodeToString([]byte("db_password="+g.ordinaryPass()+"&user=ops"))),
		sc("hex of assignment", "xxd -p <<< \"$X\" output:\n%s", hex.EncodeToString([]byte("MAILGUN_SIGNING_KEY="+g.s(hexLow, 32)))),
		// A YAML anchor between a secret's name and its value.
		sc("yaml anchor before value", "defaults:\n  api_token: &tok %s", g.s(alnum, 32)),
		// A credential named earlier in its clause than its value.
		sc("clause token for", "the Buildkite agent token for the mac runners: %s", g.s(hexLow, 40)),
		sc("clause key semicolon", "rotate the Postmark key; the new one is %s", g.s(alnum, 36)),
		sc("clause api key we got", "the api key we got from their support is %s", g.s(alnum, 32)),
		sc("clause secret comma", "client secret, as issued on Monday: %s", g.s(alnum, 40)),
		// A name/value pair with fields between the name and the value.
		sc("pair with enabled field", `{"key": "stripeSecret", "enabled": true, "value": "%s"}`, g.s(alnum, 32)),
		sc("pair with type line", "- name: RELAY_PASSWORD\n  type: string\n  value: %s", g.ordinaryPass()),
		sc("pair with description", `{"name": "smtp_password", "description": "relay", "value": "%s"}`, g.ordinaryPass()),
		// A record's quoted "pass" key.
		sc("record pass field", `{"host": "mail.example.org", "user": "ops", "pass": "%s"}`, g.s(lower, 8)+g.s(digits, 3)),
		// Input at a password prompt in a terminal recording.
		sc("asciicast sudo prompt", "[0.5, \"o\", \"[sudo] password for deploy: \"]\n[2.1, \"i\", \"%s\\r\"]", g.ordinaryPass()),
		sc("asciicast passphrase prompt", "[1.0, \"o\", \"Enter passphrase for key '/home/a/.ssh/id_ed25519': \"]\n[3.4, \"i\", \"%s\\r\"]", g.s(lower, 6)+"-"+g.s(lower, 6)),
		sc("asciicast pin prompt with echo", "[0.2, \"o\", \"PIN: \"]\n[0.3, \"o\", \"\"]\n[1.9, \"i\", \"%s\\r\"]", g.s(digits, 6)),
		// A literal put on the clipboard.
		sc("xclip literal", "echo -n '%s' | xclip -selection clipboard", g.ordinaryPass()),
		sc("wl-copy echo", `echo "%s" | wl-copy`, g.ordinaryPass()),
		sc("clip.exe", "echo %s | clip.exe", g.ordinaryPass()),
		// A key in an endpoint's URL path.
		sc("rpc host key", "RPC_URL=https://rpc.example-node.io/polygon/%s", g.s(hexLow, 32)),
		sc("versioned key path", "provider = JsonRpcProvider('https://arb-mainnet.example-chain.com/v2/%s')", g.s(alnum, 32)),
		sc("rpc path segment", "wss://api.example-infra.com/rpc/solana/%s", g.s(hexLow, 64)),
		// A token given as the user of an SSH destination (tunnel services).
		sc("ssh token user", "ssh -p 443 -R0:localhost:8080 %s@eu.tunnel-example.io", g.s(upper, 4)+g.s(digits, 2)+g.s(lower, 2)+g.s(upper, 2)+g.s(digits, 2)),
		sc("ssh token user with mode", "ssh -R0:localhost:5432 %s+tcp+qr@tcp.tunnel-example.net", g.s(digits, 2)+g.s(upper, 3)+g.s(lower, 2)+g.s(digits, 3)+g.s(upper, 3)),
		// A key named by what it routes or encrypts is a credential: an alerting integration's
		// routing key, an encryption's primary key.
		sc("routing key integration", `{"routing_key": "%s", "event_action": "resolve"}`, g.s(hexLow, 32)),
		sc("encryption primary key", "LOCKBOX_PRIMARY_KEY=%s", g.s(alnum, 32)),
		// An environment-tagged key under an id's name.
		sc("env tagged key as project id", "CHAIN_API_PROJECT_ID=mainnet%s", g.s(alnum, 16)+g.s(digits, 2)+g.s(alnum, 14)),
		sc("env tagged key as app id", "app_id: live_%s", g.s(alnum, 28)),
		// A label that ends its line names the line after it; a remark in parentheses inside a
		// clause; a passcode; a Wi-Fi key; a user and a password joined after a login word.
		sc("label then value line", "Admin password:\n    %s\n", g.ordinaryPass()),
		sc("clause with remark", "signing secret (hex): %s", g.s(hexLow, 64)),
		sc("passcode bare", "door passcode %s", g.s(digits, 6)),
		sc("wifi key prose", "the office wifi key is %s", g.ordinaryPass()),
		sc("wpa2 passphrase colon", "WPA2 passphrase: %s", g.ordinaryPass()),
		sc("creds arrow pair", "creds for the demo box -> demo:%s", g.ordinaryPass()),
		sc("log in with and", "log in with backup and %s", g.ordinaryPass()),
		sc("login comma pass", "the login is ops, pass %s", g.ordinaryPass()),
		sc("sign in two blanks", "sign in: ops@example.org  %s", g.ordinaryPass()),
		// A slash pair after "basic auth" or "proxy auth".
		sc("basic auth slash", "grafana basic auth is admin / %s", g.ordinaryPass()),
		sc("proxy auth slash", "proxy auth: squid / %s", g.ordinaryPass()),
		sc("labelled line slash", "Guest Wi-Fi: Lobby-5G / %s", g.ordinaryPass()),
		// The review's fixes (round 13): a secret's own NAME=value under a proof's label, a label
		// in prose, or a mail transport header is still a secret; an Azure shared access
		// signature is a credential whatever its label says.
		sc("proof label then client secret", "Webhook signature: client_secret=%s", g.s(alnum, 32)),
		sc("trace label then api key", "trace from prod: api_key=%s", g.s(alnum, 32)),
		sc("transport header then password", "x-ms-client-request-id: 1; password=%s", g.ordinaryPass()),
		sc("received header then db password", "Received: by relay; DB_PASSWORD=%s", g.ordinaryPass()),
		sc("thread header then db password", "thread-notes: DB_PASSWORD=%s", g.ordinaryPass()),
		sc("transport prefix in prose label", "received from the vendor: %s", g.s(alnum, 40)),
		sc("shared access signature query", "Shared access signature: ?sv=2022-11-02&ss=b&srt=sco&sp=rl&se=2026-12-01T00:00:00Z&sig=%s", g.s(alnum, 43)+"%3D"),
		sc("account sas signature", "Account SAS signature: %s", g.b64std(32)),
		sc("api signature", "api signature: %s", g.b64std(32)),
		sc("access signature", "Access signature: %s", g.b64std(32)),
	}
}

func mechanismInnocent18(g *gen) []string {
	return []string{
		// Base64 of text with no secret, of a node id, of binary; a path.
		"Content: " + b64s("Hello from the build server, all tests passed at 12:30"),
		"node_id: " + b64s("04:User"+g.s(digits, 8)),
		"etag: " + g.b64std(18),
		"X-Request-Id: " + b64s("req:"+g.s(lower, 12)),
		"data:text/plain;base64," + b64s("plain text attachment 2026"),
		"export PATH=/usr/local/sbin/Library/Frameworks2/Python.framework/Versions3/bin:$PATH",
		"payload hex: " + hex.EncodeToString([]byte("hello from the nightly build, all green")),
		"sha256 " + g.s(hexLow, 64),
		"db:\n  password: &pw ${DB_PASSWORD}\nreplica:\n  password: *pw",
		// A credential word with a clause that names something else, or a key that is no
		// credential.
		"the token's id for the audit log is " + g.s(hexLow, 32),
		"the cache key for this build is " + g.s(hexLow, 40),
		"the deploy key fingerprint: SHA256:" + g.s(alnum, 43),
		"token budget for the summarizer = 20000",
		"memcached key tpl:" + g.s(hexLow, 32),
		"the primary key of the row is " + g.s(hexLow, 32),
		// Pairs with fields between whose name is no secret.
		`{"key": "baseUrl", "enabled": true, "value": "https://api.example.org"}`,
		`{"key": "apiKey", "secret": true, "value": "{{apiKey}}"}`,
		// A record's "pass" key holding a result or a word.
		`{"test": "login", "pass": true, "ms": 120}`,
		`{"step": "lint", "pass": "yes"}`,
		// Terminal recordings: input at a user prompt, empty input, a command.
		"[1.0, \"o\", \"Username: \"]\n[2.0, \"i\", \"deploy\\r\"]",
		"[1.0, \"o\", \"$ \"]\n[2.0, \"i\", \"ls -la\\r\"]",
		"[1.0, \"o\", \"Password: \"]\n[2.0, \"i\", \"\\r\"]",
		// Clipboard: a word, a version, a command, a variable.
		"echo 'hello' | pbcopy",
		"echo 'v2.14.1' | xclip -sel clip",
		"echo $GITHUB_TOKEN | wl-copy",
		"cat ~/.ssh/id_ed25519.pub | pbcopy",
		// URLs with an id after a resource, a UUID after a version, a file.
		"https://api.example.org/v1/items/" + g.s(hexLow, 40),
		"https://rpc.example-node.io/status",
		"https://api.example.org/v2/" + g.uuid(),
		"https://cdn.example.org/v1/" + g.s(hexLow, 32) + ".js",
		"https://github.com/example/repo/commit/" + g.s(hexLow, 40),
		// Ids with an environment word that are names, not keys.
		"FIREBASE_PROJECT_ID=shop-prod-4821",
		"project_id: testing-sandbox-eu",
		"SENTRY_PROJECT_ID=" + g.s(digits, 16),
		"release id: staging-2026-11-28-" + g.s(hexLow, 7),
		// Labels that end their line before prose or a rule; login sentences without a password.
		"Password:\n  - at least 12 characters, one digit",
		"Passcode policy: 6 digits",
		"the wifi key is on the fridge",
		"sign in with Google and GitHub",
		"login root:x:0:0:root:/root:/bin/bash",
		"creds: arn:aws:iam::" + g.s(digits, 12) + ":role/ci",
		"log in as admin and restart the service",
		// Labelled lines with a slash between words.
		"Supported: TCP / UDP",
		"Theme: light / dark",
		"Ports: 80 / 443",
		// SSH users that are words, roles, numbered accounts.
		"ssh -i ops.pem ec2-user@ec2-203-0-113-9.compute-1.example.com",
		"scp dump.tgz u482913@u482913.storagebox.example.de:backups/",
		"ssh AzureAdmin01@vm-prod.example.org",
		"ssh -R 80:localhost:3000 nokey@tunnel.example.run",
		// Proofs and digests named in a prose label.
		"Ethereum tx signature: 0x" + g.s(hexLow, 130),
		"Tezos signature: edsig" + g.s(alnum, 94),
		"X-Key-Signature: " + g.s(hexLow, 64),
		"X-Api-Sig: " + g.s(hexLow, 64),
		"Key thumbprint (SHA-1): " + g.s(b64url, 27),
		"Certificate fingerprint (SHA-256): " + g.s(b64url, 43),
		"Thread-Index: " + g.b64std(22),
		// Mail transport headers: seals, source ids, routing (round 13's general look-alikes).
		"ARC-Seal: i=1; a=rsa-sha256; t=1764320000; cv=none; d=example.net; s=arc-2024; b=" + g.b64std(96),
		"ARC-Message-Signature: i=1; a=rsa-sha256; c=relaxed/relaxed; d=example.net; bh=" + g.b64std(32),
		"X-Google-Smtp-Source: AGHT+" + g.b64std(51),
		"X-MS-Exchange-CrossTenant-AuthSource: " + g.s(upper, 4) + g.s(digits, 2) + "MB" + g.s(digits, 4) + ".namprd01.prod.example.com",
		"X-Received: by 2002:a17:90b:" + g.s(hexLow, 4) + " with SMTP id " + g.s(alnum, 22) + ";",
		// JOSE key ids and thumbprints, a queue's receipt handle, a page cursor named in prose, an
		// object's key, a request's idempotency key, a Windows SID, a generated file name.
		`{"alg": "RS256", "kid": "` + g.s(b64url, 43) + `"}`,
		`  "x5t": "` + g.s(b64url, 27) + `",`,
		"receipt handle: AQEB" + g.s(alnum, 60),
		"continuation token: " + g.b64std(45),
		"Object key: uploads/2026/11/" + g.s(alnum, 22) + ".png",
		"Idempotency-Key: " + g.uuid(),
		"SID: S-1-5-21-" + g.s(digits, 10) + "-" + g.s(digits, 10) + "-" + g.s(digits, 10) + "-1001",
		"dist/assets/chunk-" + g.s(alnum, 20) + ".js  4.2 kB",
		// Analytics, heat-map and bot-management cookies; a token's accessor; a cache key told in
		// prose.
		"Set-Cookie: _ga=GA1.1." + g.s(digits, 9) + "." + g.s(digits, 10) + "; Path=/",
		"Cookie: _hjSessionUser_" + g.s(digits, 7) + "=" + g.s(alnum, 40) + "; _clck=" + g.s(lowNum, 20),
		"Set-Cookie: ajs_anonymous_id=" + g.uuid() + "; Path=/",
		"Vault accessor: " + g.s(alnum, 24),
		"wrapping_token_accessor: " + g.s(alnum, 24),
		"the cache key is " + g.s(hexLow, 64),
		// Substitution and bind variables where a password stands; code that names a token.
		"//sys\tOpenProcessToken(process Handle, access uint32, token *Token) (err error) = advapi32.OpenProcessToken",
		"\t\tkey, err = ParsePKCS1PrivateKey(privKey.PrivateKey)",
		"CONNECT ops/&dbpass@orcl",
		"libname mart teradata user=etl password=\"&tdpass.\" server=td1;",
		"ALTER USER app IDENTIFIED BY :new_password",
		// A deploy platform's generated ids after the object's kind.
		"Dokploy application " + g.s(lowNum, 24) + " restarted",
		"CapRover server " + g.s(lowNum, 24) + " is healthy",
		// The review's look-alikes (round 13): a slash between words on a labelled line, a login
		// sentence naming two services or a version, an SSH user that is a name, camelCase
		// identifiers after a label or in a clause, a build id tagged test.
		"Status: done / pending" + g.s(digits, 1),
		"Build: debug / release" + g.s(digits, 2),
		"type: read / write" + g.s(digits, 1),
		"Ratio: ioWait / cpuTime" + g.s(digits, 1),
		"Layout: sidebar / content" + g.s(digits, 1),
		"sign in with GitHub and Gitlab" + g.s(digits, 1) + "FA",
		"log in as root  Ubuntu-" + g.s(digits, 2) + ".04 shell",
		"sign in: ops  Ubuntu-" + g.s(digits, 2) + ".04 image",
		"log in as root  Debian-" + g.s(digits, 2) + " shell",
		"ssh -i ~/.ssh/id_ed25519 GitLabRunner" + g.s(digits, 2) + "@ci.example.com",
		"Token:\n  refreshAccessTokenIfExpired" + g.s(digits, 1),
		"the key used by the fixture is TestFixtureKey" + g.s(digits, 10),
		"build id: test-" + g.s(alnum, 24),
	}
}

// TestRound13Mechanisms checks the judgements the round 13 views and picks make on their own.
func TestRound13Mechanisms(t *testing.T) {
	for _, c := range []struct {
		v    string
		want bool
	}{
		{"deploy:Xk29fjaLLq02mmZZq", true},
		{"ops@example.org:" + "Harbor1999!", true},
		{"010:Repository123456789", false},
		{"urn:ietf:params", false},
		{"key:value", false},
		{"12:30", false},
		{"user:${PASSWORD}", false},
		{"a b:Xk29fjaLLq02mmZZq", false},
	} {
		if got := basicPair(c.v); got != c.want {
			t.Errorf("basicPair(%q) = %v, want %v", c.v, got, c.want)
		}
	}
	for _, c := range []struct {
		v    string
		want bool
	}{
		{"cpuTime2", true},
		{"refreshAccessTokenIfExpired2", true},
		{"TestFixtureKey1234567890", true},
		{"GitLabRunner01", true},
		{"Harbor1985", false},
		{"ABCD12efGH34", false},
		{"aB3dE5fG7hJ9kL", false},
		{"Xk29fjaLLq02mmZZq", false},
		{"pending4", false},
	} {
		if got := camelIdentifier(c.v); got != c.want {
			t.Errorf("camelIdentifier(%q) = %v, want %v", c.v, got, c.want)
		}
	}
	for _, c := range []struct {
		run, want string
		ok        bool
	}{
		{b64s("PASSWORD=abc123XYZ"), "PASSWORD=abc123XYZ", true},
		{"usr/local/lib/python3/site-packages", "", false},
		{g64(), "", false},
	} {
		got, ok := decodedText(c.run)
		if ok != c.ok || ok && got != c.want {
			t.Errorf("decodedText(%q) = %q, %v, want %q, %v", c.run, got, ok, c.want, c.ok)
		}
	}
	for _, c := range []struct {
		host, path string
		want       bool
	}{
		{"rpc.example.io", "/eth/0123456789abcdef0123456789abcdef", true},
		{"mainnet.example.io", "/v3/0123456789abcdef0123456789abcdef", true},
		{"api.example.io", "/v1/items/0123456789abcdef0123456789abcdef", false},
		{"api.example.io", "/v2/3f2504e0-4f89-11d3-9a0c-0305e82c3301", false},
		{"rpc.example.io", "/eth/mainnet", false},
	} {
		if got := endpointKeySegment(c.host, c.path) >= 0; got != c.want {
			t.Errorf("endpointKeySegment(%q, %q) = %v, want %v", c.host, c.path, got, c.want)
		}
	}
}

// g64 is base64 of bytes that are not text: a digest's encoding.
func g64() string {
	b := make([]byte, 24)
	for i := range b {
		b[i] = byte(i*37 + 129)
	}
	return base64.StdEncoding.EncodeToString(b)
}
