package store

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// settledCache is a cache whose clock runs a minute ahead, so that the files a test has just
// written count as settled (their status-change time cannot be set back).
func settledCache(maxBytes int) *noteCache {
	c := newNoteCache(maxBytes)
	c.now = func() time.Time { return time.Now().Add(time.Minute) }
	return c
}

// The note cache answers from memory only while the file is unchanged: every way a file can change
// (in place or by rename, with or without its size or time moving) is seen, and a file read within
// racyWindow of its last change is not kept, since a same-size edit in the same tick would not show.
func TestNoteCacheSeesEveryChange(t *testing.T) {
	old := time.Now().Add(-time.Minute)
	tests := []struct {
		name   string
		change func(t *testing.T, path string) // changes the file to "edited!!"-like content
		want   string
	}{
		{"in place, longer", func(t *testing.T, p string) { writeAt(t, p, "original plus more", old) }, "original plus more"},
		{"in place, same size, newer time", func(t *testing.T, p string) { writeAt(t, p, "ORIGINAL", time.Now()) }, "ORIGINAL"},
		{"in place, same size, time put back (rsync --inplace -t, touch -r)", func(t *testing.T, p string) {
			writeAt(t, p, "ORIGINAL", old)
		}, "ORIGINAL"},
		{"in place, same size, time put back, mode changed", func(t *testing.T, p string) {
			writeAt(t, p, "ORIGINAL", old)
			if err := os.Chmod(p, 0o600); err != nil {
				t.Fatal(err)
			}
		}, "ORIGINAL"},
		{"replaced by rename, same size and time", func(t *testing.T, p string) {
			tmp := p + ".new"
			writeAt(t, tmp, "REPLACED", old)
			if err := os.Rename(tmp, p); err != nil {
				t.Fatal(err)
			}
		}, "REPLACED"},
		{"removed", func(t *testing.T, p string) {
			if err := os.Remove(p); err != nil {
				t.Fatal(err)
			}
		}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := settledCache(1 << 20)
			p := filepath.Join(t.TempDir(), "n.md")
			writeAt(t, p, "original", old)
			if got := readVia(t, c, p); got != "original" {
				t.Fatalf("first read = %q", got)
			}
			if len(c.files) != 1 {
				t.Fatalf("an old file was not kept: %d kept", len(c.files))
			}
			tt.change(t, p)
			data, err := c.read(p)
			if tt.want == "" {
				if !os.IsNotExist(err) {
					t.Fatalf("read of a removed file = %q, %v; want not exist", data, err)
				}
				return
			}
			if err != nil || string(data) != tt.want {
				t.Fatalf("read after the change = %q, %v; want %q", data, err, tt.want)
			}
		})
	}
}

func TestNoteCacheKeepsOnlySettledFiles(t *testing.T) {
	c := newNoteCache(1 << 20)
	p := filepath.Join(t.TempDir(), "n.md")
	now := time.Now()
	writeAt(t, p, "original", now)
	readVia(t, c, p)
	if len(c.files) != 0 {
		t.Fatal("a file changed within racyWindow was kept")
	}
	// The same size and time after an edit: only a re-read can see it, and it is re-read.
	writeAt(t, p, "EDITED!!", now)
	if got := readVia(t, c, p); got != "EDITED!!" {
		t.Fatalf("read = %q, want the edit", got)
	}
}

func TestNoteCacheBound(t *testing.T) {
	c := settledCache(20)
	dir := t.TempDir()
	old := time.Now().Add(-time.Minute)
	for i, body := range []string{"0123456789", "abcdefghij", "klmnopqrst"} {
		p := filepath.Join(dir, string(rune('a'+i))+".md")
		writeAt(t, p, body, old)
		if got := readVia(t, c, p); got != body {
			t.Fatalf("read %s = %q", p, got)
		}
		if c.bytes > c.max {
			t.Fatalf("%d bytes kept, bound %d", c.bytes, c.max)
		}
	}
	if c.bytes != 10 || len(c.files) != 1 {
		t.Fatalf("after passing the bound: %d bytes in %d files, want the last file alone", c.bytes, len(c.files))
	}
	if newNoteCache(0) != nil {
		t.Fatal("a zero bound made a cache")
	}
	if got := readVia(t, nil, filepath.Join(dir, "a.md")); got != "0123456789" {
		t.Fatalf("read without a cache = %q", got)
	}
}

func writeAt(t *testing.T, path, body string, mtime time.Time) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(body); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, mtime, mtime); err != nil {
		t.Fatal(err)
	}
}

func readVia(t *testing.T, c *noteCache, path string) string {
	t.Helper()
	data, err := c.read(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
