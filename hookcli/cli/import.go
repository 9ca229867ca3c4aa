package cli

import (
	"context"
	"flag"
	"fmt"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/hookcli/claudeconf"
)

// importOptions is "anamnesis import" as parsed.
type importOptions struct {
	dir  string
	json bool
}

var importCmd = &command{
	name:    "import",
	summary: "Bring Claude Code's own auto-memory (projects/*/memory/*.md) into the store; safe to re-run.",
	usage:   "[--claude-home DIR] [--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *cmdEnv, []string) error {
		var o importOptions
		fs.StringVar(&o.dir, "claude-home", "", "Claude Code's directory, the one holding projects/ (default $CLAUDE_CONFIG_DIR or ~/.claude)")
		fs.BoolVar(&o.json, "json", false, "print the report as JSON")
		return func(ctx context.Context, a *cmdEnv, args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q", args[0])
			}
			if o.dir == "" {
				var err error
				if o.dir, err = claudeconf.ConfigDir(); err != nil {
					return err
				}
			}
			ap, err := a.open(app.Options{})
			if err != nil {
				return err
			}
			defer ap.Close()
			rep, err := ap.Import(ctx, o.dir)
			if err != nil {
				return err
			}
			if o.json {
				return a.printJSON(rep)
			}
			fmt.Fprintf(a.stdout, "import: imported=%d updated=%d skipped=%d (from %s)\n",
				rep.Imported, rep.Updated, rep.Skipped, rep.Dir)
			for _, p := range rep.Problems {
				fmt.Fprintf(a.stderr, "import: %s: %s\n", p.Path, p.Error)
			}
			return nil
		}
	},
}
