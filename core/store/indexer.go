package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/anamnesis-go/anamnesis/core/note"
)

// indexer writes notes and file records into the index inside one transaction. Its statements
// are named fields, prepared once per transaction, so a misspelt statement is a compile error.
type indexer struct {
	root string  // the store root, to read a file that takes over a removed file's note
	tx   *sql.Tx // the transaction the statements belong to

	insert, update *sql.Stmt // the memories row
	delTags        *sql.Stmt
	addTag         *sql.Stmt
	delSup, addSup *sql.Stmt
	text           textWriter // the note's searchable text (memories_fts, anamnesis_heads)
	putFile        *sql.Stmt  // what the drift check compares a file with
	badFile        *sql.Stmt  // a malformed file, so it is not parsed again until it changes
	fileID         *sql.Stmt
	delFile        *sql.Stmt
	rowPath        *sql.Stmt
	twins          *sql.Stmt // other files carrying the same id
	delRow         *sql.Stmt

	// rows, set only while a full rebuild loads an empty database, is what the index holds of each
	// note id so far: put then knows whether a row exists without asking SQLite once per note.
	rows map[string]rowRef
	// bulkChildren, set with rows, leaves the tag and supersedes rows to fillChildren, which
	// makes them all at the end from the memories rows' lists.
	bulkChildren bool
}

// rowRef is what put needs of a note's existing row: its rowid, scope and file.
type rowRef struct {
	rowid       int64
	scope, path string
}

// noteColumns is the column list of insert and update, in the order put passes them. go_indexed
// (always 1 here) tells rows this implementation wrote from rows another program wrote (see
// foreignWrites).
const noteColumns = `type, title, body_path, project, machine_id, scope, user_id, workspace_id, created_at,
	updated_at, prov_source, prov_model, prov_session, confidence, status, deleted_at, idempotency_key,
	tag_list, supersedes_list, body_key, go_indexed`

// A row keeps its rowid when its note is re-indexed, and the FTS row shares that rowid: FTS rows
// are then found and replaced by rowid (the reference deletes by its UNINDEXED id column, a full
// scan per write) and search joins on it. Insert and update are separate single-row statements
// on purpose: an UPSERT needs a statement journal, which makes SQLite open a savepoint on the FTS5
// table for every note, and FTS5 flushes a new segment at each one.
func newIndexer(ctx context.Context, tx *sql.Tx, root string) (*indexer, error) {
	ix := &indexer{root: root, tx: tx}
	for _, p := range []struct {
		st **sql.Stmt
		q  string
	}{
		{&ix.insert, `INSERT INTO memories (` + noteColumns + `, id) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,1,?)`},
		{&ix.update, `UPDATE memories SET (` + noteColumns + `) = (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,1) WHERE id = ?`},
		{&ix.delTags, `DELETE FROM memory_tags WHERE memory_id = ?`},
		{&ix.addTag, `INSERT OR IGNORE INTO memory_tags (memory_id, tag) VALUES (?, ?)`},
		{&ix.delSup, `DELETE FROM memory_supersedes WHERE memory_id = ?`},
		{&ix.addSup, `INSERT OR IGNORE INTO memory_supersedes (memory_id, superseded_id) VALUES (?, ?)`},
		{&ix.putFile, `INSERT OR REPLACE INTO anamnesis_files (path, id, size, mtime_ns) VALUES (?, ?, ?, ?)`},
		{&ix.badFile, `INSERT OR REPLACE INTO anamnesis_files (path, id, size, mtime_ns, error) VALUES (?, '', ?, ?, ?)`},
		{&ix.fileID, `SELECT id FROM anamnesis_files WHERE path = ?`},
		{&ix.delFile, `DELETE FROM anamnesis_files WHERE path = ?`},
		{&ix.rowPath, `SELECT rowid, scope, body_path FROM memories WHERE id = ?`},
		{&ix.twins, `SELECT path FROM anamnesis_files WHERE id = ? AND path <> ? ORDER BY path DESC`},
		{&ix.delRow, `DELETE FROM memories WHERE id = ?`},
	} {
		st, err := tx.PrepareContext(ctx, p.q)
		if err != nil {
			ix.close()
			return nil, fmt.Errorf("prepare index statement %q: %w", firstWords(p.q), err)
		}
		*p.st = st
	}
	text, err := newTextStmts(ctx, tx, bothParts)
	if err != nil {
		ix.close()
		return nil, err
	}
	ix.text = text
	return ix, nil
}

// firstWords names a statement in an error by its opening words.
func firstWords(q string) string {
	f := strings.Fields(q)
	return strings.Join(f[:min(4, len(f))], " ")
}

func (ix *indexer) close() {
	if ix.text != nil {
		ix.text.close()
	}
	for _, st := range []*sql.Stmt{ix.insert, ix.update, ix.delTags, ix.addTag, ix.delSup, ix.addSup,
		ix.putFile, ix.badFile, ix.fileID, ix.delFile,
		ix.rowPath, ix.twins, ix.delRow} {
		if st != nil {
			st.Close()
		}
	}
}

