package server

import (
	"context"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/anamnesis-go/anamnesis/core/config"
	"github.com/anamnesis-go/anamnesis/core/gitsync"
	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/recall"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// handlers are the tool handlers. Each one decodes and checks its arguments, calls one core
// function and encodes the result. Tool errors are results (isError), never Go errors: a Go error
// would become a JSON-RPC error the model never sees.
type handlers struct{ cfg Config }

func (h *handlers) search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a searchArgs
	if err := bind(req, &a); err != nil {
		return failure(ToolSearch, err), nil
	}
	f, err := a.filter()
	if err != nil {
		return failure(ToolSearch, err), nil
	}
	k, err := intIn("k", a.K, DefaultK, 1, store.MaxK)
	if err != nil {
		return failure(ToolSearch, err), nil
	}
	f.IncludeDeleted = a.IncludeDeleted
	st, err := h.cfg.Store.Get(ctx)
	if err != nil {
		return failure(ToolSearch, err), nil
	}
	res, err := st.Search(ctx, store.SearchOptions{Filter: f, Query: a.Query, K: k, Cursor: strings.TrimSpace(a.Cursor)})
	if err != nil {
		return failure(ToolSearch, err), nil
	}
	out := notesOutput{Results: make([]note.View, len(res.Hits)), NextCursor: res.NextCursor}
	for i, hit := range res.Hits {
		out.Results[i] = note.ViewOf(hit.Note, true)
	}
	return structured(out), nil
}

func (h *handlers) list(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a listArgs
	if err := bind(req, &a); err != nil {
		return failure(ToolList, err), nil
	}
	f, err := a.filter()
	if err != nil {
		return failure(ToolList, err), nil
	}
	limit, err := intIn("limit", a.Limit, DefaultListLimit, 1, MaxListLimit)
	if err != nil {
		return failure(ToolList, err), nil
	}
	st, err := h.cfg.Store.Get(ctx)
	if err != nil {
		return failure(ToolList, err), nil
	}
	page, err := st.List(ctx, store.ListOptions{Filter: f, Limit: limit, Cursor: strings.TrimSpace(a.Cursor)})
	if err != nil {
		return failure(ToolList, err), nil
	}
	return structured(notesOutput{Results: views(page.Notes, false), NextCursor: page.NextCursor}), nil
}

func (h *handlers) status(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	st, err := h.cfg.Store.Get(ctx)
	if err != nil {
		return failure(ToolStatus, err), nil
	}
	stats, err := st.Stats(ctx)
	if err != nil {
		return failure(ToolStatus, err), nil
	}
	return structured(statusOutput{
		Root: st.Root(), DBPath: st.DBPath(), MachineID: st.MachineID(),
		Total: stats.Total, Deleted: stats.Deleted, Conflicts: stats.Conflicts,
		ByType: stats.ByType, ByProject: stats.ByProject, ByScope: stats.ByScope, ByWorkspace: stats.ByWorkspace,
		Sync: gitsync.ReadState(ctx, st.Root(), h.cfg.Remote),
	}), nil
}

func (h *handlers) write(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a writeArgs
	if err := bind(req, &a); err != nil {
		return failure(ToolWrite, err), nil
	}
	in, err := a.input()
	if err != nil {
		return failure(ToolWrite, err), nil
	}
	st, err := h.cfg.Store.Get(ctx)
	if err != nil {
		return failure(ToolWrite, err), nil
	}
	n, err := st.Write(ctx, in)
	if err != nil {
		return failure(ToolWrite, err), nil
	}
	return structured(note.ViewOf(n, true)), nil
}

