// Package hooks handles Claude Code's lifecycle events for "anamnesis hook <event>". A handler
// parses the hook's JSON, calls one use case of the application layer (core/app) and prints
// Claude Code's answer. Hooks always exit 0: a memory layer must never block or break a session,
// so every failure is logged to <home>/logs/hooks.log instead.
package hooks

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"time"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/home"
	"github.com/mattn/go-isatty"
)

// IO is what a hook reads and writes: the hook's JSON on Stdin, Claude Code's answer on Stdout,
// misconfiguration (an unknown event) on Stderr, which is Claude Code's debug log.
type IO struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Agent is the coding agent running the hook (capture.AgentClaude, AgentGemini); "" is
	// Claude Code. Capture reads the transcript in that agent's format and tags the note.
	Agent string
	// Cwd is the working directory of whoever ran the hook, for input that names none; "" is this
	// process's. The resident server answers for anamnesis-hook, which runs elsewhere.
	Cwd string
	// Resident marks the hook server answering: work nobody waits for (the due walk over the note
	// files) is left to the server, which runs it after the answer, instead of a detached process.
	Resident bool
	// Open, when set, gives the hook the application to use: the resident server's, kept open
	// between hooks. Nil makes one for the hook alone.
	Open Opener
}

// Opener gives the application to use and what to call when done with it.
type Opener func(ctx context.Context) (a *app.App, release func(), err error)

// input is the part of Claude Code's hook payload the handlers read.
type input struct {
	SessionID            string `json:"session_id"`
	TranscriptPath       string `json:"transcript_path"`
	Cwd                  string `json:"cwd"`
	HookEventName        string `json:"hook_event_name"`
	Source               string `json:"source"`
	Prompt               string `json:"prompt"`
	LastAssistantMessage string `json:"last_assistant_message"`
	Reason               string `json:"reason"`
	Trigger              string `json:"trigger"`
}

// env is what a handler gets: the parsed input, the store and a logger.
type env struct {
	IO
	event string
	dir   string // --home, or "" for $ANAMNESIS_HOME / ~/.anamnesis
	home  home.Home
	in    input
	app   *app.App
	// release lets go of app: closes it, or hands it back to the resident server.
	release func()
	// walkDue is set when the open left a walk over the note files due and a resident server is
	// to run it (IO.Resident).
	walkDue bool
}

// maxInput bounds what is read from stdin: a prompt can be long, but not this long.
const maxInput = 8 << 20

// storeLockWait bounds a hook's wait for the store lock; the handler's deadline is shorter still.
const storeLockWait = 5 * time.Second

// EnvHooks set to "off" makes every Claude Code hook do nothing (the drain worker still runs).
const EnvHooks = "ANAMNESIS_HOOKS"

// Run handles the hook event name against the store dir ("" means $ANAMNESIS_HOME or
// ~/.anamnesis). It never fails: even a misconfigured hook exits 0, because exit 2 from a
// UserPromptSubmit hook would erase the user's prompt.
func Run(ctx context.Context, dir, name string, s IO) { run(ctx, dir, name, s) }

// run is Run, reporting whether a walk over the note files is due and was left to the caller
// (only with s.Resident).
func run(ctx context.Context, dir, name string, s IO) (walkDue bool) {
	h := &env{IO: s, event: name, dir: dir}
	hm, err := home.Resolve(dir)
	if err != nil {
		return false // no home to log into either; nothing to do
	}
	h.home = hm
	defer func() {
		if r := recover(); r != nil {
			h.logf("panic: %v\n%s", r, debug.Stack())
		}
	}()
	ev, ok := lookup(name)
	if !ok {
		msg := fmt.Sprintf("unknown hook event %q (expected %s)", name, expected())
		fmt.Fprintf(s.Stderr, "anamnesis hook: %s\n", msg)
		h.event = "hook"
		h.logf("%s", msg)
		return false
	}
	if ev.Claude != "" && os.Getenv(EnvHooks) == "off" {
		// A Claude Code run of Anamnesis's own (a curation request through claude -p): no memory
		// injected into it, no capture of it, no background work started from it.
		return false
	}
	if ev.Claude != "" { // drain is started by a hook, with nothing on stdin
		if !h.readInput() {
			return false
		}
	}
	if !hm.Exists() {
		return false // hooks never create a store
	}
	open := s.Open
	if open == nil {
		open = func(context.Context) (*app.App, func(), error) { return h.open(true) }
	}
	if h.app, h.release, err = open(ctx); err != nil {
		h.logf("%v", err)
		return false
	}
	defer func() { h.release() }()
	ctx, cancel := context.WithTimeout(ctx, ev.Deadline)
	defer cancel()
	if err := ev.run(ctx, h); err != nil {
		h.logf("%v", err)
	}
	return h.walkDue
}

