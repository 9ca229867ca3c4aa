//go:build linux

package hooks

import (
	"fmt"
	"os"
	"strings"
	"sync/atomic"

	"golang.org/x/sys/unix"
)

// keepResident asks the kernel to keep in memory, for as long as the server runs, the pages a
// hook needs: the server's own as it touches them (its code, the index pages SQLite caches, its
// heap), and the whole of the front doors, which are started afresh for every hook and search. Without
// it a machine that reclaims idle memory eagerly (on this project's test machines, every page
// unused for a minute) makes the first prompt after a pause read both programs back from disk,
// doubling its time. Locking on fault (MCL_ONFAULT) holds only what was used, some 20 MB.
//
// Locking needs CAP_IPC_LOCK or a large enough RLIMIT_MEMLOCK; where neither is granted the
// server runs unlocked, as fast as before on a machine that keeps idle pages. It returns what it
// managed, for the server's log, and the programs' mappings (the front doors' and the server's
// own, self), which the caller reads with touch and releases.
func keepResident(self string, frontDoors []string) (string, *mappings) {
	ms := &mappings{}
	said := []string{"own pages locked as used"}
	if err := unix.Mlockall(unix.MCL_CURRENT | unix.MCL_FUTURE | unix.MCL_ONFAULT); err != nil {
		said[0] = fmt.Sprintf("own pages not locked (%v)", err)
	}
	for _, p := range frontDoors {
		m, err := lockFile(p)
		if err != nil {
			said = append(said, fmt.Sprintf("%s not locked (%v)", p, err))
			continue
		}
		ms.maps = append(ms.maps, m)
		said = append(said, fmt.Sprintf("%s locked (%d KB)", p, len(m)>>10))
	}
	// The server's own file is mapped again only to be read by touch: the kernel maps both views
	// to the same cached pages.
	if m, err := lockFile(self); err == nil {
		ms.maps = append(ms.maps, m)
	}
	return strings.Join(said, "; "), ms
}

// mappings are the programs' files mapped and locked by keepResident.
type mappings struct{ maps [][]byte }

// touch reads one byte of every page of the mapped programs. Locked pages stay in the guest's
// memory, but a virtual machine's host may still take back what the guest has not touched for a
// while (this project's test machines do), and the next process to use the page then waits for
// the host; reading keeps them in use at a cost of microseconds.
func (m *mappings) touch() {
	var sum byte
	for _, b := range m.maps {
		for i := 0; i < len(b); i += os.Getpagesize() {
			sum += b[i]
		}
	}
	touched.Store(uint32(sum))
}

// touched keeps touch's reads from being optimised away.
var touched atomic.Uint32

// release unmaps the programs.
func (m *mappings) release() {
	for _, b := range m.maps {
		_ = unix.Munmap(b)
	}
	m.maps = nil
}

// lockFile maps the file and locks its pages in memory.
func lockFile(p string) ([]byte, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if fi.Size() == 0 {
		return nil, fmt.Errorf("empty file")
	}
	m, err := unix.Mmap(int(f.Fd()), 0, int(fi.Size()), unix.PROT_READ, unix.MAP_SHARED)
	if err != nil {
		return nil, err
	}
	if err := unix.Mlock(m); err != nil {
		_ = unix.Munmap(m)
		return nil, err
	}
	return m, nil
}
