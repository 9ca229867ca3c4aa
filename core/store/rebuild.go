package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"

	"modernc.org/sqlite"
)

// RebuildFile is where a full rebuild builds the new index before copying it into IndexFile.
// It exists only while a rebuild runs; one left by a killed rebuild is removed by the next.
const RebuildFile = IndexFile + ".rebuild"

// A full rebuild does not rewrite the live index row by row. It loads a fresh database file beside
// it, with no journal and no fsync (nothing in it matters until it is complete), creating the
// secondary indexes of memories only after the rows are in, and then copies that file's pages into
// the live index with SQLite's backup API in one write transaction. Measured at 10,000 notes, this
// halves the writer's work: dropping the old tables read every one of their pages (a tenth of the
// rebuild), the WAL received every page twice (the load and its checkpoint), and ten B-trees were
// kept sorted through every insert.
//
// The copy, not a rename of the new file over index.db, is what keeps this safe: other processes
// (the MCP server, the dashboard) keep index.db open, and in WAL mode a file renamed under them
// would pair their -wal and -shm files with a different database, which corrupts it. The backup
// writes through the live index's own WAL instead, so they see the new index appear at once, as
// after any commit, and a process killed at any point leaves either the old index or the new one:
// until the backup commits, the new pages are an uncommitted WAL tail that SQLite ignores.

// rebuild replaces the index with one built from every note file. The caller holds the store lock,
// so no writer of this implementation changes a note file or the index meanwhile.
func (s *Store) rebuild(ctx context.Context) (ReindexReport, error) {
	files, dirs, err := s.walk(wholeTrees)
	if err != nil {
		return ReindexReport{}, err
	}
	tmp := filepath.Join(s.root, RebuildFile)
	rep, err := s.buildFresh(ctx, tmp, files)
	if err == nil {
		err = s.restoreFrom(ctx, tmp)
	}
	// The file is a leftover either way: complete and copied, or half built and useless.
	if rerr := os.Remove(tmp); rerr != nil && !errors.Is(rerr, os.ErrNotExist) && err == nil {
		err = fmt.Errorf("remove %s: %w", RebuildFile, rerr)
	}
	if err != nil {
		return ReindexReport{}, fmt.Errorf("rebuild index: %w", err)
	}
	s.vecs.reset()
	s.recordScan(ctx, dirs)
	s.due = false
	return rep, nil
}

// tablesSuffix names the second scratch file of a rebuild (see buildFresh).
const tablesSuffix = ".tables"

