package gitsync

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/note"
)

// ConflictTag marks a note sync made to keep the losing side of a conflicting edit.
const ConflictTag = "conflict"

// resolution is the outcome of a note changed on both sides: which side keeps the file, and the
// other version re-issued as a new note so that nothing is lost (nil when it says nothing the
// winner does not: the same note, differing only in when and where it was saved).
type resolution struct {
	oursWins bool
	copy     *note.Note
}

// resolveNote decides between two versions of one note changed on both sides since base (nil
// when the note did not exist there, or could not be read), as whole notes:
//
//   - A forget wins over an edit that had not seen it (the note was live in base): a forget is
//     never silently undone. The edit is kept as a live conflict note, visible and counted.
//   - An edit that restored a note forgotten in base had seen the forget, and wins.
//   - Otherwise the newer edit wins: updated_at, then machine_id, then the bytes, so every
//     machine that resolves the same pair picks the same winner.
//
// The loser becomes a new note (fresh id, tag "conflict") that names the original; it keeps the
// loser's status, so a losing forget stays forgotten.
func resolveNote(base, ours, theirs []byte) (resolution, error) {
	a, err := note.Parse(ours)
	if err != nil {
		return resolution{}, fmt.Errorf("local version: %w", err)
	}
	b, err := note.Parse(theirs)
	if err != nil {
		return resolution{}, fmt.Errorf("remote version: %w", err)
	}
	baseDeleted := false
	if base != nil {
		if bn, err := note.Parse(base); err == nil {
			baseDeleted = bn.Deleted()
		}
	}
	var oursWins bool
	switch {
	case a.Deleted() != b.Deleted() && !baseDeleted:
		oursWins = a.Deleted() // the forget wins
	case a.Deleted() != b.Deleted():
		oursWins = !a.Deleted() // the restore wins
	default:
		oursWins = newer(a, b, ours, theirs)
	}
	winner, loser := b, a
	if oursWins {
		winner, loser = a, b
	}
	r := resolution{oursWins: oursWins}
	if !sameContent(winner, loser) {
		r.copy = conflictCopy(loser, winner)
	}
	return r, nil
}

// sameContent reports whether two versions differ only in when and on which machine they were
// saved: nothing would be lost by keeping either.
func sameContent(a, b *note.Note) bool {
	x, y := *a, *b
	x.UpdatedAt, y.UpdatedAt = "", ""
	x.DeletedAt, y.DeletedAt = "", ""
	x.MachineID, y.MachineID = "", ""
	return bytes.Equal(note.Marshal(&x), note.Marshal(&y))
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
	// Likewise the session: capture finds a session's note by prov_session, and its next capture
	// must update the original, not the copy (the body names the original).
	c.ProvSession = ""
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
