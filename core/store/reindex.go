package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/anamnesis-go/anamnesis/core/note"
)

// BadFile names a note file that could not be indexed, and why.
type BadFile struct {
	Path  string `json:"path"`
	Error string `json:"error"`
}

// ReindexReport says what a reindex did. Bad files are skipped, never fatal.
type ReindexReport struct {
	Indexed   int       `json:"indexed"`   // files (re)indexed
	Removed   int       `json:"removed"`   // index rows whose file is gone
	Unchanged int       `json:"unchanged"` // files the drift check found as indexed
	Skipped   int       `json:"skipped"`   // malformed files
	Bad       []BadFile `json:"bad,omitempty"`
	Full      bool      `json:"full"`
}

// fileInfo is what the drift check compares: a file's key, size and modification time.
type fileInfo struct {
	key   string // "memory/<type>/<id>.md"
	abs   string
	dir   string // directory holding the file, for stat calls relative to it
	name  string
	scope note.Scope
	rel   string // relative to its tree
	size  int64
	mtime int64
}

// walk lists every *.md file of both trees, portable first, sorted, so that when two files carry
// the same id the machine-local one is indexed last and wins, as in the reference. Directories
// are read unsorted and files are stat'ed on every core: this runs on every open, and on 10,000
// notes the stat calls are most of its cost.
func (s *Store) walk() ([]fileInfo, dirTimes, error) {
	var files []fileInfo
	dirs := dirTimes{}
	for _, sc := range []note.Scope{note.Portable, note.MachineLocal} {
		base := s.TreeDir(sc)
		var cands []fileInfo
		if err := listTree(base, "", sc, &cands, dirs); err != nil {
			return nil, nil, fmt.Errorf("scan %s: %w", base, err)
		}
		statAll(cands)
		tree := cands[:0]
		for _, f := range cands {
			if f.size >= 0 {
				tree = append(tree, f)
			}
		}
		sort.Slice(tree, func(i, j int) bool { return tree[i].key < tree[j].key })
		files = append(files, tree...)
	}
	return files, dirs, nil
}

// listTree collects the *.md files under base/rel (recursively, skipping dot-directories such as
// .git) without stat'ing them, and records each directory's modification time, taken before its
// entries are read so that a file added meanwhile shows as a changed directory next time.
func listTree(base, rel string, sc note.Scope, out *[]fileInfo, dirs dirTimes) error {
	dir := base
	if rel != "" {
		dir = base + string(filepath.Separator) + filepath.FromSlash(rel)
	}
	var d dirStatter
	_, dirs[dir] = d.stat(filepath.Dir(dir), filepath.Base(dir))
	d.close()
	f, err := os.Open(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	} else if err != nil {
		return err
	}
	entries, err := f.ReadDir(-1)
	f.Close()
	if err != nil {
		return err
	}
	prefix := rel
	if prefix != "" {
		prefix += "/"
	}
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") {
			continue // .git, editors' swap files, our own temp files
		}
		if e.IsDir() {
			if err := listTree(base, prefix+name, sc, out, dirs); err != nil {
				return err
			}
			continue
		}
		if !strings.HasSuffix(name, ".md") || !e.Type().IsRegular() {
			continue
		}
		r := prefix + name
		*out = append(*out, fileInfo{key: relKey(sc, r), abs: dir + string(filepath.Separator) + name,
			dir: dir, name: name, scope: sc, rel: r})
	}
	return nil
}

// statAll fills size and mtime of every file, in parallel; a file that vanished gets size -1.
// Files arrive grouped by directory, and each worker stats them relative to an open descriptor of
// their directory, so the kernel resolves one path component per file instead of the whole path.
func statAll(files []fileInfo) {
	workers := 2 * runtime.GOMAXPROCS(0)
	chunk := (len(files) + workers - 1) / workers
	var wg sync.WaitGroup
	for start := 0; start < len(files); start += chunk {
		end := min(start+chunk, len(files))
		wg.Add(1)
		go func(part []fileInfo) {
			defer wg.Done()
			var d dirStatter
			defer d.close()
			for i := range part {
				part[i].size, part[i].mtime = d.stat(part[i].dir, part[i].name)
			}
		}(files[start:end])
	}
	wg.Wait()
}

