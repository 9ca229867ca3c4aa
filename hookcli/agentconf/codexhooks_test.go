package agentconf

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/anamnesis-go/anamnesis/hookcli/claudeconf"
)

// TestCodexHooks registers our hooks beside a user's own in Codex's hooks.json, finds a second
// plan unchanged, and removes exactly ours again, leaving the user's file as it was in content.
func TestCodexHooks(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hooks.json")
	user := `{"description": "mine", "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "notify-send done", "timeout": 5}]}]}}`
	if err := os.WriteFile(path, []byte(user), 0o600); err != nil {
		t.Fatal(err)
	}
	want := []claudeconf.Hook{
		{Event: "SessionStart", Matcher: "startup|resume", Command: "/opt/bin/anamnesis hook session-start", Timeout: 5},
		{Event: "Stop", Command: "/opt/bin/anamnesis hook --agent codex stop", Timeout: 5},
	}
	e, err := PlanCodexHooks(path, want)
	if err != nil || !e.Changed || e.Note == "" {
		t.Fatalf("plan: %+v, %v", e, err)
	}
	if err := e.Apply(); err != nil {
		t.Fatal(err)
	}
	text, _ := os.ReadFile(path)
	for _, s := range []string{"notify-send done", `"description": "mine"`, "hook --agent codex stop", `"matcher": "startup|resume"`} {
		if !strings.Contains(string(text), s) {
			t.Errorf("hooks.json lacks %s:\n%s", s, text)
		}
	}
	if again, err := PlanCodexHooks(path, want); err != nil || again.Changed {
		t.Errorf("second plan: changed %v, %v", again.Changed, err)
	}
	u, err := UnplanCodexHooks(path)
	if err != nil || !u.Changed {
		t.Fatalf("unplan: %+v, %v", u, err)
	}
	if err := u.Apply(); err != nil {
		t.Fatal(err)
	}
	after, _ := os.ReadFile(path)
	if strings.Contains(string(after), "anamnesis") || !strings.Contains(string(after), "notify-send done") {
		t.Errorf("after removal:\n%s", after)
	}
	// A file init created holds nothing else once ours are gone: it is deleted.
	fresh := filepath.Join(t.TempDir(), "hooks.json")
	e, _ = PlanCodexHooks(fresh, want)
	if err := e.Apply(); err != nil {
		t.Fatal(err)
	}
	u, _ = UnplanCodexHooks(fresh)
	if err := u.Apply(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(fresh); !os.IsNotExist(err) {
		t.Errorf("the hooks.json init created is still there: %v", err)
	}
	// Not JSON: a clear error, nothing changed.
	bad := filepath.Join(t.TempDir(), "hooks.json")
	os.WriteFile(bad, []byte("{oops"), 0o600)
	if _, err := PlanCodexHooks(bad, want); err == nil {
		t.Error("a hooks.json that is not JSON was planned over")
	}
}
