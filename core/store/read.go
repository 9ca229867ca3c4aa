package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/note"
)

// Get returns the note with the given id, read from its file (the file is the truth).
func (s *Store) Get(ctx context.Context, id string) (*note.Note, error) {
	if err := note.ValidateID(id); err != nil {
		return nil, err
	}
	n, _, err := s.read(ctx, id)
	return n, err
}

// read finds id's file through the index and parses it. It returns the file's index key too.
func (s *Store) read(ctx context.Context, id string) (*note.Note, string, error) {
	var scope, bodyPath string
	err := s.queryRow(ctx, "SELECT scope, body_path FROM memories WHERE id = ?", id).Scan(&scope, &bodyPath)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, "", fmt.Errorf("%w: %s", ErrNotFound, id)
	} else if err != nil {
		return nil, "", fmt.Errorf("look up note %s: %w", id, err)
	}
	return s.readFile(id, scope, bodyPath)
}

// readFile reads and parses id's file, found in the index at scope and bodyPath.
func (s *Store) readFile(id, scope, bodyPath string) (*note.Note, string, error) {
	sc := note.Scope(scope)
	data, err := s.notes.read(filepath.Join(s.TreeDir(sc), filepath.FromSlash(bodyPath)))
	if errors.Is(err, os.ErrNotExist) {
		return nil, "", fmt.Errorf("%w: %s (its file is gone; run reindex)", ErrNotFound, id)
	} else if err != nil {
		return nil, "", fmt.Errorf("read note %s: %w", id, err)
	}
	n, err := note.Parse(data)
	if err != nil {
		return nil, "", fmt.Errorf("read note %s: %w", id, err)
	}
	n.Scope = sc
	return n, relKey(sc, bodyPath), nil
}

// GetEach reads the notes of ids in order, as Get reads each, and calls fn with each note or the
// error Get would have returned for it, until fn returns false. Their files are found with one
// index query rather than one per note: a session start reads dozens of notes, and the lookups
// were an eighth of its work.
func (s *Store) GetEach(ctx context.Context, ids []string, fn func(id string, n *note.Note, err error) bool) {
	type loc struct{ scope, bodyPath string }
	found := make(map[string]loc, len(ids))
	var valid []any
	for _, id := range ids {
		if note.ValidateID(id) == nil {
			valid = append(valid, id)
		}
	}
	var lookupErr error
	for start := 0; start < len(valid) && lookupErr == nil; start += 500 {
		part := valid[start:min(start+500, len(valid))]
		lookupErr = s.locate(ctx, part, func(id, scope, bodyPath string) { found[id] = loc{scope, bodyPath} })
	}
	for _, id := range ids {
		var n *note.Note
		err := note.ValidateID(id)
		if err == nil {
			l, ok := found[id]
			switch {
			case lookupErr != nil:
				err = fmt.Errorf("look up note %s: %w", id, lookupErr)
			case !ok:
				err = fmt.Errorf("%w: %s", ErrNotFound, id)
			default:
				n, _, err = s.readFile(id, l.scope, l.bodyPath)
			}
		}
		if !fn(id, n, err) {
			return
		}
	}
}

// locate calls fn with the scope and file of each of ids the index holds.
func (s *Store) locate(ctx context.Context, ids []any, fn func(id, scope, bodyPath string)) error {
	ph, args := inList(ids)
	rows, err := s.query(ctx, "SELECT id, scope, body_path FROM memories WHERE id IN ("+ph+")", args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id, scope, bodyPath string
		if err := rows.Scan(&id, &scope, &bodyPath); err != nil {
			return err
		}
		fn(id, scope, bodyPath)
	}
	return rows.Err()
}

// Filter narrows list and search. Empty fields do not filter.
type Filter struct {
	Project     string
	Projects    []string    // any of these projects (with Project, both must hold)
	Types       []note.Type // any of these types (with Type, both must hold)
	Type        note.Type
	Scope       note.Scope
	UserID      string
	WorkspaceID string
	// IncludeDeleted also returns forgotten notes.
	IncludeDeleted bool
}

