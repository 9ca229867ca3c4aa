// Package agents checks anamnesis init --agent against the real coding-agent clients npm provides:
// OpenAI's Codex CLI (@openai/codex), Google's Gemini CLI (@google/gemini-cli) and OpenCode
// (opencode-ai). After init, each client's own "mcp list" must show the server (Gemini's and
// OpenCode's also connect to it); the entry init
// wrote must start a server that tags notes with the agent; uninstall must leave the client's
// configuration as it was.
package agents

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// Pinned client versions: the formats checked are these versions' formats.
const (
	codexPkg    = "@openai/codex@0.169.0"
	geminiPkg   = "@google/gemini-cli@0.61.0"
	opencodePkg = "opencode-ai@1.18.33"
)

var (
	binDir              string // anamnesis and anamnesis-mcpd built from this tree
	codexBin, geminiBin string // "" when unavailable
	opencodeBin         string
	clientsWhy          string // why they are unavailable
)

func TestMain(m *testing.M) { os.Exit(run(m)) }

func run(m *testing.M) int {
	dir, err := os.MkdirTemp("", "anamnesis-agents-bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	binDir = dir
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	for _, pkg := range []string{"./hookcli/cmd/anamnesis", "./hookcli/cmd/anamnesis-cli", "./mcpd/cmd/anamnesis-mcpd"} {
		cmd := exec.Command("go", "build", "-o", filepath.Join(dir, filepath.Base(pkg)), pkg)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			fmt.Fprintf(os.Stderr, "go build %s: %v\n%s", pkg, err, out)
			return 1
		}
	}
	codexBin, geminiBin, opencodeBin, clientsWhy = findClients()
	return m.Run()
}

// findClients returns the three clients: $ANAMNESIS_TEST_CODEX, $ANAMNESIS_TEST_GEMINI and
// $ANAMNESIS_TEST_OPENCODE, else an npm install of the pinned versions into the user cache (once).
func findClients() (codex, gemini, opencode, why string) {
	codex, gemini, opencode = os.Getenv("ANAMNESIS_TEST_CODEX"), os.Getenv("ANAMNESIS_TEST_GEMINI"), os.Getenv("ANAMNESIS_TEST_OPENCODE")
	if codex != "" && gemini != "" && opencode != "" {
		return codex, gemini, opencode, ""
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", "", "", "no cache directory for the client installs: " + err.Error()
	}
	prefix := filepath.Join(cache, "anamnesis-test", "agents")
	bin := func(name string) string { return filepath.Join(prefix, "node_modules", ".bin", name) }
	if !runs(bin("codex")) || !runs(bin("gemini")) || !runs(bin("opencode")) {
		npm, err := exec.LookPath("npm")
		if err != nil {
			return "", "", "", "npm is not installed, so the agent clients cannot be installed"
		}
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
		defer cancel()
		fmt.Fprintf(os.Stderr, "agents: installing %s, %s and %s into %s\n", codexPkg, geminiPkg, opencodePkg, prefix)
		if err := os.MkdirAll(prefix, 0o755); err != nil {
			return "", "", "", err.Error()
		}
		out, err := exec.CommandContext(ctx, npm, "install", "--prefix", prefix, "--no-audit", "--no-fund", codexPkg, geminiPkg, opencodePkg).CombinedOutput()
		if err != nil {
			return "", "", "", fmt.Sprintf("npm install failed (%v): %s", err, lastLine(string(out)))
		}
	}
	for _, c := range []struct {
		p    *string
		name string
	}{{&codex, "codex"}, {&gemini, "gemini"}, {&opencode, "opencode"}} {
		if *c.p == "" {
			*c.p = bin(c.name)
		}
	}
	if !runs(codex) || !runs(gemini) || !runs(opencode) {
		return "", "", "", "the installed clients do not run"
	}
	return codex, gemini, opencode, ""
}

func runs(bin string) bool { return exec.Command(bin, "--version").Run() == nil }

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

func needClients(t *testing.T) {
	t.Helper()
	if clientsWhy == "" {
		return
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("agent clients unavailable in CI: %s", clientsWhy)
	}
	t.Skipf("skipping: %s", clientsWhy)
}

// machine is an isolated user: a HOME of its own (the clients' configuration lives under it) and
// the binaries on PATH.
type machine struct {
	home string
	env  []string
}

func newMachine(t *testing.T) *machine {
	home := t.TempDir()
	// The agents' hooks and searches start a resident server for the store: it must not outlive
	// the test.
	t.Cleanup(func() { _ = exec.Command("pkill", "-f", "--", "--home "+home+"/").Run() })
	// ANAMNESIS_TEST_KEEP_HOMES=DIR keeps each test's HOME (the clients' own session files) under
	// DIR: core/capture/testdata/agents was made that way.
	if k := os.Getenv("ANAMNESIS_TEST_KEEP_HOMES"); k != "" {
		t.Cleanup(func() { _ = exec.Command("cp", "-a", home, filepath.Join(k, t.Name())).Run() })
	}
	return &machine{home: home, env: []string{
		"HOME=" + home, "PATH=" + binDir + string(os.PathListSeparator) + os.Getenv("PATH"),
		"ANAMNESIS_MACHINE_ID=agents-test", "TERM=dumb", "NO_COLOR=1",
	}}
}

