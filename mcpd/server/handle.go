package server

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/anamnesis-go/anamnesis/core/app"
)

// How results reach the model. Claude Code gives the model only JSON.stringify(structuredContent)
// when a result has it and drops the text blocks; on isError it is the reverse, only the text
// survives. So:
//   - Tools whose answer is data (search, list, status, write, sync, forget) return one JSON
//     object as structuredContent, declared by an outputSchema, and the same JSON as the text block
//     (the spec's fallback for clients without structured output). The structured part is complete
//     on its own, so nothing is lost whichever part a client shows.
//   - memory_recall's answer is prose for the model: a markdown bundle. Wrapped in JSON its
//     newlines and headings would arrive escaped, so it returns text only (prose).
//   - Errors are text only with isError: one sentence saying what was wrong and what is allowed.
//     They are results, never Go errors: a Go error would become a JSON-RPC error the model
//     never sees.

// prose is an answer returned as text only.
type prose string

// define pairs a tool's definition with its handler.
func define[A, R any](def mcp.Tool, fn func(context.Context, A) (R, error)) tool {
	return tool{def: def, handler: handle(def, fn)}
}

// handle is the one adapter between MCP and a use case: it checks the arguments' shape against
// the tool's own input schema, decodes them into A, calls fn, and encodes R or the error.
func handle[A, R any](def mcp.Tool, fn func(context.Context, A) (R, error)) mcpserver.ToolHandlerFunc {
	sh := shapeOf(def)
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var args A
		if err := sh.bind(req, &args); err != nil {
			return failure(def.Name, err), nil
		}
		r, err := fn(ctx, args)
		if err != nil {
			return failure(def.Name, err), nil
		}
		return result(r), nil
	}
}

// result encodes a use case's answer: prose as text, anything else as structuredContent with the
// identical JSON as text.
func result(v any) *mcp.CallToolResult {
	if p, ok := v.(prose); ok {
		return mcp.NewToolResultText(string(p))
	}
	b, err := json.Marshal(v)
	if err != nil {
		return mcp.NewToolResultError(fmt.Sprintf("The result could not be encoded: %v.", err))
	}
	return mcp.NewToolResultStructured(v, string(b))
}

// hints say what to do next after an error the caller can act on, in this front end's words.
var hints = map[error]string{
	app.ErrNotFound:             "use memory_search or memory_list to find ids",
	app.ErrIdempotencyConflict:  "use a new idempotency_key for new content",
	app.ErrIdempotencyForgotten: "to write it again, use a new idempotency_key",
}

// failure turns an error into the isError result the model reads: app.Problem's sentence for bad
// input, and for anything else which tool failed and why.
func failure(tool string, err error) *mcp.CallToolResult {
	msg, invalid := app.Problem(err, hints)
	if !invalid {
		msg = tool + " failed: " + msg
	}
	return mcp.NewToolResultError(sentence(msg))
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
