package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/note"
)

// The compat profile (anamnesis-mcpd --profile compat, or the setting mcp.profile) serves the
// memory, session and decision tools of seed 004's tool surface (tool-consolidation-reference),
// with that document's names, parameters, defaults, clamps and response envelope, for clients
// written against that server. Everything they keep is an ordinary note of the project the server
// started in, so it syncs, searches and injects like any other note:
//   - a named memory is a semantic note titled with its name, tagged "memory" and "memory:<name>";
//   - a session is an episodic note tagged "session" and "session-active" or "session-ended";
//   - a decision is a semantic note tagged "decision" (and "session:<id>" when linked).
// Its code-intelligence tools (LSP, refactoring, complexity) are out of scope for a memory store.

// compatCtx is what every compat tool is bound to: the app and the project its notes belong to.
type compatCtx struct {
	a       *app.App
	project string
}

// compatTools lists the compat profile's nine tools.
func compatTools(a *app.App, project string) []tool {
	project = strings.TrimSpace(project)
	if project == "" {
		project = note.DefaultProject
	}
	c := compatCtx{a: a, project: project}
	return []tool{
		c.writeMemoryTool(), c.readMemoryTool(), c.editMemoryTool(), c.deleteMemoryTool(), c.searchMemoriesTool(),
		c.startSessionTool(), c.endSessionTool(), c.getSessionsTool(), c.manageDecisionsTool(),
	}
}

// compatInstructions tells the model what the compat tools are over.
func compatInstructions(project string) string {
	if project == "" {
		project = note.DefaultProject
	}
	return "Anamnesis memory, seed-004 compatible tools. Named memories (write_memory, read_memory, edit_memory, " +
		"delete_memory, search_memories), work sessions (start_session, end_session, get_sessions) and decisions " +
		"(manage_decisions) are stored as notes of project " + project + "; they sync to the user's other machines. " +
		"Every tool answers {success, data, metadata} or {success: false, error, error_code, is_retryable}."
}

// envelope is the reference's response: {success, data, metadata} on success and
// {success: false, error, error_code, is_retryable} on failure.
type envelope struct {
	Success     bool           `json:"success"`
	Data        any            `json:"data,omitempty"`
	Metadata    map[string]any `json:"metadata,omitempty"`
	Error       string         `json:"error,omitempty"`
	ErrorCode   string         `json:"error_code,omitempty"`
	IsRetryable *bool          `json:"is_retryable,omitempty"`
}

// Error codes, the reference's classifier categories.
const (
	codeValidation = "validation_error"
	codeNotFound   = "not_found"
	codeConflict   = "conflict"
	codeBusy       = "resource_busy"
	codeTimeout    = "timeout"
	codeInternal   = "internal_error"
)

// compatError is a failure with the category the caller sees. Tools return it for outcomes the
// app has no error for (no active session, text not found in a memory).
type compatError struct {
	code string
	msg  string
}

func (e *compatError) Error() string { return e.msg }

func notFoundf(format string, args ...any) error {
	return &compatError{code: codeNotFound, msg: fmt.Sprintf(format, args...)}
}

// defineCompat pairs a compat tool's definition with its handler: the arguments' shape is checked
// against the tool's own input schema (as for the default tools), then fn runs and its answer or
// error is wrapped in the envelope.
func defineCompat[A any](def mcp.Tool, fn func(context.Context, A) (any, map[string]any, error)) tool {
	sh := shapeOf(def)
	h := func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var args A
		if err := sh.bind(req, &args); err != nil {
			return compatFailure(err), nil
		}
		data, meta, err := fn(ctx, args)
		if err != nil {
			return compatFailure(err), nil
		}
		return compatSuccess(data, meta), nil
	}
	return tool{def: def, handler: mcpserver.ToolHandlerFunc(h)}
}

// compatSuccess is the success envelope, as structuredContent and as the same JSON in text.
func compatSuccess(data any, meta map[string]any) *mcp.CallToolResult {
	env := envelope{Success: true, Data: data, Metadata: meta}
	b, err := json.Marshal(env)
	if err != nil {
		return compatFailure(fmt.Errorf("encode result: %w", err))
	}
	return mcp.NewToolResultStructured(env, string(b))
}

