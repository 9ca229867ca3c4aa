package server

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/anamnesis-go/anamnesis/core/app"
)

// memory_forget: a soft delete that syncs.

type forgetArgs struct {
	ID string `json:"id"`
}

func forgetTool(a *app.App) tool {
	def := newTool(ToolForget,
		mcp.WithToolTitle("Forget a memory note"),
		mcp.WithDescription(`Forget a note (soft delete): it disappears from search, list and recall on every machine, but its file is kept with status "deleted". Forgetting a forgotten note changes nothing. Returns {id, status, deleted_at}.`),
		annotations("Forget a memory note", false, true, true, false),
		mcp.WithString("id", mcp.Required(), mcp.Pattern(idPattern), mcp.Description("The note's id (a 26-character ULID) from memory_search or memory_list.")),
		mcp.WithOutputSchema[app.ForgetResult](),
	)
	return define(def, func(ctx context.Context, x forgetArgs) (app.ForgetResult, error) {
		return a.Forget(ctx, x.ID)
	})
}
