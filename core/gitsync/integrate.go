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
	"time"

	"github.com/anamnesis-go/anamnesis/core/note"
)

// mergeIndex is the scratch index (under .git) used to build a resolved tree without touching
// the real index or the working tree until the result is complete.
const mergeIndex = "anamnesis-merge.index"

// integrate brings the fetched commit remote into local history (HEAD, s.after). With no local history it adopts
// the remote; behind, it fast-forwards; diverged, it replays the local changes as one commit on
// top of remote (a rebase), resolving conflicting note edits without losing either side. It never
// stops half way: on return the working tree is a clean checkout of the new HEAD.
func (c *cycle) integrate(ctx context.Context, s *step, remote string) error {
	local := s.after
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
	// The remote head this machine last integrated or pushed. When it is no longer in the
	// remote's history, another machine rewrote that history (a force-push, a squash, a purge):
	// merging the new history as unrelated, or from an older common commit, would make every
	// note changed since a conflict and bring purged notes back. Integrate by tree instead, with
	// that head as the base: what changed here since, against what the rewrite left.
	prev, _ := c.g.run(ctx, "rev-parse", "--verify", "-q", c.trackingRef()+"^{commit}")
	if prev != "" && prev != remote {
		rewritten, err := c.rewritten(ctx, prev, local, remote)
		if err != nil {
			return err
		}
		if rewritten {
			n, err := c.count(ctx, local+".."+remote)
			if err != nil {
				return err
			}
			s.pulled, s.rewritten = n, true
			return c.integrateFrom(ctx, s, prev, local, remote, true)
		}
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
	return c.integrateFrom(ctx, s, base, local, remote, false)
}

// integrateFrom merges local and remote from base (see rebase) and checks out the result.
func (c *cycle) integrateFrom(ctx context.Context, s *step, base, local, remote string, rewritten bool) error {
	commit, out, err := c.rebase(ctx, base, local, remote, rewritten)
	if err != nil {
		return err
	}
	if err := c.checkout(ctx, commit, s); err != nil {
		return err
	}
	// Counted only once the result is checked out: a raced checkout is merged again.
	s.conflicts = append(s.conflicts, out.conflicts...)
	s.files = append(s.files, out.files...)
	return nil
}

// rewritten reports whether the remote's history no longer contains prev, the remote head this
// machine last integrated, while local history does (it always should; when it does not, the
// ordinary merge decides).
func (c *cycle) rewritten(ctx context.Context, prev, local, remote string) (bool, error) {
	if ok, err := c.isAncestor(ctx, prev, remote); err != nil || ok {
		return false, err
	}
	if ok, err := c.isAncestor(ctx, prev, local); err != nil || !ok {
		return false, err
	}
	// A rewrite purges a few notes. A remote that lost most of what this machine last saw was
	// replaced (recreated, pointed elsewhere) rather than rewritten: integrating it from prev
	// would delete every note it lacks here too. Merge it as unrelated history instead, which
	// keeps everything.
	out, err := c.g.run(ctx, "diff", "--name-only", "--no-renames", "--diff-filter=D", "-z", prev, remote)
	if err != nil {
		return false, fmt.Errorf("compare rewritten remote history: %w", err)
	}
	removed := strings.Count(out, "\x00")
	if removed <= replacedMin {
		return true, nil
	}
	all, err := c.g.run(ctx, "ls-tree", "-r", "-z", "--name-only", prev)
	if err != nil {
		return false, fmt.Errorf("compare rewritten remote history: %w", err)
	}
	return removed*2 <= strings.Count(all, "\x00"), nil
}

// replacedMin is how many files a rewrite may remove before the share removed is looked at.
const replacedMin = 10

// isAncestor reports whether commit a is in the history of commit b.
func (c *cycle) isAncestor(ctx context.Context, a, b string) (bool, error) {
	_, err := c.g.run(ctx, "merge-base", "--is-ancestor", a, b)
	switch {
	case err == nil:
		return true, nil
	case exitCode(err) == 1:
		return false, nil
	}
	return false, fmt.Errorf("compare local and remote history: %w", err)
}

func (c *cycle) count(ctx context.Context, rng string) (int, error) {
	out, err := c.g.run(ctx, "rev-list", "--count", rng)
	if err != nil {
		return 0, fmt.Errorf("count remote commits: %w", err)
	}
	return strconv.Atoi(out)
}

// stageEntry is one line of merge-tree's conflicted-file list.
type stageEntry struct {
	mode, oid string
	stage     int
}

// rebase merges local into remote in git's object store (merge-tree: no working tree, no
// half-finished state on disk), decides every note changed on both sides as a whole, and commits
// the result with remote as its only parent, so history stays linear and the push is a
// fast-forward.
//
// git's line merge is used only for files that are not notes: two versions of one note changed
// on both sides are a conflict even when their lines do not overlap, because a line merge of a
// note can combine a forget on one machine with an edit on another into a forgotten note holding
// the edit, or mix two front matters. Attributes in the tree cannot change this (see attributes).
//
// rewritten says remote's history was rewritten and base is not in it: git would merge from
// whatever older commit the two histories still share (or none), so the merge is run on stand-in
// commits whose only common ancestor holds base's tree (git 2.39 has no merge-tree --merge-base).
func (c *cycle) rebase(ctx context.Context, base, local, remote string, rewritten bool) (string, outcome, error) {
	var res outcome
	ours, theirs := local, remote
	if rewritten {
		var err error
		if ours, theirs, err = c.standIns(ctx, base, local, remote); err != nil {
			return "", res, err
		}
	}
	out, err := c.g.exec(ctx, c.g.local, nil, nil, "merge-tree", "--write-tree", "-z", "--no-messages",
		"--allow-unrelated-histories", ours, theirs)
	if err != nil && exitCode(err) != 1 { // 1: merged with conflicts, listed after the tree
		return "", res, fmt.Errorf("merge remote notes: %w", err)
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
			return "", res, fmt.Errorf("merge remote notes: unexpected merge-tree line %q", f)
		}
		st, _ := strconv.Atoi(parts[2])
		stages[p] = append(stages[p], stageEntry{mode: parts[0], oid: parts[1], stage: st})
	}
	ourChanges, err := c.diffTrees(ctx, base, local)
	if err != nil {
		return "", res, err
	}
	theirChanges, err := c.diffTrees(ctx, base, remote)
	if err != nil {
		return "", res, err
	}
	m := &merge{c: c, tree: tree, remote: remote, stages: stages, ours: map[string]change{}, theirs: map[string]change{}, taken: map[string]bool{}}
	for _, ch := range ourChanges {
		m.ours[ch.path] = ch
	}
	for _, ch := range theirChanges {
		m.theirs[ch.path] = ch
	}
	if err := m.resolve(ctx); err != nil {
		return "", res, err
	}
	res = m.out
	if len(m.lines) > 0 {
		if tree, err = c.patchTree(ctx, tree, m.lines); err != nil {
			return "", res, err
		}
	}
	if rt, err := c.g.run(ctx, "rev-parse", remote+"^{tree}"); err == nil && rt == tree {
		return remote, res, nil // our changes were already there
	}
	since := remote
	if rewritten {
		since = base // the local commits since the old remote head, not the whole old history
	}
	msg, err := c.rebaseMessage(ctx, local, since, len(res.conflicts)+len(res.files))
	if err != nil {
		return "", res, err
	}
	commit, err := c.g.run(ctx, "commit-tree", tree, "-p", remote, "-m", msg)
	if err != nil {
		return "", res, fmt.Errorf("commit merged notes: %w", err)
	}
	return commit, res, nil
}

