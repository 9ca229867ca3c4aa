package server

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/anamnesis-go/anamnesis/core/app"
)

// memory_list: notes newest first, without bodies, paged.

type listArgs struct {
	filterArgs
	Cursor string `json:"cursor"`
	Limit  *int   `json:"limit"` // nil: the default; an explicit 0 is refused
}

func listTool(a *app.App) tool {
	def := newTool(ToolList, joinOpts(
		[]mcp.ToolOption{
			mcp.WithToolTitle("List memory"),
			mcp.WithDescription("List memory notes newest first: ids, titles and metadata, no bodies. Paged: pass next_cursor back as cursor, with the same filters, for the next page. Use memory_search to read notes."),
			readOnlyTool("List memory"),
		},
		filterParams(),
		[]mcp.ToolOption{
			cursorParam(),
			mcp.WithInteger("limit", mcp.DefaultNumber(app.DefaultListLimit), mcp.Min(1), mcp.Max(app.MaxListLimit), mcp.Description("Notes per page.")),
			mcp.WithOutputSchema[app.Page](),
		},
	)...)
	return define(def, func(ctx context.Context, x listArgs) (app.Page, error) {
		return a.List(ctx, app.ListRequest{Filter: x.filter(), Limit: x.Limit, Cursor: x.Cursor})
	})
}
