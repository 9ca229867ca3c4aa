package gitsync

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"time"

	"github.com/anamnesis-go/anamnesis/core/store"
)

// Branch is the one branch sync uses, locally and on the remote.
const Branch = "main"

// Options configures one sync cycle.
type Options struct {
	Remote    string // git remote URL; empty means commit locally only
	MachineID string // commit author: anamnesis <anamnesis@MACHINE_ID>; empty means the store's

	// NetworkTimeout bounds each fetch and push; LocalTimeout each local git command. Zero means
	// DefaultNetworkTimeout / DefaultLocalTimeout.
	NetworkTimeout time.Duration
	LocalTimeout   time.Duration
	// PushAttempts bounds fetch+integrate+push rounds when the remote moved meanwhile. Zero means 6.
	PushAttempts int
	// LooseObjects is how many loose objects the repository may gather before a cycle that
	// changed something packs them (git gc --auto, after the cycle, outside the store lock).
	// Zero means DefaultLooseObjects; negative never packs (for measurements).
	LooseObjects int
}

// DefaultLooseObjects keeps a repository that grows one note per sync packed: every sync adds
// about four loose objects (note, two trees, commit), so it is packed every couple of hundred
// syncs, in a run that costs about as much as one cycle.
const DefaultLooseObjects = 1000

// Result is what one cycle did, in the Python reference's shape plus the conflict copies made.
type Result struct {
	Pushed     bool     `json:"pushed"`
	Pulled     int      `json:"pulled"` // commits that came from the remote
	Conflicted bool     `json:"conflicted"`
	Head       string   `json:"head"`
	Indexed    int      `json:"indexed"`
	Detail     string   `json:"detail"`
	Conflicts  []string `json:"conflicts"` // ids of notes made to keep the losing side of a conflict
	// ConflictFiles are files (not notes) made to keep the local side of a conflicting change to
	// a file sync cannot read as a note: "<path>.conflict-<machine>-<time>".
	ConflictFiles []string `json:"conflict_files,omitempty"`

	// Committed is the subject of the commit this cycle made of local changes, or "".
	Committed string `json:"committed"`
	// Offline is set when the remote could not be reached; local changes are committed and the
	// next cycle catches up. It is a normal result, not an error.
	Offline bool `json:"offline"`
	// Branch is the remote branch synced with (the remote's default branch; main for a new
	// remote), "" without a remote.
	Branch string `json:"branch,omitempty"`
	// Rewritten is set when the remote's history had been rewritten (a force-push or squash by
	// another machine) and this cycle integrated it note by note.
	Rewritten bool `json:"rewritten,omitempty"`
	// Refused names the symbolic links and submodules the remote held that this cycle did not
	// check out (and removed from the synced tree); the cycle then returns a RefusedError.
	Refused []string `json:"refused,omitempty"`
}

// Sync runs one cycle: reconcile origin → fetch (no lock) → under the store lock commit local
// changes and integrate the fetched head, resolving note conflicts without loss → push, retrying
// when the remote moved → apply exactly the changed paths to the index.
//
// An unreachable remote is not an error: the result says so in Detail and Offline (callers still
// count the cycle as failed). Errors are local failures (the repository, the lock, the index) and
// pushes that did not happen for any other reason (ErrNotPushed: refused, a stale lock on the
// remote, a remote that kept moving): a cycle whose push did not happen never returns as a
// success. After a cycle that changed something, loose objects are packed (see maintain).
func Sync(ctx context.Context, st *store.Store, opts Options) (Result, error) {
	c, res, err := run(ctx, st, opts)
	if c != nil && c.started && (res.Committed != "" || res.Pulled > 0) && ctx.Err() == nil {
		c.maintain(ctx, opts.LooseObjects)
	}
	return res, err
}

