package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Meta returns a value other packages keep with the index (such as the git commit the index last
// reflected), or "" when there is none. Like everything in the index it is lost on a rebuild,
// so it may only record what can be recomputed.
func (s *Store) Meta(ctx context.Context, key string) (string, error) {
	var v string
	err := s.queryRow(ctx, "SELECT value FROM anamnesis_meta WHERE key = ?", "x:"+key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("read index meta %s: %w", key, err)
	}
	return v, nil
}

// SetMeta records a value with the index (see Meta).
func (s *Store) SetMeta(ctx context.Context, key, value string) error {
	if _, err := s.db.ExecContext(ctx, "INSERT OR REPLACE INTO anamnesis_meta (key, value) VALUES (?, ?)", "x:"+key, value); err != nil {
		return fmt.Errorf("write index meta %s: %w", key, err)
	}
	return nil
}
