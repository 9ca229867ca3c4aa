//go:build linux

package hooks

import (
	"fmt"
	"os"
	"strings"

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
// managed, for the server's log, and the front door's mapping, which the caller releases.
func keepResident(frontDoors []string) (string, func()) {
	var unmap []func()
	release := func() {
		for _, f := range unmap {
			f()
		}
	}
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
		unmap = append(unmap, func() { _ = unix.Munmap(m) })
		said = append(said, fmt.Sprintf("%s locked (%d KB)", p, len(m)>>10))
	}
	return strings.Join(said, "; "), release
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
