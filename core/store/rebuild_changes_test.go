package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
	"github.com/anamnesis-go/anamnesis/core/testcorpus"
)

// contentQueries read what an index holds of the notes, without rowids (an incremental reindex
// numbers new rows after the old ones, a rebuild in the walk's order) but with the text tables
// joined to their notes by rowid, so a text row keyed to the wrong note shows.
var contentQueries = []string{
	`SELECT id, ` + strings.Join([]string{"type", "title", "body_path", "project", "machine_id", "scope", "user_id",
		"workspace_id", "created_at", "updated_at", "prov_source", "prov_model", "prov_session", "confidence", "status",
		"deleted_at", "idempotency_key", "tag_list", "supersedes_list", "body_key", "go_indexed"}, ", ") + ` FROM memories ORDER BY id`,
	"SELECT * FROM memory_tags ORDER BY 1, 2",
	"SELECT * FROM memory_supersedes ORDER BY 1, 2",
	"SELECT path, id, size, mtime_ns, coalesce(error, '') FROM anamnesis_files ORDER BY path",
	"SELECT m.id, f.id, f.title, f.body, f.tags, f.alt FROM memories_fts f LEFT JOIN memories m ON m.rowid = f.rowid ORDER BY f.id",
	"SELECT m.id, h.title, h.tags FROM anamnesis_heads h LEFT JOIN memories m ON m.rowid = h.rowid ORDER BY 1, 2",
	"SELECT count(*) FROM memories_fts", "SELECT count(*) FROM anamnesis_heads",
}

// layoutQueries read what two indexes built the same way from the same files must share to the
// byte: rowids and the text index's segments.
var layoutQueries = []string{
	"SELECT rowid, id FROM memories ORDER BY rowid",
	"SELECT rowid, id FROM memories_fts ORDER BY rowid",
	"SELECT id, hex(block) FROM memories_fts_data ORDER BY id",
	"SELECT id, hex(block) FROM anamnesis_heads_data ORDER BY id",
	"SELECT * FROM memories_fts_config ORDER BY k",
	"SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_master ORDER BY name",
}

