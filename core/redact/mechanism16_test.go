package redact

import (
	"crypto/sha256"
	"math/big"
	"testing"
)

// Tuning cases for the eleventh round (issue 15): each cause found in fresh9's odd half, written
// with other languages, tools, services and chains than fresh9's own (whose even half is held
// back and whose strings are not copied here).

func mechanismSecrets16(g *gen) []secretCase {
	return []secretCase{
		// Typed declarations: the type stands between a secret's name and its literal.
		sc("tsql declare password", "DECLARE @svc_password NVARCHAR(64) = N'%s';", g.password()),
		sc("plsql constant token", "  c_api_token CONSTANT VARCHAR2(64) := '%s';", g.s(alnum, 32)),
		sc("pascal typed const", "const SmtpPassword: string = '%s';", g.birthday()),
		sc("vb dim as string", `Dim adminPassword As String = "%s"`, g.password()),
		sc("go var typed", `var webhookSecret string = "%s"`, g.s(alnum, 24)),
		sc("rust const str", `const DEPLOY_TOKEN: &str = "%s";`, g.s(alnum, 40)),
		sc("kotlin val typed", `private val keystorePassword: String = "%s"`, g.password()),
		sc("cobol picture value", "       05 LDAP-BIND-PASSWD  PIC X(16) VALUE '%s'.", g.password()),
		// A verb that opens a store with a passphrase: a call or a command's argument.
		sc("wallet unlock call", `await wallet.unlockAccount("%s")`, g.password()),
		sc("keychain unlock call", `keychain.unlock('%s')`, g.birthday()+"x"),
		sc("vault unseal cli", "vault operator unseal %s", g.b64std(32)),
		sc("password manager unlock cli", "export SESSION=$(rbw unlock %s)", g.password()),
		// A network path without a scheme carries userinfo like a URL.
		sc("mount_afp schemeless", "mount_afp //admin:%s@fileserver.local/Projects /Volumes/Projects", g.password()),
		sc("fstab-like schemeless", `sh -c "mount_smbfs -N //backup:%s@10.0.0.5/archive /mnt/a"`, g.password()),
		// pk_ is a private or personal key outside Stripe's publishable scheme.
		sc("pk_ under api key", "NOTIFY_API_KEY=%s", "pk_"+g.s(lowNum, 8)+"_"+g.s(upNum, 32)),
		sc("pk_ under auth token", `{"authToken": "%s"}`, "pk_prod_"+g.s(alnum, 30)),
		// A token in hex given to -t, which tools use for it.
		sc("hex token after -t", "conda-uploader -t %s upload dist/x.tar.bz2", g.s(hexLow, 32)),
		sc("hex token after -T", "report-tool push -T %s --file results.xml", g.s(hexUp, 48)),
		// A declaration with its type annotated keeps its literal a secret.
		sc("swift let typed", `let apiSecret: String = "%s"`, g.s(alnum, 28)),
		// Found by probing kinds no table holds: passcode as a password's name, whose password
		// named in prose between the word and the value, R's assignment arrows.
		sc("passcode setting", "alarm_passcode: %s", g.password()),
		sc("prose password for owner", "The password for the ops account is %s now", g.password()),
		sc("prose password of user", "the password of deploy was changed to %s", g.birthday()),
		sc("r arrow assignment", `smtp_password <- "%s"`, g.password()),
		sc("r double arrow", `api_token <<- '%s'`, g.s(lower, 20)),
		// make's conditional assignment and Erlang's macro with a bare name.
		sc("make conditional assignment", "REGISTRY_PASSWORD ?= %s", g.password()),
		sc("erlang define", `-define(SMTP_PASSWORD, "%s").`, g.password()),
		// SNMP v1/v2c's community given on the command line is its password.
		sc("snmp community flag", "snmpbulkget -v2c -c %s 10.1.2.3 ifDescr", g.password()),
		// A comment that warns is no note that the value is public.
		sc("warning comment", "SIGNING_TOKEN=%s  # never make this public", g.s(alnum, 32)),
	}
}

