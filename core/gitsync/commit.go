package gitsync

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/anamnesis-go/anamnesis/core/note"
)

// step is what one locked section did.
type step struct {
	committed string   // subject of the local commit made, or ""
	before    string   // HEAD after committing, before integrating the remote
	after     string   // HEAD at the end
	pulled    int      // remote commits newly integrated
	conflicts []string // ids of conflict copies made
	files     []string // side files made for files that are not notes
	rewritten bool     // the remote's history had been rewritten; integrated by tree
	refused   []string // symbolic links and submodules from the remote, not checked out
}

// raceRetries bounds how often one locked section re-commits and re-merges files that an editor
// changed while the section was checking out incoming notes.
const raceRetries = 3

// locked commits local changes and integrates remote (a fetched commit, or "") while holding the
// store lock, so no note write or other cycle interleaves with the working-tree changes. Editors
// do not take the lock: a file saved while incoming notes are checked out is committed and merged
// again, so it meets the incoming version as a conflict instead of being overwritten.
func (c *cycle) locked(ctx context.Context, remote string, integrate bool) (step, error) {
	var s step
	l, err := c.st.Lock(ctx)
	if err != nil {
		return s, err
	}
	defer l.Release()
	c.clearStaleLocks()
	if err := stateProblem(ctx, c.g, c.gitDir(), false); err != nil {
		return s, err
	}
	for try := 0; ; try++ {
		subject := ""
		if try > 0 {
			subject = "anamnesis: notes saved during a sync on " + c.mid
		}
		committed, err := c.commitLocal(ctx, subject)
		if err != nil {
			return s, err
		}
		head, err := c.head(ctx)
		if err != nil {
			return s, err
		}
		if try == 0 {
			s.committed, s.before = committed, head
		}
		s.after = head
		if !integrate || remote == "" {
			return s, nil
		}
		err = c.integrate(ctx, &s, remote)
		if err == nil {
			// The remote head is now part of local history: the base for detecting a later
			// rewrite of the remote's history. Recorded only once integrated, so a failed
			// integration is detected again next time.
			if _, err := c.g.run(ctx, "update-ref", c.trackingRef(), remote); err != nil {
				return s, fmt.Errorf("record the remote head: %w", err)
			}
			return s, nil
		}
		if !errors.Is(err, errRaced) {
			return s, err
		}
		if try+1 >= raceRetries {
			return s, fmt.Errorf("%w; they are kept as they are on disk, and the next sync merges them", err)
		}
	}
}

// commitLocal stages everything in memory/ and commits it with a message saying what changed
// (or subject, when given). Notes edited by hand are stamped first (see stampHandEdits).
func (c *cycle) commitLocal(ctx context.Context, subject string) (string, error) {
	if _, err := c.g.run(ctx, "add", "-A", "--", "."); err != nil {
		return "", fmt.Errorf("stage local notes: %w", err)
	}
	out, err := c.g.run(ctx, "diff", "--cached", "--raw", "-z", "--no-abbrev", "--no-renames")
	if err != nil {
		return "", fmt.Errorf("list local changes: %w", err)
	}
	if out == "" {
		return "", nil
	}
	changes, err := parseRaw(out)
	if err != nil {
		return "", fmt.Errorf("list local changes: %w", err)
	}
	if err := c.refuseLocal(ctx, changes); err != nil {
		return "", err
	}
	if err := c.stampHandEdits(ctx, changes); err != nil {
		return "", err
	}
	if subject == "" {
		subject = c.describe(changes)
	}
	if _, err := c.g.run(ctx, "commit", "-q", "--no-verify", "--allow-empty-message", "-m", subject); err != nil {
		return "", fmt.Errorf("commit local notes: %w", err)
	}
	return subject, nil
}

