package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/note"
)

// writeOptions is "anamnesis write" as parsed.
type writeOptions struct {
	app.WriteRequest
	tags, supersedes string
	json             bool
}

var writeCmd = &command{
	name:    "write",
	summary: "Write a new note (the body comes from --body, or from stdin when --body is absent).",
	usage:   "--type T --title S [--project P] [--tags a,b] [--scope portable|machine-local] [--body TEXT] [--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *cmdEnv, []string) error {
		var o writeOptions
		fs.StringVar(&o.Type, "type", "", "note type: procedural, semantic or episodic (required)")
		fs.StringVar(&o.Title, "title", "", "note title (required)")
		fs.StringVar(&o.Project, "project", "", "project key (default: the project of the current directory)")
		fs.StringVar(&o.tags, "tags", "", "comma-separated tags")
		fs.StringVar(&o.Scope, "scope", "portable", "portable (synced) or machine-local (never leaves this machine)")
		fs.StringVar(&o.Body, "body", "", "note body (default: read from stdin)")
		fs.StringVar(&o.supersedes, "supersedes", "", "comma-separated ids of notes this one replaces")
		fs.BoolVar(&o.json, "json", false, "print the created note as JSON")
		return func(ctx context.Context, e *cmdEnv, args []string) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q (quote the title, or pass the body with --body)", args[0])
			}
			if o.Type == "" || strings.TrimSpace(o.Title) == "" {
				return usagef("--type and --title are required")
			}
			// Checked before the body is read, so a mistake is not reported after typing a note.
			if _, err := app.ParseType(o.Type, true); err != nil {
				return err
			}
			if _, err := app.ParseScope(o.Scope, true); err != nil {
				return err
			}
			if flagSet(fs, "body") && strings.TrimSpace(o.Body) == "" {
				// Most often an unset shell variable (--body "$NOTE"): a note with no body is
				// written on purpose by leaving --body out and sending nothing on stdin.
				return usagef("--body is empty: give the note a body, or leave --body out to read it from stdin")
			}
			if !flagSet(fs, "body") {
				if isTerminal(e.stdin) {
					fmt.Fprintln(e.stderr, "anamnesis write: reading the body from stdin (end with Ctrl-D, or pass --body TEXT)")
				}
				b, err := io.ReadAll(e.stdin)
				if err != nil {
					return fmt.Errorf("read body from stdin: %w", err)
				}
				o.Body = strings.TrimRight(string(b), "\n")
			}
			if o.Project == "" {
				o.Project = app.ProjectKey(ctx, ".")
			}
			o.Tags, o.Supersedes = csv(o.tags), csv(o.supersedes)
			a, err := e.open(app.Options{})
			if err != nil {
				return err
			}
			defer a.Close()
			res, err := a.Write(ctx, o.WriteRequest)
			if err != nil {
				return err
			}
			if len(res.Redacted) > 0 {
				fmt.Fprintf(e.stderr, "anamnesis write: secrets replaced by [REDACTED:<rule>] before writing (rules: %s)\n", strings.Join(res.Redacted, ", "))
			}
			if o.json {
				return e.printJSON(note.ViewOf(res.Note, true))
			}
			fmt.Fprintln(e.stdout, res.Note.ID)
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
