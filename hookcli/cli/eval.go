package cli

import (
	"context"
	"flag"
	"fmt"

	"github.com/anamnesis-go/anamnesis/core/app"
)

var evalCmd = &command{
	name:    "eval",
	summary: "Measure recall on your approved questions (run), or draft new questions with the model (build).",
	usage:   "run|build [--eval-set FILE] [--n 30] [--types semantic,procedural] [--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *cmdEnv, []string) error {
		set := fs.String("eval-set", "", "question set (default <home>/eval/eval.jsonl)")
		n := fs.Int("n", 30, "build: questions to draft")
		types := fs.String("types", "", "build: note types (default semantic,procedural)")
		asJSON := fs.Bool("json", false, "print JSON")
		return func(ctx context.Context, a *cmdEnv, args []string) error {
			if len(args) != 1 || (args[0] != "run" && args[0] != "build") {
				return usagef("expected run or build")
			}
			c, err := a.open(app.Options{})
			if err != nil {
				return err
			}
			defer func() { _ = c.Close() }()
			if args[0] == "run" {
				rep, err := c.Eval(ctx, *set)
				if err != nil {
					return err
				}
				if *asJSON {
					return a.printJSON(rep)
				}
				fmt.Fprintf(a.stdout, "eval: %d question(s) over %d note(s): MRR %.3f", rep.Questions, rep.Notes, rep.All.MRR)
				for _, k := range []int{1, 5, 10} {
					fmt.Fprintf(a.stdout, ", recall@%d %.3f", k, rep.All.RecallAt[k])
				}
				fmt.Fprintln(a.stdout)
				return nil
			}
			rep, err := c.EvalBuild(ctx, app.EvalBuildRequest{Set: *set, N: n, Types: csv(*types)})
			if *asJSON {
				if perr := a.printJSON(rep); perr != nil {
					return perr
				}
				return err
			}
			if rep.NotConfigured != "" {
				fmt.Fprintf(a.stdout, "eval build: no model provider configured (%s)\n", rep.NotConfigured)
				return nil
			}
			if err != nil {
				return err
			}
			for _, q := range rep.Questions {
				fmt.Fprintf(a.stdout, "eval build: %q -> %s\n", q.Query, q.RelevantIDs[0])
			}
			fmt.Fprintf(a.stdout, "eval build: appended %d unapproved question(s) to %s; set \"approved\": true on the good ones\n", len(rep.Questions), rep.Set)
			return nil
		}
	},
}
