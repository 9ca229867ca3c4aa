package app

import (
	"context"
	"fmt"
	"time"

	"github.com/anamnesis-go/anamnesis/core/capture"
	"github.com/anamnesis-go/anamnesis/core/gitsync"
)

// SyncRequest is one sync cycle. Force also checks every note file against the index afterwards,
// repairing notes edited by hand.
type SyncRequest struct {
	Force bool
}

// SyncReport is what a cycle did: the sync result every front end prints, and what the capture
// drain before it did (for logs).
type SyncReport struct {
	gitsync.Result
	Capture    capture.DrainReport `json:"-"`
	CaptureErr error               `json:"-"`
	// Sweeps are the other agents' sessions looked for before the drain (watched agents only).
	Sweeps []AgentSweep `json:"-"`
}

// SyncCycle runs one cycle without recording it: re-read the settings (a remote set since the
// process started is used), turn pending captures into notes so they travel with this cycle,
// commit, integrate, push, index. A failed capture drain does not stop notes from syncing. An
// unreachable remote is a result (Offline), not an error.
func (a *App) SyncCycle(ctx context.Context, r SyncRequest) (SyncReport, error) {
	rep := SyncReport{Result: gitsync.Result{Conflicts: []string{}}}
	st, err := a.Store(ctx)
	if err != nil {
		return rep, err
	}
	_ = a.Reload() // an unreadable settings file keeps the settings already loaded
	cfg := a.settings()
	if cfg.FileErr != nil {
		// The remote is in the file that does not parse: "no remote, committed locally" would
		// be a silent success while nothing travels.
		return rep, fmt.Errorf("not syncing: %w", cfg.FileErr)
	}
	// Codex's and OpenCode's sessions have no hook to report them: they are found here, and the
	// drain below captures them with the hooks' entries.
	rep.Sweeps = a.sweepWatched(ctx)
	if capture.HasPending(a.Home.Root()) {
		rep.Capture, rep.CaptureErr = capture.DrainWith(ctx, a.Home.Root(), st, capture.DrainOptions{
			Redact: a.redactText, Summarizer: a.sessionSummarizer()})
	}
	res, err := gitsync.Sync(ctx, st, gitsync.Options{Remote: cfg.Remote, MachineID: cfg.MachineID})
	if res.Conflicts == nil {
		res.Conflicts = []string{}
	}
	rep.Result = res
	if err != nil {
		return rep, err
	}
	if r.Force {
		ri, err := st.Reindex(ctx, false)
		if err != nil {
			return rep, err
		}
		rep.Indexed += ri.Indexed + ri.Removed
	}
	return rep, nil
}

// RecordSync writes a cycle's outcome, at now, to the status record that status, memory_status
// and the sync runner read. next is when the runner will try again (zero when nothing is
// scheduled). The caller passes now rather than RecordSync reading the clock: the runner computes
// next from the same instant, and two readings of the clock can fall either side of a second
// boundary, which would record a last run and a next run a second nearer or further apart than
// the delay between them.
func (a *App) RecordSync(rep SyncReport, err error, now, next time.Time) error {
	_, werr := gitsync.RecordCycle(a.Home.Root(), rep.Result, err, now, next)
	return werr
}

// Sync runs one cycle and records it. Failing to write the record never hides the outcome.
func (a *App) Sync(ctx context.Context, r SyncRequest) (SyncReport, error) {
	rep, err := a.SyncCycle(ctx, r)
	_ = a.RecordSync(rep, err, time.Now(), time.Time{})
	return rep, err
}
