package gitsync

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

func TestMachinesConverge(t *testing.T) {
	for _, n := range []int{2, 3} {
		t.Run(strings.Repeat("m", n), func(t *testing.T) {
			remote := bareRemote(t)
			var ms []*machine
			var ids []string
			for i := 0; i < n; i++ {
				m := newMachine(t, "machine"+string(rune('a'+i)), remote)
				ms = append(ms, m)
				ids = append(ids, m.write("zebra fact from "+m.id, "zebras everywhere").ID)
			}
			// Two rounds: the first spreads each machine's note forward, the second back.
			for round := 0; round < 2; round++ {
				for _, m := range ms {
					m.sync()
				}
			}
			slices.Sort(ids)
			for _, m := range ms {
				if got := m.searchIDs("zebra"); !slices.Equal(got, ids) {
					t.Errorf("%s finds %v, want %v", m.id, got, ids)
				}
			}
			sameFiles(t, ms...)
		})
	}
}

func TestEmptyStoreEmptyRemote(t *testing.T) {
	m := newMachine(t, "laptop", bareRemote(t))
	res := m.sync()
	if res.Pushed || res.Pulled != 0 || res.Head != "" || res.Offline {
		t.Fatalf("empty sync = %+v", res)
	}
	// The next cycle with a note pushes it.
	m.write("first", "body")
	if res := m.sync(); !res.Pushed || res.Head == "" {
		t.Fatalf("first push = %+v", res)
	}
}

func TestNewMachineAdoptsRemoteNotesAndCountsOnlyRemoteCommits(t *testing.T) {
	remote := bareRemote(t)
	a := newMachine(t, "laptop", remote)
	for i := 0; i < 3; i++ {
		a.write("walrus note", "tusks")
		a.sync()
	}
	b := newMachine(t, "desktop", remote)
	res := b.sync()
	if res.Pulled != 3 || res.Indexed != 3 || res.Pushed {
		t.Fatalf("adoption = %+v, want 3 pulled, 3 indexed, nothing pushed", res)
	}
	if got := len(b.searchIDs("walrus")); got != 3 {
		t.Fatalf("adopted notes searchable: %d, want 3", got)
	}

	// Diverged: two remote commits and one local one -> pulled counts the two only.
	a.write("walrus two", "x")
	a.sync()
	a.write("walrus three", "x")
	a.sync()
	b.write("walrus local", "x")
	res = b.sync()
	if res.Pulled != 2 || !res.Pushed {
		t.Fatalf("diverged sync = %+v, want pulled 2 and pushed", res)
	}

	// A machine with its own notes joining an existing remote keeps both (unrelated histories).
	c := newMachine(t, "tablet", remote)
	c.write("walrus from the tablet", "x")
	res = c.sync()
	if !res.Pushed || res.Pulled == 0 {
		t.Fatalf("joining with local notes = %+v", res)
	}
	a.sync()
	b.sync()
	files := sameFiles(t, a, b, c)
	if len(files) != 7 {
		t.Fatalf("converged on %d files, want 7", len(files))
	}
}

