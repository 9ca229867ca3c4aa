package cli

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/hookcli/hooks"
)

// filterFlags registers the filters list and search share.
func filterFlags(fs *flag.FlagSet, f *app.Filter) {
	fs.StringVar(&f.Project, "project", "", "only notes of this project key")
	fs.StringVar(&f.Type, "type", "", "only notes of this type: procedural, semantic or episodic")
	fs.StringVar(&f.Scope, "scope", "", "only notes of this scope: portable or machine-local")
	fs.BoolVar(&f.IncludeDeleted, "include-deleted", false, "include forgotten notes")
}

// searchOptions is "anamnesis search" as parsed.
type searchOptions struct {
	app.SearchRequest
	k    int
	json bool
}

var searchCmd = &command{
	name:    "search",
	summary: "Search notes by keywords, best first.",
	usage:   "QUERY [--project P] [--type T] [--scope S] [--k N] [--cursor C] [--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *cmdEnv, []string) error {
		var o searchOptions
		filterFlags(fs, &o.Filter)
		fs.IntVar(&o.k, "k", app.DefaultK, fmt.Sprintf("number of results (1-%d)", app.MaxK))
		fs.StringVar(&o.Cursor, "cursor", "", "continue from a previous page's next_cursor")
		fs.BoolVar(&o.json, "json", false, `print {"results": [...], "next_cursor": "..."}`)
		return func(ctx context.Context, e *cmdEnv, args []string) error {
			if len(args) == 0 {
				return usagef("missing QUERY")
			}
			// A person or a script at a terminal gets whole bodies; results bounded for a model are
			// the MCP tools' (see app.ResultChars).
			o.Query, o.K, o.Unbounded = strings.Join(args, " "), &o.k, true
			// Fast: answer from the index; a walk over every note file, when due, runs after the
			// answer in a detached process, so a search after the store sat idle is as quick as any.
			a, err := e.open(app.Options{Fast: true})
			if err != nil {
				return err
			}
			defer a.Close()
			defer func() {
				if a.DriftDue() {
					_ = hooks.Spawn(a.Home, "reindex.log", hooks.CatchUpArgs...)
				}
			}()
			page, err := a.Search(ctx, o.SearchRequest)
			if err != nil {
				return err
			}
			if o.json {
				return e.printJSON(page)
			}
			if len(page.Notes) == 0 {
				fmt.Fprintln(e.stderr, "no matching notes")
				return nil
			}
			for _, n := range page.Notes {
				printNoteLine(e, n)
				if b := oneLine(n.Body, 160); b != "" {
					fmt.Fprintf(e.stdout, "    %s\n", b)
				}
			}
			if page.NextCursor != "" {
				fmt.Fprintf(e.stdout, "more: --cursor %s\n", page.NextCursor)
			}
			return nil
		}
	},
}

func printNoteLine(e *cmdEnv, n *note.Note) {
	extra := ""
	if n.Deleted() {
		extra = " (forgotten)"
	}
	tags := ""
	if len(n.Tags) > 0 {
		tags = " #" + strings.Join(n.Tags, " #")
	}
	fmt.Fprintf(e.stdout, "%s  %-10s %s  [%s]%s%s\n", n.ID, n.Type, n.Title, n.Project, tags, extra)
}

// oneLine squeezes text to one line of at most max runes.
func oneLine(s string, max int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > max {
		return string(r[:max-1]) + "…"
	}
	return s
}
