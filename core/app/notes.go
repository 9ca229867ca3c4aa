package app

import (
	"context"
	"sort"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// Limits and defaults of the note use cases, shared by every front end.
const (
	DefaultK         = 8
	MaxK             = store.MaxK
	DefaultListLimit = 50
	MaxListLimit     = 500
)

// WriteRequest is a new note as a caller gives it. Project "" means the global project; Scope ""
// means portable. The machine id is never among the inputs: the store stamps its own.
type WriteRequest struct {
	Type, Title, Body   string
	Project, Scope      string
	Tags, Supersedes    []string
	IdempotencyKey      string
	UserID, WorkspaceID string
}

// WriteResult is the note written, and the redaction rules that fired on its title or body.
type WriteResult struct {
	Note *note.Note
	// Redacted names the rules whose matches were replaced by [REDACTED:<rule>] before the note
	// was written: a note travels to every machine through git, so a secret never reaches it.
	Redacted []string
}

// Write checks the request, redacts secrets from the title and body, and writes the note.
func (a *App) Write(ctx context.Context, r WriteRequest) (WriteResult, error) {
	in, err := r.parse()
	if err != nil {
		return WriteResult{}, err
	}
	var titleRules, bodyRules []string
	in.Title, titleRules = a.Redact(in.Title)
	in.Body, bodyRules = a.Redact(in.Body)
	st, err := a.Store(ctx)
	if err != nil {
		return WriteResult{}, err
	}
	n, err := st.Write(ctx, in)
	if err != nil {
		return WriteResult{}, err
	}
	return WriteResult{Note: n, Redacted: mergeNames(titleRules, bodyRules)}, nil
}

func mergeNames(a, b []string) []string {
	if len(b) == 0 {
		return a
	}
	seen := map[string]bool{}
	var out []string
	for _, n := range append(append([]string{}, a...), b...) {
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

func (r WriteRequest) parse() (store.WriteInput, error) {
	t, err := ParseType(r.Type, true)
	if err != nil {
		return store.WriteInput{}, err
	}
	if strings.TrimSpace(r.Title) == "" {
		return store.WriteInput{}, invalidf("title must not be empty: give the note a one-line title stating its point")
	}
	scope := r.Scope
	if strings.TrimSpace(scope) == "" {
		scope = string(note.Portable)
	}
	sc, err := ParseScope(scope, true)
	if err != nil {
		return store.WriteInput{}, err
	}
	project := strings.TrimSpace(r.Project)
	if project == "" {
		project = note.DefaultProject
	}
	sups := make([]string, 0, len(r.Supersedes))
	for _, s := range r.Supersedes {
		id, err := ParseID("each supersedes entry", s)
		if err != nil {
			return store.WriteInput{}, err
		}
		sups = append(sups, id)
	}
	return store.WriteInput{Type: t, Title: r.Title, Body: r.Body, Project: project, Scope: sc,
		Tags: r.Tags, Supersedes: sups, IdempotencyKey: r.IdempotencyKey,
		UserID: r.UserID, WorkspaceID: r.WorkspaceID}, nil
}

// SearchRequest is one page of a search. K nil means DefaultK.
type SearchRequest struct {
	Filter
	Query  string
	K      *int
	Cursor string
	// Unbounded returns whole bodies and whole pages, for a person at a terminal. Results for a
	// model are bounded to what Claude Code takes in (see ResultChars).
	Unbounded bool
	// Explain adds Page.Explain: the words searched, the rules applied and, per hit, the words
	// matched, their fields and their share of the score.
	Explain bool
}

// Page is a page of notes, best or newest first, as search and list return it. Search views carry
// bodies; list views do not.
type Page struct {
	Results    []note.View `json:"results"`
	NextCursor string      `json:"next_cursor,omitempty" jsonschema:"pass back as cursor for the next page; absent on the last page"`
	// Notes are the same notes as records, for front ends that render them themselves.
	Notes []*note.Note `json:"-"`
	// Explain is set when the search asked for it.
	Explain *SearchExplain `json:"explain,omitempty"`
}

// SearchExplain and HitWhy are the store's explanation of a search, named here so front ends
// render it without importing the store.
type (
	SearchExplain = store.Explain
	HitWhy        = store.HitWhy
)

// Search ranks live notes against the query.
func (a *App) Search(ctx context.Context, r SearchRequest) (Page, error) {
	f, err := r.parse()
	if err != nil {
		return Page{}, err
	}
	k, err := IntIn("k", r.K, DefaultK, 1, MaxK)
	if err != nil {
		return Page{}, err
	}
	st, err := a.Store(ctx)
	if err != nil {
		return Page{}, err
	}
	res, err := st.Search(ctx, store.SearchOptions{Filter: f, Query: r.Query, K: k, Cursor: strings.TrimSpace(r.Cursor),
		Explain: r.Explain})
	if err != nil {
		return Page{}, err
	}
	p := Page{Results: make([]note.View, len(res.Hits)), Notes: make([]*note.Note, len(res.Hits)), NextCursor: res.NextCursor,
		Explain: res.Explain}
	for i, h := range res.Hits {
		p.Results[i] = note.ViewOf(h.Note, true)
		p.Notes[i] = h.Note
	}
	if r.Unbounded {
		return p, nil
	}
	// A page too large for the client is made shorter, not cut: the search runs again for the
	// shorter page, so its cursor continues right after the last result shown.
	if kept := boundPage(p.Results); kept < len(p.Results) {
		short, err := st.Search(ctx, store.SearchOptions{Filter: f, Query: r.Query, K: kept, Cursor: strings.TrimSpace(r.Cursor)})
		if err != nil {
			return Page{}, err
		}
		p.Results, p.Notes, p.NextCursor = p.Results[:kept], p.Notes[:kept], short.NextCursor
		if p.Explain != nil {
			p.Explain.Hits = p.Explain.Hits[:kept]
		}
	}
	return p, nil
}

// ListRequest is one page of a listing, newest first. Limit nil means DefaultListLimit.
type ListRequest struct {
	Filter
	Limit  *int
	Cursor string
}

// List returns notes newest first, without bodies.
func (a *App) List(ctx context.Context, r ListRequest) (Page, error) {
	f, err := r.parse()
	if err != nil {
		return Page{}, err
	}
	limit, err := IntIn("limit", r.Limit, DefaultListLimit, 1, MaxListLimit)
	if err != nil {
		return Page{}, err
	}
	st, err := a.Store(ctx)
	if err != nil {
		return Page{}, err
	}
	pg, err := st.List(ctx, store.ListOptions{Filter: f, Limit: limit, Cursor: strings.TrimSpace(r.Cursor)})
	if err != nil {
		return Page{}, err
	}
	p := Page{Results: make([]note.View, len(pg.Notes)), Notes: pg.Notes, NextCursor: pg.NextCursor}
	for i, n := range pg.Notes {
		p.Results[i] = note.ViewOf(n, false)
	}
	return p, nil
}

// Show returns one note, with its body, forgotten or not.
func (a *App) Show(ctx context.Context, id string) (*note.Note, error) {
	id, err := ParseID("id", id)
	if err != nil {
		return nil, err
	}
	st, err := a.Store(ctx)
	if err != nil {
		return nil, err
	}
	return st.Get(ctx, id)
}

// ForgetResult is what a forget did.
type ForgetResult struct {
	ID        string `json:"id"`
	Status    string `json:"status"`
	DeletedAt string `json:"deleted_at"`
}

// Forget hides a note everywhere (a soft delete that syncs).
func (a *App) Forget(ctx context.Context, id string) (ForgetResult, error) {
	id, err := ParseID("id", id)
	if err != nil {
		return ForgetResult{}, err
	}
	st, err := a.Store(ctx)
	if err != nil {
		return ForgetResult{}, err
	}
	n, err := st.Forget(ctx, id)
	if err != nil {
		return ForgetResult{}, err
	}
	return ForgetResult{ID: n.ID, Status: string(n.Status), DeletedAt: n.DeletedAt}, nil
}

// Reindex brings the index in line with the files; full rebuilds it from scratch.
func (a *App) Reindex(ctx context.Context, full bool) (store.ReindexReport, error) {
	st, err := a.Store(ctx)
	if err != nil {
		return store.ReindexReport{}, err
	}
	return st.Reindex(ctx, full)
}
