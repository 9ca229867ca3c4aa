package app

import (
	"context"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/capture"
	"github.com/anamnesis-go/anamnesis/core/config"
	"github.com/anamnesis-go/anamnesis/core/curate"
)

// Enqueue records a session for capture and returns at once; Drain (a detached worker, the next
// SessionStart, or the sync runner) turns it into a note.
func (a *App) Enqueue(e capture.Entry) error {
	_, err := capture.Enqueue(a.Home.Root(), e)
	return err
}

// PendingCaptures reports whether sessions wait in the capture spool.
func (a *App) PendingCaptures() bool { return capture.HasPending(a.Home.Root()) }

// Drain captures every spooled session until the spool is empty or ctx ends, with the model
// writing the notes when capture.summarize says so. Only detached workers call it: SessionStart
// drains without a model (see SessionStart).
func (a *App) Drain(ctx context.Context) (capture.DrainReport, error) {
	st, err := a.Store(ctx)
	if err != nil {
		return capture.DrainReport{}, err
	}
	return capture.DrainWith(ctx, a.Home.Root(), st, capture.DrainOptions{Summarizer: a.sessionSummarizer()})
}

// sessionSummarizer is the model that writes session notes, or nil. "auto" uses an HTTP provider
// (anthropic or an OpenAI-compatible endpoint), as the Python reference does with its providers;
// "on" also uses claude -p, which costs a Claude Code run per session, so the user opts in.
func (a *App) sessionSummarizer() capture.Summarizer {
	mode := a.settings().Get(config.KeySummarize)
	if mode == "off" {
		return nil
	}
	m, err := a.model()
	if err != nil {
		return nil // no provider: the heuristic notes, as before
	}
	if mode == "auto" && strings.EqualFold(a.settings().Get(config.KeyProvider), "claude") {
		return nil
	}
	return curate.SessionSummarizer{Model: m}
}
