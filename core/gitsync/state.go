// Package gitsync carries the portable note tree (<home>/memory) between a user's machines over
// git: commit, fetch, rebase onto the remote, push, and apply what changed to the index. (It is not
// named "sync" so that it never shadows the standard library's package of that name.)
package gitsync

import (
	"context"
	"fmt"
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
	LastErrorAt string `json:"last_error_at,omitempty"`
	Failures    int    `json:"consecutive_failures,omitempty"`
	NextRun     string `json:"next_run,omitempty"`

	// Branch is the remote branch the notes sync on (the remote's default branch), once known.
	Branch string `json:"branch,omitempty"`
	// Syncing is true when a remote is configured, the last cycle succeeded and nothing in the
	// repository stops the next one. When it is false, Problem says why in one sentence.
	Syncing bool   `json:"syncing"`
	Problem string `json:"problem,omitempty"`
}

// ReadState inspects the git repository of the portable tree under root without changing it.
func ReadState(ctx context.Context, root, remote string) (st State) {
	st = State{Detail: "ok"}
	if remote != "" {
		st.Remote = &remote
	}
	rec, recErr := ReadStatusFile(root)
	if recErr == nil {
		st.LastSuccess, st.NextRun = rec.LastSuccess, rec.NextRun
		if rec.Failures > 0 {
			st.LastError, st.LastErrorAt, st.Failures = rec.LastError, rec.LastErrorAt, rec.Failures
		}
	}
	dir := filepath.Join(root, "memory")
	defer func() { st.Syncing, st.Problem = health(st, remote, rec, recErr) }()
	if _, err := os.Stat(filepath.Join(dir, ".git")); err != nil {
		st.Detail = "not initialized"
		return st
	}
	if remote != "" {
		st.Branch = RemoteBranch(dir, remote)
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

// health says whether the machine is syncing and, when not, why, in the words the user needs.
// A repository state sync will not build on comes first (no cycle can succeed until it is
// fixed), then the last cycle's failure, then the absence of a remote or of any success.
func health(st State, remote string, rec Status, recErr error) (bool, string) {
	switch {
	case remote == "":
		return false, "no remote is configured: notes stay on this machine (set one with `anamnesis init --remote URL`)"
	case st.Detail != "ok" && st.Detail != "not initialized":
		return false, st.Detail
	case recErr != nil:
		return false, "the sync record cannot be read: " + recErr.Error()
	case rec.Failures > 0:
		since := rec.LastErrorAt
		if rec.LastSuccess != "" {
			since = "the last success at " + rec.LastSuccess
		} else if since == "" {
			since = "the first cycle"
		}
		return false, fmt.Sprintf("%d cycle(s) in a row failed since %s; the last one: %s", rec.Failures, since, rec.LastError)
	case rec.LastSuccess == "":
		return false, "no sync cycle has succeeded yet (run `anamnesis sync`)"
	}
	return true, ""
}

func quickGit(ctx context.Context, dir string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_TERMINAL_PROMPT=0", "GIT_OPTIONAL_LOCKS=0")
	out, err := cmd.Output()
	return strings.TrimSpace(string(out)), err
}