// Validate checks the enumerated fields, so a typo is an error rather than an empty result.
func (f Filter) Validate() error {
	for _, t := range append([]note.Type{f.Type}, f.Types...) {
		if t == "" {
			continue
		}
		if err := note.ValidateType(t); err != nil {
			return err
		}
	}
	if f.Scope != "" {
		if err := note.ValidateScope(f.Scope); err != nil {
			return err
		}
	}
	return nil
}

// where renders the filter as SQL conditions on alias m.
func (f Filter) where(conds []string, args []any) ([]string, []any) {
	add := func(col, v string) {
		if v != "" {
			conds = append(conds, "m."+col+" = ?")
			args = append(args, v)
		}
	}
	add("project", f.Project)
	if len(f.Projects) > 0 {
		conds = append(conds, "m.project IN ("+strings.TrimSuffix(strings.Repeat("?,", len(f.Projects)), ",")+")")
		for _, p := range f.Projects {
			args = append(args, p)
		}
	}
	add("type", string(f.Type))
	if len(f.Types) > 0 {
		conds = append(conds, "m.type IN ("+strings.TrimSuffix(strings.Repeat("?,", len(f.Types)), ",")+")")
		for _, t := range f.Types {
			args = append(args, string(t))
		}
	}
	add("scope", string(f.Scope))
	add("user_id", f.UserID)
	add("workspace_id", f.WorkspaceID)
	if !f.IncludeDeleted {
		conds = append(conds, "m.status <> 'deleted'")
	}
	return conds, args
}

// metaColumns are the columns scanned by scanMeta, in order.
const metaColumns = `m.id, m.type, m.title, m.project, m.machine_id, m.scope, m.user_id, m.workspace_id,
	m.created_at, m.updated_at, m.prov_source, COALESCE(m.prov_model, ''), COALESCE(m.prov_session, ''),
	m.confidence, m.status, COALESCE(m.deleted_at, ''), COALESCE(m.idempotency_key, ''), m.tag_list, m.supersedes_list`

type scanner interface{ Scan(...any) error }

func scanMeta(r scanner, extra ...any) (*note.Note, error) {
	n := &note.Note{}
	var typ, scope, source, status, tags, sups string
	dest := append([]any{&n.ID, &typ, &n.Title, &n.Project, &n.MachineID, &scope, &n.UserID, &n.WorkspaceID,
		&n.CreatedAt, &n.UpdatedAt, &source, &n.ProvModel, &n.ProvSession, &n.Confidence, &status,
		&n.DeletedAt, &n.IdempotencyKey, &tags, &sups}, extra...)
	if err := r.Scan(dest...); err != nil {
		return nil, err
	}
	n.Type, n.Scope, n.ProvSource = note.Type(typ), note.Scope(scope), note.Source(source)
	if status == string(note.StatusDeleted) {
		n.Status = note.StatusDeleted
	}
	n.Tags = decodeList(tags)
	if sl := decodeList(sups); len(sl) > 0 {
		n.Supersedes = sl
	}
	return n, nil
}

func decodeList(s string) []string {
	out := []string{}
	if s != "" && s != "[]" {
		_ = json.Unmarshal([]byte(s), &out)
	}
	return out
}

// ListOptions selects a page of notes for List.
type ListOptions struct {
	Filter
	// Limit caps the page; zero means no limit.
	Limit int
	// Cursor continues after the previous page (its NextCursor).
	Cursor string
	// HideSuperseded leaves out notes replaced by a live note, as search always does.
	HideSuperseded bool
	// WithoutTag leaves out notes carrying this tag.
	WithoutTag string
}

// cursorKey ties a list cursor to the options beyond the filter.
func (o ListOptions) cursorKey() string {
	return fmt.Sprintf("%t\x00%s", o.HideSuperseded, o.WithoutTag)
}

// Page is a page of notes and the cursor of the next page ("" when this is the last).
type Page struct {
	Notes      []*note.Note `json:"results"`
	NextCursor string       `json:"next_cursor,omitempty"`
}

