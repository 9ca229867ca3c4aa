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
			s, _, err := a.openStore(ctx)
			if err != nil {
				return err
			}
			defer s.Close()
			rep, err := s.Reindex(ctx, *full)
			if err != nil {
				return err
			}
			// Open already applied any drift; count it as this command's work.
			if !*full {
				d := s.Opened.Drift
				rep.Indexed += d.Indexed
				rep.Removed += d.Removed
				// A bad file is never recorded as indexed, so both passes report it: name it once.
				seen := map[string]bool{}
				var bad []store.BadFile
				for _, b := range append(d.Bad, rep.Bad...) {
					if !seen[b.Path] {
						seen[b.Path] = true
						bad = append(bad, b)
					}
				}
				rep.Bad, rep.Skipped = bad, len(bad)
				if s.Opened.Rebuilt {
					rep.Full = true
				}
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
