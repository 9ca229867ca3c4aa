//go:build linux || darwin

package store

import (
	"errors"
	"io/fs"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// dirStatter stats files relative to an open descriptor of their directory. The raw calls
// allocate nothing, which matters: the drift check stats every note on every open.
type dirStatter struct {
	dir string
	fd  int
	ok  bool
}

// stat returns the size and modification time (ns) of dir/name, or size -1 when it cannot be read.
func (d *dirStatter) stat(dir, name string) (size, mtimeNs int64) {
	if !d.ok || d.dir != dir {
		d.close()
		fd, err := unix.Open(dir, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
		if err != nil {
			return lstatPath(filepath.Join(dir, name))
		}
		d.dir, d.fd, d.ok = dir, fd, true
	}
	var st unix.Stat_t
	if err := unix.Fstatat(d.fd, name, &st, unix.AT_SYMLINK_NOFOLLOW); err != nil {
		return -1, 0
	}
	return st.Size, unixNano(st.Mtim)
}

func (d *dirStatter) close() {
	if d.ok {
		_ = unix.Close(d.fd) // a read-only directory descriptor: nothing to lose
		d.ok = false
	}
}

func lstatPath(path string) (size, mtimeNs int64) {
	var st unix.Stat_t
	if err := unix.Lstat(path, &st); err != nil {
		return -1, 0
	}
	return st.Size, unixNano(st.Mtim)
}

func unixNano(ts unix.Timespec) int64 { return ts.Sec*1e9 + ts.Nsec }

// lstatFile returns the size and modification time (ns) of path, or size -1 when it cannot be read.
func lstatFile(path string) (size, mtimeNs int64) { return lstatPath(path) }

// fileVersion is what tells two states of a file apart without reading it: which file (device
// and inode), its size and mode, and its modification and status-change times. The status-change
// time (ctime) moves with every write and cannot be set back, so an edit that keeps the size and
// puts the modification time back (rsync --inplace -t, cp -p, touch -r) still shows.
type fileVersion struct {
	dev, ino           uint64
	size, mtime, ctime int64
	mode               uint32
	known              bool // this platform's stat tells versions apart
}

// versionOf stats path (following symlinks, as reading it does).
func versionOf(path string) (fileVersion, error) {
	var st unix.Stat_t
	for {
		err := unix.Stat(path, &st)
		if err == nil {
			break
		}
		if !errors.Is(err, unix.EINTR) {
			return fileVersion{}, &fs.PathError{Op: "stat", Path: path, Err: err}
		}
	}
	return fileVersion{dev: uint64(st.Dev), ino: st.Ino, size: st.Size, mtime: unixNano(st.Mtim),
		ctime: unixNano(st.Ctim), mode: uint32(st.Mode), known: true}, nil
}