// pendingDrift is what differs between the files and the index.
type pendingDrift struct {
	dirs      dirTimes   // the note directories as this check saw them
	changed   []fileInfo // new or modified files
	gone      []string   // index keys of files that no longer exist
	unchanged int
	stillBad  []BadFile // unchanged files already known to be malformed
}

func (p pendingDrift) empty() bool { return len(p.changed) == 0 && len(p.gone) == 0 }

// drift compares every file's size and modification time with what the index last saw.
func (s *Store) drift(ctx context.Context) (pendingDrift, error) {
	files, dirs, err := s.walk()
	if err != nil {
		return pendingDrift{}, err
	}
	type seen struct {
		size, mtime int64
		bad         string
	}
	known := make(map[string]seen, len(files))
	rows, err := s.db.QueryContext(ctx, "SELECT path, size, mtime_ns, COALESCE(error, '') FROM anamnesis_files")
	if err != nil {
		return pendingDrift{}, fmt.Errorf("read index: %w", err)
	}
	for rows.Next() {
		var p string
		var k seen
		if err := rows.Scan(&p, &k.size, &k.mtime, &k.bad); err != nil {
			rows.Close()
			return pendingDrift{}, fmt.Errorf("read index: %w", err)
		}
		known[p] = k
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return pendingDrift{}, fmt.Errorf("read index: %w", err)
	}
	d := pendingDrift{dirs: dirs}
	for _, f := range files {
		if k, ok := known[f.key]; ok && k.size == f.size && k.mtime == f.mtime {
			d.unchanged++
			if k.bad != "" {
				d.stillBad = append(d.stillBad, BadFile{Path: f.key, Error: k.bad})
			}
		} else {
			d.changed = append(d.changed, f)
		}
		delete(known, f.key)
	}
	for k := range known {
		d.gone = append(d.gone, k)
	}
	sort.Strings(d.gone)
	return d, nil
}

// Reindex brings the index in line with the files. Incremental (full=false) re-reads only files
// whose size or modification time changed and drops rows of files that are gone; full drops every
// derived table and rebuilds from scratch. Malformed files are skipped and named in the report
// (an unchanged one is not parsed again; its recorded error is reported).
func (s *Store) Reindex(ctx context.Context, full bool) (ReindexReport, error) {
	if full {
		return s.rebuild(ctx)
	}
	d, err := s.drift(ctx)
	if err != nil {
		return ReindexReport{}, err
	}
	rep := ReindexReport{Unchanged: d.unchanged - len(d.stillBad), Skipped: len(d.stillBad), Bad: d.stillBad}
	if d.empty() {
		s.recordScan(ctx, d.dirs)
		return rep, nil
	}
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		ix, err := newIndexer(ctx, tx, s.root)
		if err != nil {
			return err
		}
		defer ix.close()
		for _, k := range d.gone {
			if err := ix.removeFile(ctx, k); err != nil {
				return err
			}
			rep.Removed++
		}
		return s.indexFiles(ctx, ix, d.changed, &rep)
	})
	if err == nil {
		s.recordScan(ctx, d.dirs)
	}
	return rep, err
}

