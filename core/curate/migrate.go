package curate

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/config"
	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// MigrateMap re-keys projects: every note of an old project key moves to the new one; a note
// named in Notes moves to its own new key, whatever its project.
type MigrateMap struct {
	Projects map[string]string `json:"projects"`
	Notes    map[string]string `json:"notes"`
}

// ParseMigrateMap reads a map file strictly: an object with "projects" and/or "notes", each an
// object of non-empty strings, note ids valid.
func ParseMigrateMap(data []byte) (MigrateMap, error) {
	var m MigrateMap
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return m, fmt.Errorf(`the map must be a JSON object {"projects": {"old": "new"}, "notes": {"<id>": "new"}}: %w`, err)
	}
	for old, to := range m.Projects {
		if strings.TrimSpace(old) == "" || strings.TrimSpace(to) == "" {
			return m, fmt.Errorf("projects: %q -> %q: both keys must be non-empty", old, to)
		}
	}
	for id, to := range m.Notes {
		if err := note.ValidateID(id); err != nil {
			return m, fmt.Errorf("notes: %q is not a note id", id)
		}
		if strings.TrimSpace(to) == "" {
			return m, fmt.Errorf("notes: %s: the new project must be non-empty", id)
		}
	}
	if len(m.Projects) == 0 && len(m.Notes) == 0 {
		return m, fmt.Errorf(`the map re-keys nothing: give "projects" and/or "notes"`)
	}
	return m, nil
}

// Rekey is one note moving to another project.
type Rekey struct {
	ID   string    `json:"id"`
	Type note.Type `json:"type"`
	From string    `json:"from"`
	To   string    `json:"to"`
	Path string    `json:"path"`
}

// PlanMigrate lists the notes of both trees, forgotten ones too, whose project the map changes.
func PlanMigrate(ctx context.Context, st *store.Store, m MigrateMap) ([]Rekey, error) {
	page, err := st.List(ctx, store.ListOptions{Filter: store.Filter{IncludeDeleted: true}})
	if err != nil {
		return nil, fmt.Errorf("list notes: %w", err)
	}
	var out []Rekey
	for _, n := range page.Notes {
		to, ok := m.Notes[n.ID]
		if !ok {
			to, ok = m.Projects[n.Project]
		}
		to = strings.TrimSpace(to)
		if !ok || to == n.Project {
			continue
		}
		out = append(out, Rekey{ID: n.ID, Type: n.Type, From: n.Project, To: to, Path: PathOf(n)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

// ApplyMigrate rewrites the project line of each planned note's front matter and nothing else
// (a one-line diff), under the store lock, then indexes those files.
func ApplyMigrate(ctx context.Context, st *store.Store, plan []Rekey) ([]Change, error) {
	l, err := st.Lock(ctx)
	if err != nil {
		return nil, err
	}
	var changes []Change
	var paths []string
	for _, r := range plan {
		abs := filepath.Join(st.Root(), filepath.FromSlash(r.Path))
		data, err := os.ReadFile(abs)
		if err != nil {
			l.Release()
			return changes, fmt.Errorf("read note %s: %w", r.ID, err)
		}
		out, err := setProject(data, r.To)
		if err != nil {
			l.Release()
			return changes, fmt.Errorf("note %s: %w", r.ID, err)
		}
		if err := config.WriteFileAtomic(abs, out, 0o644); err != nil {
			l.Release()
			return changes, fmt.Errorf("write note %s: %w", r.ID, err)
		}
		paths = append(paths, r.Path)
		changes = append(changes, Change{ID: r.ID, Path: r.Path, What: fmt.Sprintf("project %q -> %q", r.From, r.To)})
	}
	l.Release()
	if _, err := st.IndexPaths(ctx, paths); err != nil {
		return changes, fmt.Errorf("index migrated notes: %w", err)
	}
	return changes, nil
}

// setProject replaces the project line (and any folded continuation of it) of a note file with
// the new key, written as the note codec writes it, keeping every other byte. The result must
// read back as the same note with only the project changed.
func setProject(data []byte, to string) ([]byte, error) {
	before, err := note.Parse(data)
	if err != nil {
		return nil, err
	}
	line, err := projectLine(to)
	if err != nil {
		return nil, err
	}
	lines := strings.SplitAfter(string(data), "\n")
	if len(lines) < 2 || strings.TrimRight(lines[0], "\r\n") != "---" {
		return nil, fmt.Errorf("no front matter")
	}
	start := -1
	for i := 1; i < len(lines); i++ {
		l := strings.TrimRight(lines[i], "\r\n")
		if l == "---" {
			break
		}
		if strings.HasPrefix(l, "project:") {
			start = i
			break
		}
	}
	if start < 0 {
		return nil, fmt.Errorf("no project line in the front matter (the note is global by default)")
	}
	end := start + 1
	for end < len(lines) && (strings.HasPrefix(lines[end], " ") || strings.HasPrefix(lines[end], "\t")) {
		end++
	}
	eol := "\n"
	if strings.HasSuffix(lines[start], "\r\n") {
		eol = "\r\n"
	}
	out := strings.Join(lines[:start], "") + strings.ReplaceAll(line, "\n", eol) + strings.Join(lines[end:], "")
	after, err := note.Parse([]byte(out))
	if err != nil {
		return nil, fmt.Errorf("rewriting the project line broke the note: %w", err)
	}
	want := *before
	want.Project = to
	if after.Project != to || !bytes.Equal(note.Marshal(after), note.Marshal(&want)) {
		return nil, fmt.Errorf("rewriting the project line changed more than the project; edit the file by hand")
	}
	return []byte(out), nil
}

// projectLine is the "project: ..." line (with folded continuations) the codec writes for key.
func projectLine(key string) (string, error) {
	n := &note.Note{ID: "00000000000000000000000000", Type: note.Semantic, Title: "x", Project: key}
	n.ApplyDefaults()
	s := string(note.Marshal(n))
	i := strings.Index(s, "\nproject:")
	if i < 0 {
		return "", fmt.Errorf("cannot write project %q", key)
	}
	rest := s[i+1:]
	j := strings.Index(rest, "\nmachine_id:")
	if j < 0 {
		return "", fmt.Errorf("cannot write project %q", key)
	}
	return rest[:j+1], nil
}
