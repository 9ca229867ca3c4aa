package cli

import (
	"context"
	"flag"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/note"
)

// listOptions is "anamnesis list" as parsed. Limit 0 means every note.
type listOptions struct {
	app.Filter
	limit int
	json  bool
}

var listCmd = &command{
	name:    "list",
	summary: "List notes, newest first (metadata only).",
	usage:   "[--project P] [--type T] [--scope S] [--limit N] [--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *cmdEnv, []string) error {
		var o listOptions
		filterFlags(fs, &o.Filter)
		fs.IntVar(&o.limit, "limit", 0, "at most this many notes (0: all)")
		fs.BoolVar(&o.json, "json", false, "print a JSON array of notes (without bodies)")
		return func(ctx context.Context, e *cmdEnv, args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q", args[0])
			}
			if o.limit < 0 {
				return usagef("--limit must not be negative")
			}
			a, err := e.open(app.Options{})
			if err != nil {
				return err
			}
			defer a.Close()
			views, notes, err := listAll(ctx, a, o)
			if err != nil {
				return err
			}
			if o.json {
				return e.printJSON(views)
			}
			for _, n := range notes {
				printNoteLine(e, n)
			}
			return nil
		}
	},
}

// listAll pages through app.List up to the limit (every note for 0): the command prints the
// whole listing, where app.List serves pages of at most app.MaxListLimit.
func listAll(ctx context.Context, a *app.App, o listOptions) ([]note.View, []*note.Note, error) {
	views, notes := []note.View{}, []*note.Note{}
	req := app.ListRequest{Filter: o.Filter, Unbounded: true}
	for {
		n := app.MaxListLimit
		if o.limit > 0 {
			n = min(n, o.limit-len(notes))
		}
		req.Limit = &n
		page, err := a.List(ctx, req)
		if err != nil {
			return nil, nil, err
		}
		views, notes = append(views, page.Results...), append(notes, page.Notes...)
		if page.NextCursor == "" || (o.limit > 0 && len(notes) >= o.limit) {
			return views, notes, nil
		}
		req.Cursor = page.NextCursor
	}
}