// exec runs one of ix's statements; what names it in an error.
func exec(ctx context.Context, st *sql.Stmt, what string, args ...any) error {
	if _, err := st.ExecContext(ctx, args...); err != nil {
		return fmt.Errorf("index (%s): %w", what, err)
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

// put indexes one parsed note as the content of file f. alt is the note's folded word forms
// (noteAlt), computed beforehand where a worker can; "" computes them here.
func (ix *indexer) put(ctx context.Context, n *note.Note, f fileInfo, alt string) error {
	status := "active"
	if n.Deleted() {
		status = string(note.StatusDeleted)
	}
	cols := []any{string(n.Type), n.Title, f.rel, n.Project, n.MachineID, string(n.Scope),
		n.UserID, n.WorkspaceID, n.CreatedAt, n.UpdatedAt, string(n.ProvSource), nullable(n.ProvModel),
		nullable(n.ProvSession), n.Confidence, status, nullable(n.DeletedAt), nullable(n.IdempotencyKey),
		jsonList(n.Tags), jsonList(n.Supersedes), bodyKey(n.Body), n.ID}
	var rowid int64
	var rowScope, rowPath string
	var err error
	if ix.rows != nil {
		r, ok := ix.rows[n.ID]
		rowid, rowScope, rowPath = r.rowid, r.scope, r.path
		if !ok {
			err = sql.ErrNoRows
		}
	} else {
		err = ix.rowPath.QueryRowContext(ctx, n.ID).Scan(&rowid, &rowScope, &rowPath)
	}
	if err == nil && n.Scope == note.Portable && note.Scope(rowScope) == note.MachineLocal {
		// The same id in both trees: the machine-local copy describes the note while it exists,
		// as a full walk (local/ after memory/) decides. The portable file is only recorded.
		if _, serr := os.Stat(filepath.Join(ix.root, filepath.FromSlash(relKey(note.MachineLocal, rowPath)))); serr == nil {
			return exec(ctx, ix.putFile, "record file", f.key, n.ID, f.size, f.mtime)
		}
	}
	switch {
	case errors.Is(err, sql.ErrNoRows):
		res, err := ix.insert.ExecContext(ctx, cols...)
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
		if err := exec(ctx, ix.update, "update", cols...); err != nil {
			return fmt.Errorf("note %s: %w", n.ID, err)
		}
		if err := ix.clearChildren(ctx, n.ID, rowid); err != nil {
			return err
		}
	}
	if ix.rows != nil {
		ix.rows[n.ID] = rowRef{rowid: rowid, scope: string(n.Scope), path: f.rel}
	}
	if !ix.bulkChildren {
		for _, t := range n.Tags {
			if err := exec(ctx, ix.addTag, "add tag", n.ID, t); err != nil {
				return err
			}
		}
		for _, sup := range n.Supersedes {
			if err := exec(ctx, ix.addSup, "add supersedes", n.ID, sup); err != nil {
				return err
			}
		}
	}
	tags := strings.Join(n.Tags, " ")
	if alt == "" {
		alt = noteAlt(n, nil)
	}
	if err := ix.text.add(ctx, textRow{rowid: rowid, id: n.ID, title: n.Title, body: n.Body, tags: tags, alt: alt}); err != nil {
		return err
	}
	return exec(ctx, ix.putFile, "record file", f.key, n.ID, f.size, f.mtime)
}

// clearChildren deletes the tag, supersedes and text rows of a note, keeping its memories row.
func (ix *indexer) clearChildren(ctx context.Context, id string, rowid int64) error {
	if !ix.bulkChildren {
		if err := exec(ctx, ix.delTags, "delete tags", id); err != nil {
			return err
		}
		if err := exec(ctx, ix.delSup, "delete supersedes", id); err != nil {
			return err
		}
	}
	return ix.text.del(ctx, rowid)
}

// fillChildren makes the tag and supersedes rows of every note from the lists its memories row
// holds (the same lists, as JSON, that put writes there), once the notes are loaded. Two
// statements instead of one per tag: at 10,000 notes, 15,000 statement runs fewer, each of which
// costs the driver more than SQLite's work for it.
func (ix *indexer) fillChildren(ctx context.Context) error {
	return execAll(ctx, ix.tx, "index tags",
		`INSERT OR IGNORE INTO memory_tags (memory_id, tag)
			SELECT m.id, j.value FROM memories m, json_each(m.tag_list) j ORDER BY m.rowid, j.id`,
		`INSERT OR IGNORE INTO memory_supersedes (memory_id, superseded_id)
			SELECT m.id, j.value FROM memories m, json_each(m.supersedes_list) j ORDER BY m.rowid, j.id`)
}

// bad records a malformed file. A file that became unreadable must not keep its old row; recording
// it as bad spares the next drift check from parsing it again until it changes.
func (ix *indexer) bad(ctx context.Context, f fileInfo, perr error) error {
	if err := ix.removeFile(ctx, f.key); err != nil {
		return err
	}
	return exec(ctx, ix.badFile, "record bad file", f.key, f.size, f.mtime, perr.Error())
}

// removeFile forgets a file. Its note's row goes too, unless the row belongs to another file with
// the same id (then that file is what the row describes).
func (ix *indexer) removeFile(ctx context.Context, key string) error {
	var id string
	err := ix.fileID.QueryRowContext(ctx, key).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	} else if err != nil {
		return fmt.Errorf("index: look up %s: %w", key, err)
	}
	// The file row goes first: the trigger that notices rows deleted by other programs (see
	// schemaTriggersSQL) takes a deletion whose file is still recorded for a foreign one.
	if err := exec(ctx, ix.delFile, "forget file", key); err != nil {
		return err
	}
	var rowid int64
	var scope, bodyPath string
	err = ix.rowPath.QueryRowContext(ctx, id).Scan(&rowid, &scope, &bodyPath)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	} else if err != nil {
		return fmt.Errorf("index: look up %s: %w", id, err)
	}
	if relKey(note.Scope(scope), bodyPath) != key {
		return nil
	}
	if err := ix.clearChildren(ctx, id, rowid); err != nil {
		return err
	}
	if err := exec(ctx, ix.delRow, "delete note", id); err != nil {
		return err
	}
	if ix.rows != nil {
		delete(ix.rows, id)
	}
	return ix.adoptTwin(ctx, id, key)
}

