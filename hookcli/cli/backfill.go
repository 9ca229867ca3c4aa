package cli

import (
	"context"
	"flag"
	"fmt"

	"github.com/anamnesis-go/anamnesis/core/app"
)

var backfillCmd = &command{
	name:    "backfill-provenance",
	summary: "Set prov_source from tags (import, session, reflection, merge); never downgrades (dry run unless --apply).",
	usage:   "[--apply] [--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *cmdEnv, []string) error {
		apply := fs.Bool("apply", false, "rewrite the notes and commit")
		asJSON := fs.Bool("json", false, "print the report as JSON")
		return func(ctx context.Context, a *cmdEnv, _ []string) error {
			c, err := a.open(app.Options{})
			if err != nil {
				return err
			}
			defer func() { _ = c.Close() }()
			rep, err := c.Backfill(ctx, *apply)
			if *asJSON {
				if perr := a.printJSON(rep); perr != nil {
					return perr
				}
				return err
			}
			for _, p := range rep.Notes {
				fmt.Fprintf(a.stdout, "backfill: %s [%s] -> prov_source=%s '%s'\n", p.ID, p.Project, p.To, p.Title)
			}
			fmt.Fprintf(a.stdout, "backfill: %d note(s) to rewrite\n", len(rep.Notes))
			if !rep.Apply {
				dryRunHint(a.stdout, "backfill", len(rep.Notes))
			} else if rep.Commit != "" {
				fmt.Fprintf(a.stdout, "backfill: committed %s in memory/; the next sync carries it\n", rep.Commit)
			}
			return err
		}
	},
}