func mechanismInnocent16(g *gen) []string {
	return []string{
		// Declarations whose name says no secret, or whose literal is a placeholder.
		"DECLARE @display_name NVARCHAR(64) = N'" + g.s(alnum, 20) + "';",
		`Dim passwordLabel As String = "Enter your password"`,
		`const PASSWORD_FIELD: &str = "password";`,
		"v_password_hint VARCHAR2(64) := 'Your first pet';",
		`var apiToken string = "${API_TOKEN}"`,
		// Unlock verbs given a path, a flag, a variable or prose.
		"git-crypt unlock ~/.keys/" + g.s(lower, 6) + ".key",
		"bw unlock --passwordenv BW_PASSWORD",
		"Remember to unlock the " + g.s(lower, 6) + " door before leaving",
		"wallet.unlock(passphrase)",
		// Network paths without userinfo; a comment after code.
		"mount -t cifs //fileserver/share /mnt/share -o credentials=/etc/cifs.creds",
		"x := y // see user:admin@example.org for details",
		// Publishable keys in Stripe's scheme under a key name.
		"STRIPE_KEY=pk_live_" + g.s(alnum, 40),
		`{"publishableKey": "pk_test_` + g.s(alnum, 40) + `"}`,
		// -t given a commit, a container's id or a name: not a token.
		"git tag -a v1 -t " + g.s(hexLow, 40),
		"docker exec -t " + g.s(hexLow, 64) + " sh",
		"docker build -t registry.example.org/app:" + g.s(digits, 3) + " .",
		// A type annotation where a value would stand: the slot's type, not a password.
		"data class Login(val user: String, val password: String)",
		"function connect(host: string, password: string): Promise<void>",
		"class Settings(BaseSettings):\n    db_password: SecretStr",
		// make's conditional assignment of a reference; a macro naming no secret.
		"REGISTRY_PASSWORD ?= $(shell cat .registry-pass)",
		`-define(TIMEOUT, "` + g.s(digits, 4) + `").`,
		// SNMP's factory-default communities are documented, not secret.
		"snmpwalk -v2c -c public 192.0.2.1 system",
		// Prose about a password with no value; an arrow binding an action or a call.
		"The password for the admin account is required.",
		"the password of each user is hashed with bcrypt",
		"password <- getLine",
		`token <- readline(prompt = "Token: ")`,
		// A comment that says the value is published on purpose.
		"ANALYTICS_WRITE_KEY=" + g.s(alnum, 27) + "  # browser snippet key, public by design",
		`const MAPS_KEY = "` + g.s(alnum, 30) + `"; // publishable, safe to expose`,
		// Amazon resource names under secret-ish names: which role or secret, not one.
		"deploy_token_role = \"arn:aws:iam::" + g.s(digits, 12) + ":role/ci-" + g.s(lower, 6) + "\"",
		"SECRET_ARN=arn:aws-us-gov:secretsmanager:us-gov-west-1:" + g.s(digits, 12) + ":secret:app/db-" + g.s(alnum, 6),
		"kms_key: arn:aws:kms:eu-central-1:" + g.s(digits, 12) + ":key/" + g.uuid(),
		// A record named before its generated id.
		"zendesk: ticket " + g.s(alnum, 26) + " solved",
		"shopify order " + g.s(alnum, 28) + " fulfilled",
		"datadog event " + g.s(alnum, 30) + " acknowledged",
		"airtable record rec" + g.s(alnum, 24) + " updated",
		"workflow run " + g.s(alnum, 26) + " finished",
		"trace " + g.s(alnum, 32) + " shows the slow query",
		"added to playlist PL" + g.s(alnum, 32),
		"shared folder " + g.s(alnum, 33) + " with the team",
		// Payment addresses by checksum, under no word that says so.
		"sent 0.5 LTC to " + base58Check(0x30, g.bytes(20), bitcoinAlphabet) + " yesterday",
		"tip jar: " + base58Check(0x00, g.bytes(20), bitcoinAlphabet),
		"funded " + base58Check(0x00, g.bytes(20), rippleAlphabet) + " with 20 XRP",
		"dogecoin " + base58Check(0x1e, g.bytes(20), bitcoinAlphabet) + " received 420",
	}
}

// base58Check encodes a version byte and a payload with a double SHA-256 checksum, as payment
// addresses and WIF keys are written.
func base58Check(version byte, payload []byte, alphabet string) string {
	b := append([]byte{version}, payload...)
	sum := sha256.Sum256(b)
	sum = sha256.Sum256(sum[:])
	b = append(b, sum[:4]...)
	n := new(big.Int).SetBytes(b)
	var out []byte
	base, mod := big.NewInt(58), new(big.Int)
	for n.Sign() > 0 {
		n.DivMod(n, base, mod)
		out = append([]byte{alphabet[mod.Int64()]}, out...)
	}
	for _, c := range b {
		if c != 0 {
			break
		}
		out = append([]byte{alphabet[0]}, out...)
	}
	return string(out)
}

// TestRound11Mechanisms checks single decisions of round 11 at their edges.
func TestRound11Mechanisms(t *testing.T) {
	g := newGen(7)
	addr := base58Check(0x00, g.bytes(20), bitcoinAlphabet)
	flipped := []byte(addr)
	if flipped[10] == 'a' {
		flipped[10] = 'b'
	} else {
		flipped[10] = 'a'
	}
	for _, c := range []struct {
		v    string
		want bool
	}{
		{addr, true},
		{base58Check(0x00, g.bytes(20), rippleAlphabet), true},
		{string(flipped), false},                                 // a checksum that fails: random, judged as any other string
		{base58Check(0x80, g.bytes(32), bitcoinAlphabet), false}, // a WIF private key: 32 bytes
		{base58Check(0x21, g.bytes(16), rippleAlphabet), false},  // an XRP Ledger seed: 16 bytes
		{g.s(alnum, 34), false},
	} {
		if got := base58Address(c.v); got != c.want {
			t.Errorf("base58Address(%q) = %v, want %v", c.v, got, c.want)
		}
	}
	for _, c := range []struct {
		v    string
		want bool
	}{
		{"arn:aws:iam::123456789012:role/x", true}, {"arn:aws-cn:s3:::bucket", true},
		{"arn:awsome:thing", false}, {"arn:aws", false}, {"token:aws:x:y:z:w", false},
	} {
		if got := cloudResourceName(c.v); got != c.want {
			t.Errorf("cloudResourceName(%q) = %v, want %v", c.v, got, c.want)
		}
	}
	// A WIF private key stays a secret where it stands alone.
	wif := base58Check(0x80, g.bytes(32), bitcoinAlphabet)
	if out, _ := Redact("import " + wif); out == "import "+wif {
		t.Errorf("a WIF private key was kept: %q", out)
	}
}
