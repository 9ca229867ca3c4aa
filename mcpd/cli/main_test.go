package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// bin is the anamnesis-mcpd binary under test, built once by TestMain. The tests drive it as
// Claude Code does: a separate process speaking MCP on its stdin and stdout.
var bin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "anamnesis-mcpd-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	bin = filepath.Join(dir, "anamnesis-mcpd")
	build := exec.Command("go", "build", "-o", bin, "../cmd/anamnesis-mcpd")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "build anamnesis-mcpd:", err)
		_ = os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	_ = os.RemoveAll(dir)
	if corpusDir != "" {
		_ = os.RemoveAll(corpusDir)
	}
	os.Exit(code)
}

// serverCmd runs the binary over the store at home with a filtered environment, as SDK-based
// clients do: nothing reaches it but what is set here.
func serverCmd(home, machine string, args ...string) *exec.Cmd {
	cmd := exec.Command(bin, args...)
	cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "ANAMNESIS_HOME=" + home, "ANAMNESIS_MACHINE_ID=" + machine}
	return cmd
}

// connect starts a server process and connects the official Go SDK client to it.
func connect(t testing.TB, home, machine, protocol string) *mcp.ClientSession {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c := mcp.NewClient(&mcp.Implementation{Name: "go-sdk-test", Version: "0"}, nil)
	s, err := c.Connect(ctx, &mcp.CommandTransport{Command: serverCmd(home, machine, "serve")}, &mcp.ClientSessionOptions{ProtocolVersion: protocol})
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

func call(t testing.TB, s *mcp.ClientSession, name string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res, err := s.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res
}

func resultText(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

// okJSON calls a tool that must succeed and decodes its structured content.
func okJSON(t testing.TB, s *mcp.ClientSession, name string, args map[string]any, out any) {
	t.Helper()
	res := call(t, s, name, args)
	if res.IsError {
		t.Fatalf("%s(%v): %s", name, args, resultText(res))
	}
	if res.StructuredContent == nil {
		t.Fatalf("%s: no structuredContent", name)
	}
	b, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(b, out); err != nil {
		t.Fatal(err)
	}
}

type note struct {
	ID        string  `json:"id"`
	Title     string  `json:"title"`
	MachineID string  `json:"machine_id"`
	Project   string  `json:"project"`
	Body      *string `json:"body"`
}

type page struct {
	Results    []note `json:"results"`
	NextCursor string `json:"next_cursor"`
}

// TestGoSDKClient is the conformance check: an independent client, in both protocol eras
// (2026-07-28 stateless discover, and 2025-11-25 initialize), sees the tools as declared and can
// call each one.
func TestGoSDKClient(t *testing.T) {
	for _, protocol := range []string{"", "2025-11-25"} {
		t.Run("protocol="+protocol, func(t *testing.T) {
			home := t.TempDir()
			s := connect(t, home, "m-sdk", protocol)
			if ir := s.InitializeResult(); ir == nil || ir.ServerInfo.Name != "anamnesis" || !strings.Contains(ir.Instructions, "memory_search") {
				t.Fatalf("handshake: %+v", ir)
			}
			tools, err := s.ListTools(context.Background(), nil)
			if err != nil {
				t.Fatal(err)
			}
			type hints struct{ ro, destructive, idem, open bool }
			want := map[string]hints{
				"memory_search": {true, false, true, false}, "memory_list": {true, false, true, false},
				"memory_status": {true, false, true, false}, "memory_recall": {true, false, true, false},
				"memory_write": {false, false, false, false}, "memory_sync": {false, false, false, true},
				"memory_forget": {false, true, true, false}, "memory_get": {true, false, true, false},
			}
			if len(tools.Tools) != len(want) {
				t.Fatalf("%d tools, want %d", len(tools.Tools), len(want))
			}
			for _, tool := range tools.Tools {
				w, ok := want[tool.Name]
				a := tool.Annotations
				if !ok || a == nil || a.DestructiveHint == nil || a.OpenWorldHint == nil {
					t.Fatalf("tool %s: annotations %+v", tool.Name, a)
				}
				if got := (hints{a.ReadOnlyHint, *a.DestructiveHint, a.IdempotentHint, *a.OpenWorldHint}); got != w {
					t.Errorf("%s: %+v, want %+v", tool.Name, got, w)
				}
				if a.Title == "" || tool.Title != a.Title {
					t.Errorf("%s: title %q, annotation title %q", tool.Name, tool.Title, a.Title)
				}
				schema, _ := json.Marshal(tool.InputSchema)
				if !strings.Contains(string(schema), `"additionalProperties":false`) || strings.Contains(string(schema), "machine_id") {
					t.Errorf("%s: input schema %s", tool.Name, schema)
				}
				if (tool.OutputSchema == nil) != (tool.Name == "memory_recall") {
					t.Errorf("%s: output schema %v", tool.Name, tool.OutputSchema)
				}
			}
			var wr note
			okJSON(t, s, "memory_write", map[string]any{"type": "procedural", "title": "Pin modernc sqlite",
				"body": "Pin modernc.org/sqlite v1.60.1; v1.61.1 breaks go mod tidy.", "tags": []string{"go", "sqlite"}}, &wr)
			if wr.MachineID != "m-sdk" || wr.Project != "global" {
				t.Errorf("write: %+v", wr)
			}
			var found page
			okJSON(t, s, "memory_search", map[string]any{"query": "modernc tidy", "k": 5}, &found)
			if len(found.Results) != 1 || found.Results[0].ID != wr.ID || found.Results[0].Body == nil {
				t.Errorf("search: %+v", found)
			}
			var listed page
			okJSON(t, s, "memory_list", map[string]any{"limit": 10}, &listed)
			if len(listed.Results) != 1 || listed.Results[0].Body != nil {
				t.Errorf("list: %+v", listed)
			}
			var status struct {
				Total int `json:"total"`
				Sync  struct {
					Initialized bool `json:"initialized"`
				} `json:"sync"`
			}
			okJSON(t, s, "memory_status", nil, &status)
			if status.Total != 1 {
				t.Errorf("status: %+v", status)
			}
			var synced struct {
				Detail string `json:"detail"`
			}
			okJSON(t, s, "memory_sync", map[string]any{}, &synced)
			if synced.Detail == "" {
				t.Error("sync: no detail")
			}
			rec := call(t, s, "memory_recall", map[string]any{"query": "sqlite tidy"})
			if rec.IsError || rec.StructuredContent != nil || !strings.Contains(resultText(rec), "Pin modernc sqlite") {
				t.Errorf("recall: %+v %q", rec, resultText(rec))
			}
			var forgot map[string]any
			okJSON(t, s, "memory_forget", map[string]any{"id": wr.ID}, &forgot)
			if forgot["status"] != "deleted" || forgot["id"] != wr.ID {
				t.Errorf("forget: %v", forgot)
			}
			for _, bad := range []struct {
				tool string
				args map[string]any
				want string
			}{
				{"memory_write", map[string]any{"type": "fact", "title": "t", "body": "b"}, "procedural"},
				{"memory_write", map[string]any{"type": "semantic", "title": "t", "body": "b", "machine_id": "x"}, "machine_id is not a parameter"},
				{"memory_search", map[string]any{"query": "x", "k": 1000}, "k must be between 1 and 100"},
				{"memory_forget", map[string]any{"id": "nope"}, "id must be a note id"},
				{"memory_recall", map[string]any{"budget_tokens": 5}, "budget_tokens must be between 100 and 8000"},
			} {
				res := call(t, s, bad.tool, bad.args)
				if !res.IsError || !strings.Contains(resultText(res), bad.want) {
					t.Errorf("%s(%v): isError=%v %q, want %q", bad.tool, bad.args, res.IsError, resultText(res), bad.want)
				}
			}
			okJSON(t, s, "memory_status", nil, &status)
			if status.Total != 0 {
				t.Errorf("bad calls wrote notes: total %d", status.Total)
			}
		})
	}
}

// TestHandshakes speaks raw JSON-RPC: Claude Code 2.1.3xx opens with server/discover, older
// clients with initialize, and an unknown method must get an error, never silence.
func TestHandshakes(t *testing.T) {
	home := t.TempDir()
	cmd := serverCmd(home, "m-raw")
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = in.Close(); _ = cmd.Wait() }()
	meta := `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"claude-code","version":"2.1.329"}}`
	reqs := []string{
		`{"jsonrpc":"2.0","id":"server-discover-1","method":"server/discover","params":{` + meta + `}}`,
		`{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"claude-code","version":"2.1.329"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":3,"method":"no/such/method","params":{}}`,
		`{"jsonrpc":"2.0","id":4,"method":"tools/list","params":{}}`,
	}
	for _, r := range reqs {
		if _, err := fmt.Fprintln(in, r); err != nil {
			t.Fatal(err)
		}
	}
	got := map[string]map[string]any{}
	done := make(chan error, 1)
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			var m map[string]any
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				done <- fmt.Errorf("stdout carried a non-JSON line %q", sc.Text())
				return
			}
			got[fmt.Sprint(m["id"])] = m
			if len(got) == 4 {
				done <- nil
				return
			}
		}
		done <- fmt.Errorf("stdout closed after %d responses", len(got))
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("server hung: answered only %v", got)
	}
	d := got["server-discover-1"]["result"].(map[string]any)
	if !strings.Contains(fmt.Sprint(d["supportedVersions"]), "2026-07-28") || d["instructions"] == "" {
		t.Errorf("discover: %v", d)
	}
	if r := got["2"]["result"].(map[string]any); r["protocolVersion"] != "2025-11-25" {
		t.Errorf("initialize: %v", r)
	}
	if e, ok := got["3"]["error"].(map[string]any); !ok || e["code"].(float64) != -32601 {
		t.Errorf("unknown method: %v", got["3"])
	}
	if tl := got["4"]["result"].(map[string]any)["tools"].([]any); len(tl) != 8 {
		t.Errorf("tools/list: %d tools", len(tl))
	}
}

