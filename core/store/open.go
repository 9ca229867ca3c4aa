package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"modernc.org/sqlite" // also registers the pure-Go "sqlite" driver
	sqlite3 "modernc.org/sqlite/lib"
)

// driftOff is Options.NoDriftCheck: no comparison of files with the index at all.
const driftOff DriftMode = -1

// bringUpToDate opens the index and repairs it: a missing, corrupt, outdated or foreign-written
// index is rebuilt, and drift between files and index is applied. The checks run without the
// store lock (the common case finds nothing to do); any repair takes the lock and checks again,
// so processes opening a store at the same moment never rebuild or discard the index under one
// another.
func (s *Store) bringUpToDate(ctx context.Context, mode DriftMode) error {
	rebuild, _, err := s.openDB(ctx)
	if err == nil && !rebuild {
		_, pending, derr := s.runPlan(ctx, s.planFor(ctx, mode), false)
		if derr != nil {
			return derr
		}
		if !pending {
			return nil
		}
	}
	l, lerr := s.Lock(ctx)
	if lerr != nil {
		return fmt.Errorf("open index: %w", lerr)
	}
	defer l.Release()
	s.closeDB()
	rebuild, reason, err := s.openDB(ctx)
	if err != nil {
		if !isCorrupt(err) {
			return fmt.Errorf("open index: %w", err)
		}
		// A file SQLite says is not a database, or is damaged: it is a derived cache, so set it
		// aside and start over. Holding the lock, no other Anamnesis process is using it.
		s.closeDB()
		if rerr := s.discardIndex(); rerr != nil {
			return fmt.Errorf("open index: %w (and removing it failed: %v)", err, rerr)
		}
		if rebuild, _, err = s.openDB(ctx); err != nil {
			return fmt.Errorf("open index: %w", err)
		}
		reason = "index was unreadable and has been rebuilt"
	}
	if rebuild {
		rep, err := s.rebuild(ctx)
		if err != nil {
			return err
		}
		s.Opened = OpenReport{Rebuilt: true, Reason: reason, Drift: rep}
		return nil
	}
	rep, _, err := s.runPlan(ctx, s.planFor(ctx, mode), true)
	if err != nil {
		return err
	}
	s.Opened.Drift = rep
	return nil
}

// planFor decides what Open compares for the mode, and whether a full walk is due afterwards.
func (s *Store) planFor(ctx context.Context, mode DriftMode) driftPlan {
	switch mode {
	case driftOff:
		rec, ok := s.loadScan(ctx)
		s.due.Store(!ok || rec.due())
		return driftPlan{}
	case DriftDeferred:
		rec, ok := s.loadScan(ctx)
		if !ok {
			// Nothing to compare directories with: the walk the caller runs next makes a record.
			s.due.Store(true)
			return driftPlan{}
		}
		s.due.Store(rec.due())
		return driftPlan{subs: s.changedDirs(rec), rec: rec, partial: true}
	default:
		s.due.Store(false)
		if s.scanFresh(ctx) {
			return driftPlan{}
		}
		return driftPlan{subs: wholeTrees}
	}
}

// Revalidate brings the open store up to date again, for a process that keeps it open between
// requests (the resident hook server) and must see what a process opening it now would see: it
// repeats Open's checks (the index is the same file, of this schema, written by no other program)
// and its drift check for mode, over the connections already open, whose page caches stay warm.
// It returns reopen when the store cannot be brought up to date in place (the index was removed,
// replaced, damaged or must be rebuilt): the caller closes it and opens the store afresh, which
// repairs the index. Concurrent searches are safe; callers run one Revalidate at a time.
func (s *Store) Revalidate(ctx context.Context, mode DriftMode) (reopen bool, err error) {
	if s.db == nil {
		return true, nil
	}
	fi, err := os.Stat(filepath.Join(s.root, IndexFile))
	if err != nil || s.ident == nil || !os.SameFile(fi, s.ident) {
		return true, nil
	}
	if now := s.stamp(fi); now != s.passed {
		rebuild, _, err := s.checkIndex(ctx, false)
		switch {
		case err != nil && isCorrupt(err):
			return true, nil
		case err != nil:
			return false, fmt.Errorf("check index: %w", err)
		case rebuild:
			return true, nil
		}
		if !now.racy(time.Now()) {
			s.passed = now
		}
	}
	_, pending, err := s.runPlan(ctx, s.planFor(ctx, mode), false)
	if err != nil || !pending {
		return false, err
	}
	l, err := s.Lock(ctx)
	if err != nil {
		return false, fmt.Errorf("check index: %w", err)
	}
	defer l.Release()
	_, _, err = s.runPlan(ctx, s.planFor(ctx, mode), true)
	return false, err
}

// indexStamp is the size and modification time of the index file and of its write-ahead log.
// Every change to the index, by this program or another, is written to the log (and a checkpoint
// rewrites the file), so a stamp that changed means the index may have. The converse needs care:
// once a checkpoint has reset the log, a write rewrites it at the same size, and only its
// modification time moves, which a file system with coarse timestamps (1-10 ms ticks on Linux
// before 6.13, 1 s on HFS+) may not show for a write in the same tick. So, as git does for its
// index, a stamp is trusted only once its files are older than racyWindow (see racy).
type indexStamp struct {
	size, mod, walSize, walMod int64
}

// racyWindow is how old the index's files must be for their stamp to vouch for them.
const racyWindow = 2 * time.Second

