package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/anamnesis-go/anamnesis/core/gitsync"
	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// How results reach the model. Claude Code gives the model only JSON.stringify(structuredContent)
// when a result has it and drops the text blocks; on isError it is the reverse, only the text
// survives. So:
//   - Tools whose answer is data (search, list, status, write, sync, forget) return one JSON
//     object as structuredContent, declared by an outputSchema, and the same JSON as the text block
//     (the spec's fallback for clients without structured output). The structured part is complete
//     on its own, so nothing is lost whichever part a client shows.
//   - memory_recall's answer is prose for the model: a markdown bundle. Wrapped in JSON its
//     newlines and headings would arrive escaped, so it returns text only and no structuredContent.
//   - Errors are text only with isError: one sentence saying what was wrong and what is allowed.

// notesOutput is a page of notes: search (with bodies) and list (without).
type notesOutput struct {
	Results    []note.View `json:"results"`
	NextCursor string      `json:"next_cursor,omitempty" jsonschema:"pass back as cursor for the next page; absent on the last page"`
}

// noteOutput is one note, as memory_write returns it.
type noteOutput = note.View

// statusOutput is memory_status: the Python reference's shape plus forgotten notes, conflict copies,
// workspaces and this server's machine id.
type statusOutput struct {
	Root        string         `json:"root"`
	DBPath      string         `json:"db_path"`
	MachineID   string         `json:"machine_id"`
	Total       int            `json:"total"`
	Deleted     int            `json:"deleted"`
	Conflicts   int            `json:"conflicts"`
	ByType      map[string]int `json:"by_type"`
	ByProject   map[string]int `json:"by_project"`
	ByScope     map[string]int `json:"by_scope"`
	ByWorkspace map[string]int `json:"by_workspace"`
	Sync        gitsync.State  `json:"sync"`
}

// syncOutput is one sync cycle's report.
type syncOutput = gitsync.Result

// forgetOutput is memory_forget's answer.
type forgetOutput struct {
	ID        string `json:"id"`
	Status    string `json:"status"`
	DeletedAt string `json:"deleted_at"`
}

// structured returns v as structuredContent with the identical JSON as text.
func structured(v any) *mcp.CallToolResult {
	b, err := json.Marshal(v)
	if err != nil {
		return mcp.NewToolResultError(fmt.Sprintf("The result could not be encoded: %v.", err))
	}
	return mcp.NewToolResultStructured(v, string(b))
}

func views(notes []*note.Note, withBody bool) []note.View {
	out := make([]note.View, len(notes))
	for i, n := range notes {
		out[i] = note.ViewOf(n, withBody)
	}
	return out
}

// invalidArg is an argument the handler refused before calling core.
type invalidArg struct{ msg string }

func (e invalidArg) Error() string { return e.msg }

func invalidf(format string, args ...any) error { return invalidArg{fmt.Sprintf(format, args...)} }

// failure turns an error into the isError result the model reads. Bad input (ours or core's
// validation) reads as what to fix; anything else says which tool failed and why.
func failure(tool string, err error) *mcp.CallToolResult {
	var ia invalidArg
	switch {
	case errors.As(err, &ia):
		return mcp.NewToolResultError(sentence(ia.msg))
	case errors.Is(err, note.ErrInvalid):
		return mcp.NewToolResultError(sentence(strings.TrimPrefix(err.Error(), note.ErrInvalid.Error()+": ")))
	case errors.Is(err, store.ErrNotFound):
		return mcp.NewToolResultError(sentence(err.Error() + "; use memory_search or memory_list to find ids"))
	case errors.Is(err, store.ErrIdempotencyConflict):
		return mcp.NewToolResultError(sentence(err.Error() + "; use a new idempotency_key for new content"))
	}
	return mcp.NewToolResultError(sentence(tool + " failed: " + err.Error()))
}

// sentence ends msg with a full stop. It is not capitalized: most messages begin with a parameter
// name, and "k" or "budget_tokens" must read exactly as the model has to spell them.
func sentence(msg string) string {
	msg = strings.TrimSpace(msg)
	if msg != "" && !strings.HasSuffix(msg, ".") {
		msg += "."
	}
	return msg
}
