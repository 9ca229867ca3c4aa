//go:build linux

package hooks

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/anamnesis-go/anamnesis/core/home"
)

// lockedKB sums what /proc/self/smaps says is locked in this process's mappings of path (and of
// a deleted file once at path: a mapping left behind by a replaced index), and counts them.
func lockedKB(t *testing.T, path string) (kb, mappings int) {
	t.Helper()
	data, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		t.Skipf("no /proc/self/smaps: %v", err)
	}
	total, in := 0, false
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		if f := strings.Fields(line); len(f) >= 5 && strings.Contains(f[0], "-") && !strings.HasSuffix(f[0], ":") {
			name := strings.TrimSuffix(strings.Join(f[5:], " "), " (deleted)")
			in = name == path
			if in {
				mappings++
			}
			continue
		}
		if in && strings.HasPrefix(line, "Locked:") {
			kb, _ := strconv.Atoi(strings.Fields(line)[1])
			total += kb
		}
	}
	return total, mappings
}

// The index's files are kept whole in memory as they change: grown by writes, replaced by a
// rebuild, removed; each old mapping is released once the new one holds, so nothing is locked
// twice, and nothing at all past the bound.
func TestPinFollowsTheFiles(t *testing.T) {
	dir := t.TempDir()
	idx, wal := filepath.Join(dir, "index.db"), filepath.Join(dir, "index.db-wal")
	write := func(path string, kb int) {
		t.Helper()
		if err := os.WriteFile(path, bytes.Repeat([]byte{'x'}, kb<<10), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	replace := func(path string, kb int) {
		t.Helper()
		write(path+".new", kb)
		if err := os.Rename(path+".new", path); err != nil {
			t.Fatal(err)
		}
	}
	write(idx, 64)
	p := newPin(1 << 20)
	t.Cleanup(p.release)
	said, err := p.refresh(idx, wal)
	if errors.Is(err, unix.EPERM) || errors.Is(err, unix.ENOMEM) || errors.Is(err, unix.EAGAIN) {
		t.Skipf("this system does not let the test lock memory: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	if said != "index locked (64 KB)" {
		t.Errorf("refresh says %q", said)
	}
	steps := []struct {
		name      string
		change    func()
		idx, wal  int // KB locked after the change, each in one mapping (none for 0)
		wantError string
	}{
		{"unchanged", func() {}, 64, 0, ""},
		{"log written", func() { write(wal, 32) }, 64, 32, ""},
		{"index grown", func() { write(idx, 128) }, 128, 32, ""},
		{"index replaced by a rebuild", func() { replace(idx, 96) }, 96, 32, ""},
		{"index replaced by one of the same size", func() { replace(idx, 96) }, 96, 32, ""},
		{"log removed", func() { os.Remove(wal) }, 96, 0, ""},
		{"past the bound", func() { replace(idx, 2048) }, 0, 0, "exceed"},
		{"back under it", func() { replace(idx, 16) }, 16, 0, ""},
	}
	for _, st := range steps {
		before := p.files[idx].m
		st.change()
		_, err := p.refresh(idx, wal)
		if st.wantError == "" && err != nil || st.wantError != "" && (err == nil || !strings.Contains(err.Error(), st.wantError)) {
			t.Fatalf("%s: refresh error %v, want %q", st.name, err, st.wantError)
		}
		for _, f := range []struct {
			path string
			want int
		}{{idx, st.idx}, {wal, st.wal}} {
			got, maps := lockedKB(t, f.path)
			if wantMaps := min(f.want, 1); got != f.want || maps != wantMaps {
				t.Errorf("%s: %d KB of %s locked in %d mappings, want %d KB in %d", st.name, got, filepath.Base(f.path), maps, f.want, wantMaps)
			}
		}
		if st.name == "unchanged" && (len(before) == 0 || len(p.files[idx].m) == 0 || &before[0] != &p.files[idx].m[0]) {
			t.Errorf("an unchanged index was mapped again")
		}
	}
	p.release()
	if got, maps := lockedKB(t, idx); got != 0 || maps != 0 {
		t.Errorf("after release: %d KB still locked in %d mappings", got, maps)
	}
}

// Where the system refuses to lock, the pin does not ask again until the files change; and a
// refusal while the old mapping of a replaced file is still held (both count against the
// limit) lets the old one go and tries once more.
func TestPinRefusals(t *testing.T) {
	dir := t.TempDir()
	idx := filepath.Join(dir, "index.db")
	if err := os.WriteFile(idx, bytes.Repeat([]byte{'x'}, 8<<10), 0o644); err != nil {
		t.Fatal(err)
	}
	p := newPin(1 << 20)
	t.Cleanup(p.release)
	calls, refuse := 0, func(int) bool { return true }
	p.lock = func(path string) ([]byte, error) {
		calls++
		if refuse(calls) {
			return nil, unix.EPERM
		}
		return lockFile(path)
	}
	for i := range 3 {
		if _, err := p.refresh(idx); !errors.Is(err, unix.EPERM) {
			t.Fatalf("refresh %d: error %v, want the refusal", i, err)
		}
	}
	if calls != 1 {
		t.Fatalf("asked to lock %d times with the file unchanged, want 1", calls)
	}
	if err := os.WriteFile(idx, bytes.Repeat([]byte{'x'}, 12<<10), 0o644); err != nil {
		t.Fatal(err)
	}
	refuse = func(int) bool { return false }
	if said, err := p.refresh(idx); err != nil || said != "index locked (12 KB)" {
		t.Fatalf("after the file changed: %q, %v; want it locked", said, err)
	}

	// A rebuild replaces the index; the first lock of the new file is refused while the old
	// mapping is held, the second (after letting the old one go) is granted.
	if err := os.WriteFile(idx+".new", bytes.Repeat([]byte{'y'}, 20<<10), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(idx+".new", idx); err != nil {
		t.Fatal(err)
	}
	first := calls + 1
	refuse = func(n int) bool { return n == first }
	if said, err := p.refresh(idx); err != nil || said != "index locked (20 KB)" {
		t.Fatalf("replaced near the limit: %q, %v; want the new file locked", said, err)
	}
	if kb, maps := lockedKB(t, idx); kb != 20 || maps != 1 {
		t.Fatalf("replaced near the limit: %d KB in %d mappings, want 20 KB in 1", kb, maps)
	}

	// The file shrinks between the stat and the lock (SQLite empties its log after a rebuild),
	// and the lock fails as a refusal would: that is a change, tried again at the next refresh.
	if err := os.WriteFile(idx, bytes.Repeat([]byte{'z'}, 24<<10), 0o644); err != nil {
		t.Fatal(err)
	}
	p.lock = func(path string) ([]byte, error) {
		calls++
		if err := os.Truncate(path, 4<<10); err != nil {
			t.Fatal(err)
		}
		return nil, unix.ENOMEM
	}
	if _, err := p.refresh(idx); err != nil {
		t.Fatalf("a file shrunk under the lock: %v; want no refusal", err)
	}
	p.lock = lockFile
	if said, err := p.refresh(idx); err != nil || said != "index locked (4 KB)" {
		t.Fatalf("after the file shrank: %q, %v; want it locked at its new size", said, err)
	}
}

// TestPinRefreshSeesTheServerLeaving: an answer given while the pin is being refreshed has the
// refresh run once more unless the server is leaving, which the refresh reads under server.mu
// while closeApp may be setting it. closeApp must therefore write leaving under mu too, not only
// under check: run with -race, this test failed on that data race when closeApp took check alone.
// Once the server is leaving, an answer refreshes nothing.
func TestPinRefreshSeesTheServerLeaving(t *testing.T) {
	root, st := newHome(t)
	st.Close()
	entered, release := make(chan struct{}, 4), make(chan struct{})
	var calls atomic.Int32
	p := newPin(1 << 20)
	t.Cleanup(p.release)
	p.lock = func(string) ([]byte, error) {
		calls.Add(1)
		entered <- struct{}{}
		<-release
		return nil, errors.New("not locked: the test holds the refresh") // neither a refusal nor a pin
	}
	s := &server{dir: root, home: home.At(root), pins: p}
	s.after(context.Background())
	<-entered // the refresh is under way
	s.after(context.Background())
	close(release) // the refresh ends and decides whether to run again, as the server leaves
	s.closeApp()
	s.walks.Wait()
	n := calls.Load()
	s.after(context.Background())
	s.walks.Wait()
	if got := calls.Load(); got != n {
		t.Fatalf("an answer after the server began leaving refreshed the pin (%d refreshes, then %d)", n, got)
	}
}
