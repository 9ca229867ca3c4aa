//go:build unix

package embed

import (
	"fmt"
	"os"
	"syscall"
)

// mapFile maps a model file read-only: a process that embeds one query touches only its tokens'
// rows, so the table is never read whole. release unmaps it, once nothing refers to the bytes.
// (A model file rewritten in place while mapped would fault: model directories are replaced, not
// edited.)
func mapFile(path string) (data []byte, release func(), err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	if fi.Size() == 0 || fi.Size() != int64(int(fi.Size())) {
		return nil, nil, fmt.Errorf("%s: cannot be mapped (%d bytes)", path, fi.Size())
	}
	b, err := syscall.Mmap(int(f.Fd()), 0, int(fi.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		b, err = os.ReadFile(path) // a file system that cannot map: read it
		return b, func() {}, err
	}
	return b, func() { _ = syscall.Munmap(b) }, nil
}
