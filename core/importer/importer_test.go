package importer

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

func TestID(t *testing.T) {
	// Computed independently (Python: Crockford base32 of sha256(b"<slug>/<stem>")[:16]).
	if got, want := ID("-home-u-src-proj", "feedback_tests"), "0FW7J5JQ8KKXJ2C97RTR5ZK6VZ"; got != want {
		t.Fatalf("ID = %s, want %s", got, want)
	}
	if err := note.ValidateID(ID("x", "y")); err != nil {
		t.Fatal(err)
	}
}

func TestParseMemory(t *testing.T) {
	tests := []struct {
		name, text string
		want       memory
	}{
		{"metadata type", "---\nname: run-tests\ndescription: Run the tests with -race\nmetadata:\n  type: feedback\n  originSessionId: 90c0\n---\n\nAlways run go test -race.\n**Why:** flaky.\n",
			memory{Name: "run-tests", Description: "Run the tests with -race", Kind: "feedback", Body: "Always run go test -race.\n**Why:** flaky."}},
		{"top-level type", "---\nname: db\ndescription: Database is Postgres 16\ntype: project\n---\nPostgres 16.\n",
			memory{Name: "db", Description: "Database is Postgres 16", Kind: "project", Body: "Postgres 16."}},
		{"invalid yaml salvaged", "---\nname: commits\ndescription: Never add Co-Authored-By: Claude to commits\nmetadata:\n  type: feedback\n---\nNo trailers.\n",
			memory{Name: "commits", Description: "Never add Co-Authored-By: Claude to commits", Kind: "feedback", Body: "No trailers."}},
		{"no front matter", "Just a fact.\n", memory{Body: "Just a fact."}},
		{"unclosed front matter is body", "---\nname: x\nbody without end\n", memory{Body: "---\nname: x\nbody without end"}},
		{"crlf", "---\r\nname: w\r\ndescription: Windows\r\nmetadata:\r\n  type: User\r\n---\r\nHi\r\n",
			memory{Name: "w", Description: "Windows", Kind: "user", Body: "Hi"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := parseMemory(tt.text); got != tt.want {
				t.Fatalf("parseMemory:\n got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestDecodeSlug(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"ros2_ws/src", "my-app", ".config/tool"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	enc := func(p string) string {
		b := []byte(p)
		for i, c := range b {
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
				b[i] = '-'
			}
		}
		return string(b)
	}
	tests := []struct{ path, want string }{
		{filepath.Join(root, "ros2_ws/src"), filepath.Join(root, "ros2_ws/src")},
		{filepath.Join(root, "my-app"), filepath.Join(root, "my-app")},
		{filepath.Join(root, ".config/tool"), filepath.Join(root, ".config/tool")},
		{"/nonexistent-dir/a_b", "/nonexistent/dir/a/b"},
	}
	for _, tt := range tests {
		if got := decodeSlug(enc(tt.path)); got != tt.want {
			t.Errorf("decodeSlug(%s) = %s, want %s", enc(tt.path), got, tt.want)
		}
	}
}

// fixture lays out a Claude Code directory with two projects' auto-memory.
func fixture(t *testing.T) (claudeDir string) {
	t.Helper()
	claudeDir = t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(claudeDir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("projects/-work-alpha/memory/MEMORY.md", "- [Tests](feedback_tests.md) — run with -race\n")
	write("projects/-work-alpha/memory/feedback_tests.md", "---\nname: tests\ndescription: Run the tests with -race\nmetadata:\n  type: feedback\n---\nAlways run go test -race.\n")
	write("projects/-work-alpha/memory/project_db.md", "---\nname: db\ndescription: Alpha uses Postgres 16\nmetadata:\n  type: project\n---\nPostgres 16 in prod.\n")
	write("projects/-work-alpha/0a1b.jsonl", "{\"type\":\"queue-operation\"}\nnot json\n{\"type\":\"user\",\"cwd\":\"/srv/checkouts/alpha-service\"}\n")
	write("projects/-work-beta-tool/memory/user_prefs.md", "Prefers tabs.\n")
	write("projects/-work-gamma/notes.txt", "no memory dir here\n")
	return claudeDir
}

func openStore(t *testing.T) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), t.TempDir(), store.Options{MachineID: "m1"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func TestImport(t *testing.T) {
	ctx := context.Background()
	dir := fixture(t)
	st := openStore(t)

	rep, err := Import(ctx, st, dir)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Imported != 3 || rep.Updated != 0 || rep.Skipped != 0 || len(rep.Problems) != 0 {
		t.Fatalf("first import: %+v", rep)
	}
	fb, err := st.Get(ctx, ID("-work-alpha", "feedback_tests"))
	if err != nil {
		t.Fatal(err)
	}
	if fb.Type != note.Procedural || fb.Title != "tests" || fb.Project != "alpha-service" ||
		fb.ProvSource != note.SourceImport || !slices.Equal(fb.Tags, []string{"import", "kind:feedback"}) ||
		fb.Body != "Run the tests with -race\n\nAlways run go test -race." || fb.Scope != note.Portable {
		t.Fatalf("feedback note: %+v", fb)
	}
	db, _ := st.Get(ctx, ID("-work-alpha", "project_db"))
	if db.Type != note.Semantic || !db.HasTag("kind:project") {
		t.Fatalf("project note: %+v", db)
	}
	plain, err := st.Get(ctx, ID("-work-beta-tool", "user_prefs"))
	if err != nil {
		t.Fatal(err)
	}
	// No transcript: the project comes from the decoded slug (/work/beta/tool does not exist here).
	if plain.Title != "user_prefs" || plain.Project != "tool" || !slices.Equal(plain.Tags, []string{"import"}) {
		t.Fatalf("plain note: %+v", plain)
	}

	// Unchanged: everything skipped, files untouched.
	before, _ := os.ReadFile(filepath.Join(st.TreeDir(note.Portable), fb.RelPath()))
	rep, err = Import(ctx, st, dir)
	if err != nil || rep.Imported != 0 || rep.Updated != 0 || rep.Skipped != 3 {
		t.Fatalf("second import: %+v, %v", rep, err)
	}
	after, _ := os.ReadFile(filepath.Join(st.TreeDir(note.Portable), fb.RelPath()))
	if string(before) != string(after) {
		t.Fatal("an unchanged re-import rewrote the note")
	}

	// Changed file: updated in place, created_at kept.
	p := filepath.Join(dir, "projects/-work-alpha/memory/project_db.md")
	if err := os.WriteFile(p, []byte("---\nname: db\ndescription: Alpha uses Postgres 17\nmetadata:\n  type: project\n---\nPostgres 17 now.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Hour)
	os.Chtimes(p, later, later)
	rep, err = Import(ctx, st, dir)
	if err != nil || rep.Imported != 0 || rep.Updated != 1 || rep.Skipped != 2 {
		t.Fatalf("third import: %+v, %v", rep, err)
	}
	db2, _ := st.Get(ctx, db.ID)
	if db2.Title != "db" || db2.Body != "Alpha uses Postgres 17\n\nPostgres 17 now." || db2.CreatedAt != db.CreatedAt || db2.UpdatedAt == db.UpdatedAt {
		t.Fatalf("updated note: %+v (was %+v)", db2, db)
	}
	page, _ := st.List(ctx, store.ListOptions{})
	if len(page.Notes) != 3 {
		t.Fatalf("store holds %d notes, want 3", len(page.Notes))
	}

	// A forgotten import is not resurrected.
	if _, err := st.Forget(ctx, db.ID); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(p, []byte("Postgres 18.\n"), 0o644)
	if rep, err = Import(ctx, st, dir); err != nil || rep.Updated != 0 {
		t.Fatalf("import after forget: %+v, %v", rep, err)
	}
	if n, _ := st.Get(ctx, db.ID); !n.Deleted() {
		t.Fatal("forgotten import came back")
	}
}

func TestImportSkipsKnownBodyAndMissingDir(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	if _, err := st.Write(ctx, store.WriteInput{Type: note.Semantic, Title: "tabs", Body: "Prefers tabs."}); err != nil {
		t.Fatal(err)
	}
	rep, err := Import(ctx, st, fixture(t))
	if err != nil || rep.Imported != 2 || rep.Skipped != 1 {
		t.Fatalf("import: %+v, %v", rep, err)
	}
	rep, err = Import(ctx, st, filepath.Join(t.TempDir(), "absent"))
	if err != nil || rep.Imported+rep.Updated+rep.Skipped != 0 {
		t.Fatalf("import of a missing dir: %+v, %v", rep, err)
	}
}
