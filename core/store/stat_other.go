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

// fileVersion tells two states of a file apart without reading it; here, without a status-change
// time or an inode to compare, it never vouches for a file (see noteCache).
type fileVersion struct {
	size, ctime int64
	known       bool // never: no version is told apart here
}

func versionOf(path string) (fileVersion, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return fileVersion{}, err
	}
	return fileVersion{size: fi.Size()}, nil
}