// IndexPaths re-reads exactly the given files (paths relative to the store root, such as
// "memory/semantic/<id>.md"): a file that exists is indexed, one that is gone is dropped. Sync
// uses it to apply the paths a pull changed without a full reindex.
func (s *Store) IndexPaths(ctx context.Context, paths []string) (ReindexReport, error) {
	var rep ReindexReport
	var present []fileInfo
	var gone []string
	for _, p := range paths {
		p = filepath.ToSlash(filepath.Clean(p))
		var sc note.Scope
		var rel string
		switch {
		case strings.HasPrefix(p, PortableDir+"/"):
			sc, rel = note.Portable, strings.TrimPrefix(p, PortableDir+"/")
		case strings.HasPrefix(p, LocalDir+"/"):
			sc, rel = note.MachineLocal, strings.TrimPrefix(p, LocalDir+"/")
		default:
			continue
		}
		if !strings.HasSuffix(p, ".md") || strings.Contains(rel, "..") {
			continue
		}
		abs := filepath.Join(s.root, filepath.FromSlash(p))
		info, err := os.Stat(abs)
		if errors.Is(err, fs.ErrNotExist) {
			gone = append(gone, p)
			continue
		} else if err != nil {
			return rep, fmt.Errorf("stat %s: %w", p, err)
		}
		present = append(present, fileInfo{key: p, abs: abs, scope: sc, rel: rel, size: info.Size(), mtime: info.ModTime().UnixNano()})
	}
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		ix, err := newIndexer(ctx, tx, s.root)
		if err != nil {
			return err
		}
		defer ix.close()
		for _, k := range gone {
			if err := ix.removeFile(ctx, k); err != nil {
				return err
			}
			rep.Removed++
		}
		return s.indexFiles(ctx, ix, present, &rep)
	})
	return rep, err
}

// rebuild drops and recreates the derived tables and indexes every file.
func (s *Store) rebuild(ctx context.Context) (ReindexReport, error) {
	files, dirs, err := s.walk()
	if err != nil {
		return ReindexReport{}, err
	}
	rep := ReindexReport{Full: true}
	// A dedicated connection, so its settings apply to the load: a page cache large enough that
	// the transaction does not spill pages to the WAL half-way, and no FTS5 automerge while
	// loading (segments are merged once, by optimize, at the end).
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return ReindexReport{}, fmt.Errorf("rebuild index: %w", err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "PRAGMA cache_size = -131072"); err != nil { // 128 MiB, freed with the connection
		return ReindexReport{}, fmt.Errorf("rebuild index: %w", err)
	}
	defer func() {
		// The connection goes back to the pool: give back the memory. Failing, it keeps a larger
		// cache, which is harmless.
		_, _ = conn.ExecContext(context.WithoutCancel(ctx), "PRAGMA cache_size = -2000")
	}()
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return ReindexReport{}, fmt.Errorf("rebuild index: %w", err)
	}
	err = func() error {
		for _, q := range []string{dropSQL, schemaSQL,
			fmt.Sprintf("PRAGMA user_version = %d", compatVersion),
			"INSERT INTO anamnesis_meta(key, value) VALUES ('schema', '" + strconv.Itoa(schemaVersion) + "')",
			"INSERT INTO memories_fts(memories_fts, rank) VALUES('automerge', 0)",
			"INSERT INTO anamnesis_heads(anamnesis_heads, rank) VALUES('automerge', 0)",
		} {
			if _, err := tx.ExecContext(ctx, q); err != nil {
				return fmt.Errorf("create index tables: %w", err)
			}
		}
		ix, err := newIndexer(ctx, tx, s.root)
		if err != nil {
			return err
		}
		defer ix.close()
		if err := s.indexFiles(ctx, ix, files, &rep); err != nil {
			return err
		}
		// One merge of the loaded segments, then the default automerge for later writes.
		for _, q := range []string{"INSERT INTO memories_fts(memories_fts) VALUES('optimize')",
			"INSERT INTO memories_fts(memories_fts, rank) VALUES('automerge', 4)",
			"INSERT INTO anamnesis_heads(anamnesis_heads) VALUES('optimize')",
			"INSERT INTO anamnesis_heads(anamnesis_heads, rank) VALUES('automerge', 4)"} {
			if _, err := tx.ExecContext(ctx, q); err != nil {
				return fmt.Errorf("optimize index: %w", err)
			}
		}
		return nil
	}()
	if err == nil {
		err = tx.Commit()
	} else {
		tx.Rollback()
	}
	if err != nil {
		return ReindexReport{}, fmt.Errorf("rebuild index: %w", err)
	}
	s.recordScan(ctx, dirs)
	return rep, nil
}

