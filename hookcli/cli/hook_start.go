package cli

import (
	"context"
	"time"

	"github.com/anamnesis-go/anamnesis/core/capture"
	"github.com/anamnesis-go/anamnesis/core/project"
	"github.com/anamnesis-go/anamnesis/core/recall"
)

// Settings for SessionStart injection.
const (
	envInjectBudget = "ANAMNESIS_INJECT_BUDGET"
	keyInjectBudget = "inject_budget_tokens"
	// startDrainBudget bounds the capture work SessionStart does before injecting: enough to turn
	// the session that just ended into a note that this one can see, never enough to be felt.
	startDrainBudget = 400 * time.Millisecond
)

// hookSessionStart injects the project's memory, after draining the capture spool, and starts a
// background sync.
func hookSessionStart(ctx context.Context, h *hookEnv) error {
	if !storeExists(h.cfg.Home) {
		return nil
	}
	defer h.spawnSync()
	pending := capture.HasPending(h.cfg.Home)
	// The drift check is skipped unless there is capture work (which writes anyway): SessionStart
	// must answer in milliseconds, and a missing or outdated index is still rebuilt by Open.
	st, err := h.openStore(ctx, !pending)
	if err != nil {
		if ctx.Err() != nil {
			// Out of time, most likely rebuilding a large index, which the deadline rolled back:
			// finish it in the background so the next session has it.
			if serr := h.spawn("reindex.log", "reindex"); serr != nil {
				h.logf("start background reindex: %v", serr)
			}
		}
		return err
	}
	defer st.Close()
	if pending {
		dctx, cancel := context.WithTimeout(ctx, startDrainBudget)
		rep, err := capture.Drain(dctx, h.cfg.Home, st)
		cancel()
		h.logDrain(rep, err)
	}
	proj := project.Resolve(ctx, h.cwd())
	inj, err := recall.Inject(ctx, st, proj, h.intSetting(envInjectBudget, keyInjectBudget, recall.DefaultInjectTokens))
	if err != nil {
		return err
	}
	// What the session has been given is remembered, so prompt recall does not repeat it. A
	// resumed session still holds what it was given before; the others start afresh.
	if err := h.recordGiven(inj.IDs, h.in.Source != "resume"); err != nil {
		h.logf("remember injected notes: %v", err)
	}
	if inj.Text == "" {
		return nil
	}
	return h.printContext("SessionStart", inj.Text)
}

func (h *hookEnv) logDrain(rep capture.DrainReport, err error) {
	if err != nil {
		h.logf("drain: %v", err)
		return
	}
	if len(rep.Written)+len(rep.Updated)+rep.Trivial+rep.Discarded+rep.Left+len(rep.Errors) == 0 {
		return
	}
	h.logf("drain: wrote %v updated %v trivial %d discarded %d left %d errors %v",
		rep.Written, rep.Updated, rep.Trivial, rep.Discarded, rep.Left, rep.Errors)
}
