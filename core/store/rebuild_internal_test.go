package store

import (
	"os"
	"runtime"
	"testing"
)

// A rebuild goes to the memory file system only where its scratch databases fit (a container's
// /dev/shm is 64 MB by default); elsewhere it builds in memdb.
func TestTmpfsFits(t *testing.T) {
	const mb = 1 << 20
	tests := []struct {
		name            string
		free, noteBytes int64
		want            bool
	}{
		{"10,000 notes in a container's 64 MB", 64 * mb, 20 * mb, true},
		{"30,000 notes in a container's 64 MB", 64 * mb, 60 * mb, false},
		{"just fits with the headroom", 2*20*mb + tmpfsHeadroom, 20 * mb, true},
		{"a byte short", 2*20*mb + tmpfsHeadroom - 1, 20 * mb, false},
		{"a full file system", 0, 1, false},
		{"room not known", -1, 100 * mb, true},
	}
	for _, tc := range tests {
		if got := tmpfsFits(tc.free, tc.noteBytes); got != tc.want {
			t.Errorf("%s: tmpfsFits(%d, %d) = %v, want %v", tc.name, tc.free, tc.noteBytes, got, tc.want)
		}
	}
}

// freeBytes tells the room left where a memory file system is used (Linux); it must not be
// mistaken for none.
func TestFreeBytesOfARealDirectory(t *testing.T) {
	free := freeBytes(t.TempDir())
	if runtime.GOOS != "linux" {
		if free != -1 {
			t.Fatalf("freeBytes = %d, want -1 (not told) off Linux", free)
		}
		return
	}
	if free <= 0 {
		t.Fatalf("freeBytes of a writable temporary directory = %d, want the room left", free)
	}
	if _, err := os.Stat("/dev/shm"); err == nil && freeBytes("/dev/shm") < 0 {
		t.Fatal("freeBytes cannot tell /dev/shm's room")
	}
}
