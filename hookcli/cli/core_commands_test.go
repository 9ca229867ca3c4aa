package cli_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/capture"
	"github.com/anamnesis-go/anamnesis/hookcli/cli"
)

// These tests drive the everyday commands through cli.Main with in-memory streams and a real
// store in a temporary directory.

type result struct {
	code           int
	stdout, stderr string
}

type env struct {
	t    *testing.T
	home string
}

func newEnv(t *testing.T) *env {
	t.Helper()
	top := t.TempDir()
	t.Setenv("HOME", top)
	t.Setenv("ANAMNESIS_HOME", filepath.Join(top, "unused-env-home"))
	t.Setenv("ANAMNESIS_MACHINE_ID", "testbox")
	t.Setenv("ANAMNESIS_GIT_REMOTE", "")
	return &env{t: t, home: filepath.Join(top, "store")}
}

func (e *env) run(stdin string, args ...string) result {
	e.t.Helper()
	var out, errb bytes.Buffer
	code := cli.Main(append([]string{"--home", e.home}, args...), strings.NewReader(stdin), &out, &errb)
	return result{code, out.String(), errb.String()}
}

// ok runs a command that must succeed and returns its stdout.
func (e *env) ok(stdin string, args ...string) string {
	e.t.Helper()
	r := e.run(stdin, args...)
	if r.code != 0 {
		e.t.Fatalf("anamnesis %v: exit %d\nstderr: %s", args, r.code, r.stderr)
	}
	return r.stdout
}

// fails runs a command that must fail with the given exit code and one sentence on stderr naming
// the command, containing want.
func (e *env) fails(code int, want string, args ...string) {
	e.t.Helper()
	r := e.run("", args...)
	if r.code != code {
		e.t.Fatalf("anamnesis %v: exit %d, want %d\nstdout: %s\nstderr: %s", args, r.code, code, r.stdout, r.stderr)
	}
	if !strings.HasPrefix(r.stderr, "anamnesis") || strings.Count(r.stderr, "\n") != 1 || !strings.HasSuffix(r.stderr, "\n") {
		e.t.Fatalf("anamnesis %v: stderr is not one line: %q", args, r.stderr)
	}
	if !strings.Contains(r.stderr, want) {
		e.t.Fatalf("anamnesis %v: stderr %q lacks %q", args, r.stderr, want)
	}
	if doubled := "anamnesis " + args[0] + ": " + args[0] + ":"; strings.HasPrefix(r.stderr, doubled) {
		e.t.Fatalf("anamnesis %v: stderr names the command twice: %q", args, r.stderr)
	}
	if strings.Contains(r.stderr, "goroutine") || strings.Contains(r.stderr, "panic") {
		e.t.Fatalf("anamnesis %v: crashed: %s", args, r.stderr)
	}
}

func decode[T any](t *testing.T, s string) T {
	t.Helper()
	var v T
	dec := json.NewDecoder(strings.NewReader(s))
	dec.DisallowUnknownFields()
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("not JSON of the expected shape: %v\n%s", err, s)
	}
	return v
}

func keys(m map[string]any) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

var noteKeys = []string{"body", "created_at", "id", "machine_id", "project", "scope", "tags", "title", "type", "updated_at", "user_id", "workspace_id"}

func without(ks []string, drop string) []string {
	var out []string
	for _, k := range ks {
		if k != drop {
			out = append(out, k)
		}
	}
	return out
}

