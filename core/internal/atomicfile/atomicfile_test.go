package atomicfile_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/internal/atomicfile"
)

func TestWrite(t *testing.T) {
	for _, tc := range []struct {
		name  string
		write func(string, []byte, os.FileMode) error
	}{
		{"synced", atomicfile.Write},
		{"no sync", atomicfile.WriteNoSync},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, "f.json")
			if err := tc.write(p, []byte("old"), 0o600); err != nil {
				t.Fatal(err)
			}
			if err := tc.write(p, []byte("new"), 0o640); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(p)
			if err != nil || string(got) != "new" {
				t.Fatalf("content = %q (%v), want new", got, err)
			}
			info, err := os.Stat(p)
			if err != nil || info.Mode().Perm() != 0o640 {
				t.Fatalf("mode = %v (%v), want 0640", info.Mode().Perm(), err)
			}
			// A failed write (its directory is gone) leaves no temporary file and keeps the old one.
			if err := tc.write(filepath.Join(dir, "missing", "x"), []byte("x"), 0o600); err == nil {
				t.Fatal("write into a missing directory succeeded")
			}
			entries, err := os.ReadDir(dir)
			if err != nil || len(entries) != 1 || entries[0].Name() != "f.json" {
				t.Fatalf("directory holds %v (%v), want only f.json", entries, err)
			}
		})
	}
}

// A failure after the temporary file exists (the target is a directory, so the rename fails)
// removes the temporary file.
func TestWriteRenameFailureCleansUp(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target")
	if err := os.Mkdir(target, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(target, "keep"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := atomicfile.Write(target, []byte("x"), 0o644); err == nil {
		t.Fatal("rename over a non-empty directory succeeded")
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 1 {
		t.Fatalf("directory holds %v (%v), want only target", entries, err)
	}
}