func run(ctx context.Context, st *store.Store, opts Options) (*cycle, Result, error) {
	res := Result{Conflicts: []string{}}
	mid := opts.MachineID
	if mid == "" {
		mid = st.MachineID()
	}
	remote := strings.TrimSpace(opts.Remote)
	c := &cycle{
		st:     st,
		g:      newGit(filepath.Join(st.Root(), store.PortableDir), mid, opts.LocalTimeout, opts.NetworkTimeout),
		remote: remote,
		mid:    mid,
	}
	if err := c.prepare(ctx); err != nil {
		if errors.Is(err, ErrRepositoryState) {
			res.Detail = err.Error()
		}
		return c, res, err
	}
	attempts := opts.PushAttempts
	if attempts <= 0 {
		attempts = 6
	}

	var fetched fetchResult
	var fetchErr error
	if remote != "" {
		fetched, fetchErr = c.fetch(ctx)
	}
	var start string // HEAD after the first local commit: what the index already reflects
	first := true
	lockedAt, lockedRuns := "", 0 // remote head when the push last met a locked branch, and how often in a row
	for attempt := 1; ; attempt++ {
		step, err := c.locked(ctx, fetched.head, fetchErr == nil && remote != "")
		if err != nil {
			return c.wrap(c.finish(ctx, res, start, err))
		}
		if first {
			start, first = step.before, false
			c.started = true
			res.Committed = step.committed
		} else if res.Committed == "" {
			res.Committed = step.committed
		}
		res.Pulled += step.pulled
		res.Rewritten = res.Rewritten || step.rewritten
		res.Refused = append(res.Refused, step.refused...)
		res.Conflicts = append(res.Conflicts, step.conflicts...)
		res.ConflictFiles = append(res.ConflictFiles, step.files...)
		res.Head = step.after

		switch {
		case remote == "":
			if res.Committed != "" {
				res.Detail = "committed locally; no remote configured"
			} else {
				res.Detail = "nothing to commit; no remote configured"
			}
			return c.wrap(c.finish(ctx, res, start, nil))
		case fetchErr != nil:
			res.Offline = true
			if isTransient(fetchErr) {
				res.Detail = "remote unreachable: " + reason(fetchErr) + "; will retry"
			} else {
				res.Detail = "remote unreachable: could not fetch from " + redact(remote) + ": " + reason(fetchErr)
			}
			res.Detail += "; local changes are committed and will be pushed on a later sync"
			return c.wrap(c.finish(ctx, res, start, nil))
		case step.after == "":
			res.Detail = "nothing to sync: the store and the remote are both empty"
			return c.wrap(c.finish(ctx, res, start, nil))
		case step.after == fetched.head:
			res.Detail = "synced"
			return c.wrap(c.finish(ctx, res, start, nil))
		}

		perr := c.push(ctx, step.after)
		if perr == nil {
			res.Pushed = true
			res.Detail = "synced"
			c.pushed(ctx, step.after)
			return c.wrap(c.finish(ctx, res, start, nil))
		}
		outcome := classifyPush(perr)
		switch outcome {
		case pushTransient:
			res.Offline = true
			res.Detail = "remote unreachable: push failed: " + reason(perr) + "; will retry; local changes are committed and will be pushed on a later sync"
			return c.wrap(c.finish(ctx, res, start, nil))
		case pushFailed:
			pe := &PushError{Remote: redact(remote), Reason: reason(perr),
				Hint: "local changes are committed and will be pushed once the remote accepts them"}
			if strings.Contains(stderrOf(perr), "[remote rejected]") {
				pe.Reason = "push refused by the remote: " + pe.Reason
			}
			res.Detail = pe.Error()
			return c.wrap(c.finish(ctx, res, start, pe))
		case pushLocked:
			// The same lock, with the remote not moving, several times over a second or more:
			// not another push in flight (that would have finished and moved the branch) but
			// a lock file an interrupted push left behind. Waiting does not remove it.
			if fetched.head == lockedAt {
				lockedRuns++
			} else {
				lockedAt, lockedRuns = fetched.head, 1
			}
			if lockedRuns >= staleLockRuns || attempt >= attempts {
				pe := &PushError{Remote: redact(remote), Reason: reason(perr), Hint: staleLockHint(perr, c.remoteBranch())}
				res.Detail = pe.Error()
				return c.wrap(c.finish(ctx, res, start, pe))
			}
		default:
			lockedAt, lockedRuns = "", 0
		}
		if attempt >= attempts {
			pe := &PushError{Remote: redact(remote), Reason: fmt.Sprintf("the remote kept moving during %d push attempts", attempts),
				Hint: "local changes are committed and will be pushed on a later sync"}
			res.Detail = pe.Error()
			return c.wrap(c.finish(ctx, res, start, pe))
		}
		// Someone pushed first (or holds the branch's lock for a moment): wait (jittered, so a
		// crowd spreads out), then take their work and try again.
		if err := sleep(ctx, time.Duration(attempt*attempt*20+rand.IntN(50))*time.Millisecond); err != nil {
			return c.wrap(c.finish(ctx, res, start, err))
		}
		fetched, fetchErr = c.fetch(ctx)
	}
}