// dumpQueries renders the rows of queries on db as text.
func dumpQueries(t *testing.T, db *sql.DB, queries []string) string {
	t.Helper()
	var b strings.Builder
	for _, q := range queries {
		rows, err := db.QueryContext(context.Background(), q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		cols, _ := rows.Columns()
		vals := make([]any, len(cols))
		for i := range vals {
			vals[i] = new(any)
		}
		fmt.Fprintf(&b, "-- %s\n", q)
		for rows.Next() {
			if err := rows.Scan(vals...); err != nil {
				t.Fatal(err)
			}
			for _, v := range vals {
				fmt.Fprintf(&b, "%v|", *v.(*any))
			}
			b.WriteByte('\n')
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		rows.Close()
	}
	return b.String()
}

// copyNotes copies both note trees of src into a new directory, keeping every file's
// modification time (the index records it).
func copyNotes(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	for _, tree := range []string{store.PortableDir, store.LocalDir} {
		err := filepath.WalkDir(filepath.Join(src, tree), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(src, p)
			if d.IsDir() {
				return os.MkdirAll(filepath.Join(dst, rel), 0o755)
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			info, err := d.Info()
			if err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(dst, rel), b, 0o644); err != nil {
				return err
			}
			return os.Chtimes(filepath.Join(dst, rel), info.ModTime(), info.ModTime())
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

// After each kind of change to the note files, a full rebuild (built apart and copied in, page
// by page or whole) holds what an incremental reindex of the same change holds, and the very
// index a store built afresh from a copy of the same files has.
func TestRebuildAfterChangesMatchesIncrementalAndFresh(t *testing.T) {
	ctx := context.Background()
	root := testcorpus.Copy(t, 150)
	s := openAt(t, root)
	db := rawDB(t, s)
	ids := func() []string {
		t.Helper()
		got := listIDs(t, s, store.ListOptions{Limit: 500})
		if len(got) < 100 {
			t.Fatalf("the store lists %d notes, want the corpus", len(got))
		}
		return got
	}
	pathOf := func(id string) string {
		t.Helper()
		var rel, scope string
		if err := db.QueryRowContext(ctx, "SELECT body_path, scope FROM memories WHERE id = ?", id).Scan(&rel, &scope); err != nil {
			t.Fatal(err)
		}
		if scope == string(note.MachineLocal) {
			return filepath.Join(root, store.LocalDir, rel)
		}
		return filepath.Join(root, store.PortableDir, rel)
	}
	steps := []struct {
		name   string
		change func(t *testing.T)
	}{
		{"a note added first in the walk's order", func(t *testing.T) {
			id := "00000000000000000000000001"
			writeFile(t, root, "memory/episodic/"+id+".md", "---\nid: "+id+"\ntype: episodic\ntitle: an added note\n"+
				"tags: [added, sqlite]\nsupersedes: ["+ids()[3]+"]\n---\nAdded before the rebuild: pages and segments.\n")
		}},
		{"a note edited in place", func(t *testing.T) {
			p := pathOf(ids()[len(ids())/2])
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			text := strings.Replace(string(b), "\n---\n", "\n---\nAn edited first line, longer than it was.\n", 1)
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}},
		{"a note removed", func(t *testing.T) {
			if err := os.Remove(pathOf(ids()[10])); err != nil {
				t.Fatal(err)
			}
		}},
		{"a portable note copied into the machine-local tree", func(t *testing.T) {
			var id string
			for _, c := range ids()[20:] {
				if strings.HasPrefix(pathOf(c), filepath.Join(root, store.PortableDir)+string(filepath.Separator)) {
					id = c
					break
				}
			}
			b, err := os.ReadFile(pathOf(id))
			if err != nil {
				t.Fatal(err)
			}
			text := strings.Replace(string(b), "\n---\n", "\n---\nThe machine-local copy.\n", 1)
			writeFile(t, root, "local/semantic/"+id+".md", text)
		}},
		{"a malformed file", func(t *testing.T) {
			writeFile(t, root, "memory/semantic/broken.md", "---\nid: [not closed\n---\n")
		}},
	}
	for _, step := range steps {
		step.change(t)
		if _, err := s.Reindex(ctx, false); err != nil {
			t.Fatalf("%s: incremental reindex: %v", step.name, err)
		}
		incremental := dumpQueries(t, db, contentQueries)
		if _, err := s.Reindex(ctx, true); err != nil {
			t.Fatalf("%s: rebuild: %v", step.name, err)
		}
		if rebuilt := dumpQueries(t, db, contentQueries); rebuilt != incremental {
			t.Fatalf("%s: the rebuild holds\n%s\nthe incremental reindex held\n%s", step.name, rebuilt, incremental)
		}
		var check string
		if err := db.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
			t.Fatalf("%s: integrity check %q, %v", step.name, check, err)
		}
		// A rebuild numbers the rows 1..n in the walk's order, as SQLite would inserting them.
		var rows, top int64
		if err := db.QueryRowContext(ctx, "SELECT count(*), max(rowid) FROM memories").Scan(&rows, &top); err != nil || rows != top {
			t.Fatalf("%s: %d rows numbered up to %d (%v), want 1..n", step.name, rows, top, err)
		}
		fresh := openAt(t, copyNotes(t, root))
		freshDB := rawDB(t, fresh)
		all := append(append([]string{}, contentQueries...), layoutQueries...)
		if got, want := dumpQueries(t, db, all), dumpQueries(t, freshDB, all); got != want {
			t.Fatalf("%s: the rebuilt index differs from one built afresh:\n%s\nafresh:\n%s", step.name, got, want)
		}
		fresh.Close()
	}
}

// The page copy finds what differs without the write lock, so another connection may commit
// between the comparison and the writing: the copy then compares again under the lock, and the
// live index ends up as the new one all the same, not a mix of the two.
func TestRebuildComparesAgainAfterAnotherCommit(t *testing.T) {
	ctx := context.Background()
	root := testcorpus.Copy(t, 150)
	s := openAt(t, root)
	db := rawDB(t, s)
	if _, err := s.Reindex(ctx, true); err != nil { // the live index as the rebuild makes it
		t.Fatal(err)
	}
	committed := false
	t.Cleanup(store.SetAfterCopyPlan(func() {
		if !committed {
			committed = true
			moveIndexes(t, db, false) // another connection moves B-trees between the two steps
		}
	}))
	if _, err := s.Reindex(ctx, true); err != nil {
		t.Fatal(err)
	}
	if !committed {
		t.Fatal("the copy never ran its comparison, so the test checks nothing")
	}
	if written, _, _, whole := s.LastCopy(); whole || written < 3 {
		t.Fatalf("the copy wrote %d pages (whole: %v), want the moved ones, page by page", written, whole)
	}
	var check string
	if err := db.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity check %q, %v", check, err)
	}
	fresh := openAt(t, copyNotes(t, root))
	all := append(append([]string{}, contentQueries...), layoutQueries...)
	if got, want := dumpQueries(t, db, all), dumpQueries(t, rawDB(t, fresh), all); got != want {
		t.Fatalf("the index differs from one built afresh:\n%s\nafresh:\n%s", got, want)
	}
}
