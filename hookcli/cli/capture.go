package cli

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/app"
)

// captureCmd captures the sessions of the agents that have no capture hook (Codex, OpenCode) or
// whose hook may not have run (Gemini CLI), from where each keeps them. Sync cycles do the same
// for the agents init wired up; this runs it now, or for everything with --all.
var captureCmd = &command{
	name:    "capture",
	summary: "Capture Codex, Gemini CLI and OpenCode sessions changed since the last look into session notes.",
	usage:   "--agent codex|gemini|opencode|all [--all] [--root DIR] [--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *cmdEnv, []string) error {
		var r app.CaptureAgentsRequest
		agent := fs.String("agent", "", "agents whose sessions to capture: codex, gemini, opencode, a comma-separated list, or all")
		fs.BoolVar(&r.All, "all", false, "every session the agent still keeps, not only those changed since the last capture")
		fs.StringVar(&r.Root, "root", "", "where the one agent named keeps its sessions (default ~/.codex, ~/.gemini, ~/.local/share/opencode)")
		asJSON := fs.Bool("json", false, "print what was found and captured as JSON")
		return func(ctx context.Context, e *cmdEnv, args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q", args[0])
			}
			if strings.TrimSpace(*agent) == "" {
				return usagef("--agent is required: codex, gemini, opencode, or all")
			}
			agents, err := app.ParseSweptAgents(*agent)
			if err != nil {
				return usagef("%v", err)
			}
			r.Agents = agents
			if r.Root != "" && len(agents) != 1 {
				return usagef("--root names one agent's directory: give exactly one --agent with it")
			}
			a, err := e.open(app.Options{})
			if err != nil {
				return err
			}
			defer a.Close()
			res, err := a.CaptureAgents(ctx, r)
			if *asJSON {
				if perr := e.printJSON(res); perr != nil {
					return perr
				}
				return err
			}
			failed := 0
			for _, s := range res.Sweeps {
				if s.Error != "" {
					failed++
					fmt.Fprintf(e.stdout, "%-9s %s: %s\n", s.Agent+":", s.Root, s.Error)
					continue
				}
				since := "every session"
				if !s.Since.IsZero() {
					since = "changed since " + s.Since.Local().Format("2006-01-02 15:04:05")
				}
				fmt.Fprintf(e.stdout, "%-9s %d session(s) %s in %s\n", s.Agent+":", s.Sessions, since, s.Root)
			}
			d := res.Drain
			if d.Busy {
				fmt.Fprintln(e.stdout, "another capture is running: the sessions found are spooled and it, or the next sync, captures them")
			}
			fmt.Fprintf(e.stdout, "captured: %d new note(s), %d updated, %d not worth a note", len(d.Written), len(d.Updated), d.Trivial)
			if d.Discarded > 0 {
				fmt.Fprintf(e.stdout, ", %d gone", d.Discarded)
			}
			if d.Left > 0 {
				fmt.Fprintf(e.stdout, ", %d left for the next sync", d.Left)
			}
			fmt.Fprintln(e.stdout)
			for _, msg := range d.Errors {
				fmt.Fprintf(e.stderr, "anamnesis capture: %s\n", msg)
			}
			if err != nil {
				return err
			}
			if failed > 0 {
				return fmt.Errorf("capture: %d agent(s) could not be read", failed)
			}
			return nil
		}
	},
}
