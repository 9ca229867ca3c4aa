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
	usage:   "QUERY [--project P] [--type T] [--scope S] [--k N] [--cursor C] [--explain] [--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *cmdEnv, []string) error {
		var o searchOptions
		filterFlags(fs, &o.Filter)
		fs.IntVar(&o.k, "k", app.DefaultK, fmt.Sprintf("number of results (1-%d)", app.MaxK))
		fs.StringVar(&o.Cursor, "cursor", "", "continue from a previous page's next_cursor")
		fs.BoolVar(&o.json, "json", false, `print {"results": [...], "next_cursor": "...", "explain": {...}}`)
		fs.BoolVar(&o.Explain, "explain", false, "show why each note ranked where it did: words searched, rules, "+
			"and per hit the words matched, their fields and their share of the bm25 score (lower is better)")
		return func(ctx context.Context, e *cmdEnv, args []string) error {
			if len(args) == 0 {
				return usagef("missing QUERY")
			}
			// A person or a script at a terminal gets whole bodies; results bounded for a model are
			// the MCP tools' (see app.ResultChars).
			o.Query, o.K, o.Unbounded = strings.Join(args, " "), &o.k, true
			// Fast: answer from the index; a walk over every note file, when due, runs after the
			// answer in a detached process, so a search after the store sat idle is as quick as any.
			// Run by the resident server, the walk runs in the server after the answer.
			a, done, err := e.openFast(ctx)
			if err != nil {
				return err
			}
			defer done()
			defer func() {
				if e.served == nil && a.DriftDue() {
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
			if page.Explain != nil {
				printExplainHeader(e, page.Explain)
			}
			if len(page.Notes) == 0 {
				fmt.Fprintln(e.stderr, "no matching notes")
				return nil
			}
			for i, n := range page.Notes {
				printNoteLine(e, n)
				if b := oneLine(n.Body, 160); b != "" {
					fmt.Fprintf(e.stdout, "    %s\n", b)
				}
				if page.Explain != nil && i < len(page.Explain.Hits) {
					printHitWhy(e, page.Explain.Hits[i])
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

// printExplainHeader shows what became of the query before the hits.
func printExplainHeader(e *cmdEnv, x *app.SearchExplain) {
	words := make([]string, len(x.Terms))
	for i, t := range x.Terms {
		words[i] = t.Word
		if t.Expr != `"`+t.Word+`"` {
			words[i] += " = " + t.Expr
		}
	}
	fmt.Fprintf(e.stdout, "searched: %s\n", strings.Join(words, "; "))
	if len(x.Dropped) > 0 {
		fmt.Fprintf(e.stdout, "dropped:  %s\n", strings.Join(x.Dropped, ", "))
	}
	for _, r := range x.Rules {
		fmt.Fprintf(e.stdout, "rule:     %s\n", r)
	}
	fmt.Fprintln(e.stdout)
}

// printHitWhy shows one hit's score and the words that made it.
func printHitWhy(e *cmdEnv, h app.HitWhy) {
	parts := make([]string, len(h.Matched))
	for i, m := range h.Matched {
		parts[i] = fmt.Sprintf("%s in %s %.2f", m.Word, strings.Join(m.Fields, "+"), m.Score)
	}
	bonus := ""
	if h.Coverage != 0 || h.Proximity != 0 {
		bonus = fmt.Sprintf(" - coverage %.2f - proximity %.2f", h.Coverage, h.Proximity)
	}
	extra := ""
	if h.Expansion != 0 {
		// Another name of a concept the query names matched (the developer lexicon), at a share.
		extra = fmt.Sprintf(" - other names %.2f", -h.Expansion)
	}
	if h.When != 0 {
		// The question asks when and this note says when (a date, "last week", "3 years ago").
		extra += fmt.Sprintf(" - says when %.2f", h.When)
	}
	if h.Joint != 0 {
		// It matched and sits next to a better match: it adds a share of its other score.
		extra += fmt.Sprintf(" - joint %.2f", h.Joint)
	}
	bonus += extra
	if h.ContextOf != "" {
		// Its score is the share a better hit written next to it lent it (an episodic neighbour).
		own := "no match of its own"
		if len(parts) > 0 {
			own = fmt.Sprintf("own bm25 %.2f (%s)", h.BM25, strings.Join(parts, ", "))
		}
		fmt.Fprintf(e.stdout, "    #%d score %.2f = context of %s%s; %s\n", h.Rank, h.Score, h.ContextOf, extra, own)
		return
	}
	fmt.Fprintf(e.stdout, "    #%d score %.2f = bm25 %.2f (%s)%s\n", h.Rank, h.Score, h.BM25, strings.Join(parts, ", "), bonus)
}
