package cli

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/note"
)

var showCmd = &command{
	name:    "show",
	summary: "Print one note.",
	usage:   "ID [--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *app, []string) error {
		asJSON := fs.Bool("json", false, "print the note as JSON")
		return func(ctx context.Context, a *app, args []string) error {
			if len(args) != 1 {
				return usagef("expected one note id")
			}
			s, _, err := a.openStore(ctx)
			if err != nil {
				return err
			}
			defer s.Close()
			n, err := s.Get(ctx, strings.TrimSpace(args[0]))
			if err != nil {
				return err
			}
			if *asJSON {
				return a.printJSON(note.ViewOf(n, true))
			}
			_, err = a.stdout.Write(note.Marshal(n))
			return err
		}
	},
}

var forgetCmd = &command{
	name:    "forget",
	summary: "Forget a note: it is hidden everywhere, on every machine after sync; its file is kept.",
	usage:   "ID [--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *app, []string) error {
		asJSON := fs.Bool("json", false, `print {"id", "status", "deleted_at"}`)
		return func(ctx context.Context, a *app, args []string) error {
			if len(args) != 1 {
				return usagef("expected one note id")
			}
			s, _, err := a.openStore(ctx)
			if err != nil {
				return err
			}
			defer s.Close()
			n, err := s.Forget(ctx, strings.TrimSpace(args[0]))
			if err != nil {
				return err
			}
			if *asJSON {
				return a.printJSON(map[string]string{"id": n.ID, "status": string(n.Status), "deleted_at": n.DeletedAt})
			}
			fmt.Fprintf(a.stdout, "forgot %s (%s)\n", n.ID, n.Title)
			return nil
		}
	},
}
