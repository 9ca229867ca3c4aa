package store

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/note"
)

// What the open-time fast path promises: a note added (or removed, or renamed) behind the index's
// back is seen by the next open at once, because its directory changes; an edit written in place is
// seen by an explicit reindex at once, and by any open once the last full check is scanTrust old.
func TestScanFastPath(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	open := func() *Store {
		t.Helper()
		s, err := Open(ctx, root, Options{MachineID: "m"})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	hits := func(s *Store, q string) int {
		t.Helper()
		r, err := s.Search(ctx, SearchOptions{Query: q})
		if err != nil {
			t.Fatal(err)
		}
		return len(r.Hits)
	}

	s := open()
	n, err := s.Write(ctx, WriteInput{Type: note.Semantic, Title: "original kestrel", Body: "b"})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	open().Close() // a full check after the write records the directories

	// Added behind the index's back: seen at once.
	added := newTestNoteFile(t, root, "01J9Z8YPM7Q3X2V4WT6B5N0KGA", "added osprey")
	s = open()
	if hits(s, "osprey") != 1 {
		t.Fatalf("a note file added behind the index was not seen by the next open (%s)", added)
	}
	s.Close()
	open().Close()

	// Edited in place: the directory does not change.
	path := filepath.Join(root, PortableDir, filepath.FromSlash(n.RelPath()))
	data, _ := os.ReadFile(path)
	edited := []byte(strings.Replace(string(data), "original kestrel", "renamed merlin", 1))
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(edited); err != nil {
		t.Fatal(err)
	}
	f.Close()

	s = open()
	if hits(s, "merlin") != 0 {
		t.Fatal("an in-place edit within the trust window was expected to wait for a full check")
	}
	// Age the record past the trust window: the next open checks every file.
	if _, err := s.db.ExecContext(ctx, `UPDATE anamnesis_meta SET value = json_set(value, '$.at', ?) WHERE key = 'scan'`,
		time.Now().Add(-2*scanTrust).Unix()); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s = open()
	if hits(s, "merlin") != 1 || hits(s, "kestrel") != 0 {
		t.Fatal("an in-place edit was not picked up once the last full check was old")
	}

	// And an explicit reindex never relies on the fast path.
	data, _ = os.ReadFile(path)
	f, _ = os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
	f.Write([]byte(strings.Replace(string(data), "renamed merlin", "renamed harrier", 1)))
	f.Close()
	if _, err := s.Reindex(ctx, false); err != nil {
		t.Fatal(err)
	}
	if hits(s, "harrier") != 1 {
		t.Fatal("reindex did not pick up an in-place edit")
	}
	s.Close()
}

// newTestNoteFile writes a minimal note file straight into the portable tree.
func newTestNoteFile(t *testing.T, root, id, title string) string {
	t.Helper()
	p := filepath.Join(root, PortableDir, "semantic", id+".md")
	body := "---\nid: " + id + "\ntype: semantic\ntitle: " + title + "\n---\nbody\n"
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// A note whose file is in both trees: the machine-local copy describes it while it exists, a pulled
// edit of the portable copy does not take that over, and removing either copy leaves the note
// described by the other instead of dropping it from the index.
func TestSameIDInBothTrees(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	s, err := Open(ctx, root, Options{MachineID: "m"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	n, err := s.Write(ctx, WriteInput{Type: note.Semantic, Title: "portable plover", Body: "b"})
	if err != nil {
		t.Fatal(err)
	}
	portable := filepath.Join(root, PortableDir, filepath.FromSlash(n.RelPath()))
	local := filepath.Join(root, LocalDir, filepath.FromSlash(n.RelPath()))
	data, _ := os.ReadFile(portable)
	if err := os.MkdirAll(filepath.Dir(local), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(local, []byte(strings.Replace(string(data), "portable plover", "local plover", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	title := func() string {
		t.Helper()
		got, err := s.Get(ctx, n.ID)
		if err != nil {
			t.Fatalf("get: %v", err)
		}
		return got.Title
	}
	if _, err := s.Reindex(ctx, false); err != nil {
		t.Fatal(err)
	}
	if got := title(); got != "local plover" {
		t.Fatalf("with both copies the note reads %q, want the machine-local copy", got)
	}
	// A sync applies an edit of the portable copy: the local copy still describes the note.
	if err := os.WriteFile(portable, []byte(strings.Replace(string(data), "portable plover", "edited plover", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := s.IndexPaths(ctx, []string{PortableDir + "/" + n.RelPath()}); err != nil {
		t.Fatal(err)
	}
	if got := title(); got != "local plover" {
		t.Fatalf("a pulled portable edit took over the note: %q", got)
	}
	// The local copy goes: the portable one (unchanged since it was last indexed) takes over.
	if err := os.Remove(local); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Reindex(ctx, false); err != nil {
		t.Fatal(err)
	}
	if got := title(); got != "edited plover" {
		t.Fatalf("after the local copy was removed the note reads %q, want the portable copy", got)
	}
	r, err := s.Search(ctx, SearchOptions{Query: "plover"})
	if err != nil || len(r.Hits) != 1 || r.Hits[0].Scope != note.Portable {
		t.Fatalf("search after removal: %+v, %v", r.Hits, err)
	}
}