func TestHelpVersionAndUsage(t *testing.T) {
	e := newEnv(t)
	out := e.ok("", "version")
	if !strings.HasPrefix(out, "anamnesis ") || !strings.HasSuffix(out, "\n") {
		t.Fatalf("version printed %q", out)
	}
	for _, flag := range []string{"--version", "-version"} {
		if got := e.ok("", flag); got != out {
			t.Errorf("%s printed %q, want %q as version does", flag, got, out)
		}
	}
	for _, args := range [][]string{{"help"}, {"--help"}, {"-h"}} {
		out := e.ok("", args...)
		for _, c := range []string{"write", "search", "list", "show", "forget", "reindex", "status", "version"} {
			if !strings.Contains(out, "\n  "+c+" ") {
				t.Errorf("%v does not list %s:\n%s", args, c, out)
			}
		}
	}
	for _, c := range []string{"write", "search", "list", "show", "forget", "reindex", "status"} {
		out := e.ok("", "help", c)
		if !strings.HasPrefix(out, "usage: anamnesis "+c) {
			t.Errorf("help %s printed %q", c, out)
		}
		if r := e.run("", c, "-h"); r.code != 0 || !strings.Contains(r.stderr+r.stdout, "usage: anamnesis "+c) {
			t.Errorf("%s -h: exit %d, %q %q", c, r.code, r.stdout, r.stderr)
		}
	}
	if r := e.run(""); r.code != 2 || !strings.Contains(r.stdout, "commands:") {
		t.Fatalf("no command: exit %d, %q", r.code, r.stdout)
	}
	e.fails(2, "unknown command", "frobnicate")
	e.fails(2, "flag provided but not defined", "--bogus", "list")
}

func TestWriteShowForgetList(t *testing.T) {
	e := newEnv(t)
	out := e.ok("", "write", "--type", "semantic", "--title", "WAL: busy # note", "--project", "acme/app",
		"--tags", "sqlite, wal,,sqlite", "--body", "Set busy_timeout.", "--json")
	v := decode[map[string]any](t, out)
	if !reflect.DeepEqual(keys(v), noteKeys) {
		t.Fatalf("write --json keys %v, want %v", keys(v), noteKeys)
	}
	id := v["id"].(string)
	want := map[string]any{"type": "semantic", "title": "WAL: busy # note", "project": "acme/app", "machine_id": "testbox",
		"scope": "portable", "tags": []any{"sqlite", "wal"}, "body": "Set busy_timeout.", "user_id": "self", "workspace_id": "personal"}
	for k, w := range want {
		if !reflect.DeepEqual(v[k], w) {
			t.Errorf("write --json %s = %#v, want %#v", k, v[k], w)
		}
	}
	if v["created_at"] != v["updated_at"] || !strings.HasSuffix(v["created_at"].(string), "+00:00") {
		t.Errorf("timestamps %v %v", v["created_at"], v["updated_at"])
	}

	// Body from stdin; plain output is the id; machine-local goes under local/.
	out = e.ok("line one\nline two\n\n", "write", "--type", "episodic", "--title", "from stdin", "--scope", "machine-local", "--project", "acme/app")
	id2 := strings.TrimSpace(out)
	if _, err := os.Stat(filepath.Join(e.home, "local", "episodic", id2+".md")); err != nil {
		t.Fatalf("machine-local note file: %v", err)
	}
	shown := decode[map[string]any](t, e.ok("", "show", id2, "--json"))
	if shown["body"] != "line one\nline two" || shown["scope"] != "machine-local" {
		t.Fatalf("show --json = %v", shown)
	}
	if text := e.ok("", "show", id); !strings.HasPrefix(text, "---\nid: "+id+"\n") || !strings.Contains(text, "\n---\nSet busy_timeout.\n") {
		t.Fatalf("show prints the note file, got:\n%s", text)
	}

	// list --json: an array of notes without bodies, newest first; filters narrow it.
	list := decode[[]map[string]any](t, e.ok("", "list", "--json"))
	if len(list) != 2 || list[0]["id"] != id2 || list[1]["id"] != id {
		t.Fatalf("list --json = %v", list)
	}
	if !reflect.DeepEqual(keys(list[0]), without(noteKeys, "body")) {
		t.Fatalf("list --json keys %v", keys(list[0]))
	}
	if l := decode[[]map[string]any](t, e.ok("", "list", "--type", "episodic", "--json")); len(l) != 1 || l[0]["id"] != id2 {
		t.Fatalf("list --type episodic = %v", l)
	}
	if l := decode[[]map[string]any](t, e.ok("", "list", "--project", "other", "--json")); len(l) != 0 {
		t.Fatalf("list --project other = %v", l)
	}
	if l := decode[[]map[string]any](t, e.ok("", "list", "--limit", "1", "--json")); len(l) != 1 {
		t.Fatalf("list --limit 1 = %v", l)
	}
	if text := e.ok("", "list"); strings.Count(text, "\n") != 2 || !strings.Contains(text, id) {
		t.Fatalf("list printed:\n%s", text)
	}

	// forget --json, then the note is hidden unless asked for.
	f := decode[map[string]string](t, e.ok("", "forget", id, "--json"))
	if f["id"] != id || f["status"] != "deleted" || f["deleted_at"] == "" {
		t.Fatalf("forget --json = %v", f)
	}
	if l := decode[[]map[string]any](t, e.ok("", "list", "--json")); len(l) != 1 {
		t.Fatalf("list after forget = %v", l)
	}
	if l := decode[[]map[string]any](t, e.ok("", "list", "--include-deleted", "--json")); len(l) != 2 {
		t.Fatalf("list --include-deleted = %v", l)
	}
	if out := e.ok("", "forget", id); !strings.HasPrefix(out, "forgot "+id) {
		t.Fatalf("second forget printed %q", out)
	}
}

