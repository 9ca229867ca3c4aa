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

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/home"
	"github.com/anamnesis-go/anamnesis/hookcli/agentconf"
	"github.com/anamnesis-go/anamnesis/hookcli/claudeconf"
)

// uninstallOptions is "anamnesis uninstall" as parsed.
type uninstallOptions struct {
	purge, yes, printOnly, json bool
	agent                       string // --agent: whose registrations to remove (default all)
}

// uninstallPlan is what uninstall removes, computed from the files as they are without changing
// anything; Apply removes it. It is the --print and --json output.
type uninstallPlan struct {
	Hooks        int    `json:"hooks_removed"` // handlers of ours in settings.json
	SettingsPath string `json:"settings_path"`
	MCP          bool   `json:"mcp_removed"` // the anamnesis MCP server entry
	MCPPath      string `json:"mcp_path"`
	Method       string `json:"mcp_method,omitempty"` // "claude" or "file"
	Store        string `json:"store"`
	Purged       bool   `json:"store_purged"`
	Written      bool   `json:"written"`
	// Agents are the other coding agents' entries to remove; skipClaude leaves Claude Code's
	// hooks and server alone when --agent does not name it.
	Agents     []*agentconf.Edit `json:"agents,omitempty"`
	skipClaude bool

	purge    bool
	wiring   wiring
	settings *claudeconf.File // settings.json without our hooks
	global   *claudeconf.File // .claude.json without our server
}

var uninstallCmd = &command{
	name:    "uninstall",
	summary: "Undo init: remove Anamnesis's hooks and MCP server from Claude Code and the other agents (the store is kept unless --purge).",
	usage:   "[--agent claude|codex|gemini|cursor|opencode|all] [--purge] [--yes] [--print] [--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *cmdEnv, []string) error {
		var o uninstallOptions
		fs.BoolVar(&o.purge, "purge", false, "also delete the store (every note on this machine)")
		fs.BoolVar(&o.yes, "yes", false, "do not ask before --purge deletes the store")
		fs.BoolVar(&o.printOnly, "print", false, "show what would be removed and change nothing")
		fs.BoolVar(&o.json, "json", false, "print the result as JSON")
		fs.StringVar(&o.agent, "agent", "all", "agents to remove the registration from: claude, codex, gemini, cursor, opencode, a comma-separated list, or all")
		return func(ctx context.Context, e *cmdEnv, args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q", args[0])
			}
			agents, err := agentconf.ParseAgents(o.agent)
			if err != nil {
				return usagef("%v", err)
			}
			a, err := e.open(app.Options{})
			if err != nil {
				return err
			}
			defer a.Close()
			w, err := discover()
			if err != nil {
				return err
			}
			p, err := planUninstall(a.Home, w, o.purge)
			if err != nil {
				return err
			}
			if p.skipClaude = !wantsClaude(agents); p.skipClaude {
				p.Hooks, p.MCP, p.Method = 0, false, ""
			}
			if p.Agents, err = unplanAgents(agents); err != nil {
				return err
			}
			if !o.printOnly {
				if o.purge && !o.yes {
					// Deleting every note is never done on a script's say-so alone.
					if !isTerminal(e.stdin) {
						return usagef("--purge deletes the store and every note in it: add --yes when not at a terminal; nothing was changed")
					}
					if !confirm(e.stdout, bufio.NewReader(e.stdin), "Delete the store "+p.Store+" and every note in it?") {
						return errors.New("not confirmed; nothing was changed")
					}
				}
				if err := p.Apply(ctx); err != nil {
					return err
				}
				if !p.Purged {
					for _, ag := range agents {
						if err := a.UnwatchAgent(ag); err != nil {
							return err
						}
					}
				}
			}
			if o.json {
				return e.printJSON(p)
			}
			p.Print(e.stdout)
			return nil
		}
	},
}

