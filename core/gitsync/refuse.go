package gitsync

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// symlinkMode is a symbolic link entry; gitlinkMode (objects.go) a submodule.
const symlinkMode = "120000"

// refusedMode reports whether a tree entry of this mode is one sync never writes into memory/
// nor records from it: a symbolic link could point a later write (by sync, the store or an
// editor) outside the store, or make a note's content whatever file it names; a submodule is
// another repository, not notes. A remote tree may hold either (made by hand, or by a hostile
// machine), and git add records both from a working tree.
func refusedMode(mode string) bool { return mode == symlinkMode || mode == gitlinkMode }

// ErrRefused is matched (errors.Is) by RefusedError.
var ErrRefused = errors.New("sync refused entries it never writes (symbolic links, submodules)")

// RefusedError names the entries a cycle refused: from the remote (not created here, and removed
// from the synced tree by a commit of this machine, so no machine creates them), or in memory/
// (not recorded; the cycle stops until they are gone). The cycle still synced everything else
// when From is "remote".
type RefusedError struct {
	From    string   // "remote" or "local"
	Entries []string // "semantic/x.md (symbolic link to /etc/passwd)", "vendor (submodule)"
}

func (e *RefusedError) Error() string {
	if e.From == "local" {
		return fmt.Sprintf("sync stopped: memory/ holds %s, which sync never records (a link could make sync or an editor write outside the store; a submodule is another repository): %s;"+
			" replace each link by the folder or file it points to, or move it out of memory/, then sync again",
			plural(len(e.Entries), "a symbolic link or submodule", "symbolic links or submodules"), strings.Join(e.Entries, ", "))
	}
	return fmt.Sprintf("refused %s from the remote that sync never writes into memory/ (a link could make sync or an editor write outside the store; a submodule is another repository): %s;"+
		" %s not created here and this machine removed %s from the synced notes (git history keeps %s); every other change was synced",
		plural(len(e.Entries), "an entry", fmt.Sprintf("%d entries", len(e.Entries))), strings.Join(e.Entries, ", "),
		plural(len(e.Entries), "it was", "they were"), plural(len(e.Entries), "it", "them"), plural(len(e.Entries), "it", "them"))
}

// Is makes errors.Is(err, ErrRefused) true.
func (e *RefusedError) Is(target error) bool { return target == ErrRefused }

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// describeEntry names a refused entry for the user; target is a link's target.
func describeEntry(ch change, target []byte) string {
	if ch.newMode == gitlinkMode {
		return ch.path + " (submodule)"
	}
	t := strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return '?'
		}
		return r
	}, string(target))
	if len(t) > 200 {
		t = t[:200] + "..."
	}
	return ch.path + " (symbolic link to " + t + ")"
}

// withoutRefused returns commit, or, when the changes from HEAD to it add or turn entries into
// symbolic links or submodules, a new commit on top of it without them, and the entries removed.
// Removing them in a commit (rather than only skipping them on disk) keeps the index, HEAD and
// the working tree in agreement, and the push takes the removal to every machine, so none of
// them ever creates the entry.
func (c *cycle) withoutRefused(ctx context.Context, commit string, changes []change) (string, []string, error) {
	var bad []change
	var oids []string
	for _, ch := range changes {
		if !ch.deleted() && refusedMode(ch.newMode) {
			bad = append(bad, ch)
			if ch.newMode == symlinkMode {
				oids = append(oids, ch.newOID)
			}
		}
	}
	if len(bad) == 0 {
		return commit, nil, nil
	}
	targets, err := c.readBlobs(ctx, oids)
	if err != nil {
		return "", nil, err
	}
	zero := strings.Repeat("0", len(bad[0].newOID))
	var lines, names, paths []string
	for _, ch := range bad {
		lines = append(lines, "0 "+zero+"\t"+ch.path)
		names = append(names, describeEntry(ch, targets[ch.newOID]))
		paths = append(paths, ch.path)
	}
	tree, err := c.patchTree(ctx, commit+"^{tree}", lines)
	if err != nil {
		return "", nil, fmt.Errorf("remove refused entries: %w", err)
	}
	msg := fmt.Sprintf("anamnesis: refused %d symbolic link or submodule entr%s from the remote on %s\n\nSync never writes these into memory/: %s",
		len(bad), map[bool]string{true: "y", false: "ies"}[len(bad) == 1], c.mid, strings.Join(paths, ", "))
	out, err := c.g.run(ctx, "commit-tree", tree, "-p", commit, "-m", msg)
	if err != nil {
		return "", nil, fmt.Errorf("remove refused entries: %w", err)
	}
	return out, names, nil
}

// refuseLocal stops a commit of memory/ that would record a symbolic link or a submodule (git add
// records a link as a link, and a symlinked folder as one link in place of every note in it:
// committed, that is every one of those notes removed on every machine). The index is put back
// as HEAD has it, so nothing is staged, and the error names each entry.
func (c *cycle) refuseLocal(ctx context.Context, changes []change) error {
	var names []string
	for _, ch := range changes {
		if ch.deleted() || !refusedMode(ch.newMode) {
			continue
		}
		target := ""
		if ch.newMode == symlinkMode {
			target, _ = os.Readlink(filepath.Join(c.g.dir, filepath.FromSlash(ch.path)))
		}
		names = append(names, describeEntry(ch, []byte(target)))
	}
	if len(names) == 0 {
		return nil
	}
	if _, err := c.g.run(ctx, "reset", "-q"); err != nil {
		return fmt.Errorf("unstage refused entries: %w", err)
	}
	return &RefusedError{From: "local", Entries: names}
}

// realParents checks every folder between memory/ and the tree path rel with Lstat: each must be
// a real folder, never a symbolic link (which would carry the write, or removal, to wherever it
// points). Missing folders are created when create is set. A file where a folder should be is
// an error too.
func (c *cycle) realParents(rel string, create bool) error {
	parts := strings.Split(rel, "/")
	dir := c.g.dir
	for i, part := range parts[:len(parts)-1] {
		dir = filepath.Join(dir, part)
		info, err := os.Lstat(dir)
		if errors.Is(err, fs.ErrNotExist) {
			if !create {
				return nil // nothing below it exists to be touched
			}
			if err := os.Mkdir(dir, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
				return fmt.Errorf("create the folder of %s: %w", rel, err)
			}
			if info, err = os.Lstat(dir); err != nil {
				return fmt.Errorf("create the folder of %s: %w", rel, err)
			}
		} else if err != nil {
			return fmt.Errorf("inspect the folder of %s: %w", rel, err)
		}
		sub := strings.Join(parts[:i+1], "/")
		switch {
		case info.Mode()&fs.ModeSymlink != 0:
			return &RefusedError{From: "local", Entries: []string{sub + " (symbolic link, in the way of " + rel + ")"}}
		case !info.IsDir():
			return fmt.Errorf("cannot write %s: %s is a file, not a folder", rel, sub)
		}
	}
	return nil
}
