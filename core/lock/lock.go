// Package lock provides the store's advisory file lock. Every mutation of the note trees (a write,
// a forget, a commit, a rebase) holds it, across processes, so that several Claude Code sessions,
// hooks and the sync runner never interleave working-tree changes.
package lock

import (
	"context"
	"errors"
	"fmt"
	"os"
)

// ErrBusy is returned when the lock could not be had before the context ended.
var ErrBusy = errors.New("store is busy (another anamnesis process holds its lock)")

// Lock is a held lock. Release it exactly once.
type Lock struct{ f *os.File }

// Acquire takes the exclusive lock on path, waiting until ctx ends. The lock file lives outside
// the synced tree, and a lock held by a killed process is released by the kernel, so there is no
// stale-lock recovery to do.
func Acquire(ctx context.Context, path string) (*Lock, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, fmt.Errorf("open lock %s: %w", path, err)
	}
	held, err := tryLock(f)
	if held {
		return &Lock{f: f}, nil
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	// Wait in the kernel rather than polling: waiters are woken as the lock frees, so a busy store
	// cannot starve one of them. A blocking call cannot be cancelled, so on timeout the waiting
	// goroutine is left to take the lock and drop it at once.
	done := make(chan error, 1)
	go func() { done <- lockBlocking(f) }()
	select {
	case err := <-done:
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("lock %s: %w", path, err)
		}
		return &Lock{f: f}, nil
	case <-ctx.Done():
		go func() {
			if err := <-done; err == nil {
				_ = unlock(f) // closing the file below releases it anyway
			}
			f.Close()
		}()
		return nil, fmt.Errorf("%w: %v", ErrBusy, context.Cause(ctx))
	}
}

// TryAcquire takes the exclusive lock on path if it is free, and returns ErrBusy at once if
// another holder has it: for work that one process doing is enough (a due drift walk, draining a
// queue), where waiting would only repeat it. A waiter that Acquire abandoned on timeout holds the
// lock for an instant when it frees, so TryAcquire may answer ErrBusy then too: callers skip a turn.
func TryAcquire(path string) (*Lock, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, fmt.Errorf("open lock %s: %w", path, err)
	}
	held, err := tryLock(f)
	if held {
		return &Lock{f: f}, nil
	}
	f.Close()
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	return nil, ErrBusy
}

// Release gives the lock up.
func (l *Lock) Release() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := unlock(l.f)
	if cerr := l.f.Close(); err == nil {
		err = cerr
	}
	l.f = nil
	return err
}
