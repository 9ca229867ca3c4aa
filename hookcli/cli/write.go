package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/project"
	"github.com/anamnesis-go/anamnesis/core/store"
)

var writeCmd = &command{
	name:    "write",
	summary: "Write a new note (the body comes from --body, or from stdin when --body is absent).",
	usage:   "--type T --title S [--project P] [--tags a,b] [--scope portable|machine-local] [--body TEXT] [--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *app, []string) error {
		typ := fs.String("type", "", "note type: procedural, semantic or episodic (required)")
		title := fs.String("title", "", "note title (required)")
		proj := fs.String("project", "", "project key (default: the project of the current directory)")
		tags := fs.String("tags", "", "comma-separated tags")
		scope := fs.String("scope", "portable", "portable (synced) or machine-local (never leaves this machine)")
		body := fs.String("body", "", "note body (default: read from stdin)")
		supersedes := fs.String("supersedes", "", "comma-separated ids of notes this one replaces")
		asJSON := fs.Bool("json", false, "print the created note as JSON")
		return func(ctx context.Context, a *app, args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q (quote the title, or pass the body with --body)", args[0])
			}
			if *typ == "" || strings.TrimSpace(*title) == "" {
				return usagef("--type and --title are required")
			}
			t, err := note.ParseType(*typ)
			if err != nil {
				return err
			}
			sc, err := note.ParseScope(*scope)
			if err != nil {
				return err
			}
			text := *body
			if !flagSet(fs, "body") {
				b, err := io.ReadAll(a.stdin)
				if err != nil {
					return fmt.Errorf("read body from stdin: %w", err)
				}
				text = strings.TrimRight(string(b), "\n")
			}
			p := *proj
			if p == "" {
				p = project.Resolve(ctx, ".")
			}
			s, _, err := a.openStore(ctx)
			if err != nil {
				return err
			}
			defer s.Close()
			n, err := s.Write(ctx, store.WriteInput{Type: t, Title: *title, Body: text, Project: p,
				Scope: sc, Tags: csv(*tags), Supersedes: csv(*supersedes)})
			if err != nil {
				return err
			}
			if *asJSON {
				return a.printJSON(note.ViewOf(n, true))
			}
			fmt.Fprintln(a.stdout, n.ID)
			return nil
		}
	},
}

// flagSet reports whether the named flag was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) {
		if f.Name == name {
			set = true
		}
	})
	return set
}
