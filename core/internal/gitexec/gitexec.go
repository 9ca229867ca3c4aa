// Package gitexec runs short, read-only git queries for packages that only look at a repository
// (project keys, sync status). The sync cycle itself has its own runner in gitsync, which adds
// identity, network deadlines and a scrubbed environment.
package gitexec

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"
)

// Output runs `git -C dir args...` and returns its standard output without surrounding white
// space. The call never prompts (no terminal, no credential dialogs), takes no optional locks (so
// it never blocks or disturbs a concurrent commit), and is killed after timeout: callers run
// inside hooks that must answer quickly.
func Output(ctx context.Context, dir string, timeout time.Duration, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_TERMINAL_PROMPT=0", "GIT_OPTIONAL_LOCKS=0")
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("git %s: %w", strings.Join(args, " "), err)
	}
	return strings.TrimSpace(string(out)), nil
}
