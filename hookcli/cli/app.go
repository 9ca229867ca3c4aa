// Package cli implements the anamnesis command: one file per subcommand. Each parses its flags
// into an options struct, calls one use case of the application layer (core/app) and renders the
// result. Errors reach the user as one sentence on stderr and a non-zero exit.
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
	"strings"
	"syscall"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/hookcli/hooks"
)

// Version is set at build time with -ldflags "-X github.com/anamnesis-go/anamnesis/hookcli/cli.Version=…".
var Version = "dev"

// command is one subcommand.
type command struct {
	name    string
	summary string // one line for "anamnesis help"
	usage   string // argument synopsis, after the command name
	// run executes the command. fs has the command's flags registered by setup and parsed.
	setup func(fs *flag.FlagSet) func(ctx context.Context, e *cmdEnv, args []string) error
	// hidden commands are not listed by "help" (hook handlers Claude Code calls).
	hidden bool
}

// commands is every subcommand, in the order "help" lists them.
var commands = []*command{
	writeCmd, searchCmd, listCmd, showCmd, forgetCmd, reindexCmd, embedCmd, syncCmd, captureCmd, statusCmd, versionCmd,
	initCmd, uninstallCmd, importCmd, hookCmd, hookServerCmd, uiCmd, statuslineCmd,
	configCmd, reflectCmd, mergeCmd, dedupCmd, migrateCmd, backfillCmd, reviewCmd, evalCmd,
}

func lookup(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

// cmdEnv carries what every command needs: streams and the store directory.
type cmdEnv struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	home           string // --home, or "" for ANAMNESIS_HOME / ~/.anamnesis
	// served is the resident server's App, when the server runs the command (see Served).
	served hooks.Opener
}

// usageError is a mistake in how the command was called: exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

// exitStatus ends the command with this status and no message: a program the command ran has
// already told the user what went wrong.
type exitStatus int

func (e exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

// Main runs the command line args and returns the exit status.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return (&cmdEnv{stdin: stdin, stdout: stdout, stderr: stderr}).main(ctx, args)
}

// Served runs a command line the resident server runs for the front door ("anamnesis search"),
// exactly as Main would, but with the App open gives: the server's, already open and warm.
func Served(ctx context.Context, args []string, open hooks.Opener, stdout, stderr io.Writer) int {
	return (&cmdEnv{stdin: strings.NewReader(""), stdout: stdout, stderr: stderr, served: open}).main(ctx, args)
}

// main parses the global flags and runs the command.
func (a *cmdEnv) main(ctx context.Context, args []string) int {
	stderr := a.stderr
	global := flag.NewFlagSet("anamnesis", flag.ContinueOnError)
	global.SetOutput(io.Discard)
	global.StringVar(&a.home, "home", "", "store directory (default $ANAMNESIS_HOME or ~/.anamnesis)")
	version := global.Bool("version", false, "print the version")
	if err := global.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			a.help()
			return 0
		}
		fmt.Fprintf(stderr, "anamnesis: %v\n", err)
		return 2
	}
	if *version {
		printVersion(a.stdout)
		return 0
	}
	rest := global.Args()
	if len(rest) == 0 {
		a.help()
		return 2
	}
	name, rest := rest[0], rest[1:]
	if name == "help" || name == "-h" || name == "--help" {
		if len(rest) > 0 {
			if c := lookup(rest[0]); c != nil {
				fs := c.flags(a)
				c.setup(fs)
				fs.SetOutput(a.stdout)
				fs.Usage()
				return 0
			}
		}
		a.help()
		return 0
	}
	c := lookup(name)
	if c == nil {
		fmt.Fprintf(stderr, "anamnesis: unknown command %q (run 'anamnesis help' for the list)\n", name)
		return 2
	}
	fs := c.flags(a)
	run := c.setup(fs)
	// The flag package would print the error and the whole usage; the user gets one sentence.
	fs.SetOutput(io.Discard)
	if err := fs.Parse(interleave(fs, rest)); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(a.stdout)
			fs.Usage()
			return 0
		}
		fmt.Fprintf(stderr, "anamnesis %s: %v (run 'anamnesis help %s')\n", c.name, err, c.name)
		return 2
	}
	if err := run(ctx, a, fs.Args()); err != nil {
		var es exitStatus
		if errors.As(err, &es) {
			return int(es)
		}
		var ue usageError
		if errors.As(err, &ue) {
			fmt.Fprintf(stderr, "anamnesis %s: %s\n", c.name, ue.msg)
			return 2
		}
		fmt.Fprintln(stderr, problemLine(c.name, err))
		return 1
	}
	return 0
}

