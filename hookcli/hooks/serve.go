package hooks

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/config"
	"github.com/anamnesis-go/anamnesis/core/home"
	"github.com/anamnesis-go/anamnesis/hookcli/resident"
)

// Serve runs the resident hook server for the store dir until it has been idle for the setting
// hooks.server_idle (or ctx ends): anamnesis-hook hands it Claude Code's hooks, and it answers each
// with the very handler "anamnesis hook" runs, from a process that is already warm. It returns nil
// at once when another server already serves the store with the same settings and binary.
//
// The server keeps the store open between hooks, its index pages cached in its own memory, and
// before each hook repeats what opening the store checks (store.Store.Revalidate): settings
// edited, an index rebuilt, replaced or written by another program, notes added or removed
// behind its back. So every hook sees the store exactly as a new process would, and a warm hook
// reads no index page twice: what stays resident is the start-up, the open and the index's
// working set.
//
// It also runs the command lines of resident.Commands for the front door ("anamnesis search"),
// with run, which is the command line's own dispatch given the server's App.
//
// It reports its start and its end on out (hook-server.log when a front door started it).
func Serve(ctx context.Context, dir string, out io.Writer, run Command) error {
	hm, err := home.Resolve(dir)
	if err != nil {
		return err
	}
	if !hm.Exists() {
		return fmt.Errorf("no memory store at %s", hm)
	}
	exe, err := os.Executable()
	if err != nil {
		return fmt.Errorf("hook server: %w", err)
	}
	if exe, err = filepath.EvalSymlinks(exe); err != nil {
		return fmt.Errorf("hook server: %w", err)
	}
	key, err := resident.Key(hm.Root(), os.Environ(), exe)
	if err != nil {
		return err
	}
	a, err := app.New(dir, residentOptions)
	if err != nil {
		return err
	}
	set := a.Settings()
	if !set.Bool(config.KeyHookServer) {
		return errors.New("the hook server is turned off (hooks.server)")
	}
	// Opened at once, so the first hook handed over finds the store open.
	a.Preopen(ctx)
	s := &server{dir: dir, home: hm, cur: &openApp{app: a}, run: run, pins: newPin(pinLimit)}
	srv := &resident.Server{
		Socket: resident.Socket(hm, key),
		Lock:   resident.LockPath(hm, key),
		Idle:   time.Duration(set.Float(config.KeyHookServerIdle) * float64(time.Second)),
		Handle: s.handle,
		After:  s.after,
		Logf:   s.logf,
	}
	stamp := func() string { return time.Now().UTC().Format(time.RFC3339) }
	kept, unkeep := keepResident(frontDoorsBeside(exe))
	defer unkeep()
	started := time.Now()
	srv.State = func() resident.State {
		s.mu.Lock()
		k := kept
		if s.pinned != "" {
			k += "; " + s.pinned
		}
		s.mu.Unlock()
		return resident.State{PID: os.Getpid(), Started: started, Answered: s.answered.Load(), Binary: exe, Kept: k}
	}
	fmt.Fprintf(out, "%s hook server %d started for %s (socket %s, leaves after %v without a hook; %s)\n",
		stamp(), os.Getpid(), hm, srv.Socket, srv.Idle, kept)
	err = srv.Run(ctx)
	// Closed first, so a walk under way stops rather than holding the server up to walkDeadline:
	// an interrupted walk loses nothing, the next open walks again.
	s.closeApp()
	s.walks.Wait()
	s.pins.release()
	switch {
	case errors.Is(err, resident.ErrRunning):
		fmt.Fprintf(out, "%s hook server %d: another server already serves %s; leaving\n", stamp(), os.Getpid(), hm)
		return nil
	case err != nil:
		return err
	}
	fmt.Fprintf(out, "%s hook server %d stopped after answering %d hook(s)\n", stamp(), os.Getpid(), s.answered.Load())
	return nil
}

