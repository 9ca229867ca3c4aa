package store

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readNoteFile takes the walk's size as a hint to read a note in one call; whatever the file
// holds by the time it is read, it returns exactly that.
func TestReadNoteFileReturnsWhatTheFileHolds(t *testing.T) {
	long := strings.Repeat("a note body that goes on; ", 5000) // larger than one read's worth of hint
	tests := []struct {
		name    string
		content string
		hint    int64 // the size the walk found
	}{
		{"as the walk found it", "---\nid: x\n---\nbody\n", 20},
		{"grew since the walk", "---\nid: x\n---\nbody, and more written since\n", 20},
		{"shrank since the walk", "---\nid: x\n---\n", 20},
		{"emptied since the walk", "", 20},
		{"empty", "", 0},
		{"no size known", "some text", -1},
		{"large, as found", long, int64(len(long))},
		{"large, grew", long + long, int64(len(long))},
	}
	dir := t.TempDir()
	for i, tc := range tests {
		path := filepath.Join(dir, string(rune('a'+i))+".md")
		if err := os.WriteFile(path, []byte(tc.content), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := readNoteFile(path, tc.hint)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !bytes.Equal(got, []byte(tc.content)) {
			t.Errorf("%s: read %d bytes %.40q..., want %d bytes %.40q...", tc.name, len(got), got, len(tc.content), tc.content)
		}
	}
	if _, err := readNoteFile(filepath.Join(dir, "missing.md"), 10); !os.IsNotExist(err) {
		t.Errorf("a missing file: err = %v, want one that says it does not exist", err)
	}
}
