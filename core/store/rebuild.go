package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"database/sql/driver"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"modernc.org/sqlite"
)

// RebuildFile is where a full rebuild builds the new index before copying it into IndexFile.
// It exists only while a rebuild runs; one left by a killed rebuild is removed by the next.
const RebuildFile = IndexFile + ".rebuild"

// A full rebuild does not rewrite the live index row by row. It builds the new index apart, in
// scratch databases with no journal and no fsync (nothing in them matters until they are
// complete): in memory, or in files beside the index for a large store. The text is tokenized on
// one connection while the plain tables are written on another, the secondary indexes are sorted
// once after the rows are in, and the result is copied into the live index in one write
// transaction, page by page, writing only the pages that differ (copyChanged; SQLite's backup API
// where that cannot run). Measured at 10,000 notes, against loading the live index in place:
// dropping the old tables read every one of their pages (a tenth of the rebuild), the WAL
// received every page twice, ten B-trees were kept sorted through every insert, and tokenizing
// waited for everything else.
//
// The copy, not a rename of a new file over index.db, is what keeps this safe: other processes
// (the MCP server, the dashboard) keep index.db open, and in WAL mode a file renamed under them
// would pair their -wal and -shm files with a different database, which corrupts it. The copy
// writes through the live index's own WAL instead, so they see the new index appear at once, as
// after any commit, and a process killed at any point leaves either the old index or the new one:
// until the copy commits, the new pages are an uncommitted WAL tail that SQLite ignores.

// rebuild replaces the index with one built from every note file. The caller holds the store lock,
// so no writer of this implementation changes a note file or the index meanwhile.
func (s *Store) rebuild(ctx context.Context) (ReindexReport, error) {
	files, dirs, err := s.walk(wholeTrees)
	if err != nil {
		return ReindexReport{}, err
	}
	var noteBytes int64
	for _, f := range files {
		noteBytes += f.size
	}
	where, err := s.scratchFor(noteBytes)
	if err != nil {
		return ReindexReport{}, fmt.Errorf("rebuild index: %w", err)
	}
	// The walk's record goes into the new index itself, so the copy brings it and no write
	// follows the copy.
	scan := scanRecord{At: time.Now().Unix(), Dirs: dirs}
	rep, err := s.buildAndSwap(ctx, files, where, scan)
	if !where.inMemory {
		// After an error; a build that succeeded removed them beside its checkpoint, and this
		// finds nothing.
		if rerr := where.removeFiles(); rerr != nil && err == nil {
			err = rerr
		}
	}
	if err != nil {
		return ReindexReport{}, fmt.Errorf("rebuild index: %w", err)
	}
	s.vecs.reset()
	s.due.Store(false)
	return rep, nil
}

// memScratchLimit is the most note text whose rebuild is built in memory; larger stores build in
// files beside the index. At 10,000 notes (some 20 MB of text) the index takes about as much
// again, and files on disk cost this machine more than building: written, then unlinked on a
// file system that discards freed blocks, and with a page cache whose pages SQLite frees one by
// one.
var memScratchLimit int64 = 128 << 20 // a variable for the tests of the file-backed path

// tmpfsDir is a memory file system where a rebuild's scratch databases go when they fit in
// memory, or "" where there is none: then they are SQLite memdb databases. Files in memory cost
// less than memdb: a memdb database lives in one buffer that SQLite doubles as it grows, copying
// it each time into fresh memory, which the kernel maps a page at a time (measured at 10,000
// notes: 29,000 page faults against 13,700, and a tenth of the rebuild's CPU time).
var tmpfsDir = defaultTmpfsDir()

// tmpfsHeadroom is what a rebuild leaves free on tmpfsDir beyond its own need, for the other
// programs that use it.
const tmpfsHeadroom = 16 << 20

// tmpfsFits reports whether a rebuild of noteBytes of notes fits in free bytes of a memory file
// system (free < 0: not known, taken as room enough).
func tmpfsFits(free, noteBytes int64) bool {
	return free < 0 || free >= 2*noteBytes+tmpfsHeadroom
}

func defaultTmpfsDir() string {
	if runtime.GOOS != "linux" {
		return ""
	}
	if fi, err := os.Stat("/dev/shm"); err != nil || !fi.IsDir() {
		return ""
	}
	return "/dev/shm"
}

// scratchSeq keeps the in-memory databases of rebuilds running at once in one process apart.
var scratchSeq atomic.Int64

