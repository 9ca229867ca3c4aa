package claudecode

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestHarnessDeliversHookContext checks the harness itself against the real client: a plain
// SessionStart hook's additionalContext must reach the fake Messages API in the form the memory
// tests look for. If this fails, the client changed, not Anamnesis.
func TestHarnessDeliversHookContext(t *testing.T) {
	needClaude(t)
	m := newMachine(t, "")
	settings := `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "timeout": 5,
		"command": "echo '{\"hookSpecificOutput\":{\"hookEventName\":\"SessionStart\",\"additionalContext\":\"harness-marker-7c1f\"}}'"}]}]}}`
	writeFile(t, filepath.Join(m.home, ".claude", "settings.json"), settings)
	m.must("", "claude", "-p", "say hi", "--output-format", "json")
	if !seen(m.api.Requests(), "SessionStart hook additional context: harness-marker-7c1f") {
		t.Fatalf("the hook's context did not reach the model; %d requests recorded", len(m.api.Requests()))
	}
}

// TestInitRegistersWithRealClaude runs init with claude on PATH, so the MCP server is registered
// through "claude mcp add", then uninstall through "claude mcp remove". A stand-in
// anamnesis-mcpd is enough here: registration does not start the server.
func TestInitRegistersWithRealClaude(t *testing.T) {
	needClaude(t)
	stub := filepath.Join(t.TempDir(), "anamnesis-mcpd")
	writeFile(t, stub, "#!/bin/sh\nexit 1\n")
	os.Chmod(stub, 0o755)
	m := newMachine(t, stub)
	writeFile(t, filepath.Join(m.home, ".claude", "settings.json"),
		`{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "true"}]}]}}`)

	out := m.must("", "anamnesis", "init", "--yes", "--machine-id", "e2e")
	if !strings.Contains(out, "mcp server: anamnesis -> "+filepath.Join(m.bin, "anamnesis-mcpd")+" (registered)") {
		t.Fatalf("init output:\n%s", out)
	}
	got := m.must("", "claude", "mcp", "get", "anamnesis")
	for _, want := range []string{filepath.Join(m.bin, "anamnesis-mcpd"), "serve --agent claude", "ANAMNESIS_HOME=" + filepath.Join(m.home, ".anamnesis")} {
		if !strings.Contains(got, want) {
			t.Errorf("claude mcp get anamnesis lacks %q:\n%s", want, got)
		}
	}
	entry := func() string {
		var doc struct {
			MCPServers map[string]json.RawMessage `json:"mcpServers"`
		}
		data, _ := os.ReadFile(filepath.Join(m.home, ".claude.json"))
		json.Unmarshal(data, &doc)
		return string(doc.MCPServers["anamnesis"])
	}
	first, settings := entry(), readFile(t, filepath.Join(m.home, ".claude", "settings.json"))
	out = m.must("", "anamnesis", "init", "--yes", "--machine-id", "e2e")
	if strings.Count(out, "up to date") != 3 || entry() != first || readFile(t, filepath.Join(m.home, ".claude", "settings.json")) != settings {
		t.Fatalf("second init was not a no-op:\n%s", out)
	}

	m.must("", "anamnesis", "uninstall")
	if _, _, err := m.run("", "claude", "mcp", "get", "anamnesis"); err == nil {
		t.Fatal("claude still knows the anamnesis server after uninstall")
	}
	if s := readFile(t, filepath.Join(m.home, ".claude", "settings.json")); strings.Contains(s, "anamnesis") || !strings.Contains(s, `"true"`) {
		t.Fatalf("settings after uninstall:\n%s", s)
	}
}

// TestMCPListConnected: after init, Claude Code starts the registered server and completes the
// MCP handshake with it.
func TestMCPListConnected(t *testing.T) {
	needClaude(t)
	if !haveMCPD {
		t.Skip("skipping: mcpd/cmd/anamnesis-mcpd is not in this tree (built by the MCP server issue)")
	}
	m := newMachine(t, "")
	m.must("", "anamnesis", "init", "--yes")
	out := m.must("", "claude", "mcp", "list")
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "anamnesis:") {
			if !strings.Contains(line, "✔ Connected") {
				t.Fatalf("anamnesis is not connected: %s", line)
			}
			return
		}
	}
	t.Fatalf("claude mcp list does not list anamnesis:\n%s", out)
}

