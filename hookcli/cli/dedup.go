package cli

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/app"
)

var dedupCmd = &command{
	name:    "dedup",
	summary: "Supersede copies: identical bodies, or nearly the same words in one project (dry run unless --apply).",
	usage:   "[--apply] [--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *cmdEnv, []string) error {
		apply := fs.Bool("apply", false, "supersede the copies and commit")
		asJSON := fs.Bool("json", false, "print the report as JSON")
		return func(ctx context.Context, a *cmdEnv, _ []string) error {
			c, err := a.open(app.Options{})
			if err != nil {
				return err
			}
			defer func() { _ = c.Close() }()
			rep, err := c.Dedup(ctx, *apply)
			if *asJSON {
				if perr := a.printJSON(rep); perr != nil {
					return perr
				}
				return err
			}
			for _, ch := range rep.Resolved {
				fmt.Fprintf(a.stdout, "dedup: %s %s\n", ch.ID, ch.What)
			}
			n := 0
			for _, g := range rep.Groups {
				n += len(g.Extras)
				fmt.Fprintf(a.stdout, "dedup: %s [%s] %s copies of %s '%s'\n", strings.Join(g.Extras, ", "), g.Project, g.Kind, g.Keeper, g.Title)
			}
			fmt.Fprintf(a.stdout, "dedup: %d copy(ies) in %d group(s)\n", n, len(rep.Groups))
			if !rep.Apply {
				dryRunHint(a.stdout, "dedup", n+len(rep.Resolved))
			} else if rep.Commit != "" {
				fmt.Fprintf(a.stdout, "dedup: committed %s in memory/; the next sync carries it\n", rep.Commit)
			}
			return err
		}
	},
}
