package cli

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"github.com/anamnesis-go/anamnesis/hookcli/resident"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/hookcli/agentconf"
	"github.com/anamnesis-go/anamnesis/hookcli/claudeconf"
	"github.com/mattn/go-isatty"
)

// MCPDName is the MCP server binary init registers with Claude Code.
const MCPDName = "anamnesis-mcpd"

// HookName is the small front door Claude Code's hooks run when it is installed beside anamnesis:
// it hands each hook to the resident hook server (package resident).
const HookName = resident.FrontDoorName

// wiring is where the pieces init connects live on this machine.
type wiring struct {
	Anamnesis    string // absolute path of the anamnesis binary
	Hook         string // absolute path of anamnesis-hook, "" when it is not installed beside anamnesis
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
		Hook:         besideSelf(self, HookName),
		MCPD:         claudeconf.FindBinary(self, MCPDName),
		Claude:       claudeconf.FindBinary("", "claude"),
		Settings:     filepath.Join(dir, "settings.json"),
		GlobalConfig: global,
	}, nil
}

// besideSelf is the named binary in self's directory, "" when there is none there: the hook
// front door must be the one built with this anamnesis, never another one found on PATH.
func besideSelf(self, name string) string {
	p := claudeconf.FindBinary(self, name)
	if p == "" || filepath.Dir(p) != filepath.Dir(self) {
		return ""
	}
	return p
}

// hookBinary is what Claude Code's hooks run: the front door when it is installed, else anamnesis.
func (w wiring) hookBinary() string {
	if w.Hook != "" {
		return w.Hook
	}
	return w.Anamnesis
}

// initOptions is "anamnesis init" as parsed.
type initOptions struct {
	machineID, remote         string
	machineIDSet, remoteSet   bool // given on the command line (an empty --remote "" is given)
	localOnly, yes, printOnly bool
	json                      bool
	agent                     string // --agent: claude (default), codex, gemini, cursor, opencode, a list, or all
}

var initCmd = &command{
	name:    "init",
	summary: "Set this machine up: create the store, register the MCP server and the hooks with Claude Code (or, with --agent, other coding agents).",
	usage:   "[--agent claude|codex|gemini|cursor|opencode|all] [--machine-id ID] [--remote URL | --local-only] [--yes] [--print] [--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *cmdEnv, []string) error {
		var o initOptions
		fs.StringVar(&o.machineID, "machine-id", "", "name of this machine in notes (default: the configured one, else the host name)")
		fs.StringVar(&o.remote, "remote", "", "git remote to sync notes through (run init again to add or change it)")
		fs.BoolVar(&o.localOnly, "local-only", false, "no remote: keep notes on this machine")
		fs.BoolVar(&o.yes, "yes", false, "do not ask; take the defaults")
		fs.BoolVar(&o.printOnly, "print", false, "show what init would do and write nothing")
		fs.BoolVar(&o.json, "json", false, "print the plan as JSON")
		fs.StringVar(&o.agent, "agent", agentconf.Claude, "coding agents to wire up: claude, codex, gemini, cursor, opencode, a comma-separated list, or all")
		return func(ctx context.Context, e *cmdEnv, args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q", args[0])
			}
			agents, err := agentconf.ParseAgents(o.agent)
			if err != nil {
				return usagef("%v", err)
			}
			o.machineIDSet, o.remoteSet = flagSet(fs, "machine-id"), flagSet(fs, "remote")
			if o.localOnly && o.remoteSet {
				return usagef("--remote and --local-only contradict each other; pass one")
			}
			a, err := e.open(app.Options{})
			if err != nil {
				return err
			}
			defer a.Close()
			id, remote := o.answers(e, a.Settings().MachineID, a.Settings().Remote)
			if !flagSet(fs, "agent") && !o.yes && !o.printOnly && isTerminal(e.stdin) {
				agents = offerInstalled(e, agents)
			}
			if id == "" || strings.ContainsAny(id, "\n\r") {
				return usagef("the machine id must be a non-empty single line")
			}
			w, err := discover()
			if err != nil {
				return err
			}
			plan, err := planInit(a.Home, w, id, remote)
			if err != nil {
				return err
			}
			if err := plan.withAgents(a.Home, agents); err != nil {
				return err
			}
			if !o.printOnly {
				if err := plan.Apply(ctx, a); err != nil {
					return err
				}
			}
			if o.json {
				return e.printJSON(plan)
			}
			plan.Print(e.stdout)
			return nil
		}
	},
}

// answers is the machine id and remote init sets up: the flags over the current settings, and,
// at a terminal without --yes or --print, what the user answers for those the flags leave open.
func (o initOptions) answers(e *cmdEnv, id, remote string) (string, string) {
	if o.machineIDSet {
		id = strings.TrimSpace(o.machineID)
	}
	switch {
	case o.localOnly:
		remote = ""
	case o.remoteSet:
		remote = strings.TrimSpace(o.remote)
	}
	if o.yes || o.printOnly || !isTerminal(e.stdin) {
		return id, remote
	}
	in := bufio.NewReader(e.stdin)
	if !o.machineIDSet {
		id = ask(e.stdout, in, "Machine id", id)
	}
	if !o.localOnly && !o.remoteSet {
		def := remote
		if def == "" {
			def = "none"
		}
		if remote = ask(e.stdout, in, "Git remote for sync (none = local only)", def); remote == "none" {
			remote = ""
		}
	}
	return id, remote
}

// isTerminal reports whether r is an interactive terminal, the only case in which init and
// uninstall ask. /dev/null is a character device too, but not a terminal: it is never asked.
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && isatty.IsTerminal(f.Fd())
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