func TestConcurrentEditKeepsBothVersions(t *testing.T) {
	for _, tc := range []struct {
		name           string
		aTime, bTime   string
		aForgets       bool
		wantWinnerBody string
		wantCopyBody   string
	}{
		{"newer remote edit wins", "2030-01-01T00:00:01+00:00", "2030-01-01T00:00:02+00:00", false, "edit from b", "edit from a"},
		{"newer local edit wins", "2030-01-01T00:00:03+00:00", "2030-01-01T00:00:02+00:00", false, "edit from a", "edit from b"},
		{"same second: machine id breaks the tie", "2030-01-01T00:00:02+00:00", "2030-01-01T00:00:02+00:00", false, "edit from b", "edit from a"},
		{"a forget is an edit like any other", "2030-01-01T00:00:03+00:00", "2030-01-01T00:00:02+00:00", true, "", "edit from b"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			remote := bareRemote(t)
			a := newMachine(t, "a-laptop", remote)
			b := newMachine(t, "b-desktop", remote)
			orig := a.write("shared heron note", "original")
			a.sync()
			b.sync()
			if tc.aForgets {
				n := a.get(orig.ID)
				n.Status, n.DeletedAt, n.UpdatedAt = note.StatusDeleted, tc.aTime, tc.aTime
				if err := a.st.Put(context.Background(), n); err != nil {
					t.Fatal(err)
				}
			} else {
				a.edit(orig.ID, "edit from a", tc.aTime)
			}
			b.edit(orig.ID, "edit from b", tc.bTime)
			a.sync()
			res := b.sync() // b integrates a's edit: the conflict is resolved here
			if !res.Conflicted || len(res.Conflicts) != 1 || !res.Pushed {
				t.Fatalf("conflicting sync = %+v", res)
			}
			a.sync()
			sameFiles(t, a, b)
			for _, m := range []*machine{a, b} {
				won := m.get(orig.ID)
				if tc.aForgets {
					if !won.Deleted() {
						t.Errorf("%s: the newer forget should win: %+v", m.id, won)
					}
				} else if won.Body != tc.wantWinnerBody {
					t.Errorf("%s: original holds %q, want %q", m.id, won.Body, tc.wantWinnerBody)
				}
				cp := m.get(res.Conflicts[0])
				if !cp.HasTag(ConflictTag) || !strings.Contains(cp.Title, orig.ID) || !strings.HasSuffix(cp.Body, tc.wantCopyBody) {
					t.Errorf("%s: conflict copy = %+v", m.id, cp)
				}
			}
			st, err := a.st.Stats(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if st.Conflicts != 1 {
				t.Errorf("stats report %d conflicts, want 1", st.Conflicts)
			}
		})
	}
}

func TestForgetHidesOnEveryMachine(t *testing.T) {
	remote := bareRemote(t)
	a, b, c := newMachine(t, "a", remote), newMachine(t, "b", remote), newMachine(t, "c", remote)
	n := a.write("otter fact", "otters hold hands")
	for _, m := range []*machine{a, b, c} {
		m.sync()
	}
	if _, err := b.st.Forget(context.Background(), n.ID); err != nil {
		t.Fatal(err)
	}
	res := b.sync()
	if !strings.Contains(res.Committed, "1 forgotten") {
		t.Errorf("commit subject %q does not say what changed", res.Committed)
	}
	a.sync()
	c.sync()
	for _, m := range []*machine{a, b, c} {
		if ids := m.searchIDs("otter"); len(ids) != 0 {
			t.Errorf("%s still finds the forgotten note: %v", m.id, ids)
		}
		if !m.get(n.ID).Deleted() {
			t.Errorf("%s: note not marked deleted", m.id)
		}
	}
}

func TestOnlyPortableNotesReachTheRemote(t *testing.T) {
	remote := bareRemote(t)
	a := newMachine(t, "a", remote)
	p := a.write("portable", "x")
	l := a.writeScope("machine local secret", "x", note.MachineLocal)
	a.sync()
	tree := gitOut(t, remote, "ls-tree", "-r", "--name-only", "main")
	if !strings.Contains(tree, p.ID) {
		t.Fatalf("portable note missing from remote:\n%s", tree)
	}
	for _, banned := range []string{l.ID, "index.db", "store.lock", "config.json", "local/"} {
		if strings.Contains(tree, banned) {
			t.Errorf("remote holds %q:\n%s", banned, tree)
		}
	}
	if strings.Count(tree, "\n")+1 != 1 {
		t.Errorf("remote should hold exactly one file:\n%s", tree)
	}
	b := newMachine(t, "b", remote)
	b.sync()
	if ids := b.searchIDs("secret"); len(ids) != 0 {
		t.Errorf("machine-local note reached another machine: %v", ids)
	}
}

