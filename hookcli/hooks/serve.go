package hooks

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
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
// Each hook opens the store afresh, as a hook process would, so the server sees every change
// another process made (an index rebuilt or replaced, settings edited, notes written) exactly as
// a new process would; what the warm process saves is the start-up and the cold first touch of
// the index, not the open.
//
// It reports its start and its end on out (hook-server.log when anamnesis-hook started it).
func Serve(ctx context.Context, dir string, out io.Writer) error {
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
	a, err := app.New(dir, app.Options{Fast: true})
	if err != nil {
		return err
	}
	set := a.Settings()
	if !set.Bool(config.KeyHookServer) {
		return errors.New("the hook server is turned off (hooks.server)")
	}
	s := &server{dir: dir, home: hm}
	srv := &resident.Server{
		Socket: resident.Socket(hm, key),
		Lock:   resident.LockPath(hm, key),
		Idle:   time.Duration(set.Float(config.KeyHookServerIdle) * float64(time.Second)),
		Handle: s.handle,
		After:  s.after,
		Logf:   s.logf,
	}
	stamp := func() string { return time.Now().UTC().Format(time.RFC3339) }
	fmt.Fprintf(out, "%s hook server %d started for %s (socket %s, leaves after %v without a hook)\n",
		stamp(), os.Getpid(), hm, srv.Socket, srv.Idle)
	err = srv.Run(ctx)
	s.walks.Wait()
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

// server is the state the resident server keeps between hooks: only whether a walk over the note
// files is under way.
type server struct {
	dir   string
	home  home.Home
	mu    sync.Mutex
	walk  bool // a walk is running
	due   bool // the last hook left a walk due
	walks sync.WaitGroup
	// answered counts the hooks answered, for the log line at exit.
	answered atomic.Int64
}

func (s *server) handle(ctx context.Context, req resident.Request) resident.Response {
	if req.Plugin && PluginStepsAside(req.Event, req.ProjectDir) {
		return resident.Response{}
	}
	var out, errs bytes.Buffer
	due := run(ctx, s.dir, req.Event, IO{Stdin: bytes.NewReader(req.Stdin), Stdout: &out, Stderr: &errs,
		Cwd: req.Cwd, Resident: true})
	s.mu.Lock()
	s.due = s.due || due
	s.mu.Unlock()
	s.answered.Add(1)
	return resident.Response{Stdout: out.Bytes(), Stderr: errs.Bytes()}
}

// walkDeadline bounds a walk over the note files the server runs after an answer.
const walkDeadline = 2 * time.Minute

// after runs the walk a hook left due, in the background, so the next hook is answered at once:
// an edit made by hand in a note file is indexed without anyone waiting for the walk. A second walk
// is not started while one runs; the store's drift lock keeps other processes' walks apart.
func (s *server) after(ctx context.Context) {
	s.mu.Lock()
	defer s.mu.Unlock()
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
		a, err := app.New(s.dir, app.Options{Fast: true, LockTimeout: storeLockWait})
		if err != nil {
			s.logf("drift walk: %v", err)
			return
		}
		defer a.Close()
		if _, _, err := a.CatchUpDrift(wctx); err != nil {
			s.logf("drift walk: %v", err)
		}
	}()
}

// logf appends to <home>/logs/hooks.log as the hooks do.
func (s *server) logf(format string, args ...any) {
	h := &env{event: "hook-server", home: s.home}
	h.logf(format, args...)
}
