package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"time"

	"github.com/anamnesis-go/anamnesis/hookcli/claudeconf"
)

// UIName is the dashboard's own binary. It lives apart from anamnesis because its markdown and
// HTML-sanitising libraries cost every process that links them ~16 ms of package initialisation,
// and anamnesis is the process Claude Code starts on every prompt.
const UIName = "anamnesis-ui"

// DefaultUIAddr is where the dashboard listens unless --addr says otherwise (ui.DefaultAddr).
const DefaultUIAddr = "127.0.0.1:7822"

var uiCmd = &command{
	name:    "ui",
	summary: "Serve the memory dashboard to a browser on this machine (loopback only).",
	usage:   "[--addr " + DefaultUIAddr + "] [--open]",
	setup: func(fs *flag.FlagSet) func(context.Context, *cmdEnv, []string) error {
		addr := fs.String("addr", DefaultUIAddr, "loopback address to listen on (127.0.0.1, ::1 or localhost)")
		open := fs.Bool("open", false, "open the dashboard in the default browser")
		return func(ctx context.Context, a *cmdEnv, args []string) error {
			if len(args) > 0 {
				return usagef("takes no arguments")
			}
			argv := []string{"--addr", *addr}
			if a.home != "" {
				argv = append(argv, "--home", a.home)
			}
			if *open {
				argv = append(argv, "--open")
			}
			return runUI(ctx, a, argv)
		}
	},
}

// runUI runs anamnesis-ui with argv, its output the user's, and returns its exit status as
// an exitStatus (the dashboard has already said what went wrong). A stop signal reaching this
// process is passed on as an interrupt, so the dashboard shuts down cleanly either way.
func runUI(ctx context.Context, a *cmdEnv, argv []string) error {
	self, _ := os.Executable()
	bin := claudeconf.FindBinary(self, UIName)
	if bin == "" {
		return fmt.Errorf("the dashboard is the %s program, found neither next to this anamnesis nor on PATH: "+
			"install it with the other binaries (make install, the install script, or "+
			"go install github.com/anamnesis-go/anamnesis/hookcli/cmd/%s@latest)", UIName, UIName)
	}
	cmd := exec.CommandContext(ctx, bin, argv...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = a.stdin, a.stdout, a.stderr
	cmd.Cancel = func() error { return interrupt(cmd.Process) }
	cmd.WaitDelay = 10 * time.Second
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return nil
	case ctx.Err() != nil:
		// Stopped by the interrupt passed on: a clean stop, as when the user presses Ctrl-C.
		return nil
	case errors.As(err, &ee) && ee.ExitCode() > 0:
		return exitStatus(ee.ExitCode())
	default:
		return fmt.Errorf("run %s: %w", bin, err)
	}
}

// interrupt asks p to stop as Ctrl-C would. Windows cannot send an interrupt to one process; there
// the console's Ctrl-C already reaches the dashboard too, and WaitDelay ends it if it lingers.
func interrupt(p *os.Process) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	return p.Signal(os.Interrupt)
}
