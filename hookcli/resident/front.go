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

// FullName is the anamnesis binary anamnesis-hook stands in front of.
const FullName = "anamnesis"

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

// Front runs "anamnesis-hook ARGS", which means what "anamnesis ARGS" means. A Claude Code hook
// ("[--home DIR] hook EVENT") is answered by the resident server, started on first use; anything
// else, and any hook the server cannot take, is run by the anamnesis binary beside this one.
// It returns the exit status.
func Front(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 1 && (args[0] == "--version" || args[0] == "-version") {
		fmt.Fprintf(stdout, "anamnesis-hook %s\n", buildinfo.Version(Version))
		return 0
	}
	full, err := fullBinary()
	if err != nil {
		fmt.Fprintf(stderr, "anamnesis-hook: %v\n", err)
		return 0 // a hook never breaks a session; anything else had nothing to run
	}
	dir, event, plugin, ok := hookCall(args)
	if !ok || runtime.GOOS == "windows" {
		return run(full, args, stdin, stdout, stderr)
	}
	h, err := home.Resolve(dir)
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
	ctx, cancel := context.WithTimeout(context.Background(), Events[event])
	defer cancel()
	req := Request{Event: event, Cwd: cwd, Stdin: input, Plugin: plugin}
	if plugin {
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
		logf(h, event, "hook server: %v", err)
		return 0
	}
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

// hookCall recognises a Claude Code hook: "[--home DIR] hook [--plugin] EVENT" for an event the
// server answers (--plugin: the Claude Code plugin's handler). Every other form (other flags,
// another agent's --agent, the drain worker) goes to anamnesis as it is.
func hookCall(args []string) (dir, event string, plugin, ok bool) {
	rest := args
	if len(rest) > 0 {
		switch a := rest[0]; {
		case a == "--home" || a == "-home":
			if len(rest) < 2 {
				return "", "", false, false
			}
			dir, rest = rest[1], rest[2:]
		case strings.HasPrefix(a, "--home="), strings.HasPrefix(a, "-home="):
			dir, rest = a[strings.Index(a, "=")+1:], rest[1:]
		}
	}
	if len(rest) == 3 && rest[0] == "hook" && (rest[1] == "--plugin" || rest[1] == "-plugin") {
		plugin, rest = true, []string{rest[0], rest[2]}
	}
	if len(rest) != 2 || rest[0] != "hook" {
		return "", "", false, false
	}
	if _, ok := Events[rest[1]]; !ok {
		return "", "", false, false
	}
	return dir, rest[1], plugin, true
}

// fullBinary is the anamnesis binary next to this one (both are installed together), else the
// one on PATH; symbolic links are resolved so that Key names the same file the server runs.
func fullBinary() (string, error) {
	name := FullName
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	var candidates []string
	if self, err := os.Executable(); err == nil {
		candidates = append(candidates, filepath.Join(filepath.Dir(self), name))
	}
	if p, err := exec.LookPath(FullName); err == nil {
		candidates = append(candidates, p)
	}
	for _, c := range candidates {
		p, err := filepath.EvalSymlinks(c)
		if err != nil {
			continue
		}
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			if abs, err := filepath.Abs(p); err == nil {
				return abs, nil
			}
		}
	}
	return "", fmt.Errorf("%s was not found next to anamnesis-hook nor on PATH", name)
}

// run runs the anamnesis binary with args and returns its exit status.
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
		fmt.Fprintf(stderr, "anamnesis-hook: %v\n", err)
		return 1
	}
}

// start starts "anamnesis --home ROOT hook-server" detached, at most once per startInterval.
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
