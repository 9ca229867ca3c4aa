package hooks

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/anamnesis-go/anamnesis/hookcli/claudeconf"
)

// Event is one "anamnesis hook <Name>" handler and, for those Claude Code calls, how init
// registers it. The handler's deadline and the timeout Claude Code enforces live side by side so
// that they cannot drift apart: a hook Claude Code kills loses its output, so Deadline stays well
// inside Timeout (TestDeadlinesInsideTimeouts holds every row to it).
type Event struct {
	Name    string // the subcommand
	Claude  string // Claude Code's event; "" for a handler Claude Code never calls
	Matcher string // Claude Code's matcher; "" means every occurrence of the event
	// Timeout is what init registers: Claude Code kills the hook past it. Claude Code's own
	// default is 600 s, far too long for a memory hook, so a stalled store could hold a session.
	Timeout time.Duration
	// Deadline is the handler's own.
	Deadline time.Duration
	run      func(ctx context.Context, h *env) error
}

// Events is every handler, in the order init registers them. SessionStart also runs on
// compaction, when the injected memory has just been summarized away.
var Events = []Event{
	{Name: "session-start", Claude: "SessionStart", Matcher: "startup|resume|clear|compact", Timeout: 5 * time.Second, Deadline: 4 * time.Second, run: sessionStart},
	{Name: "prompt", Claude: "UserPromptSubmit", Timeout: 2 * time.Second, Deadline: 1500 * time.Millisecond, run: prompt},
	{Name: "pre-compact", Claude: "PreCompact", Timeout: 5 * time.Second, Deadline: time.Second, run: enqueue},
	{Name: "session-end", Claude: "SessionEnd", Timeout: 5 * time.Second, Deadline: time.Second, run: enqueue},
	{Name: "stop", Claude: "Stop", Timeout: 5 * time.Second, Deadline: time.Second, run: enqueue},
	// The detached capture worker the three above start.
	{Name: "drain", Deadline: 2 * time.Minute, run: drain},
}

func lookup(name string) (Event, bool) {
	for _, e := range Events {
		if e.Name == name {
			return e, true
		}
	}
	return Event{}, false
}

// expected lists the event names for a message: "a, b or c".
func expected() string {
	names := make([]string, len(Events))
	for i, e := range Events {
		names[i] = e.Name
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// Usage is the hook command's argument synopsis: "a|b|c".
func Usage() string {
	names := make([]string, len(Events))
	for i, e := range Events {
		names[i] = e.Name
	}
	return strings.Join(names, "|")
}

// Registrations is what init puts in Claude Code's settings.json: each Claude Code event's
// handler, run as command (the anamnesis binary, and the store when not the default one).
func Registrations(command string) []claudeconf.Hook {
	var out []claudeconf.Hook
	for _, e := range Events {
		if e.Claude == "" {
			continue
		}
		out = append(out, claudeconf.Hook{Event: e.Claude, Matcher: e.Matcher,
			Command: fmt.Sprintf("%s hook %s", command, e.Name), Timeout: int(e.Timeout / time.Second)})
	}
	return out
}

// ClaudeEvent is the Claude Code event the handler name answers, "" for none.
func ClaudeEvent(name string) string {
	e, _ := lookup(name)
	return e.Claude
}

// PluginStepsAside reports whether the Claude Code plugin's handler for the hook name must do
// nothing: Claude Code runs the plugin's hooks and the settings' hooks side by side, and when init
// installed ours in the user's settings or those of projectDir ($CLAUDE_PROJECT_DIR), the plugin's
// copy steps aside so nothing runs twice.
func PluginStepsAside(name, projectDir string) bool {
	ev := ClaudeEvent(name)
	return ev != "" && claudeconf.OwnHookInstalled(claudeconf.SettingsFiles(projectDir), ev)
}