// planUninstall works out what to remove. A settings file that is not JSON stops it here, and
// --purge refuses a directory that does not look like a store.
func planUninstall(h home.Home, w wiring, purge bool) (*uninstallPlan, error) {
	p := &uninstallPlan{SettingsPath: w.Settings, MCPPath: w.GlobalConfig, Store: h.Root(), purge: purge, wiring: w}
	settings, err := claudeconf.Load(w.Settings)
	if err != nil {
		return nil, err
	}
	if p.Hooks, err = claudeconf.RemoveHooks(settings.Doc); err != nil {
		return nil, fmt.Errorf("%s: %w; fix it and run again (nothing was changed)", w.Settings, err)
	}
	global, err := claudeconf.Load(w.GlobalConfig)
	if err != nil {
		return nil, err
	}
	p.settings, p.global = settings, global
	p.MCP = claudeconf.RemoveUserServer(global.Doc, claudeconf.ServerName)
	if p.MCP {
		p.Method = "file"
		if w.Claude != "" {
			p.Method = "claude"
		}
	}
	if purge {
		if err := checkStoreDir(h); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// Apply removes what the plan found.
func (p *uninstallPlan) Apply(ctx context.Context) error {
	if p.Hooks > 0 {
		if err := p.settings.Save(); err != nil {
			return err
		}
	}
	if p.MCP {
		if p.Method == "claude" {
			if err := p.global.Backup(); err != nil {
				return err
			}
			if err := claudeconf.RunClaude(ctx, p.wiring.Claude, claudeconf.RemoveArgs(claudeconf.ServerName)...); err != nil {
				return fmt.Errorf("remove the MCP server: %w", err)
			}
		} else if err := p.global.Save(); err != nil {
			return err
		}
	}
	if err := applyAgents(p.Agents); err != nil {
		return err
	}
	if p.purge {
		if err := os.RemoveAll(p.Store); err != nil {
			return fmt.Errorf("delete the store: %w", err)
		}
		p.Purged = true
	}
	p.Written = true
	return nil
}

// checkStoreDir refuses to purge a directory that does not look like a store, so a mistyped
// --home can never delete something else.
func checkStoreDir(h home.Home) error {
	if _, err := os.Stat(h.Root()); errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if u, err := os.UserHomeDir(); err == nil && filepath.Clean(h.Root()) == filepath.Clean(u) || filepath.Dir(h.Root()) == h.Root() {
		return fmt.Errorf("%s is a home or root directory, never a store; not deleting it", h)
	}
	// A config.json or a local/ alone is what many programs' directories hold: the index or the
	// note tree is what makes a store.
	for _, name := range []string{home.IndexFile, home.PortableDir} {
		if _, err := os.Stat(filepath.Join(h.Root(), name)); err == nil {
			return nil
		}
	}
	return fmt.Errorf("%s does not look like an Anamnesis store (no index.db or memory/); not deleting it", h)
}

func confirm(w io.Writer, in *bufio.Reader, prompt string) bool {
	fmt.Fprintf(w, "%s [y/N]: ", prompt)
	line, _ := in.ReadString('\n')
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "y", "yes":
		return true
	}
	return false
}

// Print writes the plan for people: what will be removed, or after Apply what was.
func (p *uninstallPlan) Print(w io.Writer) {
	verb := "removed"
	if !p.Written {
		fmt.Fprintln(w, "uninstall: plan (nothing changed)")
		verb = "would remove"
	}
	if !p.skipClaude {
		fmt.Fprintf(w, "hooks:      %s %d from %s\n", verb, p.Hooks, p.SettingsPath)
		if p.MCP {
			fmt.Fprintf(w, "mcp server: %s %s from %s\n", verb, claudeconf.ServerName, p.MCPPath)
		} else {
			fmt.Fprintf(w, "mcp server: not registered\n")
		}
	}
	printAgents(w, p.Agents, p.Written, "remove", "removed")
	switch {
	case p.Purged:
		fmt.Fprintf(w, "store:      deleted %s\n", p.Store)
	case p.purge:
		fmt.Fprintf(w, "store:      would delete %s\n", p.Store)
	default:
		fmt.Fprintf(w, "store:      kept %s (delete it with --purge)\n", p.Store)
	}
}
