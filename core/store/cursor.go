package store

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/anamnesis-go/anamnesis/core/note"
)

// maxOffset bounds how deep search pages go; a cursor beyond it is not one Search made (and its
// arithmetic would overflow).
const maxOffset = 1_000_000

// cursor is the decoded form of an opaque page cursor.
type cursor struct {
	Kind      string `json:"k"`
	Scope     string `json:"s"` // hash of the query and filters the cursor belongs to
	Offset    int    `json:"o,omitempty"`
	UpdatedAt string `json:"u,omitempty"`
	ID        string `json:"i,omitempty"`
}

func scopeHash(f Filter, query string) string {
	b, _ := json.Marshal([]any{f, query})
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:6])
}

func encodeCursor(c cursor) string {
	b, _ := json.Marshal(c)
	return base64.RawURLEncoding.EncodeToString(b)
}

func decodeCursor(s, kind string, f Filter, query string) (cursor, error) {
	var c cursor
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err == nil {
		err = json.Unmarshal(b, &c)
	}
	if err != nil || c.Kind != kind || c.Offset < 0 || c.Offset > maxOffset {
		return cursor{}, fmt.Errorf("%w: cursor is not one this %s returned", note.ErrInvalid, kind)
	}
	if c.Scope != scopeHash(f, query) {
		return cursor{}, fmt.Errorf("%w: cursor belongs to a different %s (pass the same query and filters)", note.ErrInvalid, kind)
	}
	return c, nil
}