// buildFresh writes a complete index of files into a new database at path. Two connections write
// at once, each into a file of its own: one tokenizes every note's text into the FTS5 tables at
// path, the other writes the plain tables (notes, tags, supersedes, file records) beside it, which
// are then copied into path in one statement each. On two cores this takes the text's
// tokenizing, half of the writing, off the path of everything else.
func (s *Store) buildFresh(ctx context.Context, path string, files []fileInfo) (ReindexReport, error) {
	tablesPath := path + tablesSuffix
	for _, p := range []string{path, tablesPath} {
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			return ReindexReport{}, fmt.Errorf("remove a previous %s: %w", filepath.Base(p), err)
		}
	}
	defer os.Remove(tablesPath) // its content is copied into path, or the rebuild failed
	// The backup API copies pages as they are, so the new file must have the live index's page size.
	var pageSize int
	if err := s.db.QueryRowContext(ctx, "PRAGMA page_size").Scan(&pageSize); err != nil {
		return ReindexReport{}, fmt.Errorf("read page size: %w", err)
	}
	vectors, err := s.hasVectors(ctx)
	if err != nil {
		return ReindexReport{}, err
	}
	final, err := openScratch(ctx, path, pageSize)
	if err != nil {
		return ReindexReport{}, err
	}
	defer final.close()
	tables, err := openScratch(ctx, tablesPath, pageSize)
	if err != nil {
		return ReindexReport{}, err
	}
	defer tables.close()

	// Both files get the whole schema, less the secondary indexes; each fills its own part.
	create := func(tx *sql.Tx) error {
		return execAll(ctx, tx, "create index tables", schemaTablesSQL,
			fmt.Sprintf("PRAGMA user_version = %d", compatVersion),
			"INSERT INTO anamnesis_meta(key, value) VALUES ('schema', '"+strconv.Itoa(schemaVersion)+"')",
			// No merging of FTS5 segments while loading: they are merged once, by optimize, at the end.
			"INSERT INTO memories_fts(memories_fts, rank) VALUES('automerge', 0)",
			"INSERT INTO anamnesis_heads(anamnesis_heads, rank) VALUES('automerge', 0)")
	}
	textTx, err := final.conn.BeginTx(ctx, nil)
	if err != nil {
		return ReindexReport{}, fmt.Errorf("begin text transaction: %w", err)
	}
	defer textTx.Rollback() //nolint:errcheck // a no-op after Commit; on failure the file is discarded
	if err := create(textTx); err != nil {
		return ReindexReport{}, err
	}
	stmts, err := newTextStmts(ctx, textTx)
	if err != nil {
		return ReindexReport{}, err
	}
	defer stmts.close()
	text := startText(ctx, stmts, func() error {
		// One merge of the loaded segments, then the default automerge for later writes. The
		// secondary indexes are made here, empty, so that mergeTables copies them whole.
		return execAll(ctx, textTx, "optimize index",
			"INSERT INTO memories_fts(memories_fts) VALUES('optimize')",
			"INSERT INTO memories_fts(memories_fts, rank) VALUES('automerge', 4)",
			"INSERT INTO anamnesis_heads(anamnesis_heads) VALUES('optimize')",
			"INSERT INTO anamnesis_heads(anamnesis_heads, rank) VALUES('automerge', 4)",
			schemaIndexesSQL)
	})
	rep := ReindexReport{Full: true}
	err = indexTx(ctx, tables.conn, s.root, create, func(ix *indexer) error {
		ix.rows = make(map[string]rowRef, len(files))
		ix.text.close()
		ix.text = text
		if err := ix.indexFiles(ctx, files, &rep); err != nil {
			return err
		}
		// Sorted into the secondary indexes once, while the text goroutine still tokenizes.
		return execAll(ctx, ix.tx, "index notes", schemaIndexesSQL)
	})
	if werr := text.wait(); err == nil && werr != nil {
		err = fmt.Errorf("index text: %w", werr)
	}
	if err != nil {
		return ReindexReport{}, err
	}
	if err := textTx.Commit(); err != nil {
		return ReindexReport{}, fmt.Errorf("commit index text: %w", err)
	}
	tables.close()
	if err := mergeTables(ctx, final.conn, tablesPath); err != nil {
		return ReindexReport{}, err
	}
	if vectors {
		if err := copyVectors(ctx, final.conn, s.DBPath()); err != nil {
			return ReindexReport{}, err
		}
	}
	return rep, final.close()
}

// scratch is a database file a rebuild writes alone, through one connection.
type scratch struct {
	db   *sql.DB
	conn *sql.Conn
}

// openScratch opens (creating) a scratch database. No journal, no fsync, an exclusive lock: the
// file is thrown away unless it is complete, so nothing needs protecting while it is written. The
// page cache stays at SQLite's default size: a larger one saved little I/O (the file is in the
// operating system's cache anyway) and freeing its pages one by one cost more than it saved.
func openScratch(ctx context.Context, path string, pageSize int) (*scratch, error) {
	db, err := sql.Open("sqlite", "file:"+escapePath(path)+"?_pragma=busy_timeout(10000)&_pragma=journal_mode(OFF)&_pragma=synchronous(OFF)"+
		"&_pragma=locking_mode(EXCLUSIVE)&_pragma=temp_store(MEMORY)&_pragma=page_size("+strconv.Itoa(pageSize)+")")
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", filepath.Base(path), err)
	}
	db.SetMaxOpenConns(1)
	conn, err := db.Conn(ctx)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", filepath.Base(path), err)
	}
	return &scratch{db: db, conn: conn}, nil
}

// close closes the scratch database; it may be called again.
func (sc *scratch) close() error {
	if sc.db == nil {
		return nil
	}
	cerr := sc.conn.Close()
	err := sc.db.Close()
	sc.db, sc.conn = nil, nil
	if err == nil {
		err = cerr
	}
	return err
}