func TestCommandErrors(t *testing.T) {
	e := newEnv(t)
	id := strings.TrimSpace(e.ok("", "write", "--type", "semantic", "--title", "t", "--body", "b", "--project", "p"))
	tests := []struct {
		code int
		want string
		args []string
	}{
		{2, "--type and --title are required", []string{"write", "--title", "x", "--body", "b"}},
		{2, "--type and --title are required", []string{"write", "--type", "semantic", "--body", "b"}},
		{2, "unexpected argument", []string{"write", "--type", "semantic", "--title", "x", "--body", "b", "extra"}},
		{1, "type must be one of procedural, semantic or episodic, not \"fact\"", []string{"write", "--type", "fact", "--title", "x", "--body", "b"}},
		{1, "scope must be portable or machine-local, not \"cloud\"", []string{"write", "--type", "semantic", "--title", "x", "--scope", "cloud", "--body", "b"}},
		{2, "flag provided but not defined", []string{"write", "--nope"}},
		{2, "missing QUERY", []string{"search"}},
		{2, "missing QUERY", []string{"search", "--json"}},
		{1, "k must be between 1 and 100", []string{"search", "x", "--k", "101"}},
		{1, "k must be between 1 and 100", []string{"search", "x", "--k", "-3"}},
		{2, "invalid value", []string{"search", "x", "--k", "lots"}},
		{1, "cursor", []string{"search", "x", "--cursor", "garbage"}},
		{1, "type must be one of procedural, semantic or episodic, not \"fact\"", []string{"search", "x", "--type", "fact"}},
		{1, "scope must be portable or machine-local, not \"cloud\"", []string{"list", "--scope", "cloud"}},
		{2, "unexpected argument", []string{"list", "extra"}},
		{2, "--limit must not be negative", []string{"list", "--limit", "-1"}},
		{2, "expected one note id", []string{"show"}},
		{2, "expected one note id", []string{"show", id, id}},
		{1, "id must be a note id", []string{"show", "../../etc/passwd"}},
		{1, "id must be a note id", []string{"show", strings.ToLower(id)}},
		{1, "note not found", []string{"show", "01J9Z8YPM7Q3X2V4WT6B5N0KGD"}},
		{2, "expected one note id", []string{"forget"}},
		{1, "id must be a note id", []string{"forget", "../x"}},
		{1, "note not found", []string{"forget", "01J9Z8YPM7Q3X2V4WT6B5N0KGD"}},
		{2, "unexpected argument", []string{"reindex", "now"}},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			e.t = t
			e.fails(tc.code, tc.want, tc.args...)
		})
	}
	// Validation errors are the application layer's sentences, the ones the MCP tools give too,
	// without the internal "invalid:" prefix.
	r := e.run("", "show", "../x")
	if strings.Contains(r.stderr, "invalid: ") {
		t.Fatalf("stderr leaks the error prefix: %q", r.stderr)
	}
}

type searchOut struct {
	Results    []map[string]any `json:"results"`
	NextCursor string           `json:"next_cursor"`
}

