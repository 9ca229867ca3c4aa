package gitsync

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/note"
)

// step is what one locked section did.
type step struct {
	committed string   // subject of the local commit made, or ""
	before    string   // HEAD after committing, before integrating the remote
	after     string   // HEAD at the end
	pulled    int      // remote commits newly integrated
	conflicts []string // ids of conflict copies made
}

// locked commits local changes and integrates remote (a fetched commit, or "") while holding the
// store lock, so no note write or other cycle interleaves with the working-tree changes.
func (c *cycle) locked(ctx context.Context, remote string, integrate bool) (step, error) {
	var s step
	l, err := c.st.Lock(ctx)
	if err != nil {
		return s, err
	}
	defer l.Release()
	c.clearStaleLocks()
	if s.committed, err = c.commitLocal(ctx); err != nil {
		return s, err
	}
	if s.before, err = c.head(ctx); err != nil {
		return s, err
	}
	s.after = s.before
	if !integrate || remote == "" {
		return s, nil
	}
	// Keep origin/main meaningful for anyone looking at the repository by hand.
	// Cosmetic: nothing in the cycle reads it, so a failure here changes nothing.
	_, _ = c.g.run(ctx, "update-ref", "refs/remotes/origin/"+Branch, remote)
	if err := c.integrate(ctx, &s, remote); err != nil {
		return s, err
	}
	return s, nil
}

// commitLocal stages everything in memory/ and commits it with a message saying what changed.
func (c *cycle) commitLocal(ctx context.Context) (string, error) {
	if _, err := c.g.run(ctx, "add", "-A", "--", "."); err != nil {
		return "", fmt.Errorf("stage local notes: %w", err)
	}
	out, err := c.g.run(ctx, "diff", "--cached", "--name-status", "-z", "--no-renames")
	if err != nil {
		return "", fmt.Errorf("list local changes: %w", err)
	}
	if out == "" {
		return "", nil
	}
	subject := c.describe(out)
	if _, err := c.g.run(ctx, "commit", "-q", "--no-verify", "--allow-empty-message", "-m", subject); err != nil {
		return "", fmt.Errorf("commit local notes: %w", err)
	}
	return subject, nil
}

// describe turns `diff --name-status -z` output into "anamnesis: 3 added, 1 edited, 1 forgotten
// on laptop".
func (c *cycle) describe(nameStatus string) string {
	f := strings.Split(nameStatus, "\x00")
	var added, edited, forgotten, removed, other int
	for i := 0; i+1 < len(f); i += 2 {
		status, path := f[i], f[i+1]
		isNote := strings.HasSuffix(path, ".md")
		switch {
		case !isNote:
			other++
		case status == "D":
			removed++
		case status == "A":
			added++
		case c.forgotten(path):
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