// TestSessionMemoryRoundTrip: after init, a session start gives the model the project's memory,
// and the finished session is captured as one episodic note.
func TestSessionMemoryRoundTrip(t *testing.T) {
	needClaude(t)
	if hookWhy != "" {
		t.Skip("skipping: " + hookWhy)
	}
	m := newMachine(t, "")
	m.must("", "anamnesis", "init", "--yes", "--machine-id", "e2e")
	const fact = "The demo service listens on port 7431 and its health check is GET /livez."
	m.must(fact, "anamnesis", "write", "--type", "semantic", "--title", "Demo service port and health check")

	writeTarget.Lock()
	writeTarget.path = filepath.Join(m.project, "hello.txt")
	writeTarget.Unlock()
	out := m.must("", "claude", "-p", "please create hello.txt with a greeting", "--allowedTools", "Write", "--output-format", "json")
	var res struct {
		SessionID string `json:"session_id"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || res.SessionID == "" {
		t.Fatalf("claude -p output has no session_id: %v\n%s", err, out)
	}

	t.Run("session start delivers memory", func(t *testing.T) {
		ctxs := hookContexts(m.api.Requests(), "SessionStart hook additional context:")
		if len(ctxs) == 0 {
			t.Fatalf("no SessionStart context reached the model:\n%s", m.api.Summary())
		}
		for _, c := range ctxs {
			if strings.Contains(c, fact) {
				return
			}
		}
		t.Fatalf("the seeded note is not in the SessionStart context:\n%s", ctxs[0])
	})

	t.Run("finished session is captured", func(t *testing.T) {
		if _, err := os.Stat(filepath.Join(m.project, "hello.txt")); err != nil {
			t.Fatalf("the session did not write hello.txt, so there is little to capture: %v\n%s", err, m.api.Summary())
		}
		// The next session start drains the capture spool.
		m.must("", "claude", "-p", "what did we do?", "--output-format", "json")
		pattern := regexp.MustCompile(`(?m)^prov_session: '?` + regexp.QuoteMeta(res.SessionID) + `'?$`)
		// A detached worker may still be writing; wait for it, bounded by the test's own deadline.
		deadline := time.Now().Add(60 * time.Second)
		for {
			notes := capturedNotes(t, m, pattern)
			if len(notes) == 1 {
				if !strings.Contains(notes[0], "hello.txt") {
					t.Errorf("the capture note does not mention the file the session wrote:\n%s", notes[0])
				}
				if !strings.Contains(notes[0], "agent:claude") {
					t.Errorf("the capture note of a Claude Code session is not tagged agent:claude:\n%s", notes[0])
				}
				return
			}
			if len(notes) > 1 || time.Now().After(deadline) {
				t.Fatalf("found %d capture notes for session %s, want 1", len(notes), res.SessionID)
			}
			time.Sleep(200 * time.Millisecond)
		}
	})

	// init wired the hooks to anamnesis-hook, whose first hook started the resident server: with
	// anamnesis-cli, the whole program, made unrunnable (its size and time unchanged, so the server's name is
	// the same), a new session still gets its memory, which only the server can have given.
	t.Run("hooks are answered by the resident server", func(t *testing.T) {
		settings := readFile(t, filepath.Join(m.home, ".claude", "settings.json"))
		if !strings.Contains(settings, filepath.Join(m.bin, "anamnesis-hook")+" hook session-start") {
			t.Fatalf("init did not wire the hooks to anamnesis-hook:\n%s", settings)
		}
		m.waitForHookServer(t, "after two sessions")
		full := filepath.Join(m.bin, "anamnesis-cli")
		if err := os.Chmod(full, 0o644); err != nil {
			t.Fatal(err)
		}
		defer os.Chmod(full, 0o755)
		before := len(m.api.Requests())
		m.must("", "claude", "-p", "remind me of the demo service", "--output-format", "json")
		for _, c := range hookContexts(m.api.Requests()[before:], "SessionStart hook additional context:") {
			if strings.Contains(c, fact) {
				return
			}
		}
		t.Fatalf("with anamnesis unrunnable, the session got no memory: the server did not answer\n%s", m.api.Summary())
	})
}

func capturedNotes(t *testing.T, m *machine, pattern *regexp.Regexp) []string {
	t.Helper()
	var found []string
	for _, tree := range []string{"memory", "local"} {
		files, _ := filepath.Glob(filepath.Join(m.home, ".anamnesis", tree, "episodic", "*.md"))
		for _, f := range files {
			if text := readFile(t, f); pattern.MatchString(text) {
				found = append(found, text)
			}
		}
	}
	return found
}

// hookContexts returns every string in the request bodies that starts with prefix: the text
// blocks or messages in which Claude Code hands hook output to the model.
func hookContexts(reqs []string, prefix string) []string {
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch t := v.(type) {
		case string:
			if i := strings.Index(t, prefix); i >= 0 {
				out = append(out, t[i:])
			}
		case []any:
			for _, e := range t {
				walk(e)
			}
		case map[string]any:
			for _, e := range t {
				walk(e)
			}
		}
	}
	for _, r := range reqs {
		var v any
		if json.Unmarshal([]byte(r), &v) == nil {
			walk(v)
		}
	}
	return out
}

func seen(reqs []string, s string) bool {
	for _, r := range reqs {
		// Request bodies are JSON: the text may be escaped there.
		if strings.Contains(r, s) || strings.Contains(r, jsonEscape(s)) {
			return true
		}
	}
	return false
}

func jsonEscape(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}

func writeFile(t testing.TB, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readFile(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
