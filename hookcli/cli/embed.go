package cli

import (
	"context"
	"flag"
	"fmt"

	"github.com/anamnesis-go/anamnesis/core/app"
)

var embedCmd = &command{
	name:    "embed",
	summary: "Compute semantic-search vectors for notes that lack them (needs embed.provider).",
	usage:   "[--full] [--quiet] [--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *cmdEnv, []string) error {
		full := fs.Bool("full", false, "drop every stored vector and embed all notes again (after changing the model in place)")
		quiet := fs.Bool("quiet", false, "print nothing unless it fails")
		asJSON := fs.Bool("json", false, `print {"model": ..., "embedded": N, "pruned": N, "vectors": {...}}`)
		return func(ctx context.Context, e *cmdEnv, args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q", args[0])
			}
			a, err := e.open(app.Options{})
			if err != nil {
				return err
			}
			defer a.Close()
			rep, err := a.Embed(ctx, app.EmbedRequest{Full: *full})
			if err != nil {
				return err
			}
			switch {
			case *asJSON:
				return e.printJSON(rep)
			case *quiet:
				return nil
			}
			fmt.Fprintf(e.stdout, "embed: %d note(s) embedded with %s in %s; %d of %d live notes have a vector (%d dimensions, %.1f MB)",
				rep.Embedded, rep.Model, rep.Took.Round(1e6), rep.Stats.Stored, rep.Stats.Notes, rep.Stats.Dim, float64(rep.Stats.Bytes)/1e6)
			if rep.Pruned > 0 {
				fmt.Fprintf(e.stdout, "; %d old vector(s) pruned", rep.Pruned)
			}
			fmt.Fprintln(e.stdout)
			return nil
		}
	},
}
