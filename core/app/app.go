// Package app is Anamnesis's application layer: every use case (write, search, list, show,
// forget, reindex, status, sync, recall, inject, capture) assembled once, with typed requests and
// results. The CLI, the hooks, the MCP server and the sync runner parse their input, call one
// method here and render its result; none of them opens a store, reads a setting or runs git on its
// own. See ARCHITECTURE.md at the repository root.
package app

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/anamnesis-go/anamnesis/core/config"
	"github.com/anamnesis-go/anamnesis/core/embed"
	"github.com/anamnesis-go/anamnesis/core/home"
	"github.com/anamnesis-go/anamnesis/core/redact"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// Options tunes how an App opens its store.
type Options struct {
	// Fast answers from the index without the open-time walk over every note file: for hooks and
	// search, which must answer in milliseconds. Files added, removed or renamed are still seen
	// (by the note directories' times); an edit made in place is left to the walk, which DriftDue
	// then reports as due, for the caller to run in the background (CatchUpDrift). A missing or
	// outdated index is still rebuilt.
	Fast bool
	// LockTimeout bounds the wait for the store lock on a write; zero means the store's default.
	LockTimeout time.Duration
	// Agent names the coding agent this process serves (claude, codex, gemini, cursor, opencode).
	// Every note Write creates then carries the tag "agent:<name>", so a store shared by several
	// agents shows which one wrote what. Tags are additive, so the Python reference reads them as
	// any other tag. "" adds nothing.
	Agent string
	// Resident is for a process that keeps the App open between requests and calls Revalidate
	// before each (the resident hook server): the index connections keep a page cache large
	// enough for the searches' working set, so a warm request reads no index page from disk.
	Resident bool
}

// residentCacheKiB is each index connection's page cache in a resident process. It is a bound, not
// an allocation: pages are cached as searches read them (at 10,000 notes a prompt's recall touches
// a few MB), and an idle server holding them in its own memory answers after a pause without
// waiting for the disk, where the operating system may have dropped the index file's pages.
const residentCacheKiB = 64 << 10

// residentNoteBytes bounds the note files a resident process keeps in memory (store.Options.KeepNotes):
// a thousand notes of a few KB, far more than the sessions between two restarts give.
const residentNoteBytes = 4 << 20

// App is one store and its settings, as one process uses them. It is safe for concurrent use;
// the store opens on first use (or in the background with Preopen) and stays open until Close.
type App struct {
	Home     home.Home
	cfg      *config.Config
	cfgStamp fileStamp // config.json as cfg was read from it

	opts   Options
	mu     sync.Mutex
	opened chan struct{} // closed when the open finished; nil before it started
	st     *store.Store
	err    error

	redactor *redact.Redactor // built on first use from the settings

	// The embedder for semantic search, built on first use from the settings (see embed.go).
	embedder    embed.Embedder
	embedErr    error
	embedLoaded bool
}

// New resolves the store directory (dir from --home, else $ANAMNESIS_HOME, else ~/.anamnesis) and
// its settings. It does not open the store.
func New(dir string, opts Options) (*App, error) {
	h, err := home.Resolve(dir)
	if err != nil {
		return nil, err
	}
	cfg, stamp, err := loadSettings(h.Root())
	if err != nil {
		return nil, err
	}
	return &App{Home: h, cfg: cfg, cfgStamp: stamp, opts: opts}, nil
}

// Exists reports whether a store lives at the App's home. Hooks never create one.
func (a *App) Exists() bool { return a.Home.Exists() }

// Preopen starts opening the store on its own goroutine, so a server can answer its handshake at
// once while a large index is checked or rebuilt; Store waits for it.
func (a *App) Preopen(ctx context.Context) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.startOpen(ctx)
}

