package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"

	"github.com/anamnesis-go/anamnesis/core/gitsync"
)

var statusCmd = &command{
	name:    "status",
	summary: "Show the store: where it is, how many notes, and the sync state.",
	usage:   "[--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *app, []string) error {
		asJSON := fs.Bool("json", false, "print the memory_status object")
		return func(ctx context.Context, a *app, args []string) error {
			s, cfg, err := a.openStore(ctx)
			if err != nil {
				return err
			}
			defer s.Close()
			st, err := s.Stats(ctx)
			if err != nil {
				return err
			}
			sync := gitsync.ReadState(ctx, s.Root(), cfg.Remote)
			if *asJSON {
				return a.printJSON(map[string]any{
					"root": s.Root(), "db_path": s.DBPath(), "machine_id": cfg.MachineID,
					"total": st.Total, "deleted": st.Deleted, "conflicts": st.Conflicts,
					"by_type": st.ByType, "by_project": st.ByProject, "by_scope": st.ByScope,
					"by_workspace": st.ByWorkspace, "sync": sync,
				})
			}
			j := func(v any) string { b, _ := json.Marshal(v); return string(b) }
			fmt.Fprintf(a.stdout, "store: %s (machine %s)\n", s.Root(), cfg.MachineID)
			fmt.Fprintf(a.stdout, "notes: %d  by_type=%s by_scope=%s projects=%d forgotten=%d conflicts=%d\n",
				st.Total, j(st.ByType), j(st.ByScope), len(st.ByProject), st.Deleted, st.Conflicts)
			remote := "none (local only)"
			if sync.Remote != nil {
				remote = *sync.Remote
			}
			fmt.Fprintf(a.stdout, "sync: initialized=%t remote=%s head=%s dirty=%t (%s)\n",
				sync.Initialized, remote, sync.Head, sync.Dirty, sync.Detail)
			if sync.LastSuccess != "" || sync.LastError != "" {
				fmt.Fprintf(a.stdout, "last sync: %s", orNever(sync.LastSuccess))
				if sync.LastError != "" {
					fmt.Fprintf(a.stdout, "; failing since then: %s", sync.LastError)
				}
				if sync.NextRun != "" {
					fmt.Fprintf(a.stdout, "; next run %s", sync.NextRun)
				}
				fmt.Fprintln(a.stdout)
			}
			return nil
		}
	},
}

func orNever(s string) string {
	if s == "" {
		return "never succeeded"
	}
	return s
}

var versionCmd = &command{
	name:    "version",
	summary: "Print the version.",
	setup: func(fs *flag.FlagSet) func(context.Context, *app, []string) error {
		return func(ctx context.Context, a *app, args []string) error {
			fmt.Fprintf(a.stdout, "anamnesis %s\n", Version)
			return nil
		}
	},
}
