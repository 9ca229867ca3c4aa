package cli

import (
	"context"
	"flag"
	"strings"

	"github.com/anamnesis-go/anamnesis/hookcli/hooks"
)

// hookCmd is what Claude Code runs on its lifecycle events (package hooks). It always exits 0.
var hookCmd = &command{
	name:    "hook",
	summary: "Handle a Claude Code hook event (reads the hook's JSON on stdin; always exits 0).",
	usage:   hooks.Usage(),
	hidden:  true,
	setup: func(fs *flag.FlagSet) func(context.Context, *cmdEnv, []string) error {
		return func(ctx context.Context, e *cmdEnv, args []string) error {
			hooks.Run(ctx, e.home, strings.Join(args, " "), hooks.IO{Stdin: e.stdin, Stdout: e.stdout, Stderr: e.stderr})
			return nil
		}
	},
}