// input checks a write's arguments and applies the tool's defaults (project "global", scope
// "portable"). The machine id is not among them: the store stamps its own.
func (a writeArgs) input() (store.WriteInput, error) {
	t, err := parseType(a.Type, true)
	if err != nil {
		return store.WriteInput{}, err
	}
	if strings.TrimSpace(a.Title) == "" {
		return store.WriteInput{}, invalidf("title must not be empty: give the note a one-line title stating its point")
	}
	scope := DefaultWriteScope
	if a.Scope != nil {
		scope = *a.Scope
	}
	sc, err := parseScope(scope, true)
	if err != nil {
		return store.WriteInput{}, err
	}
	project := note.DefaultProject
	if a.Project != nil && strings.TrimSpace(*a.Project) != "" {
		project = strings.TrimSpace(*a.Project)
	}
	sups := make([]string, 0, len(a.Supersedes))
	for _, s := range a.Supersedes {
		id, err := parseID("each supersedes entry", s)
		if err != nil {
			return store.WriteInput{}, err
		}
		sups = append(sups, id)
	}
	return store.WriteInput{Type: t, Title: a.Title, Body: a.Body, Project: project, Scope: sc,
		Tags: a.Tags, Supersedes: sups, IdempotencyKey: a.IdempotencyKey}, nil
}

func (h *handlers) sync(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a syncArgs
	if err := bind(req, &a); err != nil {
		return failure(ToolSync, err), nil
	}
	st, err := h.cfg.Store.Get(ctx)
	if err != nil {
		return failure(ToolSync, err), nil
	}
	// The remote is read afresh: "anamnesis init --remote" may have set it after this server
	// started, and a long-lived session should sync to it without a restart.
	remote := h.cfg.Remote
	if c, err := config.Load(st.Root()); err == nil {
		remote = c.Remote
	}
	res, err := gitsync.Sync(ctx, st, gitsync.Options{Remote: remote, MachineID: st.MachineID()})
	if err != nil {
		return failure(ToolSync, err), nil
	}
	if a.Force {
		// force also checks every note file against the index, repairing edits made behind its back.
		rep, err := st.Reindex(ctx, false)
		if err != nil {
			return failure(ToolSync, err), nil
		}
		res.Indexed += rep.Indexed + rep.Removed
	}
	if res.Conflicts == nil {
		res.Conflicts = []string{}
	}
	return structured(res), nil
}

func (h *handlers) recall(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a recallArgs
	if err := bind(req, &a); err != nil {
		return failure(ToolRecall, err), nil
	}
	budget, err := intIn("budget_tokens", a.BudgetTokens, DefaultBudget, MinBudget, MaxBudget)
	if err != nil {
		return failure(ToolRecall, err), nil
	}
	st, err := h.cfg.Store.Get(ctx)
	if err != nil {
		return failure(ToolRecall, err), nil
	}
	b, err := recall.Recall(ctx, st, recall.Query{Text: a.Query, Project: strings.TrimSpace(a.Project), Budget: recall.Budget{Tokens: budget}})
	if err != nil {
		return failure(ToolRecall, err), nil
	}
	if b.Text == "" {
		return mcp.NewToolResultText(noRecall(a)), nil
	}
	return mcp.NewToolResultText(b.Text), nil
}

// noRecall says that nothing matched, in words the model can act on.
func noRecall(a recallArgs) string {
	what := "the project's durable notes"
	if strings.TrimSpace(a.Query) != "" {
		what = fmt.Sprintf("query %q", a.Query)
	}
	where := "any project"
	if p := strings.TrimSpace(a.Project); p != "" {
		where = fmt.Sprintf("project %q", p)
	}
	return fmt.Sprintf("No memory notes matched %s in %s.", what, where)
}

func (h *handlers) forget(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a forgetArgs
	if err := bind(req, &a); err != nil {
		return failure(ToolForget, err), nil
	}
	id, err := parseID("id", a.ID)
	if err != nil {
		return failure(ToolForget, err), nil
	}
	st, err := h.cfg.Store.Get(ctx)
	if err != nil {
		return failure(ToolForget, err), nil
	}
	n, err := st.Forget(ctx, id)
	if err != nil {
		return failure(ToolForget, err), nil
	}
	return structured(forgetOutput{ID: n.ID, Status: string(n.Status), DeletedAt: n.DeletedAt}), nil
}
