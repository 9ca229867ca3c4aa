package store_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// A store kept open between requests (the resident hook server) must answer each as a store
// opened at that moment would. Revalidate either brings it up to date over its open connections or
// says it must be reopened; reopening then repairs what it found.
func TestRevalidate(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name   string
		change func(t *testing.T, s *store.Store, root string)
		reopen bool
		// find is what a search for "grebe" must return once the store is revalidated (or
		// reopened): the ids of the notes named, by title.
		find []string
	}{
		{name: "nothing changed", change: func(*testing.T, *store.Store, string) {}, find: []string{"kept grebe", "other grebe"}},
		{
			name: "note added and removed behind its back",
			change: func(t *testing.T, s *store.Store, root string) {
				writeFile(t, root, "memory/episodic/01J9Z8YPM7Q3X2V4WT6B5N0KGD.md",
					noteText("01J9Z8YPM7Q3X2V4WT6B5N0KGD", note.Episodic, "added grebe", "x"))
				removeNote(t, root, s, "other grebe")
			},
			find: []string{"kept grebe", "added grebe"},
		},
		{
			name: "index removed",
			change: func(t *testing.T, s *store.Store, root string) {
				for _, suffix := range []string{"", "-wal", "-shm"} {
					_ = os.Remove(s.DBPath() + suffix)
				}
			},
			reopen: true, find: []string{"kept grebe", "other grebe"},
		},
		{
			name: "index replaced by another file",
			change: func(t *testing.T, s *store.Store, root string) {
				tmp := s.DBPath() + ".new"
				if err := os.WriteFile(tmp, []byte("not a database"), 0o644); err != nil {
					t.Fatal(err)
				}
				if err := os.Rename(tmp, s.DBPath()); err != nil {
					t.Fatal(err)
				}
			},
			reopen: true, find: []string{"kept grebe", "other grebe"},
		},
		{
			name: "index written by another program",
			change: func(t *testing.T, s *store.Store, root string) {
				if _, err := rawDB(t, s).Exec(`UPDATE memories SET go_indexed = 0 WHERE rowid =
					(SELECT min(rowid) FROM memories)`); err != nil {
					t.Fatal(err)
				}
			},
			reopen: true, find: []string{"kept grebe", "other grebe"},
		},
		{
			name: "index of another schema",
			change: func(t *testing.T, s *store.Store, root string) {
				if _, err := rawDB(t, s).Exec(`UPDATE anamnesis_meta SET value = '0' WHERE key = 'schema'`); err != nil {
					t.Fatal(err)
				}
			},
			reopen: true, find: []string{"kept grebe", "other grebe"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			s := openAt(t, root)
			ids := map[string]string{}
			for _, title := range []string{"kept grebe", "other grebe"} {
				ids[title] = mustWrite(t, s, store.WriteInput{Title: title, Body: "x"}).ID
			}
			ids["added grebe"] = "01J9Z8YPM7Q3X2V4WT6B5N0KGD"
			s.Close()
			d := openDeferred(t, root)
			searchIDs(t, d, store.SearchOptions{Query: "grebe"}) // the connections are in use
			// Checked once before the change, with the index's files old enough for the check to
			// be remembered: what it remembers must not hide the change.
			ageIndex(t, d.DBPath())
			if reopen, err := d.Revalidate(ctx, store.DriftDeferred); err != nil || reopen {
				t.Fatalf("Revalidate before the change = %v, %v; want false, nil", reopen, err)
			}

			c.change(t, d, root)
			reopen, err := d.Revalidate(ctx, store.DriftDeferred)
			if err != nil {
				t.Fatalf("Revalidate: %v", err)
			}
			if reopen != c.reopen {
				t.Fatalf("Revalidate reopen = %v, want %v", reopen, c.reopen)
			}
			if reopen {
				d.Close()
				d = openDeferred(t, root)
			}
			var want []string
			for _, title := range c.find {
				want = append(want, ids[title])
			}
			if got := searchIDs(t, d, store.SearchOptions{Query: "grebe"}); !sameSet(got, want) {
				t.Fatalf("search grebe = %v, want %v", got, want)
			}
			// Up to date now: a second Revalidate keeps the store.
			if reopen, err := d.Revalidate(ctx, store.DriftDeferred); err != nil || reopen {
				t.Fatalf("second Revalidate = %v, %v; want false, nil", reopen, err)
			}
		})
	}
}

// removeNote deletes the file of the note titled title, as a user or a git pull would.
func removeNote(t *testing.T, root string, s *store.Store, title string) {
	t.Helper()
	res, err := s.Search(context.Background(), store.SearchOptions{Query: title, K: 1})
	if err != nil || len(res.Hits) == 0 {
		t.Fatalf("find %q: %v", title, err)
	}
	if err := os.Remove(filepath.Join(root, store.PortableDir, filepath.FromSlash(res.Hits[0].RelPath()))); err != nil {
		t.Fatal(err)
	}
}

// ageIndex sets the index's files' modification times an hour back, as if the index had not been
// written for that long.
func ageIndex(t *testing.T, path string) {
	t.Helper()
	old := time.Now().Add(-time.Hour)
	for _, suffix := range []string{"", "-wal"} {
		if err := os.Chtimes(path+suffix, old, old); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	}
}

// A check made while the index's files were just written is not remembered: on a file system
// whose timestamps tick coarsely, a write in the same tick leaves the stamp as it was (simulated
// here by setting the log's time back), and Revalidate must still see it.
func TestRevalidateDistrustsAFreshStamp(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	s := openAt(t, root)
	mustWrite(t, s, store.WriteInput{Title: "kept grebe", Body: "x"})
	s.Close()
	d := openDeferred(t, root)
	for i := 0; i < 20; i++ { // a long log, so the write below rewrites it without growing it
		mustWrite(t, d, store.WriteInput{Title: fmt.Sprintf("grebe %d", i), Body: strings.Repeat("x", 2000)})
	}
	raw := rawDB(t, d)
	if _, err := raw.Exec("PRAGMA wal_checkpoint(RESTART)"); err != nil {
		t.Fatal(err)
	}
	searchIDs(t, d, store.SearchOptions{Query: "grebe"})
	if reopen, err := d.Revalidate(ctx, store.DriftDeferred); err != nil || reopen {
		t.Fatalf("first Revalidate = %v, %v; want false, nil", reopen, err)
	}
	wal := d.DBPath() + "-wal"
	before, err := os.Stat(wal)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`UPDATE memories SET go_indexed = 0 WHERE rowid = (SELECT min(rowid) FROM memories)`); err != nil {
		t.Fatal(err)
	}
	after, err := os.Stat(wal)
	if err != nil {
		t.Fatal(err)
	}
	if after.Size() != before.Size() {
		t.Fatalf("the log grew from %d to %d bytes, so the test does not show a same-size rewrite", before.Size(), after.Size())
	}
	if err := os.Chtimes(wal, before.ModTime(), before.ModTime()); err != nil {
		t.Fatal(err)
	}
	if reopen, err := d.Revalidate(ctx, store.DriftDeferred); err != nil || !reopen {
		t.Fatalf("Revalidate after a same-tick write by another program = %v, %v; want true, nil", reopen, err)
	}
}
