package server

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/note"
)

// memory_write: a new note. The machine id is not among the arguments: the store stamps its own,
// so a tool call cannot write a note in another machine's name.

// writeOutput is the note written and, when secrets were found in it, the rules that redacted
// them, so the model knows the stored text differs from what it sent.
type writeOutput struct {
	note.View
	Redacted []string `json:"redacted,omitempty" jsonschema:"redaction rules that replaced secrets in the title or body with [REDACTED:<rule>] before the note was stored"`
	// Similar are up to three existing notes of the project that look like this one, so the
	// model can supersede one (a new memory_write with supersedes) instead of piling up copies.
	Similar []note.View `json:"similar,omitempty" jsonschema:"up to three existing notes of the same project that look like this one (without bodies); if one says the same, supersede it instead of keeping both"`
}

type writeArgs struct {
	Type           string   `json:"type"`
	Title          string   `json:"title"`
	Body           string   `json:"body"`
	Project        string   `json:"project"` // "": global
	Tags           []string `json:"tags"`
	Scope          string   `json:"scope"` // "": portable
	Supersedes     []string `json:"supersedes"`
	IdempotencyKey string   `json:"idempotency_key"`
	UserID         string   `json:"user_id"`      // "": self
	WorkspaceID    string   `json:"workspace_id"` // "": personal
}

func writeTool(a *app.App) tool {
	def := newTool(ToolWrite,
		mcp.WithToolTitle("Write a memory note"),
		mcp.WithDescription(`Create a durable memory note (a new note every time; it never edits another). type: procedural (verified how-to, decision, fix), semantic (fact, convention, preference) or episodic (what happened). scope "portable" syncs to the user's other machines; "machine-local" never leaves this one. The note records this machine as its origin. Returns the note, and up to three existing notes that look like it (supersede one instead of keeping near-copies).`),
		annotations("Write a memory note", false, false, false, false),
		mcp.WithString("type", mcp.Required(), mcp.Enum(typeValues...), mcp.Description("Kind of knowledge.")),
		mcp.WithString("title", mcp.Required(), mcp.MinLength(1), mcp.Description("One line stating the point of the note.")),
		mcp.WithString("body", mcp.Required(), mcp.Description("Markdown: the why, and the exact commands, paths or values.")),
		mcp.WithString("project", mcp.DefaultString(note.DefaultProject), mcp.Description(`Project key the note belongs to; "global" for knowledge not tied to one project.`)),
		mcp.WithArray("tags", mcp.WithStringItems(), mcp.Description("A few lower-case labels.")),
		mcp.WithString("scope", mcp.DefaultString(string(note.Portable)), mcp.Enum(scopeValues...), mcp.Description("portable (synced) or machine-local (never synced).")),
		mcp.WithArray("supersedes", mcp.WithStringItems(mcp.Pattern(idPattern)), mcp.Description("Ids of older notes this one replaces; they stop appearing in search.")),
		mcp.WithString("idempotency_key", mcp.Description("Any string unique to this note: retrying with the same key and content returns the first note instead of a duplicate.")),
		mcp.WithString("user_id", mcp.DefaultString(note.DefaultUserID), mcp.Description("User label of the note, as the Python reference's; a filter of memory_search and memory_list.")),
		mcp.WithString("workspace_id", mcp.DefaultString(note.DefaultWorkspaceID), mcp.Description("Workspace label of the note, as the Python reference's; a filter of memory_search and memory_list.")),
		mcp.WithOutputSchema[writeOutput](),
	)
	return define(def, func(ctx context.Context, x writeArgs) (writeOutput, error) {
		res, err := a.Write(ctx, app.WriteRequest{Type: x.Type, Title: x.Title, Body: x.Body, Project: x.Project,
			Scope: x.Scope, Tags: x.Tags, Supersedes: x.Supersedes, IdempotencyKey: x.IdempotencyKey,
			UserID: x.UserID, WorkspaceID: x.WorkspaceID})
		if err != nil {
			return writeOutput{}, err
		}
		// Similar notes are advice: failing to find them never fails the write that succeeded.
		similar, _ := a.Similar(ctx, res.Note)
		for i := range similar {
			similar[i] = app.Bounded(similar[i])
		}
		// The stored note comes back bounded: a pasted log is not echoed whole to the model.
		return writeOutput{View: app.Bounded(note.ViewOf(res.Note, true)), Redacted: res.Redacted, Similar: similar}, nil
	})
}
