package cli

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// filterFlags registers the filters list and search share.
func filterFlags(fs *flag.FlagSet) func() (store.Filter, error) {
	proj := fs.String("project", "", "only notes of this project key")
	typ := fs.String("type", "", "only notes of this type: procedural, semantic or episodic")
	scope := fs.String("scope", "", "only notes of this scope: portable or machine-local")
	deleted := fs.Bool("include-deleted", false, "include forgotten notes")
	return func() (store.Filter, error) {
		f := store.Filter{Project: *proj, Type: note.Type(*typ), Scope: note.Scope(*scope), IncludeDeleted: *deleted}
		return f, f.Validate()
	}
}

var searchCmd = &command{
	name:    "search",
	summary: "Search notes by keywords, best first.",
	usage:   "QUERY [--project P] [--type T] [--scope S] [--k N] [--cursor C] [--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *app, []string) error {
		filter := filterFlags(fs)
		k := fs.Int("k", 8, fmt.Sprintf("number of results (1-%d)", store.MaxK))
		cur := fs.String("cursor", "", "continue from a previous page's next_cursor")
		asJSON := fs.Bool("json", false, `print {"results": [...], "next_cursor": "..."}`)
		return func(ctx context.Context, a *app, args []string) error {
			if len(args) == 0 {
				return usagef("missing QUERY")
			}
			f, err := filter()
			if err != nil {
				return err
			}
			s, _, err := a.openStore(ctx)
			if err != nil {
				return err
			}
			defer s.Close()
			res, err := s.Search(ctx, store.SearchOptions{Filter: f, Query: strings.Join(args, " "), K: *k, Cursor: *cur})
			if err != nil {
				return err
			}
			if *asJSON {
				out := struct {
					Results    []note.View `json:"results"`
					NextCursor string      `json:"next_cursor,omitempty"`
				}{Results: make([]note.View, len(res.Hits)), NextCursor: res.NextCursor}
				for i, h := range res.Hits {
					out.Results[i] = note.ViewOf(h.Note, true)
				}
				return a.printJSON(out)
			}
			if len(res.Hits) == 0 {
				fmt.Fprintln(a.stderr, "no matching notes")
				return nil
			}
			for _, h := range res.Hits {
				printNoteLine(a, h.Note)
				if b := oneLine(h.Body, 160); b != "" {
					fmt.Fprintf(a.stdout, "    %s\n", b)
				}
			}
			if res.NextCursor != "" {
				fmt.Fprintf(a.stdout, "more: --cursor %s\n", res.NextCursor)
			}
			return nil
		}
	},
}

func printNoteLine(a *app, n *note.Note) {
	extra := ""
	if n.Deleted() {
		extra = " (forgotten)"
	}
	tags := ""
	if len(n.Tags) > 0 {
		tags = " #" + strings.Join(n.Tags, " #")
	}
	fmt.Fprintf(a.stdout, "%s  %-10s %s  [%s]%s%s\n", n.ID, n.Type, n.Title, n.Project, tags, extra)
}

// oneLine squeezes text to one line of at most max runes.
func oneLine(s string, max int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > max {
		return string(r[:max-1]) + "…"
	}
	return s
}
