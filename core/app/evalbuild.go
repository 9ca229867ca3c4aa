package app

import (
	"context"
	"errors"

	"github.com/anamnesis-go/anamnesis/core/curate"
	"github.com/anamnesis-go/anamnesis/core/llm"
	"github.com/anamnesis-go/anamnesis/core/note"
)

// EvalBuildRequest drafts questions. Set "" means <home>/eval/eval.jsonl; N nil means 30; Types
// empty means semantic and procedural.
type EvalBuildRequest struct {
	Set   string
	N     *int
	Types []string
}

// EvalBuildReport is what eval build appended (unapproved).
type EvalBuildReport struct {
	Set           string           `json:"set"`
	Model         string           `json:"model,omitempty"`
	NotConfigured string           `json:"not_configured,omitempty"`
	Questions     []curate.EvalRow `json:"questions"`
}

// EvalBuild asks the model for one question per note not yet covered and appends them to the
// question set with approved false: nothing uses them until a person approves them.
func (a *App) EvalBuild(ctx context.Context, r EvalBuildRequest) (EvalBuildReport, error) {
	rep := EvalBuildReport{Set: r.Set, Questions: []curate.EvalRow{}}
	if rep.Set == "" {
		rep.Set = a.Home.Eval()
	}
	n, err := IntIn("n", r.N, 30, 1, 1000)
	if err != nil {
		return rep, err
	}
	types := []note.Type{note.Semantic, note.Procedural}
	if len(r.Types) > 0 {
		types = types[:0]
		for _, s := range r.Types {
			t, err := ParseType(s, true)
			if err != nil {
				return rep, err
			}
			types = append(types, t)
		}
	}
	m, err := a.model()
	if err != nil {
		if errors.Is(err, llm.ErrNotConfigured) {
			rep.NotConfigured = noModel(err)
			return rep, nil
		}
		return rep, err
	}
	rep.Model = m.Label()
	st, err := a.Store(ctx)
	if err != nil {
		return rep, err
	}
	qs, err := curate.BuildQuestions(ctx, m, st, rep.Set, n, types)
	if qs != nil {
		rep.Questions = qs
	}
	return rep, err
}

// Similar returns up to three live notes of the note's project that look like it, for a model
// that just wrote it to supersede one instead of keeping both.
func (a *App) Similar(ctx context.Context, n *note.Note) ([]note.View, error) {
	st, err := a.Store(ctx)
	if err != nil {
		return nil, err
	}
	ns, err := curate.Similar(ctx, st, n, 3)
	if err != nil {
		return nil, err
	}
	out := make([]note.View, len(ns))
	for i, x := range ns {
		out[i] = note.ViewOf(x, false)
	}
	return out, nil
}
