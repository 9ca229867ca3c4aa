package cli

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/config"
	"github.com/anamnesis-go/anamnesis/core/store"
	"github.com/anamnesis-go/anamnesis/hookcli/claudeconf"
)

// MCPDName is the MCP server binary init registers with Claude Code.
const MCPDName = "anamnesis-mcpd"

// wiring is where the pieces init connects live on this machine.
type wiring struct {
	Anamnesis    string // absolute path of the anamnesis binary the hooks run
	MCPD         string // absolute path of anamnesis-mcpd, "" when it cannot be found
	Claude       string // the claude command, "" when it is not on PATH
	Settings     string // Claude Code's user settings.json
	GlobalConfig string // Claude Code's .claude.json (user-scope MCP servers)
}

// discover finds the binaries and Claude Code's files. Tests replace it.
var discover = func() (wiring, error) {
	self, err := os.Executable()
	if err != nil {
		return wiring{}, fmt.Errorf("find the anamnesis executable: %w", err)
	}
	dir, err := claudeconf.ConfigDir()
	if err != nil {
		return wiring{}, err
	}
	global, err := claudeconf.GlobalConfigPath()
	if err != nil {
		return wiring{}, err
	}
	return wiring{
		Anamnesis:    self,
		MCPD:         claudeconf.FindBinary(self, MCPDName),
		Claude:       claudeconf.FindBinary("", "claude"),
		Settings:     filepath.Join(dir, "settings.json"),
		GlobalConfig: global,
	}, nil
}

// initPlan is what init will do (or, after it ran, did). It is the --print and --json output.
type initPlan struct {
	Home        string     `json:"home"`
	StoreExists bool       `json:"store_exists"`
	MachineID   string     `json:"machine_id"`
	Remote      string     `json:"remote"` // "" is local-only
	Config      fileChange `json:"config"`
	MCP         mcpPlan    `json:"mcp"`
	Hooks       hooksPlan  `json:"hooks"`
	Written     bool       `json:"written"` // false for --print
	Warnings    []string   `json:"warnings"`
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

var initCmd = &command{
	name:    "init",
	summary: "Set this machine up: create the store, register the MCP server and the hooks with Claude Code.",
	usage:   "[--machine-id ID] [--remote URL | --local-only] [--yes] [--print] [--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *app, []string) error {
		machineID := fs.String("machine-id", "", "name of this machine in notes (default: the configured one, else the host name)")
		remote := fs.String("remote", "", "git remote to sync notes through (run init again to add or change it)")
		localOnly := fs.Bool("local-only", false, "no remote: keep notes on this machine")
		yes := fs.Bool("yes", false, "do not ask; take the defaults")
		printOnly := fs.Bool("print", false, "show what init would do and write nothing")
		asJSON := fs.Bool("json", false, "print the plan as JSON")
		return func(ctx context.Context, a *app, args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q", args[0])
			}
			if *localOnly && flagSet(fs, "remote") {
				return usagef("--remote and --local-only contradict each other; pass one")
			}
			cfg, err := a.config()
			if err != nil {
				return err
			}
			id, rem := cfg.MachineID, cfg.Remote
			if *machineID != "" {
				id = strings.TrimSpace(*machineID)
			}
			switch {
			case *localOnly:
				rem = ""
			case flagSet(fs, "remote"):
				rem = strings.TrimSpace(*remote)
			}
			if !*yes && !*printOnly && isTerminal(a.stdin) {
				in := bufio.NewReader(a.stdin)
				if !flagSet(fs, "machine-id") {
					id = ask(a.stdout, in, "Machine id", id)
				}
				if !*localOnly && !flagSet(fs, "remote") {
					def := rem
					if def == "" {
						def = "none"
					}
					if rem = ask(a.stdout, in, "Git remote for sync (none = local only)", def); rem == "none" {
						rem = ""
					}
				}
			}
			if id == "" || strings.ContainsAny(id, "\n\r") {
				return usagef("the machine id must be a non-empty single line")
			}
			w, err := discover()
			if err != nil {
				return err
			}
			plan, settings, global, err := planInit(cfg, w, id, rem)
			if err != nil {
				return err
			}
			if !*printOnly {
				if err := applyInit(ctx, cfg, w, plan, settings, global); err != nil {
					return err
				}
				plan.Written = true
			}
			if *asJSON {
				return a.printJSON(plan)
			}
			printInit(a.stdout, plan)
			return nil
		}
	},
}

