package store

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/note"
)

// bodyKey identifies a body by its text without surrounding white space: the first 64 bits of its
// SHA-256, an integer so that it adds 8 bytes to a row, indexed, so finding the same text under
// another id is one lookup rather than a scan of every body. (Two different texts share a key
// with odds of about n²/2⁶⁵: one in ten million at a million notes.)
func bodyKey(body string) int64 {
	sum := sha256.Sum256([]byte(strings.TrimSpace(body)))
	return int64(binary.BigEndian.Uint64(sum[:8]))
}

// FindByBody returns the notes (metadata only, newest first) whose body is the given text, both
// taken without surrounding white space, under the filter: importers use it not to add a copy of
// a note that is already in the store under another id.
func (s *Store) FindByBody(ctx context.Context, body string, f Filter) ([]*note.Note, error) {
	if err := f.Validate(); err != nil {
		return nil, err
	}
	conds, args := f.where([]string{"m.body_key = ?"}, []any{bodyKey(body)})
	rows, err := s.query(ctx, "SELECT "+metaColumns+" FROM memories m WHERE "+strings.Join(conds, " AND ")+
		" ORDER BY m.updated_at DESC, m.id DESC", args...)
	if err != nil {
		return nil, fmt.Errorf("find notes by body: %w", err)
	}
	defer rows.Close()
	out := []*note.Note{}
	for rows.Next() {
		n, err := scanMeta(rows)
		if err != nil {
			return nil, fmt.Errorf("find notes by body: %w", err)
		}
		out = append(out, n)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("find notes by body: %w", err)
	}
	return out, nil
}
