package recall

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/anamnesis-go/anamnesis/core/home"
	"github.com/anamnesis-go/anamnesis/core/internal/atomicfile"
)

// sessionFileTTL is how long a session's record is kept after the session last touched it.
const sessionFileTTL = 7 * 24 * time.Hour

// Given is the record of the notes one Claude Code session already has in its context (injected
// at SessionStart or recalled for an earlier prompt), so that prompt recall never repeats them.
// It lives in <home>/sessions/<session>.json. A session without an id keeps no record.
type Given struct {
	dir, session string
}

// GivenFor is the record of session in the store at h.
func GivenFor(h home.Home, session string) Given {
	return Given{dir: h.Sessions(), session: session}
}

func (g Given) path() string { return filepath.Join(g.dir, safeFileName(g.session)+".json") }

// Read returns the ids already given. A missing or unreadable record is an empty one: the cost is
// at worst a note repeated.
func (g Given) Read() map[string]bool {
	m := map[string]bool{}
	if g.session == "" {
		return m
	}
	data, err := os.ReadFile(g.path())
	if err != nil {
		return m
	}
	var ids []string
	if json.Unmarshal(data, &ids) == nil {
		for _, id := range ids {
			m[id] = true
		}
	}
	return m
}

// Add records ids as given. With reset the record starts afresh (a new session, or one cleared)
// and records of sessions idle for a week are pruned.
func (g Given) Add(ids []string, reset bool) error {
	if g.session == "" {
		return nil
	}
	if err := os.MkdirAll(g.dir, 0o700); err != nil {
		return err
	}
	var all []string
	seen := map[string]bool{}
	if !reset {
		for id := range g.Read() {
			seen[id] = true
			all = append(all, id)
		}
	}
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			all = append(all, id)
		}
	}
	if all == nil {
		all = []string{}
	}
	data, _ := json.Marshal(all)
	if err := atomicfile.WriteNoSync(g.path(), data, 0o600); err != nil {
		return err
	}
	if reset && pruneDue(g.dir, time.Now()) {
		prune(g.dir)
	}
	return nil
}

// pruneEvery spaces out the pruning of a store's records within one process. A record is kept a
// week, so pruning it an hour late changes nothing; but the resident hook server starts every
// session, and listing and stat'ing every record on every start costs about 2 µs a record: with
// a couple of thousand kept, nearly as much as the session start's own work.
const pruneEvery = time.Hour

var (
	pruneMu  sync.Mutex
	prunedAt = map[string]time.Time{} // when this process last pruned each sessions directory
)

// pruneDue reports whether dir's records are to be pruned now, and if so notes that they were.
func pruneDue(dir string, now time.Time) bool {
	pruneMu.Lock()
	defer pruneMu.Unlock()
	if last, ok := prunedAt[dir]; ok && now.Sub(last) < pruneEvery && !now.Before(last) {
		return false
	}
	prunedAt[dir] = now
	return true
}

// prune removes records of sessions idle for a week.
func prune(dir string) {
	des, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, de := range des {
		if fi, err := de.Info(); err == nil && time.Since(fi.ModTime()) > sessionFileTTL {
			if rerr := os.Remove(filepath.Join(dir, de.Name())); rerr != nil && !errors.Is(rerr, os.ErrNotExist) {
				return
			}
		}
	}
}

// safeFileName keeps a session id usable as a file name whatever the input holds.
func safeFileName(s string) string {
	b := []byte(s)
	for i, c := range b {
		if !isNameByte(c) {
			b[i] = '_'
		}
	}
	if len(b) > 100 {
		b = b[:100]
	}
	return string(b)
}

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_'
}