// planInit works out every change without making any. Claude Code files that exist but are not
// JSON objects stop init here, before anything is written.
func planInit(cfg *config.Config, w wiring, id, remote string) (*initPlan, *claudeconf.File, *claudeconf.File, error) {
	p := &initPlan{Home: cfg.Home, MachineID: id, Remote: remote, Warnings: []string{}}
	if _, err := os.Stat(cfg.Home); err == nil {
		p.StoreExists = true
	}
	file := config.ReadFile(cfg.Home)
	cur, _ := file["remote"].(string)
	curID, _ := file["machine_id"].(string)
	p.Config = fileChange{Path: config.Path(cfg.Home), Changed: curID != id || cur != remote}

	settings, err := claudeconf.Load(w.Settings)
	if err != nil {
		return nil, nil, nil, err
	}
	hooks := claudeconf.Hooks(hookCommand(w.Anamnesis, cfg.Home))
	changed, err := claudeconf.MergeHooks(settings.Doc, hooks)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("%s: %w; fix it and run again (nothing was changed)", w.Settings, err)
	}
	p.Hooks = hooksPlan{fileChange: fileChange{Path: w.Settings, Changed: changed}}
	for _, h := range hooks {
		p.Hooks.Hooks = append(p.Hooks.Hooks, hookView(h))
	}

	p.MCP = mcpPlan{Name: claudeconf.ServerName, Path: w.GlobalConfig, Method: "none"}
	if w.MCPD == "" {
		p.Warnings = append(p.Warnings, MCPDName+" was not found next to "+w.Anamnesis+
			" or on PATH, so the MCP server is not registered; install it and run init again")
		return p, settings, nil, nil
	}
	server := claudeconf.Server{Command: w.MCPD, Args: []string{"serve"},
		Env: map[string]string{config.EnvHome: cfg.Home}}
	p.MCP.Command, p.MCP.Args, p.MCP.Env = server.Command, server.Args, server.Env
	global, err := claudeconf.Load(w.GlobalConfig)
	if err != nil && (w.Claude == "" || !errors.Is(err, claudeconf.ErrNotJSON)) {
		// Without claude, init would have to rewrite this file itself; it will not rewrite a file it
		// cannot read. With claude, Claude Code owns the file and repairs it as it sees fit.
		return nil, nil, nil, err
	}
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
	return p, settings, global, nil
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

// applyInit makes the planned changes: store and config first (the hooks need them), then hooks,
// then the MCP server.
func applyInit(ctx context.Context, cfg *config.Config, w wiring, p *initPlan, settings, global *claudeconf.File) error {
	s, err := store.Open(ctx, cfg.Home, store.Options{MachineID: p.MachineID})
	if err != nil {
		return fmt.Errorf("create the store: %w", err)
	}
	s.Close()
	if p.Config.Changed {
		var rem any
		if p.Remote != "" {
			rem = p.Remote
		}
		if err := config.Update(cfg.Home, map[string]any{"machine_id": p.MachineID, "remote": rem}); err != nil {
			return err
		}
	}
	if p.Hooks.Changed {
		if err := settings.Save(); err != nil {
			return err
		}
	}
	if !p.MCP.Changed {
		return nil
	}
	switch p.MCP.Method {
	case "claude":
		if global != nil {
			if err := global.Backup(); err != nil {
				return err
			}
			if _, ok := claudeconf.UserServer(mustReload(global), claudeconf.ServerName); ok {
				// claude mcp add refuses to overwrite an entry; an old one (another path, the Python
				// reference's) goes first.
				if err := claudeconf.RunClaude(ctx, w.Claude, claudeconf.RemoveArgs(claudeconf.ServerName)...); err != nil {
					return fmt.Errorf("replace the old MCP server entry: %w", err)
				}
			}
		}
		if err := claudeconf.RunClaude(ctx, w.Claude, p.MCP.Argv[1:]...); err != nil {
			return fmt.Errorf("register the MCP server: %w", err)
		}
	case "file":
		if err := global.Save(); err != nil {
			return err
		}
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

func printInit(w io.Writer, p *initPlan) {
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
	for _, warn := range p.Warnings {
		fmt.Fprintf(w, "warning: %s\n", warn)
	}
	if p.Written {
		fmt.Fprintln(w, "init: done. Start a new Claude Code session to use your memory.")
	}
}

func shellJoin(argv []string) string {
	q := make([]string, len(argv))
	for i, a := range argv {
		q[i] = claudeconf.ShellQuote(a)
	}
	return strings.Join(q, " ")
}

// isTerminal reports whether r is an interactive terminal, the only case in which init asks.
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// ask prompts for one value; an empty answer or end of input keeps def.
func ask(w io.Writer, in *bufio.Reader, prompt, def string) string {
	fmt.Fprintf(w, "%s [%s]: ", prompt, def)
	line, _ := in.ReadString('\n')
	if v := strings.TrimSpace(line); v != "" {
		return v
	}
	return def
}
