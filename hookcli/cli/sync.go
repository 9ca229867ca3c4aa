package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/app"
)

// errRemoteUnreachable makes "anamnesis sync" exit non-zero when the remote could not be reached;
// the notes are committed locally all the same, and the result is still printed.
var errRemoteUnreachable = errors.New("the remote could not be reached; local notes are committed and will be pushed on a later sync")

// syncOptions is "anamnesis sync" as parsed.
type syncOptions struct {
	app.SyncRequest
	json, quiet bool
}

var syncCmd = &command{
	name:    "sync",
	summary: "Sync notes with your other machines over git (capture pending sessions, commit, fetch, rebase, push, reindex).",
	usage:   "[--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *cmdEnv, []string) error {
		var o syncOptions
		fs.BoolVar(&o.json, "json", false, "print the memory_sync result object")
		fs.BoolVar(&o.quiet, "quiet", false, "print nothing unless the cycle fails (for background runs)")
		return func(ctx context.Context, e *cmdEnv, args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q", args[0])
			}
			a, err := e.open(app.Options{})
			if err != nil {
				return err
			}
			defer a.Close()
			// Pending session captures become notes first, so they travel with this cycle; the
			// cycle is recorded for "anamnesis status" whatever its outcome.
			rep, err := a.Sync(ctx, o.SyncRequest)
			if err != nil {
				// A failed cycle (a push that did not happen, a repository sync will not build
				// on) still prints its result for scripts, and exits non-zero.
				if o.json && rep.Detail != "" {
					_ = e.printJSON(rep.Result)
				}
				return err // Main names the command: "anamnesis sync: <why>"
			}
			if rep.CaptureErr != nil {
				fmt.Fprintf(e.stderr, "anamnesis sync: capture pending sessions: %s\n", rep.CaptureErr)
			}
			switch {
			case o.json:
				if perr := e.printJSON(rep.Result); perr != nil {
					return perr
				}
			case !o.quiet:
				printSyncResult(e, rep.Result)
			}
			if rep.Offline {
				return errRemoteUnreachable
			}
			return nil
		}
	},
}

func printSyncResult(a *cmdEnv, res app.SyncResult) {
	fmt.Fprintln(a.stdout, res.Detail)
	var facts []string
	if res.Committed != "" {
		facts = append(facts, "committed \""+res.Committed+"\"")
	}
	if res.Pulled > 0 {
		facts = append(facts, fmt.Sprintf("pulled %d commit(s)", res.Pulled))
	}
	if res.Pushed {
		facts = append(facts, "pushed")
	}
	if res.Indexed > 0 {
		facts = append(facts, fmt.Sprintf("indexed %d note(s)", res.Indexed))
	}
	if res.Head != "" {
		facts = append(facts, "head "+res.Head)
	}
	if len(facts) > 0 {
		fmt.Fprintln(a.stdout, strings.Join(facts, ", "))
	}
	for _, id := range res.Conflicts {
		fmt.Fprintf(a.stdout, "conflict: kept the other version as note %s (tag %q)\n", id, app.ConflictTag)
	}
}