// adoptTwin indexes another file that carries the same id as a removed one (a note present in
// both trees), so the note stays findable: without it the remaining file, unchanged on disk, would
// never be read again. local/ sorts after memory/, so the machine-local copy is tried first.
func (ix *indexer) adoptTwin(ctx context.Context, id, removed string) error {
	rows, err := ix.twins.QueryContext(ctx, id, removed)
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
		sc, rel, ok := splitKey(k)
		if !ok {
			continue
		}
		abs := filepath.Join(ix.root, filepath.FromSlash(k))
		size, mtime := lstatFile(abs)
		if size < 0 {
			continue
		}
		p := parseFile(fileInfo{key: k, abs: abs, scope: sc, rel: rel, size: size, mtime: mtime}, nil)
		if p.err != nil || p.n.ID != id {
			continue
		}
		return ix.put(ctx, p.n, p.f, p.alt)
	}
	return nil
}

// parsed is one file read and decoded by a worker.
type parsed struct {
	f   fileInfo
	n   *note.Note
	alt string // noteAlt(n): folding words is a tenth of a rebuild, so the workers do it too
	err error
}

// noteAlt is the text of a note's alt column: its words' other forms (fold.go), worked out by
// fold (nil: by a folder that remembers nothing).
func noteAlt(n *note.Note, fold *folder) string {
	if fold == nil {
		fold = &folder{}
	}
	return fold.altText(n.CreatedAt, n.Title, n.Body, strings.Join(n.Tags, " "))
}

// parseChunk is how many files a parsing worker takes at once, and hands over at once. One
// hand-over per file woke the writing goroutine per file, which cost the scheduler more than the
// hand-over (see textBatch); 32 files are parsed in well under a millisecond.
const parseChunk = 32

// indexFiles reads and parses files on every core while one goroutine writes the index, since
// SQLite takes one writer and parsing is the other half of the cost.
func (ix *indexer) indexFiles(ctx context.Context, files []fileInfo, rep *ReindexReport) error {
	if len(files) == 0 {
		return nil
	}
	chunks := (len(files) + parseChunk - 1) / parseChunk
	workers := min(runtime.GOMAXPROCS(0), chunks)
	out := make([]parsed, len(files))
	var wg sync.WaitGroup
	next := make(chan int, chunks)
	for c := 0; c < chunks; c++ {
		next <- c
	}
	close(next)
	done := make([]chan struct{}, chunks)
	for i := range done {
		done[i] = make(chan struct{})
	}
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fold := newFolder()
			for c := range next {
				for i := c * parseChunk; i < min((c+1)*parseChunk, len(files)); i++ {
					out[i] = parseFile(files[i], fold)
				}
				close(done[c])
			}
		}()
	}
	defer wg.Wait()
	// The statements run without the caller's cancellation: the driver watches a cancellable
	// context with a goroutine of its own for every statement, and a rebuild runs some 60,000
	// of them. A cancelled context is still seen between two chunks of notes, below.
	sctx := context.WithoutCancel(ctx)
	for i := range files {
		if i%parseChunk == 0 {
			select {
			case <-done[i/parseChunk]:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		p := out[i]
		if p.err != nil {
			rep.Skipped++
			rep.Bad = append(rep.Bad, BadFile{Path: p.f.key, Error: p.err.Error()})
			if err := ix.bad(sctx, p.f, p.err); err != nil {
				return err
			}
			continue
		}
		if err := ix.put(sctx, p.n, p.f, p.alt); err != nil {
			return err
		}
		rep.Indexed++
		out[i] = parsed{} // let the note be collected
	}
	return nil
}

// parseFile reads, parses and folds one note file; fold (nil for none) is the calling goroutine's.
func parseFile(f fileInfo, fold *folder) parsed {
	data, err := readNoteFile(f.abs, f.size)
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
	return parsed{f: f, n: n, alt: noteAlt(n, fold)}
}
