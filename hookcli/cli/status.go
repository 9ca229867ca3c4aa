package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/anamnesis-go/anamnesis/core/app"
)

// statusOptions is "anamnesis status" as parsed.
type statusOptions struct{ json bool }

var statusCmd = &command{
	name:    "status",
	summary: "Show the store: where it is, how many notes, and the sync state.",
	usage:   "[--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *cmdEnv, []string) error {
		var o statusOptions
		fs.BoolVar(&o.json, "json", false, "print the memory_status object")
		return func(ctx context.Context, e *cmdEnv, args []string) error {
			a, err := e.open(app.Options{})
			if err != nil {
				return err
			}
			defer a.Close()
			st, err := a.Status(ctx)
			if err != nil {
				return err
			}
			if o.json {
				return e.printJSON(st)
			}
			renderStatus(e.stdout, st, a.Home.Spool(), time.Now())
			return nil
		}
	},
}

var versionCmd = &command{
	name:    "version",
	summary: "Print the version.",
	setup: func(fs *flag.FlagSet) func(context.Context, *cmdEnv, []string) error {
		return func(ctx context.Context, e *cmdEnv, args []string) error {
			printVersion(e.stdout)
			return nil
		}
	},
}

// printVersion is "anamnesis version" and "anamnesis --version": "<binary> <version>", the form
// all three binaries print.
func printVersion(w io.Writer) { fmt.Fprintf(w, "anamnesis %s\n", app.BuildVersion(Version)) }
