package server

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/anamnesis-go/anamnesis/core/app"
)

// memory_status: the store at a glance, and how sync stands.

type noArgs struct{}

func statusTool(a *app.App) tool {
	def := newTool(ToolStatus,
		mcp.WithToolTitle("Memory status"),
		mcp.WithDescription("Report the memory store: where it is, note counts by type, project, scope and workspace, forgotten notes, sync conflict copies, and the git sync state."),
		readOnlyTool("Memory status"),
		mcp.WithOutputSchema[app.Status](),
	)
	return define(def, func(ctx context.Context, _ noArgs) (app.Status, error) { return a.Status(ctx) })
}
