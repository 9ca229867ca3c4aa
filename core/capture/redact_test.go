package capture

import (
	"strings"
	"testing"
)

// The redactor's own tables live in package redact; this checks that capture goes through it.
func TestCaptureRedactsWithRuleMarkers(t *testing.T) {
	body := "ran `mysql -u root -p'" + "Tr0ub4dor&3" + "' app` and `export MY_APP_TOKEN=abc123xyz`"
	got := Redact(body)
	for _, want := range []string{"-p'[REDACTED:cli-password]'", "MY_APP_TOKEN=[REDACTED:secret-assignment]"} {
		if !strings.Contains(got, want) {
			t.Errorf("Redact(%q) = %q, want it to contain %q", body, got, want)
		}
	}
	if strings.Contains(got, "Tr0ub4dor") || strings.Contains(got, "abc123xyz") {
		t.Errorf("a secret survived: %q", got)
	}
}