func TestCommandLine(t *testing.T) {
	cases := []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"version", []string{"--version"}, 0, "anamnesis-mcpd dev\n", ""},
		{"version command", []string{"version"}, 0, "anamnesis-mcpd dev\n", ""},
		{"help", []string{"--help"}, 0, "--http ADDR", ""},
		{"help command", []string{"help"}, 0, "usage:", ""},
		{"serve help", []string{"serve", "-h"}, 0, "usage:", ""},
		{"flags before the command", []string{"--home", "elsewhere", "version"}, 0, "anamnesis-mcpd dev\n", ""},
		{"version takes no argument", []string{"version", "now"}, 2, "", `unexpected argument "now"`},
		{"unknown argument", []string{"frobnicate"}, 2, "", `unexpected argument "frobnicate"`},
		{"unknown flag", []string{"--port", "1"}, 2, "", "flag provided but not defined"},
		{"all interfaces", []string{"--http", "0.0.0.0:7821"}, 1, "", "refusing to listen"},
		{"empty host", []string{"serve", "--http", ":7821"}, 1, "", "refusing to listen"},
		{"lan address", []string{"--http", "192.168.1.10:7821"}, 1, "", "loopback"},
		{"no port", []string{"--http", "127.0.0.1"}, 1, "", "host:port"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			home := filepath.Join(t.TempDir(), "store")
			cmd := serverCmd(home, "m", append(c.args, "--home", home)...)
			var stdout, stderr strings.Builder
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != c.code || !strings.Contains(stdout.String(), c.stdout) || !strings.Contains(stderr.String(), c.stderr) ||
				(strings.HasPrefix(c.stdout, "anamnesis-mcpd ") && stdout.String() != c.stdout) {
				t.Errorf("exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
			}
			if c.code != 0 {
				if _, err := os.Stat(home); err == nil {
					t.Errorf("a refused start created the store")
				}
			}
		})
	}
}

