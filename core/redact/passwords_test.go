package redact

import (
	"strings"
	"testing"
)

// The value judges decide alone on the weak contexts (a single-letter flag, a bare "key"): each
// case says why it goes one way.
func TestPasswordish(t *testing.T) {
	for _, c := range []struct {
		v    string
		want bool
	}{
		{"Harbor123!", true},         // upper, lower, digit, symbol
		{"pixel42@home", true},       // a symbol among letters and digits
		{"lantern-Mosaic-412", true}, // a passphrase: three classes
		{"9xKq2LmZ7vTa4RwP", true},   // long and random
		{"hunter2", false},           // two classes, no symbol: too weak to tell from a name
		{"build2", false},            // a directory name
		{"2222", false},              // a port
		{"8080:80", false},           // a port mapping
		{"db.internal:5432", false},  // host:port
		{"config.yaml", false},       // a file name
		{"v1.2.3-rc.1", false},       // a version
		{"/run/secrets/pw", false},   // a path
		{"https://x.io/a", false},    // a URL
		{"alice@example.com", false}, // an e-mail address
		{"%{http_code}", false},      // a format string
		{"$DB_PASSWORD", false},      // a placeholder
		{"-m", false},                // the next flag
		{"x86_64-linux-gnu", false},  // an identifier
		{"created_at_2026", false},   // an identifier with digits
		{"Ab1!", false},
		{"host:port:database:user", false}, // a colon list in lower case, not a password
		{"Harbor12$", true},                // a trailing dollar is a password's, not a regular expression's
		{"HEAD~3", false},                  // a git revision
		{`^\s+Error:`, false},              // a regular expression              // too short to judge
		{"ReleaseNotes2026", true},         // three classes: taken (a flag's value that looks like this is rare)
		{"refs/heads/main2", false},        // a ref path
		{"pass:Harbor123!", true},          // openssl's pass: is stripped by shortFlagPick, not here
	} {
		if got := passwordish(c.v); got != c.want {
			t.Errorf("passwordish(%q) = %v, want %v", c.v, got, c.want)
		}
	}
}

func TestRandomValue16(t *testing.T) {
	for _, c := range []struct {
		v    string
		want bool
	}{
		{"q7Lx2VbN9kTz4RwA", true},                      // 16 random characters
		{"e3b0c44298fc1c149afbf4c8996fb924", true},      // a 32-hex key
		{"e3b0c44298fc1c14", false},                     // 16 hex: an id
		{"created_at_2026_01_01", false},                // an identifier
		{"2b01a281-992d-4415-a475-20fedbebf243", false}, // a UUID is an id
		{"rotation-runbook-2026", false},                // words
		{"abcdefghijklmnop", false},                     // no digit
		{"a/b/c/d/e/f/g/h/i/1", false},                  // a path
	} {
		if got := randomValue16(c.v); got != c.want {
			t.Errorf("randomValue16(%q) = %v, want %v", c.v, got, c.want)
		}
	}
}

// TestMechanismsRedactOnlyTheValue checks that the new context rules keep their context readable.
func TestMechanismsRedactOnlyTheValue(t *testing.T) {
	for in, want := range map[string]string{
		"sqlcmd -S db -U sa -P Kq7#vT2mLx9w -Q x":       "sqlcmd -S db -U sa -P [REDACTED:cli-password] -Q x",
		"openssl pkcs12 -passout pass:Harbor123! -in a": "openssl pkcs12 -passout pass:[REDACTED:cli-password] -in a",
		"ALTER USER app IDENTIFIED BY 'Tr0ub4dor3';":    "ALTER USER app IDENTIFIED BY '[REDACTED:sql-password]';",
		"<password>Zx9!kq2Lm</password>":                "<password>[REDACTED:secret-element]</password>",
		`<add key="SmtpPassword" value="Zx9!kq2Lm"/>`:   `<add key="SmtpPassword" value="[REDACTED:secret-assignment]"/>`,
		"requirepass Zx9!kq2Lm":                         "requirepass [REDACTED:password-word]",
		"echo 'Zx9!kq2Lm' | sudo -S true":               "echo '[REDACTED:stdin-password]' | sudo -S true",
		// Round 4: a run of token characters that is NAME=value keeps its name.
		"client_secret=4f9d8c7b6a5e4d3c2b1a0f9e8d7c6b5a":        "client_secret=[REDACTED:secret-assignment]",
		"heroku config:set STRIPE_KEY=rk9Fh2kLm3Pq8Rs5Tv7Wx1Yz": "heroku config:set STRIPE_KEY=[REDACTED:secret-assignment]",
		"jobs=Qx7kP2mZ9vL4tR8wN3bJ6yH1cF5dG0sAQx7k":             "jobs=[REDACTED:high-entropy]",
		`$pw = ConvertTo-SecureString "Zx9!kq2Lm" -AsPlainText`: `$pw = ConvertTo-SecureString "[REDACTED:secure-string]" -AsPlainText`,
		"stats auth admin:Zx9kq2LmQ4":                           "stats auth admin:[REDACTED:user-password]",
		"jdbc:oracle:thin:scott/Zx9!kq2Lm@//db:1521/ORCL":       "jdbc:oracle:thin:scott/[REDACTED:url-password]@//db:1521/ORCL",
	} {
		if got, _ := Redact(in); got != want {
			t.Errorf("Redact(%q)\n = %q\nwant %q", in, got, want)
		}
	}
}

func TestNamePartsDropQualifiers(t *testing.T) {
	for name, want := range map[string]string{
		"DB_PASSWORD_PROD":    "db password",
		"api_token_value":     "api token",
		"password2":           "password",
		"ApiKeyV2":            "apikey",
		"secret_version_2":    "secret version",
		"PASSWORD_MIN_LENGTH": "password min length",
		"sha256":              "sha",
	} {
		if got := strings.Join(nameParts(name), " "); got != want {
			t.Errorf("nameParts(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestNamedID(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"build id RANDOMVALUE", true},
		{"upload id: RANDOMVALUE", true},
		{"blob RANDOMVALUE", true},
		{"session id RANDOMVALUE", false},
		{"api key id RANDOMVALUE", false}, // a secret word before the id word: conservatively still a candidate
		{"the value RANDOMVALUE", false},
	} {
		start := strings.Index(c.text, "RANDOMVALUE")
		if got := namedID(c.text, start, len(c.text)); got != c.want {
			t.Errorf("namedID(%q) = %v, want %v", c.text, got, c.want)
		}
	}
	if !namedID("job id=RANDOMVALUE", 4, 18) {
		t.Errorf("namedID: a candidate starting with id= is named an id")
	}
}
