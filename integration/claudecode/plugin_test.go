package claudecode

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// repoRoot is the repository: its .claude-plugin/marketplace.json lists the plugin in plugin/.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// installPlugin adds the repository as a marketplace and installs the plugin from it, as a user
// would with /plugin marketplace add and /plugin install.
func (m *machine) installPlugin(t *testing.T) {
	t.Helper()
	out := m.must("", "claude", "plugin", "marketplace", "add", repoRoot(t))
	if !strings.Contains(out, "anamnesis") {
		t.Fatalf("marketplace add: %s", out)
	}
	m.must("", "claude", "plugin", "install", "anamnesis@anamnesis")
	if list := m.must("", "claude", "plugin", "list"); !strings.Contains(list, "anamnesis@anamnesis") || !strings.Contains(list, "enabled") {
		t.Fatalf("claude plugin list after install:\n%s", list)
	}
}

// countContaining counts the occurrences of s in the hook contexts (Claude Code may join the
// contexts of several hooks into one message).
func countContaining(ctxs []string, s string) int {
	n := 0
	for _, c := range ctxs {
		n += strings.Count(c, s)
		if e := jsonEscape(s); e != s {
			n += strings.Count(c, e)
		}
	}
	return n
}

// TestPluginInstallAndSession installs the plugin from the repository's marketplace with the real
// client, then runs sessions against the stand-in API: the plugin's hooks inject the project's
// memory and its MCP server answers memory_search. After "anamnesis init" installs the same hooks
// and server, the plugin's copies step aside: the memory arrives once, and the tools are offered
// once, by init's server.
func TestPluginInstallAndSession(t *testing.T) {
	needClaude(t)
	if !haveMCPD || hookWhy != "" {
		t.Skip("skipping: needs anamnesis-mcpd and the hooks in this tree")
	}
	m := newMachine(t, "")
	m.installPlugin(t)
	const fact = "Rotate with vault write -f database/rotate-root/app; never by hand."
	m.must(fact, "anamnesis", "write", "--type", "procedural", "--title", "Rotate database credentials with vault")

	out := m.must("", "claude", "mcp", "list")
	if !strings.Contains(out, "plugin:anamnesis:anamnesis:") || !strings.Contains(out, "✔ Connected") {
		t.Fatalf("the plugin's MCP server is not connected:\n%s", out)
	}

	const pluginTool = "mcp__plugin_anamnesis_anamnesis__memory_search"
	t.Run("plugin alone", func(t *testing.T) {
		m.api.Reset()
		m.api.SetModel(searchingModel(pluginTool, "rotate database credentials"))
		m.must("", "claude", "-p", "how do we rotate database credentials?", "--allowedTools", pluginTool+",ToolSearch", "--output-format", "json")
		reqs := m.api.Requests()
		if n := countContaining(hookContexts(reqs, "SessionStart hook additional context:"), fact); n == 0 {
			t.Fatalf("the plugin's SessionStart hook did not inject the note:\n%s", m.api.Summary())
		}
		s := measure(reqs, pluginTool)
		if s.calls == 0 || !seen(reqs, `"toolu_search01"`) {
			t.Fatalf("the model never called the plugin's memory_search:\n%s", m.api.Summary())
		}
		if !toolResultHas(reqs, "toolu_search01", "rotate-root/app") {
			t.Fatalf("the plugin's memory_search did not return the note:\n%s", m.api.Summary())
		}
		// The shim ran the hooks through anamnesis-hook, whose first hook started the server.
		m.waitForHookServer(t, "after the plugin's hooks ran")
	})

	t.Run("init installed too: the plugin steps aside", func(t *testing.T) {
		m.must("", "anamnesis", "init", "--yes", "--machine-id", "e2e")
		const initTool = "mcp__anamnesis__memory_search"
		m.api.Reset()
		m.api.SetModel(searchingModel(initTool, "rotate database credentials"))
		m.must("", "claude", "-p", "how do we rotate database credentials?", "--allowedTools", initTool+",ToolSearch", "--output-format", "json")
		reqs := m.api.Requests()
		ctxs := hookContexts(reqs, "SessionStart hook additional context:")
		// The context can be replayed in later requests of the turn; count it in the first one.
		var first []string
		for _, r := range reqs {
			if c := hookContexts([]string{r}, "SessionStart hook additional context:"); len(c) > 0 {
				first = c
				break
			}
		}
		if n := countContaining(first, fact); n != 1 {
			t.Fatalf("the note was injected %d times in one request, want once (%d contexts in all)", n, len(ctxs))
		}
		if seen(reqs, pluginTool) {
			t.Fatalf("the plugin's server still offers its tools beside init's")
		}
		if !toolResultHas(reqs, "toolu_search01", "rotate-root/app") {
			t.Fatalf("init's memory_search did not answer:\n%s", m.api.Summary())
		}
	})
}

// TestPluginFailsOpenWithoutBinaries: with the plugin installed but no anamnesis binaries
// anywhere, a session still runs, and the shim says in one line how to install them.
func TestPluginFailsOpenWithoutBinaries(t *testing.T) {
	needClaude(t)
	m := newMachine(t, "")
	m.installPlugin(t)
	// anamnesis-hook is left in place: without anamnesis beside it, the shim must not pick it.
	for _, b := range []string{"anamnesis", "anamnesis-cli", "anamnesis-mcpd"} {
		os.Remove(filepath.Join(m.bin, b))
	}
	out := m.must("", "claude", "-p", "say hi", "--output-format", "json")
	if !strings.Contains(out, `"is_error":false`) {
		t.Fatalf("the session did not complete without the binaries:\n%s", out)
	}

	shim := filepath.Join(repoRoot(t), "plugin", "scripts", "anamnesis-shim")
	cmd := exec.Command(shim, "anamnesis", "hook", "--plugin", "session-start")
	cmd.Env = m.env()
	cmd.Stdin = strings.NewReader(`{"session_id":"s1"}`)
	got, err := cmd.Output()
	if err != nil || !strings.Contains(string(got), `"systemMessage"`) || !strings.Contains(string(got), "make install") {
		t.Fatalf("session-start without the binary: %v, %q", err, got)
	}
	cmd = exec.Command(shim, "anamnesis", "hook", "--plugin", "prompt")
	cmd.Env = m.env()
	cmd.Stdin = strings.NewReader(`{}`)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if out, err := cmd.Output(); err != nil || len(out) != 0 || strings.Count(stderr.String(), "\n") != 1 {
		t.Fatalf("prompt hook without the binary must exit 0 silently with one line on stderr: %v %q %q", err, out, stderr.String())
	}
	cmd = exec.Command(shim, "anamnesis-mcpd", "serve", "--plugin")
	cmd.Env = m.env()
	if err := cmd.Run(); err == nil {
		t.Fatal("the MCP server shim without the binary must fail, so /mcp shows it as failed")
	}
}

// toolResultHas reports whether some request carries the result of tool call id containing s.
func toolResultHas(reqs []string, id, s string) bool {
	for _, r := range reqs {
		i := strings.Index(r, `"tool_use_id":"`+id+`"`)
		if i < 0 {
			continue
		}
		if strings.Contains(r[i:], s) {
			return true
		}
	}
	return false
}
