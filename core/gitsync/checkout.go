package gitsync

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// errRaced is returned by checkout when a file it had to replace was changed on disk after it was
// committed (an editor saving a note while the cycle ran; the store lock cannot stop an editor).
// The file is left as it is, HEAD is not moved, and the cycle commits the file and merges again.
var errRaced = errors.New("a note file changed while sync was updating it")

// racedError names the files that changed under the checkout.
type racedError struct{ paths []string }

func (e *racedError) Error() string {
	return fmt.Sprintf("%s changed while sync was updating it", strings.Join(e.paths, ", "))
}

func (e *racedError) Is(target error) bool { return target == errRaced }

// testHookReplace, when set (tests only), runs just before each file is checked and replaced.
var testHookReplace func(path string)

// checkout moves main and the working tree from HEAD (s.after) to commit. It changes only the
// paths that differ between the two commits, and only a file whose content is still the one
// HEAD recorded, checked again just before it is replaced: the user's bytes are never
// overwritten. A file that changed makes it return errRaced after updating everything else,
// without moving HEAD; the caller commits what is on disk and merges again, so the edit meets the
// incoming version as a conflict decided like any other.
//
// Files are written before HEAD and the index move, so a cycle killed half way leaves incoming
// versions that the next cycle commits as its own (identical to the remote's, so they merge
// cleanly) rather than old files that would be committed over the new ones.
func (c *cycle) checkout(ctx context.Context, commit string, s *step) error {
	from := s.after
	changes, err := c.diffTrees(ctx, from, commit)
	if err != nil {
		return fmt.Errorf("check out synced notes: %w", err)
	}
	// Symbolic links and submodules are never written: the commit checked out is one without them.
	commit, refused, err := c.withoutRefused(ctx, commit, changes)
	if err != nil {
		return fmt.Errorf("check out synced notes: %w", err)
	}
	if len(refused) > 0 {
		if changes, err = c.diffTrees(ctx, from, commit); err != nil {
			return fmt.Errorf("check out synced notes: %w", err)
		}
	}
	var oids []string
	for _, ch := range changes {
		if !ch.deleted() {
			oids = append(oids, ch.newOID)
		}
	}
	blobs, err := c.readBlobs(ctx, oids)
	if err != nil {
		return fmt.Errorf("check out synced notes: %w", err)
	}
	// Removals first, so a directory that replaces a removed file can be made.
	var raced []string
	for pass := 0; pass < 2; pass++ {
		for _, ch := range changes {
			if (pass == 0) != ch.deleted() {
				continue
			}
			ok, err := c.apply(ch, blobs[ch.newOID])
			if err != nil {
				return fmt.Errorf("check out synced notes: %w", err)
			}
			if !ok {
				raced = append(raced, ch.path)
			}
		}
	}
	if len(raced) > 0 {
		return &racedError{paths: raced}
	}
	if len(changes) > 0 {
		zero := strings.Repeat("0", len(changes[0].newOID))
		var in strings.Builder
		for _, ch := range changes {
			if ch.deleted() {
				fmt.Fprintf(&in, "0 %s\t%s\n", zero, ch.path)
			} else {
				fmt.Fprintf(&in, "%s %s\t%s\n", ch.newMode, ch.newOID, ch.path)
			}
		}
		if _, err := c.g.exec(ctx, c.g.local, []byte(in.String()), nil, "update-index", "--index-info"); err != nil {
			return fmt.Errorf("record synced notes in the git index: %w", err)
		}
	}
	if _, err := c.g.run(ctx, "update-ref", "-m", "anamnesis: sync", "refs/heads/"+Branch, commit, from); err != nil {
		return fmt.Errorf("move %s to the synced notes: %w", Branch, err)
	}
	s.after = commit
	s.refused = append(s.refused, refused...)
	return nil
}