func (a *App) startOpen(ctx context.Context) chan struct{} {
	if a.opened == nil {
		a.opened = make(chan struct{})
		go func(done chan struct{}) {
			defer close(done)
			drift := store.DriftCheck
			if a.opts.Fast {
				drift = store.DriftDeferred
			}
			opts := store.Options{MachineID: a.cfg.MachineID, Drift: drift, LockTimeout: a.opts.LockTimeout}
			if a.opts.Resident {
				opts.CacheKiB = residentCacheKiB
				opts.KeepNotes = residentNoteBytes
			}
			a.st, a.err = store.Open(ctx, a.Home.Root(), opts)
		}(a.opened)
	}
	return a.opened
}

// Store returns the open store, opening it on first use.
func (a *App) Store(ctx context.Context) (*store.Store, error) {
	a.mu.Lock()
	done := a.startOpen(ctx)
	a.mu.Unlock()
	select {
	case <-done:
	case <-ctx.Done():
		return nil, fmt.Errorf("the memory store is still opening: %w", ctx.Err())
	}
	if a.err != nil {
		return nil, fmt.Errorf("open the memory store %s: %w", a.Home, a.err)
	}
	return a.st, nil
}

// DriftDue reports whether the store was opened without the walk over every note file and the
// walk is due: the caller should run CatchUpDrift, in a detached process when it must answer fast.
func (a *App) DriftDue() bool {
	a.mu.Lock()
	done := a.opened
	a.mu.Unlock()
	if done == nil {
		return false
	}
	select {
	case <-done:
		return a.st != nil && a.st.DriftDue()
	default:
		return false
	}
}

// CatchUpDrift runs the due walk: notes edited in place since the last one are re-indexed. ran is
// false when another process is already walking.
func (a *App) CatchUpDrift(ctx context.Context) (rep store.ReindexReport, ran bool, err error) {
	st, err := a.Store(ctx)
	if err != nil {
		return store.ReindexReport{}, false, err
	}
	return st.CatchUpDrift(ctx)
}

// Revalidate readies an App kept open between requests for the next one, so that it answers as an
// App made now would: the store repeats its open-time checks and drift check (see
// store.Store.Revalidate) over its warm connections. reopen reports that this App cannot serve as
// it is — config.json changed, the open failed, or the index must be repaired — and the caller
// should Close it and make a new one. An open still under way is left to the request, which waits
// for it as any first request does. Callers run one Revalidate at a time.
func (a *App) Revalidate(ctx context.Context) (reopen bool, err error) {
	a.mu.Lock()
	stamp, done := a.cfgStamp, a.opened
	a.mu.Unlock()
	if !stampOf(a.Home.Config()).same(stamp) {
		return true, nil
	}
	if done == nil {
		return false, nil
	}
	select {
	case <-done:
	default:
		return false, nil
	}
	if a.err != nil {
		return true, nil
	}
	mode := store.DriftCheck
	if a.opts.Fast {
		mode = store.DriftDeferred
	}
	return a.st.Revalidate(ctx, mode)
}

// Close closes the store if it was opened, waiting for an open under way.
func (a *App) Close() error {
	a.mu.Lock()
	done := a.opened
	a.mu.Unlock()
	if done == nil {
		return nil
	}
	<-done
	if a.st == nil {
		return nil
	}
	return a.st.Close()
}

// Reload re-reads the settings, for long-running processes that act on a setting changed since
// they started (a remote added by "anamnesis init --remote").
func (a *App) Reload() error {
	cfg, stamp, err := loadSettings(a.Home.Root())
	if err != nil {
		return err
	}
	a.mu.Lock()
	a.cfg, a.cfgStamp = cfg, stamp
	a.redactor = nil
	a.embedder, a.embedErr, a.embedLoaded = nil, nil, false
	a.mu.Unlock()
	return nil
}

// Settings returns the resolved settings (Reload may replace them; never mutate the result).
func (a *App) Settings() *config.Config { return a.settings() }

func (a *App) settings() *config.Config {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.cfg
}