// List returns notes newest first (updated_at, then id), metadata only: bodies are left empty and
// no file is read, so listing every note of a large store stays cheap. Superseded notes are
// included; forgotten ones only when asked for.
func (s *Store) List(ctx context.Context, opts ListOptions) (Page, error) {
	if err := opts.Validate(); err != nil {
		return Page{}, err
	}
	conds, args := opts.where(nil, nil)
	if opts.HideSuperseded {
		conds = append(conds, "m.rowid NOT IN ("+hiddenRows(true)+")")
	}
	if opts.WithoutTag != "" {
		conds = append(conds, "NOT EXISTS (SELECT 1 FROM memory_tags t WHERE t.memory_id = m.id AND t.tag = ?)")
		args = append(args, opts.WithoutTag)
	}
	if opts.Cursor != "" {
		c, err := decodeCursor(opts.Cursor, "list", opts.Filter, opts.cursorKey())
		if err != nil {
			return Page{}, err
		}
		conds = append(conds, "(m.updated_at, m.id) < (?, ?)")
		args = append(args, c.UpdatedAt, c.ID)
	}
	q := "SELECT " + metaColumns + " FROM memories m"
	if len(conds) > 0 {
		q += " WHERE " + strings.Join(conds, " AND ")
	}
	q += " ORDER BY m.updated_at DESC, m.id DESC"
	if opts.Limit > 0 {
		q += fmt.Sprintf(" LIMIT %d", opts.Limit+1)
	}
	rows, err := s.query(ctx, q, args...)
	if err != nil {
		return Page{}, fmt.Errorf("list notes: %w", err)
	}
	defer rows.Close()
	page := Page{Notes: []*note.Note{}}
	for rows.Next() {
		n, err := scanMeta(rows)
		if err != nil {
			return Page{}, fmt.Errorf("list notes: %w", err)
		}
		page.Notes = append(page.Notes, n)
	}
	if err := rows.Err(); err != nil {
		return Page{}, fmt.Errorf("list notes: %w", err)
	}
	if opts.Limit > 0 && len(page.Notes) > opts.Limit {
		page.Notes = page.Notes[:opts.Limit]
		last := page.Notes[len(page.Notes)-1]
		page.NextCursor = encodeCursor(cursor{Kind: "list", Scope: scopeHash(opts.Filter, opts.cursorKey()), UpdatedAt: last.UpdatedAt, ID: last.ID})
	}
	return page, nil
}

// Stats are counts over the index.
type Stats struct {
	Total       int            `json:"total"`
	Deleted     int            `json:"deleted"`
	ByType      map[string]int `json:"by_type"`
	ByProject   map[string]int `json:"by_project"`
	ByScope     map[string]int `json:"by_scope"`
	ByWorkspace map[string]int `json:"by_workspace"`
	Conflicts   int            `json:"conflicts"`
}

// Stats returns counts by type, project, scope and workspace of live notes (superseded ones
// included); forgotten notes are counted apart, and conflict copies made by sync are counted too.
func (s *Store) Stats(ctx context.Context) (Stats, error) {
	st := Stats{ByType: map[string]int{}, ByProject: map[string]int{}, ByScope: map[string]int{}, ByWorkspace: map[string]int{}}
	for col, m := range map[string]map[string]int{"type": st.ByType, "project": st.ByProject, "scope": st.ByScope, "workspace_id": st.ByWorkspace} {
		rows, err := s.query(ctx, "SELECT "+col+", count(*) FROM memories WHERE status <> 'deleted' GROUP BY "+col)
		if err != nil {
			return st, fmt.Errorf("count notes: %w", err)
		}
		for rows.Next() {
			var k string
			var n int
			if err := rows.Scan(&k, &n); err != nil {
				rows.Close()
				return st, fmt.Errorf("count notes: %w", err)
			}
			m[k] = n
		}
		rows.Close()
	}
	for _, n := range st.ByType {
		st.Total += n
	}
	if err := s.queryRow(ctx, "SELECT count(*) FROM memories WHERE status = 'deleted'").Scan(&st.Deleted); err != nil {
		return st, fmt.Errorf("count notes: %w", err)
	}
	if err := s.queryRow(ctx, `SELECT count(*) FROM memory_tags t JOIN memories m ON m.id = t.memory_id
		WHERE t.tag = 'conflict' AND m.status <> 'deleted'`).Scan(&st.Conflicts); err != nil {
		return st, fmt.Errorf("count notes: %w", err)
	}
	return st, nil
}
