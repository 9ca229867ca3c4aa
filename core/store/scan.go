package store

import (
	"context"
	"encoding/json"
	"path/filepath"
	"time"
)

// dirTimes maps each note directory to its modification time (ns) as a full drift check saw it.
type dirTimes map[string]int64

// scanRecord is what the last full drift check saw, kept in anamnesis_meta under "scan".
type scanRecord struct {
	At   int64    `json:"at"` // unix seconds
	Dirs dirTimes `json:"dirs"`
}

// scanTrust is how long a full drift check vouches for files whose directories did not change.
// Adding, removing or renaming a note file (Anamnesis itself, git, editors that save by rename)
// changes its directory's modification time and is seen at once; an edit written in place into an
// existing file is seen by the first open after this long. It spares every open from stat'ing
// every note: on 10,000 notes that costs 20-35 ms, more than a whole search.
const scanTrust = time.Minute

// scanFresh reports whether the last full drift check still holds: recent enough, and every note
// directory it saw has the same modification time now.
func (s *Store) scanFresh(ctx context.Context) bool {
	var raw string
	if err := s.db.QueryRowContext(ctx, "SELECT value FROM anamnesis_meta WHERE key = 'scan'").Scan(&raw); err != nil {
		return false
	}
	var rec scanRecord
	if json.Unmarshal([]byte(raw), &rec) != nil || len(rec.Dirs) == 0 {
		return false
	}
	if age := time.Since(time.Unix(rec.At, 0)); age < 0 || age > scanTrust {
		return false
	}
	for _, root := range []string{s.TreeDir("portable"), s.TreeDir("machine-local")} {
		if _, ok := rec.Dirs[root]; !ok {
			return false // recorded for another location of the store
		}
	}
	var d dirStatter
	defer d.close()
	for dir, mtime := range rec.Dirs {
		if _, now := d.stat(filepath.Dir(dir), filepath.Base(dir)); now != mtime {
			return false
		}
	}
	return true
}

// recordScan remembers what a full drift check saw. It is best effort: failing (a busy index),
// the next open simply checks again.
func (s *Store) recordScan(ctx context.Context, dirs dirTimes) {
	b, err := json.Marshal(scanRecord{At: time.Now().Unix(), Dirs: dirs})
	if err != nil {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
	defer cancel()
	_, _ = s.db.ExecContext(ctx, "INSERT OR REPLACE INTO anamnesis_meta (key, value) VALUES ('scan', ?)", string(b))
}
