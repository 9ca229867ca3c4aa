// Package gitsync carries the portable note tree (<home>/memory) between a user's machines over
// git: commit, fetch, rebase onto the remote, push, and apply what changed to the index. (It is not
// named "sync" so that it never shadows the standard library's package of that name.)
package gitsync

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// State is the sync state of a store, as memory_status and "anamnesis status" report it.
type State struct {
	Initialized bool    `json:"initialized"`
	Remote      *string `json:"remote"`
	Head        string  `json:"head"`
	Dirty       bool    `json:"dirty"`
	Detail      string  `json:"detail"`

	// From the last recorded cycle (sync-status.json), when there was one.
	LastSuccess string `json:"last_success,omitempty"`
	LastError   string `json:"last_error,omitempty"`
	NextRun     string `json:"next_run,omitempty"`
}

// ReadState inspects the git repository of the portable tree under root without changing it.
func ReadState(ctx context.Context, root, remote string) State {
	st := State{Detail: "ok"}
	if remote != "" {
		st.Remote = &remote
	}
	if rec, err := ReadStatusFile(root); err == nil {
		st.LastSuccess, st.NextRun = rec.LastSuccess, rec.NextRun
		if rec.Failures > 0 {
			st.LastError = rec.LastError
		}
	}
	dir := filepath.Join(root, "memory")
	if _, err := os.Stat(filepath.Join(dir, ".git")); err != nil {
		st.Detail = "not initialized"
		return st
	}
	st.Initialized = true
	if out, err := quickGit(ctx, dir, "rev-parse", "--short", "HEAD"); err == nil {
		st.Head = out
	}
	// A state sync refuses to build on (a merge left in progress, a detached HEAD) is what the
	// user must hear first: no cycle succeeds until it is fixed.
	qctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	g := newGit(dir, "", 5*time.Second, 5*time.Second)
	_, renameable := headBranch(qctx, g)
	if err := stateProblem(qctx, g, filepath.Join(dir, ".git"), renameable); err != nil {
		st.Detail = err.Error()
	}
	if out, err := quickGit(ctx, dir, "status", "--porcelain"); err == nil {
		st.Dirty = out != ""
	} else if st.Detail == "ok" {
		st.Detail = "git status failed: " + err.Error()
	}
	return st
}

func quickGit(ctx context.Context, dir string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_TERMINAL_PROMPT=0", "GIT_OPTIONAL_LOCKS=0")
	out, err := cmd.Output()
	return strings.TrimSpace(string(out)), err
}
