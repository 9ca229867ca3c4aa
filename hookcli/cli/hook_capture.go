package cli

import (
	"context"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/capture"
)

// hookEnqueue records the session for capture and returns at once; a detached worker drains the
// spool. SessionEnd hooks share a 1.5 s budget and are killed past it, so nothing slow happens here.
func hookEnqueue(ctx context.Context, h *hookEnv) error {
	if !storeExists(h.cfg.Home) {
		return nil
	}
	if h.in.SessionID == "" || h.in.TranscriptPath == "" {
		h.logf("no session_id or transcript_path in the hook input; nothing to capture")
		return nil
	}
	e := capture.Entry{SessionID: h.in.SessionID, TranscriptPath: h.in.TranscriptPath, Cwd: h.in.Cwd, Event: h.event}
	if h.event == "stop" {
		e.Outcome = strings.TrimSpace(h.in.LastAssistantMessage)
	}
	if _, err := capture.Enqueue(h.cfg.Home, e); err != nil {
		return err
	}
	return h.spawn("drain.log", "hook", "drain")
}

// hookDrain is the detached worker: capture every spooled session.
func hookDrain(ctx context.Context, h *hookEnv) error {
	if !storeExists(h.cfg.Home) || !capture.HasPending(h.cfg.Home) {
		return nil
	}
	// No drift check: capture reads one note by session id and writes one; scanning 10,000 files
	// on every turn's Stop would cost more than the capture itself. Open still rebuilds a missing
	// or outdated index.
	st, err := h.openStore(ctx, true)
	if err != nil {
		return err
	}
	defer st.Close()
	rep, err := capture.Drain(ctx, h.cfg.Home, st)
	h.logDrain(rep, err)
	return nil
}
