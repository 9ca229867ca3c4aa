package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"github.com/anamnesis-go/anamnesis/core/config"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// hookCmd is what Claude Code runs on its lifecycle events. It always exits 0: a memory layer must
// never block or break a session, so every failure is logged to <home>/logs/hooks.log instead.
var hookCmd = &command{
	name:    "hook",
	summary: "Handle a Claude Code hook event (reads the hook's JSON on stdin; always exits 0).",
	usage:   "session-start|prompt|pre-compact|session-end|stop|drain",
	hidden:  true,
	setup: func(fs *flag.FlagSet) func(context.Context, *app, []string) error {
		return func(ctx context.Context, a *app, args []string) error {
			// Even a misconfigured hook exits 0: exit 2 from a UserPromptSubmit hook would erase the
			// user's prompt. The mistake goes to stderr (Claude Code's debug log) and hooks.log.
			event := strings.Join(args, " ")
			h, ok := hookHandlers[event]
			if !ok {
				msg := fmt.Sprintf("unknown hook event %q (expected session-start, prompt, pre-compact, session-end, stop or drain)", event)
				fmt.Fprintf(a.stderr, "anamnesis hook: %s\n", msg)
				if cfg, err := a.config(); err == nil {
					(&hookEnv{app: a, event: "hook", cfg: cfg}).logf("%s", msg)
				}
				return nil
			}
			runHook(ctx, a, event, h)
			return nil
		}
	},
}

// hookInput is the part of Claude Code's hook payload the handlers read.
type hookInput struct {
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

// hookEnv is what a handler gets: the parsed input, the configuration and a logger.
type hookEnv struct {
	*app
	event string
	in    hookInput
	cfg   *config.Config
	start time.Time
}

type hookHandler struct {
	timeout time.Duration // the handler's own deadline, well inside Claude Code's
	run     func(ctx context.Context, h *hookEnv) error
}

var hookHandlers = map[string]hookHandler{
	// Below the timeouts init registers (5 s and 2 s): a hook Claude Code kills loses its output.
	"session-start": {4 * time.Second, hookSessionStart},
	"prompt":        {1500 * time.Millisecond, hookPrompt},
	"pre-compact":   {time.Second, hookEnqueue},
	"session-end":   {time.Second, hookEnqueue},
	"stop":          {time.Second, hookEnqueue},
	"drain":         {2 * time.Minute, hookDrain},
}

// maxHookInput bounds what is read from stdin: a prompt can be long, but not this long.
const maxHookInput = 8 << 20

func runHook(ctx context.Context, a *app, event string, hh hookHandler) {
	h := &hookEnv{app: a, event: event, start: time.Now()}
	defer func() {
		if r := recover(); r != nil {
			h.logf("panic: %v\n%s", r, debug.Stack())
		}
	}()
	cfg, err := a.config()
	if err != nil {
		return // no home to log into either; nothing to do
	}
	h.cfg = cfg
	if event != "drain" {
		data, err := readHookInput(a.stdin)
		if err != nil {
			h.logf("read hook input: %v", err)
			return
		}
		if len(strings.TrimSpace(string(data))) == 0 {
			h.logf("empty hook input; nothing to do")
			return
		}
		if err := json.Unmarshal(data, &h.in); err != nil {
			h.logf("hook input is not a JSON object (%v); nothing to do", err)
			return
		}
	}
	ctx, cancel := context.WithTimeout(ctx, hh.timeout)
	defer cancel()
	if err := hh.run(ctx, h); err != nil {
		h.logf("%v", err)
	}
}

// readHookInput reads stdin, unless it is a terminal (someone ran the hook by hand).
func readHookInput(r io.Reader) ([]byte, error) {
	if f, ok := r.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			return nil, nil
		}
	}
	return io.ReadAll(io.LimitReader(r, maxHookInput))
}

// logf appends one line to <home>/logs/hooks.log. It never fails the hook.
func (h *hookEnv) logf(format string, args ...any) {
	if h.cfg == nil || !storeExists(h.cfg.Home) {
		return
	}
	dir := filepath.Join(h.cfg.Home, "logs")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return
	}
	p := filepath.Join(dir, "hooks.log")
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

// storeExists reports whether home holds a store. Hooks never create one: Claude Code may run
// them before "anamnesis init", or for a store the user deleted.
func storeExists(home string) bool {
	for _, p := range []string{store.PortableDir, store.LocalDir, store.IndexFile} {
		if _, err := os.Stat(filepath.Join(home, p)); err == nil {
			return true
		}
	}
	return false
}

// openHookStore opens the store for a hook, or reports errNoStore.
func (h *hookEnv) openStore(ctx context.Context, fast bool) (*store.Store, error) {
	if !storeExists(h.cfg.Home) {
		return nil, errNoStore
	}
	return store.Open(ctx, h.cfg.Home, store.Options{MachineID: h.cfg.MachineID, NoDriftCheck: fast, LockTimeout: 5 * time.Second})
}

var errNoStore = errors.New("no store here yet (run anamnesis init)")

// printContext writes the hook's JSON answer: context for the model, attached to event.
func (h *hookEnv) printContext(event, text string) error {
	out := map[string]any{"hookSpecificOutput": map[string]any{"hookEventName": event, "additionalContext": text}}
	enc := json.NewEncoder(h.stdout)
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

// intSetting reads an integer setting: the environment variable (when a positive integer) over the
// config.json key over def.
func (h *hookEnv) intSetting(env, key string, def int) int {
	if v := strings.TrimSpace(os.Getenv(env)); v != "" {
		var n int
		if _, err := fmt.Sscanf(v, "%d", &n); err == nil && n > 0 {
			return n
		}
		h.logf("ignoring %s=%q: not a positive integer", env, v)
	}
	switch v := h.cfg.File[key].(type) {
	case float64:
		if v > 0 {
			return int(v)
		}
	case string:
		var n int
		if _, err := fmt.Sscanf(v, "%d", &n); err == nil && n > 0 {
			return n
		}
	}
	return def
}

// cwd is the session's working directory: the hook's cwd field, else the process's.
func (h *hookEnv) cwd() string {
	if h.in.Cwd != "" {
		return h.in.Cwd
	}
	d, _ := os.Getwd()
	return d
}