// apply brings one path from its old to its new version. It reports false, touching nothing,
// when the file on disk is neither (someone changed it since it was committed).
func (c *cycle) apply(ch change, data []byte) (bool, error) {
	if err := safePath(ch.path); err != nil {
		return false, err
	}
	if refusedMode(ch.newMode) {
		// withoutRefused took them out of the commit; this is a second line, never reached.
		return false, fmt.Errorf("refusing to check out %s: mode %s", ch.path, ch.newMode)
	}
	if ch.oldMode == gitlinkMode {
		return true, nil // a submodule recorded before: its folder is not sync's to remove
	}
	full := filepath.Join(c.g.dir, filepath.FromSlash(ch.path))
	if testHookReplace != nil {
		testHookReplace(ch.path)
	}
	// Every folder on the way must be a real one: a symbolic link among them would carry the
	// write or removal out of memory/ (Lstat of the file itself does not see that).
	if err := c.realParents(ch.path, false); err != nil {
		return false, err
	}
	// expected: the file is still what HEAD recorded (or already what the commit has).
	expected := func() (bool, error) {
		id, exists, err := fileBlobID(full, ch.newOID)
		if err != nil {
			return false, err
		}
		switch {
		case ch.status == 'A':
			return !exists || (!ch.deleted() && id == ch.newOID), nil
		case !exists:
			return ch.deleted(), nil
		default:
			return id == ch.oldOID || (!ch.deleted() && id == ch.newOID), nil
		}
	}
	if ok, err := expected(); err != nil || !ok {
		return false, err
	}
	if ch.deleted() {
		if err := os.Remove(full); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return false, fmt.Errorf("remove %s: %w", ch.path, err)
		}
		return true, nil
	}
	if id, exists, err := fileBlobID(full, ch.newOID); err == nil && exists && id == ch.newOID {
		return true, nil // already there (a checkout killed half way, or the same edit made here)
	}
	if err := c.realParents(ch.path, true); err != nil {
		return false, err
	}
	tmp, err := writeTemp(filepath.Dir(full), ch.newMode, data)
	if err != nil {
		return false, fmt.Errorf("write %s: %w", ch.path, err)
	}
	// The last look before the rename: the window left is the rename itself.
	if err := c.realParents(ch.path, false); err != nil {
		os.Remove(tmp)
		return false, err
	}
	if ok, err := expected(); err != nil || !ok {
		os.Remove(tmp)
		return false, err
	}
	if err := os.Rename(tmp, full); err != nil {
		os.Remove(tmp)
		return false, fmt.Errorf("replace %s: %w", ch.path, err)
	}
	return true, nil
}

// writeTemp writes data as a file under a temporary name in dir, which the repository's excludes
// keep out of commits. It never makes a symbolic link (see refusedMode).
func writeTemp(dir, mode string, data []byte) (string, error) {
	var b [8]byte
	rand.Read(b[:])
	tmp := filepath.Join(dir, ".tmp-anamnesis-sync-"+hex.EncodeToString(b[:]))
	perm := os.FileMode(0o644)
	if mode == "100755" {
		perm = 0o755
	}
	if err := os.WriteFile(tmp, data, perm); err != nil {
		os.Remove(tmp)
		return "", err
	}
	return tmp, nil
}

// fileBlobID is the blob id of the file (or symbolic link) at p, and whether it exists.
func fileBlobID(p, like string) (string, bool, error) {
	info, err := os.Lstat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return "", false, nil
	} else if err != nil {
		return "", false, fmt.Errorf("inspect %s: %w", p, err)
	}
	var data []byte
	switch {
	case info.Mode()&fs.ModeSymlink != 0:
		target, err := os.Readlink(p)
		if err != nil {
			return "", true, fmt.Errorf("read link %s: %w", p, err)
		}
		data = []byte(target)
	case info.IsDir():
		return "", true, nil // a folder where a file was: not ours to replace
	default:
		if data, err = os.ReadFile(p); err != nil {
			return "", true, fmt.Errorf("read %s: %w", p, err)
		}
	}
	return blobID(data, like), true, nil
}

// safePath refuses tree paths that would write outside memory/ or into .git, whatever a remote
// sends.
func safePath(p string) error {
	if p == "" || strings.HasPrefix(p, "/") || strings.Contains(p, "\\") {
		return fmt.Errorf("refusing the unsafe path %q from the remote", p)
	}
	for _, part := range strings.Split(p, "/") {
		if part == "" || part == "." || part == ".." || strings.EqualFold(part, ".git") {
			return fmt.Errorf("refusing the unsafe path %q from the remote", p)
		}
	}
	return nil
}
