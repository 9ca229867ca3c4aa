package redact

import (
	"os"
	"strings"
	"testing"
)

// TestGitleaksCoverage measures how many of gitleaks' rules (config/gitleaks.toml) the redactor
// covers: testdata/gitleaks_samples.py draws one string per rule from the rule's own regular
// expression and names the part gitleaks calls the secret; this test redacts each string and
// counts the secrets gone. The samples are not stored in the repository (they would be
// live-looking secrets), so the test runs only when ANAMNESIS_REDACT_GITLEAKS_SAMPLES names
// the file the script wrote:
//
//	python3 core/redact/testdata/gitleaks_samples.py gitleaks.toml > /tmp/samples.tsv
//	ANAMNESIS_REDACT_GITLEAKS_SAMPLES=/tmp/samples.tsv go test -run TestGitleaksCoverage -v ./core/redact
func TestGitleaksCoverage(t *testing.T) {
	path := os.Getenv("ANAMNESIS_REDACT_GITLEAKS_SAMPLES")
	if path == "" {
		t.Skip("set ANAMNESIS_REDACT_GITLEAKS_SAMPLES to the output of testdata/gitleaks_samples.py")
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read samples: %v", err)
	}
	caught, total, skipped := 0, 0, 0
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		f := strings.SplitN(line, "\t", 4)
		if len(f) < 4 || f[1] != "OK" {
			skipped++
			continue
		}
		total++
		text := strings.ReplaceAll(f[2], `\n`, "\n")
		secret := strings.ReplaceAll(f[3], `\n`, "\n")
		if k := strings.IndexByte(secret, '='); k > 0 && identifier().MatchString(secret[:k]) {
			// gitleaks' secret is NAME=value (_gitlab_session=…); the name is kept readable on
			// purpose, so only the value must be gone.
			secret = secret[k+1:]
		}
		out, _ := Redact(text)
		if leaked(secretCase{secrets: []string{secret}}, out) {
			t.Logf("missed %s: %q", f[0], text)
			continue
		}
		caught++
	}
	t.Logf("gitleaks rules covered: %d/%d samples (%d rules without a sample)", caught, total, skipped)
	if total == 0 {
		t.Fatal("no samples in the file")
	}
}
