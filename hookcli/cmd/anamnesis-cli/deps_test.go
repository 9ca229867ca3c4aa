package main

import (
	"os/exec"
	"strings"
	"testing"
)

// The anamnesis binary is the one Claude Code starts on every prompt; the dashboard's libraries
// cost every process that links them ~16 ms of initialisation, so they live in anamnesis-ui and
// must never come back here through an import.
func TestAnamnesisDoesNotLinkTheDashboard(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 10 {
		t.Fatalf("go list -deps listed only %d packages: %q", len(deps), deps)
	}
	for _, p := range deps {
		for _, banned := range []string{"/hookcli/ui", "github.com/yuin/goldmark", "github.com/microcosm-cc/bluemonday", "github.com/gorilla/css"} {
			if strings.Contains(p, banned) {
				t.Errorf("anamnesis links %s; the dashboard belongs in anamnesis-ui", p)
			}
		}
	}
}
