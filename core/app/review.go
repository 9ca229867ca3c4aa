package app

import (
	"context"
	"fmt"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/curate"
	"github.com/anamnesis-go/anamnesis/core/note"
)

// ReviewItem is a model-written note awaiting review.
type ReviewItem struct {
	note.View
	Source     note.Source `json:"prov_source"`
	Model      string      `json:"prov_model,omitempty"`
	Supersedes []string    `json:"supersedes,omitempty"`
}

// ReviewList lists the live notes reflect and merge wrote that nobody has reviewed, newest first.
func (a *App) ReviewList(ctx context.Context) ([]ReviewItem, error) {
	st, err := a.Store(ctx)
	if err != nil {
		return nil, err
	}
	ns, err := curate.Unreviewed(ctx, st)
	if err != nil {
		return nil, err
	}
	out := make([]ReviewItem, len(ns))
	for i, n := range ns {
		out[i] = ReviewItem{View: note.ViewOf(n, false), Source: n.ProvSource, Model: n.ProvModel, Supersedes: n.Supersedes}
	}
	return out, nil
}

// ReviewResult is what a review decision did.
type ReviewResult struct {
	ID     string `json:"id"`
	Action string `json:"action"` // "kept" or "forgotten"
	Commit string `json:"commit,omitempty"`
}

// ReviewKeep marks a note reviewed (tag reviewed), in one commit.
func (a *App) ReviewKeep(ctx context.Context, id string) (ReviewResult, error) {
	id, err := ParseID("id", id)
	if err != nil {
		return ReviewResult{}, err
	}
	st, err := a.Store(ctx)
	if err != nil {
		return ReviewResult{}, err
	}
	ch, err := curate.MarkReviewed(ctx, st, id)
	if err != nil {
		return ReviewResult{}, err
	}
	res := ReviewResult{ID: id, Action: "kept"}
	if ch.ID != "" {
		res.Commit, err = a.commit(ctx, st, "review: kept "+id+" on "+a.settings().MachineID, []curate.Change{ch})
	}
	return res, err
}

// ReviewForget forgets a note (soft delete), in one commit.
func (a *App) ReviewForget(ctx context.Context, id string) (ReviewResult, error) {
	id, err := ParseID("id", id)
	if err != nil {
		return ReviewResult{}, err
	}
	st, err := a.Store(ctx)
	if err != nil {
		return ReviewResult{}, err
	}
	n, err := st.Forget(ctx, id)
	if err != nil {
		return ReviewResult{}, err
	}
	res := ReviewResult{ID: id, Action: "forgotten"}
	res.Commit, err = a.commit(ctx, st, fmt.Sprintf("review: forgot %s (%s) on %s", id, strings.TrimSpace(n.Title), a.settings().MachineID),
		[]curate.Change{{ID: n.ID, Path: curate.PathOf(n), What: "forgotten"}})
	return res, err
}
