package server

import (
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/anamnesis-go/anamnesis/core/store"
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
)

// Limits the schemas advertise and the handlers enforce.
const (
	DefaultK          = 8
	DefaultListLimit  = 50
	MaxListLimit      = 500
	DefaultBudget     = 2000
	MinBudget         = 100
	MaxBudget         = 20000 // Claude Code warns above 10,000 tokens and spills above 25,000
	DefaultWriteScope = "portable"
)

var (
	typeValues  = []string{"procedural", "semantic", "episodic"}
	scopeValues = []string{"portable", "machine-local"}
)

// idPattern is a ULID as core/note.ValidateID accepts it, so a bad id is refused by the schema
// before it reaches the handler (which checks again).
const idPattern = `^[0-7][0-9A-HJKMNP-TV-Z]{25}$`

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

func filterParams() []mcp.ToolOption {
	return []mcp.ToolOption{
		mcp.WithString("project", mcp.Description(`Only notes of this project key (exact match), e.g. "github.com/acme/app" or "global".`)),
		mcp.WithString("type", mcp.Enum(typeValues...), mcp.Description("Only notes of this type.")),
		mcp.WithString("scope", mcp.Enum(scopeValues...), mcp.Description(`Only "portable" (synced) or "machine-local" notes.`)),
	}
}

func searchTool() mcp.Tool {
	opts := []mcp.ToolOption{
		mcp.WithToolTitle("Search memory"),
		mcp.WithDescription("Search memory notes by keywords (BM25 over title, tags and body), best first. Returns up to k notes with their bodies, and next_cursor when more match: pass it back as cursor, with the same query and filters, for the next page."),
		readOnlyTool("Search memory"),
		mcp.WithString("query", mcp.Required(), mcp.Description("Keywords: names of tools, errors, files, concepts. Every word is matched; common English words are ignored.")),
	}
	opts = append(opts, filterParams()...)
	opts = append(opts,
		mcp.WithInteger("k", mcp.DefaultNumber(DefaultK), mcp.Min(1), mcp.Max(store.MaxK), mcp.Description("Notes per page.")),
		mcp.WithString("cursor", mcp.Description("next_cursor from the previous page.")),
		mcp.WithBoolean("include_deleted", mcp.DefaultBool(false), mcp.Description("Also return forgotten notes.")),
		mcp.WithOutputSchema[notesOutput](),
	)
	return newTool(ToolSearch, opts...)
}

func listTool() mcp.Tool {
	opts := []mcp.ToolOption{
		mcp.WithToolTitle("List memory"),
		mcp.WithDescription("List memory notes newest first: ids, titles and metadata, no bodies. Paged: pass next_cursor back as cursor, with the same filters, for the next page. Use memory_search to read notes."),
		readOnlyTool("List memory"),
	}
	opts = append(opts, filterParams()...)
	opts = append(opts,
		mcp.WithString("cursor", mcp.Description("next_cursor from the previous page.")),
		mcp.WithInteger("limit", mcp.DefaultNumber(DefaultListLimit), mcp.Min(1), mcp.Max(MaxListLimit), mcp.Description("Notes per page.")),
		mcp.WithOutputSchema[notesOutput](),
	)
	return newTool(ToolList, opts...)
}

func statusTool() mcp.Tool {
	return newTool(ToolStatus,
		mcp.WithToolTitle("Memory status"),
		mcp.WithDescription("Report the memory store: where it is, note counts by type, project, scope and workspace, forgotten notes, sync conflict copies, and the git sync state."),
		readOnlyTool("Memory status"),
		mcp.WithOutputSchema[statusOutput](),
	)
}

