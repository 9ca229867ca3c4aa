package server

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/anamnesis-go/anamnesis/core/app"
)

// memory_get: one note whole, or a window of a long body. Search trims long bodies with a marker
// naming this tool and the offset to read on from, so no note is too large to read and no result
// too large for the client.

type getArgs struct {
	ID       string `json:"id"`
	Offset   *int   `json:"offset"`
	MaxChars *int   `json:"max_chars"`
}

func getTool(a *app.App) tool {
	def := newTool(ToolGet,
		mcp.WithToolTitle("Read a memory note"),
		mcp.WithDescription("Read one note by id with its body, a window at a time: max_chars characters from offset. Use it when memory_search trimmed a long body (its marker gives the offset to read on from). Returns the note, total_chars (the body's whole length) and next_offset while more is left."),
		readOnlyTool("Read a memory note"),
		mcp.WithString("id", mcp.Required(), mcp.Pattern(idPattern), mcp.Description("The note's id (a 26-character ULID) from memory_search or memory_list.")),
		mcp.WithInteger("offset", mcp.DefaultNumber(0), mcp.Min(0), mcp.Description("Where to start reading the body, in characters.")),
		mcp.WithInteger("max_chars", mcp.DefaultNumber(app.GetChars), mcp.Min(1), mcp.Max(app.MaxGetChars), mcp.Description("Characters of the body to return.")),
		mcp.WithOutputSchema[app.GetResult](),
	)
	return define(def, func(ctx context.Context, x getArgs) (app.GetResult, error) {
		off := 0
		if x.Offset != nil {
			off = *x.Offset
		}
		return a.Get(ctx, app.GetRequest{ID: x.ID, Offset: off, MaxChars: x.MaxChars})
	})
}