// standIns makes two throwaway commits holding local's and remote's trees whose only common
// ancestor holds base's tree, so that merge-tree merges from base. They are never referenced and
// go with the next gc.
func (c *cycle) standIns(ctx context.Context, base, local, remote string) (string, string, error) {
	b, err := c.g.run(ctx, "commit-tree", base+"^{tree}", "-m", "anamnesis: merge base")
	if err != nil {
		return "", "", fmt.Errorf("merge rewritten remote history: %w", err)
	}
	l, err := c.g.run(ctx, "commit-tree", local+"^{tree}", "-p", b, "-m", "anamnesis: local")
	if err != nil {
		return "", "", fmt.Errorf("merge rewritten remote history: %w", err)
	}
	r, err := c.g.run(ctx, "commit-tree", remote+"^{tree}", "-p", b, "-m", "anamnesis: remote")
	if err != nil {
		return "", "", fmt.Errorf("merge rewritten remote history: %w", err)
	}
	return l, r, nil
}

// outcome is what conflict resolution made.
type outcome struct {
	conflicts []string // ids of conflict notes
	files     []string // side files that keep the local version of a file that is not a note
}

// merge is the state of resolving one rebase.
type merge struct {
	c            *cycle
	tree         string                  // merge-tree's result
	remote       string                  // the remote commit merged into
	stages       map[string][]stageEntry // paths git could not merge
	ours, theirs map[string]change       // changes since the merge base on each side
	lines        []string                // index-info lines that patch tree
	taken        map[string]bool         // side-file paths used in this merge
	out          outcome
}

func (m *merge) set(mode, oid, p string) { m.lines = append(m.lines, mode+" "+oid+"\t"+p) }

