package gitsync

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// maintenanceTimeout bounds one packing run. A run cut short leaves the repository as it was
// (git writes the new pack before it removes loose objects) and the next one finishes the job.
const maintenanceTimeout = 30 * time.Second

// maintain packs the repository's loose objects when there are more than limit (see
// Options.LooseObjects), or when they take more than looseBytes. Sync runs git with gc.auto=0, so
// without this nothing ever packs: every sync leaves a few loose objects, and after 1,000 syncs
// .git is twenty times the size git gc leaves, and slower to read. It runs after the cycle,
// outside the store lock (git gc takes its own lock, and prunes only objects older than two
// weeks, so concurrent cycles are safe), and its failure is not the cycle's: the next cycle that
// changes something tries again.
//
// git gc --auto packs incrementally (repack -d -l: the loose objects into one new pack, each new
// tree stored as a delta of the one before) and consolidates packs only once there are
// gc.autoPackLimit of them, so a run costs about what the objects since the last one cost, not
// what the whole repository does.
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
	objects := filepath.Join(c.gitDir(), "objects")
	entries, err := os.ReadDir(filepath.Join(objects, "17"))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, maintenanceTimeout)
	defer cancel()
	// gc.autoDetach=false: a background gc would outlive the process that started it (a hook);
	// this run is bounded instead.
	gc := func() {
		_, _ = c.g.exec(ctx, maintenanceTimeout, nil, nil, "-c", "gc.auto="+strconv.Itoa(limit),
			"-c", "gc.autoDetach=false", "gc", "--auto", "--quiet")
	}
	if len(entries) > (limit+255)/256 {
		gc() // git's own estimate: too many loose objects
		return
	}
	// Few objects, but maybe large ones: in a big store every commit writes a new tree listing
	// every note (about 50 bytes a note), so the bytes between two packings grow with the store.
	// Those are bounded exactly (256 small directory reads, only after a cycle that changed
	// something): a sample of one directory is too coarse for the few hundred objects that make
	// a couple of megabytes, and gc --auto, which samples, would not see them either. So they are
	// packed directly, incrementally (repack -d -l: the loose objects into one new pack, each
	// tree as a delta of the one before; -d drops the loose copies); gc --auto then merges the
	// packs once there are gc.autoPackLimit of them.
	//
	// Only objects written since the last such packing count: the unreachable ones a packing
	// leaves loose (trees of merges that were patched, stand-in commits) would otherwise
	// trigger a packing on every cycle until gc prunes them, two weeks later.
	mark := filepath.Join(c.gitDir(), packedMark)
	var since time.Time
	if info, err := os.Stat(mark); err == nil {
		since = info.ModTime()
	}
	if looseSize(objects, since) <= looseBytes {
		return
	}
	start := time.Now()
	if _, err := c.g.exec(ctx, maintenanceTimeout, nil, nil, "repack", "-d", "-l", "-q"); err != nil {
		return
	}
	_ = os.WriteFile(mark, nil, 0o644)
	_ = os.Chtimes(mark, start, start) // objects written during the packing count next time
	gc()
}

// packedMark (under .git) is touched by each size-triggered packing; its time is when it began.
const packedMark = "anamnesis-packed"

// looseSize is the size of the loose objects under objects (a .git/objects directory) written
// after since.
func looseSize(objects string, since time.Time) int64 {
	var size int64
	for i := 0; i < 256; i++ {
		entries, err := os.ReadDir(filepath.Join(objects, fmt.Sprintf("%02x", i)))
		if err != nil {
			continue
		}
		for _, e := range entries {
			if info, err := e.Info(); err == nil && info.ModTime().After(since) {
				size += info.Size()
			}
		}
	}
	return size
}

// looseBytes bounds the loose objects between two packings: what .git grows by at most before a
// cycle packs it, whatever the size of the store. Measured on 1,000 single-note syncs: see
// BenchmarkManySyncs and README (Performance).
const looseBytes = 2 << 20
