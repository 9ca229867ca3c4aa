package cli

import (
	"context"
	"flag"
	"fmt"

	"github.com/anamnesis-go/anamnesis/core/app"
)

var reflectCmd = &command{
	name:    "reflect",
	summary: "Distil a project's session notes into durable notes with the configured model (dry run unless --apply).",
	usage:   "[--project P] [--apply] [--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *cmdEnv, []string) error {
		project := fs.String("project", "", "only this project key")
		apply := fs.Bool("apply", false, "write the notes and commit them")
		asJSON := fs.Bool("json", false, "print the report as JSON")
		return func(ctx context.Context, a *cmdEnv, _ []string) error {
			c, err := a.open(app.Options{})
			if err != nil {
				return err
			}
			defer func() { _ = c.Close() }()
			rep, err := c.Reflect(ctx, app.ReflectRequest{Project: *project, Apply: *apply})
			if *asJSON {
				if perr := a.printJSON(rep); perr != nil {
					return perr
				}
				return err
			}
			if rep.NotConfigured != "" {
				fmt.Fprintf(a.stdout, "reflect: no model provider configured (%s)\n", rep.NotConfigured)
				return nil
			}
			for _, ch := range rep.Resolved {
				fmt.Fprintf(a.stdout, "reflect: %s %s\n", ch.ID, ch.What)
			}
			if len(rep.Projects) == 0 {
				fmt.Fprintf(a.stdout, "reflect: no project has %d or more unreflected session notes\n", rep.Min)
			}
			for _, p := range rep.Projects {
				switch {
				case !rep.Apply:
					fmt.Fprintf(a.stdout, "reflect: %s: %d session note(s) to distil\n", p.Project, len(p.Sources))
				case p.Error != "":
					fmt.Fprintf(a.stdout, "reflect: %s: failed (%s); skipped, nothing written\n", p.Project, p.Error)
				default:
					fmt.Fprintf(a.stdout, "reflect: %s: distilled %d session note(s) -> %d note(s)\n", p.Project, p.Used, len(p.Drafts))
					for _, d := range p.Drafts {
						fmt.Fprintf(a.stdout, "  [%s] %s\n", d.Type, d.Title)
					}
				}
			}
			if !rep.Apply {
				dryRunHint(a.stdout, "reflect", len(rep.Projects))
			} else if rep.Commit != "" {
				fmt.Fprintf(a.stdout, "reflect: committed %s in memory/; the next sync carries it\n", rep.Commit)
			}
			return err
		}
	},
}