// resolve decides every path changed on both sides, and every path git could not merge. Notes
// are decided per note id first (see resolveByID), and every note path is set to the version
// decided here, whatever merge-tree made of it (see pinNotes).
func (m *merge) resolve(ctx context.Context) error {
	done, err := m.resolveByID(ctx)
	if err != nil {
		return err
	}
	if err := m.pinNotes(ctx, done); err != nil {
		return err
	}
	var both []string
	var oids []string
	for p, o := range m.ours {
		if done[p] {
			continue
		}
		t, ok := m.theirs[p]
		if !ok || (o.deleted() && t.deleted()) || (o.newOID == t.newOID && o.newMode == t.newMode) {
			continue
		}
		both = append(both, p)
		for _, id := range []string{o.oldOID, o.newOID, t.newOID} {
			if strings.Trim(id, "0") != "" && strings.HasSuffix(p, ".md") {
				oids = append(oids, id)
			}
		}
	}
	sort.Strings(both)
	blobs, err := m.c.readBlobs(ctx, oids)
	if err != nil {
		return err
	}
	for _, p := range both {
		done[p] = true
		o, t := m.ours[p], m.theirs[p]
		switch {
		case o.deleted(): // removed here, changed there: keep the change
			m.set(t.newMode, t.newOID, p)
			continue
		case t.deleted():
			m.set(o.newMode, o.newOID, p)
			continue
		}
		if strings.HasSuffix(p, ".md") {
			var baseData []byte
			if o.status != 'A' {
				baseData = blobs[o.oldOID]
			}
			r, err := resolveNote(baseData, blobs[o.newOID], blobs[t.newOID])
			if err == nil {
				if err := m.decided(ctx, p, o, t, r); err != nil {
					return err
				}
				continue
			}
			// Not a note we can read: handled like any other file.
		}
		if _, conflicted := m.stages[p]; conflicted {
			if err := m.sideFile(ctx, p, t, o); err != nil {
				return err
			}
		}
		// Otherwise git merged the lines of a file that is not a note: its result stands.
	}
	var rest []string
	for p := range m.stages {
		if !done[p] {
			rest = append(rest, p)
		}
	}
	sort.Strings(rest)
	for _, p := range rest {
		if err := m.resolveStages(ctx, p, m.stages[p]); err != nil {
			return err
		}
	}
	return nil
}

// decided writes a note resolution: the winner keeps the path, the other version (when it says
// anything the winner does not) becomes a new note.
func (m *merge) decided(ctx context.Context, p string, o, t change, r resolution) error {
	winner := t
	if r.oursWins {
		winner = o
	}
	m.set(winner.newMode, winner.newOID, p)
	return m.addCopy(ctx, p, r.copy)
}

// addCopy adds a conflict note (nil: none) to the result, in the folder of its type.
func (m *merge) addCopy(ctx context.Context, p string, cp *note.Note) error {
	if cp == nil {
		return nil
	}
	copyPath := path.Join(path.Dir(p), cp.ID+".md")
	if isTypeDir(string(cp.Type)) {
		copyPath = string(cp.Type) + "/" + cp.ID + ".md"
	}
	oid, err := m.c.g.exec(ctx, m.c.g.local, note.Marshal(cp), nil, "hash-object", "-w", "--stdin")
	if err != nil {
		return fmt.Errorf("save conflict copy of %s: %w", p, err)
	}
	m.set("100644", strings.TrimSpace(string(oid)), copyPath)
	m.out.conflicts = append(m.out.conflicts, cp.ID)
	return nil
}

// remove takes p out of the result (a no-op when it is not there).
func (m *merge) remove(p string) {
	m.set("0", strings.Repeat("0", len(m.remote)), p)
}

// sideFile keeps winner at p and loser beside it, under a name no earlier conflict used, for a
// file sync cannot read as a note.
func (m *merge) sideFile(ctx context.Context, p string, winner, loser change) error {
	m.set(winner.newMode, winner.newOID, p)
	base := p + ".conflict-" + identPart(m.c.mid) + "-" + time.Now().UTC().Format("20060102T150405Z")
	side := base
	for n := 2; ; n++ {
		_, err := m.c.g.run(ctx, "cat-file", "-e", m.tree+":"+side)
		if err != nil && !m.taken[side] {
			break
		}
		side = fmt.Sprintf("%s-%d", base, n)
	}
	m.taken[side] = true
	m.set(loser.newMode, loser.newOID, side)
	m.out.files = append(m.out.files, side)
	return nil
}

// resolveStages decides a path git reported as conflicted that is not a change on both sides
// (a file against a folder, say): the remote version keeps the path, ours goes beside it.
func (m *merge) resolveStages(ctx context.Context, p string, entries []stageEntry) error {
	var ours, theirs *stageEntry
	for i := range entries {
		switch entries[i].stage {
		case 2:
			ours = &entries[i]
		case 3:
			theirs = &entries[i]
		}
	}
	switch {
	case ours == nil && theirs == nil:
		return nil
	case theirs == nil:
		m.set(ours.mode, ours.oid, p)
		return nil
	case ours == nil || ours.oid == theirs.oid:
		m.set(theirs.mode, theirs.oid, p)
		return nil
	}
	return m.sideFile(ctx, p, change{newMode: theirs.mode, newOID: theirs.oid}, change{newMode: ours.mode, newOID: ours.oid})
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
		msg += fmt.Sprintf("\n\nResolved %d conflicting edit(s), each note as a whole: a forget is kept over an edit that had not seen it, otherwise the newer edit keeps the note; the other version was kept as a new note tagged %q (or, for a file that is not a note, beside it as .conflict-*).", conflicts, ConflictTag)
	}
	return msg, nil
}
