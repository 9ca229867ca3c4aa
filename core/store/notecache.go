package store

import (
	"os"
	"sync"
	"time"
)

// noteCache keeps the bytes of the note files a resident process has read (see
// Options.KeepNotes). A session start gives a dozen notes or more, each read from its file; once
// the machine has sat idle a minute its page cache is reclaimed (on this project's test machines,
// every page unused for a minute), and each of those reads waited on a disk whose 4 KB reads took
// 1-7 ms: the first session start after a pause took 63 ms where a warm one takes 6. Kept, a note
// costs one stat.
//
// An entry answers only while the path is the same file, of the same size, mode, modification
// and status-change times (see fileVersion), and only if its status-change time was older than
// racyWindow when it was read: an edit in the same timestamp tick as the read, of the same size,
// would otherwise go unseen (as indexStamp explains).
type noteCache struct {
	mu    sync.Mutex
	max   int // bytes kept at most
	bytes int
	files map[string]keptFile
	now   func() time.Time // the clock that says whether a file has settled
}

// keptFile is a note file's bytes and the version they were read at.
type keptFile struct {
	v    fileVersion
	data []byte
}

func newNoteCache(maxBytes int) *noteCache {
	if maxBytes <= 0 {
		return nil
	}
	return &noteCache{max: maxBytes, files: map[string]keptFile{}, now: time.Now}
}

// read returns the file's bytes, as os.ReadFile does. Callers must not modify them: a kept file's
// bytes are shared.
func (c *noteCache) read(path string) ([]byte, error) {
	if c == nil {
		return os.ReadFile(path)
	}
	v, err := versionOf(path)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	k, ok := c.files[path]
	c.mu.Unlock()
	if ok && v.known && k.v == v {
		return k.data, nil
	}
	// Read after the stat: the bytes are at least as new as v, so a change made meanwhile shows
	// as a different version at the next stat.
	data, err := readNoteFile(path, v.size)
	if err != nil {
		return nil, err
	}
	if v.known && int64(len(data)) == v.size && c.now().UnixNano()-v.ctime > int64(racyWindow) {
		c.keep(path, keptFile{v: v, data: data})
	}
	return data, nil
}

// keep adds k under path; when the bound would be passed, everything kept so far goes first.
func (c *noteCache) keep(path string, k keptFile) {
	if len(k.data) > c.max {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.files[path]; ok {
		c.bytes -= len(old.data)
	}
	if c.bytes+len(k.data) > c.max {
		clear(c.files)
		c.bytes = 0
	}
	c.files[path] = k
	c.bytes += len(k.data)
}
