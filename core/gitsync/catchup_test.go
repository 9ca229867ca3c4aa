package gitsync

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
)

// A cycle killed (or cancelled) after it moved HEAD but before it indexed what came in leaves the
// files ahead of the index. The next cycle, even one with nothing new to pull, indexes from the
// commit the index last reflected, so the pulled note becomes searchable without any reindex.
func TestNextCycleIndexesWhatAKilledCycleLeftBehind(t *testing.T) {
	remote := bareRemote(t)
	a, b := newMachine(t, "a", remote), newMachine(t, "b", remote)
	b.sync() // b is set up and its index reflects the (empty) remote
	n := a.write("tern migration notes", "kittiwake")
	a.sync()

	// What a sync killed between "reset --hard" and indexing leaves behind on b.
	dir := filepath.Join(b.home, "memory")
	gitOut(t, dir, "fetch", "-q", remote, "main")
	gitOut(t, dir, "reset", "-q", "--hard", "FETCH_HEAD")
	if got := b.searchIDs("kittiwake"); len(got) != 0 {
		t.Fatalf("setup: the note is already indexed on b: %v", got)
	}

	res, err := Sync(context.Background(), b.st, Options{Remote: remote, MachineID: "b"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Pulled != 0 {
		t.Fatalf("setup: the cycle pulled %d commits; the point is that it pulls none", res.Pulled)
	}
	if got := b.searchIDs("kittiwake"); !slices.Contains(got, n.ID) {
		t.Fatalf("after the next cycle the pulled note is still not indexed (search = %v, result %+v)", got, res)
	}
}
