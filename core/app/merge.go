package app

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/config"
	"github.com/anamnesis-go/anamnesis/core/curate"
	"github.com/anamnesis-go/anamnesis/core/eval"
	"github.com/anamnesis-go/anamnesis/core/llm"
)

// MergeRequest selects what merge looks at. NoGate applies every proposed group without the
// recall gate; EvalSet "" means <home>/eval/eval.jsonl.
type MergeRequest struct {
	Project string
	Apply   bool
	NoGate  bool
	EvalSet string
}

// MergeProject is what merge proposed, and applied, for one project.
type MergeProject struct {
	Project string              `json:"project"`
	Notes   int                 `json:"notes"`
	Groups  []curate.Group      `json:"groups"`
	Gate    []curate.GateResult `json:"gate,omitempty"`
	Changes []curate.Change     `json:"changes,omitempty"`
	Error   string              `json:"error,omitempty"`
}

// MergeReport is a merge run.
type MergeReport struct {
	Apply         bool           `json:"apply"`
	Gated         bool           `json:"gated"`
	Model         string         `json:"model,omitempty"`
	NotConfigured string         `json:"not_configured,omitempty"`
	Min           int            `json:"min_durable"`
	K             int            `json:"gate_k"`
	Questions     int            `json:"questions"`
	Projects      []MergeProject `json:"projects"`
	Commit        string         `json:"commit,omitempty"`
}

// ErrNoGateQuestions is returned by a gated merge apply when the store has no approved eval
// questions to measure recall with.
var ErrNoGateQuestions = errors.New("the merge gate needs approved eval questions")

// Merge asks the model, per project with at least reflection.merge_min_durable durable notes, for
// groups of redundant notes, and with Apply carries them out: keep one note (it supersedes the
// others) or write a synthesized note that supersedes them all. Gated by default: each group is
// tried on a throw-away copy of the store and applied only if recall@merge_gate_k on the approved
// questions does not drop.
func (a *App) Merge(ctx context.Context, r MergeRequest) (MergeReport, error) {
	cfg := a.settings()
	rep := MergeReport{Apply: r.Apply, Gated: r.Apply && !r.NoGate, Min: cfg.Int(config.KeyMergeMin),
		K: cfg.Int(config.KeyMergeGateK), Projects: []MergeProject{}}
	m, err := a.model()
	if err != nil {
		if errors.Is(err, llm.ErrNotConfigured) {
			rep.NotConfigured = noModel(err)
			return rep, nil
		}
		return rep, err
	}
	rep.Model = m.Label()
	var qs []eval.Question
	if rep.Gated {
		set := r.EvalSet
		if set == "" {
			set = a.Home.Eval()
		}
		if qs, err = eval.ReadFile(set); err != nil {
			return rep, err
		}
		if len(qs) == 0 {
			return rep, fmt.Errorf("%w in %s: run anamnesis eval build and approve some, or pass --no-gate", ErrNoGateQuestions, set)
		}
		rep.Questions = len(qs)
	}
	st, err := a.Store(ctx)
	if err != nil {
		return rep, err
	}
	projects, err := curate.DurableProjects(ctx, st, strings.TrimSpace(r.Project), rep.Min)
	if err != nil {
		return rep, err
	}
	var all []curate.Change
	var done []string
	for _, proj := range projects {
		p := MergeProject{Project: proj, Groups: []curate.Group{}}
		rep.Projects = append(rep.Projects, p)
		pp := &rep.Projects[len(rep.Projects)-1]
		notes, err := curate.MergeCandidates(ctx, st, proj)
		if err != nil {
			return rep, err
		}
		pp.Notes = len(notes)
		groups, err := curate.ProposeMerges(ctx, m, notes)
		if err != nil {
			pp.Error = err.Error()
			continue
		}
		pp.Groups = groups
		if !r.Apply || len(groups) == 0 {
			continue
		}
		apply := groups
		if rep.Gated {
			if apply, pp.Gate, err = curate.Gate(ctx, st.Root(), cfg.MachineID, qs, rep.K, proj, groups); err != nil {
				pp.Error = err.Error()
				continue
			}
		}
		superseded := 0
		for _, g := range apply {
			ch, err := curate.ApplyGroup(ctx, st, proj, m.Label(), g)
			if err != nil {
				pp.Error = err.Error()
				break
			}
			pp.Changes = append(pp.Changes, ch...)
			superseded += len(g.SupersededIDs)
		}
		all = append(all, pp.Changes...)
		if len(pp.Changes) > 0 {
			done = append(done, fmt.Sprintf("%d group(s) of %s, %d note(s) superseded", len(pp.Changes), proj, superseded))
		}
	}
	rep.Commit, err = a.commit(ctx, st, "merge: "+strings.Join(done, "; ")+" on "+cfg.MachineID, all)
	return rep, err
}
