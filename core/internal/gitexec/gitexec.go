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
	cmd.Env = Env()
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("git %s: %w", strings.Join(args, " "), err)
	}
	return strings.TrimSpace(string(out)), nil
}

// repoEnv are the variables that point git at another repository, index or object store, or add
// configuration: set by a git hook, an IDE task or a shell that ran Anamnesis, they would make a
// query about dir answer for another repository.
var repoEnv = map[string]bool{
	"GIT_DIR": true, "GIT_WORK_TREE": true, "GIT_INDEX_FILE": true, "GIT_OBJECT_DIRECTORY": true,
	"GIT_ALTERNATE_OBJECT_DIRECTORIES": true, "GIT_NAMESPACE": true, "GIT_PREFIX": true, "GIT_COMMON_DIR": true,
	"GIT_CONFIG_PARAMETERS": true, "GIT_CONFIG_COUNT": true, "GIT_CEILING_DIRECTORIES": true,
}

// Env is the environment for a read-only query: the process's, without the variables that would
// aim git at another repository, never prompting, taking no optional locks.
func Env() []string {
	env := make([]string, 0, len(os.Environ())+2)
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if repoEnv[k] || strings.HasPrefix(k, "GIT_CONFIG_KEY_") || strings.HasPrefix(k, "GIT_CONFIG_VALUE_") {
			continue
		}
		env = append(env, kv)
	}
	return append(env, "GIT_TERMINAL_PROMPT=0", "GIT_OPTIONAL_LOCKS=0")
}
