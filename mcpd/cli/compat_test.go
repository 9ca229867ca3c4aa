package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The compat profile, driven as its clients drive it: the real binary over stdio, the official Go
// SDK as the client.

// connectCmd connects the Go SDK client to a server started by cmd.
func connectCmd(t testing.TB, cmd *exec.Cmd) *mcp.ClientSession {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c := mcp.NewClient(&mcp.Implementation{Name: "go-sdk-compat-test", Version: "0"}, nil)
	s, err := c.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// compatEnv is the reference's envelope as a client decodes it.
type compatEnv struct {
	Success     bool            `json:"success"`
	Data        json.RawMessage `json:"data"`
	Metadata    map[string]any  `json:"metadata"`
	Error       string          `json:"error"`
	ErrorCode   string          `json:"error_code"`
	IsRetryable *bool           `json:"is_retryable"`
}

// envCall calls a compat tool and decodes its envelope, checking that the structured content and
// the text are the same envelope and that isError agrees with success.
func envCall(t *testing.T, s *mcp.ClientSession, name string, args map[string]any) compatEnv {
	t.Helper()
	res := call(t, s, name, args)
	var fromText, fromStruct compatEnv
	if err := json.Unmarshal([]byte(resultText(res)), &fromText); err != nil {
		t.Fatalf("%s(%v): text is not an envelope: %q", name, args, resultText(res))
	}
	b, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(b, &fromStruct); err != nil {
		t.Fatalf("%s: structuredContent %s: %v", name, b, err)
	}
	if canonical(fromText.Data) != canonical(fromStruct.Data) || fromText.Success != fromStruct.Success || fromText.ErrorCode != fromStruct.ErrorCode {
		t.Fatalf("%s: text %q and structuredContent %s differ", name, resultText(res), b)
	}
	if res.IsError == fromText.Success {
		t.Fatalf("%s: isError %v with success %v", name, res.IsError, fromText.Success)
	}
	return fromText
}

// canonical re-encodes JSON with sorted keys, to compare two encodings of one value.
func canonical(raw json.RawMessage) string {
	var v any
	if len(raw) == 0 || json.Unmarshal(raw, &v) != nil {
		return string(raw)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// ok calls a tool that must succeed and decodes its data into out (when out is not nil).
func ok(t *testing.T, s *mcp.ClientSession, name string, args map[string]any, out any) compatEnv {
	t.Helper()
	e := envCall(t, s, name, args)
	if !e.Success {
		t.Fatalf("%s(%v): %s (%s)", name, args, e.Error, e.ErrorCode)
	}
	if out != nil {
		if err := json.Unmarshal(e.Data, out); err != nil {
			t.Fatalf("%s: data %s: %v", name, e.Data, err)
		}
	}
	return e
}

// fails calls a tool that must fail with code, and returns the message.
func fails(t *testing.T, s *mcp.ClientSession, name string, args map[string]any, code string, retryable bool) string {
	t.Helper()
	e := envCall(t, s, name, args)
	if e.Success || e.ErrorCode != code || e.IsRetryable == nil || *e.IsRetryable != retryable || e.Error == "" || e.Data != nil {
		t.Fatalf("%s(%v): got success=%v error=%q code=%q retryable=%v data=%s; want code %s", name, args,
			e.Success, e.Error, e.ErrorCode, e.IsRetryable, e.Data, code)
	}
	return e.Error
}

type memView struct {
	Name    string   `json:"name"`
	ID      string   `json:"id"`
	Content *string  `json:"content"`
	Tags    []string `json:"tags"`
	Size    int      `json:"size"`
}

type sessionView struct {
	SessionID string   `json:"session_id"`
	Name      string   `json:"name"`
	Feature   string   `json:"feature"`
	Files     []string `json:"files"`
	Tasks     []string `json:"tasks"`
	Status    string   `json:"status"`
	EndedAt   string   `json:"ended_at"`
}

type decisionView struct {
	DecisionID   string   `json:"decision_id"`
	Decision     string   `json:"decision"`
	Context      string   `json:"context"`
	Rationale    string   `json:"rationale"`
	SessionID    *string  `json:"session_id"`
	RelatedFiles []string `json:"related_files"`
	Tags         []string `json:"tags"`
}

// compatServer starts the compat profile over a fresh store in a fresh working directory, as the
// codex agent.
func compatServer(t *testing.T) (*mcp.ClientSession, string) {
	home := t.TempDir()
	cmd := serverCmd(home, "m-compat", "serve", "--profile", "compat", "--agent", "codex")
	cmd.Dir = t.TempDir()
	return connectCmd(t, cmd), home
}

// TestCompatToolSurface checks tools/list against the reference: exactly the nine tools, each with
// the reference's parameters, required ones and defaults.
func TestCompatToolSurface(t *testing.T) {
	s, _ := compatServer(t)
	if ir := s.InitializeResult(); ir == nil || !strings.Contains(ir.Instructions, "write_memory") {
		t.Fatalf("instructions: %+v", ir)
	}
	tools, err := s.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	type param struct {
		typ string
		def any // nil: no default advertised
	}
	want := map[string]struct {
		params   map[string]param
		required []string
	}{
		"write_memory":    {map[string]param{"name": {"string", nil}, "content": {"string", nil}}, []string{"content", "name"}},
		"read_memory":     {map[string]param{"name": {"string", nil}}, []string{"name"}},
		"delete_memory":   {map[string]param{"name": {"string", nil}}, []string{"name"}},
		"edit_memory":     {map[string]param{"name": {"string", nil}, "old_text": {"string", nil}, "new_text": {"string", nil}}, []string{"name", "new_text", "old_text"}},
		"search_memories": {map[string]param{"query": {"string", nil}, "limit": {"integer", 5.0}}, nil},
		"start_session":   {map[string]param{"name": {"string", ""}, "feature": {"string", ""}, "files": {"array", nil}, "tasks": {"array", nil}}, nil},
		"end_session":     {map[string]param{"session_id": {"string", nil}}, nil},
		"get_sessions":    {map[string]param{"session_id": {"string", nil}, "active_only": {"boolean", false}, "limit": {"integer", 10.0}}, nil},
		"manage_decisions": {map[string]param{"action": {"string", "list"}, "decision": {"string", ""}, "context": {"string", ""},
			"rationale": {"string", ""}, "session_id": {"string", nil}, "related_files": {"array", nil}, "tags": {"array", nil},
			"limit": {"integer", 10.0}}, nil},
	}
	if len(tools.Tools) != len(want) {
		var names []string
		for _, tl := range tools.Tools {
			names = append(names, tl.Name)
		}
		t.Fatalf("tools %v, want the nine of the reference", names)
	}
	for _, tl := range tools.Tools {
		w, found := want[tl.Name]
		if !found {
			t.Errorf("unexpected tool %s", tl.Name)
			continue
		}
		var schema struct {
			Properties map[string]struct {
				Type    string `json:"type"`
				Default any    `json:"default"`
			} `json:"properties"`
			Required             []string `json:"required"`
			AdditionalProperties *bool    `json:"additionalProperties"`
		}
		b, _ := json.Marshal(tl.InputSchema)
		if err := json.Unmarshal(b, &schema); err != nil {
			t.Fatal(err)
		}
		if len(schema.Properties) != len(w.params) {
			t.Errorf("%s: parameters %s, want %v", tl.Name, b, w.params)
		}
		for name, p := range w.params {
			got, found := schema.Properties[name]
			if !found || got.Type != p.typ || fmt.Sprint(got.Default) != fmt.Sprint(p.def) {
				t.Errorf("%s.%s: %+v, want %+v", tl.Name, name, got, p)
			}
		}
		req := slices.Clone(schema.Required)
		sort.Strings(req)
		if !slices.Equal(req, w.required) {
			t.Errorf("%s: required %v, want %v", tl.Name, req, w.required)
		}
		if schema.AdditionalProperties == nil || *schema.AdditionalProperties {
			t.Errorf("%s: unknown parameters are not refused: %s", tl.Name, b)
		}
	}
}

// TestCompatMemories covers write_memory, read_memory, edit_memory, delete_memory and
// search_memories: the round trip, the replace-on-rewrite, the errors and the limit clamp.
func TestCompatMemories(t *testing.T) {
	s, home := compatServer(t)

	var w memView
	e := ok(t, s, "write_memory", map[string]any{"name": "architecture-decisions", "content": "We use SQLite.\nWe use git."}, &w)
	if w.Name != "architecture-decisions" || w.ID == "" || e.Metadata["created"] != true {
		t.Fatalf("write: %+v %v", w, e.Metadata)
	}
	if !slices.Contains(w.Tags, "agent:codex") || !slices.Contains(w.Tags, "memory") {
		t.Fatalf("tags %v: want memory and agent:codex", w.Tags)
	}
	// Writing the same name replaces the content of the same note.
	var w2 memView
	e = ok(t, s, "write_memory", map[string]any{"name": "architecture-decisions", "content": "We use SQLite (modernc).\nWe use git."}, &w2)
	if w2.ID != w.ID || e.Metadata["created"] != false {
		t.Fatalf("rewrite made %s (created %v), want the same note %s", w2.ID, e.Metadata["created"], w.ID)
	}
	var r memView
	ok(t, s, "read_memory", map[string]any{"name": "architecture-decisions"}, &r)
	if r.Content == nil || *r.Content != "We use SQLite (modernc).\nWe use git." {
		t.Fatalf("read: %+v", r)
	}
	e = ok(t, s, "edit_memory", map[string]any{"name": "architecture-decisions", "old_text": "We use", "new_text": "Anamnesis uses"}, &r)
	if *r.Content != "Anamnesis uses SQLite (modernc).\nAnamnesis uses git." || e.Metadata["replacements"] != 2.0 {
		t.Fatalf("edit: %q %v", *r.Content, e.Metadata)
	}

	// A secret is redacted on a rewrite and on an edit, as on a first write.
	secret := "ghp_" + strings.Repeat("aB3dE5fG7h", 3) + "k9L1mN"
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{"write_memory", map[string]any{"name": "tokens", "content": "token " + secret}},
		{"write_memory", map[string]any{"name": "tokens", "content": "again " + secret}},
		{"edit_memory", map[string]any{"name": "tokens", "old_text": "again", "new_text": secret}},
	} {
		e := ok(t, s, c.tool, c.args, nil)
		if e.Metadata["redacted"] == nil {
			t.Errorf("%s %v: no redaction reported: %v", c.tool, c.args, e.Metadata)
		}
	}
	ok(t, s, "read_memory", map[string]any{"name": "tokens"}, &r)
	if strings.Contains(*r.Content, secret) || !strings.Contains(*r.Content, "[REDACTED:") {
		t.Fatalf("stored content %q", *r.Content)
	}
	ok(t, s, "delete_memory", map[string]any{"name": "tokens"}, nil)

	// Errors: each with its category, none retryable, nothing written.
	fails(t, s, "read_memory", map[string]any{"name": "nope"}, "not_found", false)
	fails(t, s, "edit_memory", map[string]any{"name": "nope", "old_text": "a", "new_text": "b"}, "not_found", false)
	fails(t, s, "edit_memory", map[string]any{"name": "architecture-decisions", "old_text": "absent text", "new_text": "b"}, "validation_error", false)
	fails(t, s, "write_memory", map[string]any{"name": "../etc/passwd", "content": "x"}, "validation_error", false)
	fails(t, s, "write_memory", map[string]any{"name": "a b", "content": "x"}, "validation_error", false)
	fails(t, s, "write_memory", map[string]any{"name": "x"}, "validation_error", false)
	fails(t, s, "write_memory", map[string]any{"name": "x", "content": "y", "tags": []string{"t"}}, "validation_error", false)
	fails(t, s, "search_memories", map[string]any{"limit": "5"}, "validation_error", false)
	msg := fails(t, s, "search_memories", map[string]any{"query": 3}, "validation_error", false)
	if strings.Contains(msg, home) {
		t.Errorf("error shows the store path: %q", msg)
	}

	// Seven more memories sharing a word, for the list and the clamps.
	for i := range 7 {
		ok(t, s, "write_memory", map[string]any{"name": fmt.Sprintf("topic.%d", i), "content": fmt.Sprintf("Zebra fact number %d.", i)}, nil)
	}
	var list []memView
	e = ok(t, s, "search_memories", nil, &list)
	if len(list) != 8 || e.Metadata["total"] != 8.0 {
		t.Fatalf("list: %d memories (%v), want 8", len(list), e.Metadata)
	}
	for _, m := range list {
		if m.Content != nil || m.Name == "" {
			t.Fatalf("list entry %+v: want a name and no content", m)
		}
	}
	// A null query lists too.
	ok(t, s, "search_memories", map[string]any{"query": nil}, &list)
	if len(list) != 8 {
		t.Fatalf("query=null listed %d", len(list))
	}
	type hit struct {
		Name    string `json:"name"`
		Content string `json:"content"`
	}
	clamps := []struct {
		limit     any // nil: not given
		wantLimit float64
		wantHits  int
	}{
		{nil, 5, 5}, {0, 1, 1}, {-3, 1, 1}, {2, 2, 2}, {1000, 100, 7},
	}
	for _, c := range clamps {
		args := map[string]any{"query": "zebra fact"}
		if c.limit != nil {
			args["limit"] = c.limit
		}
		var hits []hit
		e := ok(t, s, "search_memories", args, &hits)
		if len(hits) != c.wantHits || e.Metadata["limit"] != c.wantLimit {
			t.Errorf("limit %v: %d hits, metadata %v; want %d hits, limit %v", c.limit, len(hits), e.Metadata, c.wantHits, c.wantLimit)
		}
		for _, h := range hits {
			if !strings.HasPrefix(h.Name, "topic.") || !strings.Contains(h.Content, "Zebra") {
				t.Errorf("hit %+v", h)
			}
		}
	}

	var d map[string]any
	ok(t, s, "delete_memory", map[string]any{"name": "topic.0"}, &d)
	if d["deleted"] != true || d["id"] == "" {
		t.Fatalf("delete: %v", d)
	}
	fails(t, s, "read_memory", map[string]any{"name": "topic.0"}, "not_found", false)
	fails(t, s, "delete_memory", map[string]any{"name": "topic.0"}, "not_found", false)
	ok(t, s, "search_memories", map[string]any{}, &list)
	if len(list) != 7 {
		t.Fatalf("after delete: %d memories", len(list))
	}
	// Written again after a delete, the name is a new note.
	var again memView
	ok(t, s, "write_memory", map[string]any{"name": "topic.0", "content": "back"}, &again)
	if again.ID == "" || again.ID == d["id"] {
		t.Fatalf("rewrite after delete: %+v", again)
	}
}

// TestCompatSessionsAndDecisions covers start_session, end_session, get_sessions and
// manage_decisions, with their defaults, clamps and errors.
func TestCompatSessionsAndDecisions(t *testing.T) {
	s, _ := compatServer(t)

	fails(t, s, "end_session", nil, "not_found", false)
	var none []sessionView
	e := ok(t, s, "get_sessions", nil, &none)
	if len(none) != 0 || e.Metadata["active_session_id"] != nil {
		t.Fatalf("no sessions yet: %v %v", none, e.Metadata)
	}

	var s1, s2 sessionView
	ok(t, s, "start_session", map[string]any{"name": "auth work", "feature": "authentication",
		"files": []string{"src/auth.go", "src/jwt.go"}, "tasks": []string{"add JWT", "test expiry"}}, &s1)
	if s1.SessionID == "" || s1.Status != "active" || !slices.Equal(s1.Files, []string{"src/auth.go", "src/jwt.go"}) ||
		!slices.Equal(s1.Tasks, []string{"add JWT", "test expiry"}) || s1.Feature != "authentication" {
		t.Fatalf("start: %+v", s1)
	}
	e = ok(t, s, "start_session", nil, &s2) // every parameter has a default
	if e.Metadata["active_session_id"] != s2.SessionID || len(s2.Files) != 0 {
		t.Fatalf("start with defaults: %+v %v", s2, e.Metadata)
	}

	var got []sessionView
	ok(t, s, "get_sessions", map[string]any{"session_id": s1.SessionID}, &got)
	if len(got) != 1 || got[0].Name != "auth work" || !slices.Equal(got[0].Tasks, s1.Tasks) {
		t.Fatalf("get by id: %+v", got)
	}
	fails(t, s, "get_sessions", map[string]any{"session_id": "abc-123"}, "not_found", false)

	// Decisions, linked to the first session and not.
	fails(t, s, "manage_decisions", map[string]any{"action": "record"}, "validation_error", false)
	fails(t, s, "manage_decisions", map[string]any{"action": "delete"}, "validation_error", false)
	fails(t, s, "manage_decisions", map[string]any{"action": "record", "decision": "x", "session_id": "abc-123"}, "not_found", false)
	var d1 decisionView
	ok(t, s, "manage_decisions", map[string]any{"action": "record", "decision": "Use JWT for auth", "context": "API security review",
		"rationale": "Stateless, scalable", "tags": []string{"security", "api"}, "session_id": s1.SessionID,
		"related_files": []string{"src/auth.go"}}, &d1)
	if d1.DecisionID == "" || d1.Context != "API security review" || d1.Rationale != "Stateless, scalable" ||
		d1.SessionID == nil || *d1.SessionID != s1.SessionID || !slices.Equal(d1.RelatedFiles, []string{"src/auth.go"}) ||
		!slices.Equal(d1.Tags, []string{"security", "api"}) {
		t.Fatalf("record: %+v", d1)
	}
	for i := range 3 {
		ok(t, s, "manage_decisions", map[string]any{"action": "record", "decision": fmt.Sprintf("Decision %d", i)}, nil)
	}
	var ds []decisionView
	e = ok(t, s, "manage_decisions", nil, &ds) // action defaults to list
	if len(ds) != 4 || e.Metadata["limit"] != 10.0 || ds[0].Decision != "Decision 2" {
		t.Fatalf("list: %d %v", len(ds), e.Metadata)
	}
	ok(t, s, "manage_decisions", map[string]any{"action": "list", "session_id": s1.SessionID}, &ds)
	if len(ds) != 1 || ds[0].DecisionID != d1.DecisionID || ds[0].Rationale != "Stateless, scalable" {
		t.Fatalf("list by session: %+v", ds)
	}
	for _, c := range []struct {
		limit     int
		wantLimit float64
		want      int
	}{{0, 1, 1}, {2, 2, 2}, {500, 100, 4}} {
		e := ok(t, s, "manage_decisions", map[string]any{"limit": c.limit}, &ds)
		if len(ds) != c.want || e.Metadata["limit"] != c.wantLimit {
			t.Errorf("decisions limit %d: %d, %v", c.limit, len(ds), e.Metadata)
		}
	}

	// end_session without an id ends the most recent active session (s2), then s1 by id.
	var ended sessionView
	ok(t, s, "end_session", map[string]any{}, &ended)
	if ended.SessionID != s2.SessionID || ended.Status != "ended" || ended.EndedAt == "" {
		t.Fatalf("end active: %+v", ended)
	}
	e = ok(t, s, "get_sessions", map[string]any{"active_only": true}, &got)
	if len(got) != 1 || got[0].SessionID != s1.SessionID || e.Metadata["active_session_id"] != s1.SessionID {
		t.Fatalf("active only: %+v %v", got, e.Metadata)
	}
	fails(t, s, "end_session", map[string]any{"session_id": s2.SessionID}, "validation_error", false)
	ok(t, s, "end_session", map[string]any{"session_id": s1.SessionID}, &ended)
	if !slices.Equal(ended.Files, s1.Files) || ended.Name != "auth work" {
		t.Fatalf("ending lost the session's fields: %+v", ended)
	}
	fails(t, s, "end_session", nil, "not_found", false)
	for _, c := range []struct {
		limit     any
		wantLimit float64
		want      int
	}{{nil, 10, 2}, {0, 1, 1}, {-1, 1, 1}, {101, 100, 2}} {
		args := map[string]any{}
		if c.limit != nil {
			args["limit"] = c.limit
		}
		e := ok(t, s, "get_sessions", args, &got)
		if len(got) != c.want || e.Metadata["limit"] != c.wantLimit || e.Metadata["active_session_id"] != nil {
			t.Errorf("sessions limit %v: %d, %v", c.limit, len(got), e.Metadata)
		}
	}
	if got[0].Status != "ended" {
		t.Errorf("after end: %+v", got[0])
	}
}

// TestCompatNotesAreOrdinary checks that what the compat tools keep is ordinary notes: the default
// profile over the same store finds the memory, the decision and the session through
// memory_search, with the tags that mark them.
func TestCompatNotesAreOrdinary(t *testing.T) {
	s, home := compatServer(t)
	ok(t, s, "write_memory", map[string]any{"name": "deploy", "content": "Deploy with the quokka pipeline."}, nil)
	ok(t, s, "manage_decisions", map[string]any{"action": "record", "decision": "Adopt the quokka pipeline", "rationale": "quokka is fast"}, nil)
	ok(t, s, "start_session", map[string]any{"name": "quokka migration"}, nil)

	d := connect(t, home, "m-compat", "")
	var p struct {
		Results []struct {
			Type  string   `json:"type"`
			Title string   `json:"title"`
			Tags  []string `json:"tags"`
		} `json:"results"`
	}
	okJSON(t, d, "memory_search", map[string]any{"query": "quokka"}, &p)
	found := map[string]string{}
	for _, r := range p.Results {
		if !slices.Contains(r.Tags, "agent:codex") {
			t.Errorf("%s: tags %v lack agent:codex", r.Title, r.Tags)
		}
		for _, tag := range []string{"memory", "decision", "session"} {
			if slices.Contains(r.Tags, tag) {
				found[tag] = r.Type
			}
		}
	}
	if found["memory"] != "semantic" || found["decision"] != "semantic" || found["session"] != "episodic" {
		t.Fatalf("memory_search found %v in %+v", found, p.Results)
	}
}

// TestCompatProfileSetting checks that the setting mcp.profile picks the profile when --profile is
// not given, and that a bad --profile is refused.
func TestCompatProfileSetting(t *testing.T) {
	home := t.TempDir()
	cmd := serverCmd(home, "m", "serve")
	cmd.Env = append(cmd.Env, "ANAMNESIS_MCP_PROFILE=compat")
	s := connectCmd(t, cmd)
	tools, err := s.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(tools.Tools) != 9 || !slices.ContainsFunc(tools.Tools, func(x *mcp.Tool) bool { return x.Name == "manage_decisions" }) {
		t.Fatalf("setting compat: %d tools", len(tools.Tools))
	}
	// --profile wins over the setting.
	cmd = serverCmd(home, "m", "serve", "--profile", "default")
	cmd.Env = append(cmd.Env, "ANAMNESIS_MCP_PROFILE=compat")
	s = connectCmd(t, cmd)
	if tools, err = s.ListTools(context.Background(), nil); err != nil || len(tools.Tools) != 8 {
		t.Fatalf("--profile default: %v %v", tools, err)
	}
	for _, args := range [][]string{{"--profile", "serena"}, {"--agent", "Not A Name"}} {
		out, err := serverCmd(filepath.Join(home, "x"), "m", append([]string{"serve"}, args...)...).CombinedOutput()
		if ee, isExit := err.(*exec.ExitError); !isExit || ee.ExitCode() != 2 || !strings.Contains(string(out), args[0]+" must be") {
			t.Errorf("%v: %v %s", args, err, out)
		}
	}
}
