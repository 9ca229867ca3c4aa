package cli

import (
	"context"
	"flag"
	"fmt"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/note"
)

// idOptions is "anamnesis show" and "anamnesis forget" as parsed.
type idOptions struct {
	id   string
	json bool
}

// parse takes the one note id the command needs.
func (o *idOptions) parse(args []string) error {
	if len(args) != 1 {
		return usagef("expected one note id")
	}
	o.id = args[0]
	return nil
}

var showCmd = &command{
	name:    "show",
	summary: "Print one note.",
	usage:   "ID [--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *cmdEnv, []string) error {
		var o idOptions
		fs.BoolVar(&o.json, "json", false, "print the note as JSON")
		return func(ctx context.Context, e *cmdEnv, args []string) error {
			if err := o.parse(args); err != nil {
				return err
			}
			a, err := e.open(app.Options{})
			if err != nil {
				return err
			}
			defer a.Close()
			n, err := a.Show(ctx, o.id)
			if err != nil {
				return err
			}
			if o.json {
				return e.printJSON(note.ViewOf(n, true))
			}
			_, err = e.stdout.Write(note.Marshal(n))
			return err
		}
	},
}

var forgetCmd = &command{
	name:    "forget",
	summary: "Forget a note: it is hidden everywhere, on every machine after sync; its file is kept.",
	usage:   "ID [--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *cmdEnv, []string) error {
		var o idOptions
		fs.BoolVar(&o.json, "json", false, `print {"id", "status", "deleted_at"}`)
		return func(ctx context.Context, e *cmdEnv, args []string) error {
			if err := o.parse(args); err != nil {
				return err
			}
			a, err := e.open(app.Options{})
			if err != nil {
				return err
			}
			defer a.Close()
			res, err := a.Forget(ctx, o.id)
			if err != nil {
				return err
			}
			if o.json {
				return e.printJSON(res)
			}
			// The title is for the person reading the confirmation; app.ForgetResult lacks it.
			title := ""
			if n, err := a.Show(ctx, res.ID); err == nil {
				title = n.Title
			}
			fmt.Fprintf(e.stdout, "forgot %s (%s)\n", res.ID, title)
			return nil
		}
	},
}