func TestCommitMessageSaysWhatChanged(t *testing.T) {
	m := newMachine(t, "laptop", "")
	e := m.write("to edit", "x")
	f := m.write("to forget", "x")
	res := m.sync()
	if res.Committed != "anamnesis: 2 added on laptop" || res.Detail != "committed locally; no remote configured" {
		t.Fatalf("first cycle = %+v", res)
	}
	m.write("new", "x")
	m.edit(e.ID, "changed", "")
	if _, err := m.st.Forget(context.Background(), f.ID); err != nil {
		t.Fatal(err)
	}
	m.sync()
	dir := filepath.Join(m.home, "memory")
	if got := gitOut(t, dir, "log", "-1", "--format=%s|%an|%ae"); got != "anamnesis: 1 added, 1 edited, 1 forgotten on laptop|anamnesis|anamnesis@laptop" {
		t.Fatalf("last commit = %q", got)
	}
	if res := m.sync(); res.Committed != "" || res.Detail != "nothing to commit; no remote configured" {
		t.Fatalf("no-change cycle = %+v", res)
	}
}

func TestRemoteConfiguredLaterAndChanged(t *testing.T) {
	m := newMachine(t, "a", "")
	m.write("note", "x")
	m.sync()
	first := bareRemote(t)
	m.remote = first
	if res := m.sync(); !res.Pushed {
		t.Fatalf("sync after adding a remote = %+v", res)
	}
	second := bareRemote(t)
	m.remote = second
	if res := m.sync(); !res.Pushed {
		t.Fatalf("sync after changing the remote = %+v", res)
	}
	if got := gitOut(t, filepath.Join(m.home, "memory"), "config", "--get", "remote.origin.url"); got != second {
		t.Fatalf("origin = %q, want %q", got, second)
	}
	m.remote = ""
	m.sync()
	if out, _ := os.ReadFile(filepath.Join(m.home, "memory", ".git", "config")); strings.Contains(string(out), "origin") {
		t.Fatalf("origin not removed when the remote was unset:\n%s", out)
	}
}

func TestUnreachableRemoteKeepsLocalCommitAndCatchesUp(t *testing.T) {
	m := newMachine(t, "a", "git://127.0.0.1:1/nothing-listens-here")
	n := m.write("offline note", "x")
	res := m.sync()
	if !res.Offline || !strings.HasPrefix(res.Detail, "remote unreachable: ") || !strings.Contains(res.Detail, "will retry") || !strings.Contains(res.Detail, "Connection refused") || res.Pushed {
		t.Fatalf("offline sync = %+v", res)
	}
	dir := filepath.Join(m.home, "memory")
	if !strings.Contains(gitOut(t, dir, "ls-tree", "-r", "--name-only", "HEAD"), n.ID) {
		t.Fatal("local commit not kept while offline")
	}
	remote := bareRemote(t)
	m.remote = remote
	if res := m.sync(); !res.Pushed || res.Offline {
		t.Fatalf("catch-up sync = %+v", res)
	}
}

// The remote disappears between two syncs (a server wiped, a path moved): the next cycle reports it
// as unreachable and keeps the notes committed locally; recreated, the remote gets everything back.
func TestRemoteDeletedBetweenSyncs(t *testing.T) {
	remote := bareRemote(t)
	a, b := newMachine(t, "a", remote), newMachine(t, "b", remote)
	a.write("before", "x")
	a.sync()
	if err := os.RemoveAll(remote); err != nil {
		t.Fatal(err)
	}
	a.write("during", "x")
	if res := a.sync(); !res.Offline || !strings.HasPrefix(res.Detail, "remote unreachable") {
		t.Fatalf("sync with the remote gone = %+v", res)
	}
	// The user recreates the remote empty: the full history is pushed again.
	bareRemoteAt(t, remote)
	if res := a.sync(); !res.Pushed {
		t.Fatalf("sync to recreated remote = %+v", res)
	}
	b.sync()
	if got := len(sameFiles(t, a, b)); got != 2 {
		t.Fatalf("%d files after recovery, want 2", got)
	}
}

func bareRemoteAt(tb testing.TB, dir string) {
	tb.Helper()
	gitOut(tb, filepath.Dir(dir), "init", "-q", "--bare", "-b", "main", dir)
}

