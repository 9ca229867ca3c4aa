package cli

import (
	"context"
	"flag"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

var listCmd = &command{
	name:    "list",
	summary: "List notes, newest first (metadata only).",
	usage:   "[--project P] [--type T] [--scope S] [--limit N] [--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *app, []string) error {
		filter := filterFlags(fs)
		limit := fs.Int("limit", 0, "at most this many notes (0: all)")
		asJSON := fs.Bool("json", false, "print a JSON array of notes (without bodies)")
		return func(ctx context.Context, a *app, args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q", args[0])
			}
			f, err := filter()
			if err != nil {
				return err
			}
			if *limit < 0 {
				return usagef("--limit must not be negative")
			}
			s, _, err := a.openStore(ctx)
			if err != nil {
				return err
			}
			defer s.Close()
			page, err := s.List(ctx, store.ListOptions{Filter: f, Limit: *limit})
			if err != nil {
				return err
			}
			if *asJSON {
				out := make([]note.View, len(page.Notes))
				for i, n := range page.Notes {
					out[i] = note.ViewOf(n, false)
				}
				return a.printJSON(out)
			}
			for _, n := range page.Notes {
				printNoteLine(a, n)
			}
			return nil
		}
	},
}