// scratchPlace is where a rebuild's two scratch databases live: in memdb databases, or in files
// in dir (RebuildFile and RebuildFile+tablesSuffix).
type scratchPlace struct {
	inMemory bool
	dir      string // the store root, or the rebuild's own directory on tmpfsDir
	own      bool   // dir was made for this rebuild and goes with its files
}

// scratchFor picks where a rebuild of noteBytes of notes builds, and clears what a killed
// rebuild left: scratch files beside the index, and directories on tmpfsDir made for this store
// (rebuilds of one store hold its lock, so any such directory is a killed one's).
func (s *Store) scratchFor(noteBytes int64) (scratchPlace, error) {
	beside := scratchPlace{dir: s.root}
	err := beside.removeFiles()
	if noteBytes > memScratchLimit {
		// A rebuild in files must start without them (it would add to their rows).
		return beside, err
	}
	if tmpfsDir == "" {
		return scratchPlace{inMemory: true}, nil
	}
	sum := sha256.Sum256([]byte(s.root))
	prefix := "anamnesis-rebuild-" + hex.EncodeToString(sum[:6]) + "-"
	left, _ := filepath.Glob(filepath.Join(tmpfsDir, prefix+"*"))
	for _, dir := range left {
		_ = os.RemoveAll(dir) // best effort: one that cannot be removed is not ours
	}
	// The two scratch databases take up to about one and a half times the notes' text at their
	// peak; a memory file system too small for that (a container's /dev/shm is 64 MB by
	// default) is passed over for memdb, which is bounded by memory alone.
	if !tmpfsFits(freeBytes(tmpfsDir), noteBytes) {
		return scratchPlace{inMemory: true}, nil
	}
	// A directory of its own, made afresh with a name no one else can take ahead of it: the
	// memory file system is shared by every user of the machine.
	dir, err := os.MkdirTemp(tmpfsDir, prefix)
	if err != nil {
		return scratchPlace{inMemory: true}, nil
	}
	return scratchPlace{dir: dir, own: true}, nil
}

// uris returns the SQLite URIs of the text database (the new index) and the tables database.
func (p scratchPlace) uris() (text, tables string) {
	if p.inMemory {
		// memdb databases named with a leading "/" are shared by the connections of a process
		// (the tables one is attached to the text one) and vanish with their last connection.
		name := fmt.Sprintf("/anamnesis-rebuild-%d-%d", os.Getpid(), scratchSeq.Add(1))
		return "file:" + name + "?vfs=memdb", "file:" + name + tablesSuffix + "?vfs=memdb"
	}
	path := filepath.Join(p.dir, RebuildFile)
	return "file:" + escapePath(path), "file:" + escapePath(path+tablesSuffix)
}

// removeFiles removes the scratch files, which exist only while a file-backed rebuild runs or
// after one was killed (the journal only while vectors are copied in).
func (p scratchPlace) removeFiles() error {
	if p.inMemory {
		return nil
	}
	if p.own {
		if err := os.RemoveAll(p.dir); err != nil {
			return fmt.Errorf("remove scratch directory: %w", err)
		}
		return nil
	}
	for _, name := range []string{RebuildFile, RebuildFile + "-journal", RebuildFile + tablesSuffix} {
		if err := os.Remove(filepath.Join(p.dir, name)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("remove %s: %w", name, err)
		}
	}
	return nil
}

// tablesSuffix names the second scratch database of a rebuild (see buildAndSwap).
const tablesSuffix = ".tables"

