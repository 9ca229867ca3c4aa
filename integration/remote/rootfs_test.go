package remote

import (
	"archive/tar"
	"bytes"
	"io"
	"os"
	"strings"
	"testing"
)

func TestRootfsCarriesLoaderAndLibraries(t *testing.T) {
	r := NewRootfs()
	if err := r.Binary("/usr/bin/git"); err != nil {
		t.Fatal(err)
	}
	var libc, interp bool
	r.walkRegular(func(p string, _ os.FileMode) {
		libc = libc || strings.HasSuffix(p, "/libc.so.6")
		interp = interp || strings.Contains(p, "/ld-linux")
	})
	if !libc || !interp {
		t.Fatalf("git's closure lacks libc (%t) or the loader (%t)", libc, interp)
	}
}

func TestRootfsTarIsDeterministic(t *testing.T) {
	build := func() ([]byte, string) {
		r, err := BuildRootfs()
		if err != nil {
			t.Fatal(err)
		}
		data, sum, err := r.Tar()
		if err != nil {
			t.Fatal(err)
		}
		return data, sum
	}
	a, sumA := build()
	_, sumB := build()
	if sumA != sumB {
		t.Fatalf("two builds differ: %s vs %s", sumA, sumB)
	}
	// Every entry is root's with a zero mtime, and parents precede children.
	seen := map[string]bool{}
	tr := tar.NewReader(bytes.NewReader(a))
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if h.Uid != 0 || h.Gid != 0 || !h.ModTime.IsZero() && h.ModTime.Unix() != 0 {
			t.Errorf("%s: uid %d gid %d mtime %v", h.Name, h.Uid, h.Gid, h.ModTime)
		}
		name := strings.TrimSuffix(h.Name, "/")
		if i := strings.LastIndex(name, "/"); i > 0 && !seen[name[:i]] {
			t.Errorf("%s comes before its directory", h.Name)
		}
		seen[name] = true
	}
	for _, p := range []string{"usr/bin/git", "usr/lib/git-core/git-daemon", "usr/bin/git-upload-pack", "etc/gitconfig", "srv/git"} {
		if !seen[p] {
			t.Errorf("image lacks %s", p)
		}
	}
}

func TestBinaryRejectsNonELF(t *testing.T) {
	f := t.TempDir() + "/script"
	if err := os.WriteFile(f, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := NewRootfs().Binary(f); err == nil || !strings.Contains(err.Error(), "not an ELF") {
		t.Fatalf("want a not-an-ELF error, got %v", err)
	}
}