func TestSearchJSONAndPaging(t *testing.T) {
	e := newEnv(t)
	var ids []string
	for i := 0; i < 5; i++ {
		ids = append(ids, strings.TrimSpace(e.ok("", "write", "--type", "procedural", "--title", "albatross flight",
			"--body", "glide", "--project", "sea", "--tags", "bird")))
	}
	e.ok("", "write", "--type", "semantic", "--title", "unrelated", "--body", "x", "--project", "land")

	res := decode[searchOut](t, e.ok("", "search", "albatross", "--json"))
	if len(res.Results) != 5 || res.NextCursor != "" {
		t.Fatalf("search --json: %d results, cursor %q", len(res.Results), res.NextCursor)
	}
	if !reflect.DeepEqual(keys(res.Results[0]), noteKeys) {
		t.Fatalf("search result keys %v, want %v", keys(res.Results[0]), noteKeys)
	}
	if res.Results[0]["body"] != "glide" {
		t.Fatalf("search result body = %v", res.Results[0]["body"])
	}
	// The raw JSON object has exactly results and (when more) next_cursor.
	raw := decode[map[string]any](t, e.ok("", "search", "albatross", "--k", "2", "--json"))
	if !reflect.DeepEqual(keys(raw), []string{"next_cursor", "results"}) {
		t.Fatalf("search --json top-level keys %v", keys(raw))
	}
	// Paging with --cursor (flags after the query) sees every note once.
	var seen []string
	cur := ""
	for pages := 0; pages < 10; pages++ {
		args := []string{"search", "albatross flight", "--k", "2", "--json"}
		if cur != "" {
			args = append(args, "--cursor", cur)
		}
		page := decode[searchOut](t, e.ok("", args...))
		for _, r := range page.Results {
			seen = append(seen, r["id"].(string))
		}
		if cur = page.NextCursor; cur == "" {
			break
		}
	}
	sort.Strings(seen)
	sort.Strings(ids)
	if !reflect.DeepEqual(seen, ids) {
		t.Fatalf("paged search saw %v, want %v", seen, ids)
	}
	// Filters.
	if r := decode[searchOut](t, e.ok("", "search", "albatross", "--project", "land", "--json")); len(r.Results) != 0 {
		t.Fatalf("--project land found %v", r.Results)
	}
	if r := decode[searchOut](t, e.ok("", "search", "albatross", "--type", "procedural", "--scope", "portable", "--json")); len(r.Results) != 5 {
		t.Fatalf("--type/--scope found %d", len(r.Results))
	}
	// No results: exit 0; JSON is an empty list, text mode says so on stderr.
	if r := decode[map[string]any](t, e.ok("", "search", "zeppelin", "--json")); !reflect.DeepEqual(r, map[string]any{"results": []any{}}) {
		t.Fatalf("empty search --json = %v", r)
	}
	if r := e.run("", "search", "zeppelin"); r.code != 0 || r.stdout != "" || !strings.Contains(r.stderr, "no matching notes") {
		t.Fatalf("empty search: %+v", r)
	}
	if out := e.ok("", "search", "albatross", "--k", "2"); !strings.Contains(out, "more: --cursor ") || !strings.Contains(out, "glide") {
		t.Fatalf("text search output:\n%s", out)
	}
}