func TestStaleGitLocksFromAKilledSync(t *testing.T) {
	remote := bareRemote(t)
	a := newMachine(t, "a", remote)
	a.write("one", "x")
	a.sync()
	gitDir := filepath.Join(a.home, "memory", ".git")
	for _, p := range []string{"index.lock", "HEAD.lock", "refs/heads/main.lock", mergeIndex} {
		if err := os.WriteFile(filepath.Join(gitDir, p), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	a.write("two", "x")
	if res := a.sync(); !res.Pushed {
		t.Fatalf("sync after a killed one = %+v", res)
	}
	if _, err := os.Stat(filepath.Join(gitDir, "index.lock")); !os.IsNotExist(err) {
		t.Fatalf("index.lock still there: %v", err)
	}
}

// Many store handles on one home (as many processes would have), all writing and syncing at
// once against a remote that another machine also pushes to: none fails, nothing is lost.
func TestConcurrentCyclesSerialize(t *testing.T) {
	remote := bareRemote(t)
	a := newMachine(t, "a", remote)
	other := newMachine(t, "b", remote)
	const workers = 12
	var wg sync.WaitGroup
	errs := make(chan error, workers*2)
	var mu sync.Mutex
	var ids []string
	for i := 0; i < workers; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			home, mid := a.home, a.id
			if i%3 == 0 {
				home, mid = other.home, other.id
			}
			st, err := store.Open(context.Background(), home, store.Options{MachineID: mid, NoDriftCheck: true})
			if err != nil {
				errs <- err
				return
			}
			defer st.Close()
			n, err := st.Write(context.Background(), store.WriteInput{Type: note.Semantic, Title: "storm note", Body: "x"})
			if err != nil {
				errs <- err
				return
			}
			mu.Lock()
			ids = append(ids, n.ID)
			mu.Unlock()
			if _, err := Sync(context.Background(), st, Options{Remote: remote, MachineID: mid}); err != nil {
				errs <- err
			}
		}(i)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("concurrent cycle failed: %v", err)
	}
	for i := 0; i < 2; i++ {
		a.sync()
		other.sync()
	}
	files := sameFiles(t, a, other)
	for _, id := range ids {
		if _, ok := files["semantic/"+id+".md"]; !ok {
			t.Errorf("note %s lost", id)
		}
	}
	if got := len(a.searchIDs("storm")); got != workers {
		t.Errorf("a finds %d storm notes, want %d", got, workers)
	}
}

func TestStatusFileRoundTrip(t *testing.T) {
	home := t.TempDir()
	if s, err := ReadStatusFile(home); err != nil || s.LastRun != "" {
		t.Fatalf("missing status file = %+v, %v", s, err)
	}
	m := newMachine(t, "a", "git://127.0.0.1:1/x")
	res := m.sync()
	now := mustTime(t, "2030-01-01T00:00:00Z")
	if _, err := RecordCycle(home, res, nil, now, now.Add(300e9)); err != nil {
		t.Fatal(err)
	}
	s, err := ReadStatusFile(home)
	if err != nil {
		t.Fatal(err)
	}
	if s.LastSuccess != "" || s.LastError == "" || s.Failures != 1 || s.NextRun != "2030-01-01T00:05:00Z" || s.Last == nil || !s.Last.Offline {
		t.Fatalf("offline status = %+v", s)
	}
	if s, _ = RecordCycle(home, Result{Detail: "synced"}, nil, now, now); s.Failures != 0 || s.LastSuccess == "" || s.LastError != "" || s.LastErrorAt != "" {
		t.Fatalf("status after success = %+v (an old error is cleared by a success)", s)
	}
	os.WriteFile(StatusPath(home), []byte("{broken"), 0o644)
	if _, err := ReadStatusFile(home); err == nil {
		t.Fatal("a damaged status file should be reported")
	}
}

func mustTime(tb testing.TB, s string) time.Time {
	tb.Helper()
	v, err := time.Parse(time.RFC3339, s)
	if err != nil {
		tb.Fatal(err)
	}
	return v
}