// run runs a command in the machine's HOME and returns its combined output; it fails the test
// when the command fails.
func (m *machine) run(t *testing.T, name string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	if !strings.ContainsRune(name, filepath.Separator) {
		name = filepath.Join(binDir, name) // this tree's build, never one installed on the machine
	}
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir, cmd.Env, cmd.Stdin = m.home, m.env, nil
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", filepath.Base(name), strings.Join(args, " "), err, out)
	}
	return string(out)
}

func (m *machine) file(t *testing.T, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(m.home, rel))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func (m *machine) write(t *testing.T, rel, text string) {
	t.Helper()
	p := filepath.Join(m.home, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestCodex: after init --agent codex, "codex mcp list --json" shows the server with the command,
// arguments and store init registered, next to the user's own server; after uninstall the file
// is byte for byte what it was.
func TestCodex(t *testing.T) {
	needClients(t)
	m := newMachine(t)
	before := "model = \"o3\"\n\n# my own server\n[mcp_servers.docs]\ncommand = \"docs-mcp\"\nargs = [\"--stdio\"]\n"
	m.write(t, ".codex/config.toml", before)

	m.run(t, "anamnesis", "init", "--agent", "codex", "--yes")
	var servers []struct {
		Name      string `json:"name"`
		Enabled   bool   `json:"enabled"`
		Transport struct {
			Type    string            `json:"type"`
			Command string            `json:"command"`
			Args    []string          `json:"args"`
			Env     map[string]string `json:"env"`
		} `json:"transport"`
	}
	out := m.run(t, codexBin, "mcp", "list", "--json")
	if err := json.Unmarshal([]byte(jsonPart(out)), &servers); err != nil {
		t.Fatalf("codex mcp list --json: %v\n%s", err, out)
	}
	names := map[string]int{}
	for i, s := range servers {
		names[s.Name] = i
	}
	i, ok := names["anamnesis"]
	if _, mine := names["docs"]; !ok || !mine {
		t.Fatalf("codex lists %v, want anamnesis and docs", out)
	}
	s := servers[i]
	if !s.Enabled || s.Transport.Type != "stdio" || s.Transport.Command != filepath.Join(binDir, "anamnesis-mcpd") ||
		!slices.Equal(s.Transport.Args, []string{"serve", "--agent", "codex"}) {
		t.Fatalf("codex sees %+v", s)
	}
	t.Logf("codex mcp list: anamnesis -> %s %v", s.Transport.Command, s.Transport.Args)

	// The entry starts a server that tags what it writes agent:codex.
	tags := writeThrough(t, m, s.Transport.Command, s.Transport.Args, s.Transport.Env)
	if !slices.Contains(tags, "agent:codex") {
		t.Fatalf("note written through codex's entry has tags %v", tags)
	}

	m.run(t, "anamnesis", "uninstall", "--agent", "codex")
	if got := m.file(t, ".codex/config.toml"); got != before {
		t.Fatalf("after uninstall:\n%s\nwant\n%s", got, before)
	}
	if out := m.run(t, codexBin, "mcp", "list"); strings.Contains(out, "anamnesis") {
		t.Fatalf("codex still lists anamnesis:\n%s", out)
	}
}

// TestGemini: after init --agent gemini, "gemini mcp list" shows the server connected (Gemini
// starts it and completes the MCP handshake); after uninstall it lists nothing and the user's
// settings are as they were.
func TestGemini(t *testing.T) {
	needClients(t)
	m := newMachine(t)
	m.write(t, ".gemini/settings.json", `{"ui": {"theme": "Default"}}`)
	// Gemini runs no MCP server in a folder the user has not trusted; the test's HOME is trusted
	// as a user would do at Gemini's first start there.
	m.write(t, ".gemini/trustedFolders.json", fmt.Sprintf(`{%q: "TRUST_FOLDER"}`, m.home))

	m.run(t, "anamnesis", "init", "--agent", "gemini", "--yes")
	out := m.run(t, geminiBin, "mcp", "list")
	line := ""
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "anamnesis:") {
			line = strings.TrimSpace(l)
		}
	}
	if !strings.Contains(line, "anamnesis-mcpd serve --agent gemini") || !strings.HasSuffix(line, "Connected") {
		t.Fatalf("gemini mcp list:\n%s", out)
	}
	t.Logf("gemini mcp list: %s", line)

	var settings struct {
		MCPServers map[string]struct {
			Command string            `json:"command"`
			Args    []string          `json:"args"`
			Env     map[string]string `json:"env"`
		} `json:"mcpServers"`
	}
	if err := json.Unmarshal([]byte(m.file(t, ".gemini/settings.json")), &settings); err != nil {
		t.Fatal(err)
	}
	e := settings.MCPServers["anamnesis"]
	if tags := writeThrough(t, m, e.Command, e.Args, e.Env); !slices.Contains(tags, "agent:gemini") {
		t.Fatalf("note written through gemini's entry has tags %v", tags)
	}

	m.run(t, "anamnesis", "uninstall", "--agent", "gemini")
	if out := m.run(t, geminiBin, "mcp", "list"); strings.Contains(out, "anamnesis") {
		t.Fatalf("gemini still lists anamnesis:\n%s", out)
	}
	var after map[string]any
	if err := json.Unmarshal([]byte(m.file(t, ".gemini/settings.json")), &after); err != nil {
		t.Fatal(err)
	}
	if _, ok := after["mcpServers"]; ok || after["ui"] == nil {
		t.Fatalf("settings after uninstall: %v", after)
	}
}

