package claudeconf

import "slices"

// ServerName is the name Anamnesis's MCP server is registered under, the Python reference's name,
// so tools keep their mcp__anamnesis__* names across the switch.
const ServerName = "anamnesis"

// Server is a stdio MCP server entry.
type Server struct {
	Command string
	Args    []string
	Env     map[string]string
}

// UserServer returns the user-scope server entry named name, if any.
func UserServer(doc *Object, name string) (*Object, bool) {
	v, ok := doc.Get("mcpServers")
	if !ok {
		return nil, false
	}
	servers, ok := v.(*Object)
	if !ok {
		return nil, false
	}
	e, ok := servers.Get(name)
	if !ok {
		return nil, false
	}
	obj, ok := e.(*Object)
	return obj, ok
}

// SameServer reports whether entry runs s: same command, arguments and environment.
func SameServer(entry *Object, s Server) bool {
	if t, ok := entry.Get("type"); ok && t != "stdio" {
		return false
	}
	if c, _ := entry.Get("command"); c != s.Command {
		return false
	}
	av, _ := entry.Get("args")
	args, _ := av.([]any)
	if len(args) != len(s.Args) {
		return false
	}
	for i, a := range args {
		if a != s.Args[i] {
			return false
		}
	}
	ev, _ := entry.Get("env")
	env, _ := ev.(*Object)
	if env == nil {
		return len(s.Env) == 0
	}
	if env.Len() != len(s.Env) {
		return false
	}
	for k, want := range s.Env {
		if got, _ := env.Get(k); got != want {
			return false
		}
	}
	return true
}

// SetUserServer registers s under name at user scope (top-level "mcpServers"), in the shape
// "claude mcp add --scope user" writes. It reports whether doc changed.
func SetUserServer(doc *Object, name string, s Server) bool {
	if e, ok := UserServer(doc, name); ok && SameServer(e, s) {
		return false
	}
	servers, ok := func() (*Object, bool) {
		v, _ := doc.Get("mcpServers")
		o, ok := v.(*Object)
		return o, ok
	}()
	if !ok {
		servers = NewObject()
	}
	entry := NewObject()
	entry.Set("type", "stdio")
	entry.Set("command", s.Command)
	args := make([]any, len(s.Args))
	for i, a := range s.Args {
		args[i] = a
	}
	entry.Set("args", args)
	env := NewObject()
	for _, k := range sortedKeys(s.Env) {
		env.Set(k, s.Env[k])
	}
	entry.Set("env", env)
	servers.Set(name, entry)
	doc.Set("mcpServers", servers)
	return true
}

// RemoveUserServer deletes the user-scope server named name, and the mcpServers object when that
// leaves it empty. It reports whether doc changed.
func RemoveUserServer(doc *Object, name string) bool {
	v, ok := doc.Get("mcpServers")
	if !ok {
		return false
	}
	servers, ok := v.(*Object)
	if !ok {
		return false
	}
	if _, ok := servers.Get(name); !ok {
		return false
	}
	servers.Delete(name)
	if servers.Len() == 0 {
		doc.Delete("mcpServers")
	}
	return true
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