// open makes the application for the store. fast skips the open-time drift walk: hooks must
// answer in milliseconds and leave drift to the next full open; a missing or outdated index is
// still rebuilt.
func (h *env) open(fast bool) (*app.App, func(), error) {
	a, err := app.New(h.dir, app.Options{Fast: fast, LockTimeout: storeLockWait})
	if err != nil {
		return nil, nil, err
	}
	return a, func() { _ = a.Close() }, nil
}

// readInput parses the hook's JSON from stdin, logging why when there is none to act on.
func (h *env) readInput() bool {
	data, err := readAll(h.Stdin)
	if err != nil {
		h.logf("read hook input: %v", err)
		return false
	}
	if len(strings.TrimSpace(string(data))) == 0 {
		h.logf("empty hook input; nothing to do")
		return false
	}
	if err := json.Unmarshal(data, &h.in); err != nil {
		h.logf("hook input is not a JSON object (%v); nothing to do", err)
		return false
	}
	return true
}

// readAll reads stdin, unless it is a terminal (someone ran the hook by hand).
func readAll(r io.Reader) ([]byte, error) {
	if f, ok := r.(*os.File); ok && isatty.IsTerminal(f.Fd()) {
		return nil, nil
	}
	return io.ReadAll(io.LimitReader(r, maxInput))
}

// logf appends one line to <home>/logs/hooks.log. It never fails the hook, and writes nothing
// where there is no store.
func (h *env) logf(format string, args ...any) {
	if h.home.Root() == "" || !h.home.Exists() {
		return
	}
	if err := os.MkdirAll(h.home.Logs(), 0o700); err != nil {
		return
	}
	p := h.home.Log("hooks.log")
	if fi, err := os.Stat(p); err == nil && fi.Size() > 1<<20 {
		_ = os.Rename(p, p+".1") // keep one old generation; the log must not grow without bound
	}
	f, err := os.OpenFile(p, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return
	}
	defer f.Close()
	sid := h.in.SessionID
	if sid == "" {
		sid = "-"
	}
	fmt.Fprintf(f, "%s %s session=%s %s\n", time.Now().UTC().Format(time.RFC3339), h.event, sid,
		strings.ReplaceAll(fmt.Sprintf(format, args...), "\n", "\n    "))
}

// logIgnored logs the settings that were set to invalid values and so fell back to defaults
// (a budget of "lots"), so that a user wondering why a setting has no effect finds out.
func (h *env) logIgnored() {
	for _, s := range h.app.Settings().Ignored() {
		h.logf("%s", s)
	}
}

// printContext writes the hook's JSON answer: context for the model, attached to event.
func (h *env) printContext(event, text string) error {
	out := map[string]any{"hookSpecificOutput": map[string]any{"hookEventName": event, "additionalContext": text}}
	enc := json.NewEncoder(h.Stdout)
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

// cwd is the session's working directory: the hook's cwd field, else the process's.
func (h *env) cwd() string {
	if h.in.Cwd != "" {
		return h.in.Cwd
	}
	if h.Cwd != "" {
		return h.Cwd
	}
	d, _ := os.Getwd()
	return d
}