// TestFourServers runs four server processes, as four Claude Code sessions would, writing and
// searching one store at once. No call may fail and every note must be there at the end.
func TestFourServers(t *testing.T) {
	home := t.TempDir()
	const servers, perServer = 4, 25
	sessions := make([]*mcp.ClientSession, servers)
	for i := range sessions {
		sessions[i] = connect(t, home, fmt.Sprintf("m%d", i), "")
	}
	var wg sync.WaitGroup
	errs := make(chan error, servers*perServer*2)
	ids := make(chan string, servers*perServer)
	for i, s := range sessions {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx := context.Background()
			for j := 0; j < perServer; j++ {
				res, err := s.CallTool(ctx, &mcp.CallToolParams{Name: "memory_write", Arguments: map[string]any{
					"type": "episodic", "title": fmt.Sprintf("server %d note %d", i, j), "body": "concurrency kubernetes rollout " + fmt.Sprint(i*1000+j)}})
				if err != nil || res.IsError {
					errs <- fmt.Errorf("server %d write %d: %v %s", i, j, err, resultText(res))
					continue
				}
				ids <- res.StructuredContent.(map[string]any)["id"].(string)
				res, err = s.CallTool(ctx, &mcp.CallToolParams{Name: "memory_search", Arguments: map[string]any{"query": "kubernetes rollout", "k": 10}})
				if err != nil || res.IsError {
					errs <- fmt.Errorf("server %d search %d: %v %s", i, j, err, resultText(res))
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	close(ids)
	for err := range errs {
		t.Error(err)
	}
	want := map[string]bool{}
	for id := range ids {
		want[id] = true
	}
	var listed page
	okJSON(t, sessions[0], "memory_list", map[string]any{"limit": 500}, &listed)
	have := map[string]bool{}
	for _, n := range listed.Results {
		have[n.ID] = true
	}
	if len(want) != servers*perServer || len(have) != servers*perServer {
		t.Fatalf("wrote %d distinct notes, listed %d, want %d", len(want), len(have), servers*perServer)
	}
	for id := range want {
		if !have[id] {
			t.Errorf("note %s is missing", id)
		}
	}
	// Each server sees the others' notes through its own index connection.
	var found page
	okJSON(t, sessions[3], "memory_search", map[string]any{"query": "server 0 note 7", "k": 100}, &found)
	if len(found.Results) == 0 {
		t.Error("server 3 cannot find server 0's notes")
	}
}

// TestUnopenableStore: the handshake must still succeed (so Claude Code shows the server
// connected) and every tool call must say why the store is unusable.
func TestUnopenableStore(t *testing.T) {
	home := filepath.Join(t.TempDir(), "store")
	if err := os.WriteFile(home, []byte("not a directory"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := connect(t, home, "m", "")
	res := call(t, s, "memory_status", nil)
	if !res.IsError || !strings.Contains(resultText(res), "open the memory store "+home) {
		t.Errorf("status on an unopenable store: isError=%v %q", res.IsError, resultText(res))
	}
}
