package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/lock"
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

// Reindex brings the index in line with the files. Incremental (full=false) re-reads only files
// whose size or modification time changed and drops rows of files that are gone; full drops every
// derived table and rebuilds from scratch. Malformed files are skipped and named in the report
// (an unchanged one is not parsed again; its recorded error is reported).
func (s *Store) Reindex(ctx context.Context, full bool) (ReindexReport, error) {
	if full {
		// The store lock keeps this implementation's writers out until the new index is in: a
		// note saved meanwhile would be missing from it.
		l, err := s.Lock(ctx)
		if err != nil {
			return ReindexReport{}, fmt.Errorf("rebuild index: %w", err)
		}
		defer l.Release()
		return s.rebuild(ctx)
	}
	rep, _, err := s.runPlan(ctx, driftPlan{subs: wholeTrees}, true)
	return rep, err
}

// DriftDue reports whether a full walk of the note files is due: the last one is older than the
// trust window (a minute), or none is on record. Under DriftDeferred Open leaves it to the caller,
// who runs CatchUpDrift, usually in a detached process, so that nobody waits on it.
func (s *Store) DriftDue() bool { return s.due.Load() }

// DriftLockFile keeps two processes from running the same due walk at once.
const DriftLockFile = "drift.lock"

// CatchUpDrift runs the full walk if it is still due, applying what it finds (an edit written in
// place into a note file is only seen this way). It returns ran=false without doing anything when
// no walk is due or another process is running one.
func (s *Store) CatchUpDrift(ctx context.Context) (rep ReindexReport, ran bool, err error) {
	dl, err := lock.TryAcquire(filepath.Join(s.root, DriftLockFile))
	if errors.Is(err, lock.ErrBusy) {
		return ReindexReport{}, false, nil
	} else if err != nil {
		return ReindexReport{}, false, err
	}
	defer dl.Release()
	if rec, ok := s.loadScan(ctx); ok && !rec.due() {
		s.due.Store(false)
		return ReindexReport{}, false, nil // another process has just walked
	}
	rep, pending, err := s.runPlan(ctx, driftPlan{subs: wholeTrees}, false)
	if err != nil || !pending {
		s.due.Store(err != nil)
		return rep, err == nil, err
	}
	// Changes are applied holding the store lock, checked again, as Open does.
	l, err := s.Lock(ctx)
	if err != nil {
		return ReindexReport{}, false, fmt.Errorf("catch up with note files: %w", err)
	}
	defer l.Release()
	rep, _, err = s.runPlan(ctx, driftPlan{subs: wholeTrees}, true)
	s.due.Store(err != nil)
	return rep, err == nil, err
}

// driftPlan is which files a drift check compares with the index: whole trees (a full walk,
// which renews the trust window) or, when partial, the subtrees whose directories changed since
// the scan record rec.
type driftPlan struct {
	subs    []subtree
	rec     scanRecord
	partial bool
}

// runPlan compares the plan's files with the index. Without apply it only reports whether
// anything differs (recording the check when nothing does); with apply it also indexes what
// changed and drops what is gone.
func (s *Store) runPlan(ctx context.Context, p driftPlan, apply bool) (rep ReindexReport, pending bool, err error) {
	if len(p.subs) == 0 {
		return ReindexReport{}, false, nil
	}
	d, err := s.drift(ctx, p.subs)
	if err != nil {
		return ReindexReport{}, false, err
	}
	rep = d.report()
	if !d.empty() {
		if !apply {
			return rep, true, nil
		}
		err = s.withIndexer(ctx, func(ix *indexer) error {
			for _, k := range d.gone {
				if err := ix.removeFile(ctx, k); err != nil {
					return err
				}
				rep.Removed++
			}
			return ix.indexFiles(ctx, d.changed, &rep)
		})
		if err != nil {
			return rep, false, err
		}
	}
	if p.partial {
		s.recordPartial(ctx, p.rec, p.subs, d.dirs)
	} else {
		s.recordScan(ctx, d.dirs, !d.empty())
	}
	return rep, false, nil
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
		sc, rel, ok := splitKey(p)
		if !ok || !strings.HasSuffix(p, ".md") || strings.Contains(rel, "..") {
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
	err := s.withIndexer(ctx, func(ix *indexer) error {
		for _, k := range gone {
			if err := ix.removeFile(ctx, k); err != nil {
				return err
			}
			rep.Removed++
		}
		return ix.indexFiles(ctx, present, &rep)
	})
	return rep, err
}

// execer is a transaction or a connection.
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

func execAll(ctx context.Context, tx execer, what string, stmts ...string) error {
	for _, q := range stmts {
		if _, err := tx.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
	}
	return nil
}

// txBeginner is the pool or one connection of it.
type txBeginner interface {
	BeginTx(ctx context.Context, opts *sql.TxOptions) (*sql.Tx, error)
}

// withIndexer runs fn in one immediate transaction on the pool, with an indexer ready.
func (s *Store) withIndexer(ctx context.Context, fn func(*indexer) error) error {
	return indexTx(ctx, s.db, s.root, nil, fn)
}

// indexTx is the one transaction body every change to the index goes through: begin, run setup
// (such as creating the tables), prepare the indexer, run fn, commit; roll back on any error.
func indexTx(ctx context.Context, db txBeginner, root string, setup func(*sql.Tx) error, fn func(*indexer) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin index transaction: %w", err)
	}
	err = func() error {
		if setup != nil {
			if err := setup(tx); err != nil {
				return err
			}
		}
		ix, err := newIndexer(ctx, tx, root)
		if err != nil {
			return err
		}
		defer ix.close()
		return fn(ix)
	}()
	if err != nil {
		_ = tx.Rollback() // the error that made us roll back is the one to report
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit index transaction: %w", err)
	}
	return nil
}