// TestOpenCode: after init --agent opencode, "opencode mcp list" shows the server connected
// (OpenCode starts it and completes the handshake), next to the user's own settings; the entry
// starts a server that tags notes agent:opencode; after uninstall it is gone and the user's
// settings stay.
func TestOpenCode(t *testing.T) {
	needClients(t)
	m := newMachine(t)
	m.write(t, ".config/opencode/opencode.json", `{"$schema": "https://opencode.ai/config.json", "autoupdate": false}`)
	m.run(t, "anamnesis", "init", "--agent", "opencode", "--yes")
	out := m.run(t, opencodeBin, "mcp", "list")
	if !strings.Contains(out, "anamnesis") || !strings.Contains(out, "connected") || !strings.Contains(out, "anamnesis-mcpd serve --agent opencode") {
		t.Fatalf("opencode mcp list:\n%s", out)
	}
	t.Logf("opencode mcp list: anamnesis connected")
	var conf struct {
		MCP map[string]struct {
			Command     []string          `json:"command"`
			Environment map[string]string `json:"environment"`
		} `json:"mcp"`
	}
	if err := json.Unmarshal([]byte(m.file(t, ".config/opencode/opencode.json")), &conf); err != nil {
		t.Fatal(err)
	}
	e := conf.MCP["anamnesis"]
	if len(e.Command) < 2 {
		t.Fatalf("entry %+v", e)
	}
	if tags := writeThrough(t, m, e.Command[0], e.Command[1:], e.Environment); !slices.Contains(tags, "agent:opencode") {
		t.Fatalf("note written through opencode's entry has tags %v", tags)
	}
	m.run(t, "anamnesis", "uninstall", "--agent", "opencode")
	if out := m.run(t, opencodeBin, "mcp", "list"); strings.Contains(out, "anamnesis") {
		t.Fatalf("opencode still lists anamnesis:\n%s", out)
	}
	var after map[string]any
	if err := json.Unmarshal([]byte(m.file(t, ".config/opencode/opencode.json")), &after); err != nil {
		t.Fatal(err)
	}
	if _, ok := after["mcp"]; ok || after["autoupdate"] != false {
		t.Fatalf("opencode.json after uninstall: %v", after)
	}
}

// jsonPart drops lines a client prints before its JSON (Codex warns on stderr about temporary
// directories).
func jsonPart(out string) string {
	if i := strings.IndexAny(out, "[{"); i >= 0 {
		return out[i:]
	}
	return out
}

// writeThrough starts the MCP server as an agent would from its entry (command, args, env), writes
// a note with memory_write over plain JSON-RPC, and returns the note's tags.
func writeThrough(t *testing.T, m *machine, command string, args []string, env map[string]string) []string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, command, args...)
	cmd.Dir = m.home
	cmd.Env = append([]string{}, m.env...)
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = stdin.Close(); _ = cmd.Wait() }()
	in := bufio.NewReader(stdout)
	send := func(msg string) {
		if _, err := io.WriteString(stdin, msg+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	recv := func() map[string]any {
		line, err := in.ReadString('\n')
		if err != nil {
			t.Fatalf("read from server: %v", err)
		}
		var v map[string]any
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatalf("server sent %q", line)
		}
		return v
	}
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"agents-test","version":"0"}}}`)
	recv()
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"memory_write","arguments":{"type":"semantic","title":"Written through an agent's entry","body":"b"}}}`)
	res := recv()
	var out struct {
		Result struct {
			IsError           bool `json:"isError"`
			StructuredContent struct {
				Tags []string `json:"tags"`
			} `json:"structuredContent"`
		} `json:"result"`
	}
	b, _ := json.Marshal(res)
	if err := json.Unmarshal(b, &out); err != nil || out.Result.IsError {
		t.Fatalf("memory_write: %s", b)
	}
	return out.Result.StructuredContent.Tags
}
