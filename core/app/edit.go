package app

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/anamnesis-go/anamnesis/core/note"
)

// ErrEditConflict is an edit made to a note that changed after the editor loaded it: the edit is
// refused rather than silently overwriting the other change.
var ErrEditConflict = errors.New("the note changed since it was loaded")

// Version identifies a note's content as written (every field, the body included), so an editor
// can tell whether the note it loaded is still the one on disk. It is the first 16 hex digits of
// the SHA-256 of the note's file form.
func Version(n *note.Note) string {
	sum := sha256.Sum256(note.Marshal(n))
	return hex.EncodeToString(sum[:8])
}

// UpdateRequest is a whole-note edit of an existing note. BaseVersion is Version of the note the
// editor started from; the update is refused with ErrEditConflict when the note has changed since.
// The other fields replace the note's; Project "" means global and Scope "" portable, as for Write.
type UpdateRequest struct {
	ID, BaseVersion   string
	Type, Title, Body string
	Project, Scope    string
	Tags, Supersedes  []string
}

// Update rewrites an existing note in place (same id, created_at and provenance; updated_at now)
// through the store's atomic write and single-row index update, redacting secrets as Write does. A forgotten note cannot be
// edited: restore a version of it first.
func (a *App) Update(ctx context.Context, r UpdateRequest) (*note.Note, error) {
	id, err := ParseID("id", r.ID)
	if err != nil {
		return nil, err
	}
	in, err := WriteRequest{Type: r.Type, Title: r.Title, Body: r.Body, Project: r.Project, Scope: r.Scope,
		Tags: r.Tags, Supersedes: r.Supersedes}.parse()
	if err != nil {
		return nil, err
	}
	for _, s := range in.Supersedes {
		if s == id {
			return nil, invalidf("supersedes must not name the note itself (%s)", id)
		}
	}
	cur, err := a.Show(ctx, id)
	if err != nil {
		return nil, err
	}
	if cur.Deleted() {
		return nil, invalidf("note %s is forgotten: restore a version of it from its history before editing", id)
	}
	if err := checkBase(cur, r.BaseVersion); err != nil {
		return nil, err
	}
	// An edit is a write like any other: secrets pasted into it are redacted before it is stored.
	in.Title, _ = a.Redact(in.Title)
	in.Body, _ = a.Redact(in.Body)
	next := *cur
	next.Type, next.Title, next.Body = in.Type, in.Title, in.Body
	next.Project, next.Scope = in.Project, in.Scope
	next.Tags = note.NormalizeTags(in.Tags)
	next.Supersedes = nil
	if len(in.Supersedes) > 0 {
		next.Supersedes = in.Supersedes
	}
	return a.put(ctx, cur, &next)
}

// checkBase refuses an edit based on another version than cur.
func checkBase(cur *note.Note, base string) error {
	if base == "" {
		return invalidf("base_version must be given: the version of the note the edit started from")
	}
	if Version(cur) != base {
		return fmt.Errorf("%w: note %s was changed at %s (by %s) after the editor loaded it; reload it and edit again",
			ErrEditConflict, cur.ID, cur.UpdatedAt, cur.MachineID)
	}
	return nil
}

// put writes next over cur with a fresh updated_at, strictly later than cur's so that sync ranks
// the edit as the newer side. machine_id stays the note's origin; git records who edited.
func (a *App) put(ctx context.Context, cur, next *note.Note) (*note.Note, error) {
	st, err := a.Store(ctx)
	if err != nil {
		return nil, err
	}
	next.UpdatedAt = note.Now()
	if next.UpdatedAt <= cur.UpdatedAt {
		// The clock has not moved past the previous edit's second (or runs behind another
		// machine's): stay after it anyway.
		next.UpdatedAt = bumpSecond(cur.UpdatedAt)
	}
	// The caller checked cur against the editor's base; check again under the store lock, so an
	// edit or a sync landing in between is refused rather than overwritten.
	base := Version(cur)
	err = st.PutChecked(ctx, next, func(disk *note.Note) error { return checkBase(disk, base) })
	if err != nil {
		return nil, err
	}
	return next, nil
}

// bumpSecond returns the timestamp one second after ts (or now when ts does not parse).
func bumpSecond(ts string) string {
	t, err := time.Parse(time.RFC3339, canonicalTime(ts))
	if err != nil {
		return note.Now()
	}
	return note.FormatTime(t.Add(time.Second))
}

func canonicalTime(s string) string { return strings.Replace(strings.TrimSpace(s), " ", "T", 1) }
