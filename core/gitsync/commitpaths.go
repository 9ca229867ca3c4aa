package gitsync

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/store"
)

// Commit records the given files in one local commit with subject, without fetching or pushing;
// the next sync carries it. Paths are relative to the store root as the store reports them
// ("memory/semantic/<id>.md"); files outside memory/ (local/) are not synced and are ignored.
// Only these paths are committed, so the message says exactly what the commit holds, and other
// pending changes wait for the next sync. It returns the new commit's short id, or "" when the
// files were already committed as they are.
func Commit(ctx context.Context, st *store.Store, opts Options, subject string, paths []string) (string, error) {
	var rel []string
	for _, p := range paths {
		p = filepath.ToSlash(filepath.Clean(p))
		if r, ok := strings.CutPrefix(p, store.PortableDir+"/"); ok && safePath(r) == nil {
			rel = append(rel, r)
		}
	}
	if len(rel) == 0 {
		return "", nil
	}
	mid := opts.MachineID
	if mid == "" {
		mid = st.MachineID()
	}
	c := &cycle{
		st:     st,
		g:      newGit(filepath.Join(st.Root(), store.PortableDir), mid, opts.LocalTimeout, opts.NetworkTimeout),
		remote: strings.TrimSpace(opts.Remote),
		mid:    mid,
	}
	if err := c.prepare(ctx); err != nil {
		return "", err
	}
	l, err := st.Lock(ctx)
	if err != nil {
		return "", err
	}
	defer l.Release()
	c.clearStaleLocks()
	if err := stateProblem(ctx, c.g, c.gitDir(), false); err != nil {
		return "", err
	}
	if _, err := c.g.run(ctx, append([]string{"add", "-A", "--"}, rel...)...); err != nil {
		return "", fmt.Errorf("stage curated notes: %w", err)
	}
	staged, err := c.g.run(ctx, append([]string{"diff", "--cached", "--raw", "-z", "--no-abbrev", "--no-renames", "--"}, rel...)...)
	if err != nil {
		return "", fmt.Errorf("list curated changes: %w", err)
	}
	if staged == "" {
		return "", nil
	}
	changes, err := parseRaw(staged)
	if err != nil {
		return "", fmt.Errorf("list curated changes: %w", err)
	}
	// A note path that became a symbolic link is refused here as in a sync cycle: committed, it
	// would travel to every machine as a link.
	if err := c.refuseLocal(ctx, changes); err != nil {
		return "", err
	}
	if _, err := c.g.run(ctx, append([]string{"commit", "-q", "--no-verify", "-m", subject, "--"}, rel...)...); err != nil {
		return "", fmt.Errorf("commit curated notes: %w", err)
	}
	head, err := c.head(ctx)
	if err != nil {
		return "", err
	}
	return short(head), nil
}
