package resident

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/anamnesis-go/anamnesis/core/buildinfo"
	"github.com/anamnesis-go/anamnesis/core/home"
)

// FullName is the program the front door stands in front of: the whole command line, installed
// beside it.
const FullName = "anamnesis-cli"

// Version is stamped by the linker (make, the release archives); see buildinfo.Version.
var Version = "dev"

// EnvServer set to off (or false, 0, no) keeps hooks from using or starting a server; the
// setting hooks.server in config.json does the same.
const EnvServer = "ANAMNESIS_HOOK_SERVER"

// maxInput bounds the hook's JSON read from stdin, as "anamnesis hook" bounds it.
const maxInput = 8 << 20

// startInterval spaces out attempts to start a server: one that cannot start (a socket path too
// long, a read-only store) is not retried on every hook.
const startInterval = 30 * time.Second

// Front runs the front door called name ("anamnesis" or "anamnesis-hook") with ARGS, which mean
// what "anamnesis-cli ARGS" means. A Claude Code hook ("[--home DIR] hook EVENT") and a command of
// Commands are answered by the resident server, started on first use; anything else, and
// anything the server cannot take, is run by anamnesis-cli, installed beside the front door. It
// returns the exit status.
func Front(name string, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if name == FrontDoorName && len(args) == 1 && (args[0] == "--version" || args[0] == "-version") {
		fmt.Fprintf(stdout, "%s %s\n", name, buildinfo.Version(Version))
		return 0
	}
	hook, isHook := hookCall(args)
	full, err := fullBinary()
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		if isHook {
			return 0 // a hook never breaks a session
		}
		return 1
	}
	if runtime.GOOS == "windows" {
		return handOver(name, full, args, stdin, stdout, stderr)
	}
	if isHook {
		return frontHook(full, hook, args, stdin, stdout, stderr)
	}
	if dir, cmd, ok := commandCall(args); ok {
		if code, answered := frontCommand(full, dir, cmd, args, stdout, stderr); answered {
			return code
		}
	}
	return handOver(name, full, args, stdin, stdout, stderr)
}

// frontHook hands a hook to the server, or runs it with anamnesis-cli when no server can take it.
func frontHook(full string, c call, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	h, err := home.Resolve(c.dir)
	if err != nil || serverOff(h) {
		return run(full, args, stdin, stdout, stderr)
	}
	if !h.Exists() {
		return 0 // as "anamnesis hook" does: hooks never create a store
	}
	input, err := readInput(stdin)
	if err != nil {
		input = nil // the handler logs the empty input
	}
	key, err := Key(h.Root(), os.Environ(), full)
	if err != nil {
		return run(full, args, bytes.NewReader(input), stdout, stderr)
	}
	cwd, _ := os.Getwd()
	ctx, cancel := context.WithTimeout(context.Background(), Events[c.event])
	defer cancel()
	req := Request{Event: c.event, Cwd: cwd, Stdin: input, Plugin: c.plugin, Agent: c.agent}
	if c.plugin {
		req.ProjectDir = os.Getenv("CLAUDE_PROJECT_DIR")
	}
	resp, err := Ask(ctx, Socket(h, key), req)
	switch {
	case err == nil:
		_, _ = stdout.Write(resp.Stdout)
		_, _ = stderr.Write(resp.Stderr)
		return 0
	case Unanswered(err):
		if !errors.Is(err, ErrPathTooLong) {
			start(h, key, full)
		}
		return run(full, args, bytes.NewReader(input), stdout, stderr)
	default:
		// Late (ErrLate): the server is still at work on it, and running it again here would
		// outlast Claude Code's timeout; this hook adds nothing.
		logf(h, c.event, "hook server: %v", err)
		return 0
	}
}