// buildAndSwap builds a complete index of files in scratch databases and copies it into the live
// index. Two connections write at once, each into a database of its own: one tokenizes every
// note's text into the FTS5 tables of what becomes the new index, the other writes the plain
// tables (notes, tags, supersedes, file records) and their indexes beside it, which are then
// copied over in one statement each. On two cores this takes the text's tokenizing, half of the
// writing, off the path of everything else.
func (s *Store) buildAndSwap(ctx context.Context, files []fileInfo, where scratchPlace, scan scanRecord) (ReindexReport, error) {
	// The backup API copies pages as they are, so the new file must have the live index's page size.
	var pageSize int
	if err := s.db.QueryRowContext(ctx, "PRAGMA page_size").Scan(&pageSize); err != nil {
		return ReindexReport{}, fmt.Errorf("read page size: %w", err)
	}
	vectors, err := s.hasVectors(ctx)
	if err != nil {
		return ReindexReport{}, err
	}
	scanJSON, err := json.Marshal(scan)
	if err != nil {
		return ReindexReport{}, fmt.Errorf("record scan: %w", err)
	}
	textURI, tablesURI := where.uris()
	final, err := openScratch(ctx, textURI, pageSize)
	if err != nil {
		return ReindexReport{}, err
	}
	defer func() { _ = final.close() }() // after an error; the success path closes it and checks
	tables, err := openScratch(ctx, tablesURI, pageSize)
	if err != nil {
		return ReindexReport{}, err
	}
	defer func() { _ = tables.close() }() // after an error; the success path closes it and checks

	// Both databases get the whole schema but the secondary indexes and the trigger; each fills
	// its own part.
	create := func(tx *sql.Tx) error {
		return execAll(ctx, tx, "create index tables", schemaTablesSQL,
			fmt.Sprintf("PRAGMA user_version = %d", compatVersion),
			"INSERT INTO anamnesis_meta(key, value) VALUES ('schema', '"+strconv.Itoa(schemaVersion)+"')",
			// No merging of FTS5 segments while loading: they are merged once, by optimize, at the
			// end. And few segments to merge: FTS5 writes one each time its pending postings pass
			// hashsize (1 MB by default), and at 10,000 notes merging those was 65 of the text
			// connection's finishing 100 ms; with loadHashSize the optimize takes 35.
			"INSERT INTO memories_fts(memories_fts, rank) VALUES('automerge', 0)",
			"INSERT INTO anamnesis_heads(anamnesis_heads, rank) VALUES('automerge', 0)",
			"INSERT INTO memories_fts(memories_fts, rank) VALUES('hashsize', "+loadHashSize+")",
			"INSERT INTO anamnesis_heads(anamnesis_heads, rank) VALUES('hashsize', "+loadHashSize+")")
	}
	textTx, err := final.conn.BeginTx(ctx, nil)
	if err != nil {
		return ReindexReport{}, fmt.Errorf("begin text transaction: %w", err)
	}
	defer textTx.Rollback() //nolint:errcheck // a no-op after Commit; on failure the database is discarded
	if err := create(textTx); err != nil {
		return ReindexReport{}, err
	}
	stmts, err := newTextStmts(ctx, textTx, partFTS)
	if err != nil {
		return ReindexReport{}, err
	}
	defer stmts.close()
	text := startText(ctx, stmts, func() error {
		// One merge of the loaded segments, then the default automerge for later writes. The
		// secondary indexes are made here, empty, so that mergeTables copies them whole.
		err := execAll(ctx, textTx, "optimize index",
			"INSERT INTO memories_fts(memories_fts) VALUES('optimize')",
			"INSERT INTO memories_fts(memories_fts, rank) VALUES('automerge', 4)",
			"INSERT INTO memories_fts(memories_fts, rank) VALUES('hashsize', "+defaultHashSize+")",
			schemaIndexesSQL)
		if err != nil {
			return err
		}
		if _, err := textTx.ExecContext(ctx, "INSERT INTO anamnesis_meta (key, value) VALUES ('scan', ?)", string(scanJSON)); err != nil {
			return fmt.Errorf("record scan: %w", err)
		}
		return nil
	})
	rep := ReindexReport{Full: true}
	err = indexTx(ctx, tables.conn, s.root, create, func(ix *indexer) error {
		ix.rows = make(map[string]rowRef, len(files))
		ix.bulkChildren = true
		// The titles' table is written here and the full text on the text connection: the titles
		// are a fifth of the text's work, which otherwise finishes well after everything else.
		ix.text.close()
		heads, err := newTextStmts(ctx, ix.tx, partHeads)
		if err != nil {
			ix.text = text // closed by ix.close
			return err
		}
		ix.text = textPair{first: heads, second: text}
		if err := ix.indexFiles(ctx, files, &rep); err != nil {
			return err
		}
		// Every text row is queued: the text goroutine finishes them and merges its segments
		// while this connection makes the tags' rows, sorts the secondary indexes and commits.
		text.finish()
		if err := ix.fillChildren(ctx); err != nil {
			return err
		}
		return execAll(ctx, ix.tx, "index notes",
			"INSERT INTO anamnesis_heads(anamnesis_heads) VALUES('optimize')",
			"INSERT INTO anamnesis_heads(anamnesis_heads, rank) VALUES('automerge', 4)",
			"INSERT INTO anamnesis_heads(anamnesis_heads, rank) VALUES('hashsize', "+defaultHashSize+")",
			schemaIndexesSQL)
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
	if err := mergeTables(ctx, final.conn, attachName(tablesURI)); err != nil {
		return ReindexReport{}, err
	}
	tablesClosed := closeSoon(tables)
	if vectors {
		if err := s.copyVectors(ctx, final.conn, attachName(textURI)); err != nil {
			return ReindexReport{}, err
		}
	}
	copied, err := s.copyChanged(ctx, attachName(textURI))
	if err != nil {
		// The live index is as it was (the copy is one transaction). The backup API copies
		// every page; it is also the copy that needs nothing SQLite may leave out (the
		// sqlite_dbpage table), so any failure falls back on it.
		if berr := copyInto(ctx, final.conn, s.dsn()); berr != nil {
			if errors.Is(err, errManyChanged) || errors.Is(err, errShorter) {
				return ReindexReport{}, berr
			}
			return ReindexReport{}, fmt.Errorf("%w (and copying the new index in whole: %v)", err, berr)
		}
		copied = copyReport{whole: true}
		_ = final.conn.QueryRowContext(ctx, "PRAGMA page_count").Scan(&copied.pages) // for the tests only
	}
	s.lastCopy.Store(&copied)
	// The copy left the pages it wrote in the live index's WAL. Moving them into the database file
	// is done here, while the scratch databases are freed beside it, rather than by whichever
	// write comes next (an auto-checkpoint) or by the last connection to close (at this
	// process's exit).
	// The scratch files go too, once closed (removing a file of 20 MB from the memory file
	// system took 7 ms).
	finalClosed := closeSoon(final)
	cleared := make(chan error, 1)
	go func() {
		err := tablesClosed()
		if ferr := finalClosed(); err == nil {
			err = ferr
		}
		if err == nil && !where.inMemory {
			err = where.removeFiles()
		}
		cleared <- err
	}()
	s.checkpoint(ctx)
	err = <-cleared
	return rep, err
}

// The FTS5 tables' pending-postings buffer (their 'hashsize' setting) while a rebuild loads them,
// and afterwards. Measured at 10,000 notes, 8 MB to 512 MB made no difference to the rebuild's
// time or peak memory (65 MB of the process either way): the buffer holds postings, a fraction
// of the text. Later writes (a note at a time, or an incremental reindex's batch) get FTS5's
// default back, as before.
const (
	loadHashSize    = "16777216"
	defaultHashSize = "1048576"
)

// closeSoon closes a scratch database in the background and returns a function that waits for
// the close and returns its error. Closing frees SQLite's page cache, which the driver's allocator
// hands back to the kernel a piece at a time (an madvise call each): at 10,000 notes a tenth of a
// second of CPU, which runs beside the checkpoint instead of before it.
func closeSoon(sc *scratch) func() error {
	done := make(chan error, 1)
	go func() { done <- sc.close() }()
	return func() error { return <-done }
}

// checkpoint copies the live index's WAL into its database file and empties the WAL. SQLite
// deletes the WAL only when the last connection closes and otherwise reuses it at its largest
// size, so while another process keeps the index open (the hook server, which also locks the
// file in memory, or the MCP server) a rebuild that copied the whole index would leave a second
// index-sized file behind. Emptying it waits for readers to leave the WAL, at most
// checkpointWait: a reader is a search, milliseconds. Past that the checkpoint does what it can
// without waiting, as a passive one does, and journal_size_limit trims the file at a later write.
// It is best effort: a later checkpoint does what this one could not.
func (s *Store) checkpoint(ctx context.Context) {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return
	}
	defer func() { _ = conn.Close() }()
	var wait int
	if err := conn.QueryRowContext(ctx, "PRAGMA busy_timeout").Scan(&wait); err != nil {
		return
	}
	defer func() {
		if _, err := conn.ExecContext(context.WithoutCancel(ctx), fmt.Sprintf("PRAGMA busy_timeout = %d", wait)); err != nil {
			// A pooled connection must not keep the short wait: drop it from the pool.
			_ = conn.Raw(func(any) error { return driver.ErrBadConn })
		}
	}()
	if _, err := conn.ExecContext(ctx, fmt.Sprintf("PRAGMA busy_timeout = %d", checkpointWait.Milliseconds())); err != nil {
		return
	}
	_, _ = conn.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)")
}

