package gitsync

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// maintenanceTimeout bounds one packing run. A run cut short leaves the repository as it was
// (git writes the new pack before it removes loose objects) and the next one finishes the job.
const maintenanceTimeout = 30 * time.Second

// maintain packs the repository's loose objects when there are more than limit (see
// Options.LooseObjects). Sync runs git with gc.auto=0, so without this nothing ever packs: every
// sync leaves a few loose objects, and after 1,000 syncs .git is twenty times the size git gc
// leaves, and slower to read. It runs after the cycle, outside the store lock (git gc takes its
// own lock, and prunes only objects older than two weeks, so concurrent cycles are safe), and
// its failure is not the cycle's: the next cycle that changes something tries again.
//
// Counting is git's own estimate, done here without starting git: loose objects are spread over
// 256 directories by the first byte of their id, so one directory holds about 1/256 of them.
func (c *cycle) maintain(ctx context.Context, limit int) {
	if limit < 0 {
		return
	}
	if limit == 0 {
		limit = DefaultLooseObjects
	}
	entries, err := os.ReadDir(filepath.Join(c.gitDir(), "objects", "17"))
	if err != nil {
		return
	}
	auto := limit
	if len(entries) <= (limit+255)/256 {
		// Few objects, but maybe large ones: in a big store every commit writes a new tree
		// listing every note (about 50 bytes a note), so the bytes between two packings grow
		// with the store. Bound them too; gc.auto=1 makes git pack what is there.
		var size int64
		for _, e := range entries {
			if info, err := e.Info(); err == nil {
				size += info.Size()
			}
		}
		if size*256 <= looseBytes {
			return
		}
		auto = 1
	}
	ctx, cancel := context.WithTimeout(ctx, maintenanceTimeout)
	defer cancel()
	// gc.autoDetach=false: a background gc would outlive the process that started it (a hook);
	// this run is bounded instead.
	_, _ = c.g.exec(ctx, maintenanceTimeout, nil, nil, "-c", "gc.auto="+strconv.Itoa(auto),
		"-c", "gc.autoDetach=false", "gc", "--auto", "--quiet")
}

// looseBytes bounds the estimated size of loose objects between two packings.
const looseBytes = 16 << 20
