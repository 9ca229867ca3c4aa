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
	in.Tags = a.withAgentTag(in.Tags)
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

// AgentTagPrefix begins the tag naming the agent that wrote a note: "agent:codex".
const AgentTagPrefix = note.AgentTagPrefix

// withAgentTag adds the agent tag of this App's agent to tags, once.
func (a *App) withAgentTag(tags []string) []string {
	agent := strings.TrimSpace(a.opts.Agent)
	if agent == "" {
		return tags
	}
	t := AgentTagPrefix + agent
	for _, x := range tags {
		if x == t {
			return tags
		}
	}
	return append(append([]string{}, tags...), t)
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
	// Prefer is the project the asker works in (the MCP server's session): when no project filter
	// is given, its notes and global ones come first for the same match; others still come.
	Prefer string
}

// Page is a page of notes, best or newest first, as search and list return it. Search views carry
// bodies; list views do not.
type Page struct {
	Results    []note.View `json:"results"`
	NextCursor string      `json:"next_cursor,omitempty" jsonschema:"pass back as cursor for the next page; absent on the last page"`
	// Notes are the same notes as records, for front ends that render them themselves.
	Notes []*note.Note `json:"-"`
	// Ranking is "hybrid" when semantic vectors took part in a search's ranking (bm25 fused with
	// cosine ranks); empty for a lexical search and a listing.
	Ranking string `json:"ranking,omitempty"`
	// Warning says why a search configured for semantic ranking fell back to lexical.
	Warning string `json:"warning,omitempty"`
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
	opts := store.SearchOptions{Filter: f, Query: r.Query, K: k, Cursor: strings.TrimSpace(r.Cursor), Explain: r.Explain}
	res, how, err := a.rankedSearch(ctx, st, opts, false)
	if err != nil {
		return Page{}, err
	}
	preferDurable(res.Hits, preferProject(r))
	p := Page{Results: make([]note.View, len(res.Hits)), Notes: make([]*note.Note, len(res.Hits)), NextCursor: res.NextCursor,
		Warning: how.warning, Explain: res.Explain}
	if how.hybrid {
		p.Ranking = "hybrid"
	}
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
		opts.K = kept
		short, _, err := a.rankedSearch(ctx, st, opts, false)
		if err != nil {
			return Page{}, err
		}
		// The shorter page is the first kept notes in the store's order, reordered the same way.
		preferDurable(short.Hits, preferProject(r))
		ranking, warning := p.Ranking, p.Warning
		p = Page{Results: make([]note.View, len(short.Hits)), Notes: make([]*note.Note, len(short.Hits)), NextCursor: short.NextCursor,
			Ranking: ranking, Warning: warning, Explain: short.Explain}
		for i, h := range short.Hits {
			p.Results[i] = note.ViewOf(h.Note, true)
			p.Notes[i] = h.Note
		}
		boundPage(p.Results)
	}
	return p, nil
}

// ListRequest is one page of a listing, newest first. Limit nil means DefaultListLimit.
type ListRequest struct {
	Filter
	Limit  *int
	Cursor string
	// Unbounded returns the whole page however large, for a person at a terminal. Pages for a
	// model are shortened to what Claude Code takes in (see ResultChars).
	Unbounded bool
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
	if r.Unbounded {
		return p, nil
	}
	// As for search: a page too large for the client is made shorter, and its cursor continues
	// right after the last note shown.
	if kept := boundPage(p.Results); kept < len(p.Results) {
		short, err := st.List(ctx, store.ListOptions{Filter: f, Limit: kept, Cursor: strings.TrimSpace(r.Cursor)})
		if err != nil {
			return Page{}, err
		}
		p.Results, p.Notes, p.NextCursor = p.Results[:kept], p.Notes[:kept], short.NextCursor
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

// sessionWeight scales a captured session note's match score against a durable note's. Session
// notes repeat the words of the question that started them ("how do we rotate database
// credentials?" five times over), so on words alone they outrank the procedure that answers it;
// a durable note (procedural, semantic, or written by a person) is what the asker wants for the
// same match. At 0.5 a session note that matches twice as well still comes first. Measured on
// 40 durable notes and 200 session notes (TestDurableNotesRankAboveSessionNotes): the answering
// note is in the top 3 for 65% of questions without it, 85% at 0.6, 92% at 0.5, 98% at 0.4.
const sessionWeight = 0.5

// otherProjectWeight scales the score of a note of another project than the asker's (global notes
// count as the asker's): for the same match, the project at hand comes first, but a much better
// match elsewhere still leads. Like sessionWeight it reorders a page, never filters it.
const otherProjectWeight = 0.7

// preferProject is the project a search's page is ordered towards: none when the request filters
// by project already (every hit is of it).
func preferProject(r SearchRequest) string {
	if strings.TrimSpace(r.Project) != "" {
		return ""
	}
	return strings.TrimSpace(r.Prefer)
}

// preferDurable reorders one page of hits: by score, with captured session notes' scores scaled
// by sessionWeight and other projects' by otherProjectWeight (bm25 scores are negative, lower is better). Only the order within the page
// changes, never which notes are on it, so the store's cursor still continues after the page.
func preferDurable(hits []store.Hit, project string) {
	adj := func(h store.Hit) float64 {
		score := h.Score
		if h.ProvSource == note.SourceSessionEnd {
			score *= sessionWeight
		}
		if project != "" && h.Project != project && h.Project != note.DefaultProject {
			score *= otherProjectWeight
		}
		return score
	}
	sort.SliceStable(hits, func(i, j int) bool { return adj(hits[i]) < adj(hits[j]) })
}
