//go:build linux

package hooks

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// lockedKB sums what /proc/self/smaps says is locked in this process's mappings of path (and of
// a deleted file once at path: a mapping left behind by a replaced index).
func lockedKB(t *testing.T, path string) int {
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
			continue
		}
		if in && strings.HasPrefix(line, "Locked:") {
			kb, _ := strconv.Atoi(strings.Fields(line)[1])
			total += kb
		}
	}
	return total
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
		idx, wal  int // KB locked after the change
		wantError string
	}{
		{"unchanged", func() {}, 64, 0, ""},
		{"log written", func() { write(wal, 32) }, 64, 32, ""},
		{"index grown", func() { write(idx, 128) }, 128, 32, ""},
		{"index replaced by a rebuild", func() {
			write(idx+".new", 96)
			if err := os.Rename(idx+".new", idx); err != nil {
				t.Fatal(err)
			}
		}, 96, 32, ""},
		{"log removed", func() { os.Remove(wal) }, 96, 0, ""},
		{"past the bound", func() { write(idx, 2048) }, 0, 0, "exceed"},
		{"back under it", func() { write(idx, 16) }, 16, 0, ""},
	}
	for _, st := range steps {
		st.change()
		_, err := p.refresh(idx, wal)
		if st.wantError == "" && err != nil || st.wantError != "" && (err == nil || !strings.Contains(err.Error(), st.wantError)) {
			t.Fatalf("%s: refresh error %v, want %q", st.name, err, st.wantError)
		}
		if got := lockedKB(t, idx); got != st.idx {
			t.Errorf("%s: %d KB of the index locked, want %d", st.name, got, st.idx)
		}
		if got := lockedKB(t, wal); got != st.wal {
			t.Errorf("%s: %d KB of the log locked, want %d", st.name, got, st.wal)
		}
	}
	p.release()
	if got := lockedKB(t, idx); got != 0 {
		t.Errorf("after release: %d KB still locked", got)
	}
}