func TestHalfInitializedRepositoryIsRepaired(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(gitDir string)
	}{
		{"empty .git", func(d string) { os.MkdirAll(d, 0o755) }},
		{"init killed before HEAD", func(d string) {
			os.MkdirAll(filepath.Join(d, "objects"), 0o755)
			os.MkdirAll(filepath.Join(d, "refs"), 0o755)
		}},
		{"garbage HEAD", func(d string) {
			os.MkdirAll(d, 0o755)
			os.WriteFile(filepath.Join(d, "HEAD"), []byte("garbage"), 0o644)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			remote := bareRemote(t)
			m := newMachine(t, "a", remote)
			n := m.write("survivor", "x")
			tc.setup(filepath.Join(m.home, "memory", ".git"))
			if res := m.sync(); !res.Pushed {
				t.Fatalf("sync over a broken .git = %+v", res)
			}
			if !strings.Contains(gitOut(t, remote, "ls-tree", "-r", "--name-only", "main"), n.ID) {
				t.Fatal("note not pushed")
			}
			if strings.Contains(gitOut(t, remote, "ls-tree", "-r", "--name-only", "main"), "broken-git") {
				t.Fatal("the damaged repository was committed")
			}
		})
	}
}

// A remote that accepts the connection and then never answers costs one network deadline, not
// a hung sync.
func TestHungRemoteTimesOut(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			defer c.Close() // hold it open, say nothing
		}
	}()
	m := newMachine(t, "a", "git://"+ln.Addr().String()+"/silent")
	m.write("note", "x")
	res, err := Sync(context.Background(), m.st, Options{Remote: m.remote, NetworkTimeout: 500 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Offline || !strings.Contains(res.Detail, "timed out") || res.Committed == "" {
		t.Fatalf("hung remote = %+v", res)
	}
}

// A remote that refuses pushes for good (here a non-bare repository with main checked out) is an
// error that says why, not an endless retry; the local commit is kept.
func TestPushRefusedIsAnError(t *testing.T) {
	remote := filepath.Join(t.TempDir(), "worktree-remote")
	gitOut(t, filepath.Dir(remote), "init", "-q", "-b", "main", remote)
	gitOut(t, remote, "-c", "user.name=x", "-c", "user.email=x@x", "commit", "-q", "--allow-empty", "-m", "init")
	m := newMachine(t, "a", remote)
	m.write("note", "x")
	res, err := Sync(context.Background(), m.st, Options{Remote: remote})
	if err == nil || !strings.Contains(err.Error(), "push refused") || res.Committed == "" {
		t.Fatalf("refused push: %+v, %v", res, err)
	}
}

// Issue 10 case 6: the forget is made after the edit, on a machine whose clock is behind, so
// its updated_at is older. Newest-wall-clock would undo it. The forget wins (the edit had not
// seen it), and the edit lives on as a visible, counted conflict note: nothing forgotten
// reappears under its own id, and nothing edited is lost.
func TestForgetWinsOverAnEditThatHadNotSeenIt(t *testing.T) {
	remote := bareRemote(t)
	a := newMachine(t, "a-laptop", remote)
	b := newMachine(t, "b-desktop", remote)
	orig := a.write("shared heron note", "original")
	a.sync()
	b.sync()
	b.edit(orig.ID, "edit from b", "2030-01-01T00:00:02+00:00")
	n := a.get(orig.ID)
	n.Status, n.DeletedAt, n.UpdatedAt = note.StatusDeleted, "2030-01-01T00:00:01+00:00", "2030-01-01T00:00:01+00:00"
	if err := a.st.Put(context.Background(), n); err != nil {
		t.Fatal(err)
	}
	a.sync()
	res := b.sync()
	a.sync()
	if !res.Conflicted || len(res.Conflicts) != 1 {
		t.Fatalf("sync = %+v, want one conflict", res)
	}
	sameFiles(t, a, b)
	for _, m := range []*machine{a, b} {
		if won := m.get(orig.ID); !won.Deleted() {
			t.Errorf("%s: the forget was undone: %+v", m.id, won)
		}
		cp := m.get(res.Conflicts[0])
		if cp.Deleted() || !cp.HasTag(ConflictTag) || !strings.Contains(cp.Body, orig.ID) || !strings.HasSuffix(cp.Body, "edit from b") {
			t.Errorf("%s: the edit should be kept as a live conflict note: %+v", m.id, cp)
		}
		if got := m.searchIDs("heron"); len(got) != 1 || got[0] != res.Conflicts[0] {
			t.Errorf("%s: search shows %v, want only the conflict note", m.id, got)
		}
		st, err := m.st.Stats(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if st.Conflicts != 1 {
			t.Errorf("%s: stats count %d conflicts, want 1", m.id, st.Conflicts)
		}
	}
}
