// Package resident connects anamnesis-hook, the small program Claude Code starts for every hook,
// to the resident hook server ("anamnesis hook-server"), a process that stays up between hooks.
//
// Why: the anamnesis binary links SQLite and every engine; on the machines we measure, starting it
// costs 12–25 ms before it reads a byte, and a cold process pays again to open the index. A hook
// runs on every prompt, so that start-up is felt. anamnesis-hook links none of it: it passes the
// hook's input over a unix socket to a warm server, which answers with the very handler
// "anamnesis hook" runs, and relays the answer. When no server runs, anamnesis-hook starts one
// for the next hook and answers this one by running anamnesis itself, so a hook never depends on
// the server being there.
//
// The package holds only the standard library and core/home and core/lock, so that the front
// door stays small; TestFrontDoorStaysSmall keeps it so.
package resident

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/anamnesis-go/anamnesis/core/home"
	"github.com/anamnesis-go/anamnesis/core/lock"
)

// Request is one hook, as anamnesis-hook received it.
type Request struct {
	Event string `json:"event"` // the hook handler: "prompt", "session-start", ...
	Cwd   string `json:"cwd"`   // anamnesis-hook's working directory, for input that names none
	Stdin []byte `json:"stdin"` // the hook's JSON
	// Plugin marks the Claude Code plugin's handler ("hook --plugin EVENT"), which steps aside when
	// init installed the same hook in the user's or ProjectDir's ($CLAUDE_PROJECT_DIR) settings.
	Plugin     bool   `json:"plugin,omitempty"`
	ProjectDir string `json:"project_dir,omitempty"`
	// Agent is the coding agent whose hook this is ("hook --agent NAME"); "" is Claude Code.
	Agent string `json:"agent,omitempty"`
	// Args, instead of Event, is a command line the server runs for the front door ("[--home DIR]
	// search ..."): one of Commands.
	Args []string `json:"args,omitempty"`
	// Ping, instead of Event, asks the server how it is ("anamnesis status").
	Ping bool `json:"ping,omitempty"`
}

// Response is what the handler wrote; anamnesis-hook copies it to its own stdout and stderr.
type Response struct {
	Stdout []byte `json:"stdout,omitempty"`
	Stderr []byte `json:"stderr,omitempty"`
	Exit   int    `json:"exit,omitempty"` // a command's exit status (a hook's is always 0)
	// State answers a Ping.
	State *State `json:"state,omitempty"`
}

// State is how a running server is: what "anamnesis status" shows.
type State struct {
	PID      int       `json:"pid"`
	Started  time.Time `json:"started"`
	Answered int64     `json:"answered"` // hooks and commands answered so far
	Binary   string    `json:"binary"`   // the anamnesis-cli it runs
	Kept     string    `json:"kept"`     // which pages it could keep in memory
}

// FrontDoorName is the front door's name in Claude Code's hooks; it is the same program as
// "anamnesis" (UserName), kept under its own name for the hooks init registered with it.
const FrontDoorName = "anamnesis-hook"

// UserName is the front door users run: "anamnesis ARGS".
const UserName = "anamnesis"

// Commands are the command lines the server runs for the front door, each with how long the front
// door waits before running the command itself. Only commands that read the store as a fast
// open sees it, print the same whatever the terminal, read no stdin and depend on no working
// directory may be here: the server runs them in its own process with the App it keeps.
var Commands = map[string]time.Duration{
	"search": 10 * time.Second,
}

// Events are the hooks the server answers, each with how long anamnesis-hook waits for the
// answer: past the handler's own deadline (the server's answer is then on its way) and inside
// the timeout Claude Code enforces, which would lose the answer. TestWaitsBetweenDeadlineAndTimeout,
// in package hooks, holds every row to both.
var Events = map[string]time.Duration{
	"session-start": 4500 * time.Millisecond,
	"prompt":        1800 * time.Millisecond,
	"pre-compact":   4500 * time.Millisecond,
	"session-end":   4500 * time.Millisecond,
	"stop":          4500 * time.Millisecond,
}