// racy reports whether a write in the same timestamp tick as the stamp could go unseen: either
// file was modified within racyWindow of now.
func (st indexStamp) racy(now time.Time) bool {
	edge := now.Add(-racyWindow).UnixNano()
	return st.mod > edge || st.walMod > edge
}

// stamp is the index's stamp now, given the index file's own FileInfo.
func (s *Store) stamp(index os.FileInfo) indexStamp {
	st := indexStamp{size: index.Size(), mod: index.ModTime().UnixNano()}
	if wal, err := os.Stat(filepath.Join(s.root, IndexFile) + "-wal"); err == nil {
		st.walSize, st.walMod = wal.Size(), wal.ModTime().UnixNano()
	}
	return st
}

// isCorrupt reports whether err is SQLite saying the file is not a database or is damaged.
func isCorrupt(err error) bool {
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB:
			return true
		}
	}
	msg := err.Error()
	return strings.Contains(msg, "file is not a database") || strings.Contains(msg, "malformed")
}

// walLimit is the size the WAL is trimmed to when a write starts it over after a complete
// checkpoint (journal_size_limit). Without it the file keeps its largest size for as long as any
// process has the index open: a batch of many notes (a sync's reindex, an import) would leave it
// large, on disk and in the hook server's locked memory.
const walLimit = "4194304"

func (s *Store) dsn() string {
	p := filepath.Join(s.root, IndexFile)
	// busy_timeout comes first: the pragmas run in order on every new connection, and switching to
	// WAL must already wait out another process's lock instead of failing with "database is locked".
	dsn := "file:" + p + "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)" +
		"&_pragma=synchronous(NORMAL)&_pragma=temp_store(MEMORY)&_pragma=journal_size_limit(" + walLimit + ")" +
		"&_txlock=immediate"
	if s.cacheKiB > 0 {
		dsn += "&_pragma=cache_size(-" + strconv.Itoa(s.cacheKiB) + ")"
	}
	return dsn
}

// openDB opens the connection pool and reports whether the index must be rebuilt.
func (s *Store) openDB(ctx context.Context) (rebuild bool, reason string, err error) {
	_, statErr := os.Stat(filepath.Join(s.root, IndexFile))
	fresh := errors.Is(statErr, os.ErrNotExist)
	db, err := sql.Open("sqlite", s.dsn())
	if err != nil {
		return false, "", err
	}
	s.db = db
	rebuild, reason, err = s.checkIndex(ctx, fresh)
	// The first query made the file if it was missing: this is the file the connections use.
	s.ident, _ = os.Stat(filepath.Join(s.root, IndexFile))
	return rebuild, reason, err
}

// checkIndex reports whether the open index must be rebuilt: it was missing (fresh), is of
// another schema, lacks a table, or was written by another program.
func (s *Store) checkIndex(ctx context.Context, fresh bool) (rebuild bool, reason string, err error) {
	db := s.db
	var uv int
	if err := db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&uv); err != nil {
		return false, "", err
	}
	var sv string
	err = db.QueryRowContext(ctx, "SELECT value FROM anamnesis_meta WHERE key='schema'").Scan(&sv)
	switch {
	case fresh:
		return true, "index was missing", nil
	case err != nil && !isNoSuchTable(err) && !errors.Is(err, sql.ErrNoRows):
		return false, "", err
	case uv != compatVersion || sv != strconv.Itoa(schemaVersion):
		return true, fmt.Sprintf("index schema changed (user_version %d, schema %q)", uv, sv), nil
	}
	// A table dropped by hand or by another tool: the stamp is right but the index is not.
	var tables int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN
		('memories', 'memory_tags', 'memory_supersedes', 'memories_fts', 'anamnesis_heads', 'anamnesis_files')`).Scan(&tables); err != nil {
		return false, "", err
	}
	if tables != 6 {
		return true, "index tables are missing", nil
	}
	foreign, err := s.foreignWrites(ctx)
	if err != nil {
		return false, "", err
	}
	if foreign {
		return true, "index was changed by another program (such as the Python reference's reindex)", nil
	}
	return false, "", nil
}

// foreignWrites reports whether a program other than this one has changed the index since it was
// built. Another program sharing the store (the Python reference) knows only its own columns: it
// inserts rows without go_indexed, which defaults to 0 and lands in the partial index
// idx_mem_foreign, and it deletes rows whose file is still recorded, which the trigger
// anamnesis_foreign_delete notes in anamnesis_meta. Its rows lack what only this index keeps
// (forgotten status, tag lists, rowid-aligned text), and the files did not change, so the drift
// check cannot see it: the index is rebuilt.
func (s *Store) foreignWrites(ctx context.Context) (bool, error) {
	var foreign bool
	err := s.queryRow(ctx, `SELECT EXISTS (SELECT 1 FROM memories WHERE go_indexed = 0)
		OR EXISTS (SELECT 1 FROM anamnesis_meta WHERE key = 'foreign')`).Scan(&foreign)
	if err != nil {
		return false, fmt.Errorf("check index writer: %w", err)
	}
	return foreign, nil
}

func isNoSuchTable(err error) bool {
	return err != nil && strings.Contains(err.Error(), "no such table")
}

func (s *Store) discardIndex() error {
	for _, suffix := range []string{"", "-wal", "-shm"} {
		if err := os.Remove(filepath.Join(s.root, IndexFile+suffix)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	return nil
}

func (s *Store) closeDB() {
	if s.db != nil {
		s.stmts.close()
		s.db.Close()
		s.db = nil
	}
}
