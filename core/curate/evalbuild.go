package curate

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// EvalRow is one line of eval.jsonl as eval build writes it, in the Python reference's shape.
type EvalRow struct {
	Query       string   `json:"query"`
	RelevantIDs []string `json:"relevant_ids"`
	NoteTitles  []string `json:"note_titles"`
	Approved    bool     `json:"approved"`
	Source      string   `json:"source"`
	Project     string   `json:"project,omitempty"`
}

// evalNoteBudget is how much of one note is sent for its question, as in the reference.
const evalNoteBudget = 40000

const evalSystem = `You write evaluation questions for a coding agent's memory search.
Given one note, write the question a developer would type when they need this note, in different
words from its title. Answer with one JSON object, nothing else: {"query": "..."}.`

// readRows reads every row of an eval file, approved or not; a missing file has none.
func readRows(path string) ([]EvalRow, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var rows []EvalRow
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 4<<20)
	for line := 1; sc.Scan(); line++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var r EvalRow
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, fmt.Errorf("%s line %d: %w", path, line, err)
		}
		rows = append(rows, r)
	}
	return rows, sc.Err()
}

// BuildQuestions drafts up to n questions, one per live portable note of the given types that no
// question covers yet, taking projects in turn (sorted) and notes by id. They are appended to
// the eval file unapproved: a person approves them before any gate or run uses them. A failure or
// malformed answer for any note writes nothing.
func BuildQuestions(ctx context.Context, m Model, st *store.Store, path string, n int, types []note.Type) ([]EvalRow, error) {
	rows, err := readRows(path)
	if err != nil {
		return nil, fmt.Errorf("read the question set: %w", err)
	}
	covered, known := map[string]bool{}, map[string]bool{}
	for _, r := range rows {
		for _, id := range r.RelevantIDs {
			covered[id] = true
		}
		known[strings.ToLower(strings.TrimSpace(r.Query))] = true
	}
	page, err := st.List(ctx, store.ListOptions{Filter: store.Filter{Types: types, Scope: note.Portable}, HideSuperseded: true})
	if err != nil {
		return nil, fmt.Errorf("list notes: %w", err)
	}
	byProject := map[string][]*note.Note{}
	for _, x := range page.Notes {
		if !covered[x.ID] {
			byProject[x.Project] = append(byProject[x.Project], x)
		}
	}
	projects := make([]string, 0, len(byProject))
	for p, ns := range byProject {
		sort.Slice(ns, func(i, j int) bool { return ns[i].ID < ns[j].ID })
		projects = append(projects, p)
	}
	sort.Strings(projects)
	var picked []*note.Note
	for round := 0; len(picked) < n; round++ {
		added := false
		for _, p := range projects {
			if round < len(byProject[p]) && len(picked) < n {
				picked = append(picked, byProject[p][round])
				added = true
			}
		}
		if !added {
			break
		}
	}
	var out []EvalRow
	for _, meta := range picked {
		full, err := st.Get(ctx, meta.ID)
		if err != nil {
			return nil, err
		}
		answer, err := m.ask(ctx, evalSystem, "# "+full.Title+"\n\n"+full.Body, evalNoteBudget)
		if err != nil {
			return nil, fmt.Errorf("question for note %s: %w", full.ID, err)
		}
		var q struct {
			Query string `json:"query"`
		}
		dec := json.NewDecoder(strings.NewReader(answer))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&q); err != nil {
			return nil, malformed("question for note %s: expected {\"query\": \"...\"}: %v", full.ID, err)
		}
		q.Query = strings.TrimSpace(q.Query)
		if !oneLine(q.Query) {
			return nil, malformed("question for note %s: the query must be one non-empty line", full.ID)
		}
		if known[strings.ToLower(q.Query)] {
			continue
		}
		known[strings.ToLower(q.Query)] = true
		out = append(out, EvalRow{Query: q.Query, RelevantIDs: []string{full.ID}, NoteTitles: []string{full.Title},
			Source: "llm:" + m.Label(), Project: full.Project})
	}
	if len(out) == 0 {
		return out, nil
	}
	var buf bytes.Buffer
	for _, r := range out {
		line, _ := json.Marshal(r)
		buf.Write(line)
		buf.WriteByte('\n')
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if _, err := f.Write(buf.Bytes()); err != nil {
		f.Close()
		return nil, fmt.Errorf("append to %s: %w", path, err)
	}
	return out, f.Close()
}
