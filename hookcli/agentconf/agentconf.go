// Package agentconf registers Anamnesis's MCP server with the coding agents other than Claude Code
// (whose files hookcli/claudeconf edits): Codex (~/.codex/config.toml, [mcp_servers.<name>]),
// Gemini CLI (~/.gemini/settings.json, mcpServers), Cursor (~/.cursor/mcp.json, mcpServers) and
// OpenCode (~/.config/opencode/opencode.json, mcp). Each edit touches only the server's own
// entry, keeps everything else in the file as it was, backs the file up once before its first
// change and replaces it atomically; Remove takes out exactly that entry again.
package agentconf

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/config"
	"github.com/anamnesis-go/anamnesis/hookcli/claudeconf"
)

// The agents init can wire up. Claude is handled by claudeconf (hooks and MCP); the others here.
const (
	Claude   = "claude"
	Codex    = "codex"
	Gemini   = "gemini"
	Cursor   = "cursor"
	OpenCode = "opencode"
)

// Names lists every agent, Claude first, in the order init reports them.
var Names = []string{Claude, Codex, Gemini, Cursor, OpenCode}

// Others lists the agents this package configures.
var Others = []string{Codex, Gemini, Cursor, OpenCode}

// ParseAgents reads an --agent value: one name, a comma-separated list, or "all".
func ParseAgents(s string) ([]string, error) {
	var out []string
	for _, part := range strings.Split(s, ",") {
		part = strings.ToLower(strings.TrimSpace(part))
		switch {
		case part == "all":
			return slices.Clone(Names), nil
		case slices.Contains(Names, part):
			if !slices.Contains(out, part) {
				out = append(out, part)
			}
		default:
			return nil, fmt.Errorf("--agent must be one or more of %s, or all; not %q", strings.Join(Names, ", "), part)
		}
	}
	return out, nil
}

// Server is the stdio MCP server to register.
type Server struct {
	Command string
	Args    []string
	Env     map[string]string
}

// ConfigPath is the user-level file where agent keeps its MCP servers, honouring the variables the
// agents themselves honour ($CODEX_HOME for Codex, $XDG_CONFIG_HOME for OpenCode).
func ConfigPath(agent string) (string, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("find the home directory: %w", err)
	}
	switch agent {
	case Codex:
		dir := filepath.Join(home, ".codex")
		if d := strings.TrimSpace(os.Getenv("CODEX_HOME")); d != "" {
			if dir, err = config.ExpandHome(d); err != nil {
				return "", err
			}
		}
		return filepath.Join(dir, "config.toml"), nil
	case Gemini:
		return filepath.Join(home, ".gemini", "settings.json"), nil
	case Cursor:
		return filepath.Join(home, ".cursor", "mcp.json"), nil
	case OpenCode:
		dir := filepath.Join(home, ".config")
		if d := strings.TrimSpace(os.Getenv("XDG_CONFIG_HOME")); d != "" {
			dir = d
		}
		return filepath.Join(dir, "opencode", "opencode.json"), nil
	}
	return "", fmt.Errorf("agentconf: no configuration file for agent %q", agent)
}

// Edit is one planned change to one agent's file: registering or removing the server entry.
// Plan and Unplan compute it without writing; Apply writes it.
type Edit struct {
	Agent  string `json:"agent"`
	Path   string `json:"path"`
	Format string `json:"format"`          // "toml" or "json"
	Key    string `json:"key"`             // where the entry lives: "mcp_servers.anamnesis", "mcpServers.anamnesis", "mcp.anamnesis"
	Hooks  []Hook `json:"hooks,omitempty"` // lifecycle hooks registered with it (Gemini CLI, Codex)
	// Note is what the user must still do for the change to take effect (Codex: trust the hooks).
	Note    string `json:"note,omitempty"`
	Changed bool   `json:"changed"`
	Written bool   `json:"written"`

	exists bool
	mode   fs.FileMode
	before []byte
	after  []byte // the file's new content; nil with remove to delete the file
}

// Plan works out the registration of s as name in agent's file at path, and of hooks for an
// agent that has them (Gemini CLI; ignored for the others).
func Plan(agent, path, name string, s Server, hooks []Hook) (*Edit, error) {
	e, err := load(agent, path, name)
	if err != nil {
		return nil, err
	}
	switch e.Format {
	case "toml":
		e.after = setTOMLServer(e.before, name, s)
	default:
		doc, err := e.parseJSON()
		if err != nil {
			return nil, err
		}
		setJSONServer(doc, agent, name, s)
		if agent == Gemini {
			setHooks(doc, hooks)
			e.Hooks = hooks
		}
		e.after = claudeconf.Marshal(doc)
		if !e.exists || len(bytes.TrimSpace(e.before)) == 0 {
			e.Changed = true
			return e, nil
		}
		// An unchanged entry must not rewrite a file the user formatted differently.
		if cur, _ := claudeconf.ParseObject(e.before); cur != nil && bytes.Equal(claudeconf.Marshal(cur), e.after) {
			e.after = e.before
		}
	}
	e.Changed = !bytes.Equal(e.before, e.after) || !e.exists
	return e, nil
}

