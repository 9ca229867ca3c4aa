package server

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/anamnesis-go/anamnesis/core/app"
)

// memory_sync: one sync cycle, recorded for memory_status and "anamnesis status" like the CLI's.

type syncArgs struct {
	Force bool `json:"force"`
}

func syncTool(a *app.App) tool {
	def := newTool(ToolSync,
		mcp.WithToolTitle("Sync memory"),
		mcp.WithDescription("Run one git sync cycle of the portable notes: commit local notes, pull the user's other machines' notes, push, and update the index. A conflicting edit is kept as a conflict copy, never dropped."),
		annotations("Sync memory", false, false, false, true),
		mcp.WithBoolean("force", mcp.DefaultBool(false), mcp.Description("Also check every note file against the index afterwards, repairing notes edited by hand.")),
		mcp.WithOutputSchema[app.SyncReport](),
	)
	return define(def, func(ctx context.Context, x syncArgs) (app.SyncReport, error) {
		return a.Sync(ctx, app.SyncRequest{Force: x.Force})
	})
}
