package server

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/config"
	"github.com/anamnesis-go/anamnesis/core/recall"
	"github.com/anamnesis-go/anamnesis/core/store"
)

const testMachine = "m-test"

// harness is a server over a fresh store, driven through mcp-go's in-process client: the full
// MCP path (schemas, argument checks, encoding) without a process boundary.
type harness struct {
	t    *testing.T
	app  *app.App
	st   *store.Store
	c    *client.Client
	init *mcp.InitializeResult
}

// setup is what a harness's server starts with besides a fresh store.
type setup struct {
	remote  string // ANAMNESIS_GIT_REMOTE
	project string // the project the server starts in
}

// newApp opens an app over a fresh store, as anamnesis-mcpd does (settings from the environment).
func newApp(t *testing.T, remote string) *app.App {
	t.Helper()
	t.Setenv("ANAMNESIS_MACHINE_ID", testMachine)
	t.Setenv("ANAMNESIS_GIT_REMOTE", remote)
	a, err := app.New(t.TempDir(), app.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = a.Close() })
	a.Preopen(context.Background())
	return a
}

func newHarness(t *testing.T, s setup) *harness {
	t.Helper()
	ctx := context.Background()
	a := newApp(t, s.remote)
	st, err := a.Store(ctx)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := New(Config{App: a, Project: s.project, Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	c, err := client.NewInProcessClient(srv)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	req := mcp.InitializeRequest{}
	req.Params.ClientInfo = mcp.Implementation{Name: "test", Version: "0"}
	init, err := c.Initialize(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	return &harness{t: t, app: a, st: st, c: c, init: init}
}

// call invokes a tool and fails the test on a protocol error (tool errors are results).
func (h *harness) call(name string, args map[string]any) *mcp.CallToolResult {
	h.t.Helper()
	req := mcp.CallToolRequest{}
	req.Params.Name = name
	req.Params.Arguments = args
	res, err := h.c.CallTool(context.Background(), req)
	if err != nil {
		h.t.Fatalf("%s(%v): protocol error %v", name, args, err)
	}
	return res
}

// ok calls a tool that must succeed and decodes its structured result into out.
func (h *harness) ok(name string, args map[string]any, out any) *mcp.CallToolResult {
	h.t.Helper()
	res := h.call(name, args)
	if res.IsError {
		h.t.Fatalf("%s(%v) failed: %s", name, args, text(res))
	}
	if out != nil {
		if res.StructuredContent == nil {
			h.t.Fatalf("%s returned no structuredContent", name)
		}
		b, _ := json.Marshal(res.StructuredContent)
		if err := json.Unmarshal(b, out); err != nil {
			h.t.Fatal(err)
		}
		// The text block must carry the same JSON, for clients that show only text.
		if got := text(res); got != string(b) && !jsonEqual(got, string(b)) {
			h.t.Fatalf("%s: text %s differs from structuredContent %s", name, got, b)
		}
	}
	return res
}

func jsonEqual(a, b string) bool {
	var x, y any
	if json.Unmarshal([]byte(a), &x) != nil || json.Unmarshal([]byte(b), &y) != nil {
		return false
	}
	xb, _ := json.Marshal(x)
	yb, _ := json.Marshal(y)
	return string(xb) == string(yb)
}

func text(res *mcp.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		if tc, ok := mcp.AsTextContent(c); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// noteFiles counts note files on disk, in both trees.
func noteFiles(t *testing.T, st *store.Store) int {
	t.Helper()
	n := 0
	for _, tree := range []string{store.PortableDir, store.LocalDir} {
		err := filepath.WalkDir(filepath.Join(st.Root(), tree), func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.HasSuffix(p, ".md") {
				n++
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return n
}

type viewOut struct {
	ID          string   `json:"id"`
	Type        string   `json:"type"`
	Title       string   `json:"title"`
	Project     string   `json:"project"`
	MachineID   string   `json:"machine_id"`
	Scope       string   `json:"scope"`
	Tags        []string `json:"tags"`
	Status      string   `json:"status"`
	UserID      string   `json:"user_id"`
	WorkspaceID string   `json:"workspace_id"`
	DeletedAt   string   `json:"deleted_at"`
	Body        *string  `json:"body"`
}

type pageOut struct {
	Results    []viewOut `json:"results"`
	NextCursor string    `json:"next_cursor"`
}

func TestToolsAndAnnotations(t *testing.T) {
	h := newHarness(t, setup{})
	res, err := h.c.ListTools(context.Background(), mcp.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	type hints struct{ readOnly, destructive, idempotent, openWorld bool }
	want := map[string]struct {
		hints    hints
		required []string
		props    []string
	}{
		ToolSearch: {hints{true, false, true, false}, []string{"query"}, []string{"query", "project", "type", "scope", "user_id", "workspace_id", "k", "cursor", "include_deleted"}},
		ToolList:   {hints{true, false, true, false}, nil, []string{"project", "type", "scope", "user_id", "workspace_id", "cursor", "limit"}},
		ToolStatus: {hints{true, false, true, false}, nil, nil},
		ToolWrite:  {hints{false, false, false, false}, []string{"type", "title", "body"}, []string{"type", "title", "body", "project", "tags", "scope", "supersedes", "idempotency_key", "user_id", "workspace_id"}},
		ToolSync:   {hints{false, false, false, true}, nil, []string{"force"}},
		ToolRecall: {hints{true, false, true, false}, nil, []string{"query", "project", "budget_tokens"}},
		ToolForget: {hints{false, true, true, false}, []string{"id"}, []string{"id"}},
		ToolGet:    {hints{true, false, true, false}, []string{"id"}, []string{"id", "offset", "max_chars"}},
	}
	if len(res.Tools) != len(want) {
		t.Fatalf("got %d tools, want %d", len(res.Tools), len(want))
	}
	for _, tool := range res.Tools {
		w, ok := want[tool.Name]
		if !ok {
			t.Errorf("unexpected tool %q", tool.Name)
			continue
		}
		a := tool.Annotations
		got := hints{*a.ReadOnlyHint, *a.DestructiveHint, *a.IdempotentHint, *a.OpenWorldHint}
		if got != w.hints {
			t.Errorf("%s: hints %+v, want %+v", tool.Name, got, w.hints)
		}
		if a.Title == "" || tool.Title != a.Title {
			t.Errorf("%s: title %q / annotation title %q", tool.Name, tool.Title, a.Title)
		}
		if tool.Description == "" || len(tool.Description) > 2048 {
			t.Errorf("%s: description of %d bytes", tool.Name, len(tool.Description))
		}
		if strings.Join(tool.InputSchema.Required, ",") != strings.Join(w.required, ",") {
			t.Errorf("%s: required %v, want %v", tool.Name, tool.InputSchema.Required, w.required)
		}
		if len(tool.InputSchema.Properties) != len(w.props) {
			t.Errorf("%s: %d properties, want %v", tool.Name, len(tool.InputSchema.Properties), w.props)
		}
		for _, p := range w.props {
			if _, ok := tool.InputSchema.Properties[p]; !ok {
				t.Errorf("%s: no property %q", tool.Name, p)
			}
		}
		if _, ok := tool.InputSchema.Properties["machine_id"]; ok {
			t.Errorf("%s: machine_id must never be an argument", tool.Name)
		}
		if ap, _ := json.Marshal(tool.InputSchema.AdditionalProperties); string(ap) != "false" {
			t.Errorf("%s: additionalProperties %s, want false", tool.Name, ap)
		}
		// Recall answers in prose, so it must not declare structured output; the others must.
		if hasOut := tool.OutputSchema.Type != ""; hasOut == (tool.Name == ToolRecall) {
			t.Errorf("%s: output schema declared = %v", tool.Name, hasOut)
		}
	}
}

func TestInstructions(t *testing.T) {
	h := newHarness(t, setup{project: "github.com/acme/app"})
	got := h.init.Instructions
	if len(got) >= MaxInstructions {
		t.Errorf("instructions are %d bytes; Claude Code cuts them at %d", len(got), MaxInstructions)
	}
	for _, s := range []string{"memory_search", "memory_write", "procedural", "github.com/acme/app"} {
		if !strings.Contains(got, s) {
			t.Errorf("instructions do not mention %q", s)
		}
	}
	if strings.Contains(Instructions(""), "project key is") {
		t.Error("instructions name a project when none is known")
	}
}

func TestWriteSearchListForget(t *testing.T) {
	h := newHarness(t, setup{})
	var w viewOut
	h.ok(ToolWrite, map[string]any{"type": "procedural", "title": "Enable WAL mode",
		"body": "Set journal_mode=WAL and busy_timeout so readers never block.", "tags": []any{"sqlite", "wal"},
		"project": "github.com/acme/app"}, &w)
	if w.MachineID != testMachine || w.Project != "github.com/acme/app" || w.Scope != "portable" || w.Body == nil {
		t.Fatalf("written note %+v", w)
	}
	if _, err := os.Stat(filepath.Join(h.st.Root(), "memory", "procedural", w.ID+".md")); err != nil {
		t.Fatalf("portable note file: %v", err)
	}

	var s pageOut
	h.ok(ToolSearch, map[string]any{"query": "busy_timeout readers"}, &s)
	if len(s.Results) != 1 || s.Results[0].ID != w.ID || s.Results[0].Body == nil || !strings.Contains(*s.Results[0].Body, "busy_timeout") {
		t.Fatalf("search: %+v", s)
	}
	var l pageOut
	h.ok(ToolList, nil, &l)
	if len(l.Results) != 1 || l.Results[0].Body != nil || l.Results[0].Title != "Enable WAL mode" {
		t.Fatalf("list must return metadata without bodies: %+v", l)
	}

	var fs map[string]any
	res := h.ok(ToolForget, map[string]any{"id": w.ID}, &fs)
	if fs["id"] != w.ID || fs["status"] != "deleted" || fs["deleted_at"] == "" || len(fs) != 3 {
		t.Fatalf("forget: %v", fs)
	}
	again := h.ok(ToolForget, map[string]any{"id": w.ID}, nil)
	if text(again) != text(res) {
		t.Errorf("forgetting twice changed the answer: %s then %s", text(res), text(again))
	}
	h.ok(ToolSearch, map[string]any{"query": "busy_timeout"}, &s)
	if len(s.Results) != 0 {
		t.Errorf("a forgotten note is still found: %+v", s.Results)
	}
	h.ok(ToolSearch, map[string]any{"query": "busy_timeout", "include_deleted": true}, &s)
	if len(s.Results) != 1 || s.Results[0].Status != "deleted" {
		t.Errorf("include_deleted: %+v", s.Results)
	}
}

func TestWriteDefaultsAndScope(t *testing.T) {
	h := newHarness(t, setup{})
	var w viewOut
	h.ok(ToolWrite, map[string]any{"type": "semantic", "title": "Prefers tabs", "body": "The user indents with tabs."}, &w)
	if w.Project != "global" || w.Scope != "portable" || len(w.Tags) != 0 {
		t.Errorf("defaults: %+v", w)
	}
	h.ok(ToolWrite, map[string]any{"type": "semantic", "title": "Local path", "body": "Data lives in /srv/x.", "scope": "machine-local"}, &w)
	if _, err := os.Stat(filepath.Join(h.st.Root(), "local", "semantic", w.ID+".md")); err != nil {
		t.Errorf("machine-local note not under local/: %v", err)
	}
}

func TestWriteSupersedes(t *testing.T) {
	h := newHarness(t, setup{})
	var old, repl viewOut
	h.ok(ToolWrite, map[string]any{"type": "procedural", "title": "Deploy with script v1", "body": "Run deploy.sh."}, &old)
	h.ok(ToolWrite, map[string]any{"type": "procedural", "title": "Deploy with script v2", "body": "Run deploy2.sh.", "supersedes": []any{old.ID}}, &repl)
	var s pageOut
	h.ok(ToolSearch, map[string]any{"query": "deploy script"}, &s)
	if len(s.Results) != 1 || s.Results[0].ID != repl.ID {
		t.Errorf("superseded note still found: %+v", s.Results)
	}
}

// memory_write names the existing notes of the project that look like the one just written (not
// notes of other projects, not unrelated ones), so the model can supersede instead of piling up.
func TestWriteNamesSimilarNotes(t *testing.T) {
	h := newHarness(t, setup{})
	var first, other, unrelated struct {
		ID string `json:"id"`
	}
	h.ok(ToolWrite, map[string]any{"type": "procedural", "title": "Rotate the database credentials",
		"body": "Run vault rotate for the postgres role, then restart the api pods.", "project": "acme/api"}, &first)
	h.ok(ToolWrite, map[string]any{"type": "procedural", "title": "Rotate the database credentials",
		"body": "Run vault rotate for the postgres role, then restart the api pods.", "project": "acme/web"}, &other)
	h.ok(ToolWrite, map[string]any{"type": "semantic", "title": "Tabs for indentation",
		"body": "The team indents Go with tabs.", "project": "acme/api"}, &unrelated)
	var w struct {
		ID      string `json:"id"`
		Similar []struct {
			ID    string `json:"id"`
			Title string `json:"title"`
			Body  string `json:"body"`
		} `json:"similar"`
	}
	h.ok(ToolWrite, map[string]any{"type": "procedural", "title": "How to rotate database credentials",
		"body": "vault rotate the postgres role and restart the api pods", "project": "acme/api"}, &w)
	if len(w.Similar) != 1 || w.Similar[0].ID != first.ID || w.Similar[0].Body != "" {
		t.Fatalf("similar = %+v, want only %s (same project), without its body", w.Similar, first.ID)
	}
	w.Similar = nil // absent (omitempty) when there are none
	h.ok(ToolWrite, map[string]any{"type": "semantic", "title": "Lunch is at noon", "body": "The office eats at 12.",
		"project": "acme/api"}, &w)
	if len(w.Similar) != 0 {
		t.Fatalf("an unrelated note reported similar notes: %+v", w.Similar)
	}
}

// memory_search prefers the session's project (and global notes) for the same match, and still
// answers from other projects; a project filter searches only that project, unreordered.
func TestSearchPrefersTheSessionsProject(t *testing.T) {
	h := newHarness(t, setup{project: "acme/api"})
	var other, mine, global struct {
		ID string `json:"id"`
	}
	body := "Rotate the database credentials with vault, then restart the pods."
	h.ok(ToolWrite, map[string]any{"type": "procedural", "title": "Rotate credentials", "body": body, "project": "acme/web"}, &other)
	h.ok(ToolWrite, map[string]any{"type": "procedural", "title": "Rotate credentials", "body": body, "project": "acme/api"}, &mine)
	h.ok(ToolWrite, map[string]any{"type": "procedural", "title": "Rotate credentials", "body": body + " Always.", "project": "global"}, &global)
	var s pageOut
	h.ok(ToolSearch, map[string]any{"query": "rotate database credentials"}, &s)
	if len(s.Results) != 3 || s.Results[2].ID != other.ID {
		t.Fatalf("the other project's note is not last (of 3) for the same match: %+v", s.Results)
	}
	h.ok(ToolSearch, map[string]any{"query": "rotate database credentials", "project": "acme/web"}, &s)
	if len(s.Results) != 1 || s.Results[0].ID != other.ID {
		t.Fatalf("a project filter: %+v", s.Results)
	}
}

func TestWriteIdempotencyKey(t *testing.T) {
	h := newHarness(t, setup{})
	args := map[string]any{"type": "episodic", "title": "Fixed the flaky test", "body": "Raced on the port.", "idempotency_key": "k-1"}
	var a, b viewOut
	h.ok(ToolWrite, args, &a)
	h.ok(ToolWrite, args, &b)
	if a.ID != b.ID {
		t.Errorf("a repeated idempotency key made a second note: %s, %s", a.ID, b.ID)
	}
	args["body"] = "Something else."
	res := h.call(ToolWrite, args)
	if !res.IsError || !strings.Contains(text(res), "idempotency") {
		t.Errorf("reusing a key for other content: %v %s", res.IsError, text(res))
	}
	if n := noteFiles(t, h.st); n != 1 {
		t.Errorf("%d note files, want 1", n)
	}
	// Once the note is forgotten, a retry is refused with what to do, and writes nothing.
	args["body"] = "Raced on the port."
	h.ok(ToolForget, map[string]any{"id": a.ID}, nil)
	res = h.call(ToolWrite, args)
	if !res.IsError || !strings.Contains(text(res), "since been forgotten (note "+a.ID) || !strings.Contains(text(res), "use a new idempotency_key") {
		t.Errorf("retry after forget: %v %s", res.IsError, text(res))
	}
	if n := noteFiles(t, h.st); n != 1 {
		t.Errorf("%d note files after the refused retry, want 1", n)
	}
}

// TestBadArguments drives each refusal through the client: the call must be an isError result
// whose one sentence names the problem, and nothing may be written.
func TestBadArguments(t *testing.T) {
	h := newHarness(t, setup{})
	var seed viewOut
	h.ok(ToolWrite, map[string]any{"type": "semantic", "title": "seed", "body": "x"}, &seed)
	cases := []struct {
		name string
		tool string
		args map[string]any
		want []string // substrings of the error text
	}{
		{"unknown type", ToolWrite, map[string]any{"type": "fact", "title": "t", "body": "b"}, []string{"procedural", "semantic", "episodic"}},
		{"unknown scope", ToolWrite, map[string]any{"type": "semantic", "title": "t", "body": "b", "scope": "everywhere"}, []string{"portable", "machine-local"}},
		{"empty title", ToolWrite, map[string]any{"type": "semantic", "title": "", "body": "b"}, []string{"title"}},
		{"blank title", ToolWrite, map[string]any{"type": "semantic", "title": "   ", "body": "b"}, []string{"title must not be empty"}},
		{"missing body", ToolWrite, map[string]any{"type": "semantic", "title": "t"}, []string{"body"}},
		{"machine id argument", ToolWrite, map[string]any{"type": "semantic", "title": "t", "body": "b", "machine_id": "evil"}, []string{"machine_id"}},
		{"bad supersedes", ToolWrite, map[string]any{"type": "semantic", "title": "t", "body": "b", "supersedes": []any{"nope"}}, []string{"supersedes"}},
		{"bad id", ToolForget, map[string]any{"id": "../../etc/passwd"}, []string{"id"}},
		{"unknown id", ToolForget, map[string]any{"id": "01J9Z8YPM7Q3X2V4WT6B5N0KGD"}, []string{"not found", "01J9Z8YPM7Q3X2V4WT6B5N0KGD"}},
		{"k zero", ToolSearch, map[string]any{"query": "x", "k": 0}, []string{"k", "1"}},
		{"k too big", ToolSearch, map[string]any{"query": "x", "k": app.MaxK + 1}, []string{"k", "100"}},
		{"search type", ToolSearch, map[string]any{"query": "x", "type": "facts"}, []string{"procedural"}},
		{"missing query", ToolSearch, map[string]any{}, []string{"query"}},
		{"foreign cursor", ToolSearch, map[string]any{"query": "x", "cursor": "garbage"}, []string{"cursor"}},
		{"list limit", ToolList, map[string]any{"limit": app.MaxListLimit + 1}, []string{"limit", "500"}},
		{"list scope", ToolList, map[string]any{"scope": "global"}, []string{"portable"}},
		{"budget too small", ToolRecall, map[string]any{"budget_tokens": 1}, []string{"budget_tokens", "100"}},
		{"budget too big", ToolRecall, map[string]any{"budget_tokens": 1_000_000}, []string{"budget_tokens", "8000"}},
		{"wrong type of k", ToolSearch, map[string]any{"query": "x", "k": "eight"}, []string{"k"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := h.call(c.tool, c.args)
			msg := text(res)
			if !res.IsError {
				t.Fatalf("accepted: %s", msg)
			}
			if strings.Contains(msg, "&{") || strings.Contains(msg, "input schema validation failed") {
				t.Errorf("error is a Go value dump, not a sentence: %q", msg)
			}
			if res.StructuredContent != nil {
				t.Errorf("an error carries structuredContent, which would hide its text from Claude Code")
			}
			for _, w := range c.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error %q does not mention %q", msg, w)
				}
			}
		})
	}
	if n := noteFiles(t, h.st); n != 1 {
		t.Errorf("bad calls wrote notes: %d files, want 1", n)
	}
	st, err := h.st.Stats(context.Background())
	if err != nil || st.Total != 1 || st.Deleted != 0 {
		t.Errorf("bad calls changed the index: %+v %v", st, err)
	}
}

// TestHandlerValidation calls the handlers directly, without mcp-go's client and server in
// front: every refusal comes from the one path (the adapter's shape check, then core/app), so a
// client that ignores the advertised schema is refused the same way.
func TestHandlerValidation(t *testing.T) {
	a := newApp(t, "")
	handlers := map[string]func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error){}
	for _, tl := range tools(a, "") {
		handlers[tl.def.Name] = tl.handler
	}
	cases := []struct {
		name string
		tool string
		args any
		want string
	}{
		{"type", ToolWrite, map[string]any{"type": "fact", "title": "t", "body": "b"}, "type must be one of procedural, semantic or episodic"},
		{"scope", ToolWrite, map[string]any{"type": "semantic", "title": "t", "body": "b", "scope": "x"}, "scope must be portable or machine-local"},
		{"title", ToolWrite, map[string]any{"type": "semantic", "title": " ", "body": "b"}, "title must not be empty"},
		{"supersedes", ToolWrite, map[string]any{"type": "semantic", "title": "t", "body": "b", "supersedes": []any{"x"}}, "supersedes entry must be a note id"},
		{"shape", ToolWrite, map[string]any{"type": 3}, "title is required; body is required; type must be a string, not 3"},
		{"not an object", ToolWrite, json.RawMessage(`["semantic"]`), "the arguments must be a JSON object of named parameters"},
		{"too large", ToolSearch, json.RawMessage(`{"query":"q","k":100000000000000000000}`), "do not match the tool's input schema"},
		{"exponent", ToolSearch, map[string]any{"query": "q", "k": 1e30}, "k must be an integer, not 1e+30"},
		{"id", ToolForget, map[string]any{"id": "x"}, "id must be a note id"},
		{"k", ToolSearch, map[string]any{"query": "q", "k": 0}, "k must be between 1 and 100"},
		{"filter", ToolSearch, map[string]any{"query": "q", "scope": "x"}, "scope must be portable or machine-local"},
		{"limit", ToolList, map[string]any{"limit": -1}, "limit must be between 1 and 500"},
		{"budget", ToolRecall, map[string]any{"budget_tokens": 99}, "budget_tokens must be between 100 and 8000"},
		{"status takes nothing", ToolStatus, map[string]any{"verbose": true}, "verbose is not a parameter of memory_status (it takes none)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req := mcp.CallToolRequest{}
			req.Params.Name = c.tool
			req.Params.Arguments = c.args
			res, err := handlers[c.tool](context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			if !res.IsError || !strings.Contains(text(res), c.want) {
				t.Fatalf("got isError=%v %q, want %q", res.IsError, text(res), c.want)
			}
			if msg := text(res); !strings.HasSuffix(msg, ".") || strings.Count(msg, ". ") > 0 {
				t.Errorf("not one sentence: %q", msg)
			}
		})
	}
	st, err := a.Store(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if n := noteFiles(t, st); n != 0 {
		t.Errorf("refused writes left %d files", n)
	}
}

// TestTenancyFields: memory_write keeps the Python reference's user_id and workspace_id (with its
// defaults), and memory_search and memory_list filter on them.
func TestTenancyFields(t *testing.T) {
	h := newHarness(t, setup{})
	var alice, mine viewOut
	h.ok(ToolWrite, map[string]any{"type": "semantic", "title": "Deploy window is Tuesday", "body": "Deploys happen on Tuesday.",
		"user_id": "alice", "workspace_id": "acme"}, &alice)
	h.ok(ToolWrite, map[string]any{"type": "semantic", "title": "Deploy from a clean tree", "body": "Deploys need a clean tree."}, &mine)
	if alice.UserID != "alice" || alice.WorkspaceID != "acme" || mine.UserID != "self" || mine.WorkspaceID != "personal" {
		t.Fatalf("tenancy fields: %+v / %+v", alice, mine)
	}
	for _, c := range []struct {
		tool string
		args map[string]any
		want []string
	}{
		{ToolSearch, map[string]any{"query": "deploys"}, []string{alice.ID, mine.ID}},
		{ToolSearch, map[string]any{"query": "deploys", "workspace_id": "acme"}, []string{alice.ID}},
		{ToolSearch, map[string]any{"query": "deploys", "user_id": "self"}, []string{mine.ID}},
		{ToolSearch, map[string]any{"query": "deploys", "user_id": "alice", "workspace_id": "personal"}, nil},
		{ToolList, map[string]any{"workspace_id": "personal"}, []string{mine.ID}},
		{ToolList, map[string]any{"user_id": "alice"}, []string{alice.ID}},
		{ToolList, map[string]any{"user_id": "bob"}, nil},
	} {
		var p pageOut
		h.ok(c.tool, c.args, &p)
		var got []string
		for _, r := range p.Results {
			got = append(got, r.ID)
		}
		slices.Sort(got)
		want := slices.Clone(c.want)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s(%v) = %v, want %v", c.tool, c.args, got, want)
		}
	}
	var s struct {
		ByWorkspace map[string]int `json:"by_workspace"`
	}
	h.ok(ToolStatus, nil, &s)
	if s.ByWorkspace["acme"] != 1 || s.ByWorkspace["personal"] != 1 {
		t.Errorf("by_workspace: %v", s.ByWorkspace)
	}
}

func TestPaging(t *testing.T) {
	h := newHarness(t, setup{})
	for i := 0; i < 7; i++ {
		h.ok(ToolWrite, map[string]any{"type": "semantic", "title": "kubernetes note", "body": strings.Repeat("helm ", i+1)}, nil)
	}
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{ToolSearch, map[string]any{"query": "kubernetes", "k": 3}},
		{ToolList, map[string]any{"limit": 3}},
	} {
		seen := map[string]bool{}
		pages := 0
		for cursor := ""; ; pages++ {
			args := map[string]any{}
			for k, v := range c.args {
				args[k] = v
			}
			if cursor != "" {
				args["cursor"] = cursor
			}
			var p pageOut
			h.ok(c.tool, args, &p)
			for _, r := range p.Results {
				if seen[r.ID] {
					t.Fatalf("%s: %s on two pages", c.tool, r.ID)
				}
				seen[r.ID] = true
			}
			if p.NextCursor == "" {
				break
			}
			cursor = p.NextCursor
		}
		if len(seen) != 7 || pages != 2 {
			t.Errorf("%s: %d notes over %d pages, want 7 over 3", c.tool, len(seen), pages+1)
		}
	}
}

func TestStatus(t *testing.T) {
	remote := "ssh://node/srv/anamnesis.git"
	h := newHarness(t, setup{remote: remote})
	h.ok(ToolWrite, map[string]any{"type": "semantic", "title": "a", "body": "b", "project": "p1"}, nil)
	var w viewOut
	h.ok(ToolWrite, map[string]any{"type": "episodic", "title": "c", "body": "d", "scope": "machine-local"}, &w)
	h.ok(ToolForget, map[string]any{"id": w.ID}, nil)
	var s struct {
		Root        string         `json:"root"`
		DB          string         `json:"db_path"`
		MachineID   string         `json:"machine_id"`
		Total       int            `json:"total"`
		Deleted     int            `json:"deleted"`
		Conflicts   *int           `json:"conflicts"`
		ByTypeJ     map[string]int `json:"by_type"`
		ByProject   map[string]int `json:"by_project"`
		ByScope     map[string]int `json:"by_scope"`
		ByWorkspace map[string]int `json:"by_workspace"`
		Sync        struct {
			Initialized bool    `json:"initialized"`
			Remote      *string `json:"remote"`
			Detail      string  `json:"detail"`
		} `json:"sync"`
	}
	h.ok(ToolStatus, nil, &s)
	if s.Root != h.st.Root() || s.DB != h.st.DBPath() || s.MachineID != testMachine {
		t.Errorf("paths: %+v", s)
	}
	if s.Total != 1 || s.Deleted != 1 || s.Conflicts == nil || s.ByTypeJ["semantic"] != 1 || s.ByProject["p1"] != 1 ||
		s.ByScope["portable"] != 1 || s.ByWorkspace["personal"] != 1 {
		t.Errorf("counts: %+v", s)
	}
	if s.Sync.Remote == nil || *s.Sync.Remote != remote || s.Sync.Detail == "" {
		t.Errorf("sync: %+v", s.Sync)
	}
}

func TestSync(t *testing.T) {
	h := newHarness(t, setup{})
	var r struct {
		Pushed    *bool    `json:"pushed"`
		Detail    string   `json:"detail"`
		Conflicts []string `json:"conflicts"`
	}
	h.ok(ToolSync, map[string]any{"force": true}, &r)
	if r.Pushed == nil || *r.Pushed || r.Detail == "" || r.Conflicts == nil {
		t.Errorf("sync without a remote: %+v", r)
	}
	if _, err := os.Stat(h.app.Home.SyncStatus()); err != nil {
		t.Errorf("memory_sync was not recorded: %v", err)
	}
}

// TestSyncOverRealRemote: a remote set in config.json after the server started (as "anamnesis
// init --remote" does) is used by the next memory_sync and shown by memory_status, and the cycle
// is recorded like the CLI's, so memory_status reports its success.
func TestSyncOverRealRemote(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	h := newHarness(t, setup{})
	remote := filepath.Join(t.TempDir(), "remote.git")
	if out, err := exec.Command("git", "init", "--bare", "-b", "main", remote).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	if err := config.Update(h.app.Home.Root(), map[string]any{config.KeyRemote: remote}); err != nil {
		t.Fatal(err)
	}
	var w viewOut
	h.ok(ToolWrite, map[string]any{"type": "semantic", "title": "Synced over MCP", "body": "pushed by memory_sync"}, &w)
	var r struct {
		Pushed  bool `json:"pushed"`
		Offline bool `json:"offline"`
	}
	h.ok(ToolSync, nil, &r)
	if !r.Pushed || r.Offline {
		t.Fatalf("sync to a reachable remote: %+v", r)
	}
	out, err := exec.Command("git", "--git-dir", remote, "log", "--name-only", "--format=", "main").CombinedOutput()
	if err != nil || !strings.Contains(string(out), w.ID) {
		t.Fatalf("the remote lacks the note: %v\n%s", err, out)
	}
	var s struct {
		Sync struct {
			Remote      *string `json:"remote"`
			LastSuccess string  `json:"last_success"`
		} `json:"sync"`
	}
	h.ok(ToolStatus, nil, &s)
	if s.Sync.Remote == nil || *s.Sync.Remote != remote || s.Sync.LastSuccess == "" {
		t.Errorf("status after memory_sync: %+v", s.Sync)
	}
}

func TestRecall(t *testing.T) {
	h := newHarness(t, setup{})
	for i := 0; i < 20; i++ {
		h.ok(ToolWrite, map[string]any{"type": "procedural", "title": "Rotate TLS certificates", "project": "p",
			"body": strings.Repeat("Use certbot renew with the deploy hook, then reload nginx. ", 10)}, nil)
	}
	res := h.ok(ToolRecall, map[string]any{"query": "tls certificates", "project": "p", "budget_tokens": 300}, nil)
	got := text(res)
	if res.StructuredContent != nil {
		t.Error("recall must answer in text only, or Claude Code would show escaped JSON")
	}
	if !strings.Contains(got, "Rotate TLS certificates") {
		t.Errorf("bundle lacks the note: %q", got)
	}
	if tok := recall.EstimateTokens(got); tok > 300 {
		t.Errorf("bundle is %d tokens, over the 300 budget", tok)
	}
	full := text(h.ok(ToolRecall, map[string]any{"project": "p"}, nil))
	if tok := recall.EstimateTokens(full); tok > app.DefaultRecallBudget || tok <= 300 {
		t.Errorf("default budget bundle is %d tokens", tok)
	}
	none := h.ok(ToolRecall, map[string]any{"query": "zeppelin"}, nil)
	if none.IsError || !strings.Contains(text(none), "No memory notes matched") {
		t.Errorf("no match: %q", text(none))
	}
}
