package cli

import (
	"context"
	"flag"
	"os"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/hookcli/hooks"
)

// hookCmd is what Claude Code runs on its lifecycle events (package hooks). It always exits 0.
var hookCmd = &command{
	name:    "hook",
	summary: "Handle a Claude Code hook event (reads the hook's JSON on stdin; always exits 0).",
	usage:   "[--plugin] [--agent NAME] " + hooks.Usage(),
	hidden:  true,
	setup: func(fs *flag.FlagSet) func(context.Context, *cmdEnv, []string) error {
		plugin := fs.Bool("plugin", false, "run as the Claude Code plugin's handler: do nothing when 'anamnesis init' installed the same hook")
		agent := fs.String("agent", app.AgentClaude, "the coding agent running the hook (claude, codex, gemini, opencode): picks the transcript reader and tags captured notes agent:NAME")
		return func(ctx context.Context, e *cmdEnv, args []string) error {
			name := strings.Join(args, " ")
			if *plugin && hooks.PluginStepsAside(name, os.Getenv("CLAUDE_PROJECT_DIR")) {
				return nil
			}
			hooks.Run(ctx, e.home, name, hooks.IO{Stdin: e.stdin, Stdout: e.stdout, Stderr: e.stderr, Agent: *agent})
			return nil
		}
	},
}