// Key names the server that may answer a hook: one per store, per set of ANAMNESIS_* variables,
// HOME and CLAUDE_CONFIG_DIR (a session's environment can override settings, so sessions that differ get their own server)
// and per anamnesis binary, by path, size and time, so that a new build never talks to a server
// an older one started. server is the anamnesis binary's path, symbolic links resolved.
func Key(root string, environ []string, server string) (string, error) {
	fi, err := os.Stat(server)
	if err != nil {
		return "", fmt.Errorf("hook server binary: %w", err)
	}
	var vars []string
	for _, kv := range environ {
		// HOME too: paths in captured notes are written relative to it; and CLAUDE_CONFIG_DIR,
		// where the plugin's handler looks for init's hooks.
		if strings.HasPrefix(kv, "ANAMNESIS_") || strings.HasPrefix(kv, "HOME=") || strings.HasPrefix(kv, "CLAUDE_CONFIG_DIR=") {
			vars = append(vars, kv)
		}
	}
	sort.Strings(vars)
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%d\x00%d\x00", root, server, fi.Size(), fi.ModTime().UnixNano())
	for _, v := range vars {
		fmt.Fprintf(h, "%s\x00", v)
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// Socket is the server's socket for key, under <home>/run.
func Socket(h home.Home, key string) string { return h.Run("hook-" + key + ".sock") }

// LockPath is held by the running server for key: a second server finds it taken and leaves.
func LockPath(h home.Home, key string) string { return h.Run("hook-" + key + ".lock") }

// maxSocketPath is the longest socket path every unix accepts (macOS: 104 bytes with the NUL).
const maxSocketPath = 103

// Probe asks every server of the store how it is, within ctx; a socket nobody answers on (a killed
// server's) is left out.
func Probe(ctx context.Context, h home.Home) []State {
	socks, _ := filepath.Glob(h.Run("hook-*.sock"))
	var out []State
	for _, sock := range socks {
		resp, err := Ask(ctx, sock, Request{Ping: true})
		if err == nil && resp.State != nil {
			out = append(out, *resp.State)
		}
	}
	return out
}

// ErrPathTooLong is returned for a store whose socket path unix cannot bind: hooks then run
// without a server.
var ErrPathTooLong = errors.New("the store's path is too long for a unix socket")

// ErrNotRunning is returned by Ask when no server listens on the socket.
var ErrNotRunning = errors.New("no hook server is running")

// errNoAnswer is a connection closed or reset before any answer: the server was stopping, or died.
var errNoAnswer = errors.New("the hook server closed the connection without answering")

// maxMessage bounds a request or an answer; a hook's input is at most 8 MiB, base64 adds a third.
const maxMessage = 12 << 20

// Ask sends req to the server on sock and returns its answer; see Unanswered for what its errors
// leave to the caller.
func Ask(ctx context.Context, sock string, req Request) (Response, error) {
	if len(sock) > maxSocketPath {
		return Response{}, ErrPathTooLong
	}
	var d net.Dialer
	conn, err := d.DialContext(ctx, "unix", sock)
	if err != nil {
		return Response{}, fmt.Errorf("%w: %v", ErrNotRunning, err)
	}
	defer func() { _ = conn.Close() }()
	if dl, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(dl)
	}
	if err := json.NewEncoder(conn).Encode(req); err != nil {
		return Response{}, fmt.Errorf("send the hook to the server: %w", err)
	}
	var resp Response
	if err := json.NewDecoder(io.LimitReader(conn, maxMessage)).Decode(&resp); err != nil {
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			return Response{}, fmt.Errorf("%w: %v", ErrLate, err)
		}
		// Closed or reset before an answer: the server was stopping, or died.
		return Response{}, fmt.Errorf("%w: %v", errNoAnswer, err)
	}
	return resp, nil
}

// ErrLate is returned by Ask when the server took the hook and did not answer in time.
var ErrLate = errors.New("the hook server did not answer in time")

// Unanswered reports whether err from Ask leaves the hook to be answered another way: every
// failure but a late answer. A server that stopped or died before answering may have done part
// of the hook, and doing it again is harmless (a note recalled twice, a session queued twice for
// the same capture); a late one is still at work, and doing it again would also outlast Claude
// Code's timeout.
func Unanswered(err error) bool { return err != nil && !errors.Is(err, ErrLate) }

// Server answers hooks on a unix socket until it has been idle for Idle or ctx ends.
type Server struct {
	Socket, Lock string
	Idle         time.Duration
	// Handle answers one hook. Hooks are answered concurrently, as the processes they replace
	// ran: a session start rebuilding an index must not hold another session's prompt. Handle
	// must therefore be safe for concurrent use.
	Handle func(context.Context, Request) Response
	// State answers a Ping; nil answers it with an empty State.
	State func() State
	// After runs once the answer is sent and the connection closed (work nobody waits for); it
	// too may run concurrently with itself.
	After func(context.Context)
	Logf  func(format string, args ...any)
}

// ErrRunning is returned by Run when another server holds the lock for the same key.
var ErrRunning = errors.New("a hook server for this store is already running")

// requestWait bounds reading a request: anamnesis-hook writes it at once.
const requestWait = 5 * time.Second

