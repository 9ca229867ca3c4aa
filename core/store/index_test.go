package store_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
	"github.com/anamnesis-go/anamnesis/core/testcorpus"
)

// A malformed file among good ones is skipped, counted and named; the good ones index.
func TestReindexSkipsMalformedFiles(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	good := []string{"01J9Z8YPM7Q3X2V4WT6B5N0KG1", "01J9Z8YPM7Q3X2V4WT6B5N0KG2", "01J9Z8YPM7Q3X2V4WT6B5N0KG3"}
	writeFile(t, root, "memory/semantic/"+good[0]+".md", noteText(good[0], note.Semantic, "zebra good one", "alpha"))
	writeFile(t, root, "memory/procedural/"+good[1]+".md", noteText(good[1], note.Procedural, "zebra good two", "beta"))
	writeFile(t, root, "local/episodic/"+good[2]+".md", noteText(good[2], note.Episodic, "zebra good three", "gamma"))
	bad := map[string]string{
		"memory/semantic/nofront.md":    "# zebra no front matter\n",
		"memory/semantic/badyaml.md":    "---\nid: [zebra\n---\n",
		"memory/semantic/noid.md":       "---\ntype: semantic\ntitle: zebra\n---\n",
		"memory/semantic/notype.md":     "---\nid: 01J9Z8YPM7Q3X2V4WT6B5N0KG4\ntitle: zebra\n---\n",
		"memory/semantic/notitle.md":    "---\nid: 01J9Z8YPM7Q3X2V4WT6B5N0KG5\ntype: semantic\n---\n",
		"memory/semantic/badtype.md":    "---\nid: 01J9Z8YPM7Q3X2V4WT6B5N0KG6\ntype: fact\ntitle: zebra\n---\n",
		"memory/semantic/badid.md":      "---\nid: ../../etc/passwd\ntype: semantic\ntitle: zebra\n---\n",
		"memory/semantic/badutf8.md":    "---\nid: 01J9Z8YPM7Q3X2V4WT6B5N0KG7\ntype: semantic\ntitle: zebra \xff\xfe\n---\n",
		"local/semantic/badsource.md":   "---\nid: 01J9Z8YPM7Q3X2V4WT6B5N0KG8\ntype: semantic\ntitle: zebra\nprov_source: robot\n---\n",
		"memory/episodic/badconfid.md":  "---\nid: 01J9Z8YPM7Q3X2V4WT6B5N0KG9\ntype: episodic\ntitle: zebra\nconfidence: lots\n---\n",
		"memory/episodic/empty-file.md": "",
	}
	for rel, text := range bad {
		writeFile(t, root, rel, text)
	}
	// Not notes at all: ignored, not counted.
	writeFile(t, root, "memory/.git/HEAD.md", "garbage")
	writeFile(t, root, "memory/semantic/.tmp-anamnesis-123", "garbage")
	writeFile(t, root, "memory/semantic/notes.txt", "garbage")

	check := func(t *testing.T, rep store.ReindexReport, s *store.Store) {
		t.Helper()
		if rep.Indexed != len(good) || rep.Skipped != len(bad) || len(rep.Bad) != len(bad) {
			t.Fatalf("report: indexed %d skipped %d bad %v; want %d and %d", rep.Indexed, rep.Skipped, rep.Bad, len(good), len(bad))
		}
		for _, b := range rep.Bad {
			if _, ok := bad[b.Path]; !ok || b.Error == "" {
				t.Errorf("bad file named %q (%q) is not one of the malformed files", b.Path, b.Error)
			}
		}
		if got := searchIDs(t, s, store.SearchOptions{Query: "zebra", K: 50}); !sameSet(got, good) {
			t.Fatalf("search finds %v, want exactly the good notes %v", got, good)
		}
	}
	s := openAt(t, root)
	if !s.Opened.Rebuilt {
		t.Fatal("a store with no index.db must be rebuilt on open")
	}
	check(t, s.Opened.Drift, s)
	rep, err := s.Reindex(ctx, true)
	if err != nil {
		t.Fatal(err)
	}
	check(t, rep, s)
	// Incremental: nothing changed, nothing to do, and bad files are not re-reported as indexed.
	rep, err = s.Reindex(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Indexed != 0 || rep.Removed != 0 {
		t.Fatalf("incremental reindex of an unchanged store did work: %+v", rep)
	}
}

func TestIndexRebuiltOnOpen(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name  string
		spoil func(t *testing.T, root string)
	}{
		{"index.db deleted", func(t *testing.T, root string) {
			for _, suf := range []string{"", "-wal", "-shm"} {
				os.Remove(filepath.Join(root, store.IndexFile+suf))
			}
		}},
		{"index.db is garbage", func(t *testing.T, root string) {
			for _, suf := range []string{"-wal", "-shm"} {
				os.Remove(filepath.Join(root, store.IndexFile+suf))
			}
			garbage := []byte(strings.Repeat("this is not a database \x00\x01\x02", 300))
			if err := os.WriteFile(filepath.Join(root, store.IndexFile), garbage, 0o644); err != nil {
				t.Fatal(err)
			}
		}},
		{"index.db is empty", func(t *testing.T, root string) {
			for _, suf := range []string{"-wal", "-shm"} {
				os.Remove(filepath.Join(root, store.IndexFile+suf))
			}
			if err := os.WriteFile(filepath.Join(root, store.IndexFile), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}},
		{"older schema (user_version 2)", func(t *testing.T, root string) {
			db, err := sql.Open("sqlite", filepath.Join(root, store.IndexFile))
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			if _, err := db.Exec("PRAGMA user_version = 2"); err != nil {
				t.Fatal(err)
			}
			// A v2 index has no tenant columns; emulate its missing data too.
			if _, err := db.Exec("DELETE FROM memories_fts"); err != nil {
				t.Fatal(err)
			}
		}},
		{"python reference's brand-new empty index", func(t *testing.T, root string) {
			for _, suf := range []string{"", "-wal", "-shm"} {
				os.Remove(filepath.Join(root, store.IndexFile+suf))
			}
			db, err := sql.Open("sqlite", filepath.Join(root, store.IndexFile))
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			for _, q := range []string{
				"CREATE TABLE memories (id TEXT PRIMARY KEY, type TEXT, title TEXT, body_path TEXT)",
				"CREATE VIRTUAL TABLE memories_fts USING fts5(id UNINDEXED, title, body, tags, tokenize='porter unicode61')",
				"PRAGMA user_version = 3",
			} {
				if _, err := db.Exec(q); err != nil {
					t.Fatal(err)
				}
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, root := newStore(t)
			var ids []string
			for i, typ := range note.Types {
				ids = append(ids, mustWrite(t, s, store.WriteInput{Type: typ, Title: "walrus " + string(typ),
					Scope: note.Scopes[i%2], Tags: []string{"t"}}).ID)
			}
			forgotten := mustWrite(t, s, store.WriteInput{Title: "walrus forgotten"})
			if _, err := s.Forget(ctx, forgotten.ID); err != nil {
				t.Fatal(err)
			}
			s.Close()
			tc.spoil(t, root)
			s2 := openAt(t, root)
			if !s2.Opened.Rebuilt || s2.Opened.Reason == "" {
				t.Fatalf("Open did not rebuild: %+v", s2.Opened)
			}
			if got := searchIDs(t, s2, store.SearchOptions{Query: "walrus"}); !sameSet(got, ids) {
				t.Fatalf("after rebuild search finds %v, want %v", got, ids)
			}
			all := listIDs(t, s2, store.ListOptions{Filter: store.Filter{IncludeDeleted: true}})
			if !sameSet(all, append(ids[:len(ids):len(ids)], forgotten.ID)) {
				t.Fatalf("after rebuild list has %v", all)
			}
			var uv int
			if err := rawDB(t, s2).QueryRow("PRAGMA user_version").Scan(&uv); err != nil || uv != 3 {
				t.Fatalf("user_version = %d (%v), want 3", uv, err)
			}
		})
	}
}

// Files added, edited or removed behind the index's back are picked up on the next open.
func TestDriftPickedUpOnOpen(t *testing.T) {
	s, root := newStore(t)
	edited := mustWrite(t, s, store.WriteInput{Title: "original heron title", Body: "x"})
	removed := mustWrite(t, s, store.WriteInput{Title: "removed heron", Body: "x"})
	kept := mustWrite(t, s, store.WriteInput{Title: "kept heron", Body: "x"})
	s.Close()

	const addedID = "01J9Z8YPM7Q3X2V4WT6B5N0KGA"
	writeFile(t, root, "memory/episodic/"+addedID+".md", noteText(addedID, note.Episodic, "added heron", "pelican"))
	editedPath := filepath.Join(root, store.PortableDir, filepath.FromSlash(edited.RelPath()))
	data, _ := os.ReadFile(editedPath)
	data = []byte(strings.Replace(string(data), "original heron title", "edited heron flamingo", 1))
	if err := os.WriteFile(editedPath, data, 0o644); err != nil {
		t.Fatal(err)
	}
	// Same size edits must be caught too: mtime moves.
	future := time.Now().Add(2 * time.Second)
	os.Chtimes(editedPath, future, future)
	if err := os.Remove(filepath.Join(root, store.PortableDir, filepath.FromSlash(removed.RelPath()))); err != nil {
		t.Fatal(err)
	}

	s2 := openAt(t, root)
	d := s2.Opened.Drift
	if s2.Opened.Rebuilt || d.Indexed != 2 || d.Removed != 1 || d.Unchanged != 1 {
		t.Fatalf("drift report %+v (rebuilt %v), want 2 indexed, 1 removed, 1 unchanged", d, s2.Opened.Rebuilt)
	}
	if got := searchIDs(t, s2, store.SearchOptions{Query: "heron"}); !sameSet(got, []string{edited.ID, kept.ID, addedID}) {
		t.Fatalf("search heron = %v", got)
	}
	if got := searchIDs(t, s2, store.SearchOptions{Query: "flamingo"}); !sameSet(got, []string{edited.ID}) {
		t.Fatalf("edited title not indexed: %v", got)
	}
	if got := searchIDs(t, s2, store.SearchOptions{Query: "original"}); len(got) != 0 {
		t.Fatalf("old title still indexed: %v", got)
	}
	if _, err := s2.Get(context.Background(), removed.ID); err == nil {
		t.Fatal("a removed file's note is still gettable")
	}
	n, err := s2.Get(context.Background(), addedID)
	if err != nil || n.Title != "added heron" || n.Body != "pelican" {
		t.Fatalf("Get(added) = %+v, %v", n, err)
	}
}

// The tree decides scope, whatever the front matter says; moving a file moves its scope.
func TestScopeForcedFromTree(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	const a, b = "01J9Z8YPM7Q3X2V4WT6B5N0KGB", "01J9Z8YPM7Q3X2V4WT6B5N0KGC"
	writeFile(t, root, "memory/semantic/"+a+".md", "---\nid: "+a+"\ntype: semantic\ntitle: says local\nscope: machine-local\n---\n")
	writeFile(t, root, "local/semantic/"+b+".md", "---\nid: "+b+"\ntype: semantic\ntitle: says portable\nscope: portable\n---\n")
	s := openAt(t, root)
	for id, want := range map[string]note.Scope{a: note.Portable, b: note.MachineLocal} {
		n, err := s.Get(ctx, id)
		if err != nil || n.Scope != want {
			t.Fatalf("Get(%s) scope = %v (%v), want %s", id, n, err, want)
		}
		if got := listIDs(t, s, store.ListOptions{Filter: store.Filter{Scope: want}}); !contains(got, id) {
			t.Fatalf("list scope=%s lacks %s", want, id)
		}
	}
	// Move a into local/: the next open sees it as machine-local.
	s.Close()
	if err := os.MkdirAll(filepath.Join(root, "local/semantic"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(root, "memory/semantic/"+a+".md"), filepath.Join(root, "local/semantic/"+a+".md")); err != nil {
		t.Fatal(err)
	}
	s2 := openAt(t, root)
	n, err := s2.Get(ctx, a)
	if err != nil || n.Scope != note.MachineLocal {
		t.Fatalf("after the move Get(a) = %v, %v; want machine-local", n, err)
	}
}

// A store written by the Python reference's layout (gencorpus.py) opens, indexes and searches here
// unchanged, and opening it modifies no note file.
func TestPythonGeneratedCorpus(t *testing.T) {
	root := t.TempDir()
	testcorpus.Generate(t, root, 200)
	files := noteFiles(t, root)
	if len(files) != 200 {
		t.Fatalf("gencorpus wrote %d files, want 200", len(files))
	}
	before := map[string]string{}
	for _, f := range files {
		b, _ := os.ReadFile(filepath.Join(root, f))
		before[f] = string(b)
	}
	s := openAt(t, root)
	if rep := s.Opened.Drift; rep.Indexed != 200 || rep.Skipped != 0 {
		t.Fatalf("open indexed %d, skipped %d (%v); want 200, 0", rep.Indexed, rep.Skipped, rep.Bad)
	}
	if ids := listIDs(t, s, store.ListOptions{}); len(ids) != 200 {
		t.Fatalf("list has %d notes, want 200", len(ids))
	}
	// Every note reads back to what its file says, and machine-local ones are under local/.
	ctx := context.Background()
	for _, f := range files {
		want, err := note.Parse([]byte(before[f]))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		got, err := s.Get(ctx, want.ID)
		if err != nil {
			t.Fatalf("Get(%s): %v", want.ID, err)
		}
		if got.Title != want.Title || got.Body != want.Body || got.CreatedAt != want.CreatedAt || got.Project != want.Project ||
			strings.Join(got.Tags, ",") != strings.Join(want.Tags, ",") {
			t.Fatalf("Get(%s) = %+v, file says %+v", want.ID, got, want)
		}
		if strings.HasPrefix(f, "local/") != (got.Scope == note.MachineLocal) {
			t.Fatalf("%s has scope %s", f, got.Scope)
		}
	}
	// Search by a word of some note's title finds that note.
	sample, _ := note.Parse([]byte(before[files[17]]))
	word := strings.Fields(sample.Title)[0]
	res, err := s.Search(ctx, store.SearchOptions{Query: sample.Title, K: 20})
	if err != nil || len(res.Hits) == 0 {
		t.Fatalf("search %q: %v, %d hits", word, err, len(res.Hits))
	}
	found := false
	for _, h := range res.Hits {
		found = found || h.ID == sample.ID
	}
	if !found {
		t.Fatalf("searching a note's own title %q does not find it", sample.Title)
	}
	for f, text := range before {
		if b, _ := os.ReadFile(filepath.Join(root, f)); string(b) != text {
			t.Fatalf("opening the store modified %s", f)
		}
	}
}

// Hand-written and legacy files: missing keys take the defaults, a legacy scalar supersedes hides
// its target, and unquoted timestamps stay as written until the store rewrites the file, quoted.
func TestHandWrittenNotes(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	const oldID, newID = "01J9Z8YPM7Q3X2V4WT6B5N0KGE", "01J9Z8YPM7Q3X2V4WT6B5N0KGF"
	writeFile(t, root, "memory/semantic/"+oldID+".md", noteText(oldID, note.Semantic, "ibis old fact", "before"))
	newPath := writeFile(t, root, "memory/semantic/"+newID+".md", "---\nid: "+newID+"\ntype: semantic\ntitle: ibis new fact\n"+
		"supersedes: "+oldID+"\ncreated_at: 2026-01-01T00:00:00+00:00\nupdated_at: 2026-01-02 03:04:05+00:00\n---\nafter\n")
	s := openAt(t, root)
	if got := searchIDs(t, s, store.SearchOptions{Query: "ibis"}); !sameSet(got, []string{newID}) {
		t.Fatalf("legacy scalar supersedes does not hide its target: %v", got)
	}
	n, err := s.Get(ctx, newID)
	if err != nil {
		t.Fatal(err)
	}
	want := &note.Note{ID: newID, Type: note.Semantic, Title: "ibis new fact", Project: "global", MachineID: "unknown",
		Scope: note.Portable, UserID: "self", WorkspaceID: "personal", ProvSource: note.SourceHuman, Confidence: 1,
		Supersedes: []string{oldID}, CreatedAt: "2026-01-01T00:00:00+00:00", UpdatedAt: "2026-01-02 03:04:05+00:00",
		Tags: []string{}, Body: "after"}
	if !reflect.DeepEqual(n, want) {
		t.Fatalf("Get = %#v\nwant %#v", n, want)
	}
	// Rewriting (forget) writes the timestamps quoted and supersedes as a list.
	if _, err := s.Forget(ctx, newID); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(newPath)
	for _, w := range []string{"\ncreated_at: '2026-01-01T00:00:00+00:00'\n", "\nsupersedes:\n- " + oldID + "\n"} {
		if !strings.Contains(string(data), w) {
			t.Fatalf("rewritten file lacks %q:\n%s", w, data)
		}
	}
	// With its superseder forgotten, the old note is back in search.
	if got := searchIDs(t, s, store.SearchOptions{Query: "ibis"}); !sameSet(got, []string{oldID}) {
		t.Fatalf("after forgetting the superseder: %v", got)
	}
}