// parsed is one file read and decoded by a worker.
type parsed struct {
	f   fileInfo
	n   *note.Note
	err error
}

// indexFiles reads and parses files on every core while one goroutine writes the index, since
// SQLite takes one writer and parsing is the other half of the cost.
func (s *Store) indexFiles(ctx context.Context, ix *indexer, files []fileInfo, rep *ReindexReport) error {
	if len(files) == 0 {
		return nil
	}
	workers := runtime.GOMAXPROCS(0)
	if workers > len(files) {
		workers = len(files)
	}
	out := make([]parsed, len(files))
	var wg sync.WaitGroup
	next := make(chan int, len(files))
	for i := range files {
		next <- i
	}
	close(next)
	done := make([]chan struct{}, len(files))
	for i := range done {
		done[i] = make(chan struct{})
	}
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = parseFile(files[i])
				close(done[i])
			}
		}()
	}
	defer wg.Wait()
	for i := range files {
		select {
		case <-done[i]:
		case <-ctx.Done():
			return ctx.Err()
		}
		p := out[i]
		if p.err != nil {
			rep.Skipped++
			rep.Bad = append(rep.Bad, BadFile{Path: p.f.key, Error: p.err.Error()})
			// A file that became unreadable must not keep its old row; recording it as bad spares
			// the next drift check from parsing it again until it changes.
			if err := ix.removeFile(ctx, p.f.key); err != nil {
				return err
			}
			if err := ix.exec(ctx, "badFile", p.f.key, p.f.size, p.f.mtime, p.err.Error()); err != nil {
				return err
			}
			continue
		}
		if err := ix.put(ctx, p.n, p.f); err != nil {
			return err
		}
		rep.Indexed++
		out[i] = parsed{} // let the note be collected
	}
	return nil
}

func parseFile(f fileInfo) parsed {
	data, err := os.ReadFile(f.abs)
	if err != nil {
		return parsed{f: f, err: err}
	}
	n, err := note.Parse(data)
	if err != nil {
		return parsed{f: f, err: err}
	}
	// The tree a file is in decides its scope, whatever its front matter says.
	n.Scope = f.scope
	if err := n.Validate(); err != nil {
		return parsed{f: f, err: err}
	}
	return parsed{f: f, n: n}
}

// inTx runs fn in one immediate transaction.
func (s *Store) inTx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin index transaction: %w", err)
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit index transaction: %w", err)
	}
	return nil
}

// indexer holds the prepared statements of one index transaction.
type indexer struct {
	root  string // the store root, to read a file that takes over a removed file's note
	stmts map[string]*sql.Stmt
}

