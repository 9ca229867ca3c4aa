package gitsync

import (
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/note"
)

// mergeIndex is the scratch index (under .git) used to build a resolved tree without touching
// the real index or the working tree until the result is complete.
const mergeIndex = "anamnesis-merge.index"

// integrate brings the fetched commit remote into local history. With no local history it adopts
// the remote; behind, it fast-forwards; diverged, it replays the local changes as one commit on
// top of remote (a rebase), resolving conflicting note edits without losing either side. It never
// stops half way: on return the working tree is a clean checkout of the new HEAD.
func (c *cycle) integrate(ctx context.Context, s *step, remote string) error {
	local := s.before
	if local == remote {
		return nil
	}
	if local == "" {
		n, err := c.count(ctx, remote)
		if err != nil {
			return err
		}
		s.pulled = n
		return c.checkout(ctx, remote, s)
	}
	base, err := c.g.run(ctx, "merge-base", local, remote)
	if err != nil && exitCode(err) != 1 { // 1: unrelated histories
		return fmt.Errorf("compare local and remote history: %w", err)
	}
	if base == remote {
		return nil // remote has nothing we lack; the push sends ours
	}
	n, err := c.count(ctx, local+".."+remote)
	if err != nil {
		return err
	}
	s.pulled = n
	if base == local {
		return c.checkout(ctx, remote, s)
	}
	commit, conflicts, err := c.rebase(ctx, local, remote)
	if err != nil {
		return err
	}
	s.conflicts = conflicts
	return c.checkout(ctx, commit, s)
}

func (c *cycle) count(ctx context.Context, rng string) (int, error) {
	out, err := c.g.run(ctx, "rev-list", "--count", rng)
	if err != nil {
		return 0, fmt.Errorf("count remote commits: %w", err)
	}
	return strconv.Atoi(out)
}

// checkout moves main and the working tree to commit. The tree is clean (everything was just
// committed) and the store lock is held, so nothing can be overwritten.
func (c *cycle) checkout(ctx context.Context, commit string, s *step) error {
	if _, err := c.g.run(ctx, "reset", "-q", "--hard", commit); err != nil {
		return fmt.Errorf("check out synced notes: %w", err)
	}
	s.after = commit
	return nil
}

// stageEntry is one line of merge-tree's conflicted-file list.
type stageEntry struct {
	mode, oid string
	stage     int
}

// rebase merges local into remote in git's object store (merge-tree: no working tree, no
// half-finished state on disk), resolves every conflicted path, and commits the result with remote
// as its only parent, so history stays linear and the push is a fast-forward.
func (c *cycle) rebase(ctx context.Context, local, remote string) (string, []string, error) {
	out, err := c.g.exec(ctx, c.g.local, nil, nil, "merge-tree", "--write-tree", "-z", "--no-messages",
		"--allow-unrelated-histories", local, remote)
	if err != nil && exitCode(err) != 1 { // 1: merged with conflicts, listed after the tree
		return "", nil, fmt.Errorf("merge remote notes: %w", err)
	}
	fields := strings.Split(string(out), "\x00")
	tree := strings.TrimSpace(fields[0])
	stages := map[string][]stageEntry{}
	for _, f := range fields[1:] {
		if f == "" {
			break
		}
		meta, p, ok := strings.Cut(f, "\t")
		parts := strings.Fields(meta)
		if !ok || len(parts) != 3 {
			return "", nil, fmt.Errorf("merge remote notes: unexpected merge-tree line %q", f)
		}
		st, _ := strconv.Atoi(parts[2])
		stages[p] = append(stages[p], stageEntry{mode: parts[0], oid: parts[1], stage: st})
	}
	var conflicts []string
	if len(stages) > 0 {
		var lines []string
		paths := make([]string, 0, len(stages))
		for p := range stages {
			paths = append(paths, p)
		}
		sort.Strings(paths)
		for _, p := range paths {
			l, ids, err := c.resolvePath(ctx, p, stages[p])
			if err != nil {
				return "", nil, err
			}
			lines = append(lines, l...)
			conflicts = append(conflicts, ids...)
		}
		if tree, err = c.patchTree(ctx, tree, lines); err != nil {
			return "", nil, err
		}
	}
	if rt, err := c.g.run(ctx, "rev-parse", remote+"^{tree}"); err == nil && rt == tree {
		return remote, conflicts, nil // our changes were already there
	}
	msg, err := c.rebaseMessage(ctx, local, remote, len(conflicts))
	if err != nil {
		return "", nil, err
	}
	commit, err := c.g.run(ctx, "commit-tree", tree, "-p", remote, "-m", msg)
	if err != nil {
		return "", nil, fmt.Errorf("commit merged notes: %w", err)
	}
	return commit, conflicts, nil
}

