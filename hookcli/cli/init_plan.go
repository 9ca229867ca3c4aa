package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/config"
	"github.com/anamnesis-go/anamnesis/core/home"
	"github.com/anamnesis-go/anamnesis/hookcli/agentconf"
	"github.com/anamnesis-go/anamnesis/hookcli/claudeconf"
	"github.com/anamnesis-go/anamnesis/hookcli/hooks"
)

// initPlan is what init will do, computed from the files as they are and the options, without
// changing anything; Apply does it. It is the --print and --json output.
type initPlan struct {
	Home        string     `json:"home"`
	StoreExists bool       `json:"store_exists"`
	MachineID   string     `json:"machine_id"`
	Remote      string     `json:"remote"` // "" is local-only
	Config      fileChange `json:"config"`
	MCP         mcpPlan    `json:"mcp"`
	Hooks       hooksPlan  `json:"hooks"`
	Written     bool       `json:"written"` // false until Apply succeeded
	Warnings    []string   `json:"warnings"`
	// Agents are the other coding agents' registrations (init --agent); skipClaude leaves Claude
	// Code's MCP server and hooks alone when --agent does not name it.
	Agents     []*agentconf.Edit `json:"agents,omitempty"`
	skipClaude bool

	wiring   wiring
	settings *claudeconf.File // settings.json with the hooks merged in
	global   *claudeconf.File // .claude.json with the server set; nil when it does not exist
}

type fileChange struct {
	Path    string `json:"path"`
	Changed bool   `json:"changed"`
}

type mcpPlan struct {
	Name    string            `json:"name"`
	Command string            `json:"command,omitempty"`
	Args    []string          `json:"args,omitempty"`
	Env     map[string]string `json:"env,omitempty"`
	// Method is "claude" (claude mcp add), "file" (edit .claude.json) or "none" (not registered).
	Method  string   `json:"method"`
	Argv    []string `json:"argv,omitempty"` // the claude command line, for Method "claude"
	Path    string   `json:"path"`           // the .claude.json that holds the entry
	Changed bool     `json:"changed"`
}

type hooksPlan struct {
	fileChange
	Hooks []hookView `json:"hooks"`
}

type hookView struct {
	Event   string `json:"event"`
	Matcher string `json:"matcher,omitempty"`
	Command string `json:"command"`
	Timeout int    `json:"timeout"`
}

// planInit works out every change for the store at h. Claude Code files that exist but are not
// JSON objects stop init here, before anything is written.
func planInit(h home.Home, w wiring, id, remote string) (*initPlan, error) {
	p := &initPlan{Home: h.Root(), MachineID: id, Remote: remote, Warnings: []string{}, wiring: w}
	if _, err := os.Stat(h.Root()); err == nil {
		p.StoreExists = true
	}
	// What config.json itself holds: the environment may set either, but init writes the file.
	file := config.ReadFile(h.Root())
	cur, _ := file[config.KeyRemote].(string)
	curID, _ := file[config.KeyMachineID].(string)
	p.Config = fileChange{Path: h.Config(), Changed: curID != id || cur != remote}

	settings, err := claudeconf.Load(w.Settings)
	if err != nil {
		return nil, err
	}
	want := hooks.Registrations(hookCommand(w.hookBinary(), h.Root()))
	changed, err := claudeconf.MergeHooks(settings.Doc, want)
	if err != nil {
		return nil, fmt.Errorf("%s: %w; fix it and run again (nothing was changed)", w.Settings, err)
	}
	p.settings = settings
	p.Hooks = hooksPlan{fileChange: fileChange{Path: w.Settings, Changed: changed}}
	for _, h := range want {
		p.Hooks.Hooks = append(p.Hooks.Hooks, hookView(h))
	}

	p.MCP = mcpPlan{Name: claudeconf.ServerName, Path: w.GlobalConfig, Method: "none"}
	if w.MCPD == "" {
		p.Warnings = append(p.Warnings, MCPDName+" was not found next to "+w.Anamnesis+
			" or on PATH, so the MCP server is not registered; install it and run init again")
		return p, nil
	}
	// --agent claude: notes Claude Code writes are tagged agent:claude, like every other agent's.
	server := claudeconf.Server{Command: w.MCPD, Args: []string{"serve", "--agent", agentconf.Claude},
		Env: map[string]string{home.EnvHome: h.Root()}}
	p.MCP.Command, p.MCP.Args, p.MCP.Env = server.Command, server.Args, server.Env
	global, err := claudeconf.Load(w.GlobalConfig)
	if err != nil && (w.Claude == "" || !errors.Is(err, claudeconf.ErrNotJSON)) {
		// Without claude, init would have to rewrite this file itself; it will not rewrite a file it
		// cannot read. With claude, Claude Code owns the file and repairs it as it sees fit.
		return nil, err
	}
	p.global = global
	if global == nil {
		p.MCP.Changed = true
	} else {
		p.MCP.Changed = claudeconf.SetUserServer(global.Doc, claudeconf.ServerName, server)
	}
	if w.Claude != "" {
		p.MCP.Method = "claude"
		p.MCP.Argv = append([]string{w.Claude}, claudeconf.AddArgs(claudeconf.ServerName, server)...)
	} else {
		p.MCP.Method = "file"
	}
	return p, nil
}

