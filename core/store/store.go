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
	"sync/atomic"
	"time"

	"github.com/anamnesis-go/anamnesis/core/lock"
	"github.com/anamnesis-go/anamnesis/core/note"
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

// DriftMode says how Open checks the note files against the index.
type DriftMode int

const (
	// DriftCheck (the default): a file added, removed or renamed is seen at once (its directory's
	// modification time changed); once the last full walk is older than a minute, Open walks
	// every file again before answering, which is how an edit written in place is seen.
	DriftCheck DriftMode = iota
	// DriftDeferred: Open does only the directory check, so a command answers from the index at
	// once, and reports through DriftDue that a full walk is due; the caller runs CatchUpDrift,
	// usually in a detached process.
	DriftDeferred
)

// Options tunes Open.
type Options struct {
	// MachineID is stamped on every note written through this store. Empty means "unknown".
	MachineID string
	// LockTimeout bounds the wait for the store lock on a write. Zero means 30 seconds.
	LockTimeout time.Duration
	// NoDriftCheck skips the open-time comparison of files against the index. Hooks that must
	// answer in milliseconds use it and leave drift to the next full open.
	NoDriftCheck bool
	// Drift is how Open checks the files against the index (see DriftMode).
	Drift DriftMode
	// Ranking sets the search ranking; nil means DefaultRanking.
	Ranking *Ranking
	// CacheKiB is each index connection's page cache, in KiB; zero keeps SQLite's default (2 MiB).
	// A process that keeps the store open between requests (see Revalidate) sets it large enough
	// to hold the pages its searches touch, so a warm search reads no index page twice.
	CacheKiB int
	// KeepNotes is how many bytes of note files the store keeps in memory between reads, for a
	// process that keeps it open between requests (see noteCache); zero keeps none.
	KeepNotes int
}

// Store is an open store. It is safe for concurrent use by many goroutines, and many processes
// may open the same store at once.
type Store struct {
	root       string
	db         *sql.DB
	machineID  string
	lockWait   time.Duration
	ranking    Ranking
	cacheKiB   int
	notes      *noteCache                 // nil unless Options.KeepNotes
	due        atomic.Bool                // a full drift walk is due (see DriftDue)
	lastCopy   atomic.Pointer[copyReport] // what the last full rebuild wrote into the live index, for the tests
	vecs       vectorCache
	common     commonCache    // which lexicon words are common in the store (expand.go)
	stmts      stmtCache      // prepared read statements (stmts.go)
	termCounts termCountCache // how common each searched word is, while the index is unchanged (termcount.go)
	scans      scanCache      // the drift checks' record, while the index is unchanged (termcount.go)
	// ident is the index file as the connections opened it: Revalidate compares the file now at
	// the index's path with it, to notice an index removed or replaced under an open store.
	ident os.FileInfo
	// passed is how the index's files looked when checkIndex last found nothing to repair: while
	// they look the same, nothing has written the index since, and Revalidate skips the check.
	passed indexStamp

	// Opened reports what Open had to do to the index.
	Opened OpenReport
}

// OpenReport says what Open did to bring the index up to date.
type OpenReport struct {
	Rebuilt bool          // the index was missing, corrupt, from another schema or written by another program
	Reason  string        // why it was rebuilt
	Drift   ReindexReport // what the drift check found (zero when skipped or rebuilt)
}

// Open opens (creating if needed) the store at root. A missing, corrupt or outdated index.db is
// rebuilt from the markdown; otherwise a drift check (see DriftMode) picks up files that changed
// behind the index's back.
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
	s := &Store{root: abs, machineID: opts.MachineID, lockWait: opts.LockTimeout, ranking: DefaultRanking(),
		cacheKiB: opts.CacheKiB, notes: newNoteCache(opts.KeepNotes)}
	if opts.Ranking != nil {
		s.ranking = *opts.Ranking
	}
	if s.machineID == "" {
		s.machineID = note.DefaultMachineID
	}
	if s.lockWait == 0 {
		s.lockWait = 30 * time.Second
	}
	mode := opts.Drift
	if opts.NoDriftCheck {
		mode = driftOff
	}
	if err := s.bringUpToDate(ctx, mode); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// Close releases the index connections. Using the store afterwards returns errors, not panics.
func (s *Store) Close() error {
	if s.db == nil {
		return nil
	}
	s.stmts.close()
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
