package cli

import (
	"context"
	"flag"

	"github.com/anamnesis-go/anamnesis/hookcli/hooks"
)

// hookServerCmd is the resident hook server anamnesis-hook starts on first use: it answers
// Claude Code's hooks from a warm process until it has been idle for hooks.server_idle seconds.
var hookServerCmd = &command{
	name:    "hook-server",
	summary: "Answer Claude Code's hooks for anamnesis-hook from a resident process (started on demand; exits when idle).",
	hidden:  true,
	setup: func(fs *flag.FlagSet) func(context.Context, *cmdEnv, []string) error {
		return func(ctx context.Context, e *cmdEnv, args []string) error {
			if len(args) > 0 {
				return usagef("hook-server takes no arguments")
			}
			return hooks.Serve(ctx, e.home, e.stdout)
		}
	},
}
