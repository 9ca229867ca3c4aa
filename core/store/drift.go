package store

import (
	"context"
	"fmt"
	"sort"
	"strings"
)

// pendingDrift is what differs between the files and the index.
type pendingDrift struct {
	dirs      dirTimes   // the note directories as this check saw them
	changed   []fileInfo // new or modified files
	gone      []string   // index keys of files that no longer exist
	unchanged int
	stillBad  []BadFile // unchanged files already known to be malformed
}

func (p pendingDrift) empty() bool { return len(p.changed) == 0 && len(p.gone) == 0 }

// report is what applying the drift will report before any file is read.
func (p pendingDrift) report() ReindexReport {
	return ReindexReport{Unchanged: p.unchanged - len(p.stillBad), Skipped: len(p.stillBad), Bad: p.stillBad}
}

// seenFile is what the index last saw of a file.
type seenFile struct {
	size, mtime int64
	bad         string
}

// drift compares the size and modification time of every file under the subtrees with what the
// index last saw of them. A full check passes wholeTrees.
func (s *Store) drift(ctx context.Context, subs []subtree) (pendingDrift, error) {
	files, dirs, err := s.walk(subs)
	if err != nil {
		return pendingDrift{}, err
	}
	known := make(map[string]seenFile, len(files))
	for _, t := range subs {
		if err := s.knownFiles(ctx, t.keyPrefix(), known); err != nil {
			return pendingDrift{}, err
		}
	}
	d := pendingDrift{dirs: dirs}
	for _, f := range files {
		if k, ok := known[f.key]; ok && k.size == f.size && k.mtime == f.mtime {
			d.unchanged++
			if k.bad != "" {
				d.stillBad = append(d.stillBad, BadFile{Path: f.key, Error: k.bad})
			}
		} else {
			d.changed = append(d.changed, f)
		}
		delete(known, f.key)
	}
	for k := range known {
		d.gone = append(d.gone, k)
	}
	sort.Strings(d.gone)
	return d, nil
}

// knownFiles adds the index's record of every file whose key starts with prefix to known. The
// prefix ends in "/", so the range below it is [prefix, prefix with its "/" turned into "0").
func (s *Store) knownFiles(ctx context.Context, prefix string, known map[string]seenFile) error {
	upper := strings.TrimSuffix(prefix, "/") + "0"
	rows, err := s.query(ctx, `SELECT path, size, mtime_ns, COALESCE(error, '') FROM anamnesis_files
		WHERE path >= ? AND path < ?`, prefix, upper)
	if err != nil {
		return fmt.Errorf("read index: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var p string
		var k seenFile
		if err := rows.Scan(&p, &k.size, &k.mtime, &k.bad); err != nil {
			return fmt.Errorf("read index: %w", err)
		}
		known[p] = k
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read index: %w", err)
	}
	return nil
}
