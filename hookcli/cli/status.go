package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"

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
			j := func(v any) string { b, _ := json.Marshal(v); return string(b) }
			fmt.Fprintf(e.stdout, "store: %s (machine %s)\n", st.Root, st.MachineID)
			fmt.Fprintf(e.stdout, "notes: %d  by_type=%s by_scope=%s projects=%d forgotten=%d conflicts=%d\n",
				st.Total, j(st.ByType), j(st.ByScope), len(st.ByProject), st.Deleted, st.Conflicts)
			sync := st.Sync
			remote := "none (local only)"
			if sync.Remote != nil {
				remote = *sync.Remote
			}
			fmt.Fprintf(e.stdout, "capture: %d session capture(s) waiting in %s\n", st.CapturePending, a.Home.Spool())
			branch := ""
			if sync.Branch != "" {
				branch = " branch=" + sync.Branch
			}
			fmt.Fprintf(e.stdout, "sync: initialized=%t remote=%s%s head=%s dirty=%t (%s)\n",
				sync.Initialized, remote, branch, sync.Head, sync.Dirty, sync.Detail)
			// One plain line on whether this machine is syncing, and why not.
			line := "sync state: syncing; last success " + sync.LastSuccess
			if !sync.Syncing {
				line = "sync state: NOT SYNCING: " + sync.Problem
				if sync.LastSuccess != "" && sync.Failures == 0 {
					line += "; last success " + sync.LastSuccess
				}
			}
			if sync.NextRun != "" {
				line += "; next run " + sync.NextRun
			}
			fmt.Fprintln(e.stdout, line)
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
func printVersion(w io.Writer) { fmt.Fprintf(w, "anamnesis %s\n", Version) }
