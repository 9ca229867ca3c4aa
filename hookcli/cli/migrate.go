package cli

import (
	"context"
	"flag"
	"fmt"

	"github.com/anamnesis-go/anamnesis/core/app"
)

var migrateCmd = &command{
	name:    "migrate",
	summary: `Re-key projects from a JSON map {"projects": {"old": "new"}, "notes": {"<id>": "new"}} (dry run unless --apply).`,
	usage:   "--map FILE [--apply] [--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *cmdEnv, []string) error {
		mapPath := fs.String("map", "", "the JSON map file (required)")
		apply := fs.Bool("apply", false, "rewrite the project lines and commit")
		asJSON := fs.Bool("json", false, "print the report as JSON")
		return func(ctx context.Context, a *cmdEnv, _ []string) error {
			if *mapPath == "" {
				return usagef("--map FILE is required")
			}
			c, err := a.open(app.Options{})
			if err != nil {
				return err
			}
			defer func() { _ = c.Close() }()
			rep, err := c.Migrate(ctx, app.MigrateRequest{MapPath: *mapPath, Apply: *apply})
			if *asJSON {
				if perr := a.printJSON(rep); perr != nil {
					return perr
				}
				return err
			}
			if err != nil {
				return err
			}
			for _, r := range rep.Notes {
				fmt.Fprintf(a.stdout, "migrate: %s [%s] '%s' -> '%s'\n", r.ID, r.Type, r.From, r.To)
			}
			fmt.Fprintf(a.stdout, "migrate: %d note(s) to re-key\n", len(rep.Notes))
			if !rep.Apply {
				dryRunHint(a.stdout, "migrate", len(rep.Notes))
			} else if rep.Commit != "" {
				fmt.Fprintf(a.stdout, "migrate: committed %s in memory/; the next sync carries it\n", rep.Commit)
			}
			return nil
		}
	},
}