// compatFailure is the failure envelope. It is also marked isError, so a client that only looks
// at the protocol's flag sees the failure too; the text is the envelope's JSON, so a client that
// shows only text (Claude Code on isError) still reads error_code and is_retryable.
func compatFailure(err error) *mcp.CallToolResult {
	code, retry := classify(err)
	msg, _ := app.Problem(err, nil)
	env := envelope{Error: sentence(stripPaths(msg)), ErrorCode: code, IsRetryable: &retry}
	b, _ := json.Marshal(env)
	return &mcp.CallToolResult{
		Content:           []mcp.Content{mcp.NewTextContent(string(b))},
		StructuredContent: env,
		IsError:           true,
	}
}

// classify maps an error to the reference's error_code and whether retrying may help: a busy store
// or a concurrent edit may well succeed on a second try, bad input never does.
func classify(err error) (code string, retryable bool) {
	var ce *compatError
	switch {
	case errors.As(err, &ce):
		return ce.code, false
	case errors.Is(err, note.ErrInvalid):
		return codeValidation, false
	case errors.Is(err, app.ErrNotFound):
		return codeNotFound, false
	case errors.Is(err, app.ErrEditConflict):
		return codeConflict, true
	case errors.Is(err, app.ErrBusy):
		return codeBusy, true
	case errors.Is(err, context.DeadlineExceeded):
		return codeTimeout, true
	}
	return codeInternal, false
}

// absPath matches an absolute path in a message: a slash after a space, quote or the start, then
// anything up to the next space or quote.
var absPath = regexp.MustCompile(`(^|[\s"'(=])/[^\s"'():,]+`)

// stripPaths replaces absolute paths in a message with their last element, as the reference does:
// an error must not show where the user's files live.
func stripPaths(msg string) string {
	return absPath.ReplaceAllStringFunc(msg, func(m string) string {
		lead := ""
		if m[0] != '/' {
			lead, m = m[:1], m[1:]
		}
		if i := strings.LastIndexByte(strings.TrimRight(m, "/"), '/'); i >= 0 {
			m = m[i+1:]
		}
		return lead + "<path>/" + m
	})
}

// clamp bounds an optional limit as the reference does: silently, into [lo, hi], def when absent.
func clamp(p *int, def, lo, hi int) int {
	v := def
	if p != nil {
		v = *p
	}
	return max(lo, min(hi, v))
}

// listAll returns up to limit live notes of the project carrying tag, newest first, paging through
// the listing.
func (c compatCtx) listAll(ctx context.Context, tag string, limit int, keep func(*note.Note) bool) ([]*note.Note, error) {
	var out []*note.Note
	cursor := ""
	page := app.MaxListLimit
	for {
		p, err := c.a.ListTagged(ctx, app.ListRequest{Filter: app.Filter{Project: c.project}, Limit: &page, Cursor: cursor}, tag)
		if err != nil {
			return nil, err
		}
		for _, n := range p.Notes {
			if keep == nil || keep(n) {
				out = append(out, n)
				if limit > 0 && len(out) == limit {
					return out, nil
				}
			}
		}
		if p.NextCursor == "" {
			return out, nil
		}
		cursor = p.NextCursor
	}
}

// withBody returns n with its body, read from its file when a listing left it out.
func (c compatCtx) withBody(ctx context.Context, n *note.Note) (*note.Note, error) {
	if n.Body != "" {
		return n, nil
	}
	return c.a.Show(ctx, n.ID)
}

// update rewrites cur with a new body (secrets redacted, as Write does) and tags, keeping every
// other field. It returns the redaction rules that fired.
func (c compatCtx) update(ctx context.Context, cur *note.Note, body string, tags []string) (*note.Note, []string, error) {
	body, rules := c.a.Redact(body)
	n, err := c.a.Update(ctx, app.UpdateRequest{ID: cur.ID, BaseVersion: app.Version(cur), Type: string(cur.Type),
		Title: cur.Title, Body: body, Project: cur.Project, Scope: string(cur.Scope), Tags: tags, Supersedes: cur.Supersedes})
	return n, rules, err
}

// stringList is a list parameter of strings.
func stringList(name, desc string) mcp.ToolOption {
	return mcp.WithArray(name, mcp.WithStringItems(), mcp.Description(desc))
}

// oneLine makes a value safe for a "- key: value" line of a note body.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
