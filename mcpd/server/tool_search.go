package server

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/anamnesis-go/anamnesis/core/app"
)

// memory_search: keyword search, best first, with bodies, paged.

type searchArgs struct {
	filterArgs
	Query          string `json:"query"`
	K              *int   `json:"k"` // nil: the default; an explicit 0 is refused
	Cursor         string `json:"cursor"`
	IncludeDeleted bool   `json:"include_deleted"`
}

func searchTool(a *app.App, project string) tool {
	def := newTool(ToolSearch, joinOpts(
		[]mcp.ToolOption{
			mcp.WithToolTitle("Search memory"),
			mcp.WithDescription("Search memory notes by keywords (BM25 over title, tags and body), best first. Returns up to k notes with their bodies, and next_cursor when more match: pass it back as cursor, with the same query and filters, for the next page."),
			readOnlyTool("Search memory"),
			mcp.WithString("query", mcp.Required(), mcp.Description("Keywords: names of tools, errors, files, concepts. Every word is matched; common English words are ignored.")),
		},
		filterParams(),
		[]mcp.ToolOption{
			mcp.WithInteger("k", mcp.DefaultNumber(app.DefaultK), mcp.Min(1), mcp.Max(app.MaxK), mcp.Description("Notes per page.")),
			cursorParam(),
			mcp.WithBoolean("include_deleted", mcp.DefaultBool(false), mcp.Description("Also return forgotten notes.")),
			mcp.WithOutputSchema[app.Page](),
		},
	)...)
	return define(def, func(ctx context.Context, x searchArgs) (app.Page, error) {
		f := x.filter()
		f.IncludeDeleted = x.IncludeDeleted
		// The session's project comes first for the same match; other projects still answer.
		return a.Search(ctx, app.SearchRequest{Filter: f, Query: x.Query, K: x.K, Cursor: x.Cursor, Prefer: project})
	})
}
