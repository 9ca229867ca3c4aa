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

// uninstallPlan is what uninstall removes (or, with --print, would remove).
type uninstallPlan struct {
	Hooks        int    `json:"hooks_removed"` // handlers of ours in settings.json
	SettingsPath string `json:"settings_path"`
	MCP          bool   `json:"mcp_removed"` // the anamnesis MCP server entry
	MCPPath      string `json:"mcp_path"`
	Method       string `json:"mcp_method,omitempty"` // "claude" or "file"
	Store        string `json:"store"`
	Purged       bool   `json:"store_purged"`
	Written      bool   `json:"written"`
}

var uninstallCmd = &command{
	name:    "uninstall",
	summary: "Undo init: remove Anamnesis's hooks and MCP server from Claude Code (the store is kept unless --purge).",
	usage:   "[--purge] [--yes] [--print] [--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *app, []string) error {
		purge := fs.Bool("purge", false, "also delete the store (every note on this machine)")
		yes := fs.Bool("yes", false, "do not ask before --purge deletes the store")
		printOnly := fs.Bool("print", false, "show what would be removed and change nothing")
		asJSON := fs.Bool("json", false, "print the result as JSON")
		return func(ctx context.Context, a *app, args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q", args[0])
			}
			cfg, err := a.config()
			if err != nil {
				return err
			}
			w, err := discover()
			if err != nil {
				return err
			}
			p := &uninstallPlan{SettingsPath: w.Settings, MCPPath: w.GlobalConfig, Store: cfg.Home}
			settings, err := claudeconf.Load(w.Settings)
			if err != nil {
				return err
			}
			if p.Hooks, err = claudeconf.RemoveHooks(settings.Doc); err != nil {
				return fmt.Errorf("%s: %w; fix it and run again (nothing was changed)", w.Settings, err)
			}
			global, err := claudeconf.Load(w.GlobalConfig)
			if err != nil {
				return err
			}
			p.MCP = claudeconf.RemoveUserServer(global.Doc, claudeconf.ServerName)
			if p.MCP {
				p.Method = "file"
				if w.Claude != "" {
					p.Method = "claude"
				}
			}
			if *purge {
				if err := checkStoreDir(cfg.Home); err != nil {
					return err
				}
				if !*printOnly && !*yes && isTerminal(a.stdin) &&
					!confirm(a.stdout, bufio.NewReader(a.stdin), "Delete the store "+cfg.Home+" and every note in it?") {
					return errors.New("not confirmed; nothing was changed")
				}
			}
			if !*printOnly {
				if err := applyUninstall(ctx, w, p, settings, global, *purge); err != nil {
					return err
				}
				p.Written = true
			}
			if *asJSON {
				return a.printJSON(p)
			}
			printUninstall(a.stdout, p, *purge)
			return nil
		}
	},
}

func applyUninstall(ctx context.Context, w wiring, p *uninstallPlan, settings, global *claudeconf.File, purge bool) error {
	if p.Hooks > 0 {
		if err := settings.Save(); err != nil {
			return err
		}
	}
	if p.MCP {
		if p.Method == "claude" {
			if err := global.Backup(); err != nil {
				return err
			}
			if err := claudeconf.RunClaude(ctx, w.Claude, claudeconf.RemoveArgs(claudeconf.ServerName)...); err != nil {
				return fmt.Errorf("remove the MCP server: %w", err)
			}
		} else if err := global.Save(); err != nil {
			return err
		}
	}
	if purge {
		if err := os.RemoveAll(p.Store); err != nil {
			return fmt.Errorf("delete the store: %w", err)
		}
		p.Purged = true
	}
	return nil
}

// checkStoreDir refuses to purge a directory that does not look like a store, so a mistyped
// --home can never delete something else.
func checkStoreDir(home string) error {
	if _, err := os.Stat(home); errors.Is(err, os.ErrNotExist) {
		return nil
	}
	for _, name := range []string{config.FileName, store.IndexFile, "memory", "local"} {
		if _, err := os.Stat(filepath.Join(home, name)); err == nil {
			return nil
		}
	}
	return fmt.Errorf("%s does not look like an Anamnesis store (no config.json, index.db, memory/ or local/); not deleting it", home)
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

func printUninstall(w io.Writer, p *uninstallPlan, purge bool) {
	verb := "removed"
	if !p.Written {
		fmt.Fprintln(w, "uninstall: plan (nothing changed)")
		verb = "would remove"
	}
	fmt.Fprintf(w, "hooks:      %s %d from %s\n", verb, p.Hooks, p.SettingsPath)
	if p.MCP {
		fmt.Fprintf(w, "mcp server: %s %s from %s\n", verb, claudeconf.ServerName, p.MCPPath)
	} else {
		fmt.Fprintf(w, "mcp server: not registered\n")
	}
	switch {
	case p.Purged:
		fmt.Fprintf(w, "store:      deleted %s\n", p.Store)
	case purge:
		fmt.Fprintf(w, "store:      would delete %s\n", p.Store)
	default:
		fmt.Fprintf(w, "store:      kept %s (delete it with --purge)\n", p.Store)
	}
}
