package gitsync

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/note"
)

// ConflictTag marks a note sync made to keep the losing side of a conflicting edit.
const ConflictTag = "conflict"

// resolution is the outcome of a content conflict on one note file: which side keeps the file,
// and the losing side re-issued as a new note so that nothing is lost.
type resolution struct {
	oursWins bool
	copy     *note.Note
}

// resolveNote decides between two versions of the same note. The newer edit wins the file:
// updated_at first, then machine_id, then the bytes, so that every machine that ever resolves
// the same pair picks the same winner. A forget (status: deleted) and a supersede are edits like
// any other. The loser becomes a new note (fresh id, tag "conflict") that names the original.
func resolveNote(ours, theirs []byte) (resolution, error) {
	a, err := note.Parse(ours)
	if err != nil {
		return resolution{}, fmt.Errorf("local version: %w", err)
	}
	b, err := note.Parse(theirs)
	if err != nil {
		return resolution{}, fmt.Errorf("remote version: %w", err)
	}
	oursWins := newer(a, b, ours, theirs)
	winner, loser := b, a
	if oursWins {
		winner, loser = a, b
	}
	return resolution{oursWins: oursWins, copy: conflictCopy(loser, winner)}, nil
}

// newer reports whether a (with file bytes ab) is the newer edit than b.
func newer(a, b *note.Note, ab, bb []byte) bool {
	if ta, tb := canonicalTime(a.UpdatedAt), canonicalTime(b.UpdatedAt); ta != tb {
		return ta > tb
	}
	if a.MachineID != b.MachineID {
		return a.MachineID > b.MachineID
	}
	return bytes.Compare(ab, bb) > 0
}

// canonicalTime makes hand-written "2026-01-01 00:00:00+00:00" compare like the "T" form.
func canonicalTime(s string) string {
	return strings.Replace(strings.TrimSpace(s), " ", "T", 1)
}

// conflictCopy re-issues the losing version of a note under a new id.
func conflictCopy(loser, winner *note.Note) *note.Note {
	c := *loser
	c.ID = note.NewID()
	c.Tags = note.NormalizeTags(append(append([]string{}, loser.Tags...), ConflictTag))
	c.Supersedes = append([]string(nil), loser.Supersedes...)
	c.IdempotencyKey = "" // the original keeps the key; a retry must find the original
	c.Title = fmt.Sprintf("%s (conflict copy of %s)", loser.Title, loser.ID)
	state := "edited"
	if loser.Deleted() {
		state = "forgotten"
	}
	c.Body = fmt.Sprintf("Sync conflict: note %s was changed on two machines. This is the version %s on %s at %s;"+
		" the version from %s at %s kept the original id.\n\n%s",
		loser.ID, state, orUnknown(loser.MachineID), orUnknown(loser.UpdatedAt),
		orUnknown(winner.MachineID), orUnknown(winner.UpdatedAt), loser.Body)
	return &c
}

func orUnknown(s string) string {
	if strings.TrimSpace(s) == "" {
		return "an unknown time or machine"
	}
	return s
}
