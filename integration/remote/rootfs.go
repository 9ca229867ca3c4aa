// Package remote runs git remotes in containers built from this machine's own binaries, so the
// integration scenarios need a Docker engine but no registry: git over git:// (git daemon) and
// over ssh (OpenSSH's sshd with a key generated per test).
package remote

import (
	"archive/tar"
	"bytes"
	"crypto/sha256"
	"debug/elf"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// libDirs is where the dynamic loader looks for DT_NEEDED libraries when there is no ld.so.cache:
// Debian's multiarch directories first, then the classic ones.
var libDirs = []string{
	"/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu",
	"/lib/aarch64-linux-gnu", "/usr/lib/aarch64-linux-gnu",
	"/lib64", "/usr/lib64", "/lib", "/usr/lib",
}

// entry is one file system object of the image.
type entry struct {
	mode    int64
	data    []byte // regular files
	target  string // symlinks
	dir     bool
	symlink bool
}

// Rootfs is an image's file system under construction. Paths are absolute, as seen in the image.
// Every entry is owned by root with a zero mtime, so the same inputs give the same bytes and the
// image tag (a hash of them) changes only when a binary does.
type Rootfs struct {
	entries map[string]entry
}

// NewRootfs returns an empty file system.
func NewRootfs() *Rootfs { return &Rootfs{entries: map[string]entry{}} }

// Dir adds a directory (and its parents).
func (r *Rootfs) Dir(p string, mode int64) {
	p = path.Clean(p)
	if p == "/" {
		return
	}
	r.Dir(path.Dir(p), 0o755)
	if e, ok := r.entries[p]; ok && e.dir {
		if mode != 0o755 {
			e.mode = mode
			r.entries[p] = e
		}
		return
	}
	r.entries[p] = entry{dir: true, mode: mode}
}

// File adds a regular file.
func (r *Rootfs) File(p string, mode int64, data []byte) {
	p = path.Clean(p)
	r.Dir(path.Dir(p), 0o755)
	r.entries[p] = entry{mode: mode, data: data}
}

// Symlink adds a symbolic link p → target.
func (r *Rootfs) Symlink(p, target string) {
	p = path.Clean(p)
	r.Dir(path.Dir(p), 0o755)
	r.entries[p] = entry{symlink: true, target: target, mode: 0o777}
}

// Binary copies the host executable at p into the image at the same path, together with its
// program interpreter and every shared library it needs, found the way the loader finds them.
func (r *Rootfs) Binary(p string) error {
	return r.copyELF(p, p)
}

func (r *Rootfs) copyELF(hostPath, imagePath string) error {
	if _, ok := r.entries[imagePath]; ok {
		return nil
	}
	data, err := os.ReadFile(hostPath) // follows symlinks: the image gets the real bytes
	if err != nil {
		return fmt.Errorf("read %s: %w", hostPath, err)
	}
	st, err := os.Stat(hostPath)
	if err != nil {
		return fmt.Errorf("stat %s: %w", hostPath, err)
	}
	r.File(imagePath, int64(st.Mode().Perm()), data)

	f, err := elf.NewFile(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("%s is not an ELF file: %w", hostPath, err)
	}
	defer func() { _ = f.Close() }()
	for _, prog := range f.Progs {
		if prog.Type != elf.PT_INTERP {
			continue
		}
		b := make([]byte, prog.Filesz)
		if _, err := prog.ReadAt(b, 0); err != nil {
			return fmt.Errorf("read the interpreter of %s: %w", hostPath, err)
		}
		interp := strings.TrimRight(string(b), "\x00")
		if err := r.copyELF(interp, interp); err != nil {
			return fmt.Errorf("interpreter of %s: %w", hostPath, err)
		}
	}
	libs, err := f.ImportedLibraries()
	if err != nil {
		return fmt.Errorf("read the libraries of %s: %w", hostPath, err)
	}
	for _, lib := range libs {
		found, err := findLib(lib)
		if err != nil {
			return fmt.Errorf("%s needs %s: %w", hostPath, lib, err)
		}
		if err := r.copyELF(found, found); err != nil {
			return err
		}
	}
	return nil
}

func findLib(name string) (string, error) {
	for _, d := range libDirs {
		p := filepath.Join(d, name)
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("not found in %s", strings.Join(libDirs, ", "))
}

// Tar returns the file system as a tar archive and the hex SHA-256 of that archive.
func (r *Rootfs) Tar() ([]byte, string, error) {
	paths := make([]string, 0, len(r.entries))
	for p := range r.entries {
		paths = append(paths, p)
	}
	sort.Strings(paths) // parents sort before their children
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for _, p := range paths {
		e := r.entries[p]
		h := &tar.Header{Name: strings.TrimPrefix(p, "/"), Mode: e.mode, Format: tar.FormatPAX}
		switch {
		case e.dir:
			h.Typeflag, h.Name = tar.TypeDir, h.Name+"/"
		case e.symlink:
			h.Typeflag, h.Linkname = tar.TypeSymlink, e.target
		default:
			h.Typeflag, h.Size = tar.TypeReg, int64(len(e.data))
		}
		if err := tw.WriteHeader(h); err != nil {
			return nil, "", fmt.Errorf("tar %s: %w", p, err)
		}
		if h.Typeflag == tar.TypeReg {
			if _, err := tw.Write(e.data); err != nil {
				return nil, "", fmt.Errorf("tar %s: %w", p, err)
			}
		}
	}
	if err := tw.Close(); err != nil {
		return nil, "", fmt.Errorf("tar: %w", err)
	}
	sum := sha256.Sum256(buf.Bytes())
	return buf.Bytes(), hex.EncodeToString(sum[:]), nil
}

// Has reports whether the image holds p (for tests).
func (r *Rootfs) Has(p string) bool { _, ok := r.entries[path.Clean(p)]; return ok }

// walkRegular lists the regular files of the image (for tests).
func (r *Rootfs) walkRegular(fn func(p string, mode fs.FileMode)) {
	for p, e := range r.entries {
		if !e.dir && !e.symlink {
			fn(p, fs.FileMode(e.mode))
		}
	}
}
