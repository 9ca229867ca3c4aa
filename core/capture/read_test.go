package capture

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A read that never returns (the stand-in for a transcript on a stalled mount: the file system
// is the boundary here) is given up at the deadline, and the caller goes on.
func TestParseGivesUpOnAStuckRead(t *testing.T) {
	r, w := io.Pipe() // nothing is ever written: every Read blocks
	defer w.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, err := parseWithin(ctx, 50*time.Millisecond, func() (io.ReadCloser, error) { return r, nil })
	if !errors.Is(err, ErrReadTimeout) {
		t.Fatalf("err = %v, want ErrReadTimeout", err)
	}
	// The caller's own deadline is reported as the caller's, not as a stuck transcript.
	ctx2, cancel2 := context.WithCancel(context.Background())
	cancel2()
	_, err = parseWithin(ctx2, ReadTimeout, func() (io.ReadCloser, error) { return r, nil })
	if !errors.Is(err, context.Canceled) || errors.Is(err, ErrReadTimeout) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

func TestParseFileRefusesWhatIsNotAFile(t *testing.T) {
	dir := t.TempDir()
	if _, err := ParseFile(dir); !errors.Is(err, ErrNotRegular) {
		t.Errorf("directory: %v, want ErrNotRegular", err)
	}
	if _, err := ParseFile(filepath.Join(dir, "missing.jsonl")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing: %v, want ErrNotExist", err)
	}
	// A symlink to a real transcript is read.
	link := filepath.Join(dir, "link.jsonl")
	if err := os.Symlink(fixture(t, "tools.jsonl"), link); err != nil {
		t.Skip("no symlinks here:", err)
	}
	s, err := ParseFile(link)
	if err != nil || len(s.Asks) == 0 {
		t.Errorf("symlink: %v %+v", err, s)
	}
}
