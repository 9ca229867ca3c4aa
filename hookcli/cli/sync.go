package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/anamnesis-go/anamnesis/core/gitsync"
)

// errRemoteUnreachable makes "anamnesis sync" exit non-zero when the remote could not be reached;
// the notes are committed locally all the same, and the result is still printed.
var errRemoteUnreachable = errors.New("the remote could not be reached; local notes are committed and will be pushed on a later sync")

var syncCmd = &command{
	name:    "sync",
	summary: "Sync notes with your other machines over git (commit, fetch, rebase, push, reindex).",
	usage:   "[--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *app, []string) error {
		asJSON := fs.Bool("json", false, "print the memory_sync result object")
		quiet := fs.Bool("quiet", false, "print nothing unless the cycle fails (for background runs)")
		return func(ctx context.Context, a *app, args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q", args[0])
			}
			s, cfg, err := a.openStore(ctx)
			if err != nil {
				return err
			}
			defer s.Close()
			res, err := gitsync.Sync(ctx, s, gitsync.Options{Remote: cfg.Remote, MachineID: cfg.MachineID})
			// The record is for "anamnesis status"; failing to write it must not hide the sync outcome.
			_, _ = gitsync.RecordCycle(cfg.Home, res, err, time.Now(), time.Time{})
			if err != nil {
				return fmt.Errorf("sync: %w", err)
			}
			switch {
			case *asJSON:
				if perr := a.printJSON(res); perr != nil {
					return perr
				}
			case !*quiet:
				printSyncResult(a, res)
			}
			if res.Offline {
				return errRemoteUnreachable
			}
			return nil
		}
	},
}

func printSyncResult(a *app, res gitsync.Result) {
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
		fmt.Fprintf(a.stdout, "conflict: kept the other version as note %s (tag %q)\n", id, gitsync.ConflictTag)
	}
}
