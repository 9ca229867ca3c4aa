package app

import (
	"context"

	"github.com/anamnesis-go/anamnesis/core/capture"
)

// Enqueue records a session for capture and returns at once; Drain (a detached worker, the next
// SessionStart, or the sync runner) turns it into a note.
func (a *App) Enqueue(e capture.Entry) error {
	_, err := capture.Enqueue(a.Home.Root(), e)
	return err
}

// PendingCaptures reports whether sessions wait in the capture spool.
func (a *App) PendingCaptures() bool { return capture.HasPending(a.Home.Root()) }

// Drain captures every spooled session until the spool is empty or ctx ends.
func (a *App) Drain(ctx context.Context) (capture.DrainReport, error) {
	st, err := a.Store(ctx)
	if err != nil {
		return capture.DrainReport{}, err
	}
	return capture.Drain(ctx, a.Home.Root(), st)
}
