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
