package hooks

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestPluginHooksMatchEvents holds the plugin's hooks/hooks.json to the hook table init
// registers from: the same events, matchers and timeouts, each running "anamnesis hook --plugin
// <name>" through the shim, so the plugin and init cannot drift apart.
func TestPluginHooksMatchEvents(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "plugin", "hooks", "hooks.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Hooks map[string][]struct {
			Matcher string `json:"matcher"`
			Hooks   []struct {
				Type    string `json:"type"`
				Command string `json:"command"`
				Timeout int    `json:"timeout"`
			} `json:"hooks"`
		} `json:"hooks"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatalf("hooks.json: %v", err)
	}
	want := 0
	for _, e := range Events {
		if e.Claude == "" {
			continue
		}
		want++
		groups := doc.Hooks[e.Claude]
		if len(groups) != 1 || len(groups[0].Hooks) != 1 {
			t.Errorf("%s: want one group with one handler, got %+v", e.Claude, groups)
			continue
		}
		g, h := groups[0], groups[0].Hooks[0]
		wantCmd := `"${CLAUDE_PLUGIN_ROOT}/scripts/anamnesis-shim" anamnesis hook --plugin ` + e.Name
		if g.Matcher != e.Matcher || h.Type != "command" || h.Command != wantCmd || time.Duration(h.Timeout)*time.Second != e.Timeout {
			t.Errorf("%s: matcher %q command %q timeout %d; want %q, %q, %v", e.Claude, g.Matcher, h.Command, h.Timeout, e.Matcher, wantCmd, e.Timeout)
		}
	}
	if len(doc.Hooks) != want {
		t.Errorf("hooks.json has %d events, the hook table %d", len(doc.Hooks), want)
	}
}

// TestPluginServerTagsClaude: the plugin's MCP server runs with --agent claude, so notes Claude
// Code writes through the plugin carry agent:claude, as through init's registration.
func TestPluginServerTagsClaude(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "plugin", ".mcp.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		MCPServers map[string]struct {
			Args []string `json:"args"`
		} `json:"mcpServers"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	args := doc.MCPServers["anamnesis"].Args
	want := []string{"anamnesis-mcpd", "serve", "--plugin", "--agent", "claude"}
	if len(args) != len(want) {
		t.Fatalf("plugin server args %q, want %q", args, want)
	}
	for i := range want {
		if args[i] != want[i] {
			t.Fatalf("plugin server args %q, want %q", args, want)
		}
	}
}
