package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCaptureCommand: "anamnesis capture" refuses what it cannot sweep with a usage error, and
// captures a real Codex rollout file under --root into a note tagged agent:codex; a second run
// finds nothing changed.
func TestCaptureCommand(t *testing.T) {
	e := newInitEnv(t)
	for _, args := range [][]string{{"capture"}, {"capture", "--agent", "claude"}, {"capture", "--agent", "cursor"},
		{"capture", "--agent", "codex,gemini", "--root", e.home}, {"capture", "--agent", "codex", "extra"}} {
		if _, errs, code := e.run(t, args...); code != 2 || errs == "" {
			t.Errorf("%v: exit %d, stderr %q; want a usage error", args, code, errs)
		}
	}
	root := filepath.Join(e.home, "codex")
	data, err := os.ReadFile(filepath.Join("..", "..", "core", "capture", "testdata", "agents", "codex-exec-command.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	e.write(t, filepath.Join(root, "sessions", "2026", "11", "23", "rollout-x.jsonl"), string(data))
	out, errs, code := e.run(t, "capture", "--agent", "codex", "--root", root, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var res struct {
		Sweeps []struct {
			Agent    string
			Sessions int
		}
		Drain struct{ Written []string }
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || len(res.Sweeps) != 1 || res.Sweeps[0].Sessions != 1 || len(res.Drain.Written) != 1 {
		t.Fatalf("capture --json: %s (%v)", out, err)
	}
	show, _, _ := e.run(t, "show", res.Drain.Written[0])
	if !strings.Contains(show, "agent:codex") || !strings.Contains(show, "touch zanzibar.txt") {
		t.Errorf("captured note:\n%s", show)
	}
	out, errs, code = e.run(t, "capture", "--agent", "codex", "--root", root)
	if code != 0 || !strings.Contains(out, "codex:    0 session(s) changed since") {
		t.Errorf("second capture: exit %d\n%s%s", code, out, errs)
	}
}