func writeTool() mcp.Tool {
	return newTool(ToolWrite,
		mcp.WithToolTitle("Write a memory note"),
		mcp.WithDescription(`Create a durable memory note (a new note every time; it never edits another). type: procedural (verified how-to, decision, fix), semantic (fact, convention, preference) or episodic (what happened). scope "portable" syncs to the user's other machines; "machine-local" never leaves this one. The note records this machine as its origin. Returns the note.`),
		annotations("Write a memory note", false, false, false, false),
		mcp.WithString("type", mcp.Required(), mcp.Enum(typeValues...), mcp.Description("Kind of knowledge.")),
		mcp.WithString("title", mcp.Required(), mcp.MinLength(1), mcp.Description("One line stating the point of the note.")),
		mcp.WithString("body", mcp.Required(), mcp.Description("Markdown: the why, and the exact commands, paths or values.")),
		mcp.WithString("project", mcp.DefaultString("global"), mcp.Description(`Project key the note belongs to; "global" for knowledge not tied to one project.`)),
		mcp.WithArray("tags", mcp.WithStringItems(), mcp.Description("A few lower-case labels.")),
		mcp.WithString("scope", mcp.DefaultString(DefaultWriteScope), mcp.Enum(scopeValues...), mcp.Description("portable (synced) or machine-local (never synced).")),
		mcp.WithArray("supersedes", mcp.WithStringItems(mcp.Pattern(idPattern)), mcp.Description("Ids of older notes this one replaces; they stop appearing in search.")),
		mcp.WithString("idempotency_key", mcp.Description("Any string unique to this note: retrying with the same key and content returns the first note instead of a duplicate.")),
		mcp.WithOutputSchema[noteOutput](),
	)
}

func syncTool() mcp.Tool {
	return newTool(ToolSync,
		mcp.WithToolTitle("Sync memory"),
		mcp.WithDescription("Run one git sync cycle of the portable notes: commit local notes, pull the user's other machines' notes, push, and update the index. A conflicting edit is kept as a conflict copy, never dropped."),
		annotations("Sync memory", false, false, false, true),
		mcp.WithBoolean("force", mcp.DefaultBool(false), mcp.Description("Also check every note file against the index afterwards, repairing notes edited by hand.")),
		mcp.WithOutputSchema[syncOutput](),
	)
}

func recallTool() mcp.Tool {
	return newTool(ToolRecall,
		mcp.WithToolTitle("Recall memory"),
		mcp.WithDescription("Return one markdown bundle of the most relevant notes, packed into a token budget (never over it): for context rather than a list of hits. With a query, notes matching it (the project's and global ones); without, the project's durable notes, newest first."),
		readOnlyTool("Recall memory"),
		mcp.WithString("query", mcp.Description("Keywords; omit to recall the project's durable notes.")),
		mcp.WithString("project", mcp.Description("Project key; omit for every project.")),
		mcp.WithInteger("budget_tokens", mcp.DefaultNumber(DefaultBudget), mcp.Min(MinBudget), mcp.Max(MaxBudget), mcp.Description("Token ceiling of the bundle.")),
	)
}

func forgetTool() mcp.Tool {
	return newTool(ToolForget,
		mcp.WithToolTitle("Forget a memory note"),
		mcp.WithDescription(`Forget a note (soft delete): it disappears from search, list and recall on every machine, but its file is kept with status "deleted". Forgetting a forgotten note changes nothing. Returns {id, status, deleted_at}.`),
		annotations("Forget a memory note", false, true, true, false),
		mcp.WithString("id", mcp.Required(), mcp.Pattern(idPattern), mcp.Description("The note's id (a 26-character ULID) from memory_search or memory_list.")),
		mcp.WithOutputSchema[forgetOutput](),
	)
}

// newTool builds a tool whose input schema refuses unknown arguments. It is set explicitly (not
// only through the server's strict default) so that the schema the explainer compiles is exactly
// the one mcp-go enforces and advertises.
func newTool(name string, opts ...mcp.ToolOption) mcp.Tool {
	return mcp.NewTool(name, append(opts, mcp.WithSchemaAdditionalProperties(false))...)
}