// hookCommand is the command line hooks run: the binary, and the store when it is not the
// default one (hooks do not see the shell's ANAMNESIS_HOME).
func hookCommand(bin, home string) string {
	cmd := claudeconf.ShellQuote(bin)
	if u, err := os.UserHomeDir(); err != nil || filepath.Clean(home) != filepath.Join(u, ".anamnesis") {
		cmd += " --home " + claudeconf.ShellQuote(home)
	}
	return cmd
}

// Apply makes the planned changes: store and config first (the hooks need them), then hooks,
// then the MCP server. a is the application for the plan's store.
func (p *initPlan) Apply(ctx context.Context, a *app.App) error {
	if _, err := a.Store(ctx); err != nil { // opening creates the store
		return fmt.Errorf("create the store: %w", err)
	}
	if p.Config.Changed {
		var rem any
		if p.Remote != "" {
			rem = p.Remote
		}
		if err := config.Update(p.Home, map[string]any{config.KeyMachineID: p.MachineID, config.KeyRemote: rem}); err != nil {
			return err
		}
	}
	if !p.skipClaude {
		if p.Hooks.Changed {
			if err := p.settings.Save(); err != nil {
				return err
			}
		}
		if err := p.applyMCP(ctx); err != nil {
			return err
		}
	}
	if err := applyAgents(p.Agents); err != nil {
		return err
	}
	// Codex and OpenCode have no hook that reports a session's end (and a Gemini session can end
	// without one): sync cycles find their sessions from now on.
	for _, e := range p.Agents {
		if err := a.WatchAgent(e.Agent); err != nil {
			return err
		}
	}
	p.Written = true
	return nil
}

func (p *initPlan) applyMCP(ctx context.Context) error {
	if !p.MCP.Changed {
		return nil
	}
	claude := p.wiring.Claude
	switch p.MCP.Method {
	case "claude":
		if p.global != nil {
			if err := p.global.Backup(); err != nil {
				return err
			}
			if _, ok := claudeconf.UserServer(mustReload(p.global), claudeconf.ServerName); ok {
				// claude mcp add refuses to overwrite an entry; an old one (another path, the Python
				// reference's) goes first.
				if err := claudeconf.RunClaude(ctx, claude, claudeconf.RemoveArgs(claudeconf.ServerName)...); err != nil {
					return fmt.Errorf("replace the old MCP server entry: %w", err)
				}
			}
		}
		if err := claudeconf.RunClaude(ctx, claude, p.MCP.Argv[1:]...); err != nil {
			return fmt.Errorf("register the MCP server: %w", err)
		}
	case "file":
		return p.global.Save()
	}
	return nil
}

