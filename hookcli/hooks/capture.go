package hooks

import (
	"context"
	"slices"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/app"
)

// enqueue records the session for capture and returns at once; a detached worker drains the
// spool. SessionEnd hooks share a 1.5 s budget and are killed past it, so nothing slow happens here.
func enqueue(ctx context.Context, h *env) error {
	if app.CaptureOffByEnv() {
		h.logf("%s=off in this session's environment; not captured", app.EnvCapture)
		return nil
	}
	if h.in.SessionID == "" || h.in.TranscriptPath == "" {
		h.logf("no session_id or transcript_path in the hook input; nothing to capture")
		return nil
	}
	agent := h.Agent
	if agent == "" {
		agent = app.AgentClaude
	}
	if agents := app.CapturableAgents(); !slices.Contains(agents, agent) {
		h.logf("hook --agent %q: capture reads %s; nothing captured", agent, strings.Join(agents, ", "))
		return nil
	}
	e := app.CaptureEntry{SessionID: h.in.SessionID, TranscriptPath: h.in.TranscriptPath, Cwd: h.in.Cwd, Event: h.event, Agent: agent}
	if h.event == "stop" {
		e.Outcome = strings.TrimSpace(h.in.LastAssistantMessage)
	}
	if err := h.app.Enqueue(e); err != nil {
		return err
	}
	return h.spawn("drain.log", "hook", "drain")
}

// drain is the detached worker: capture every spooled session.
func drain(ctx context.Context, h *env) error {
	if !h.app.PendingCaptures() {
		return nil
	}
	// The store opens without the drift check: capture reads one note by session id and writes
	// one; scanning 10,000 files on every turn's Stop would cost more than the capture itself.
	// Open still rebuilds a missing or outdated index.
	rep, err := h.app.Drain(ctx)
	h.logDrain(rep, err)
	return nil
}
