// Package importer brings Claude Code's native auto-memory into the store: every topic file under
// <claude dir>/projects/<slug>/memory/ becomes a note of the project that directory belongs to.
// Ids are derived from the file's location, so a re-run (here or on another machine, or by the
// Python reference) updates the same notes instead of adding copies.
package importer

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/oklog/ulid/v2"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// IndexFile is Claude Code's per-project memory index: one line per memory, no content of its
// own, so it is never imported.
const IndexFile = "MEMORY.md"

// Report says what an import did.
type Report struct {
	Dir      string    `json:"dir"` // the Claude Code directory read
	Imported int       `json:"imported"`
	Updated  int       `json:"updated"`
	Skipped  int       `json:"skipped"`
	Problems []Problem `json:"problems"` // files that could not be imported; the rest were
}

// Problem is one file the import could not bring in, and why.
type Problem struct {
	Path  string `json:"path"`
	Error string `json:"error"`
}

// ID is the note id of the memory file <slug>/memory/<stem>.md: a ULID whose 16 bytes are the
// first 16 bytes of SHA-256("<slug>/<stem>"), the Python reference's scheme.
func ID(slug, stem string) string {
	sum := sha256.Sum256([]byte(slug + "/" + stem))
	var id ulid.ULID
	copy(id[:], sum[:16])
	return id.String()
}

// Import reads every <claudeDir>/projects/*/memory/*.md except MEMORY.md, in name order, and
// writes each as a portable note: new ids are imported, changed ones updated, unchanged ones
// skipped. A file that cannot be read or stored is reported and the import goes on. A missing
// projects directory imports nothing.
func Import(ctx context.Context, st *store.Store, claudeDir string) (Report, error) {
	rep := Report{Dir: claudeDir, Problems: []Problem{}}
	dirs, err := filepath.Glob(filepath.Join(claudeDir, "projects", "*", "memory"))
	if err != nil {
		return rep, fmt.Errorf("list %s: %w", claudeDir, err)
	}
	slices.Sort(dirs)
	for _, memDir := range dirs {
		if err := ctx.Err(); err != nil {
			return rep, err
		}
		files, _ := filepath.Glob(filepath.Join(memDir, "*.md"))
		slices.Sort(files)
		var proj string
		for _, path := range files {
			if filepath.Base(path) == IndexFile {
				continue
			}
			if proj == "" {
				proj = projectOf(ctx, filepath.Dir(memDir))
			}
			res, err := importFile(ctx, st, path, proj)
			if err != nil {
				rep.Problems = append(rep.Problems, Problem{Path: path, Error: err.Error()})
				continue
			}
			switch res {
			case imported:
				rep.Imported++
			case updated:
				rep.Updated++
			default:
				rep.Skipped++
			}
		}
	}
	return rep, nil
}

type result int

const (
	skipped result = iota
	imported
	updated
)

func importFile(ctx context.Context, st *store.Store, path, proj string) (result, error) {
	info, err := os.Stat(path)
	if err != nil {
		return skipped, fmt.Errorf("read: %w", err)
	}
	if !info.Mode().IsRegular() {
		return skipped, errors.New("not a regular file")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return skipped, fmt.Errorf("read: %w", err)
	}
	m := parseMemory(strings.ToValidUTF8(string(data), "\uFFFD"))
	stem := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	slug := filepath.Base(filepath.Dir(filepath.Dir(path)))
	n := &note.Note{
		ID:   ID(slug, stem),
		Type: note.Semantic,
		// The name is the memory's identity in Claude Code ([[name]] links, MEMORY.md), so it
		// is the title; the one-line description opens the body, where search still finds it.
		Title:      firstNonEmpty(m.Name, stem),
		Project:    proj,
		MachineID:  st.MachineID(),
		Scope:      note.Portable,
		ProvSource: note.SourceImport,
		Confidence: 1.0,
		Tags:       []string{"import"},
		Body:       withDescription(m.Description, m.Body),
	}
	if m.Kind == "feedback" {
		n.Type = note.Procedural
	}
	if m.Kind != "" {
		n.Tags = append(n.Tags, "kind:"+m.Kind)
	}
	stamp := note.FormatTime(info.ModTime())
	n.CreatedAt, n.UpdatedAt = stamp, stamp

	prev, err := st.Get(ctx, n.ID)
	switch {
	case err == nil:
		if prev.Deleted() || sameContent(prev, n) {
			// A forgotten import stays forgotten: re-importing it would undo the user's forget.
			return skipped, nil
		}
		n.CreatedAt, n.MachineID = prev.CreatedAt, prev.MachineID
		if err := st.Put(ctx, n); err != nil {
			return skipped, err
		}
		return updated, nil
	case !errors.Is(err, store.ErrNotFound):
		return skipped, err
	}
	// The same text already in memory/ under another id (written by hand, or merged), forgotten
	// or not, is not imported again.
	same, err := st.FindByBody(ctx, n.Body, store.Filter{Scope: note.Portable, IncludeDeleted: true})
	if err != nil {
		return skipped, err
	}
	if len(same) > 0 {
		return skipped, nil
	}
	if err := st.Put(ctx, n); err != nil {
		return skipped, err
	}
	return imported, nil
}

func sameContent(a, b *note.Note) bool {
	return a.Body == b.Body && a.Title == b.Title && a.Project == b.Project && a.Type == b.Type &&
		slices.Equal(sortedCopy(a.Tags), sortedCopy(b.Tags))
}

func sortedCopy(s []string) []string {
	c := slices.Clone(s)
	slices.Sort(c)
	return c
}

func firstNonEmpty(vals ...string) string {
	for _, v := range vals {
		if strings.TrimSpace(v) != "" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// withDescription puts a memory's description before its body, unless the body already opens
// with it.
func withDescription(desc, body string) string {
	desc = strings.TrimSpace(desc)
	if desc == "" || strings.HasPrefix(strings.TrimSpace(body), desc) {
		return body
	}
	if strings.TrimSpace(body) == "" {
		return desc
	}
	return desc + "\n\n" + body
}
