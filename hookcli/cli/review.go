package cli

import (
	"context"
	"flag"
	"fmt"

	"github.com/anamnesis-go/anamnesis/core/app"
)

var reviewCmd = &command{
	name:    "review",
	summary: "List notes reflect and merge wrote that nobody reviewed; keep or forget one.",
	usage:   "[list | keep ID | forget ID] [--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *cmdEnv, []string) error {
		asJSON := fs.Bool("json", false, "print JSON")
		return func(ctx context.Context, a *cmdEnv, args []string) error {
			if len(args) == 0 {
				args = []string{"list"}
			}
			c, err := a.open(app.Options{})
			if err != nil {
				return err
			}
			defer func() { _ = c.Close() }()
			switch {
			case args[0] == "list" && len(args) == 1:
				items, err := c.ReviewList(ctx)
				if err != nil {
					return err
				}
				if *asJSON {
					return a.printJSON(items)
				}
				for _, it := range items {
					fmt.Fprintf(a.stdout, "%s  %-10s %-10s %s  (%s, %s)\n", it.ID, it.Type, it.Source, it.Title, it.Project, it.Model)
				}
				fmt.Fprintf(a.stdout, "review: %d note(s) to review; 'anamnesis show ID' to read one\n", len(items))
				return nil
			case (args[0] == "keep" || args[0] == "forget") && len(args) == 2:
				var res app.ReviewResult
				if args[0] == "keep" {
					res, err = c.ReviewKeep(ctx, args[1])
				} else {
					res, err = c.ReviewForget(ctx, args[1])
				}
				if err != nil {
					return err
				}
				if *asJSON {
					return a.printJSON(res)
				}
				fmt.Fprintf(a.stdout, "review: %s %s\n", res.ID, res.Action)
				return nil
			}
			return usagef("expected list, keep ID or forget ID")
		}
	},
}