// wrap returns a finished cycle with its result.
func (c *cycle) wrap(res Result, err error) (*cycle, Result, error) { return c, res, err }

// indexTimeout bounds applying a cycle's changes to the index, which runs on past the caller's
// cancellation.
const indexTimeout = 2 * time.Minute

// staleLockRuns is how many pushes in a row may meet the remote branch locked, with the remote
// not moving in between, before the lock is taken for a stale lock file.
const staleLockRuns = 3

// staleLockHint says which lock file to remove, and when it is safe to.
func staleLockHint(err error, branch string) string {
	f := lockFile(err)
	if f == "" {
		f = "refs/heads/" + branch + ".lock in the remote repository"
	}
	return "the remote's branch " + branch + " stays locked: " + f + " was probably left by an interrupted push; " +
		"remove it on the remote if no push is running there, then sync again (local changes are committed meanwhile)"
}

// indexedHeadKey records, with the index, the commit whose files the index last reflected.
const indexedHeadKey = "gitsync.indexed_head"

// emptyHead is recorded when the repository has no commit yet.
const emptyHead = "empty"

// finish applies what changed in the portable tree to the index, even when the cycle failed part
// way, so the index never lags the files. It diffs from the commit the index last reflected, not
// only from this cycle's start, so a cycle that was killed or cancelled after moving HEAD is caught
// up by the next one; and it runs on past the caller's cancellation, which must not leave files
// unindexed.
func (c *cycle) finish(ctx context.Context, res Result, start string, err error) (Result, error) {
	if errors.Is(err, ErrRepositoryState) {
		res.Detail = err.Error()
	}
	if c.remote != "" {
		res.Branch = c.remoteBranch()
	}
	if res.Rewritten {
		res.Detail += "; the remote's history had been rewritten: merged note by note from the last common state"
	}
	if len(res.Conflicts) > 0 {
		res.Conflicted = true
		res.Detail += fmt.Sprintf("; %d conflicting edit(s) kept as new notes tagged %q", len(res.Conflicts), ConflictTag)
	}
	if len(res.ConflictFiles) > 0 {
		res.Conflicted = true
		res.Detail += fmt.Sprintf("; the local version of %d conflicting file(s) kept beside them: %s", len(res.ConflictFiles), strings.Join(res.ConflictFiles, ", "))
	}
	if len(res.Refused) > 0 {
		// Everything else synced, but the user must hear of entries someone put on the remote:
		// the cycle is a failure that names them.
		rerr := &RefusedError{From: "remote", Entries: res.Refused}
		res.Detail += "; " + rerr.Error()
		err = errors.Join(err, rerr)
	}
	ictx, cancel := context.WithTimeout(context.WithoutCancel(ctx), indexTimeout)
	defer cancel()
	// Before the first locked section ran nothing changed, and start is not known.
	if c.started {
		head, herr := c.head(ictx)
		if herr != nil {
			return res, errors.Join(err, fmt.Errorf("read HEAD to index synced notes: %w", herr))
		}
		from := start
		switch last, merr := c.st.Meta(ictx, indexedHeadKey); {
		case merr != nil || last == "" || last == head:
			// Unknown (a new or rebuilt index) or already there: this cycle's own changes.
		case last == emptyHead:
			from = "" // the index reflected no commit: everything in the tree
		default:
			if _, verr := c.g.run(ictx, "cat-file", "-e", last+"^{commit}"); verr == nil {
				from = last
			}
		}
		if head != "" && head != from {
			paths, derr := c.changedPaths(ictx, from, head)
			if derr != nil {
				return res, errors.Join(err, derr)
			}
			rep, ierr := c.st.IndexPaths(ictx, paths)
			res.Indexed = rep.Indexed
			if ierr != nil {
				return res, errors.Join(err, fmt.Errorf("index synced notes: %w", ierr))
			}
		}
		mark := head
		if mark == "" {
			mark = emptyHead
		}
		if merr := c.st.SetMeta(ictx, indexedHeadKey, mark); merr != nil {
			return res, errors.Join(err, merr)
		}
	}
	if res.Head != "" {
		if short, serr := c.g.run(ctx, "rev-parse", "--short", res.Head); serr == nil {
			res.Head = short
		}
	}
	return res, err
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
