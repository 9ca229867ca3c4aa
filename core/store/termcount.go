package store

import (
	"os"
	"path/filepath"
	"sync"
	"time"
)

// termCountCache keeps what matchFor counts (the highest rowid, and how many notes hold each
// query term, up to the common threshold) for as long as the index is unchanged, so that a process
// that stays open (the resident hook server, the MCP server) counts a word once rather than on
// every search: the counts were a fifth of a warm search's work. Unchanged is judged as Revalidate
// judges it: the index's files have the same size and modification time as when the counts were
// taken, and are old enough for those to vouch for their content (see indexStamp.racy). A search
// on an index written within that window counts afresh and keeps nothing.
type termCountCache struct {
	mu    sync.Mutex
	stamp indexStamp
	n     map[string]int64
}

// maxRowKey keeps the highest rowid among the counts; no term expression is empty.
const maxRowKey = ""

// maxCounts bounds the words kept; past it the cache starts again.
const maxCounts = 4096

// countStamp is the index's stamp now, and whether it may key counts (see termCountCache).
func (s *Store) countStamp() (indexStamp, bool) {
	fi, err := os.Stat(filepath.Join(s.root, IndexFile))
	if err != nil {
		return indexStamp{}, false
	}
	st := s.stamp(fi)
	return st, !st.racy(time.Now())
}

// get returns the count kept for key under the index stamp st.
func (c *termCountCache) get(st indexStamp, key string) (int64, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n == nil || c.stamp != st {
		return 0, false
	}
	n, ok := c.n[key]
	return n, ok
}

// put keeps the count for key, taken under the index stamp st; counts taken under another stamp
// are dropped.
func (c *termCountCache) put(st indexStamp, key string, n int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n == nil || c.stamp != st || len(c.n) >= maxCounts {
		c.n, c.stamp = map[string]int64{}, st
	}
	c.n[key] = n
}

// scanCache keeps the scan record loadScan read, under the index stamp it was read at (see
// termCountCache for when a stamp vouches for the index).
type scanCache struct {
	mu    sync.Mutex
	stamp indexStamp
	set   bool
	rec   scanRecord
	ok    bool
}

// get returns the record kept under stamp (a copy: callers may change it); hit is false when
// none is.
func (c *scanCache) get(stamp indexStamp) (rec scanRecord, ok, hit bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.set || c.stamp != stamp {
		return scanRecord{}, false, false
	}
	return c.rec.clone(), c.ok, true
}

// put keeps rec, read under stamp.
func (c *scanCache) put(stamp indexStamp, rec scanRecord, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.stamp, c.set, c.rec, c.ok = stamp, true, rec.clone(), ok
}

func (r scanRecord) clone() scanRecord {
	if r.Dirs == nil {
		return r
	}
	dirs := make(dirTimes, len(r.Dirs))
	for d, t := range r.Dirs {
		dirs[d] = t
	}
	return scanRecord{At: r.At, Dirs: dirs}
}
