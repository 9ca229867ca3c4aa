package app

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/anamnesis-go/anamnesis/core/config"
	"github.com/anamnesis-go/anamnesis/core/curate"
	"github.com/anamnesis-go/anamnesis/core/gitsync"
	"github.com/anamnesis-go/anamnesis/core/llm"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// Curation use cases: reflect, merge, dedup, migrate, backfill, review, eval build. Each is a dry
// run unless asked to apply; an apply writes ordinary notes, records them in one git commit in
// memory/ whose message says what it did (the next sync carries it), and leaves the index up to
// date. Nothing is ever unlinked.

// model returns the configured provider. Without one, the error wraps llm.ErrNotConfigured and
// says what to set.
func (a *App) model() (curate.Model, error) {
	s := llm.FromConfig(a.settings())
	p, err := llm.New(s)
	if err != nil {
		return curate.Model{}, err
	}
	return curate.Model{Provider: p, Budget: s.MaxTokens * 4, Redact: a.redactText}, nil
}

// noModel is the one sentence a front end shows when a curation step needs a model and none is
// configured; it is a normal outcome (exit 0), not a failure.
func noModel(err error) string {
	return strings.TrimPrefix(err.Error(), llm.ErrNotConfigured.Error()+": ")
}

// commit records changes in one commit with subject; "" when nothing in memory/ changed.
func (a *App) commit(ctx context.Context, st *store.Store, subject string, changes []curate.Change) (string, error) {
	if len(changes) == 0 {
		return "", nil
	}
	paths := make([]string, len(changes))
	for i, c := range changes {
		paths[i] = c.Path
	}
	cfg := a.settings()
	sha, err := gitsync.Commit(ctx, st, gitsync.Options{Remote: cfg.Remote, MachineID: cfg.MachineID}, "anamnesis: "+subject, paths)
	if err != nil {
		return "", fmt.Errorf("the notes are written; committing them failed (the next sync commits them): %w", err)
	}
	return sha, nil
}

// ReflectRequest selects what reflect distils. Project "" means every project.
type ReflectRequest struct {
	Project string
	Apply   bool
}

// ReflectProject is what reflect did, or would do, for one project.
type ReflectProject struct {
	Project string          `json:"project"`
	Sources []string        `json:"sources"`           // unreflected session notes
	Used    int             `json:"used"`              // sources the model saw (and now tagged reflected)
	Drafts  []curate.Draft  `json:"drafts,omitempty"`  // notes the model proposed
	Changes []curate.Change `json:"changes,omitempty"` // files written
	Error   string          `json:"error,omitempty"`   // why this project was skipped
	Titles  []string        `json:"titles,omitempty"`  // titles of the sources
}

// ReflectReport is a reflect run.
type ReflectReport struct {
	Apply         bool             `json:"apply"`
	Model         string           `json:"model,omitempty"`
	NotConfigured string           `json:"not_configured,omitempty"` // set when an apply had no model: nothing was done
	Min           int              `json:"min_episodics"`
	Projects      []ReflectProject `json:"projects"`
	// Resolved are reflections another machine made of the same sessions, forgotten so that
	// one set remains (see curate.ResolveBatches).
	Resolved []curate.Change `json:"resolved,omitempty"`
	Commit   string          `json:"commit,omitempty"`
}

// Written counts the notes reflect wrote.
func (r ReflectReport) Written() int {
	n := 0
	for _, p := range r.Projects {
		n += len(p.Drafts)
	}
	return n
}

// Reflect distils the unreflected portable session notes of every project that has at least
// reflection.min_episodics of them into semantic and procedural notes. A dry run needs no model
// and lists what would be distilled. One project's failure (an unreachable provider, a malformed
// answer) writes nothing for it and does not stop the others.
func (a *App) Reflect(ctx context.Context, r ReflectRequest) (ReflectReport, error) {
	cfg := a.settings()
	rep := ReflectReport{Apply: r.Apply, Min: cfg.Int(config.KeyReflectMin), Projects: []ReflectProject{}}
	st, err := a.Store(ctx)
	if err != nil {
		return rep, err
	}
	var m curate.Model
	if r.Apply {
		if m, err = a.model(); err != nil {
			if errors.Is(err, llm.ErrNotConfigured) {
				rep.NotConfigured = noModel(err)
				return rep, nil
			}
			return rep, err
		}
		rep.Model = m.Label()
	}
	if rep.Resolved, err = curate.ResolveBatches(ctx, st, r.Apply); err != nil {
		return rep, err
	}
	cands, err := curate.ReflectCandidates(ctx, st, strings.TrimSpace(r.Project), rep.Min)
	if err != nil {
		return rep, err
	}
	all := append([]curate.Change{}, rep.Resolved...)
	var done []string
	for _, c := range cands {
		p := ReflectProject{Project: c.Project, Sources: c.IDs()}
		for _, n := range c.Sources {
			p.Titles = append(p.Titles, n.Title)
		}
		if r.Apply {
			drafts, seen, err := curate.Distil(ctx, m, c)
			p.Used = len(seen.Sources)
			if err == nil {
				p.Changes, err = curate.ApplyReflection(ctx, st, m.Label(), seen, drafts)
			}
			if err != nil {
				p.Error = err.Error()
			} else {
				p.Drafts = drafts
				all = append(all, p.Changes...)
				done = append(done, fmt.Sprintf("%d session note(s) of %s into %d note(s)", p.Used, c.Project, len(drafts)))
			}
		}
		rep.Projects = append(rep.Projects, p)
	}
	subject := "reflect: distilled " + strings.Join(done, "; ")
	if len(done) == 0 {
		subject = "reflect: forgot reflections another machine made of the same sessions"
	} else if len(rep.Resolved) > 0 {
		subject += fmt.Sprintf("; forgot %d duplicate reflection(s)", len(rep.Resolved))
	}
	rep.Commit, err = a.commit(ctx, st, subject+" on "+cfg.MachineID, all)
	return rep, err
}

// AutoReflect is reflect --apply for the sync runner, after a cycle has committed the session
// notes: it does nothing unless reflection.auto is on and a model is configured, and records what
// it did in the sync status file. It never runs in a hook's path.
func (a *App) AutoReflect(ctx context.Context) (ReflectReport, bool, error) {
	_ = a.Reload()
	if !a.settings().Bool(config.KeyReflectAuto) {
		return ReflectReport{}, false, nil
	}
	if _, err := a.model(); err != nil {
		return ReflectReport{}, false, nil
	}
	rep, err := a.Reflect(ctx, ReflectRequest{Apply: true})
	rec := gitsync.AutoReflect{At: time.Now().UTC().Format(time.RFC3339), Notes: rep.Written(), Commit: rep.Commit}
	var parts []string
	for _, p := range rep.Projects {
		if p.Error != "" {
			parts = append(parts, p.Project+": failed ("+p.Error+")")
		} else {
			parts = append(parts, fmt.Sprintf("%s: %d session note(s) -> %d note(s)", p.Project, p.Used, len(p.Drafts)))
		}
	}
	rec.Detail = strings.Join(parts, "; ")
	if rec.Detail == "" {
		rec.Detail = "no project had enough unreflected session notes"
	}
	if err != nil {
		rec.Error = err.Error()
	}
	if werr := gitsync.RecordAutoReflect(a.Home.Root(), rec); werr != nil && err == nil {
		err = werr
	}
	return rep, true, err
}