var indexerSQL = map[string]string{
	// A row keeps its rowid when its note is re-indexed, and the FTS row shares that rowid: FTS
	// rows are then found and replaced by rowid (the reference deletes by its UNINDEXED id column,
	// a full scan per write) and search joins on it. Insert and update are separate single-row
	// statements on purpose: an UPSERT needs a statement journal, which makes SQLite open a
	// savepoint on the FTS5 table for every note, and FTS5 flushes a new segment at each one.
	"insert": `INSERT INTO memories (type, title, body_path, project, machine_id, scope,
		user_id, workspace_id, created_at, updated_at, prov_source, prov_model, prov_session, confidence,
		status, deleted_at, idempotency_key, tag_list, supersedes_list, id)
		VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
	"update": `UPDATE memories SET type=?, title=?, body_path=?, project=?, machine_id=?, scope=?,
		user_id=?, workspace_id=?, created_at=?, updated_at=?, prov_source=?, prov_model=?, prov_session=?,
		confidence=?, status=?, deleted_at=?, idempotency_key=?, tag_list=?, supersedes_list=? WHERE id = ?`,
	"delTags": `DELETE FROM memory_tags WHERE memory_id = ?`,
	"addTag":  `INSERT OR IGNORE INTO memory_tags (memory_id, tag) VALUES (?, ?)`,
	"delSup":  `DELETE FROM memory_supersedes WHERE memory_id = ?`,
	"addSup":  `INSERT OR IGNORE INTO memory_supersedes (memory_id, superseded_id) VALUES (?, ?)`,
	"delFTS":  `DELETE FROM memories_fts WHERE rowid = ?`,
	"delHead": `DELETE FROM anamnesis_heads WHERE rowid = ?`,
	"addHead": `INSERT INTO anamnesis_heads (rowid, title, tags) VALUES (?, ?, ?)`,
	"addFTS":  `INSERT INTO memories_fts (rowid, id, title, body, tags) VALUES (?, ?, ?, ?, ?)`,
	"putFile": `INSERT OR REPLACE INTO anamnesis_files (path, id, size, mtime_ns) VALUES (?, ?, ?, ?)`,
	"badFile": `INSERT OR REPLACE INTO anamnesis_files (path, id, size, mtime_ns, error) VALUES (?, '', ?, ?, ?)`,
	"fileID":  `SELECT id FROM anamnesis_files WHERE path = ?`,
	"delFile": `DELETE FROM anamnesis_files WHERE path = ?`,
	"rowPath": `SELECT rowid, scope, body_path FROM memories WHERE id = ?`,
	"twins":   `SELECT path FROM anamnesis_files WHERE id = ? AND path <> ? ORDER BY path DESC`,
	"delRow":  `DELETE FROM memories WHERE id = ?`,
}

func newIndexer(ctx context.Context, tx *sql.Tx, root string) (*indexer, error) {
	ix := &indexer{root: root, stmts: make(map[string]*sql.Stmt, len(indexerSQL))}
	for name, q := range indexerSQL {
		st, err := tx.PrepareContext(ctx, q)
		if err != nil {
			ix.close()
			return nil, fmt.Errorf("prepare index statement %s: %w", name, err)
		}
		ix.stmts[name] = st
	}
	return ix, nil
}

func (ix *indexer) close() {
	for _, st := range ix.stmts {
		st.Close()
	}
}

func (ix *indexer) exec(ctx context.Context, name string, args ...any) error {
	if _, err := ix.stmts[name].ExecContext(ctx, args...); err != nil {
		return fmt.Errorf("index (%s): %w", name, err)
	}
	return nil
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func jsonList(v []string) string {
	if len(v) == 0 {
		return "[]"
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// put indexes one parsed note as the content of file f.
func (ix *indexer) put(ctx context.Context, n *note.Note, f fileInfo) error {
	status := "active"
	if n.Deleted() {
		status = string(note.StatusDeleted)
	}
	cols := []any{string(n.Type), n.Title, f.rel, n.Project, n.MachineID, string(n.Scope),
		n.UserID, n.WorkspaceID, n.CreatedAt, n.UpdatedAt, string(n.ProvSource), nullable(n.ProvModel),
		nullable(n.ProvSession), n.Confidence, status, nullable(n.DeletedAt), nullable(n.IdempotencyKey),
		jsonList(n.Tags), jsonList(n.Supersedes), n.ID}
	var rowid int64
	var rowScope, rowPath string
	err := ix.stmts["rowPath"].QueryRowContext(ctx, n.ID).Scan(&rowid, &rowScope, &rowPath)
	if err == nil && n.Scope == note.Portable && note.Scope(rowScope) == note.MachineLocal {
		// The same id in both trees: the machine-local copy describes the note while it exists,
		// as a full walk (local/ after memory/) decides. The portable file is only recorded.
		if _, serr := os.Stat(filepath.Join(ix.root, filepath.FromSlash(relKey(note.MachineLocal, rowPath)))); serr == nil {
			return ix.exec(ctx, "putFile", f.key, n.ID, f.size, f.mtime)
		}
	}
	switch {
	case errors.Is(err, sql.ErrNoRows):
		res, err := ix.stmts["insert"].ExecContext(ctx, cols...)
		if err == nil {
			rowid, err = res.LastInsertId()
		}
		if err != nil {
			return fmt.Errorf("index note %s: %w", n.ID, err)
		}
	case err != nil:
		return fmt.Errorf("index note %s: %w", n.ID, err)
	default:
		// The same id seen again (re-indexed, or in both trees): replace what the row holds.
		if err := ix.exec(ctx, "update", cols...); err != nil {
			return fmt.Errorf("note %s: %w", n.ID, err)
		}
		for _, name := range []string{"delTags", "delSup"} {
			if err := ix.exec(ctx, name, n.ID); err != nil {
				return err
			}
		}
		for _, name := range []string{"delFTS", "delHead"} {
			if err := ix.exec(ctx, name, rowid); err != nil {
				return err
			}
		}
	}
	for _, t := range n.Tags {
		if err := ix.exec(ctx, "addTag", n.ID, t); err != nil {
			return err
		}
	}
	for _, sup := range n.Supersedes {
		if err := ix.exec(ctx, "addSup", n.ID, sup); err != nil {
			return err
		}
	}
	if err := ix.exec(ctx, "addFTS", rowid, n.ID, n.Title, n.Body, strings.Join(n.Tags, " ")); err != nil {
		return err
	}
	if err := ix.exec(ctx, "addHead", rowid, n.Title, strings.Join(n.Tags, " ")); err != nil {
		return err
	}
	return ix.exec(ctx, "putFile", f.key, n.ID, f.size, f.mtime)
}

// removeFile forgets a file. Its note's row goes too, unless the row belongs to another file with
// the same id (then that file is what the row describes).
func (ix *indexer) removeFile(ctx context.Context, key string) error {
	var id string
	err := ix.stmts["fileID"].QueryRowContext(ctx, key).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	} else if err != nil {
		return fmt.Errorf("index: look up %s: %w", key, err)
	}
	if err := ix.exec(ctx, "delFile", key); err != nil {
		return err
	}
	var rowid int64
	var scope, bodyPath string
	err = ix.stmts["rowPath"].QueryRowContext(ctx, id).Scan(&rowid, &scope, &bodyPath)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	} else if err != nil {
		return fmt.Errorf("index: look up %s: %w", id, err)
	}
	if relKey(note.Scope(scope), bodyPath) != key {
		return nil
	}
	for _, name := range []string{"delFTS", "delHead"} {
		if err := ix.exec(ctx, name, rowid); err != nil {
			return err
		}
	}
	for _, name := range []string{"delTags", "delSup", "delRow"} {
		if err := ix.exec(ctx, name, id); err != nil {
			return err
		}
	}
	return ix.adoptTwin(ctx, id, key)
}

// adoptTwin indexes another file that carries the same id as a removed one (a note present in
// both trees), so the note stays findable: without it the remaining file, unchanged on disk, would
// never be read again. local/ sorts after memory/, so the machine-local copy is tried first.
func (ix *indexer) adoptTwin(ctx context.Context, id, removed string) error {
	rows, err := ix.stmts["twins"].QueryContext(ctx, id, removed)
	if err != nil {
		return fmt.Errorf("index: look up %s: %w", id, err)
	}
	var twins []string
	for rows.Next() {
		var p string
		if err := rows.Scan(&p); err != nil {
			rows.Close()
			return fmt.Errorf("index: look up %s: %w", id, err)
		}
		twins = append(twins, p)
	}
	rows.Close()
	for _, k := range twins {
		sc, rel := note.Portable, strings.TrimPrefix(k, PortableDir+"/")
		if strings.HasPrefix(k, LocalDir+"/") {
			sc, rel = note.MachineLocal, strings.TrimPrefix(k, LocalDir+"/")
		}
		abs := filepath.Join(ix.root, filepath.FromSlash(k))
		size, mtime := lstatFile(abs)
		if size < 0 {
			continue
		}
		p := parseFile(fileInfo{key: k, abs: abs, scope: sc, rel: rel, size: size, mtime: mtime})
		if p.err != nil || p.n.ID != id {
			continue
		}
		return ix.put(ctx, p.n, p.f)
	}
	return nil
}
