// Package store is the memory store: markdown note files under <home>/memory (portable, synced)
// and <home>/local (machine-local), and the SQLite FTS5 index derived from them. The files are the
// truth; the index can be deleted at any time and is rebuilt from them.
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

	"github.com/anamnesis-go/anamnesis/core/lock"
	"github.com/anamnesis-go/anamnesis/core/note"

	"modernc.org/sqlite" // also registers the pure-Go "sqlite" driver
	sqlite3 "modernc.org/sqlite/lib"
)

// Tree names under the store root. The tree a file is in decides its scope.
const (
	PortableDir = "memory"
	LocalDir    = "local"
	IndexFile   = "index.db"
	LockFile    = "store.lock"
)

// ErrNotFound is returned for an id no indexed note has.
var ErrNotFound = errors.New("note not found")

// Options tunes Open.
type Options struct {
	// MachineID is stamped on every note written through this store. Empty means "unknown".
	MachineID string
	// LockTimeout bounds the wait for the store lock on a write. Zero means 30 seconds.
	LockTimeout time.Duration
	// NoDriftCheck skips the open-time comparison of files against the index. Hooks that must
	// answer in milliseconds use it and leave drift to the next full open.
	NoDriftCheck bool
}

// Store is an open store. It is safe for concurrent use by many goroutines, and many processes
// may open the same store at once.
type Store struct {
	root      string
	db        *sql.DB
	machineID string
	lockWait  time.Duration

	// Opened reports what Open had to do to the index.
	Opened OpenReport
}

// OpenReport says what Open did to bring the index up to date.
type OpenReport struct {
	Rebuilt bool          // the index was missing, corrupt or from another schema
	Reason  string        // why it was rebuilt
	Drift   ReindexReport // what the drift check found (zero when skipped or rebuilt)
}

// Open opens (creating if needed) the store at root. A missing, corrupt or outdated index.db is
// rebuilt from the markdown; otherwise a cheap drift check picks up files that changed behind the
// index's back.
func Open(ctx context.Context, root string, opts Options) (*Store, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("open store %s: %w", root, err)
	}
	for _, d := range []string{abs, filepath.Join(abs, PortableDir), filepath.Join(abs, LocalDir)} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, fmt.Errorf("open store: %w", err)
		}
	}
	s := &Store{root: abs, machineID: opts.MachineID, lockWait: opts.LockTimeout}
	if s.machineID == "" {
		s.machineID = note.DefaultMachineID
	}
	if s.lockWait == 0 {
		s.lockWait = 30 * time.Second
	}
	if err := s.bringUpToDate(ctx, opts.NoDriftCheck); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// bringUpToDate opens the index and repairs it: a missing, corrupt or outdated index is rebuilt,
// and drift between files and index is applied. The checks run without the store lock (the common
// case finds nothing to do); any repair takes the lock and checks again, so processes opening a
// store at the same moment never rebuild or discard the index under one another.
func (s *Store) bringUpToDate(ctx context.Context, noDrift bool) error {
	rebuild, _, err := s.openDB(ctx)
	if err == nil && !rebuild {
		if noDrift || s.scanFresh(ctx) {
			return nil
		}
		pending, err := s.drift(ctx)
		if err != nil {
			return err
		}
		if pending.empty() {
			s.recordScan(ctx, pending.dirs)
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
	if noDrift {
		return nil
	}
	rep, err := s.Reindex(ctx, false)
	if err != nil {
		return err
	}
	s.Opened.Drift = rep
	return nil
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

func (s *Store) dsn() string {
	p := filepath.Join(s.root, IndexFile)
	// busy_timeout comes first: the pragmas run in order on every new connection, and switching to
	// WAL must already wait out another process's lock instead of failing with "database is locked".
	return "file:" + p + "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)" +
		"&_pragma=synchronous(NORMAL)&_pragma=temp_store(MEMORY)&_txlock=immediate"
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
	return false, "", nil
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
		s.db.Close()
		s.db = nil
	}
}

// Close releases the index connections. Using the store afterwards returns errors, not panics.
func (s *Store) Close() error {
	if s.db == nil {
		return nil
	}
	return s.db.Close()
}

// Root is the store's root directory.
func (s *Store) Root() string { return s.root }

// DBPath is the index file.
func (s *Store) DBPath() string { return filepath.Join(s.root, IndexFile) }

// MachineID is the id stamped on notes written through this store.
func (s *Store) MachineID() string { return s.machineID }

// TreeDir is the directory holding notes of the given scope.
func (s *Store) TreeDir(sc note.Scope) string {
	if sc == note.MachineLocal {
		return filepath.Join(s.root, LocalDir)
	}
	return filepath.Join(s.root, PortableDir)
}

// LockPath is the store's advisory lock file. Sync holds it around every working-tree change.
func (s *Store) LockPath() string { return filepath.Join(s.root, LockFile) }

// Lock takes the store lock, waiting up to the store's lock timeout.
func (s *Store) Lock(ctx context.Context) (*lock.Lock, error) {
	ctx, cancel := context.WithTimeout(ctx, s.lockWait)
	defer cancel()
	return lock.Acquire(ctx, s.LockPath())
}

// DB exposes the index for packages in this module that rank or aggregate (recall, sync status).
// The index is derived: never write to it except through the Store.
func (s *Store) DB() *sql.DB { return s.db }

// relKey is the index key of a file: its path relative to the store root, with forward slashes.
func relKey(sc note.Scope, rel string) string {
	dir := PortableDir
	if sc == note.MachineLocal {
		dir = LocalDir
	}
	return dir + "/" + filepath.ToSlash(rel)
}
