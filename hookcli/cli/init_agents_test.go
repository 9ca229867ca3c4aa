package cli

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInitOtherAgents runs init --agent for the four other agents and uninstall --agent for one
// of them: each file gets the server running "serve --agent <name>", Claude Code's files are not
// touched when --agent does not name it, and uninstall removes only what it is asked to.
func TestInitOtherAgents(t *testing.T) {
	e := newInitEnv(t)
	t.Setenv("CODEX_HOME", "")
	t.Setenv("XDG_CONFIG_HOME", "")
	files := map[string]string{
		"codex":    filepath.Join(e.home, ".codex", "config.toml"),
		"gemini":   filepath.Join(e.home, ".gemini", "settings.json"),
		"cursor":   filepath.Join(e.home, ".cursor", "mcp.json"),
		"opencode": filepath.Join(e.home, ".config", "opencode", "opencode.json"),
	}
	e.write(t, files["gemini"], `{"theme": "dark"}`)

	out, errs, code := e.run(t, "init", "--yes", "--agent", "codex,gemini,cursor,opencode", "--print")
	if code != 0 || !strings.Contains(out, "codex:") || !strings.Contains(out, "will register") {
		t.Fatalf("--print: exit %d\n%s%s", code, out, errs)
	}
	if _, err := os.Stat(files["codex"]); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("--print wrote a file")
	}

	out, errs, code = e.run(t, "init", "--yes", "--agent", "codex,gemini,cursor,opencode", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var plan struct {
		Agents []struct {
			Agent, Path, Key string
			Changed, Written bool
		} `json:"agents"`
	}
	if err := json.Unmarshal([]byte(out), &plan); err != nil || len(plan.Agents) != 5 {
		t.Fatalf("plan %s: %v", out, err)
	}
	codexHooks := filepath.Join(e.home, ".codex", "hooks.json")
	for _, a := range plan.Agents {
		if a.Key == "hooks" {
			// Codex's hooks, in their own file: Claude Code's events and handlers, capture with
			// --agent codex, SessionEnd within Codex's 3 s.
			text := read(t, codexHooks)
			if a.Agent != "codex" || a.Path != codexHooks || !a.Written {
				t.Errorf("codex hooks edit %+v", a)
			}
			for _, want := range []string{`"SessionStart"`, "anamnesis hook session-start", `"UserPromptSubmit"`, "anamnesis hook prompt",
				"anamnesis hook --agent codex stop", "anamnesis hook --agent codex session-end", `"timeout": 3`} {
				if !strings.Contains(text, want) {
					t.Errorf("codex hooks.json lacks %s:\n%s", want, text)
				}
			}
			continue
		}
		if a.Path != files[a.Agent] || !a.Changed || !a.Written {
			t.Errorf("agent %+v", a)
		}
		text := read(t, files[a.Agent])
		if !strings.Contains(text, "/opt/anamnesis/bin/anamnesis-mcpd") || !strings.Contains(text, `"`+a.Agent+`"`) {
			t.Errorf("%s: %s", a.Agent, text)
		}
	}
	if !strings.Contains(read(t, files["gemini"]), `"theme": "dark"`) {
		t.Error("gemini settings lost the user's key")
	}
	if g := read(t, files["gemini"]); !strings.Contains(g, `"SessionEnd"`) || !strings.Contains(g, "anamnesis hook --agent gemini session-end") {
		t.Errorf("gemini has no SessionEnd capture hook:\n%s", g)
	}
	// The agents without a capture hook of ours are watched by the sync cycles' sweep from now on.
	sweeps := filepath.Join(e.home, ".anamnesis", "agents")
	for agent, want := range map[string]bool{"codex": true, "gemini": true, "opencode": true, "cursor": false} {
		if _, err := os.Stat(filepath.Join(sweeps, agent+".json")); (err == nil) != want {
			t.Errorf("%s watched: %v, want %v", agent, err == nil, want)
		}
	}
	for _, p := range []string{e.settings, e.global} {
		if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s was written though --agent did not name claude", p)
		}
	}

	// Uninstall only Codex: its file (created by init) goes; the others stay.
	if out, errs, code = e.run(t, "uninstall", "--agent", "codex"); code != 0 || !strings.Contains(out, "removed") {
		t.Fatalf("uninstall: exit %d\n%s%s", code, out, errs)
	}
	if _, err := os.Stat(files["codex"]); !errors.Is(err, os.ErrNotExist) {
		t.Error("codex config.toml that init created is still there")
	}
	if _, err := os.Stat(codexHooks); !errors.Is(err, os.ErrNotExist) {
		t.Error("codex hooks.json that init created is still there")
	}
	if !strings.Contains(read(t, files["cursor"]), "anamnesis") {
		t.Error("uninstall --agent codex touched cursor")
	}
	if _, err := os.Stat(filepath.Join(sweeps, "codex.json")); !errors.Is(err, os.ErrNotExist) {
		t.Error("codex is still watched after uninstall --agent codex")
	}
	if _, err := os.Stat(filepath.Join(sweeps, "opencode.json")); err != nil {
		t.Error("uninstall --agent codex stopped watching opencode")
	}
	// Uninstall everything else: Gemini's file is back to the user's key alone.
	if _, errs, code = e.run(t, "uninstall"); code != 0 {
		t.Fatalf("uninstall: %s", errs)
	}
	if got := strings.Join(strings.Fields(read(t, files["gemini"])), ""); got != `{"theme":"dark"}` {
		t.Errorf("gemini after uninstall: %s", got)
	}
	if _, errs, code = e.run(t, "init", "--agent", "vscode"); code != 2 || !strings.Contains(errs, "--agent must be one or more of") {
		t.Errorf("bad agent: exit %d %s", code, errs)
	}
}