// mustReload returns the file's document as it is on disk now (planning edited the in-memory
// copy), or an empty one when it cannot be read.
func mustReload(f *claudeconf.File) *claudeconf.Object {
	fresh, err := claudeconf.Load(f.Path)
	if err != nil {
		return claudeconf.NewObject()
	}
	return fresh.Doc
}

// Print writes the plan for people: what will change, or after Apply what changed.
func (p *initPlan) Print(w io.Writer) {
	state := func(changed bool, verb string) string {
		if !changed {
			return "up to date"
		}
		if p.Written {
			return strings.TrimSuffix(verb, "e") + "ed"
		}
		return "will " + verb
	}
	if !p.Written {
		fmt.Fprintln(w, "init: plan (nothing written)")
	}
	storeState := "exists"
	if !p.StoreExists {
		storeState = state(true, "create")
	}
	remote := p.Remote
	if remote == "" {
		remote = "none (local only)"
	}
	fmt.Fprintf(w, "store:      %s (%s)\n", p.Home, storeState)
	fmt.Fprintf(w, "machine id: %s\nremote:     %s\n", p.MachineID, remote)
	fmt.Fprintf(w, "config:     %s (%s)\n", p.Config.Path, state(p.Config.Changed, "update"))
	printAgents(w, p.Agents, p.Written, "register", "registered")
	if p.skipClaude {
		p.printEnd(w)
		return
	}
	switch p.MCP.Method {
	case "none":
		fmt.Fprintf(w, "mcp server: not registered\n")
	case "claude":
		fmt.Fprintf(w, "mcp server: %s -> %s (%s)\n            %s\n", p.MCP.Name, p.MCP.Command,
			state(p.MCP.Changed, "register"), shellJoin(p.MCP.Argv))
	default:
		fmt.Fprintf(w, "mcp server: %s -> %s in %s (%s)\n", p.MCP.Name, p.MCP.Command, p.MCP.Path,
			state(p.MCP.Changed, "register"))
	}
	fmt.Fprintf(w, "hooks:      %s (%s)\n", p.Hooks.Path, state(p.Hooks.Changed, "update"))
	for _, h := range p.Hooks.Hooks {
		ev := h.Event
		if h.Matcher != "" {
			ev += " [" + h.Matcher + "]"
		}
		fmt.Fprintf(w, "            %-50s %s (timeout %ds)\n", ev, h.Command, h.Timeout)
	}
	p.printEnd(w)
}

// printEnd writes the warnings and, after Apply, what to do next.
func (p *initPlan) printEnd(w io.Writer) {
	for _, warn := range p.Warnings {
		fmt.Fprintf(w, "warning: %s\n", warn)
	}
	if p.Written {
		if p.skipClaude {
			fmt.Fprintln(w, "init: done. Start a new session of your agent to use your memory.")
			return
		}
		fmt.Fprintln(w, "init: done. Start a new Claude Code session to use your memory.")
	}
}

// withAgents narrows the plan to agents: Claude Code's part only when they name it, and the
// other agents' registrations, which need anamnesis-mcpd.
func (p *initPlan) withAgents(h home.Home, agents []string) error {
	p.skipClaude = !wantsClaude(agents)
	if p.skipClaude {
		p.Warnings = []string{} // planInit's warnings are about Claude Code's registration
	}
	others := slices.DeleteFunc(slices.Clone(agents), func(a string) bool { return a == agentconf.Claude })
	if len(others) == 0 {
		return nil
	}
	if p.wiring.MCPD == "" {
		p.Warnings = append(p.Warnings, MCPDName+" was not found next to "+p.wiring.Anamnesis+
			" or on PATH, so no agent gets the MCP server; install it and run init again")
		return nil
	}
	edits, err := planAgents(h, p.wiring.MCPD, p.wiring.hookBinary(), others)
	if err != nil {
		return err
	}
	p.Agents = edits
	return nil
}

func shellJoin(argv []string) string {
	q := make([]string, len(argv))
	for i, a := range argv {
		q[i] = claudeconf.ShellQuote(a)
	}
	return strings.Join(q, " ")
}