// Unplan works out the removal of the entry name from agent's file at path. What was there before
// init is told by the backup init made before its first change: a file init created (no backup)
// is deleted when nothing else is left in it, and an empty server container goes again only if the
// file had none before.
func Unplan(agent, path, name string) (*Edit, error) {
	e, err := load(agent, path, name)
	if err != nil || !e.exists {
		return e, err
	}
	backup, err := os.ReadFile(e.BackupPath())
	hadBackup := err == nil
	switch e.Format {
	case "toml":
		e.after = removeTOMLServer(e.before, name)
		if len(bytes.TrimSpace(e.after)) == 0 && !hadBackup {
			e.after = nil
		}
	default:
		doc, err := e.parseJSON()
		if err != nil {
			return nil, err
		}
		removedHooks := agent == Gemini && removeOwnHooks(doc)
		if !removeJSONServer(doc, agent, name) && !removedHooks {
			return e, nil
		}
		if v, _ := doc.Get("hooks"); removedHooks && isEmptyObject(v) && !hadKey(backup, hadBackup, "hooks") {
			doc.Delete("hooks")
		}
		key := container(agent)
		if v, _ := doc.Get(key); isEmptyObject(v) {
			if !hadKey(backup, hadBackup, key) {
				doc.Delete(key)
			}
		}
		e.after = claudeconf.Marshal(doc)
		if doc.Len() == 0 && !hadBackup {
			e.after = nil
		}
	}
	e.Changed = !bytes.Equal(e.before, e.after)
	return e, nil
}

// hadKey reports whether the file as init found it (its backup) had a top-level key.
func hadKey(backup []byte, hadBackup bool, key string) bool {
	if !hadBackup {
		return false
	}
	old, err := claudeconf.ParseObject(backup)
	if err != nil {
		return false
	}
	_, ok := old.Get(key)
	return ok
}

func isEmptyObject(v any) bool {
	o, ok := v.(*claudeconf.Object)
	return ok && o.Len() == 0
}

func load(agent, path, name string) (*Edit, error) {
	e := &Edit{Agent: agent, Path: path, Format: "json", mode: 0o600}
	switch agent {
	case Codex:
		e.Format, e.Key = "toml", "mcp_servers."+name
	case Gemini, Cursor:
		e.Key = "mcpServers." + name
	case OpenCode:
		e.Key = "mcp." + name
	default:
		return nil, fmt.Errorf("agentconf: agent %q is not configured here", agent)
	}
	return e.readExisting()
}

// readExisting loads the file e edits, if there is one, with its permissions kept: a missing file
// is an edit that creates it, an unreadable one an error.
func (e *Edit) readExisting() (*Edit, error) {
	data, err := os.ReadFile(e.Path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return e, nil
	case err != nil:
		return nil, fmt.Errorf("read %s: %w", e.Path, err)
	}
	e.exists, e.before = true, data
	if info, err := os.Stat(e.Path); err == nil {
		e.mode = info.Mode().Perm()
	}
	return e, nil
}

func (e *Edit) parseJSON() (*claudeconf.Object, error) {
	doc, err := claudeconf.ParseObject(e.before)
	if err != nil {
		return nil, fmt.Errorf("%s is %w (%v); fix or move it and run again (nothing was changed)", e.Path, claudeconf.ErrNotJSON, err)
	}
	return doc, nil
}

// BackupPath is where Apply keeps the file as it was before Anamnesis first changed it.
func (e *Edit) BackupPath() string { return e.Path + ".bak" }

// Apply writes the planned change: the first backup of the file, then the new content (or the
// file's removal), atomically.
func (e *Edit) Apply() error {
	if !e.Changed {
		return nil
	}
	// A file about to be deleted held nothing but the entry init wrote: no copy is worth keeping.
	if e.exists && e.after != nil {
		if _, err := os.Stat(e.BackupPath()); errors.Is(err, fs.ErrNotExist) {
			if err := config.WriteFileAtomic(e.BackupPath(), e.before, e.mode); err != nil {
				return fmt.Errorf("back up %s: %w", e.Path, err)
			}
		}
	}
	if e.after == nil {
		if err := os.Remove(e.Path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("remove %s: %w", e.Path, err)
		}
		e.Written = true
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(e.Path), 0o755); err != nil {
		return fmt.Errorf("create %s: %w", filepath.Dir(e.Path), err)
	}
	if err := config.WriteFileAtomic(e.Path, e.after, e.mode); err != nil {
		return fmt.Errorf("write %s: %w", e.Path, err)
	}
	e.Written = true
	return nil
}

// Registered reports whether agent's file at path holds an entry named name.
func Registered(agent, path, name string) (bool, error) {
	e, err := Unplan(agent, path, name)
	if err != nil {
		return false, err
	}
	return e.Changed, nil
}

// binaries are the commands each agent installs, for Installed.
var binaries = map[string][]string{
	Codex: {"codex"}, Gemini: {"gemini"}, Cursor: {"cursor", "cursor-agent"}, OpenCode: {"opencode"},
}

// Installed lists the agents of Others that look installed on this machine: their command is on
// PATH or their configuration file's directory exists. init offers to wire these up too.
func Installed() []string {
	var out []string
	for _, a := range Others {
		found := false
		for _, b := range binaries[a] {
			if _, err := exec.LookPath(b); err == nil {
				found = true
			}
		}
		if p, err := ConfigPath(a); err == nil && !found {
			if info, err := os.Stat(filepath.Dir(p)); err == nil && info.IsDir() {
				found = true
			}
		}
		if found {
			out = append(out, a)
		}
	}
	return out
}
