package hooks

import (
	"context"
	"time"

	"github.com/anamnesis-go/anamnesis/core/app"
)

// startDrainBudget bounds the capture work SessionStart does before injecting: enough to turn the
// session that just ended into a note that this one can see, never enough to be felt.
const startDrainBudget = 400 * time.Millisecond

// sessionStart injects the project's memory, after draining the capture spool, and starts a
// background sync.
func sessionStart(ctx context.Context, h *env) error {
	defer h.spawnSync()
	defer h.catchUp() // after the answer is written: the session never waits for the walk
	h.logIgnored()
	if h.app.PendingCaptures() {
		// Capture work writes anyway, so this open pays for the drift check a fast one skips.
		a, release, err := h.open(false)
		if err != nil {
			return err
		}
		h.release() // the fast one: unopened, or the resident server's to keep
		h.app, h.release = a, release
	}
	rep, err := h.app.SessionStart(ctx, app.SessionStartRequest{SessionID: h.in.SessionID, Cwd: h.cwd(),
		Source: h.in.Source, DrainBudget: startDrainBudget})
	h.logDrain(rep.Capture, rep.CaptureErr)
	if rep.Capture.LeftForModel > 0 {
		// Sessions left for the worker that has the model: make sure one is on them. A second
		// worker finds the lease taken and exits.
		if err := h.spawn("drain.log", "hook", "drain"); err != nil {
			h.logf("start capture worker: %v", err)
		}
	}
	switch {
	case app.IsGivenRecordError(err):
		// The injection is complete; at worst prompt recall repeats one of its notes.
		h.logf("%v", err)
	case err != nil:
		if ctx.Err() != nil {
			// Out of time, most likely rebuilding a large index, which the deadline rolled back:
			// finish it in the background so the next session has it.
			if serr := h.spawn("reindex.log", "reindex"); serr != nil {
				h.logf("start background reindex: %v", serr)
			}
		}
		return err
	}
	if rep.Text == "" {
		return nil
	}
	return h.printContext("SessionStart", rep.Text)
}

func (h *env) logDrain(rep app.DrainReport, err error) {
	if err != nil {
		h.logf("drain: %v", err)
		return
	}
	if rep.TookOver {
		h.logf("drain: the previous drainer was gone or stuck; took its lease over")
	}
	if rep.Disabled > 0 || rep.Repeats > 0 {
		h.logf("drain: %d session(s) of projects in capture.disabled_projects skipped, %d repeated ask(s) folded into an earlier note",
			rep.Disabled, rep.Repeats)
	}
	for _, f := range rep.Fallbacks {
		h.logf("drain: %s", f)
	}
	if len(rep.Written)+len(rep.Updated)+rep.Trivial+rep.Discarded+rep.Left+len(rep.Errors) == 0 {
		return
	}
	h.logf("drain: wrote %v updated %v trivial %d discarded %d left %d errors %v (notes written by the model: %d)",
		rep.Written, rep.Updated, rep.Trivial, rep.Discarded, rep.Left, rep.Errors, rep.Summarized)
}