// frontDoorsBeside are the front doors (anamnesis, anamnesis-hook) installed beside the server's
// binary.
func frontDoorsBeside(exe string) []string {
	var out []string
	for _, name := range []string{resident.UserName, resident.FrontDoorName} {
		p := filepath.Join(filepath.Dir(exe), name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && !sameFile(fi, exe) {
			out = append(out, p)
		}
	}
	return out
}

// sameFile reports whether fi is the file at path p.
func sameFile(fi os.FileInfo, p string) bool {
	o, err := os.Stat(p)
	return err == nil && os.SameFile(fi, o)
}

// server is the state the resident server keeps between hooks: the open store, and whether a
// walk over the note files is under way.
type server struct {
	dir   string
	home  home.Home
	mu    sync.Mutex
	walk  bool // a walk is running
	due   bool // the last hook left a walk due
	walks sync.WaitGroup
	// answered counts the hooks answered, for the log line at exit.
	answered atomic.Int64

	// check serialises the revalidation of the open store; cur is the App hooks are given.
	check sync.Mutex
	cur   *openApp
	// leaving is set when the server closes its App for good: nothing opens another, and the pin
	// is not refreshed again. It is written holding both check and mu, so that acquire (under
	// check) and the pin's refresh (under mu) may each read it under its own.
	leaving bool
	// run runs a command line of resident.Commands.
	run Command
	// walker is the walk over the note files after runs; nil means the App's CatchUpDrift.
	walker func(ctx context.Context, a *app.App) error

	// pins keeps the index's files in memory (nil: not at all); pinning is set while a refresh of
	// it runs. Guarded by mu.
	pins       *pin
	pinning    bool
	pinAgain   bool   // an answer came while a refresh ran
	pinned     string // what the last refresh kept, or why not
	pinFailure string // why the last refresh kept nothing; "" when it kept the files
}

// Command runs a command line for the front door with the App open gives, writing what the
// command prints, and returns its exit status.
type Command func(ctx context.Context, args []string, open Opener, stdout, stderr io.Writer) int

// openApp is the App the server keeps open between hooks, with the hooks using it: one that has
// been replaced closes when the last of them lets it go.
type openApp struct {
	app     *app.App
	users   int  // guarded by server.mu
	retired bool // guarded by server.mu
	// stopWalk stops a walk running on this App, once it is retired: the walk's work is the
	// next App's to redo, and a walk may run for up to walkDeadline. Guarded by server.mu.
	stopWalk context.CancelCauseFunc
}

// errRetired is why a walk stopped when its App was retired; errLeaving why one did not start.
var (
	errRetired = errors.New("the open store was replaced")
	errLeaving = errors.New("the hook server is leaving")
)

// residentOptions open the App the server keeps: fast as every hook's, with a page cache sized
// for staying open.
var residentOptions = app.Options{Fast: true, LockTimeout: storeLockWait, Resident: true}

// open gives a hook the server's App, brought up to date first; it is IO.Open.
func (s *server) open(ctx context.Context) (*app.App, func(), error) {
	o, err := s.acquire(ctx)
	if err != nil {
		return nil, nil, err
	}
	return o.app, func() { s.letGo(o) }, nil
}

// acquire gives the server's App, brought up to date first, as a user: letGo lets it go.
func (s *server) acquire(ctx context.Context) (*openApp, error) {
	s.check.Lock()
	defer s.check.Unlock()
	if s.leaving {
		return nil, errLeaving
	}
	if s.cur != nil {
		reopen, err := s.cur.app.Revalidate(ctx)
		if err != nil {
			// Answer from a fresh App, as a hook process would; the next hook tries again.
			s.logf("revalidate the open store: %v", err)
		}
		if reopen || err != nil {
			s.retire(s.cur)
			s.cur = nil
		}
	}
	if s.cur == nil {
		a, err := app.New(s.dir, residentOptions)
		if err != nil {
			return nil, err
		}
		s.cur = &openApp{app: a}
	}
	o := s.cur
	s.mu.Lock()
	o.users++
	s.mu.Unlock()
	return o, nil
}

// retire takes o out of service; it closes once no hook uses it.
func (s *server) retire(o *openApp) {
	s.mu.Lock()
	o.retired = true
	idle := o.users == 0
	if o.stopWalk != nil {
		o.stopWalk(errRetired)
	}
	s.mu.Unlock()
	if idle {
		_ = o.app.Close()
	}
}

func (s *server) letGo(o *openApp) {
	s.mu.Lock()
	o.users--
	idle := o.retired && o.users == 0
	s.mu.Unlock()
	if idle {
		_ = o.app.Close()
	}
}

// closeApp closes the open store when the server leaves; a walk not yet started then opens none.
func (s *server) closeApp() {
	s.check.Lock()
	defer s.check.Unlock()
	s.mu.Lock()
	s.leaving = true
	s.mu.Unlock()
	if s.cur != nil {
		s.retire(s.cur)
		s.cur = nil
	}
}

func (s *server) handle(ctx context.Context, req resident.Request) resident.Response {
	if len(req.Args) > 0 {
		return s.command(ctx, req.Args)
	}
	if req.Plugin && PluginStepsAside(req.Event, req.ProjectDir) {
		return resident.Response{}
	}
	var out, errs bytes.Buffer
	due := run(ctx, s.dir, req.Event, IO{Stdin: bytes.NewReader(req.Stdin), Stdout: &out, Stderr: &errs,
		Cwd: req.Cwd, Resident: true, Open: s.open, Agent: req.Agent})
	s.mu.Lock()
	s.due = s.due || due
	s.mu.Unlock()
	s.answered.Add(1)
	return resident.Response{Stdout: out.Bytes(), Stderr: errs.Bytes()}
}

// command runs a command line for the front door. A walk over the note files the open left due
// runs after the answer, as after a hook.
func (s *server) command(ctx context.Context, args []string) (resp resident.Response) {
	var out, errs bytes.Buffer
	defer func() {
		if r := recover(); r != nil {
			s.logf("panic running %q: %v\n%s", strings.Join(args, " "), r, debug.Stack())
			resp = resident.Response{Stdout: out.Bytes(), Stderr: append(errs.Bytes(),
				"anamnesis: internal error; see hooks.log\n"...), Exit: 1}
		}
	}()
	if s.run == nil {
		return resident.Response{Stderr: []byte("anamnesis: this server runs no commands\n"), Exit: 1}
	}
	ctx, cancel := context.WithTimeout(ctx, commandDeadline)
	defer cancel()
	var due bool
	open := func(ctx context.Context) (*app.App, func(), error) {
		a, release, err := s.open(ctx)
		if err != nil {
			return nil, nil, err
		}
		return a, func() { due = a.DriftDue(); release() }, nil
	}
	code := s.run(ctx, args, open, &out, &errs)
	s.mu.Lock()
	s.due = s.due || due
	s.mu.Unlock()
	s.answered.Add(1)
	return resident.Response{Stdout: out.Bytes(), Stderr: errs.Bytes(), Exit: code}
}

// commandDeadline bounds a command the server runs: the front door stops waiting at about this
// time and runs the command itself.
const commandDeadline = 10 * time.Second

// walkDeadline bounds a walk over the note files the server runs after an answer.
const walkDeadline = 2 * time.Minute

// after runs the walk a hook left due, in the background, so the next hook is answered at once:
// an edit made by hand in a note file is indexed without anyone waiting for the walk. A second walk
// is not started while one runs; the store's drift lock keeps other processes' walks apart.
func (s *server) after(ctx context.Context) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pinIndex()
	if !s.due || s.walk {
		return
	}
	s.due, s.walk = false, true
	s.walks.Add(1)
	go func() {
		defer s.walks.Done()
		defer func() {
			s.mu.Lock()
			s.walk = false
			s.mu.Unlock()
		}()
		wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), walkDeadline)
		defer cancel()
		wctx, stop := context.WithCancelCause(wctx)
		defer stop(nil)
		// The walk uses the open store, as a hook does: its connections are warm, and a store
		// opened for it would read the schema and the files' table back from disk after a pause.
		o, err := s.acquire(wctx)
		if err != nil {
			if !errors.Is(err, errLeaving) {
				s.logf("drift walk: %v", err)
			}
			return
		}
		defer s.letGo(o)
		s.mu.Lock()
		o.stopWalk = stop
		retired := o.retired
		s.mu.Unlock()
		defer func() {
			s.mu.Lock()
			o.stopWalk = nil
			s.mu.Unlock()
		}()
		if retired {
			return
		}
		walk := s.walker
		if walk == nil {
			walk = func(ctx context.Context, a *app.App) error { _, _, err := a.CatchUpDrift(ctx); return err }
		}
		if err := walk(wctx, o.app); err != nil && !errors.Is(context.Cause(wctx), errRetired) {
			s.logf("drift walk: %v", err)
		}
	}()
}

