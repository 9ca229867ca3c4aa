package server

import (
	"strings"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// Arguments as the tools receive them. Optional numbers are pointers so that "absent" (take the
// default) differs from an explicit 0 (refused).
type (
	filterArgs struct {
		Project string `json:"project"`
		Type    string `json:"type"`
		Scope   string `json:"scope"`
	}
	searchArgs struct {
		filterArgs
		Query          string `json:"query"`
		K              *int   `json:"k"`
		Cursor         string `json:"cursor"`
		IncludeDeleted bool   `json:"include_deleted"`
	}
	listArgs struct {
		filterArgs
		Cursor string `json:"cursor"`
		Limit  *int   `json:"limit"`
	}
	writeArgs struct {
		Type           string   `json:"type"`
		Title          string   `json:"title"`
		Body           string   `json:"body"`
		Project        *string  `json:"project"`
		Tags           []string `json:"tags"`
		Scope          *string  `json:"scope"`
		Supersedes     []string `json:"supersedes"`
		IdempotencyKey string   `json:"idempotency_key"`
	}
	syncArgs struct {
		Force bool `json:"force"`
	}
	recallArgs struct {
		Query        string `json:"query"`
		Project      string `json:"project"`
		BudgetTokens *int   `json:"budget_tokens"`
	}
	forgetArgs struct {
		ID string `json:"id"`
	}
)

// bind decodes a call's arguments into dst. Schema validation has normally refused a bad shape
// already; this is the backstop when a client bypasses it.
func bind(req mcp.CallToolRequest, dst any) error {
	if req.Params.Arguments == nil && len(req.Params.RawArguments) == 0 {
		return nil
	}
	if err := req.BindArguments(dst); err != nil {
		return invalidf("the arguments do not match the tool's input schema: %v", err)
	}
	return nil
}

func parseType(s string, required bool) (note.Type, error) {
	s = strings.TrimSpace(s)
	if s == "" && !required {
		return "", nil
	}
	t := note.Type(s)
	if note.ValidateType(t) != nil {
		return "", invalidf("type must be one of procedural, semantic or episodic, not %q", s)
	}
	return t, nil
}

func parseScope(s string, required bool) (note.Scope, error) {
	s = strings.TrimSpace(s)
	if s == "" && !required {
		return "", nil
	}
	sc := note.Scope(s)
	if note.ValidateScope(sc) != nil {
		return "", invalidf("scope must be portable or machine-local, not %q", s)
	}
	return sc, nil
}

func parseID(field, id string) (string, error) {
	id = strings.TrimSpace(id)
	if note.ValidateID(id) != nil {
		return "", invalidf("%s must be a note id, 26 characters of Crockford base32 such as 01J9Z8YPM7Q3X2V4WT6B5N0KGD, not %q", field, id)
	}
	return id, nil
}

func (f filterArgs) filter() (store.Filter, error) {
	t, err := parseType(f.Type, false)
	if err != nil {
		return store.Filter{}, err
	}
	sc, err := parseScope(f.Scope, false)
	if err != nil {
		return store.Filter{}, err
	}
	return store.Filter{Project: strings.TrimSpace(f.Project), Type: t, Scope: sc}, nil
}

// intIn returns *p, or def when p is nil, refusing a value outside [lo, hi].
func intIn(name string, p *int, def, lo, hi int) (int, error) {
	if p == nil {
		return def, nil
	}
	if *p < lo || *p > hi {
		return 0, invalidf("%s must be between %d and %d, not %d", name, lo, hi, *p)
	}
	return *p, nil
}
