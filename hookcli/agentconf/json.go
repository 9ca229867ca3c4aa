package agentconf

import (
	"slices"

	"github.com/anamnesis-go/anamnesis/hookcli/claudeconf"
)

// The JSON agents' entry shapes, as their documentation gives them:
//   - Gemini CLI (settings.json) and Cursor (mcp.json): "mcpServers": {"<name>": {"command": "...",
//     "args": [...], "env": {...}}}; a stdio server is the one with a command.
//   - OpenCode (opencode.json): "mcp": {"<name>": {"type": "local", "command": ["cmd", "arg", ...],
//     "enabled": true, "environment": {...}}}.

// container is the top-level key holding agent's servers.
func container(agent string) string {
	if agent == OpenCode {
		return "mcp"
	}
	return "mcpServers"
}

// entryFor renders s as agent's entry.
func entryFor(agent string, s Server) *claudeconf.Object {
	env := claudeconf.NewObject()
	keys := make([]string, 0, len(s.Env))
	for k := range s.Env {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		env.Set(k, s.Env[k])
	}
	e := claudeconf.NewObject()
	if agent == OpenCode {
		cmd := []any{s.Command}
		for _, a := range s.Args {
			cmd = append(cmd, a)
		}
		e.Set("type", "local")
		e.Set("command", cmd)
		e.Set("enabled", true)
		e.Set("environment", env)
		return e
	}
	args := make([]any, len(s.Args))
	for i, a := range s.Args {
		args[i] = a
	}
	e.Set("command", s.Command)
	e.Set("args", args)
	e.Set("env", env)
	return e
}

// setJSONServer puts s under name in doc, replacing an entry of that name and keeping every other.
func setJSONServer(doc *claudeconf.Object, agent, name string, s Server) {
	key := container(agent)
	v, _ := doc.Get(key)
	servers, ok := v.(*claudeconf.Object)
	if !ok {
		servers = claudeconf.NewObject()
	}
	servers.Set(name, entryFor(agent, s))
	doc.Set(key, servers)
}

// removeJSONServer deletes the entry name (Unplan decides about an emptied container). It reports
// whether doc changed.
func removeJSONServer(doc *claudeconf.Object, agent, name string) bool {
	key := container(agent)
	v, _ := doc.Get(key)
	servers, ok := v.(*claudeconf.Object)
	if !ok {
		return false
	}
	if _, ok := servers.Get(name); !ok {
		return false
	}
	servers.Delete(name)
	return true
}

// Hook is a lifecycle hook to register with an agent that has them (Gemini CLI): Gemini's
// settings.json "hooks" has Claude Code's shape, {"<Event>": [{"matcher": ..., "hooks": [{"type":
// "command", "command": ..., "name": ..., "timeout": <ms>}]}]}, with timeouts in milliseconds.
type Hook struct {
	Event   string `json:"event"` // the agent's event name: SessionStart, BeforeAgent
	Command string `json:"command"`
	Name    string `json:"name"`       // identifies the hook as Anamnesis's: it begins with HookNamePrefix
	Timeout int    `json:"timeout_ms"` // milliseconds
}

// HookNamePrefix begins the name of every hook Anamnesis registers, which is how Plan and Unplan
// find their own hooks among the user's.
const HookNamePrefix = "anamnesis-"

func isOwnHook(v any) bool {
	o, ok := v.(*claudeconf.Object)
	if !ok {
		return false
	}
	name, _ := o.Get("name")
	s, _ := name.(string)
	return len(s) > len(HookNamePrefix) && s[:len(HookNamePrefix)] == HookNamePrefix
}

// removeOwnHooks takes every hook of Anamnesis's out of doc's "hooks", dropping groups and events
// it leaves empty. It reports whether doc changed.
func removeOwnHooks(doc *claudeconf.Object) bool {
	v, _ := doc.Get("hooks")
	events, ok := v.(*claudeconf.Object)
	if !ok {
		return false
	}
	changed := false
	for _, ev := range events.Keys() {
		gv, _ := events.Get(ev)
		groups, ok := gv.([]any)
		if !ok {
			continue
		}
		var keep []any
		for _, g := range groups {
			group, ok := g.(*claudeconf.Object)
			if !ok {
				keep = append(keep, g)
				continue
			}
			hv, _ := group.Get("hooks")
			hooks, ok := hv.([]any)
			if !ok {
				keep = append(keep, g)
				continue
			}
			rest := slices.DeleteFunc(slices.Clone(hooks), isOwnHook)
			switch {
			case len(rest) == len(hooks):
				keep = append(keep, g)
			case len(rest) > 0:
				group.Set("hooks", rest)
				keep = append(keep, g)
				changed = true
			default:
				changed = true
			}
		}
		if len(keep) == 0 {
			events.Delete(ev)
		} else {
			events.Set(ev, keep)
		}
	}
	return changed
}

// setHooks replaces Anamnesis's hooks in doc with hooks, keeping every other hook in its place.
func setHooks(doc *claudeconf.Object, hooks []Hook) {
	removeOwnHooks(doc)
	if len(hooks) == 0 {
		return
	}
	v, _ := doc.Get("hooks")
	events, ok := v.(*claudeconf.Object)
	if !ok {
		events = claudeconf.NewObject()
	}
	for _, h := range hooks {
		entry := claudeconf.NewObject()
		entry.Set("type", "command")
		entry.Set("command", h.Command)
		entry.Set("name", h.Name)
		entry.Set("timeout", h.Timeout)
		group := claudeconf.NewObject()
		group.Set("hooks", []any{entry})
		gv, _ := events.Get(h.Event)
		groups, _ := gv.([]any)
		events.Set(h.Event, append(groups, group))
	}
	doc.Set("hooks", events)
}
