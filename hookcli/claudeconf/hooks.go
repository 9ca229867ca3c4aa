package claudeconf

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
)

// Hook is one command handler Anamnesis registers for a Claude Code event.
type Hook struct {
	Event   string // SessionStart, UserPromptSubmit, ...
	Matcher string // empty: every occurrence of the event
	Command string // run through sh -c by Claude Code
	Timeout int    // seconds; Claude Code's default is 600 s, far too long for a memory hook
}

// The hooks init registers, with their timeouts, are listed once, beside their handlers, in
// package hooks (hooks.Events); this package only edits settings.json.

// referenceMarkers identify hook commands written by the Python reference's init, in any of its
// command forms (bare, uv run, with inline ANAMNESIS_* assignments).
var referenceMarkers = []string{"ANAMNESIS_", "anamnesis inject", "anamnesis sync", "anamnesis capture"}

// IsReferenceCommand reports whether a hook command was installed by the Python reference.
func IsReferenceCommand(cmd string) bool {
	for _, m := range referenceMarkers {
		if strings.Contains(cmd, m) {
			return true
		}
	}
	return false
}

var assignment = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*=`)

// IsOwnCommand reports whether a hook command runs this project's anamnesis binary, or its front
// door anamnesis-hook, as a hook handler ("<path>/anamnesis [--home DIR] hook <event>"), wherever
// the binary lives. Any earlier
// install, from another path or with other flags, is recognized, so re-running init replaces it.
func IsOwnCommand(cmd string) bool {
	words := ShellFields(cmd)
	for len(words) > 0 && assignment.MatchString(words[0]) {
		words = words[1:]
	}
	if len(words) < 2 {
		return false
	}
	switch filepath.Base(words[0]) {
	case "anamnesis", "anamnesis.exe", "anamnesis-cli", "anamnesis-cli.exe", "anamnesis-hook", "anamnesis-hook.exe":
	default:
		return false
	}
	// Skip the global flags ("--home DIR", "--home=DIR") to reach the subcommand.
	rest := words[1:]
	for len(rest) > 0 && strings.HasPrefix(rest[0], "-") {
		if !strings.Contains(rest[0], "=") && len(rest) > 1 {
			rest = rest[1:]
		}
		rest = rest[1:]
	}
	return len(rest) > 0 && rest[0] == "hook"
}

// MergeHooks makes settings hold exactly one handler of each wanted hook, replacing the Python
// reference's handlers and earlier installs of ours, and keeping everything else where it is. An
// event already in the wanted state is left untouched, so a second run changes nothing. It reports
// whether settings changed.
func MergeHooks(settings *Object, want []Hook) (bool, error) {
	hooks, err := hooksObject(settings, true)
	if err != nil {
		return false, err
	}
	changed := false
	for _, h := range want {
		groups, err := eventGroups(hooks, h.Event)
		if err != nil {
			return false, err
		}
		if inWantedState(groups, h) {
			continue
		}
		kept, _ := removeHandlers(groups, func(cmd string) bool { return IsOwnCommand(cmd) || IsReferenceCommand(cmd) })
		hooks.Set(h.Event, append(kept, group(h)))
		changed = true
	}
	if changed {
		settings.Set("hooks", hooks)
	}
	return changed, nil
}

// RemoveHooks deletes every handler of ours (and only ours) and drops the groups and events it
// leaves empty. It returns how many handlers it removed.
func RemoveHooks(settings *Object) (int, error) {
	hooks, err := hooksObject(settings, false)
	if err != nil || hooks == nil {
		return 0, err
	}
	total := 0
	for _, event := range hooks.Keys() {
		v, _ := hooks.Get(event)
		groups, ok := v.([]any)
		if !ok {
			continue
		}
		kept, n := removeHandlers(groups, IsOwnCommand)
		if n == 0 {
			continue
		}
		total += n
		if len(kept) == 0 {
			hooks.Delete(event)
		} else {
			hooks.Set(event, kept)
		}
	}
	if total > 0 && hooks.Len() == 0 {
		settings.Delete("hooks")
	}
	return total, nil
}

func hooksObject(settings *Object, create bool) (*Object, error) {
	v, ok := settings.Get("hooks")
	if !ok || v == nil {
		if create {
			return NewObject(), nil
		}
		return nil, nil
	}
	h, ok := v.(*Object)
	if !ok {
		return nil, fmt.Errorf(`"hooks" is %s, not an object`, kind(v))
	}
	return h, nil
}

func eventGroups(hooks *Object, event string) ([]any, error) {
	v, ok := hooks.Get(event)
	if !ok || v == nil {
		return nil, nil
	}
	groups, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf(`"hooks.%s" is %s, not an array`, event, kind(v))
	}
	return groups, nil
}

// handlerCommand returns a command handler's command string, or "" for anything else.
func handlerCommand(v any) string {
	h, ok := v.(*Object)
	if !ok {
		return ""
	}
	c, _ := h.Get("command")
	s, _ := c.(string)
	return s
}

// removeHandlers drops the handlers whose command matches, and groups left with no handler.
// Groups and handlers it does not understand are kept as they are.
func removeHandlers(groups []any, match func(string) bool) ([]any, int) {
	kept := make([]any, 0, len(groups))
	removed := 0
	for _, g := range groups {
		obj, ok := g.(*Object)
		if !ok {
			kept = append(kept, g)
			continue
		}
		hv, _ := obj.Get("hooks")
		handlers, ok := hv.([]any)
		if !ok {
			kept = append(kept, g)
			continue
		}
		var rest []any
		for _, h := range handlers {
			if cmd := handlerCommand(h); cmd != "" && match(cmd) {
				removed++
				continue
			}
			rest = append(rest, h)
		}
		if len(rest) == len(handlers) {
			kept = append(kept, g)
			continue
		}
		if len(rest) == 0 {
			continue
		}
		obj.Set("hooks", rest)
		kept = append(kept, obj)
	}
	return kept, removed
}

// inWantedState reports whether the event's groups hold exactly one handler of ours or the
// reference's, identical to h, alone in a group with h's matcher.
func inWantedState(groups []any, h Hook) bool {
	found := 0
	ok := false
	for _, g := range groups {
		obj, isObj := g.(*Object)
		if !isObj {
			continue
		}
		hv, _ := obj.Get("hooks")
		handlers, _ := hv.([]any)
		for _, x := range handlers {
			cmd := handlerCommand(x)
			if cmd == "" || !(IsOwnCommand(cmd) || IsReferenceCommand(cmd)) {
				continue
			}
			found++
			m, _ := obj.Get("matcher")
			ms, _ := m.(string)
			ok = len(handlers) == 1 && ms == h.Matcher && sameHandler(x.(*Object), h)
		}
	}
	return found == 1 && ok
}

func sameHandler(obj *Object, h Hook) bool {
	if obj.Len() != 3 {
		return false
	}
	t, _ := obj.Get("type")
	c, _ := obj.Get("command")
	to, _ := obj.Get("timeout")
	n, isNum := to.(json.Number)
	return t == "command" && c == h.Command && isNum && n.String() == fmt.Sprint(h.Timeout)
}

func group(h Hook) *Object {
	handler := NewObject()
	handler.Set("type", "command")
	handler.Set("command", h.Command)
	handler.Set("timeout", json.Number(fmt.Sprint(h.Timeout)))
	g := NewObject()
	if h.Matcher != "" {
		g.Set("matcher", h.Matcher)
	}
	g.Set("hooks", []any{handler})
	return g
}
