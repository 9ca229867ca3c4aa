package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/config"
	"github.com/anamnesis-go/anamnesis/hookcli/resident"
)

// statusOptions is "anamnesis status" as parsed.
type statusOptions struct{ json bool }

var statusCmd = &command{
	name:    "status",
	summary: "Show the store: where it is, how many notes, and the sync state.",
	usage:   "[--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *cmdEnv, []string) error {
		var o statusOptions
		fs.BoolVar(&o.json, "json", false, "print the memory_status object")
		return func(ctx context.Context, e *cmdEnv, args []string) error {
			a, err := e.open(app.Options{})
			if err != nil {
				return err
			}
			defer a.Close()
			st, err := a.Status(ctx)
			if err != nil {
				return err
			}
			if o.json {
				return e.printJSON(st)
			}
			renderStatus(e.stdout, st, a.Home.Spool(), time.Now())
			pctx, cancel := context.WithTimeout(ctx, probeWait)
			defer cancel()
			renderServers(e.stdout, resident.Probe(pctx, a.Home), a.Settings().Bool(config.KeyHookServer), time.Now())
			return nil
		}
	},
}

var versionCmd = &command{
	name:    "version",
	summary: "Print the version.",
	setup: func(fs *flag.FlagSet) func(context.Context, *cmdEnv, []string) error {
		return func(ctx context.Context, e *cmdEnv, args []string) error {
			printVersion(e.stdout)
			return nil
		}
	},
}

// probeWait bounds how long status waits for the resident servers to say how they are.
const probeWait = 500 * time.Millisecond

// renderServers says whether a resident server answers this store's hooks and searches.
func renderServers(w io.Writer, states []resident.State, on bool, now time.Time) {
	switch {
	case !on:
		fmt.Fprintln(w, "Server:   off (hooks.server); every hook and search starts anamnesis-cli")
		return
	case len(states) == 0:
		fmt.Fprintln(w, "Server:   not running; the next hook or search starts it")
		return
	}
	for i, st := range states {
		label := "Server:  "
		if i > 0 {
			label = "         "
		}
		fmt.Fprintf(w, "%s running (pid %d, up %s, %s answered) for %s\n", label, st.PID,
			now.Sub(st.Started).Round(time.Second), plural(int(st.Answered), "request"), st.Binary)
		fmt.Fprintf(w, "          %s\n", st.Kept)
	}
}

// printVersion is "anamnesis version" and "anamnesis --version": "<binary> <version>", the form
// all three binaries print.
func printVersion(w io.Writer) { fmt.Fprintf(w, "anamnesis %s\n", app.BuildVersion(Version)) }
