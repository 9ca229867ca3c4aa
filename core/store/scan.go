package store

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/anamnesis-go/anamnesis/core/internal/atomicfile"
	"github.com/anamnesis-go/anamnesis/core/note"
)

// dirTimes maps each note directory to its modification time (ns) as a drift check saw it.
type dirTimes map[string]int64

// scanRecord is what the drift checks saw, kept in anamnesis_meta under "scan" (and renewed in
// WalkedFile): when the last full walk ran, and every note directory's modification time as the
// latest check (full or partial) saw it.
type scanRecord struct {
	At   int64    `json:"at"` // unix seconds of the last full walk
	Dirs dirTimes `json:"dirs"`
}

// scanTrust is how long a full drift check vouches for files whose directories did not change.
// Adding, removing or renaming a note file (Anamnesis itself, git, editors that save by rename)
// changes its directory's modification time and is seen at once; an edit written in place into an
// existing file is seen by the first full walk after this long. It spares every open from
// stat'ing every note: on 10,000 notes that costs 20-35 ms, more than a whole search.
const scanTrust = time.Minute

// WalkedFile holds "<at> <unix time>": a full walk at that time found the note files as the scan
// record whose At is <at> has them. Such a walk renews the trust window there instead of rewriting
// the record in the index, because any write to the index, however small, makes every other open
// connection drop its page cache (SQLite sees that the log changed): the resident server then
// read back what each request needs (400 KB in about 100 reads for a search on 10,000 notes),
// from disk once the machine had sat idle, as it has when a walk falls due. The record in the
// index stays the authority: once a walk that saw a change or a rebuild writes a new one, the
// file names another walk's time and counts for nothing. A record updated for a note this
// process saved, or by a partial check, keeps its time and so its renewal: both only record
// directories as they are now, and a renewal claims no more than that the files matched the
// index when it was written.
const WalkedFile = "drift.walked"

// loadScan reads the scan record, its At moved to the last walk that renewed it (see WalkedFile).
// ok is false when there is none usable: missing, unreadable, or made for another location of the
// store.
func (s *Store) loadScan(ctx context.Context) (rec scanRecord, ok bool) {
	rec, ok = s.recordedScan(ctx)
	if ok {
		if at := s.renewedAt(rec.At); at > rec.At {
			rec.At = at
		}
	}
	return rec, ok
}

// renewedAt is the time of the last walk that renewed the record made at at, 0 when none did.
func (s *Store) renewedAt(at int64) int64 {
	// Read before every request the resident server answers: readNoteFile's three system calls,
	// not os.ReadFile's seven.
	b, err := readNoteFile(filepath.Join(s.root, WalkedFile), 64)
	if err != nil {
		return 0
	}
	var of, when int64
	if _, err := fmt.Sscanf(string(b), "%d %d", &of, &when); err != nil || of != at {
		return 0
	}
	return when
}

// recordedScan reads the scan record as the index holds it.
func (s *Store) recordedScan(ctx context.Context) (rec scanRecord, ok bool) {
	// Kept while the index is unchanged, as the search's word counts are (see termCountCache):
	// the resident server reads the record before every request, and reading and decoding it
	// was 4% of a session start's work.
	stamp, keep := s.countStamp()
	if keep {
		if rec, ok, hit := s.scans.get(stamp); hit {
			return rec, ok
		}
	}
	rec, ok = s.readScan(ctx)
	if keep {
		s.scans.put(stamp, rec, ok)
	}
	return rec, ok
}

// readScan reads the scan record from the index (see loadScan).
func (s *Store) readScan(ctx context.Context) (rec scanRecord, ok bool) {
	var raw string
	if err := s.queryRow(ctx, "SELECT value FROM anamnesis_meta WHERE key = 'scan'").Scan(&raw); err != nil {
		return scanRecord{}, false
	}
	if json.Unmarshal([]byte(raw), &rec) != nil || len(rec.Dirs) == 0 {
		return scanRecord{}, false
	}
	for _, root := range []string{s.TreeDir(note.Portable), s.TreeDir(note.MachineLocal)} {
		if _, ok := rec.Dirs[root]; !ok {
			return scanRecord{}, false // recorded for another location of the store
		}
	}
	return rec, true
}

// due reports whether the record's full walk is older than scanTrust.
func (r scanRecord) due() bool {
	age := time.Since(time.Unix(r.At, 0))
	return age < 0 || age > scanTrust
}

