//go:build linux

package hooks

import (
	"errors"
	"fmt"
	"os"
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
// the disk after a pause (100–1,000 KB a request, measured), while a pinned file's pages are
// always in memory.
type pin struct {
	mu     sync.Mutex
	limit  int64
	files  map[string]pinned
	failed error // locking was refused once: the system does not allow it, so it is not retried
}

type pinned struct {
	m        []byte
	dev, ino uint64
	size     int64
}

func newPin(limit int64) *pin { return &pin{limit: limit, files: map[string]pinned{}} }

// refresh brings the pins up to date with the files at paths: a file replaced or resized is
// mapped and locked anew before its old mapping is released, a file gone is released, and none is
// pinned when together they exceed the limit. It returns what it pins, for the log and status.
func (p *pin) refresh(paths ...string) (string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.failed != nil {
		return "", p.failed
	}
	want := map[string]os.FileInfo{}
	var total int64
	for _, path := range paths {
		fi, err := os.Stat(path)
		if err != nil || fi.Size() == 0 {
			continue // not there (yet), or empty: nothing to keep
		}
		want[path] = fi
		total += fi.Size()
	}
	if total > p.limit {
		p.releaseLocked()
		return "", fmt.Errorf("the index's files (%d MB) exceed %d MB", total>>20, p.limit>>20)
	}
	for path, old := range p.files {
		if _, ok := want[path]; !ok {
			_ = unix.Munmap(old.m)
			delete(p.files, path)
		}
	}
	var sum int64
	for path, fi := range want {
		st, _ := fi.Sys().(*syscall.Stat_t)
		old, had := p.files[path]
		if had && st != nil && old.dev == uint64(st.Dev) && old.ino == st.Ino && old.size == fi.Size() {
			sum += old.size
			continue
		}
		m, err := lockFile(path)
		if err != nil {
			if errors.Is(err, unix.EPERM) || errors.Is(err, unix.ENOMEM) || errors.Is(err, unix.EAGAIN) {
				p.failed = fmt.Errorf("locking %s: %w", path, err)
				p.releaseLocked()
				return "", p.failed
			}
			continue // the file changed under us: the next refresh tries again
		}
		if had {
			_ = unix.Munmap(old.m)
		}
		n := pinned{m: m, size: int64(len(m))}
		if st != nil {
			n.dev, n.ino = uint64(st.Dev), st.Ino
		}
		p.files[path] = n
		sum += n.size
	}
	return fmt.Sprintf("index locked (%d KB)", sum>>10), nil
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
