package cli

import (
	"context"
	"flag"
	"fmt"

	"github.com/anamnesis-go/anamnesis/core/store"
)

var reindexCmd = &command{
	name:    "reindex",
	summary: "Bring the index in line with the note files (incremental; --full rebuilds it).",
	usage:   "[--full] [--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *app, []string) error {
		full := fs.Bool("full", false, "drop the index and rebuild it from every note file")
		asJSON := fs.Bool("json", false, `print {"indexed": N, "skipped": N, ...}`)
		return func(ctx context.Context, a *app, args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q", args[0])
			}
			cfg, err := a.config()
			if err != nil {
				return err
			}
			// Skip Open's own drift pass: this command is that pass, and reports it.
			s, err := store.Open(ctx, cfg.Home, store.Options{MachineID: cfg.MachineID, NoDriftCheck: true})
			if err != nil {
				return err
			}
			defer s.Close()
			rep, err := s.Reindex(ctx, *full)
			if err != nil {
				return err
			}
			if s.Opened.Rebuilt && !*full {
				rep = s.Opened.Drift // the index was missing or stale: Open rebuilt it whole
			}
			if *asJSON {
				return a.printJSON(rep)
			}
			fmt.Fprintf(a.stdout, "reindex: indexed %d note(s), removed %d, skipped %d\n", rep.Indexed, rep.Removed, rep.Skipped)
			for _, b := range rep.Bad {
				fmt.Fprintf(a.stdout, "  skipped %s: %s\n", b.Path, b.Error)
			}
			return nil
		}
	},
}
