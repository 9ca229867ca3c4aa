//go:build !(linux || darwin)

package store

import (
	"os"
	"path/filepath"
)

// dirStatter stats files by path where no descriptor-relative stat is available.
type dirStatter struct{}

// stat returns the size and modification time (ns) of dir/name, or size -1 when it cannot be read.
func (dirStatter) stat(dir, name string) (size, mtimeNs int64) {
	info, err := os.Lstat(filepath.Join(dir, name))
	if err != nil {
		return -1, 0
	}
	return info.Size(), info.ModTime().UnixNano()
}

func (dirStatter) close() {}

// lstatFile returns the size and modification time (ns) of path, or size -1 when it cannot be read.
func lstatFile(path string) (size, mtimeNs int64) {
	info, err := os.Lstat(path)
	if err != nil {
		return -1, 0
	}
	return info.Size(), info.ModTime().UnixNano()
}
