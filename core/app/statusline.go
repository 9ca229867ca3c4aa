package app

import (
	"context"

	"github.com/anamnesis-go/anamnesis/core/capture"
	"github.com/anamnesis-go/anamnesis/core/gitsync"
	"github.com/anamnesis-go/anamnesis/core/project"
)

// StatusLine is the store at a glance for one directory, cheap enough to compute on every
// refresh of Claude Code's status line: counts from the index alone and the sync record as the
// last cycle left it (no git command runs).
type StatusLine struct {
	Project      string `json:"project"`
	ProjectNotes int    `json:"project_notes"`
	Total        int    `json:"total"`
	// Pending counts the sessions waiting in the capture spool.
	Pending int `json:"capture_pending"`
	// Remote is whether sync has a remote; the rest is the last recorded cycle's outcome.
	Remote      bool   `json:"remote"`
	LastSuccess string `json:"last_success,omitempty"`
	LastError   string `json:"last_error,omitempty"`
	Failures    int    `json:"consecutive_failures"`
}

// StatusLine reports the notes of dir's project and the sync state. Open the App with Fast.
func (a *App) StatusLine(ctx context.Context, dir string) (StatusLine, error) {
	st, err := a.Store(ctx)
	if err != nil {
		return StatusLine{}, err
	}
	stats, err := st.StatsFast(ctx)
	if err != nil {
		return StatusLine{}, err
	}
	key := project.Resolve(ctx, dir)
	out := StatusLine{Project: key, ProjectNotes: stats.ByProject[key], Total: stats.Total, Remote: a.settings().Remote != ""}
	if out.Pending, err = capture.PendingCount(a.Home.Root()); err != nil {
		return StatusLine{}, err
	}
	rec, err := gitsync.ReadStatusFile(a.Home.Root())
	if err != nil {
		return StatusLine{}, err
	}
	out.LastSuccess, out.Failures = rec.LastSuccess, rec.Failures
	// The record keeps the last error after later successes; it is news only while failing.
	if rec.Failures > 0 {
		out.LastError = rec.LastError
	}
	return out, nil
}
