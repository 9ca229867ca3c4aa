package store

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/note"
)

// TestTermCountsKeptWhileTheIndexIsUnchanged: matchFor's counts are kept only under an index
// stamp old enough to vouch for the index, and a write drops them.
func TestTermCountsKeptWhileTheIndexIsUnchanged(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	write := func(title string) {
		t.Helper()
		if _, err := s.Write(ctx, WriteInput{Type: note.Semantic, Title: title, Body: "body"}); err != nil {
			t.Fatal(err)
		}
	}
	write("first")
	if _, keep := s.countStamp(); keep {
		t.Fatal("an index written just now vouches for counts")
	}
	ageIndexFiles(t, s)
	st, keep := s.countStamp()
	if !keep {
		t.Fatal("an index untouched for a minute does not vouch for counts")
	}
	s.termCounts.put(st, `"gannet"`, 7)
	if n, ok := s.termCounts.get(st, `"gannet"`); !ok || n != 7 {
		t.Fatalf("kept count: %d, %t", n, ok)
	}
	if again, _ := s.countStamp(); again != st {
		t.Fatalf("the stamp moved without a write: %+v, then %+v", st, again)
	}
	write("second")
	ageIndexFiles(t, s) // even once old again, the write changed the stamp
	now, _ := s.countStamp()
	if now == st {
		t.Fatal("a write left the index's stamp as it was")
	}
	if _, ok := s.termCounts.get(now, `"gannet"`); ok {
		t.Error("a count taken before a write is kept after it")
	}
	s.termCounts.put(now, `"puffin"`, 3)
	if _, ok := s.termCounts.get(st, `"gannet"`); ok {
		t.Error("counts of the old stamp survive a put under the new one")
	}
}

// TestScanRecordKeptWhileTheIndexIsUnchanged: the drift checks' record is read from the index
// again once the index changed, and a caller changing the record it got changes nothing kept.
func TestScanRecordKeptWhileTheIndexIsUnchanged(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	root := s.TreeDir(note.Portable)
	local := s.TreeDir(note.MachineLocal)
	s.storeScan(ctx, scanRecord{At: 100, Dirs: dirTimes{root: 1, local: 2}})
	ageIndexFiles(t, s)
	rec, ok := s.loadScan(ctx)
	if !ok || rec.At != 100 {
		t.Fatalf("first read: %+v, %t", rec, ok)
	}
	rec.Dirs[root] = 99 // the caller's copy
	if again, _ := s.loadScan(ctx); again.Dirs[root] != 1 {
		t.Errorf("a caller's change reached the kept record: %+v", again)
	}
	s.storeScan(ctx, scanRecord{At: 200, Dirs: dirTimes{root: 3, local: 4}})
	ageIndexFiles(t, s)
	if rec, ok := s.loadScan(ctx); !ok || rec.At != 200 || rec.Dirs[root] != 3 {
		t.Errorf("after the record was rewritten: %+v, %t; want the new one", rec, ok)
	}
}

// openTemp opens a new store in a temporary directory, closed when the test ends.
func openTemp(t *testing.T) *Store {
	t.Helper()
	s, err := Open(context.Background(), t.TempDir(), Options{MachineID: "m"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// ageIndexFiles makes the index's files a minute old, as after a quiet minute, so that their
// stamp vouches for the index (see indexStamp.racy).
func ageIndexFiles(t *testing.T, s *Store) {
	t.Helper()
	old := time.Now().Add(-time.Minute)
	for _, p := range []string{IndexFile, IndexFile + "-wal"} {
		if err := os.Chtimes(filepath.Join(s.root, p), old, old); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	}
}