// pinIndex brings the pin of the index's files up to date after an answer, in the background: a
// write may have grown them, a rebuild replaced them. An answer given while a refresh runs has it
// run once more. A change of outcome (kept, refused, too large) goes to hooks.log. Called with
// s.mu held.
func (s *server) pinIndex() {
	if s.pins == nil || s.leaving {
		return
	}
	if s.pinning {
		s.pinAgain = true
		return
	}
	s.pinning = true
	s.walks.Add(1)
	go func() {
		defer s.walks.Done()
		idx := s.home.Index()
		for {
			said, err := s.pins.refresh(idx, idx+"-wal")
			failure := ""
			if err != nil {
				failure = err.Error()
				said = "index not locked (" + failure + ")"
			}
			s.mu.Lock()
			changed := failure != s.pinFailure || s.pinned == ""
			s.pinned, s.pinFailure = said, failure
			again := s.pinAgain && !s.leaving
			s.pinAgain = false
			if !again {
				s.pinning = false
			}
			s.mu.Unlock()
			if changed {
				s.logf("%s", said)
			}
			if !again {
				return
			}
		}
	}()
}

// logf appends to <home>/logs/hooks.log as the hooks do.
func (s *server) logf(format string, args ...any) {
	h := &env{event: "hook-server", home: s.home}
	h.logf(format, args...)
}
