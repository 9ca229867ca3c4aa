package redact

import (
	"strings"
	"testing"
)

// Tuning cases for the seventh round (issue 15): the scorer's boundaries, written with other
// names, tools and shapes than fresh5's (which round 7 read). Secrets: values the named rules
// let through that the scorer must take — an open vocabulary of secret-ish names, slots named by
// the words before them, a revealing line's output. Look-alikes: the same names holding what is
// not a credential, and random-looking public structure.

func mechanismSecrets12(g *gen) []secretCase {
	return []secretCase{
		// Names outside the old keyword list, judged by stem and value shape.
		sc("session cookie env", "APP_SESSION_COOKIE=%s", g.s(upNum, 24)),
		sc("hmac setting", "webhook.hmac = %s", g.s(hexLow, 40)),
		sc("salt with symbols", "PASSWORD_SALT: '%s'", g.s(alnum+"!#%&", 22)),
		sc("totp seed b32", "totp_seed=%s", g.s("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 32)),
		sc("bearer in yaml", "upstream_bearer: %s", g.s(b64url, 36)),
		sc("machine key json", `"deviceKey": "%s"`, g.s(b64, 44)),
		sc("objc literal", `NSString *const kSigningSecret = @"%s";`, g.s(hexLow, 48)),
		// Slots named by the words before them: a command's subcommand or flag, a call.
		sc("hmac call third arg", "digest = hmac_sign(\"sha512\", body, \"%s\")", g.s(alnum, 30)),
		sc("set-password subcommand", "vaultctl set-password svc-api %s", g.s(alnum+"@#", 18)),
		sc("credential flag two words", "walletcli --add-credential prod reporter %s", g.s(alnum, 16)),
		// A neutral key inside an object whose key says secret.
		sc("nested under cookie", `{"cookie": {"primary": "%s"}}`, g.s(b64url, 32)),
		// A line that reveals a secret, then its output.
		sc("cat secret file", "$ cat /srv/app/conf/master.secret\n%s", g.s(hexLow, 48)),
		sc("token command output", "$ appctl issue-token --ttl 1h\n%s", g.s(b64url, 40)),
		sc("reset then new value", "The password for [ops] was reset.\nNew value: %s", g.s(alnum+"-_", 22)),
		sc("backup codes file", "backup-recovery-codes.txt\n%s\n%s", g.s(hexLow, 5)+"-"+g.s(hexLow, 5), g.s(hexLow, 5)+"-"+g.s(hexLow, 5)),
	}
}

func mechanismInnocent12(g *gen) []string {
	return []string{
		// Secret-ish names that describe, count, point or refer.
		"SESSION_COOKIE_DOMAIN=.example.org",
		"hmac_algorithm = sha256",
		"PASSWORD_SALT_ROUNDS: 12",
		"token_endpoint: https://id.example.org/oauth2/token",
		"cookie_samesite: Lax",
		"signing_key_file=/etc/example/signing.pem",
		"webhook_secret = WEBHOOK_SECRET_FROM_ENV;",
		"db_password: Rotated yesterday by the on-call",
		`auth_secret = lookup("prod-auth-secret")`,
		"PRIVATE_TOKEN: [hidden]",
		"api_token = tok_...",
		"pin-sha512=\"" + g.b64std(64) + "\"",
		`"PublicSigningKey": "edkey:` + g.s(hexLow, 64) + `"`,
		// Found by the end-to-end check with the real binary: a constant whose name is not made of
		// readable words, and an assignment line after another one (no revealed output).
		"const char* password = MQTT_PASSWORD;",
		"const char* password = MQTT_PASSWORD;\n\"password\": \"[FILTERED]\"",
		// Under a secret-ish object, keys that describe or say public keep their values.
		`{"credentials": {"client_id": "` + g.uuid() + `", "region": "eu-central-1"}}`,
		`{"signing": {"public": "` + g.s(hexLow, 64) + `"}}`,
		// Commands and prose around secret words with no secret after them.
		"$ cat /srv/app/conf/master.secret\ncat: /srv/app/conf/master.secret: Permission denied",
		"vaultctl set-password --from-file ./pw.txt",
		"the token rotation job runs nightly at 02:00",
		"kubectl delete secret api-credentials-v3",
		// Public structure that looks random.
		"---- BEGIN EXAMPLE PUBLIC BLOB ----\n" + g.b64std(45) + "\n" + g.b64std(45) + "\n---- END EXAMPLE PUBLIC BLOB ----",
		"-----BEGIN X9.42 DH PARAMETERS-----\n" + g.b64std(48) + "\n" + g.b64std(48) + "\n-----END X9.42 DH PARAMETERS-----",
		"example.org. 86400 IN DS 2371 13 2 " + g.s(hexUp, 64),
		"example.org. 3600 IN RRSIG A 13 2 3600 20250101000000 20241201000000 2371 example.org. " + g.b64std(64),
		"x-trace-id: edge1::" + g.s(lowNum, 5) + "-" + g.digitsN(13) + "-" + g.s(hexLow, 12),
		"\"ContentMD5\": \"" + g.b64std(16) + "\"",
		"https://" + g.s(hexLow, 24) + "--preview-site.pages.example.net",
		"attachment (zip, base64): UEsDBBQAAAAI" + g.s(b64, 40),
	}
}

// TestRound7ScorerBoundaries checks single decisions of the scorer at its edges: the grade a
// name gets, and which side of the bar a value's shape falls.
func TestRound7ScorerBoundaries(t *testing.T) {
	for _, c := range []struct {
		name string
		want grade
	}{
		{"RABBIT_COOKIE", gradeStrong}, {"hmacKey", gradeStrong}, {"otp", gradeStrong}, {"wifi_psk", gradeStrong},
		{"nodeKey", gradeWeak}, {"auth", gradeWeak},
		{"keyboard_layout", gradeNone}, {"monkey", gradeNone}, {"token_type", gradeNone}, {"key_id", gradeNone},
		{"public_key", gradeNone}, {"password_min_length", gradeNone}, {"next_page_token", gradeNone},
		{"secretsmanager", gradeNone}, {"pin_sha256", gradeNone}, {"spinner", gradeNone},
	} {
		if got := nameGrade(nameParts(c.name)); got != c.want {
			t.Errorf("nameGrade(%q) = %d, want %d", c.name, got, c.want)
		}
	}
	g := newGen(12)
	for _, c := range []struct {
		value string
		over  bool // over strongShapeMin
	}{
		{g.s(hexLow, 32), true}, {g.s(upper, 20), true}, {g.s(alnum, 12), true},
		{"DbPasswordLength", false}, {"Creation", false}, {"hunter", false}, {"/etc/ssl/private", false},
		{"WIFI_PASSWORD", false}, {"[FILTERED]", false}, {"sk-...", false}, {"db-password-v2", false},
		{"4.2.1", false}, {"src/App.test.js", false},
	} {
		if got := valueShape(c.value) >= strongShapeMin; got != c.over {
			t.Errorf("valueShape(%q) = %.2f: over the bar %v, want %v", c.value, valueShape(c.value), got, c.over)
		}
	}
	// The output after a revealing line stops at the first line that is not a single value.
	out, _ := Redact("$ appctl issue-token\n" + g.s(b64url, 40) + "\nIssued for 1h; store it now.")
	if !strings.HasSuffix(out, "\nIssued for 1h; store it now.") || !strings.Contains(out, "[REDACTED:generic-secret]") {
		t.Errorf("revealed output: got %q", out)
	}
}