// mergeTables copies the plain tables of the scratch file at tablesPath, with their indexes, into
// conn's database, where they are empty, and adds the trigger. Each is copied as it stands (SQLite's
// transfer optimization moves records, index entries included, without decoding or sorting them),
// which needs the tables alike, the destination empty and without triggers.
func mergeTables(ctx context.Context, conn *sql.Conn, tablesPath string) error {
	// ATTACH works only outside a transaction.
	if _, err := conn.ExecContext(ctx, "ATTACH DATABASE ? AS t", tablesPath); err != nil {
		return fmt.Errorf("merge index tables: %w", err)
	}
	attached := true
	defer func() {
		if attached {
			_, _ = conn.ExecContext(context.WithoutCancel(ctx), "DETACH DATABASE t") // the file is discarded anyway
		}
	}()
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("merge index tables: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	// The text rows share memories' rowids, and the transfer keeps them. Copied any other way,
	// rows are numbered afresh, which keeps them only while they run 1..n without a gap; the load
	// leaves one only when a note's row is dropped, and then the rowids are named.
	var maxRowid, rows int64
	if err := tx.QueryRowContext(ctx, "SELECT coalesce(max(rowid), 0), count(*) FROM t.memories").Scan(&maxRowid, &rows); err != nil {
		return fmt.Errorf("merge index tables: %w", err)
	}
	copyNotes := "INSERT INTO main.memories SELECT * FROM t.memories"
	if maxRowid != rows {
		copyNotes = "INSERT INTO main.memories (rowid, id, " + noteColumns + ") SELECT rowid, id, " + noteColumns + " FROM t.memories"
	}
	err = execAll(ctx, tx, "merge index tables", copyNotes,
		"INSERT INTO main.memory_tags SELECT * FROM t.memory_tags",
		"INSERT INTO main.memory_supersedes SELECT * FROM t.memory_supersedes",
		"INSERT INTO main.anamnesis_files SELECT * FROM t.anamnesis_files")
	if err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("merge index tables: %w", err)
	}
	attached = false
	if _, err := conn.ExecContext(ctx, "DETACH DATABASE t"); err != nil {
		return fmt.Errorf("merge index tables: %w", err)
	}
	return execAll(ctx, conn, "create index trigger", schemaTriggersSQL)
}

// hasVectors reports whether the live index holds semantic-search vectors, which a rebuild keeps:
// they cost an embedding provider's time to make, and each is checked against its note's text
// when used (see StaleVectors).
func (s *Store) hasVectors(ctx context.Context) (bool, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'anamnesis_vectors'`).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("look for vectors: %w", err)
	}
	return n > 0, nil
}

// copyVectors carries the live index's vector tables into the new one.
func copyVectors(ctx context.Context, conn *sql.Conn, live string) error {
	// The scratch connection's exclusive locking would extend to the live index, which other
	// connections hold open: ATTACH reads its schema at once, under the mode in force.
	if err := execAll(ctx, conn, "keep vectors", "PRAGMA locking_mode = NORMAL"); err != nil {
		return err
	}
	if _, err := conn.ExecContext(ctx, "ATTACH DATABASE ? AS live", live); err != nil {
		return fmt.Errorf("keep vectors: %w", err)
	}
	err := execAll(ctx, conn, "keep vectors", vectorSchema,
		"INSERT INTO main.anamnesis_vectors (id, model, hash, vec) SELECT id, model, hash, vec FROM live.anamnesis_vectors",
		// A table made by an older version may lack anamnesis_vector_gen; its absence is no loss
		// (the generation only tells a process to reload), so it is copied when present.
		`INSERT INTO main.anamnesis_vector_gen (model, gen) SELECT model, gen FROM live.anamnesis_vector_gen
			WHERE EXISTS (SELECT 1 FROM live.sqlite_master WHERE name = 'anamnesis_vector_gen')`)
	if err != nil && isNoSuchTable(err) {
		err = nil
	}
	if _, derr := conn.ExecContext(ctx, "DETACH DATABASE live"); derr != nil && err == nil {
		err = fmt.Errorf("keep vectors: %w", derr)
	}
	return err
}

// restorer is the modernc driver connection's backup entry point.
type restorer interface {
	NewRestore(srcURI string) (*sqlite.Backup, error)
}

// restoreFrom replaces the live index's content with the database at path, in one transaction.
func (s *Store) restoreFrom(ctx context.Context, path string) error {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	return conn.Raw(func(dc any) error {
		r, ok := dc.(restorer)
		if !ok {
			return fmt.Errorf("the SQLite driver (%T) cannot copy a database", dc)
		}
		b, err := r.NewRestore("file:" + escapePath(path) + "?mode=ro")
		if err != nil {
			return fmt.Errorf("copy the new index in: %w", err)
		}
		// All pages in one step: one write transaction on the live index, so readers see the old
		// index or the new one, never a mix. The destination connection's busy timeout covers a
		// reader or writer of another process holding the index for a moment.
		_, serr := b.Step(-1)
		ferr := b.Finish()
		if serr != nil {
			return fmt.Errorf("copy the new index in: %w", serr)
		}
		if ferr != nil {
			return fmt.Errorf("copy the new index in: %w", ferr)
		}
		return nil
	})
}

// escapePath makes a file path safe inside a "file:" URI (a "?" or "#" in a directory name would
// otherwise end the path).
func escapePath(p string) string {
	u := url.URL{Path: filepath.ToSlash(p)}
	return u.EscapedPath()
}
