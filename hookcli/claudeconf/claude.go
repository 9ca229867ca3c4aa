package claudeconf

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// FindBinary returns the absolute path of the program name: next to self (the running
// executable) first, so a set of binaries installed together is used together, else on PATH.
// It returns "" when neither has it.
func FindBinary(self, name string) string {
	if self != "" {
		// LookPath on a path checks that one file and, on Windows, tries the executable
		// extensions (anamnesis-ui.exe) where a mode bit means nothing.
		p := filepath.Join(filepath.Dir(self), name)
		if lp, err := exec.LookPath(p); err == nil {
			if info, err := os.Stat(lp); err == nil && info.Mode().IsRegular() {
				return lp
			}
		}
	}
	if p, err := exec.LookPath(name); err == nil {
		if abs, err := filepath.Abs(p); err == nil {
			return abs
		}
		return p
	}
	return ""
}

// claudeTimeout bounds each "claude mcp" call: it only edits a file, but it is a large program
// and must never hang init.
const claudeTimeout = 60 * time.Second

// AddArgs is the "claude mcp add" command line registering s at user scope. The name comes before
// the -e pairs: -e takes any number of values and would swallow a name placed after it.
func AddArgs(name string, s Server) []string {
	args := []string{"mcp", "add", "--scope", "user", name}
	for _, k := range sortedKeys(s.Env) {
		args = append(args, "-e", k+"="+s.Env[k])
	}
	return append(append(args, "--", s.Command), s.Args...)
}

// RemoveArgs is the "claude mcp remove" command line for a user-scope server.
func RemoveArgs(name string) []string { return []string{"mcp", "remove", "--scope", "user", name} }

// RunClaude runs the claude command with args and returns an error carrying its output when it
// fails.
func RunClaude(ctx context.Context, claude string, args ...string) error {
	ctx, cancel := context.WithTimeout(ctx, claudeTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, claude, args...)
	cmd.Env = append(os.Environ(), "DISABLE_AUTOUPDATER=1")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(out.String())
		if msg == "" {
			msg = err.Error()
		}
		return fmt.Errorf("claude %s: %s", strings.Join(args[:2], " "), firstLine(msg))
	}
	return nil
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
