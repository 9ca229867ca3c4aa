package store

import (
	"context"
	"database/sql"
)

// SetScratchInMemoryLimit sets how much note text a rebuild builds in memory, so that tests reach
// the file-backed path with a small store. It returns the previous limit.
func SetScratchInMemoryLimit(n int64) int64 {
	old := memScratchLimit
	memScratchLimit = n
	return old
}

// SetScratchTmpfsDir sets the memory file system a rebuild that fits in memory builds on ("" for
// SQLite's memdb), so that tests reach each in-memory path. It returns the previous one.
func SetScratchTmpfsDir(dir string) string {
	old := tmpfsDir
	tmpfsDir = dir
	return old
}

// LastCopy reports what the last full rebuild of s wrote into the live index: written pages of
// the new index's pages, or whole when the backup API copied every page instead; and the new
// index's schema cookie as it was built.
func (s *Store) LastCopy() (written, pages, cookie int64, whole bool) {
	c := s.lastCopy.Load()
	if c == nil {
		return 0, 0, 0, false
	}
	return c.written, c.pages, c.cookie, c.whole
}

// SetAfterCopyPlan makes f run in a rebuild's page copy after the pages that differ are found and
// before the write lock is taken, so that tests can commit to the live index in between. It
// returns a function restoring the previous one.
func SetAfterCopyPlan(f func()) (restore func()) {
	old := afterCopyPlan
	afterCopyPlan = f
	return func() { afterCopyPlan = old }
}

// PoolPragma reads a pragma on every connection s's pool holds open, taking them all at once so
// that none is read twice.
func (s *Store) PoolPragma(ctx context.Context, name string) ([]int64, error) {
	n := s.db.Stats().OpenConnections
	var out []int64
	var conns []*sql.Conn
	defer func() {
		for _, c := range conns {
			_ = c.Close()
		}
	}()
	for range n {
		c, err := s.db.Conn(ctx)
		if err != nil {
			return nil, err
		}
		conns = append(conns, c)
		var v int64
		if err := c.QueryRowContext(ctx, "PRAGMA "+name).Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}
