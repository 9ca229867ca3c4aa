package cli

import (
	"context"
	"flag"
	"fmt"

	"github.com/anamnesis-go/anamnesis/core/importer"
	"github.com/anamnesis-go/anamnesis/hookcli/claudeconf"
)

var importCmd = &command{
	name:    "import",
	summary: "Bring Claude Code's own auto-memory (projects/*/memory/*.md) into the store; safe to re-run.",
	usage:   "[--claude-home DIR] [--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *app, []string) error {
		dir := fs.String("claude-home", "", "Claude Code's directory, the one holding projects/ (default $CLAUDE_CONFIG_DIR or ~/.claude)")
		asJSON := fs.Bool("json", false, "print the report as JSON")
		return func(ctx context.Context, a *app, args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q", args[0])
			}
			src := *dir
			if src == "" {
				var err error
				if src, err = claudeconf.ConfigDir(); err != nil {
					return err
				}
			}
			s, _, err := a.openStore(ctx)
			if err != nil {
				return err
			}
			defer s.Close()
			rep, err := importer.Import(ctx, s, src)
			if err != nil {
				return err
			}
			if *asJSON {
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