// changedDirs returns the topmost directories whose modification time differs from the record
// (a changed directory's subdirectories are covered by it), as subtrees to re-check.
func (s *Store) changedDirs(rec scanRecord) []subtree {
	var changed []string
	var d dirStatter
	for dir, mtime := range rec.Dirs {
		if _, now := d.stat(filepath.Dir(dir), filepath.Base(dir)); now != mtime {
			changed = append(changed, dir)
		}
	}
	d.close()
	sort.Strings(changed) // a parent sorts before its children
	var subs []subtree
	var kept []string
	for _, dir := range changed {
		covered := false
		for _, k := range kept {
			if strings.HasPrefix(dir, k+string(filepath.Separator)) {
				covered = true
				break
			}
		}
		if covered {
			continue
		}
		t, ok := s.subtreeOf(dir)
		if !ok {
			continue
		}
		kept = append(kept, dir)
		subs = append(subs, t)
	}
	return subs
}

// subtreeOf maps a recorded directory to its tree and path inside it.
func (s *Store) subtreeOf(dir string) (subtree, bool) {
	for _, sc := range []note.Scope{note.Portable, note.MachineLocal} {
		rel, err := filepath.Rel(s.TreeDir(sc), dir)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			continue
		}
		if rel == "." {
			rel = ""
		}
		return subtree{scope: sc, rel: filepath.ToSlash(rel)}, true
	}
	return subtree{}, false
}

// scanFresh reports whether the last full drift check still holds: recent enough, and every note
// directory it saw has the same modification time now.
func (s *Store) scanFresh(ctx context.Context) bool {
	rec, ok := s.loadScan(ctx)
	return ok && !rec.due() && len(s.changedDirs(rec)) == 0
}

// recordScan remembers what a full drift check saw. A check that changed nothing and saw the
// directories as recorded renews the record in WalkedFile, leaving the index untouched. It is best
// effort: failing (a busy index), the next open simply checks again.
func (s *Store) recordScan(ctx context.Context, dirs dirTimes, changed bool) {
	now := time.Now().Unix()
	if rec, ok := s.recordedScan(ctx); ok && !changed && maps.Equal(rec.Dirs, dirs) {
		line := fmt.Sprintf("%d %d\n", rec.At, now)
		if atomicfile.WriteNoSync(filepath.Join(s.root, WalkedFile), []byte(line), 0o644) == nil {
			return
		}
	}
	s.storeScan(ctx, scanRecord{At: now, Dirs: dirs})
}

// recordPartial merges what a check of some subtrees saw into the record, keeping the time of the
// last full walk: the directories under those subtrees are replaced by what the check saw.
func (s *Store) recordPartial(ctx context.Context, rec scanRecord, subs []subtree, dirs dirTimes) {
	merged := make(dirTimes, len(rec.Dirs)+len(dirs))
	for dir, mtime := range rec.Dirs {
		merged[dir] = mtime
	}
	for _, t := range subs {
		root := filepath.Join(s.TreeDir(t.scope), filepath.FromSlash(t.rel))
		for dir := range merged {
			if dir == root || strings.HasPrefix(dir, root+string(filepath.Separator)) {
				delete(merged, dir)
			}
		}
	}
	for dir, mtime := range dirs {
		merged[dir] = mtime
	}
	s.storeScan(ctx, scanRecord{At: rec.At, Dirs: merged})
}

// ownChange keeps the record current after this process changed dir itself (a note saved into
// it): if dir was unchanged since the last check when the change began (before), nothing else is
// pending in it and its new time is recorded, so the next open has nothing to re-check. Anything
// else changed in it meanwhile by another program is caught by the next full walk.
func (s *Store) ownChange(ctx context.Context, dir string, before int64) {
	rec, ok := s.loadScan(ctx)
	if !ok || before == 0 {
		return
	}
	if old, known := rec.Dirs[dir]; !known || old != before {
		return
	}
	_, now := dirMtime(dir)
	if now == 0 || now == before {
		return
	}
	rec.Dirs[dir] = now
	s.storeScan(ctx, rec)
}

// dirMtime returns whether dir exists and its modification time (ns), 0 when it cannot be read.
func dirMtime(dir string) (bool, int64) {
	var d dirStatter
	defer d.close()
	size, mtime := d.stat(filepath.Dir(dir), filepath.Base(dir))
	return size >= 0, mtime
}

func (s *Store) storeScan(ctx context.Context, rec scanRecord) {
	b, err := json.Marshal(rec)
	if err != nil {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
	defer cancel()
	_, _ = s.db.ExecContext(ctx, "INSERT OR REPLACE INTO anamnesis_meta (key, value) VALUES ('scan', ?)", string(b))
}