// checkpointWait bounds how long emptying the WAL after a rebuild waits for readers.
const checkpointWait = 200 * time.Millisecond

// attachName is what ATTACH takes for a scratch database's URI: the URI itself for an in-memory
// one, the file's path otherwise.
func attachName(uri string) string {
	if strings.Contains(uri, "vfs=memdb") {
		return uri
	}
	p, _ := url.PathUnescape(strings.TrimPrefix(uri, "file:"))
	return filepath.FromSlash(p)
}

// scratch is a database a rebuild writes alone, through one connection.
type scratch struct {
	db   *sql.DB
	conn *sql.Conn

	closing sync.Once // close may run in the background (closeSoon) and again on an error path
	err     error     // what closing returned
}

// openScratch opens (creating) a scratch database. No journal, no fsync: the database is thrown away unless it is complete, so nothing needs protecting while it is written.
// The page cache stays at SQLite's default size: a larger one saved little I/O and freeing its
// pages one by one cost more than it saved.
func openScratch(ctx context.Context, uri string, pageSize int) (*scratch, error) {
	sep := "?"
	if strings.Contains(uri, "?") {
		sep = "&"
	}
	db, err := sql.Open("sqlite", uri+sep+"_pragma=busy_timeout(10000)&_pragma=journal_mode(OFF)&_pragma=synchronous(OFF)"+
		"&_pragma=temp_store(MEMORY)&_pragma=page_size("+strconv.Itoa(pageSize)+")")
	if err != nil {
		return nil, fmt.Errorf("open scratch index: %w", err)
	}
	db.SetMaxOpenConns(1)
	conn, err := db.Conn(ctx)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("open scratch index: %w", err)
	}
	return &scratch{db: db, conn: conn}, nil
}