// stampHandEdits sets updated_at to now in notes whose content changed while their updated_at did
// not: edits made in an editor, which the store never saw. Without it a hand edit would carry the
// time of the version it started from, and lose every conflict to any later program write. The
// file is rewritten only if it still holds exactly what was staged, checked just before the
// rename, so a save racing this is kept (and stamped by a later cycle).
func (c *cycle) stampHandEdits(ctx context.Context, changes []change) error {
	var mods []change
	var oids []string
	for _, ch := range changes {
		if ch.status == 'M' && strings.HasSuffix(ch.path, ".md") && !refusedMode(ch.newMode) {
			mods = append(mods, ch)
			oids = append(oids, ch.oldOID, ch.newOID)
		}
	}
	if len(mods) == 0 {
		return nil
	}
	blobs, err := c.readBlobs(ctx, oids)
	if err != nil {
		return err
	}
	var stamped []string
	for _, ch := range mods {
		old, err1 := note.Parse(blobs[ch.oldOID])
		cur, err2 := note.Parse(blobs[ch.newOID])
		if err1 != nil || err2 != nil || old.UpdatedAt != cur.UpdatedAt || old.UpdatedAt == "" {
			continue
		}
		data, ok := setUpdatedAt(blobs[ch.newOID], stampAfter(old.UpdatedAt))
		if !ok {
			continue
		}
		full := filepath.Join(c.g.dir, filepath.FromSlash(ch.path))
		tmp, err := writeTemp(filepath.Dir(full), ch.newMode, data)
		if err != nil {
			return fmt.Errorf("stamp hand-edited note %s: %w", ch.path, err)
		}
		if id, _, err := fileBlobID(full, ch.newOID); err != nil || id != ch.newOID {
			os.Remove(tmp)
			continue
		}
		if err := os.Rename(tmp, full); err != nil {
			os.Remove(tmp)
			return fmt.Errorf("stamp hand-edited note %s: %w", ch.path, err)
		}
		stamped = append(stamped, ch.path)
	}
	if len(stamped) > 0 {
		if _, err := c.g.run(ctx, append([]string{"add", "--"}, stamped...)...); err != nil {
			return fmt.Errorf("stage hand-edited notes: %w", err)
		}
	}
	return nil
}

// stampAfter is now, or one second after prev when the clock says otherwise, so a stamped hand
// edit is always newer than the version it started from.
func stampAfter(prev string) string {
	now := time.Now().UTC().Truncate(time.Second) // the precision of updated_at
	if t, err := time.Parse(time.RFC3339, canonicalTime(prev)); err == nil && !now.After(t) {
		now = t.Add(time.Second)
	}
	return note.FormatTime(now)
}

// setUpdatedAt replaces the updated_at line of a note's front matter, leaving every other byte
// as the user wrote it.
func setUpdatedAt(data []byte, stamp string) ([]byte, bool) {
	end := bytes.Index(data[min(len(data), 4):], []byte("\n---"))
	if !bytes.HasPrefix(data, []byte("---")) || end < 0 {
		return nil, false
	}
	front := data[:end+4]
	i := bytes.Index(front, []byte("\nupdated_at:"))
	if i < 0 {
		return nil, false
	}
	i++
	j := bytes.IndexByte(data[i:], '\n') + i
	if data[j-1] == '\r' {
		j--
	}
	out := append([]byte{}, data[:i]...)
	out = append(out, "updated_at: '"+stamp+"'"...)
	return append(out, data[j:]...), true
}

// describe turns the staged changes into "anamnesis: 3 added, 1 edited, 1 forgotten on laptop".
func (c *cycle) describe(changes []change) string {
	var added, edited, forgotten, removed, other int
	for _, ch := range changes {
		isNote := strings.HasSuffix(ch.path, ".md")
		switch {
		case !isNote:
			other++
		case ch.status == 'D':
			removed++
		case ch.status == 'A':
			added++
		case c.forgotten(ch.path):
			forgotten++
		default:
			edited++
		}
	}
	var parts []string
	for _, p := range []struct {
		n    int
		verb string
	}{{added, "added"}, {edited, "edited"}, {forgotten, "forgotten"}, {removed, "removed"}, {other, "other files changed"}} {
		if p.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", p.n, p.verb))
		}
	}
	return fmt.Sprintf("anamnesis: %s on %s", strings.Join(parts, ", "), c.mid)
}

// forgotten reports whether the working-tree note at path (relative to memory/) is soft-deleted.
func (c *cycle) forgotten(path string) bool {
	data, err := os.ReadFile(filepath.Join(c.g.dir, filepath.FromSlash(path)))
	if err != nil {
		return false
	}
	n, err := note.Parse(data)
	return err == nil && n.Deleted()
}
