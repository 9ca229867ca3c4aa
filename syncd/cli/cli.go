// Package cli is the command line of anamnesis-syncd: run the sync loop, run one cycle, or
// install/uninstall the per-user service.
package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/syncd/runner"
	"github.com/anamnesis-go/anamnesis/syncd/service"
)

// autoReflect distils session notes once a project has enough of them, when reflection.auto is
// on; core/app records it in the status file.
func autoReflect(ctx context.Context, home string) string {
	a, err := app.New(home, app.Options{})
	if err != nil {
		return "auto-reflect: " + err.Error()
	}
	defer func() { _ = a.Close() }()
	rep, ran, err := a.AutoReflect(ctx)
	switch {
	case !ran:
		return ""
	case err != nil:
		return "auto-reflect failed: " + err.Error()
	case rep.Written() > 0 || rep.Commit != "":
		return fmt.Sprintf("auto-reflect: wrote %d note(s) in %s", rep.Written(), rep.Commit)
	}
	return ""
}

const usage = `anamnesis-syncd: sync the Anamnesis memory store with your other machines over git

usage:
  anamnesis-syncd [--home DIR] [--interval 5m]      run forever: a cycle now, then one per interval
  anamnesis-syncd [--home DIR] --once [--json]      run one cycle and exit
  anamnesis-syncd [--home DIR] install [--print]    install and start the per-user service
  anamnesis-syncd [--home DIR] uninstall            stop and remove the service
  anamnesis-syncd [--home DIR] status               print the sync status file (JSON)
  anamnesis-syncd version | --version               print the version

Each cycle first turns the sessions Claude Code's hooks queued for capture into notes, so they
reach the other machines in the same cycle.

While the remote is unreachable the loop retries after 30s, doubling up to an hour.
SIGHUP runs a cycle at once; SIGTERM or SIGINT exits cleanly. Each cycle is recorded in
<home>/sync-status.json, which "anamnesis status" reads.

flags:
`

// Version is set at build time with -ldflags "-X github.com/anamnesis-go/anamnesis/syncd/cli.Version=…".
var Version = "dev"

// Main runs the command and returns its exit status.
func Main(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("anamnesis-syncd", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("home", "", "store directory (default $ANAMNESIS_HOME or ~/.anamnesis)")
	interval := fs.Duration("interval", runner.DefaultInterval, "time between cycles")
	once := fs.Bool("once", false, "run one cycle and exit")
	asJSON := fs.Bool("json", false, "with --once: print the cycle's result as JSON")
	version := fs.Bool("version", false, "print the version and exit")
	fs.Usage = func() {} // printed below, once, to the right stream
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, usage)
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return 0
		}
		fmt.Fprintln(stderr, "run 'anamnesis-syncd --help' for usage")
		return 2
	}
	rest := fs.Args()
	if *version || (len(rest) == 1 && rest[0] == "version") {
		// "<binary> <version>", the form all three binaries print.
		fmt.Fprintf(stdout, "anamnesis-syncd %s\n", app.BuildVersion(Version))
		return 0
	}
	if *interval <= 0 {
		fmt.Fprintln(stderr, "anamnesis-syncd: --interval must be positive")
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	r := &runner.Runner{Home: *dir, Interval: *interval, AfterSync: autoReflect, Log: stderr}

	if len(rest) == 1 && rest[0] == "status" {
		err := statusJSON(stdout, *dir)
		if err != nil {
			fmt.Fprintf(stderr, "anamnesis-syncd: %v\n", err)
			return 1
		}
		return 0
	}
	if len(rest) > 0 {
		return serviceCommand(ctx, rest, *dir, *interval, stdout, stderr)
	}
	if *once {
		res, err := r.Once(ctx)
		if err != nil {
			fmt.Fprintf(stderr, "anamnesis-syncd: %v\n", err)
			return 1
		}
		if *asJSON {
			enc := json.NewEncoder(stdout)
			enc.SetIndent("", "  ")
			if err := enc.Encode(res); err != nil {
				fmt.Fprintf(stderr, "anamnesis-syncd: print result: %v\n", err)
				return 1
			}
		} else {
			fmt.Fprintln(stdout, res.Detail)
		}
		if res.Offline {
			return 1
		}
		return 0
	}

	wake := make(chan struct{}, 1)
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	defer signal.Stop(hup)
	go func() {
		for range hup {
			select {
			case wake <- struct{}{}:
			default: // a cycle is already due
			}
		}
	}()
	if err := r.Run(ctx, wake); err != nil {
		fmt.Fprintf(stderr, "anamnesis-syncd: %v\n", err)
		return 1
	}
	return 0
}

func serviceCommand(ctx context.Context, args []string, dir string, interval time.Duration, stdout, stderr io.Writer) int {
	name := args[0]
	fs := flag.NewFlagSet("anamnesis-syncd "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	print := fs.Bool("print", false, "print the service file instead of installing it")
	noEnable := fs.Bool("no-enable", false, "write (or remove) the service file only; do not start or stop it")
	if name != "install" && name != "uninstall" {
		fmt.Fprintf(stderr, "anamnesis-syncd: unknown command %q (install, uninstall, status, version, or flags only; see --help)\n", name)
		return 2
	}
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "anamnesis-syncd %s: unexpected argument %q\n", name, fs.Arg(0))
		return 2
	}
	exe, err := os.Executable()
	if err == nil {
		exe, err = filepath.EvalSymlinks(exe)
	}
	if err != nil {
		fmt.Fprintf(stderr, "anamnesis-syncd: find this program's path: %v\n", err)
		return 1
	}
	if dir != "" {
		if dir, err = filepath.Abs(dir); err != nil {
			fmt.Fprintf(stderr, "anamnesis-syncd: %v\n", err)
			return 1
		}
	}
	spec := service.Spec{Exe: exe, Home: dir}
	if interval != runner.DefaultInterval {
		spec.Interval = interval
	}
	opts := service.Options{NoEnable: *noEnable}
	switch {
	case name == "install" && *print:
		path, content, err := service.Render(spec)
		if err != nil {
			fmt.Fprintf(stderr, "anamnesis-syncd: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "# %s\n%s", path, content)
		return 0
	case name == "install":
		path, err := service.Install(ctx, spec, opts)
		if err != nil {
			fmt.Fprintf(stderr, "anamnesis-syncd: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "installed %s\n", path)
	default:
		if *print {
			fmt.Fprintln(stderr, "anamnesis-syncd uninstall: --print applies to install only")
			return 2
		}
		path, err := service.Uninstall(ctx, spec, opts)
		if err != nil {
			fmt.Fprintf(stderr, "anamnesis-syncd: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "removed %s\n", path)
	}
	return 0
}

// statusJSON prints the status file: the last cycles' outcome and the next planned run.
func statusJSON(w io.Writer, dir string) error {
	a, err := app.New(dir, app.Options{})
	if err != nil {
		return err
	}
	defer a.Close()
	s, err := a.ReadSyncRecord()
	if err != nil {
		return err
	}
	b, _ := json.MarshalIndent(s, "", "  ")
	_, err = fmt.Fprintln(w, strings.TrimSpace(string(b)))
	return err
}
