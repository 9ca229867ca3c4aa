package store

import (
	"context"
	"database/sql"
	"sync"
)

// stmtCache keeps the index's read statements prepared, by their text. The driver prepares a
// statement on every QueryContext and finalizes it after, and SQLite's parser is a good part of a
// warm search: 12% of the resident server's CPU for a search, 6% for a prompt hook's recall and
// more for a session start, whose notes are looked up one by one. A prepared statement survives
// an index rebuilt under it: a rebuild moves the schema cookie (see copyChanged), and SQLite
// prepares the statement again before its next step.
type stmtCache struct {
	mu sync.Mutex
	db *sql.DB // the connections the statements belong to
	m  map[string]*sql.Stmt
}

// maxStmts bounds the cache. The statements' texts vary only with the shape of a request (how
// many rowids, which filter fields, a page's size), never with what the user searched for, so a
// running process meets a few dozen; past the bound a statement is prepared for its one use, as
// without a cache.
const maxStmts = 256

// prepared returns the statement for q on db, prepared once; nil when it cannot be kept.
func (c *stmtCache) prepared(ctx context.Context, db *sql.DB, q string) *sql.Stmt {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.db != db {
		c.closeLocked()
		c.db = db
	}
	if st, ok := c.m[q]; ok {
		return st
	}
	if len(c.m) >= maxStmts {
		return nil
	}
	st, err := db.PrepareContext(ctx, q)
	if err != nil {
		return nil // the caller runs q unprepared and reports its error
	}
	if c.m == nil {
		c.m = map[string]*sql.Stmt{}
	}
	c.m[q] = st
	return st
}

// close closes every statement; the connections they were prepared on are closing.
func (c *stmtCache) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closeLocked()
}

func (c *stmtCache) closeLocked() {
	for _, st := range c.m {
		_ = st.Close()
	}
	c.m, c.db = nil, nil
}

// inList returns the placeholders of an IN list for vals, with vals padded to match: the list's
// length is rounded up to a power of two by repeating the last value (an IN list is a set, so the
// rows are the same), so that the cache meets a few texts of each statement rather than one for
// every count of values, which would fill it within a day of a resident server's requests.
func inList(vals []any) (string, []any) {
	n := 1
	for n < len(vals) {
		n *= 2
	}
	if len(vals) == 0 || n == len(vals) {
		return placeholders(len(vals)), vals
	}
	padded := make([]any, n)
	copy(padded, vals)
	for i := len(vals); i < n; i++ {
		padded[i] = vals[len(vals)-1]
	}
	return placeholders(n), padded
}

// query runs a read statement through the cache.
func (s *Store) query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	if st := s.stmts.prepared(ctx, s.db, q); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return s.db.QueryContext(ctx, q, args...)
}

// queryRow is query for a statement that returns one row.
func (s *Store) queryRow(ctx context.Context, q string, args ...any) *sql.Row {
	if st := s.stmts.prepared(ctx, s.db, q); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return s.db.QueryRowContext(ctx, q, args...)
}
