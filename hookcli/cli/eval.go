package cli

import (
	"context"
	"flag"
	"fmt"
	"time"

	"github.com/anamnesis-go/anamnesis/core/app"
)

var evalCmd = &command{
	name:    "eval",
	summary: "Measure recall on your approved questions (run) or on the LoCoMo benchmark (locomo), or draft questions (build).",
	usage: "run|build|locomo [--eval-set FILE] [--n 30] [--types semantic,procedural] " +
		"[--zip locomo10.zip] [--conversations 0-4] [--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *cmdEnv, []string) error {
		set := fs.String("eval-set", "", "question set (default <home>/eval/eval.jsonl)")
		n := fs.Int("n", 30, "build: questions to draft")
		types := fs.String("types", "", "build: note types (default semantic,procedural)")
		zipPath := fs.String("zip", "", "locomo: the LoCoMo archive (locomo10.zip); your own store is not touched")
		convs := fs.String("conversations", "", `locomo: conversations by position, e.g. "0-4" or "5-9" (default all ten)`)
		asJSON := fs.Bool("json", false, "print JSON")
		return func(ctx context.Context, a *cmdEnv, args []string) error {
			if len(args) != 1 || (args[0] != "run" && args[0] != "build" && args[0] != "locomo") {
				return usagef("expected run, build or locomo")
			}
			if args[0] == "locomo" {
				return evalLoCoMo(ctx, a, *zipPath, *convs, *asJSON)
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

// evalLoCoMo runs the benchmark in a temporary store and prints the per-category table. Progress
// goes to stderr (a run asks about 1,500 questions), so stdout stays the table or the JSON.
func evalLoCoMo(ctx context.Context, a *cmdEnv, zipPath, convs string, asJSON bool) error {
	if zipPath == "" {
		return usagef("locomo needs --zip PATH (the benchmark's locomo10.zip)")
	}
	// Progress starts once the store is built, so a bad archive fails with one line on stderr.
	var last time.Time
	rep, err := app.EvalLoCoMo(ctx, app.EvalLoCoMoRequest{Zip: zipPath, Conversations: convs,
		Progress: func(done, total int) {
			if done == total || time.Since(last) > time.Second {
				last = time.Now()
				fmt.Fprintf(a.stderr, "locomo: %d/%d questions\n", done, total)
			}
		}})
	if err != nil {
		return err
	}
	if asJSON {
		return a.printJSON(rep)
	}
	fmt.Fprintf(a.stdout, "LoCoMo %s: %d questions over %d notes, k inside each conversation, %s\n",
		rep.Set, rep.Questions, rep.Notes, rep.Took.Round(time.Millisecond))
	fmt.Fprintf(a.stdout, "%-16s %5s  %-6s %-6s %-6s %-6s\n", "category", "n", "R@1", "R@5", "R@10", "MRR")
	row := func(name string, m app.EvalMetrics) {
		fmt.Fprintf(a.stdout, "%-16s %5d  %.3f  %.3f  %.3f  %.3f\n", name, m.N, m.RecallAt[1], m.RecallAt[5], m.RecallAt[10], m.MRR)
	}
	for _, c := range rep.Categories() {
		row(c, rep.ByCategory[c])
	}
	row("all", rep.All)
	return nil
}