// close closes the scratch database; it may be called again, from any goroutine.
func (sc *scratch) close() error {
	sc.closing.Do(func() {
		cerr := sc.conn.Close()
		sc.err = sc.db.Close()
		if sc.err == nil {
			sc.err = cerr
		}
	})
	return sc.err
}

// mergeTables copies the plain tables of the scratch database attachable as tables, with their
// indexes, and the titles' FTS5 table into conn's database, where they are empty, and adds the
// trigger. Each is copied as it stands (SQLite's transfer optimization moves records, index
// entries included, without decoding or sorting them), which needs the tables alike, the
// destination empty and without triggers.
func mergeTables(ctx context.Context, conn *sql.Conn, tables string) error {
	// ATTACH works only outside a transaction.
	if _, err := conn.ExecContext(ctx, "ATTACH DATABASE ? AS t", tables); err != nil {
		return fmt.Errorf("merge index tables: %w", err)
	}
	attached := true
	defer func() {
		if attached {
			_, _ = conn.ExecContext(context.WithoutCancel(ctx), "DETACH DATABASE t") // the database is discarded anyway
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
	// The titles' table was built on the tables connection. An FTS5 table is its shadow tables:
	// the empty ones made here with the schema are replaced by the built ones, copied as they
	// stand (their rowids are their INTEGER PRIMARY KEYs, kept by any copy).
	for _, shadow := range []string{"data", "idx", "content", "docsize", "config"} {
		name := "anamnesis_heads_" + shadow
		err = execAll(ctx, tx, "merge index titles", "DELETE FROM main."+name,
			"INSERT INTO main."+name+" SELECT * FROM t."+name)
		if err != nil {
			return err
		}
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

// copyVectors carries the live index's vector tables into the new one, open as final and
// attachable as scratch. The copy runs on a connection of the live index, whose default VFS
// reaches it (a scratch connection in memory would take its path for another memory database).
func (s *Store) copyVectors(ctx context.Context, final *sql.Conn, scratch string) error {
	if err := execAll(ctx, final, "keep vectors", vectorSchema); err != nil {
		return err
	}
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("keep vectors: %w", err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "ATTACH DATABASE ? AS scratch", scratch); err != nil {
		return fmt.Errorf("keep vectors: %w", err)
	}
	err = execAll(ctx, conn, "keep vectors",
		"INSERT INTO scratch.anamnesis_vectors (id, model, hash, vec) SELECT id, model, hash, vec FROM main.anamnesis_vectors",
		// A table made by an older version may lack anamnesis_vector_gen; its absence is no loss
		// (the generation only tells a process to reload).
		"INSERT INTO scratch.anamnesis_vector_gen (model, gen) SELECT model, gen FROM main.anamnesis_vector_gen")
	if err != nil && isNoSuchTable(err) {
		err = nil
	}
	if _, derr := conn.ExecContext(context.WithoutCancel(ctx), "DETACH DATABASE scratch"); derr != nil && err == nil {
		err = fmt.Errorf("keep vectors: %w", derr)
	}
	return err
}

// backuper is the modernc driver connection's backup entry point.
type backuper interface {
	NewBackup(dstURI string) (*sqlite.Backup, error)
}

// copyInto replaces the content of the database at dsn (the live index) with conn's database,
// in one write transaction on the destination.
func copyInto(ctx context.Context, conn *sql.Conn, dsn string) error {
	return conn.Raw(func(dc any) error {
		b, ok := dc.(backuper)
		if !ok {
			return fmt.Errorf("the SQLite driver (%T) cannot copy a database", dc)
		}
		// The destination is a connection of its own, opened with the live index's settings (WAL,
		// busy timeout): another process holding the index for a moment is waited for.
		bk, err := b.NewBackup(dsn)
		if err != nil {
			return fmt.Errorf("copy the new index in: %w", err)
		}
		// All pages in one step: one write transaction on the live index, so readers see the old
		// index or the new one, never a mix.
		_, serr := bk.Step(-1)
		ferr := bk.Finish()
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

// copyReport is what a rebuild's copy wrote into the live index: written of pages pages, or
// every page (whole: by the backup API, where copyChanged failed). The tests read it.
type copyReport struct {
	written, pages int64
	cookie         int64 // the new index's schema cookie, before the copy moved it on
	whole          bool
}

// copyChanged makes the live index a page-for-page copy of the complete new index, attachable as
// fresh, in one write transaction, writing only the pages that differ. A rebuild of an unchanged
// store makes the same pages but for a few (the walk's record, the header): measured at 10,000
// notes, 2 pages of 5,069, where the backup API wrote all of them into the WAL and the checkpoint
// wrote them again (with an fsync of 20 MB each way), 180 ms of the 1.1 s rebuild; the
// comparison and the two pages take 50-70 ms. Where many pages differ (a note added, edited or
// removed moves every later row, and the text's segments with them), or the new index is
// shorter, it declines (errManyChanged, errShorter) and the caller copies with the backup API.
//
// The comparison runs in a read transaction, so that other processes' writes (a hook recording
// its walk, the Python reference) do not wait on it: only the writing holds the write lock. The
// write transaction then checks that no other connection committed since the comparison began
// (PRAGMA data_version), and compares again under the lock where one did.
//
// The pages are written through SQLite's pager, by the sqlite_dbpage table: readers keep their
// snapshot until the commit, as with any write, and a process killed before it leaves an
// uncommitted WAL tail that SQLite ignores. The schema cookie is moved past both databases'
// values, as the backup API does, so every connection reads the new schema before its next
// statement. The copy runs on a connection of its own, closed after it: this connection
// writes the cookie, and so would take its own cached schema (the old index's) for current.
func (s *Store) copyChanged(ctx context.Context, fresh string) (copyReport, error) {
	db, err := sql.Open("sqlite", s.dsn())
	if err != nil {
		return copyReport{}, fmt.Errorf("copy the new index in: %w", err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	conn, err := db.Conn(ctx)
	if err != nil {
		return copyReport{}, fmt.Errorf("copy the new index in: %w", err)
	}
	defer conn.Close()
	// ATTACH works only outside a transaction; the connection goes with db, attachment and all.
	if _, err := conn.ExecContext(ctx, "ATTACH DATABASE ? AS fresh", fresh); err != nil {
		return copyReport{}, fmt.Errorf("copy the new index in: %w", err)
	}
	version := func(q querier) (int64, error) {
		var v int64
		if err := q.QueryRowContext(ctx, "PRAGMA main.data_version").Scan(&v); err != nil {
			return 0, fmt.Errorf("copy the new index in: %w", err)
		}
		return v, nil
	}
	seen, err := version(conn)
	if err != nil {
		return copyReport{}, err
	}
	// A read transaction (not the DSN's immediate one): readers and writers go on meanwhile.
	read, err := conn.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return copyReport{}, fmt.Errorf("copy the new index in: %w", err)
	}
	plan, err := planCopy(ctx, read)
	_ = read.Rollback() // it only read
	if afterCopyPlan != nil {
		afterCopyPlan()
	}
	if err != nil {
		return copyReport{}, err
	}
	tx, err := conn.BeginTx(ctx, nil) // immediate (the DSN's _txlock): the write lock
	if err != nil {
		return copyReport{}, fmt.Errorf("copy the new index in: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	if now, err := version(tx); err != nil {
		return copyReport{}, err
	} else if now != seen {
		// Another connection committed since: what differs is compared again, under the lock.
		if plan, err = planCopy(ctx, tx); err != nil {
			return copyReport{}, err
		}
	}
	// The pages are written through a sqlite_dbpage table of their own: written through the one
	// the comparison reads, SQLite would first copy every row into a temporary table.
	if _, err := tx.ExecContext(ctx, "CREATE VIRTUAL TABLE temp.anamnesis_pages USING sqlite_dbpage"); err != nil {
		return copyReport{}, fmt.Errorf("copy the new index in: %w", err)
	}
	// All of them with one statement, in page order: one run per page cost the driver 50 µs a
	// page, 45 ms where a note edited half-way through the notes' order moved 876 pages.
	var rest []int64
	for _, pgno := range plan.differ {
		if pgno == 1 {
			if err := putFirstPage(ctx, tx); err != nil {
				return copyReport{}, err
			}
			continue
		}
		rest = append(rest, pgno)
	}
	if len(rest) > 0 {
		list, _ := json.Marshal(rest) // a list of integers always encodes
		_, err := tx.ExecContext(ctx, `INSERT INTO temp.anamnesis_pages (pgno, data, schema)
			SELECT f.pgno, f.data, 'main' FROM json_each(?) j CROSS JOIN sqlite_dbpage('fresh') f
			WHERE f.pgno = j.value`, string(list))
		if err != nil {
			return copyReport{}, fmt.Errorf("copy the new index in: %w", err)
		}
	}
	written := int64(len(plan.differ))
	if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA main.schema_version = %d", max(plan.oldCookie, plan.newCookie)+1)); err != nil {
		return copyReport{}, fmt.Errorf("copy the new index in: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return copyReport{}, fmt.Errorf("copy the new index in: %w", err)
	}
	return copyReport{written: written, pages: plan.newPages, cookie: plan.newCookie}, nil
}

// afterCopyPlan, set by tests only, runs between copyChanged's comparison and its write lock.
var afterCopyPlan func()

// querier is a connection or a transaction, for one-row queries.
type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// pagePlan is what copyChanged writes: the pages of the new index that differ from the live
// one's, with both databases' sizes and schema cookies.
type pagePlan struct {
	differ                                   []int64
	oldPages, newPages, oldCookie, newCookie int64
}

// planCopy compares the new index (fresh) with the live one (main) in tx, or declines with
// errShorter or errManyChanged.
func planCopy(ctx context.Context, tx *sql.Tx) (pagePlan, error) {
	var p pagePlan
	for _, q := range []struct {
		sql string
		v   *int64
	}{
		{"PRAGMA main.page_count", &p.oldPages}, {"PRAGMA fresh.page_count", &p.newPages},
		{"PRAGMA main.schema_version", &p.oldCookie}, {"PRAGMA fresh.schema_version", &p.newCookie},
	} {
		if err := tx.QueryRowContext(ctx, q.sql).Scan(q.v); err != nil {
			return pagePlan{}, fmt.Errorf("copy the new index in: %w", err)
		}
	}
	if p.oldPages > p.newPages {
		// sqlite_dbpage can end a database early, but not where the page it rewrites first (1)
		// already says where it ends (its truncation compares with that), so the file would
		// keep the old index's tail. The backup API ends it where the new index ends.
		return pagePlan{}, errShorter
	}
	// Past a quarter of the pages the backup API is the faster copy (at 10,000 notes it wrote
	// 5,000 pages in 80 ms, where sqlite_dbpage, a statement a page, took 340). A sample of pages spread over the
	// whole index tells most such cases at once (a change early in the notes' order moves
	// nearly every page after it); otherwise every page is read from both databases and
	// compared, in page order (so that pages past the old end extend the file one by one), and
	// the comparison stops at the limit.
	limit := p.newPages/changedShare + 1
	sampled, err := sampleChanged(ctx, tx, p.newPages)
	if err != nil {
		return pagePlan{}, err
	} else if sampled >= sampleDecline {
		return pagePlan{}, errManyChanged
	}
	differ, err := changedPages(ctx, tx, limit)
	if err != nil {
		return pagePlan{}, err
	}
	if int64(len(differ)) >= limit {
		return pagePlan{}, errManyChanged
	}
	p.differ = differ
	return p, nil
}

// sampleSize pages spread evenly over a new index are compared before all of them; when
// sampleDecline or more of them differ, so do more than a quarter of all pages (a quarter gives
// 16 of 64 give or take 3.5; 24 is two of those past it), and copyChanged declines without
// comparing the rest. A note added early in the walk's order moves about half the pages
// (measured at 10,000 notes: 2,656 of 5,073): the sample tells so in about 1 ms, where comparing
// pages up to the limit took about 20 ms.
const (
	sampleSize    = 64
	sampleDecline = 3 * sampleSize / 8
)

// sampleChanged compares sampleSize pages of the fresh database spread over its pages pages with
// the live index's, and returns how many differ (0 for an index too small to sample).
func sampleChanged(ctx context.Context, tx *sql.Tx, pages int64) (int, error) {
	if pages < 4*sampleSize {
		return 0, nil
	}
	var n int
	err := tx.QueryRowContext(ctx, `WITH RECURSIVE s(p) AS (SELECT 1 UNION ALL SELECT p + 1 FROM s WHERE p < ?1)
		SELECT count(*) FROM s JOIN sqlite_dbpage('fresh') f ON f.pgno = s.p * ?2
		LEFT JOIN sqlite_dbpage('main') m ON m.pgno = f.pgno
		WHERE m.data IS NOT f.data`, sampleSize, pages/sampleSize).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("compare the new index with the live one: %w", err)
	}
	return n, nil
}

// putFirstPage writes the new index's first page into the live one as a WAL database's. Bytes 18
// and 19 of the header are the file's write and read versions, 2 for WAL: the new index was built
// without a journal (1), and copied as it is, the live index would fall back to a rollback journal
// once its last connection closed, for every program that opens it without asking for WAL. The
// backup API sets them the same way.
func putFirstPage(ctx context.Context, tx *sql.Tx) error {
	var one []byte
	if err := tx.QueryRowContext(ctx, "SELECT data FROM sqlite_dbpage('fresh') WHERE pgno = 1").Scan(&one); err != nil {
		return fmt.Errorf("copy the new index in: page 1: %w", err)
	}
	if len(one) < 100 {
		return fmt.Errorf("copy the new index in: page 1 is %d bytes", len(one))
	}
	one[18], one[19] = 2, 2
	if _, err := tx.ExecContext(ctx, "INSERT INTO temp.anamnesis_pages (pgno, data, schema) VALUES (1, ?, 'main')", one); err != nil {
		return fmt.Errorf("copy the new index in: page 1: %w", err)
	}
	return nil
}

// changedShare is the share of a new index's pages (one in changedShare) past which a rebuild
// copies the whole index with the backup API rather than the changed pages (see copyChanged).
const changedShare = 4

// copyChanged's answers where the backup API is to copy the new index instead: too many pages
// differ for copyChanged to pay, or the new index is shorter than the live one.
var (
	errManyChanged = errors.New("most pages changed")
	errShorter     = errors.New("the new index is shorter")
)

// changedPages lists, in page order, the pages of the database attached as fresh that differ
// from the live index's (main) or lie past its end, stopping at limit of them.
func changedPages(ctx context.Context, tx *sql.Tx, limit int64) ([]int64, error) {
	rows, err := tx.QueryContext(ctx, `SELECT f.pgno FROM sqlite_dbpage('fresh') f
		LEFT JOIN sqlite_dbpage('main') m ON m.pgno = f.pgno
		WHERE m.data IS NOT f.data LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("compare the new index with the live one: %w", err)
	}
	defer rows.Close()
	var pages []int64
	for rows.Next() {
		var p int64
		if err := rows.Scan(&p); err != nil {
			return nil, fmt.Errorf("compare the new index with the live one: %w", err)
		}
		pages = append(pages, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("compare the new index with the live one: %w", err)
	}
	slices.Sort(pages)
	return pages, nil
}
