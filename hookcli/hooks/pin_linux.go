//go:build linux

package hooks

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"
)

// pinLimit bounds the index files the server keeps in memory: the 10,000-note benchmark store's
// index is 24 MB; a store too large for the bound is left to the page cache.
const pinLimit = 128 << 20

// pin keeps files in memory, as keepResident keeps the front doors: each is mapped and locked
// whole, and mapped again when it was replaced or changed size. The server pins its index and its
// log. SQLite drops a connection's own page cache whenever another process writes to the index,
// and reads the pages again; on a machine that reclaims idle page cache those reads would go to
// the disk after a pause (100–1,400 KB a request, measured), while a pinned file's pages are
// always in memory.
type pin struct {
	mu    sync.Mutex
	limit int64
	files map[string]pinned
	// refused is why the system last refused to lock, and seen the files as they were then: a
	// refusal is not tried again until they change (a write, a rebuild), so where locking is not
	// allowed an answer costs a stat of each file, not a failed lock.
	refused error
	seen    string
	// lock maps and locks a file; lockFile, except in tests.
	lock func(path string) ([]byte, error)
}

// pinned is one file's locked mapping, with the file it was made of; its size is len(m).
type pinned struct {
	m        []byte
	dev, ino uint64
}

func newPin(limit int64) *pin { return &pin{limit: limit, files: map[string]pinned{}, lock: lockFile} }

// refusal reports whether err is the system refusing to lock (no privilege, or past
// RLIMIT_MEMLOCK), or a file shrinking under the lock, rather than a file gone.
func refusal(err error) bool {
	return errors.Is(err, unix.EPERM) || errors.Is(err, unix.ENOMEM) || errors.Is(err, unix.EAGAIN)
}

// refresh brings the pins up to date with the files at paths: a file replaced or resized is
// mapped and locked anew, and its old mapping released once the new one holds; a file gone is
// released; and none is pinned when together they exceed the limit. It returns what it pins, for
// the log and status.
func (p *pin) refresh(paths ...string) (string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	var want []pinFile
	var total int64
	var seen strings.Builder
	for _, path := range paths {
		f, ok := statPinFile(path)
		if !ok {
			continue // not there (yet), or empty: nothing to keep
		}
		want = append(want, f)
		total += f.size
		fmt.Fprintf(&seen, "%s %d %d %d\n", f.path, f.dev, f.ino, f.size)
	}
	if p.refused != nil && seen.String() == p.seen {
		return "", p.refused
	}
	p.refused = nil
	if total > p.limit {
		p.releaseLocked()
		return "", fmt.Errorf("the index's files (%d MB) exceed %d MB", total>>20, p.limit>>20)
	}
	for path, old := range p.files {
		if !slices.ContainsFunc(want, func(f pinFile) bool { return f.path == path }) {
			_ = unix.Munmap(old.m)
			delete(p.files, path)
		}
	}
	var sum int64
	for _, f := range want {
		old, had := p.files[f.path]
		if had && old.dev == f.dev && old.ino == f.ino && int64(len(old.m)) == f.size {
			sum += f.size
			continue
		}
		m, err := p.lock(f.path)
		if err != nil && had && refusal(err) {
			// Both mappings count against the lock limit while the new one is made: let the old
			// one go first and try once more.
			_ = unix.Munmap(old.m)
			delete(p.files, f.path)
			had = false
			m, err = p.lock(f.path)
		}
		if err != nil {
			// A file truncated between the stat and the lock (SQLite empties the log after a
			// rebuild) makes the lock fail as a refusal would: that is a change, not a refusal.
			if now, ok := statPinFile(f.path); refusal(err) && ok && now == f {
				p.refused, p.seen = fmt.Errorf("locking %s: %w", f.path, err), seen.String()
				p.releaseLocked()
				return "", p.refused
			}
			continue // the file changed under us: the next refresh tries again
		}
		if had {
			_ = unix.Munmap(old.m)
		}
		p.files[f.path] = pinned{m: m, dev: f.dev, ino: f.ino}
		sum += int64(len(m))
	}
	return fmt.Sprintf("index locked (%d KB)", sum>>10), nil
}

// pinFile is a file as stat'ed for pinning: which file it is, and how long.
type pinFile struct {
	path     string
	dev, ino uint64
	size     int64
}

// statPinFile stats path; false when it is missing or empty (nothing to keep).
func statPinFile(path string) (pinFile, bool) {
	fi, err := os.Stat(path)
	if err != nil || fi.Size() == 0 {
		return pinFile{}, false
	}
	f := pinFile{path: path, size: fi.Size()}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		f.dev, f.ino = uint64(st.Dev), st.Ino
	}
	return f, true
}

// release unmaps every pinned file.
func (p *pin) release() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.releaseLocked()
}

func (p *pin) releaseLocked() {
	for path, f := range p.files {
		_ = unix.Munmap(f.m)
		delete(p.files, path)
	}
}
