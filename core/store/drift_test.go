package store_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/lock"
	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

func openDeferred(t *testing.T, root string) *store.Store {
	t.Helper()
	s, err := store.Open(context.Background(), root, store.Options{MachineID: "testbox", Drift: store.DriftDeferred})
	if err != nil {
		t.Fatalf("Open(%s, deferred): %v", root, err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// ageScan makes the last full walk look older than the trust window, as a minute of idleness
// would, by rewriting the time in the scan record the store keeps with its index.
func ageScan(t *testing.T, s *store.Store) {
	t.Helper()
	setScanAt(t, s, time.Now().Add(-2*time.Minute).Unix())
}

// setScanAt rewrites the time of the last full walk in the scan record.
func setScanAt(t *testing.T, s *store.Store, at int64) {
	t.Helper()
	db := rawDB(t, s)
	var raw string
	if err := db.QueryRow("SELECT value FROM anamnesis_meta WHERE key = 'scan'").Scan(&raw); err != nil {
		t.Fatal(err)
	}
	var rec map[string]json.RawMessage // the directory times are nanoseconds: keep them exact
	if err := json.Unmarshal([]byte(raw), &rec); err != nil {
		t.Fatal(err)
	}
	rec["at"] = json.RawMessage(strconv.FormatInt(at, 10))
	b, _ := json.Marshal(rec)
	if _, err := db.Exec("UPDATE anamnesis_meta SET value = ? WHERE key = 'scan'", string(b)); err != nil {
		t.Fatal(err)
	}
}

// editInPlace rewrites a note file without replacing it, as `sed -i`-less editors and `echo >>`
// do: its directory's modification time does not move, so only a full walk can see it.
func editInPlace(t *testing.T, path, old, new string) {
	t.Helper()
	dir := filepath.Dir(path)
	before, err := os.Stat(dir)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(strings.Replace(string(data), old, new, 1)); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	future := time.Now().Add(2 * time.Second) // a same-size edit within one timestamp tick still shows
	if err := os.Chtimes(path, future, future); err != nil {
		t.Fatal(err)
	}
	if after, err := os.Stat(dir); err != nil || !after.ModTime().Equal(before.ModTime()) {
		t.Fatalf("editing in place changed the directory (%v)", err)
	}
}

// Under DriftDeferred, Open answers from the index without walking the files; once the trust
// window has passed it reports the walk as due, and CatchUpDrift picks up an edit made in place.
func TestDeferredWalkPicksUpInPlaceEdit(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	s := openAt(t, root)
	n := mustWrite(t, s, store.WriteInput{Title: "original osprey title", Body: "x"})
	s.Close()
	openAt(t, root).Close() // sees the directory the write created, so only the edit is left
	editInPlace(t, filepath.Join(root, store.PortableDir, filepath.FromSlash(n.RelPath())), "original osprey title", "edited osprey kestrel")

	// Within the trust window: nothing is due, and the edit is not seen yet (as under DriftCheck).
	d := openDeferred(t, root)
	if d.DriftDue() {
		t.Fatal("a walk is due right after one ran")
	}
	ageScan(t, d)
	d.Close()

	// After it: Open still answers from the index, and says a walk is due.
	d = openDeferred(t, root)
	if !d.DriftDue() {
		t.Fatal("no walk due after the trust window")
	}
	if d.Opened.Drift.Indexed != 0 {
		t.Fatalf("deferred Open walked the files: %+v", d.Opened.Drift)
	}
	if got := searchIDs(t, d, store.SearchOptions{Query: "kestrel"}); len(got) != 0 {
		t.Fatalf("the edit was indexed before the walk: %v", got)
	}
	// A second walker finds the first one running and leaves.
	held, err := lock.TryAcquire(filepath.Join(root, store.DriftLockFile))
	if err != nil {
		t.Fatal(err)
	}
	if _, ran, err := d.CatchUpDrift(ctx); err != nil || ran {
		t.Fatalf("CatchUpDrift while another walk runs = ran %v, %v; want skipped", ran, err)
	}
	held.Release()

	rep, ran, err := d.CatchUpDrift(ctx)
	if err != nil || !ran || rep.Indexed != 1 || rep.Unchanged != 0 {
		t.Fatalf("CatchUpDrift = %+v, ran %v, %v; want the edited file indexed", rep, ran, err)
	}
	if d.DriftDue() {
		t.Fatal("walk still due after it ran")
	}
	if got := searchIDs(t, d, store.SearchOptions{Query: "kestrel"}); !sameSet(got, []string{n.ID}) {
		t.Fatalf("search kestrel after the walk = %v", got)
	}
	if got := searchIDs(t, d, store.SearchOptions{Query: "original"}); len(got) != 0 {
		t.Fatalf("old title still indexed: %v", got)
	}
	if _, ran, err := d.CatchUpDrift(ctx); err != nil || ran {
		t.Fatalf("second CatchUpDrift = ran %v, %v; want nothing due", ran, err)
	}
	// Another process opening now sees the walk as done.
	if openDeferred(t, root).DriftDue() {
		t.Fatal("a fresh open sees the walk as due")
	}
}

// Files added, removed or renamed change their directory, and a deferred Open applies them at
// once, due walk or not, re-checking only the directories that changed.
func TestDeferredOpenSeesAddedAndRemovedFiles(t *testing.T) {
	for _, due := range []bool{false, true} {
		t.Run(map[bool]string{false: "walk not due", true: "walk due"}[due], func(t *testing.T) {
			root := t.TempDir()
			s := openAt(t, root)
			removed := mustWrite(t, s, store.WriteInput{Title: "removed grebe", Body: "x"})
			kept := mustWrite(t, s, store.WriteInput{Type: note.Procedural, Title: "kept grebe", Body: "x"})
			if due {
				ageScan(t, s)
			}
			s.Close()
			const addedID = "01J9Z8YPM7Q3X2V4WT6B5N0KGD"
			writeFile(t, root, "memory/episodic/"+addedID+".md", noteText(addedID, note.Episodic, "added grebe", "x"))
			if err := os.Remove(filepath.Join(root, store.PortableDir, filepath.FromSlash(removed.RelPath()))); err != nil {
				t.Fatal(err)
			}

			d := openDeferred(t, root)
			if rep := d.Opened.Drift; rep.Indexed != 1 || rep.Removed != 1 {
				t.Fatalf("deferred open drift = %+v, want 1 indexed, 1 removed", rep)
			}
			if d.DriftDue() != due {
				t.Fatalf("DriftDue = %v, want %v", d.DriftDue(), due)
			}
			if got := searchIDs(t, d, store.SearchOptions{Query: "grebe"}); !sameSet(got, []string{kept.ID, addedID}) {
				t.Fatalf("search grebe = %v", got)
			}
			// What the partial check saw is recorded: the next open has nothing to re-check.
			if rep := openDeferred(t, root).Opened.Drift; rep.Indexed != 0 || rep.Removed != 0 || rep.Unchanged != 0 {
				t.Fatalf("second deferred open re-checked files: %+v", rep)
			}
		})
	}
}

// A note written through the store keeps the record current, so the next open (of either mode)
// does not re-check the directories the write changed. What shows it: an edit made in place in
// such a directory stays unseen until the next full walk, as in a directory nobody touched.
func TestOwnWriteNeedsNoRecheck(t *testing.T) {
	root := t.TempDir()
	s := openAt(t, root)
	first := mustWrite(t, s, store.WriteInput{Title: "first wren"})
	mustWrite(t, s, store.WriteInput{Type: note.Procedural, Title: "procedural wren"})
	s.Close()
	s = openAt(t, root) // records the directories the first writes created
	n := mustWrite(t, s, store.WriteInput{Title: "second wren"})
	changed := *n
	changed.Type = note.Procedural // moves the file from semantic/ to procedural/
	if err := s.Put(context.Background(), &changed); err != nil {
		t.Fatal(err)
	}
	s.Close()
	editInPlace(t, filepath.Join(root, store.PortableDir, filepath.FromSlash(first.RelPath())), "first wren", "first wren dipper")
	for _, mode := range []store.DriftMode{store.DriftCheck, store.DriftDeferred} {
		o, err := store.Open(context.Background(), root, store.Options{Drift: mode})
		if err != nil {
			t.Fatal(err)
		}
		if got := searchIDs(t, o, store.SearchOptions{Query: "dipper"}); len(got) != 0 {
			t.Errorf("mode %d: open after own writes re-checked their directories (found the in-place edit)", mode)
		}
		if got := searchIDs(t, o, store.SearchOptions{Query: "wren"}); len(got) != 3 {
			t.Errorf("mode %d: search wren = %v", mode, got)
		}
		o.Close()
	}
	// The full walk still finds the edit.
	o := openAt(t, root)
	if rep, err := o.Reindex(context.Background(), false); err != nil || rep.Indexed != 1 {
		t.Fatalf("Reindex = %+v, %v; want the edit indexed", rep, err)
	}
}

// A due walk that finds every note file as recorded renews the trust window without writing to the
// index: a write would make every other open connection (the resident server's) drop its page
// cache. The record in the index stays the authority: rewritten, it is due again.
func TestQuietWalkLeavesTheIndexUntouched(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	s := openAt(t, root)
	mustWrite(t, s, store.WriteInput{Title: "quiet heron", Body: "x"})
	s.Close()
	openAt(t, root).Close() // sees the directory the write created

	d := openDeferred(t, root)
	ageScan(t, d)
	d.Close()
	d = openDeferred(t, root)
	if !d.DriftDue() {
		t.Fatal("no walk due after the trust window")
	}
	before := indexFiles(t, root)
	time.Sleep(20 * time.Millisecond) // a write now would show in the files' modification times
	rep, ran, err := d.CatchUpDrift(ctx)
	if err != nil || !ran || rep.Indexed != 0 || rep.Removed != 0 {
		t.Fatalf("CatchUpDrift = %+v, ran %v, %v; want a walk that found nothing", rep, ran, err)
	}
	if after := indexFiles(t, root); after != before {
		t.Fatalf("a walk that found nothing wrote to the index:\n before %s\n after  %s", before, after)
	}
	if _, err := os.Stat(filepath.Join(root, store.WalkedFile)); err != nil {
		t.Fatalf("the walk left no renewal: %v", err)
	}
	if d.DriftDue() {
		t.Fatal("walk still due after it ran")
	}
	if openDeferred(t, root).DriftDue() {
		t.Fatal("a fresh open does not see the renewal")
	}
	if _, ran, err := d.CatchUpDrift(ctx); err != nil || ran {
		t.Fatalf("second CatchUpDrift = ran %v, %v; want nothing due", ran, err)
	}

	// The renewal names the record it renews: a record rewritten (here, aged further) is not
	// renewed by it.
	setScanAt(t, d, time.Now().Add(-3*time.Minute).Unix())
	if !openDeferred(t, root).DriftDue() {
		t.Fatal("a renewal of an earlier record kept a rewritten one trusted")
	}
}

// indexFiles describes the index's files: size and modification time of the database and its log.
func indexFiles(t *testing.T, root string) string {
	t.Helper()
	var b strings.Builder
	for _, name := range []string{store.IndexFile, store.IndexFile + "-wal"} {
		fi, err := os.Stat(filepath.Join(root, name))
		if err != nil {
			b.WriteString(name + " missing; ")
			continue
		}
		b.WriteString(name + " " + strconv.FormatInt(fi.Size(), 10) + " " + fi.ModTime().Format(time.RFC3339Nano) + "; ")
	}
	return b.String()
}