// Run listens and answers. It returns nil when idle for s.Idle or when ctx ends.
func (s *Server) Run(ctx context.Context) error {
	if len(s.Socket) > maxSocketPath {
		return fmt.Errorf("%w: %s", ErrPathTooLong, s.Socket)
	}
	dir := filepath.Dir(s.Socket)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("hook server: %w", err)
	}
	// The socket answers with the user's notes: only the user may reach it.
	if err := os.Chmod(dir, 0o700); err != nil {
		return fmt.Errorf("hook server: %w", err)
	}
	l, err := lock.TryAcquire(s.Lock)
	if errors.Is(err, lock.ErrBusy) {
		return ErrRunning
	} else if err != nil {
		return fmt.Errorf("hook server: %w", err)
	}
	defer l.Release()
	// Hooks under way are answered before the server leaves, and before it releases the lock, but
	// after the socket is gone (defers run last first): a hook arriving while the last ones finish
	// finds no server and runs in its own process, rather than waiting unaccepted in the backlog
	// until it is too late.
	var busy sync.WaitGroup
	defer busy.Wait()
	// The socket is bound under a temporary name and renamed into place once it listens and is
	// private, so that a socket at s.Socket always takes connections: between bind and listen a
	// connection is refused, and the front door (or a test that waits for the file) would take
	// the server for absent. Holding the lock, no live server owns either path: a file at
	// either is a killed server's, and the rename replaces a stale socket.
	tmp := strings.TrimSuffix(s.Socket, filepath.Ext(s.Socket)) + ".tmp"
	if len(tmp) > maxSocketPath { // only for a socket path without an extension: .tmp is shorter than .sock
		return fmt.Errorf("%w: %s", ErrPathTooLong, tmp)
	}
	if err := os.Remove(tmp); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("hook server: remove a stale socket: %w", err)
	}
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: tmp, Net: "unix"})
	if err != nil {
		return fmt.Errorf("hook server: %w", err)
	}
	ln.SetUnlinkOnClose(false) // the socket is renamed: closing removes s.Socket itself
	var closing sync.Once
	closeListener := func() {
		closing.Do(func() {
			_ = ln.Close()
			_ = os.Remove(s.Socket)
		})
	}
	if err := os.Chmod(tmp, 0o600); err != nil {
		_ = ln.Close()
		_ = os.Remove(tmp)
		return fmt.Errorf("hook server: %w", err)
	}
	if err := os.Rename(tmp, s.Socket); err != nil {
		_ = ln.Close()
		_ = os.Remove(tmp)
		return fmt.Errorf("hook server: %w", err)
	}
	// Closed before the lock is released (defers run last first): the socket is gone before a
	// new server may take the lock and bind the same path.
	defer closeListener()
	stop := context.AfterFunc(ctx, closeListener)
	defer stop()
	slots := make(chan struct{}, maxConcurrent)
	for {
		if err := ln.SetDeadline(time.Now().Add(s.Idle)); err != nil {
			if ctx.Err() != nil {
				return nil // ctx ended while a connection waited for a slot: the listener is closed
			}
			return fmt.Errorf("hook server: %w", err)
		}
		conn, err := ln.AcceptUnix()
		if err != nil {
			var ne net.Error
			if ctx.Err() != nil || (errors.As(err, &ne) && ne.Timeout()) {
				return nil
			}
			return fmt.Errorf("hook server: %w", err)
		}
		if acceptedHook != nil {
			acceptedHook()
		}
		slots <- struct{}{}
		busy.Add(1)
		go func() {
			defer func() { <-slots; busy.Done() }()
			s.serve(ctx, conn)
		}()
	}
}

// maxConcurrent bounds the hooks answered at once; more wait to be accepted.
const maxConcurrent = 16

// acceptedHook, when set (by tests), runs after each connection is accepted, before it waits for
// a slot.
var acceptedHook func()

// serve answers one connection, then runs After.
func (s *Server) serve(ctx context.Context, conn *net.UnixConn) {
	defer func() {
		if s.After != nil {
			s.After(ctx)
		}
	}()
	defer func() { _ = conn.Close() }()
	_ = conn.SetReadDeadline(time.Now().Add(requestWait))
	var req Request
	if err := json.NewDecoder(io.LimitReader(conn, maxMessage)).Decode(&req); err != nil {
		s.logf("hook server: read a request: %v", err)
		return
	}
	what := req.Event
	if req.Ping {
		st := State{}
		if s.State != nil {
			st = s.State()
		}
		_ = conn.SetWriteDeadline(time.Now().Add(requestWait))
		_ = json.NewEncoder(conn).Encode(Response{State: &st})
		return
	}
	if len(req.Args) > 0 {
		_, name, ok := commandCall(req.Args)
		if !ok || req.Event != "" {
			s.logf("hook server: %q is not a command it runs", strings.Join(req.Args, " "))
			return
		}
		what = name
	} else if _, ok := Events[req.Event]; !ok {
		s.logf("hook server: %q is not a hook it answers", req.Event)
		return
	}
	if ctx.Err() != nil {
		// The server is stopping (a signal) and this hook was accepted meanwhile: closed
		// unanswered, it is run by the front door in its own process instead of failing here.
		return
	}
	// A hook begun is finished even if the server is told to stop meanwhile, and the server waits
	// for it before leaving; but no longer than its front door waits for the answer (a command is
	// bounded by its own deadline, in Handle), so that nothing before the event's own deadline
	// (opening the store, waiting for its lock) can hold the server's exit.
	hctx := context.WithoutCancel(ctx)
	if wait, ok := Events[req.Event]; ok {
		var cancel context.CancelFunc
		hctx, cancel = context.WithTimeout(hctx, wait)
		defer cancel()
	}
	resp := s.Handle(hctx, req)
	_ = conn.SetWriteDeadline(time.Now().Add(requestWait))
	if err := json.NewEncoder(conn).Encode(resp); err != nil {
		s.logf("hook server: send the answer to %s: %v", what, err)
	}
}

func (s *Server) logf(format string, args ...any) {
	if s.Logf != nil {
		s.Logf(format, args...)
	}
}