// resolvePath decides one conflicted path and returns the index-info lines that set it, plus the
// ids of conflict copies made. Stage 2 is the local side, stage 3 the remote.
func (c *cycle) resolvePath(ctx context.Context, p string, entries []stageEntry) ([]string, []string, error) {
	var ours, theirs *stageEntry
	for i := range entries {
		switch entries[i].stage {
		case 2:
			ours = &entries[i]
		case 3:
			theirs = &entries[i]
		}
	}
	set := func(e *stageEntry, path string) string { return e.mode + " " + e.oid + "\t" + path }
	switch {
	case ours == nil && theirs == nil:
		return nil, nil, nil
	case theirs == nil: // changed here, removed there: keep the change
		return []string{set(ours, p)}, nil, nil
	case ours == nil:
		return []string{set(theirs, p)}, nil, nil
	case ours.oid == theirs.oid:
		return []string{set(theirs, p)}, nil, nil
	}
	ob, err := c.g.exec(ctx, c.g.local, nil, nil, "cat-file", "blob", ours.oid)
	if err != nil {
		return nil, nil, fmt.Errorf("read local version of %s: %w", p, err)
	}
	tb, err := c.g.exec(ctx, c.g.local, nil, nil, "cat-file", "blob", theirs.oid)
	if err != nil {
		return nil, nil, fmt.Errorf("read remote version of %s: %w", p, err)
	}
	r, err := resolveNote(ob, tb)
	if err != nil || !strings.HasSuffix(p, ".md") {
		// Not a note we can read: the remote version keeps the path, ours is kept beside it
		// under a name the index ignores, so nothing is lost.
		side := p + ".conflict-" + c.mid
		return []string{set(theirs, p), set(ours, side)}, nil, nil
	}
	winner := theirs
	if r.oursWins {
		winner = ours
	}
	copyPath := path.Join(path.Dir(p), r.copy.ID+".md")
	if dir := path.Dir(p); dir == "." || !isTypeDir(dir) {
		copyPath = string(r.copy.Type) + "/" + r.copy.ID + ".md"
	}
	oid, err := c.g.exec(ctx, c.g.local, note.Marshal(r.copy), nil, "hash-object", "-w", "--stdin")
	if err != nil {
		return nil, nil, fmt.Errorf("save conflict copy of %s: %w", p, err)
	}
	copyEntry := stageEntry{mode: "100644", oid: strings.TrimSpace(string(oid))}
	return []string{set(winner, p), set(&copyEntry, copyPath)}, []string{r.copy.ID}, nil
}

func isTypeDir(d string) bool {
	for _, t := range note.Types {
		if d == string(t) {
			return true
		}
	}
	return false
}

// patchTree applies index-info lines to tree in a scratch index and writes the result.
func (c *cycle) patchTree(ctx context.Context, tree string, lines []string) (string, error) {
	idx := filepath.Join(c.gitDir(), mergeIndex)
	defer os.Remove(idx)
	env := []string{"GIT_INDEX_FILE=" + idx}
	if _, err := c.g.exec(ctx, c.g.local, nil, env, "read-tree", tree); err != nil {
		return "", fmt.Errorf("resolve conflicts: %w", err)
	}
	in := strings.Join(lines, "\n") + "\n"
	if _, err := c.g.exec(ctx, c.g.local, []byte(in), env, "update-index", "--index-info"); err != nil {
		return "", fmt.Errorf("resolve conflicts: %w", err)
	}
	out, err := c.g.exec(ctx, c.g.local, nil, env, "write-tree")
	if err != nil {
		return "", fmt.Errorf("resolve conflicts: %w", err)
	}
	return strings.TrimSpace(string(out)), nil
}

// rebaseMessage keeps the local commits' subjects: one commit keeps its message, several are
// listed under a summary line.
func (c *cycle) rebaseMessage(ctx context.Context, local, remote string, conflicts int) (string, error) {
	out, err := c.g.run(ctx, "log", "--format=%s", local, "--not", remote)
	if err != nil {
		return "", fmt.Errorf("read local commits: %w", err)
	}
	subjects := strings.Split(out, "\n")
	msg := subjects[0]
	if len(subjects) > 1 {
		msg = fmt.Sprintf("anamnesis: %d local commits from %s\n\n%s", len(subjects), c.mid, strings.Join(subjects, "\n"))
	}
	if conflicts > 0 {
		msg += fmt.Sprintf("\n\nResolved %d conflicting edit(s): the newer edit kept each note, the other was kept as a new note tagged %q.", conflicts, ConflictTag)
	}
	return msg, nil
}
