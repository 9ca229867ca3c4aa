package gitsync

import (
	"context"
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/note"
)

// noteID is the id of the note a tree path holds ("<type>/<id>.md"), if it is one.
func noteID(p string) (string, bool) {
	dir, file := path.Split(p)
	id, ok := strings.CutSuffix(file, ".md")
	if !ok || !isTypeDir(strings.TrimSuffix(dir, "/")) || note.ValidateID(id) != nil {
		return "", false
	}
	return id, true
}

// notePaths are every path a note with this id can have: one per type, since a note's path
// includes its type and a type change moves the file.
func notePaths(id string) []string {
	out := make([]string, 0, len(note.Types))
	for _, t := range note.Types {
		out = append(out, string(t)+"/"+id+".md")
	}
	return out
}

// resolveByID decides the notes changed on both sides under more than one path: a type change on
// one side (a rename, to git) against an edit, a forget or another type change on the other.
// Decided per path, that is two live files for one id (the edit at the old path, the retyped
// version at the new one), or, after git's rename detection, the edit merged into the retyped
// file by lines. Here both versions of the id are one note, decided as a whole like any other
// (resolveNote: a forget wins over an edit that had not seen it, else the newer edit): the
// winner keeps its path, every other path of the id is removed, and the loser, when it says
// anything the winner does not, becomes a conflict note (indexed, counted). It returns the paths
// it decided.
func (m *merge) resolveByID(ctx context.Context) (map[string]bool, error) {
	type sides struct{ ours, theirs []change }
	byID := map[string]*sides{}
	get := func(id string) *sides {
		if byID[id] == nil {
			byID[id] = &sides{}
		}
		return byID[id]
	}
	for p, ch := range m.ours {
		if id, ok := noteID(p); ok {
			get(id).ours = append(get(id).ours, ch)
		}
	}
	for p, ch := range m.theirs {
		if id, ok := noteID(p); ok {
			get(id).theirs = append(get(id).theirs, ch)
		}
	}
	done := map[string]bool{}
	var ids, oids []string
	for id, s := range byID {
		if len(s.ours) == 0 || len(s.theirs) == 0 ||
			(len(s.ours) == 1 && len(s.theirs) == 1 && s.ours[0].path == s.theirs[0].path) {
			continue // one side only (git's result is pinned by pinNotes), or one path (resolve)
		}
		ids = append(ids, id)
		for _, ch := range append(append([]change{}, s.ours...), s.theirs...) {
			for _, oid := range []string{ch.oldOID, ch.newOID} {
				if strings.Trim(oid, "0") != "" {
					oids = append(oids, oid)
				}
			}
		}
	}
	if len(ids) == 0 {
		return done, nil
	}
	sort.Strings(ids)
	blobs, err := m.c.readBlobs(ctx, oids)
	if err != nil {
		return nil, err
	}
	for _, id := range ids {
		s := byID[id]
		for _, p := range notePaths(id) {
			done[p] = true
		}
		var base []byte // the version both sides started from, at its old path
		for _, ch := range append(append([]change{}, s.ours...), s.theirs...) {
			if ch.status != 'A' {
				base = blobs[ch.oldOID]
				break
			}
		}
		ours, err := m.sideVersion(ctx, s.ours, base, blobs)
		if err != nil {
			return nil, err
		}
		theirs, err := m.sideVersion(ctx, s.theirs, base, blobs)
		if err != nil {
			return nil, err
		}
		winner := theirs
		switch {
		case ours == nil || theirs == nil:
			// Removed from memory/ on one side (not forgotten: gone), changed on the other: keep
			// the change, as for a single path.
			if theirs == nil {
				winner = ours
			}
		case ours.newOID == theirs.newOID && ours.path == theirs.path:
			// The same change on both sides.
		default:
			r, err := resolveNote(base, blobs[ours.newOID], blobs[theirs.newOID])
			if err != nil {
				// Not notes sync can read: the remote version keeps the id, ours stays beside it.
				for _, p := range notePaths(id) {
					if p != theirs.path {
						m.remove(p)
					}
				}
				if err := m.sideFile(ctx, theirs.path, *theirs, *ours); err != nil {
					return nil, err
				}
				continue
			}
			if r.oursWins {
				winner = ours
			}
			if err := m.addCopy(ctx, winner.path, r.copy); err != nil {
				return nil, err
			}
		}
		for _, p := range notePaths(id) {
			if winner == nil || p != winner.path {
				m.remove(p)
			}
		}
		if winner != nil {
			m.set(winner.newMode, winner.newOID, winner.path)
		}
	}
	return done, nil
}

// sideVersion is the version of a note one side ends with, from its changes to the note's paths:
// nil when it removed the note from memory/, else the file it added or changed. A side that
// ended with two files for one id (a store left that way by an older version) is folded into one
// here, the loser kept as a conflict note.
func (m *merge) sideVersion(ctx context.Context, chs []change, base []byte, blobs map[string][]byte) (*change, error) {
	var live []change
	for _, ch := range chs {
		if !ch.deleted() {
			live = append(live, ch)
		}
	}
	if len(live) == 0 {
		return nil, nil
	}
	sort.Slice(live, func(i, j int) bool { return live[i].path < live[j].path })
	v := live[0]
	for _, other := range live[1:] {
		r, err := resolveNote(base, blobs[v.newOID], blobs[other.newOID])
		if err != nil {
			return nil, fmt.Errorf("merge two files of one note (%s, %s): %w", v.path, other.path, err)
		}
		if !r.oursWins {
			v = other
		}
		if err := m.addCopy(ctx, v.path, r.copy); err != nil {
			return nil, err
		}
	}
	return &v, nil
}

// pinNotes sets every note path changed on one side only to that side's version, and every
// note path neither side changed back to the remote's, wherever merge-tree's result differs.
// merge-tree always detects renames (git 2.39 has no option to turn that off for it): it would
// pair a note removed on one side with a similar note added there (a type change, or another
// note altogether) and apply the other side's edit of the first to the second, or move a note
// into a folder it takes for renamed. Notes are never merged by lines, so their paths are set
// from the two sides' own changes, not from git's result. done are paths already decided.
func (m *merge) pinNotes(ctx context.Context, done map[string]bool) error {
	got, err := m.c.diffTrees(ctx, m.remote, m.tree) // what the merged tree changes on the remote's
	if err != nil {
		return err
	}
	gotBy := make(map[string]change, len(got))
	for _, ch := range got {
		gotBy[ch.path] = ch
	}
	pin := func(p string, want *change) { // want nil: as the remote has it
		g, changed := gotBy[p]
		switch {
		case want == nil && !changed:
		case want == nil && g.status == 'A':
			m.remove(p)
		case want == nil:
			m.set(g.oldMode, g.oldOID, p)
		case want.deleted():
			if !changed || !g.deleted() {
				m.remove(p)
			}
		case !changed || g.newOID != want.newOID || g.newMode != want.newMode:
			m.set(want.newMode, want.newOID, p)
		}
		done[p] = true
	}
	for p, o := range m.ours {
		if _, both := m.theirs[p]; !both && !done[p] {
			if _, ok := noteID(p); ok {
				o := o
				pin(p, &o)
			}
		}
	}
	for p := range m.theirs {
		if _, both := m.ours[p]; !both && !done[p] {
			if _, ok := noteID(p); ok {
				pin(p, nil)
			}
		}
	}
	for _, ch := range got {
		_, o := m.ours[ch.path]
		_, t := m.theirs[ch.path]
		if !o && !t && !done[ch.path] {
			if _, ok := noteID(ch.path); ok {
				pin(ch.path, nil)
			}
		}
	}
	return nil
}
