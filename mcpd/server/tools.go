package server

import (
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/anamnesis-go/anamnesis/core/app"
)

// Tool names. They are the whole public surface of the server: Claude Code shows them as
// mcp__<server>__<name>.
const (
	ToolSearch = "memory_search"
	ToolList   = "memory_list"
	ToolStatus = "memory_status"
	ToolWrite  = "memory_write"
	ToolSync   = "memory_sync"
	ToolRecall = "memory_recall"
	ToolForget = "memory_forget"
	ToolGet    = "memory_get"
)

var (
	typeValues  = []string{"procedural", "semantic", "episodic"}
	scopeValues = []string{"portable", "machine-local"}
)

// idPattern is a ULID as core/note.ValidateID accepts it, advertised so that a client can refuse
// a bad id before calling (core/app checks it again either way).
const idPattern = `^[0-7][0-9A-HJKMNP-TV-Z]{25}$`

// newTool builds a tool whose input schema refuses unknown arguments. It is set explicitly (not
// only through the server's strict default) so that the schema handle.go checks calls against is
// exactly the one mcp-go advertises.
func newTool(name string, opts ...mcp.ToolOption) mcp.Tool {
	return mcp.NewTool(name, append(opts, mcp.WithSchemaAdditionalProperties(false))...)
}

// annotations spells every hint out, so what a client sees does not depend on its defaults.
func annotations(title string, readOnly, destructive, idempotent, openWorld bool) mcp.ToolOption {
	return mcp.WithToolAnnotation(mcp.ToolAnnotation{
		Title:           title,
		ReadOnlyHint:    mcp.ToBoolPtr(readOnly),
		DestructiveHint: mcp.ToBoolPtr(destructive),
		IdempotentHint:  mcp.ToBoolPtr(idempotent),
		OpenWorldHint:   mcp.ToBoolPtr(openWorld),
	})
}

// readOnlyTool marks a query over the local store: auto-approvable, closed world.
func readOnlyTool(title string) mcp.ToolOption { return annotations(title, true, false, true, false) }

// filterArgs are the filters memory_search and memory_list share, as the Python reference's:
// project, type and scope, and its tenancy labels user_id and workspace_id.
type filterArgs struct {
	Project     string `json:"project"`
	Type        string `json:"type"`
	Scope       string `json:"scope"`
	UserID      string `json:"user_id"`
	WorkspaceID string `json:"workspace_id"`
}

func (f filterArgs) filter() app.Filter {
	return app.Filter{Project: f.Project, Type: f.Type, Scope: f.Scope, UserID: f.UserID, WorkspaceID: f.WorkspaceID}
}

func filterParams() []mcp.ToolOption {
	return []mcp.ToolOption{
		mcp.WithString("project", mcp.Description(`Only notes of this project key (exact match), e.g. "github.com/acme/app" or "global".`)),
		mcp.WithString("type", mcp.Enum(typeValues...), mcp.Description("Only notes of this type.")),
		mcp.WithString("scope", mcp.Enum(scopeValues...), mcp.Description(`Only "portable" (synced) or "machine-local" notes.`)),
		mcp.WithString("user_id", mcp.Description(`Only notes of this user label (exact match; notes default to "self").`)),
		mcp.WithString("workspace_id", mcp.Description(`Only notes of this workspace label (exact match; notes default to "personal").`)),
	}
}

// cursorParam is the paging parameter of memory_search and memory_list.
func cursorParam() mcp.ToolOption {
	return mcp.WithString("cursor", mcp.Description("next_cursor from the previous page."))
}

// joinOpts concatenates option lists, for definitions built from shared parts.
func joinOpts(lists ...[]mcp.ToolOption) []mcp.ToolOption {
	var out []mcp.ToolOption
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}