// problemLine is the one line a failed command prints: "anamnesis NAME: " and the error's sentence.
// An engine may begin its own error with the same word ("search: ..." from the store); the line
// names the command once, not "anamnesis search: search: ...".
func problemLine(name string, err error) string {
	msg, _ := app.Problem(err, nil)
	return "anamnesis " + name + ": " + strings.TrimPrefix(msg, name+": ")
}

// flags builds the command's flag set; -h prints its usage.
func (c *command) flags(a *cmdEnv) *flag.FlagSet {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(a.stderr)
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "usage: anamnesis %s %s\n\n%s\n", c.name, c.usage, c.summary)
		var has bool
		fs.VisitAll(func(*flag.Flag) { has = true })
		if has {
			fmt.Fprintln(w, "\nflags:")
			printFlags(w, fs)
		}
	}
	return fs
}

// printFlags lists the flags as the usage lines spell them, with two dashes (the flag package's
// PrintDefaults shows "-body" while every usage line and the README say "--body"; both work).
func printFlags(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		line := "  --" + f.Name
		if name != "" {
			line += " " + name
		}
		line += "\n    \t" + strings.ReplaceAll(usage, "\n", "\n    \t")
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" {
			if name == "string" {
				line += fmt.Sprintf(" (default %q)", f.DefValue)
			} else {
				line += " (default " + f.DefValue + ")"
			}
		}
		fmt.Fprintln(w, line)
	})
}

// interleave lets flags follow positional arguments ("search wal --k 3"), as users expect.
func interleave(fs *flag.FlagSet, args []string) []string {
	var flags, pos []string
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if arg == "--" {
			pos = append(pos, args[i+1:]...)
			break
		}
		if len(arg) > 1 && arg[0] == '-' {
			flags = append(flags, arg)
			name := strings.TrimLeft(arg, "-")
			if strings.Contains(name, "=") {
				continue
			}
			if f := fs.Lookup(name); f != nil {
				if bf, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && bf.IsBoolFlag() {
					continue
				}
				if i+1 < len(args) {
					flags = append(flags, args[i+1])
					i++
				}
			}
			continue
		}
		pos = append(pos, arg)
	}
	return append(flags, pos...)
}

func (a *cmdEnv) help() {
	fmt.Fprintf(a.stdout, "anamnesis: cross-machine memory for Claude Code\n\nusage: anamnesis [--home DIR] <command> [flags] [args]\n\ncommands:\n")
	for _, c := range commands {
		if !c.hidden {
			fmt.Fprintf(a.stdout, "  %-10s %s\n", c.name, c.summary)
		}
	}
	fmt.Fprintf(a.stdout, "\nRun 'anamnesis help <command>' or 'anamnesis <command> -h' for a command's flags.\n"+
		"The store is $ANAMNESIS_HOME (default ~/.anamnesis); --home overrides it.\n")
}

// open makes the application for the selected store; the caller closes it.
func (a *cmdEnv) open(opts app.Options) (*app.App, error) { return app.New(a.home, opts) }

// openFast gives a command that answers from the index (app.Options.Fast) its App and what to
// call when done: the resident server's when it runs the command, else one of its own.
func (a *cmdEnv) openFast(ctx context.Context) (*app.App, func(), error) {
	if a.served != nil {
		return a.served(ctx)
	}
	ap, err := a.open(app.Options{Fast: true})
	if err != nil {
		return nil, nil, err
	}
	return ap, func() { _ = ap.Close() }, nil
}

// printJSON writes v as indented JSON.
func (a *cmdEnv) printJSON(v any) error {
	enc := json.NewEncoder(a.stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// csv splits a comma-separated flag value.
func csv(s string) []string {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	return note.NormalizeTags(strings.Split(s, ","))
}
