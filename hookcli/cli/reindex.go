package cli

import (
	"context"
	"flag"
	"fmt"

	"github.com/anamnesis-go/anamnesis/core/app"
)

// reindexOptions is "anamnesis reindex" as parsed.
type reindexOptions struct {
	full, json, ifDue, quiet bool
}

var reindexCmd = &command{
	name:    "reindex",
	summary: "Bring the index in line with the note files (incremental; --full rebuilds it).",
	usage:   "[--full | --if-due] [--quiet] [--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *cmdEnv, []string) error {
		var o reindexOptions
		fs.BoolVar(&o.full, "full", false, "drop the index and rebuild it from every note file")
		fs.BoolVar(&o.json, "json", false, `print {"indexed": N, "skipped": N, ...}`)
		fs.BoolVar(&o.ifDue, "if-due", false, "only the walk over every note file, and only when it is due (what hooks and search start in the background)")
		fs.BoolVar(&o.quiet, "quiet", false, "print nothing unless it fails")
		return func(ctx context.Context, e *cmdEnv, args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q", args[0])
			}
			// Fast: skip Open's own drift pass, since this command is that pass, and reports it.
			a, err := e.open(app.Options{Fast: true})
			if err != nil {
				return err
			}
			defer a.Close()
			if o.ifDue {
				if o.full {
					return usagef("--if-due and --full do not go together")
				}
				rep, ran, err := a.CatchUpDrift(ctx)
				if err != nil || o.quiet {
					return err
				}
				if o.json {
					return e.printJSON(rep)
				}
				if !ran {
					fmt.Fprintln(e.stdout, "reindex: not due, or another process is walking the notes")
					return nil
				}
				fmt.Fprintf(e.stdout, "reindex: indexed %d note(s), removed %d, skipped %d\n", rep.Indexed, rep.Removed, rep.Skipped)
				return nil
			}
			rep, err := a.Reindex(ctx, o.full)
			if err != nil {
				return err
			}
			// A missing or outdated index was rebuilt whole by the open, leaving the incremental
			// pass nothing to do: report the rebuild. (app.Reindex does not fold it in yet.)
			if st, serr := a.Store(ctx); serr == nil && st.Opened.Rebuilt && !o.full {
				rep = st.Opened.Drift
			}
			// With semantic search on, the vectors of what changed are brought up to date too; a
			// provider that fails leaves the index rebuilt and says so.
			var emb *app.EmbedReport
			if em, eerr := a.Embedder(); eerr != nil || em != nil {
				er, err := a.Embed(ctx, app.EmbedRequest{})
				if err != nil {
					fmt.Fprintf(e.stderr, "anamnesis: reindex: notes indexed, but their vectors were not updated: %v\n", err)
				} else {
					emb = &er
				}
			}
			if o.json {
				return e.printJSON(struct {
					app.ReindexReport
					Embed *app.EmbedReport `json:"embed,omitempty"`
				}{rep, emb})
			}
			if o.quiet {
				return nil
			}
			fmt.Fprintf(e.stdout, "reindex: indexed %d note(s), removed %d, skipped %d\n", rep.Indexed, rep.Removed, rep.Skipped)
			for _, b := range rep.Bad {
				fmt.Fprintf(e.stdout, "  skipped %s: %s\n", b.Path, b.Error)
			}
			if emb != nil {
				fmt.Fprintf(e.stdout, "reindex: embedded %d note(s); %d of %d have a vector\n", emb.Embedded, emb.Stats.Stored, emb.Stats.Notes)
			}
			return nil
		}
	},
}
