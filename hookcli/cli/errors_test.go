package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A failed command prints one line that names the command once: "anamnesis sync: <why>", never
// "anamnesis sync: sync: <why>". Each row makes a command fail at run time (not at flag parsing)
// against a real store.
func TestErrorsNameTheCommandOnce(t *testing.T) {
	e := newEnv(t)
	e.ok("", "write", "--type", "semantic", "--title", "t", "--body", "b")
	missing := filepath.Join(t.TempDir(), "nope.json")
	good := []struct {
		code int
		want string
		args []string
	}{
		{1, "note not found", []string{"show", "01J9Z8YPM7Q3X2V4WT6B5N0KGD"}},
		{1, "note not found", []string{"forget", "01J9Z8YPM7Q3X2V4WT6B5N0KGD"}},
		{1, "cursor", []string{"search", "x", "--cursor", "garbage"}},
		{1, "scope must be portable or machine-local", []string{"list", "--scope", "cloud"}},
		{2, "unknown setting", []string{"config", "set", "no.such", "1"}},
		{1, "nope.json", []string{"migrate", "--map", missing}},
	}
	for _, tc := range good {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			e.t = t
			e.fails(tc.code, tc.want, tc.args...)
		})
	}
	// A config.json that is not JSON stops sync (and config set) with the file's own sentence.
	if err := os.WriteFile(filepath.Join(e.home, "config.json"), []byte("{bad"), 0o600); err != nil {
		t.Fatal(err)
	}
	broken := []struct {
		code int
		want string
		args []string
	}{
		{1, "anamnesis sync: not syncing: config.json is not a valid JSON object", []string{"sync"}},
		{1, "anamnesis sync: not syncing: config.json is not a valid JSON object", []string{"sync", "--json"}},
		{2, "config.json is not a valid JSON object", []string{"config", "set", "inject_budget_tokens", "900"}},
	}
	for _, tc := range broken {
		t.Run("broken config/"+strings.Join(tc.args, " "), func(t *testing.T) {
			e.t = t
			e.fails(tc.code, tc.want, tc.args...)
		})
	}
}
