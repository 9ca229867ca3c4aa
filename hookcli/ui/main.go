package ui

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/anamnesis-go/anamnesis/core/app"
)

// Version is the build's version, stamped by the linker like the other binaries'.
var Version = "dev"

// Main is the anamnesis-ui program: the dashboard in a binary of its own, so the markdown and
// HTML-sanitising libraries it needs are initialised only here, never in the anamnesis process
// every hook starts. "anamnesis ui" runs it with the same flags. It returns the exit status:
// 0 after a clean shutdown (Ctrl-C or SIGTERM), 1 on an error, 2 on a usage mistake.
func Main(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("anamnesis-ui", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	home := fs.String("home", "", "store directory (default $ANAMNESIS_HOME or ~/.anamnesis)")
	addr := fs.String("addr", DefaultAddr, "loopback address to listen on (127.0.0.1, ::1 or localhost)")
	open := fs.Bool("open", false, "open the dashboard in the default browser")
	version := fs.Bool("version", false, "print the version")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(stdout, "usage: anamnesis ui [--addr %s] [--open]\n\n"+
				"Serve the memory dashboard to a browser on this machine (loopback only).\n\nflags:\n", DefaultAddr)
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return 0
		}
		fmt.Fprintf(stderr, "anamnesis ui: %v (run 'anamnesis help ui')\n", err)
		return 2
	}
	if *version {
		fmt.Fprintf(stdout, "anamnesis-ui %s\n", app.BuildVersion(Version))
		return 0
	}
	if fs.NArg() > 0 {
		fmt.Fprintln(stderr, "anamnesis ui: takes no arguments")
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := serve(ctx, *home, *addr, *open, stdout); err != nil {
		msg, _ := app.Problem(err, nil)
		fmt.Fprintf(stderr, "anamnesis ui: %s\n", msg)
		return 1
	}
	return 0
}

func serve(ctx context.Context, home, addr string, open bool, out io.Writer) error {
	// Refuse a non-loopback address before opening the store, so the mistake costs nothing.
	if _, _, err := loopbackListenAddr(addr); err != nil {
		return err
	}
	core, err := app.New(home, app.Options{})
	if err != nil {
		return err
	}
	defer func() { _ = core.Close() }()
	return Run(ctx, RunOptions{App: core, Addr: addr, Open: open, Out: out})
}
