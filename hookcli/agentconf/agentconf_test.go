package agentconf

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/anamnesis-go/anamnesis/hookcli/claudeconf"
)

var testServer = Server{Command: "/opt/bin/anamnesis-mcpd", Args: []string{"serve", "--agent", "x"},
	Env: map[string]string{"ANAMNESIS_HOME": `/home/u "q"\store`}}

// TestRoundTrip registers the server in each agent's file, as it was before (absent, empty, or
// holding the user's own settings), checks the entry and that a second plan changes nothing, then
// removes it and checks the file is back as it was (or gone, when init created it).
func TestRoundTrip(t *testing.T) {
	tests := []struct {
		agent, before string
		want          []string // substrings of the registered file
	}{
		{Codex, "", []string{"[mcp_servers.anamnesis]\n", `command = "/opt/bin/anamnesis-mcpd"`, `args = ["serve", "--agent", "x"]`, `env = { ANAMNESIS_HOME = "/home/u \"q\"\\store" }`}},
		{Codex, "model = \"o3\" # mine\n\n[mcp_servers.other]\ncommand = \"x\"\n\n[profiles.fast]\nmodel = \"mini\"\n", []string{"model = \"o3\" # mine\n", "[mcp_servers.other]\ncommand = \"x\"\n", "[profiles.fast]\nmodel = \"mini\"\n", tomlMarker}},
		{Gemini, "", []string{`"mcpServers": {`, `"command": "/opt/bin/anamnesis-mcpd"`}},
		{Gemini, `{"theme": "dark", "mcpServers": {"other": {"command": "y"}}}`, []string{`"theme": "dark"`, `"other"`, `"anamnesis"`}},
		{Cursor, `{"mcpServers": {}}`, []string{`"anamnesis"`, `"env"`}},
		{OpenCode, `{"$schema": "https://opencode.ai/config.json", "model": "m"}`, []string{`"mcp": {`, `"type": "local"`, `"enabled": true`, `"environment"`, `"/opt/bin/anamnesis-mcpd",`}},
	}
	for _, tt := range tests {
		t.Run(tt.agent+"/"+strings.Fields(tt.before + " empty")[0], func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "conf")
			if tt.before != "" {
				if err := os.WriteFile(path, []byte(tt.before), 0o640); err != nil {
					t.Fatal(err)
				}
			}
			e, err := Plan(tt.agent, path, "anamnesis", testServer, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !e.Changed {
				t.Fatal("first plan: no change")
			}
			if err := e.Apply(); err != nil {
				t.Fatal(err)
			}
			got, _ := os.ReadFile(path)
			for _, w := range tt.want {
				if !strings.Contains(string(got), w) {
					t.Errorf("registered file lacks %q:\n%s", w, got)
				}
			}
			if tt.agent != Codex {
				if _, err := claudeconf.ParseObject(got); err != nil {
					t.Fatalf("not JSON: %v\n%s", err, got)
				}
			}
			if again, err := Plan(tt.agent, path, "anamnesis", testServer, nil); err != nil || again.Changed {
				t.Fatalf("second plan: changed=%v err=%v", again != nil && again.Changed, err)
			}
			if ok, err := Registered(tt.agent, path, "anamnesis"); err != nil || !ok {
				t.Fatalf("Registered: %v %v", ok, err)
			}
			r, err := Unplan(tt.agent, path, "anamnesis")
			if err != nil || !r.Changed {
				t.Fatalf("unplan: %+v %v", r, err)
			}
			if err := r.Apply(); err != nil {
				t.Fatal(err)
			}
			after, err := os.ReadFile(path)
			switch {
			case tt.before == "":
				if !errors.Is(err, os.ErrNotExist) {
					t.Fatalf("a file init created is still there: %q", after)
				}
			case tt.agent == Codex:
				if string(after) != tt.before {
					t.Fatalf("after uninstall:\n%q\nwant\n%q", after, tt.before)
				}
			default:
				a, _ := claudeconf.ParseObject(after)
				b, _ := claudeconf.ParseObject([]byte(tt.before))
				if string(claudeconf.Marshal(a)) != string(claudeconf.Marshal(b)) {
					t.Fatalf("after uninstall:\n%s\nwant\n%s", after, tt.before)
				}
			}
			if tt.before != "" {
				if bak, err := os.ReadFile(path + ".bak"); err != nil || string(bak) != tt.before {
					t.Fatalf("backup %q, %v", bak, err)
				}
				if info, _ := os.Stat(path); info != nil && info.Mode().Perm() != 0o640 {
					t.Errorf("mode %v, want 0640 kept", info.Mode().Perm())
				}
			}
		})
	}
}

// TestCodexReplacesOldTable checks that a changed server (another binary path, another store)
// replaces the old table and its sub-tables, whatever their layout, and nothing else.
func TestCodexReplacesOldTable(t *testing.T) {
	before := "a = 1\n\n[mcp_servers.anamnesis]\ncommand = \"/old/anamnesis-mcpd\"\n\n[mcp_servers.anamnesis.env]\nANAMNESIS_HOME = \"/old\"\n\n[[profiles]]\nname = \"p\"\n"
	path := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(path, []byte(before), 0o600); err != nil {
		t.Fatal(err)
	}
	e, err := Plan(Codex, path, "anamnesis", testServer, nil)
	if err != nil || !e.Changed {
		t.Fatal(err)
	}
	got := string(e.after)
	if strings.Contains(got, "/old") || strings.Count(got, "[mcp_servers.anamnesis]") != 1 ||
		!strings.Contains(got, "[[profiles]]\nname = \"p\"\n") || !strings.HasPrefix(got, "a = 1\n") {
		t.Fatalf("replaced:\n%s", got)
	}
}

func TestBadJSONIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	if err := os.WriteFile(path, []byte(`{"theme": "dark",`), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, f := range []func() (*Edit, error){
		func() (*Edit, error) { return Plan(Gemini, path, "anamnesis", testServer, nil) },
		func() (*Edit, error) { return Unplan(Gemini, path, "anamnesis") },
	} {
		if _, err := f(); !errors.Is(err, claudeconf.ErrNotJSON) || !strings.Contains(err.Error(), "nothing was changed") {
			t.Fatalf("got %v", err)
		}
	}
	if b, _ := os.ReadFile(path); string(b) != `{"theme": "dark",` {
		t.Fatal("the file was changed")
	}
}

func TestParseAgents(t *testing.T) {
	tests := []struct {
		in   string
		want string
		err  bool
	}{
		{"claude", "claude", false},
		{"Codex, gemini,codex", "codex,gemini", false},
		{"all", "claude,codex,gemini,cursor,opencode", false},
		{"vscode", "", true},
		{"", "", true},
	}
	for _, tt := range tests {
		got, err := ParseAgents(tt.in)
		if (err != nil) != tt.err || strings.Join(got, ",") != tt.want {
			t.Errorf("ParseAgents(%q) = %v, %v", tt.in, got, err)
		}
	}
}

func TestConfigPath(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("CODEX_HOME", "")
	t.Setenv("XDG_CONFIG_HOME", "")
	want := map[string]string{
		Codex: ".codex/config.toml", Gemini: ".gemini/settings.json", Cursor: ".cursor/mcp.json", OpenCode: ".config/opencode/opencode.json",
	}
	for agent, rel := range want {
		if got, err := ConfigPath(agent); err != nil || got != filepath.Join(home, rel) {
			t.Errorf("%s: %s %v", agent, got, err)
		}
	}
	t.Setenv("CODEX_HOME", "/srv/codex")
	t.Setenv("XDG_CONFIG_HOME", "/srv/xdg")
	if got, _ := ConfigPath(Codex); got != "/srv/codex/config.toml" {
		t.Errorf("CODEX_HOME: %s", got)
	}
	if got, _ := ConfigPath(OpenCode); got != "/srv/xdg/opencode/opencode.json" {
		t.Errorf("XDG_CONFIG_HOME: %s", got)
	}
}

// TestGeminiHooks registers Anamnesis's hooks next to a user's own hook on the same event, checks a
// second plan changes nothing, and that removal leaves exactly the user's hook.
func TestGeminiHooks(t *testing.T) {
	before := `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "echo hi", "name": "mine"}]}]}}`
	path := filepath.Join(t.TempDir(), "settings.json")
	if err := os.WriteFile(path, []byte(before), 0o600); err != nil {
		t.Fatal(err)
	}
	hooks := []Hook{
		{Event: "SessionStart", Command: "/bin/anamnesis hook session-start", Name: "anamnesis-session-start", Timeout: 5000},
		{Event: "BeforeAgent", Command: "/bin/anamnesis hook prompt", Name: "anamnesis-prompt", Timeout: 2000},
	}
	e, err := Plan(Gemini, path, "anamnesis", testServer, hooks)
	if err != nil || !e.Changed {
		t.Fatal(err)
	}
	if err := e.Apply(); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	for _, w := range []string{`"echo hi"`, `"/bin/anamnesis hook session-start"`, `"BeforeAgent"`, `"timeout": 2000`, `"mcpServers"`} {
		if !strings.Contains(string(got), w) {
			t.Errorf("settings lack %s:\n%s", w, got)
		}
	}
	if again, err := Plan(Gemini, path, "anamnesis", testServer, hooks); err != nil || again.Changed {
		t.Fatalf("second plan changed: %v", err)
	}
	r, err := Unplan(Gemini, path, "anamnesis")
	if err != nil || !r.Changed {
		t.Fatal(err)
	}
	if err := r.Apply(); err != nil {
		t.Fatal(err)
	}
	after, _ := os.ReadFile(path)
	a, _ := claudeconf.ParseObject(after)
	b, _ := claudeconf.ParseObject([]byte(before))
	if string(claudeconf.Marshal(a)) != string(claudeconf.Marshal(b)) {
		t.Fatalf("after removal:\n%s\nwant\n%s", after, before)
	}
}

func TestInstalled(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("CODEX_HOME", "")
	t.Setenv("XDG_CONFIG_HOME", "")
	bin := t.TempDir()
	t.Setenv("PATH", bin)
	if got := Installed(); len(got) != 0 {
		t.Fatalf("nothing installed, got %v", got)
	}
	if err := os.MkdirAll(filepath.Join(home, ".gemini"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bin, "opencode"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(Installed(), ","); got != "gemini,opencode" {
		t.Fatalf("Installed() = %s, want gemini,opencode", got)
	}
}
