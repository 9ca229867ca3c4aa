package cli

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/app"
)

var mergeCmd = &command{
	name:    "merge",
	summary: "Find redundant durable notes with the configured model and fold them together (gated on recall; dry run unless --apply).",
	usage:   "[--project P] [--apply] [--no-gate] [--eval-set FILE] [--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *cmdEnv, []string) error {
		project := fs.String("project", "", "only this project key")
		apply := fs.Bool("apply", false, "apply the groups and commit them")
		noGate := fs.Bool("no-gate", false, "apply every group without checking recall on the approved questions")
		set := fs.String("eval-set", "", "question set for the gate (default <home>/eval/eval.jsonl)")
		asJSON := fs.Bool("json", false, "print the report as JSON")
		return func(ctx context.Context, a *cmdEnv, _ []string) error {
			c, err := a.open(app.Options{})
			if err != nil {
				return err
			}
			defer func() { _ = c.Close() }()
			rep, err := c.Merge(ctx, app.MergeRequest{Project: *project, Apply: *apply, NoGate: *noGate, EvalSet: *set})
			if *asJSON {
				if perr := a.printJSON(rep); perr != nil {
					return perr
				}
				return err
			}
			if rep.NotConfigured != "" {
				fmt.Fprintf(a.stdout, "merge: no model provider configured (%s)\n", rep.NotConfigured)
				return nil
			}
			if err != nil {
				return err
			}
			if len(rep.Projects) == 0 {
				fmt.Fprintf(a.stdout, "merge: no project has %d or more durable notes\n", rep.Min)
			}
			for _, p := range rep.Projects {
				if p.Error != "" {
					fmt.Fprintf(a.stdout, "merge: %s: failed (%s); skipped, nothing written\n", p.Project, p.Error)
					continue
				}
				fmt.Fprintf(a.stdout, "merge: %s: %d note(s), %d redundant group(s)\n", p.Project, p.Notes, len(p.Groups))
				for i, g := range p.Groups {
					verdict := ""
					for _, r := range p.Gate {
						if r.Group == i {
							verdict = fmt.Sprintf(" (recall@%d %.2f -> %.2f: %s)", rep.K, r.Before, r.After, map[bool]string{true: "applied", false: "refused"}[r.Kept])
						}
					}
					target := g.KeeperID
					if g.Action == "synthesize" {
						target = "new note '" + g.Title + "'"
					}
					fmt.Fprintf(a.stdout, "  %s %s supersedes %s%s\n", g.Action, target, strings.Join(g.SupersededIDs, ", "), verdict)
				}
			}
			if !rep.Apply {
				dryRunHint(a.stdout, "merge", len(rep.Projects))
			} else if rep.Commit != "" {
				fmt.Fprintf(a.stdout, "merge: committed %s in memory/; the next sync carries it\n", rep.Commit)
			}
			return nil
		}
	},
}
