package redact

import (
	"strings"
	"testing"
)

func TestRedactReportsFindings(t *testing.T) {
	g := newGen(7)
	key := "ghp_" + g.s(alnum, 36)
	pw := g.password()
	in := "push with " + key + " then PGPASSWORD=" + pw + " psql"
	out, fs := Redact(in)
	want := "push with [REDACTED:github] then PGPASSWORD=[REDACTED:secret-assignment] psql"
	if out != want {
		t.Fatalf("Redact = %q, want %q", out, want)
	}
	if len(fs) != 2 || fs[0].Rule != "github" || fs[1].Rule != "secret-assignment" {
		t.Fatalf("findings = %+v", fs)
	}
	if in[fs[0].Start:fs[0].End] != key || in[fs[1].Start:fs[1].End] != pw {
		t.Errorf("finding offsets do not point at the secrets: %+v", fs)
	}
}

func TestRedactIsIdempotent(t *testing.T) {
	g := newGen(8)
	for _, c := range tuningSecrets(g) {
		once, _ := Redact(c.text)
		twice, fs := Redact(once)
		if twice != once || len(fs) != 0 {
			t.Errorf("%s: redacting again changed %q into %q (%v)", c.name, once, twice, fs)
		}
	}
}

func TestRedactKeepsNamesReadable(t *testing.T) {
	for in, want := range map[string]string{
		"export MY_APP_TOKEN=abc123 && run":                                        "export MY_APP_TOKEN=[REDACTED:secret-assignment] && run",
		"https://alice:pw12345@host/x":                                             "https://alice:[REDACTED:url-password]@host/x",
		"Authorization: Bearer abcdef1234567890abcdef":                             "Authorization: Bearer [REDACTED:authorization]",
		`{"password": "hunter22", "user": "bob"}`:                                  `{"password": "[REDACTED:secret-assignment]", "user": "bob"}`,
		"-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIB\n-----END EC PRIVATE KEY-----": "-----BEGIN EC PRIVATE KEY-----[REDACTED:private-key]-----END EC PRIVATE KEY-----",
	} {
		if got, _ := Redact(in); got != want {
			t.Errorf("Redact(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNewAddsUserPatterns(t *testing.T) {
	r, err := New([]string{`ticket=(\w+)`, `ACME-[0-9]{6}`})
	if err != nil {
		t.Fatal(err)
	}
	out, fs := r.Redact("open ticket=blue42 for ACME-123456, key sk-ant-api03-" + strings.Repeat("x9Y", 10))
	want := "open ticket=[REDACTED:user] for [REDACTED:user], key [REDACTED:anthropic]"
	if out != want || len(fs) != 3 {
		t.Errorf("Redact = %q (%d findings), want %q", out, len(fs), want)
	}
	if out, _ := defaultRedactor.Redact("ACME-123456"); out != "ACME-123456" {
		t.Errorf("a user pattern leaked into the default redactor: %q", out)
	}
}

func TestNewRejectsBadPatterns(t *testing.T) {
	for _, p := range []string{`(unclosed`, `a*`} {
		if _, err := New([]string{`ok`, p}); err == nil || !strings.Contains(err.Error(), "pattern 2") {
			t.Errorf("New(%q) error = %v, want one naming pattern 2", p, err)
		}
	}
}

func TestSplitPatterns(t *testing.T) {
	got := SplitPatterns("a=(\\w+)\n\n  ACME-[0-9]+  \n")
	if len(got) != 2 || got[0] != `a=(\w+)` || got[1] != "ACME-[0-9]+" {
		t.Errorf("SplitPatterns = %q", got)
	}
}

func TestEmptyAndPlainText(t *testing.T) {
	for _, in := range []string{"", "nothing to see here", "ünïcödé text — with dashes"} {
		if out, fs := Redact(in); out != in || fs != nil {
			t.Errorf("Redact(%q) = %q, %v", in, out, fs)
		}
	}
}
