package capture

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"
)

// ReadTimeout bounds reading one transcript. A transcript is a local file Claude Code appends to;
// parsing even a very long one takes well under a second, so a read still running after this is
// stuck (a stalled network mount, a device), and capture moves on without it.
const ReadTimeout = 30 * time.Second

// ErrNotRegular reports a transcript path that names something other than a regular file (a FIFO,
// a device, a directory). Such a path is never opened: opening a FIFO with no writer blocks
// forever, and nothing else is a transcript.
var ErrNotRegular = errors.New("transcript is not a regular file")

// ErrReadTimeout reports a transcript read that ReadTimeout cut short.
var ErrReadTimeout = errors.New("transcript read timed out")

// ParseFile parses the transcript at path, within ReadTimeout. A missing file is reported as
// os.ErrNotExist, anything but a regular file as ErrNotRegular; everything inside the file is
// read tolerantly.
func ParseFile(path string) (*Session, error) {
	return ParseFileContext(context.Background(), path)
}

// ParseFileContext parses the transcript at path, giving up when ctx ends or ReadTimeout passes,
// whichever is first. The stat, the open and the reads all run in a goroutine this call stops
// waiting for: a system call stuck on a dead mount cannot be interrupted, but it can be left
// behind, and the caller (the drain worker, a hook) goes on and exits normally.
func ParseFileContext(ctx context.Context, path string) (*Session, error) {
	return parseWithin(ctx, ReadTimeout, func() (io.ReadCloser, error) { return openRegular(path) })
}

// parseWithin runs open and Parse in a goroutine and returns its result, or an error wrapping
// ErrReadTimeout once timeout passes (ctx's own cause if ctx ends first).
func parseWithin(ctx context.Context, timeout time.Duration, open func() (io.ReadCloser, error)) (*Session, error) {
	return parseWithinAs(ctx, timeout, open, Parse)
}

// parseWithinAs is parseWithin with the reader of another agent's format.
func parseWithinAs(ctx context.Context, timeout time.Duration, open func() (io.ReadCloser, error), parse func(io.Reader) (*Session, error)) (*Session, error) {
	ctx, cancel := context.WithTimeoutCause(ctx, timeout, ErrReadTimeout)
	defer cancel()
	type result struct {
		s   *Session
		err error
	}
	done := make(chan result, 1) // buffered: an abandoned reader must not block on sending
	go func() {
		f, err := open()
		if err != nil {
			done <- result{nil, err}
			return
		}
		defer f.Close()
		s, err := parse(f)
		done <- result{s, err}
	}()
	select {
	case r := <-done:
		return r.s, r.err
	case <-ctx.Done():
		return nil, fmt.Errorf("read transcript: gave up: %w", context.Cause(ctx))
	}
}

// openRegular opens path for reading only if it is a regular file. It checks before opening (so
// a FIFO is never opened), opens without blocking (so a FIFO swapped in after the check does not
// block the open either), and checks the opened file again (so what is read is what was checked).
func openRegular(path string) (*os.File, error) {
	fi, err := os.Stat(path) // follows a symlink: a link to a real transcript is fine
	if err != nil {
		return nil, fmt.Errorf("open transcript: %w", err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("open transcript %s (%s): %w", path, fi.Mode().Type(), ErrNotRegular)
	}
	f, err := openNonblock(path)
	if err != nil {
		return nil, fmt.Errorf("open transcript: %w", err)
	}
	fi, err = f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("open transcript: %w", err)
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("open transcript %s (%s): %w", path, fi.Mode().Type(), ErrNotRegular)
	}
	return f, nil
}
