//go:build unix

package capture

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A FIFO as transcript path used to block the drain worker in open() forever, holding the drain
// lock, so that every later session stayed in the spool. Now it is refused without being opened,
// its entry is dropped, and the other sessions are captured.
func TestDrainWithAFIFOTranscriptDoesNotStall(t *testing.T) {
	st, home := openStore(t)
	fifo := filepath.Join(t.TempDir(), "stalled.jsonl")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("mkfifo:", err)
	}
	if _, err := ParseFile(fifo); !errors.Is(err, ErrNotRegular) {
		t.Fatalf("ParseFile(fifo) = %v, want ErrNotRegular", err)
	}
	if _, err := openRegular(fifo); !errors.Is(err, ErrNotRegular) {
		t.Fatalf("openRegular(fifo) = %v", err)
	}
	// A FIFO swapped in after the check: the non-blocking open returns at once.
	f, err := openNonblock(fifo)
	if err != nil {
		t.Fatalf("non-blocking open of a FIFO: %v", err)
	}
	f.Close()

	Enqueue(home, Entry{SessionID: "stalled", TranscriptPath: fifo, Event: "session-end"})
	Enqueue(home, Entry{SessionID: "good", TranscriptPath: fixture(t, "tools.jsonl"), Event: "session-end"})
	rep, err := Drain(context.Background(), home, st)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Written) != 1 || rep.Discarded != 1 || len(rep.Errors) != 1 || !strings.Contains(rep.Errors[0], "not a regular file") {
		t.Errorf("report = %+v, want the good session written and the FIFO's entry dropped with a reason", rep)
	}
	if n, _ := PendingCount(home); n != 0 {
		t.Errorf("%d entries left in the spool", n)
	}
}
