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

// RecordSync writes a cycle's outcome to the status record that status, memory_status and the
// sync runner read. next is when the runner will try again (zero when nothing is scheduled).
func (a *App) RecordSync(rep SyncReport, err error, next time.Time) error {
	_, werr := gitsync.RecordCycle(a.Home.Root(), rep.Result, err, time.Now(), next)
	return werr
}

// Sync runs one cycle and records it. Failing to write the record never hides the outcome.
func (a *App) Sync(ctx context.Context, r SyncRequest) (SyncReport, error) {
	rep, err := a.SyncCycle(ctx, r)
	_ = a.RecordSync(rep, err, time.Time{})
	return rep, err
}
