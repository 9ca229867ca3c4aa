package cli

import (
	"context"
	"flag"

	"github.com/anamnesis-go/anamnesis/hookcli/hooks"
)

// hookServerCmd is the resident server a front door (anamnesis, anamnesis-hook) starts on first
// use: it answers Claude Code's hooks and runs searches from a warm process until it has been idle
// for hooks.server_idle seconds.
var hookServerCmd = &command{
	name:    "hook-server",
	summary: "Answer Claude Code's hooks and searches for the front door from a resident process (started on demand; exits when idle).",
	hidden:  true,
	setup: func(fs *flag.FlagSet) func(context.Context, *cmdEnv, []string) error {
		return func(ctx context.Context, e *cmdEnv, args []string) error {
			if len(args) > 0 {
				return usagef("hook-server takes no arguments")
			}
			return hooks.Serve(ctx, e.home, e.stdout, served)
		}
	},
}

// served is Served, reached through a variable: the command table refers to this command, whose
// server runs commands from the table.
var served hooks.Command

func init() { served = Served }