// frontCommand asks the server to run a command of Commands. answered is false when it did not
// (no server, none allowed, no store yet, or no answer in time): the caller runs the command
// itself, which is harmless since these commands only read. With no server running, one is
// started for the next command.
func frontCommand(full, dir, cmd string, args []string, stdout, stderr io.Writer) (code int, answered bool) {
	h, err := home.Resolve(dir)
	if err != nil || !h.Exists() || serverOff(h) {
		return 0, false // anamnesis-cli says what is wrong, or makes the store
	}
	key, err := Key(h.Root(), os.Environ(), full)
	if err != nil {
		return 0, false
	}
	cwd, _ := os.Getwd()
	ctx, cancel := context.WithTimeout(context.Background(), Commands[cmd])
	defer cancel()
	resp, err := Ask(ctx, Socket(h, key), Request{Args: args, Cwd: cwd})
	if err != nil {
		if errors.Is(err, ErrNotRunning) {
			start(h, key, full)
		}
		return 0, false
	}
	_, _ = stdout.Write(resp.Stdout)
	_, _ = stderr.Write(resp.Stderr)
	return resp.Exit, true
}

// readInput reads the hook's JSON, unless stdin is a terminal (someone ran the hook by hand), as
// "anamnesis hook" does.
func readInput(stdin io.Reader) ([]byte, error) {
	if f, ok := stdin.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			return nil, nil
		}
	}
	return io.ReadAll(io.LimitReader(stdin, maxInput))
}

// hookCall recognises a hook: "[--home DIR] hook [--plugin] [--agent NAME] EVENT" for an event
// the server answers (--plugin: the Claude Code plugin's handler; --agent: another coding agent's
// capture hook). Every other form (other flags, the drain worker) goes to anamnesis-cli as it is.
func hookCall(args []string) (c call, ok bool) {
	dir, rest, ok := homeFlag(args)
	if !ok || len(rest) < 2 || rest[0] != "hook" {
		return call{}, false
	}
	c.dir, rest = dir, rest[1:]
	for len(rest) > 1 {
		switch a := rest[0]; {
		case a == "--plugin" || a == "-plugin":
			c.plugin, rest = true, rest[1:]
		case (a == "--agent" || a == "-agent") && len(rest) > 2:
			c.agent, rest = rest[1], rest[2:]
		case strings.HasPrefix(a, "--agent="), strings.HasPrefix(a, "-agent="):
			c.agent, rest = a[strings.Index(a, "=")+1:], rest[1:]
		default:
			return call{}, false
		}
	}
	if len(rest) != 1 {
		return call{}, false
	}
	if _, ok := Events[rest[0]]; !ok {
		return call{}, false
	}
	c.event = rest[0]
	return c, true
}

// call is a hook as the front door read it from its arguments.
type call struct {
	dir, event, agent string
	plugin            bool
}

// commandCall recognises a command the server runs: "[--home DIR] NAME ..." for a NAME of
// Commands; the server parses the rest as anamnesis-cli would.
func commandCall(args []string) (dir, name string, ok bool) {
	dir, rest, ok := homeFlag(args)
	if !ok || len(rest) == 0 {
		return "", "", false
	}
	if _, ok := Commands[rest[0]]; !ok {
		return "", "", false
	}
	return dir, rest[0], true
}

// homeFlag takes the global --home flag off the front of args, the one global flag a hook or a
// served command may carry; ok is false when it lacks its value.
func homeFlag(args []string) (dir string, rest []string, ok bool) {
	if len(args) == 0 {
		return "", args, true
	}
	switch a := args[0]; {
	case a == "--home" || a == "-home":
		if len(args) < 2 {
			return "", nil, false
		}
		return args[1], args[2:], true
	case strings.HasPrefix(a, "--home="), strings.HasPrefix(a, "-home="):
		return a[strings.Index(a, "=")+1:], args[1:], true
	}
	return "", args, true
}

