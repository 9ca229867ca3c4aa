package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/note"
)

// Queries for browsing front ends (the dashboard): counts by machine, notes carrying a tag, and a
// cheap mark that changes whenever any note does. They read the index only.

// CountByMachine returns how many live notes each machine wrote (machine_id of the note).
func (s *Store) CountByMachine(ctx context.Context) (map[string]int, error) {
	rows, err := s.query(ctx, "SELECT machine_id, count(*) FROM memories WHERE status <> 'deleted' GROUP BY machine_id")
	if err != nil {
		return nil, fmt.Errorf("count notes by machine: %w", err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var m string
		var n int
		if err := rows.Scan(&m, &n); err != nil {
			return nil, fmt.Errorf("count notes by machine: %w", err)
		}
		out[m] = n
	}
	return out, rows.Err()
}

// ListTagged is List narrowed to notes carrying tag, newest first, with the same cursor paging.
func (s *Store) ListTagged(ctx context.Context, tag string, opts ListOptions) (Page, error) {
	tag = strings.TrimSpace(tag)
	if tag == "" {
		return s.List(ctx, opts)
	}
	if err := opts.Validate(); err != nil {
		return Page{}, err
	}
	key := opts.cursorKey() + "\x00tag:" + tag
	conds, args := opts.where(nil, nil)
	conds = append(conds, "EXISTS (SELECT 1 FROM memory_tags t WHERE t.memory_id = m.id AND t.tag = ?)")
	args = append(args, tag)
	if opts.Cursor != "" {
		c, err := decodeCursor(opts.Cursor, "list", opts.Filter, key)
		if err != nil {
			return Page{}, err
		}
		conds = append(conds, "(m.updated_at, m.id) < (?, ?)")
		args = append(args, c.UpdatedAt, c.ID)
	}
	q := "SELECT " + metaColumns + " FROM memories m WHERE " + strings.Join(conds, " AND ") + " ORDER BY m.updated_at DESC, m.id DESC"
	if opts.Limit > 0 {
		q += fmt.Sprintf(" LIMIT %d", opts.Limit+1)
	}
	rows, err := s.query(ctx, q, args...)
	if err != nil {
		return Page{}, fmt.Errorf("list notes tagged %q: %w", tag, err)
	}
	defer rows.Close()
	page := Page{Notes: []*note.Note{}}
	for rows.Next() {
		n, err := scanMeta(rows)
		if err != nil {
			return Page{}, fmt.Errorf("list notes tagged %q: %w", tag, err)
		}
		page.Notes = append(page.Notes, n)
	}
	if err := rows.Err(); err != nil {
		return Page{}, fmt.Errorf("list notes tagged %q: %w", tag, err)
	}
	if opts.Limit > 0 && len(page.Notes) > opts.Limit {
		page.Notes = page.Notes[:opts.Limit]
		last := page.Notes[len(page.Notes)-1]
		page.NextCursor = encodeCursor(cursor{Kind: "list", Scope: scopeHash(opts.Filter, key), UpdatedAt: last.UpdatedAt, ID: last.ID})
	}
	return page, nil
}

// SupersededBy returns the ids of notes that name id in their supersedes list (the reverse link).
func (s *Store) SupersededBy(ctx context.Context, id string) ([]string, error) {
	rows, err := s.query(ctx, "SELECT memory_id FROM memory_supersedes WHERE superseded_id = ? ORDER BY memory_id", id)
	if err != nil {
		return nil, fmt.Errorf("find notes superseding %s: %w", id, err)
	}
	defer rows.Close()
	out := []string{}
	for rows.Next() {
		var m string
		if err := rows.Scan(&m); err != nil {
			return nil, fmt.Errorf("find notes superseding %s: %w", id, err)
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// ChangeMark is a short string that changes whenever a note is written, edited or forgotten by
// any process using the index (a sync that indexes what it pulled included). Watchers poll it.
func (s *Store) ChangeMark(ctx context.Context) (string, error) {
	var n, maxRow int64
	var maxUpdated string
	err := s.queryRow(ctx,
		"SELECT count(*), COALESCE(max(updated_at), ''), COALESCE(max(rowid), 0) FROM memories").Scan(&n, &maxUpdated, &maxRow)
	if err != nil {
		return "", fmt.Errorf("read change mark: %w", err)
	}
	var deleted int64
	if err := s.queryRow(ctx, "SELECT count(*) FROM memories WHERE status = 'deleted'").Scan(&deleted); err != nil {
		return "", fmt.Errorf("read change mark: %w", err)
	}
	return fmt.Sprintf("%d.%d.%d.%s", n, deleted, maxRow, maxUpdated), nil
}

// StatsFast is Stats computed from the indexes alone: every note is counted from the covering
// (project, type, scope) and tenant indexes, then the few forgotten notes (found through their
// partial index) are taken away. Front ends that show the counts on every page load use it.
func (s *Store) StatsFast(ctx context.Context) (Stats, error) {
	st := Stats{ByType: map[string]int{}, ByProject: map[string]int{}, ByScope: map[string]int{}, ByWorkspace: map[string]int{}}
	scan := func(q string, each func(vals []string, n int)) error {
		rows, err := s.query(ctx, q)
		if err != nil {
			return fmt.Errorf("count notes: %w", err)
		}
		defer rows.Close()
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]string, len(cols)-1)
			dest := make([]any, len(cols))
			for i := range vals {
				dest[i] = &vals[i]
			}
			var n int
			dest[len(vals)] = &n
			if err := rows.Scan(dest...); err != nil {
				return fmt.Errorf("count notes: %w", err)
			}
			each(vals, n)
		}
		return rows.Err()
	}
	err := scan("SELECT project, type, scope, count(*) FROM memories INDEXED BY idx_mem_scope GROUP BY project, type, scope", func(v []string, n int) {
		st.ByProject[v[0]] += n
		st.ByType[v[1]] += n
		st.ByScope[v[2]] += n
		st.Total += n
	})
	if err == nil {
		err = scan("SELECT workspace_id, count(*) FROM memories INDEXED BY idx_mem_tenant GROUP BY workspace_id", func(v []string, n int) {
			st.ByWorkspace[v[0]] += n
		})
	}
	if err == nil {
		err = scan("SELECT project, type, scope, workspace_id, count(*) FROM memories WHERE status = 'deleted' GROUP BY 1, 2, 3, 4", func(v []string, n int) {
			for _, kv := range []struct {
				m map[string]int
				k string
			}{{st.ByProject, v[0]}, {st.ByType, v[1]}, {st.ByScope, v[2]}, {st.ByWorkspace, v[3]}} {
				if kv.m[kv.k] -= n; kv.m[kv.k] <= 0 {
					delete(kv.m, kv.k)
				}
			}
			st.Total -= n
			st.Deleted += n
		})
	}
	if err != nil {
		return st, err
	}
	if err := s.queryRow(ctx, `SELECT count(*) FROM memory_tags t JOIN memories m ON m.id = t.memory_id
		WHERE t.tag = 'conflict' AND m.status <> 'deleted'`).Scan(&st.Conflicts); err != nil {
		return st, fmt.Errorf("count notes: %w", err)
	}
	return st, nil
}
