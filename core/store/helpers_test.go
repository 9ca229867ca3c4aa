package store_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// The tests of this package use the store as its callers do (package store_test): a real
// directory, real SQLite, real files.

func openAt(t *testing.T, root string) *store.Store {
	t.Helper()
	s, err := store.Open(context.Background(), root, store.Options{MachineID: "testbox"})
	if err != nil {
		t.Fatalf("Open(%s): %v", root, err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// rawDB opens the store's index file directly, as another program (or a user with the sqlite3
// shell) would: tests use it to damage the index or to check what is stored.
func rawDB(t *testing.T, s *store.Store) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+s.DBPath()+"?_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func newStore(t *testing.T) (*store.Store, string) {
	t.Helper()
	root := t.TempDir()
	return openAt(t, root), root
}

func mustWrite(t *testing.T, s *store.Store, in store.WriteInput) *note.Note {
	t.Helper()
	if in.Type == "" {
		in.Type = note.Semantic
	}
	n, err := s.Write(context.Background(), in)
	if err != nil {
		t.Fatalf("Write(%q): %v", in.Title, err)
	}
	return n
}

func searchIDs(t *testing.T, s *store.Store, opts store.SearchOptions) []string {
	t.Helper()
	res, err := s.Search(context.Background(), opts)
	if err != nil {
		t.Fatalf("Search(%q): %v", opts.Query, err)
	}
	ids := make([]string, len(res.Hits))
	for i, h := range res.Hits {
		ids[i] = h.ID
	}
	return ids
}

func listIDs(t *testing.T, s *store.Store, opts store.ListOptions) []string {
	t.Helper()
	page, err := s.List(context.Background(), opts)
	if err != nil {
		t.Fatalf("List: %v", err)
	}
	ids := make([]string, len(page.Notes))
	for i, n := range page.Notes {
		ids[i] = n.ID
	}
	return ids
}

func contains(ids []string, id string) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	a, b = append([]string(nil), a...), append([]string(nil), b...)
	sort.Strings(a)
	sort.Strings(b)
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// noteFiles lists every note file of both trees (paths relative to root), skipping dot-files.
func noteFiles(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	for _, tree := range []string{store.PortableDir, store.LocalDir} {
		base := filepath.Join(root, tree)
		err := filepath.WalkDir(base, func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && p != base && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			if !d.IsDir() && strings.HasSuffix(p, ".md") && !strings.HasPrefix(d.Name(), ".") {
				rel, _ := filepath.Rel(root, p)
				out = append(out, filepath.ToSlash(rel))
			}
			return nil
		})
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	}
	sort.Strings(out)
	return out
}

// writeFile puts raw text at root/rel, creating directories, as a user or another tool would.
func writeFile(t *testing.T, root, rel, text string) string {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// noteText renders a minimal valid note file.
func noteText(id string, typ note.Type, title, body string) string {
	return "---\nid: " + id + "\ntype: " + string(typ) + "\ntitle: " + title + "\n---\n" + body + "\n"
}
