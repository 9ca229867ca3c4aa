package gitsync

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// ErrRepositoryState is matched (errors.Is) by every error that stops a cycle because memory/
// is in a state sync does not build on: a merge, rebase or cherry-pick left in progress,
// unresolved conflicts, a detached HEAD or another branch checked out.
var ErrRepositoryState = errors.New("the sync repository is in a state sync does not build on")

// RepositoryStateError says what is wrong with the repository and what to run.
type RepositoryStateError struct {
	Dir     string // the repository (memory/)
	Problem string // what state it is in
	Fix     string // the command(s) that bring it back
}

func (e *RepositoryStateError) Error() string {
	return fmt.Sprintf("sync stopped: %s in %s; %s, then sync again", e.Problem, e.Dir, e.Fix)
}

// Is makes errors.Is(err, ErrRepositoryState) true.
func (e *RepositoryStateError) Is(target error) bool { return target == ErrRepositoryState }

// stateProblem inspects the repository the way git itself records an operation in progress and
// returns nil when it is on branch main with nothing in progress. Sync never builds on any other
// state: committing with "add -A" would record conflict markers, and moving HEAD back to main
// would drop the files or commits the user is looking at. Only files are read, except for the
// unmerged-entries check, which asks git.
//
// renameable says HEAD's other branch may simply be renamed to main because there is no main yet
// (a repository made by hand, or on "master"): prepare does that, so the branch is no problem.
func stateProblem(ctx context.Context, g *git, gitDir string, renameable bool) error {
	dir := g.dir
	fail := func(problem, fix string) error {
		return &RepositoryStateError{Dir: dir, Problem: problem, Fix: fix}
	}
	cmd := "git -C " + shellQuote(dir)
	exists := func(p string) bool { _, err := os.Lstat(filepath.Join(gitDir, p)); return err == nil }
	switch {
	case exists("rebase-merge") || exists("rebase-apply"):
		if exists(filepath.Join("rebase-apply", "applying")) {
			return fail("a git am is in progress", "finish it with `"+cmd+" am --continue` or undo it with `"+cmd+" am --abort`")
		}
		return fail("a git rebase is in progress", "finish it with `"+cmd+" rebase --continue` or undo it with `"+cmd+" rebase --abort`")
	case exists("MERGE_HEAD"):
		return fail("a git merge is in progress", "resolve the conflicted files and run `"+cmd+" commit -a`, or undo it with `"+cmd+" merge --abort`")
	case exists("CHERRY_PICK_HEAD"):
		return fail("a git cherry-pick is in progress", "finish it with `"+cmd+" cherry-pick --continue` or undo it with `"+cmd+" cherry-pick --abort`")
	case exists("REVERT_HEAD"):
		return fail("a git revert is in progress", "finish it with `"+cmd+" revert --continue` or undo it with `"+cmd+" revert --abort`")
	case exists("BISECT_LOG"):
		return fail("a git bisect is in progress", "end it with `"+cmd+" bisect reset`")
	}
	head, err := os.ReadFile(filepath.Join(gitDir, "HEAD"))
	if err != nil {
		return fmt.Errorf("read the sync repository's HEAD: %w", err)
	}
	ref, symbolic := strings.CutPrefix(strings.TrimSpace(string(head)), "ref: ")
	switch {
	case !symbolic:
		return fail("HEAD is detached (an older version of the notes is checked out)",
			"save any notes you changed there, then run `"+cmd+" switch "+Branch+"` (commits you made there: `"+cmd+" cherry-pick` them onto "+Branch+" first)")
	case ref != "refs/heads/"+Branch && !renameable:
		name := strings.TrimPrefix(ref, "refs/heads/")
		return fail(fmt.Sprintf("branch %q is checked out instead of %s", name, Branch),
			"run `"+cmd+" switch "+Branch+"` (merge or cherry-pick any commits of "+name+" you want to keep first)")
	}
	out, err := g.run(ctx, "ls-files", "-u", "-z")
	if err != nil {
		return fmt.Errorf("check for unresolved conflicts: %w", err)
	}
	if out != "" {
		var paths []string
		for _, f := range strings.Split(out, "\x00") {
			if _, p, ok := strings.Cut(f, "\t"); ok && (len(paths) == 0 || paths[len(paths)-1] != p) {
				paths = append(paths, p)
			}
		}
		return fail("files have unresolved git conflicts ("+strings.Join(paths, ", ")+")",
			"edit them to the content you want and run `"+cmd+" add` on them")
	}
	return nil
}

// shellQuote quotes a path for a command the user can paste, only when it needs it.
func shellQuote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"\\$`!*?[]{}()<>|&;#~") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// headBranch is the ref HEAD points at ("" when detached), and whether it is another branch
// that may be renamed to main because there is no main.
func headBranch(ctx context.Context, g *git) (string, bool) {
	ref, _ := g.run(ctx, "symbolic-ref", "-q", "HEAD")
	if ref == "" || ref == "refs/heads/"+Branch {
		return ref, false
	}
	_, err := g.run(ctx, "rev-parse", "--verify", "-q", "refs/heads/"+Branch)
	return ref, err != nil
}