func TestReindexAndStatusJSON(t *testing.T) {
	e := newEnv(t)
	e.ok("", "write", "--type", "semantic", "--title", "one", "--body", "b", "--project", "p")
	e.ok("", "write", "--type", "episodic", "--title", "two", "--body", "b", "--project", "q", "--scope", "machine-local")
	bad := filepath.Join(e.home, "memory", "semantic", "broken.md")
	if err := os.WriteFile(bad, []byte("no front matter\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rep := decode[map[string]any](t, e.ok("", "reindex", "--json"))
	if rep["skipped"] != 1.0 || rep["full"] != false {
		t.Fatalf("reindex --json = %v", rep)
	}
	badList, _ := rep["bad"].([]any)
	if len(badList) != 1 || badList[0].(map[string]any)["path"] != "memory/semantic/broken.md" {
		t.Fatalf("reindex --json bad = %v", rep["bad"])
	}
	for _, k := range []string{"indexed", "skipped", "removed", "unchanged", "full"} {
		if _, ok := rep[k]; !ok {
			t.Fatalf("reindex --json lacks %q: %v", k, rep)
		}
	}
	full := decode[map[string]any](t, e.ok("", "reindex", "--full", "--json"))
	if full["indexed"] != 2.0 || full["skipped"] != 1.0 || full["full"] != true {
		t.Fatalf("reindex --full --json = %v", full)
	}
	if out := e.ok("", "reindex"); !strings.Contains(out, "skipped memory/semantic/broken.md") {
		t.Fatalf("reindex text output does not name the bad file:\n%s", out)
	}

	st := decode[map[string]any](t, e.ok("", "status", "--json"))
	wantKeys := []string{"by_project", "by_scope", "by_type", "by_workspace", "capture_pending", "conflicts", "db_path", "deleted", "machine_id", "root", "sync", "total"}
	if !reflect.DeepEqual(keys(st), wantKeys) {
		t.Fatalf("status --json keys %v, want %v", keys(st), wantKeys)
	}
	if st["total"] != 2.0 || st["machine_id"] != "testbox" || st["root"] != e.home || st["db_path"] != filepath.Join(e.home, "index.db") {
		t.Fatalf("status --json = %v", st)
	}
	if !reflect.DeepEqual(st["by_scope"], map[string]any{"portable": 1.0, "machine-local": 1.0}) ||
		!reflect.DeepEqual(st["by_type"], map[string]any{"semantic": 1.0, "episodic": 1.0}) ||
		!reflect.DeepEqual(st["by_project"], map[string]any{"p": 1.0, "q": 1.0}) {
		t.Fatalf("status --json counts = %v", st)
	}
	sync := st["sync"].(map[string]any)
	// The Python reference's state, plus whether this machine syncs and why not (here: no remote).
	if !reflect.DeepEqual(keys(sync), []string{"detail", "dirty", "head", "initialized", "problem", "remote", "syncing"}) || sync["initialized"] != false || sync["remote"] != nil ||
		sync["syncing"] != false || !strings.Contains(sync["problem"].(string), "no remote") {
		t.Fatalf("status --json sync = %v", sync)
	}
	// For people: counts in words, no raw maps, and what to do about sync.
	if out := e.ok("", "status"); !strings.Contains(out, "Notes:    2 notes — 1 episodic, 1 semantic; 2 projects; 1 machine-local") ||
		!strings.Contains(out, "machine testbox") || !strings.Contains(out, "Capture:  nothing waiting") ||
		!strings.Contains(out, "Sync:     local only (no remote; add one with: anamnesis init --remote URL)") || strings.ContainsAny(out, "{}") {
		t.Fatalf("status text:\n%s", out)
	}
	// Captures waiting in the spool are counted, so a stalled drain is visible.
	for _, sid := range []string{"s1", "s2"} {
		if _, err := capture.Enqueue(e.home, capture.Entry{SessionID: sid, TranscriptPath: "/nowhere.jsonl", Event: "stop"}); err != nil {
			t.Fatal(err)
		}
	}
	if st := decode[map[string]any](t, e.ok("", "status", "--json")); st["capture_pending"] != 2.0 {
		t.Fatalf("status --json capture_pending = %v, want 2", st["capture_pending"])
	}
	if out := e.ok("", "status"); !strings.Contains(out, "Capture:  2 sessions waiting in "+filepath.Join(e.home, "spool")) {
		t.Fatalf("status text with captures waiting:\n%s", out)
	}
}

// ANAMNESIS_HOME selects the store when --home is absent.
func TestHomeFromEnvironment(t *testing.T) {
	e := newEnv(t)
	envHome := filepath.Join(t.TempDir(), "envstore")
	t.Setenv("ANAMNESIS_HOME", envHome)
	var out, errb bytes.Buffer
	if code := cli.Main([]string{"write", "--type", "semantic", "--title", "x", "--body", "b", "--project", "p"}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	id := strings.TrimSpace(out.String())
	if _, err := os.Stat(filepath.Join(envHome, "memory", "semantic", id+".md")); err != nil {
		t.Fatalf("note not in $ANAMNESIS_HOME: %v", err)
	}
	if _, err := os.Stat(e.home); !os.IsNotExist(err) {
		t.Fatalf("the --home store was touched without --home: %v", err)
	}
}

// list without --limit prints every note, beyond the application layer's page size.
func TestListAllPagesThrough(t *testing.T) {
	e := newEnv(t)
	a, err := app.New(e.home, app.Options{})
	if err != nil {
		t.Fatal(err)
	}
	total := app.MaxListLimit + 7
	for i := 0; i < total; i++ {
		if _, err := a.Write(context.Background(), app.WriteRequest{Type: "semantic", Title: fmt.Sprintf("note %d", i), Body: "b"}); err != nil {
			t.Fatal(err)
		}
	}
	a.Close()
	all := decode[[]map[string]any](t, e.ok("", "list", "--json"))
	seen := map[any]bool{}
	for _, n := range all {
		seen[n["id"]] = true
	}
	if len(all) != total || len(seen) != total {
		t.Fatalf("list --json: %d notes (%d distinct), want %d", len(all), len(seen), total)
	}
	if l := decode[[]map[string]any](t, e.ok("", "list", "--limit", fmt.Sprint(app.MaxListLimit+2), "--json")); len(l) != app.MaxListLimit+2 {
		t.Fatalf("list --limit %d: %d notes", app.MaxListLimit+2, len(l))
	}
	if text := e.ok("", "list"); strings.Count(text, "\n") != total {
		t.Fatalf("list printed %d lines, want %d", strings.Count(text, "\n"), total)
	}
}

// TestStatusLine reads Claude Code's status line JSON and counts the notes of the session's
// directory's project, without creating a store that does not exist.
func TestStatusLine(t *testing.T) {
	e := newEnv(t)
	if out := e.ok(`{"cwd": "/tmp"}`, "statusline"); !strings.Contains(out, "no store yet") {
		t.Fatalf("statusline without a store: %q", out)
	}
	if _, err := os.Stat(e.home); err == nil {
		t.Fatal("statusline created the store")
	}
	proj := filepath.Join(t.TempDir(), "shop")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	e.ok("body", "write", "--type", "semantic", "--title", "Shop note", "--project", "shop")
	e.ok("body", "write", "--type", "semantic", "--title", "Global note", "--project", "global")
	in := fmt.Sprintf(`{"session_id":"s","cwd":"/","workspace":{"current_dir":%q,"project_dir":%q}}`, proj, proj)
	if out := e.ok(in, "statusline"); out != "anamnesis: 1 note here (2 in all) · local only\n" {
		t.Fatalf("statusline: %q", out)
	}
	got := decode[map[string]any](t, e.ok(in, "statusline", "--json"))
	if got["project"] != "shop" || got["project_notes"] != 1.0 || got["total"] != 2.0 {
		t.Fatalf("statusline --json: %v", got)
	}
}

// TestWriteBodyAndFlagHelp: an explicit empty --body is refused (usually an unset shell
// variable), and -h names the flags as the usage line and the README do, with two dashes.
func TestWriteBodyAndFlagHelp(t *testing.T) {
	e := newEnv(t)
	e.fails(2, "--body is empty", "write", "--type", "semantic", "--title", "T", "--body", "")
	e.fails(2, "--body is empty", "write", "--type", "semantic", "--title", "T", "--body", "  ")
	if id := strings.TrimSpace(e.ok("", "write", "--type", "semantic", "--title", "Title only")); id == "" {
		t.Fatal("a title-only note from an empty stdin was refused")
	}
	for _, c := range []string{"write", "search", "list", "status", "init"} {
		out := e.ok("", c, "-h")
		if !strings.Contains(out, "flags:\n  --") || regexp.MustCompile(`(?m)^  -[a-z]`).MatchString(out) {
			t.Errorf("%s -h does not list its flags with two dashes:\n%s", c, out)
		}
	}
}