// fullBinary is anamnesis-cli next to this program (they are installed together), else the one
// on PATH; symbolic links are resolved so that Key names the same file the server runs. PATH is
// searched only when there is none beside it: a search stats a file in every PATH directory.
func fullBinary() (string, error) {
	name := FullName
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	if self, err := os.Executable(); err == nil {
		if p, ok := usable(filepath.Join(filepath.Dir(self), name)); ok {
			return p, nil
		}
	}
	if p, err := exec.LookPath(FullName); err == nil {
		if p, ok := usable(p); ok {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s was not found next to this program nor on PATH; install every program of the release together (see the README)", name)
}

// usable resolves c's symbolic links and reports whether it is a regular file, by its absolute path.
func usable(c string) (string, bool) {
	p, err := filepath.EvalSymlinks(c)
	if err != nil {
		return "", false
	}
	if fi, err := os.Stat(p); err != nil || !fi.Mode().IsRegular() {
		return "", false
	}
	abs, err := filepath.Abs(p)
	return abs, err == nil
}

// handOver runs anamnesis-cli with args in place of the front door: on unix the process becomes
// it (same pid, terminal, signals and exit status), elsewhere it runs as a child.
func handOver(name, full string, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if stdin == io.Reader(os.Stdin) && stdout == io.Writer(os.Stdout) && stderr == io.Writer(os.Stderr) {
		if err := replace(full, args); err != nil && !errors.Is(err, errors.ErrUnsupported) {
			fmt.Fprintf(stderr, "%s: run %s: %v\n", name, full, err)
			return 1
		}
	}
	return run(full, args, stdin, stdout, stderr)
}

// run runs anamnesis-cli with args as a child and returns its exit status.
func run(full string, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cmd := exec.Command(full, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, stderr
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee):
		return ee.ExitCode()
	default:
		fmt.Fprintf(stderr, "anamnesis: %v\n", err)
		return 1
	}
}

// start starts "anamnesis-cli --home ROOT hook-server" detached, at most once per startInterval.
func start(h home.Home, key, full string) {
	stamp := h.Run("hook-" + key + ".started")
	if fi, err := os.Stat(stamp); err == nil && time.Since(fi.ModTime()) < startInterval {
		return
	}
	if err := os.MkdirAll(filepath.Dir(stamp), 0o700); err != nil {
		logf(h, "hook-server", "start: %v", err)
		return
	}
	if err := os.WriteFile(stamp, nil, 0o600); err != nil {
		logf(h, "hook-server", "start: %v", err)
		return
	}
	now := time.Now()
	_ = os.Chtimes(stamp, now, now)
	if err := os.MkdirAll(h.Logs(), 0o700); err != nil {
		return
	}
	logFile, err := os.OpenFile(h.Log("hook-server.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return
	}
	defer logFile.Close()
	cmd := exec.Command(full, "--home", h.Root(), "hook-server")
	cmd.Stdout, cmd.Stderr = logFile, logFile
	cmd.Dir = h.Root()
	detach(cmd)
	if err := cmd.Start(); err != nil {
		logf(h, "hook-server", "start: %v", err)
		return
	}
	_ = cmd.Process.Release()
}

// serverOff reports whether the user turned the server off: ANAMNESIS_HOOK_SERVER, else
// hooks.server in config.json. The front door reads the one setting itself rather than linking
// the settings registry, whose regular expressions it would compile on every hook.
func serverOff(h home.Home) bool {
	if v := strings.TrimSpace(os.Getenv(EnvServer)); v != "" {
		return isOff(v)
	}
	data, err := os.ReadFile(h.Config())
	if err != nil {
		return false
	}
	var cfg struct {
		Hooks struct {
			Server any `json:"server"`
		} `json:"hooks"`
	}
	if json.Unmarshal(data, &cfg) != nil {
		return false
	}
	switch v := cfg.Hooks.Server.(type) {
	case bool:
		return !v
	case string:
		return isOff(v)
	}
	return false
}

// isOff reads a boolean setting's false spellings, as core/config reads them.
func isOff(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "false", "0", "no", "off":
		return true
	}
	return false
}

// logf appends one line to <home>/logs/hooks.log, in the format "anamnesis hook" logs in.
func logf(h home.Home, event, format string, args ...any) {
	if err := os.MkdirAll(h.Logs(), 0o700); err != nil {
		return
	}
	f, err := os.OpenFile(h.Log("hooks.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return
	}
	defer f.Close()
	fmt.Fprintf(f, "%s %s session=- %s\n", time.Now().UTC().Format(time.RFC3339), event, fmt.Sprintf(format, args...))
}
