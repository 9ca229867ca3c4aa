package app

import (
	"strings"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// Input as front ends receive it: text, not yet checked. Every check and default lives here, so
// the CLI and the MCP tools refuse the same input with the same sentence.

// Filter narrows list and search: a project key, a type and a scope (empty means any), and the
// Python reference's tenancy fields.
type Filter struct {
	Project, Type, Scope string
	UserID, WorkspaceID  string
	IncludeDeleted       bool
}

func (f Filter) parse() (store.Filter, error) {
	t, err := ParseType(f.Type, false)
	if err != nil {
		return store.Filter{}, err
	}
	sc, err := ParseScope(f.Scope, false)
	if err != nil {
		return store.Filter{}, err
	}
	return store.Filter{Project: strings.TrimSpace(f.Project), Type: t, Scope: sc,
		UserID: strings.TrimSpace(f.UserID), WorkspaceID: strings.TrimSpace(f.WorkspaceID),
		IncludeDeleted: f.IncludeDeleted}, nil
}

// ParseType checks a note type; blank is allowed (and returned as "") unless required.
func ParseType(s string, required bool) (note.Type, error) {
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

// ParseScope checks a scope; blank is allowed (and returned as "") unless required.
func ParseScope(s string, required bool) (note.Scope, error) {
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

// ParseID checks a note id given as the parameter named field.
func ParseID(field, id string) (string, error) {
	id = strings.TrimSpace(id)
	if note.ValidateID(id) != nil {
		return "", invalidf("%s must be a note id, 26 characters of Crockford base32 such as 01J9Z8YPM7Q3X2V4WT6B5N0KGD, not %q", field, id)
	}
	return id, nil
}

// IntIn returns *p, or def when p is nil, refusing a value outside [lo, hi].
func IntIn(name string, p *int, def, lo, hi int) (int, error) {
	if p == nil {
		return def, nil
	}
	if *p < lo || *p > hi {
		return 0, invalidf("%s must be between %d and %d, not %d", name, lo, hi, *p)
	}
	return *p, nil
}
