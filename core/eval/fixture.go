package eval

import (
	"bufio"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/anamnesis-go/anamnesis/core/note"
)

// A fixture set is a question set kept as two JSON Lines files: notes.jsonl (one note a line,
// named by a key) and questions.jsonl (a query, the keys of the notes that answer it, and how much
// of its wording it shares with them). The project keeps several under testdata: a set ranking may
// be tuned on, and held-out sets it never is (each written by someone who had not read the ranking
// code), so that a gain is checked on questions it was not made for.

// FixtureNote is one line of notes.jsonl.
type FixtureNote struct {
	Key     string   `json:"key"`
	Type    string   `json:"type"`
	Title   string   `json:"title"`
	Body    string   `json:"body"`
	Project string   `json:"project"`
	Tags    []string `json:"tags"`
}

// FixtureQuestion is one line of questions.jsonl. Overlap ("high" or "low") becomes the category.
type FixtureQuestion struct {
	Query    string   `json:"query"`
	Relevant []string `json:"relevant"`
	Overlap  string   `json:"overlap"`
}

// WriteFixture writes the set in dir (notes.jsonl, questions.jsonl) as note files under the
// store root and returns its questions, unscoped: they search the whole store.
func WriteFixture(dir, root string) ([]Question, error) {
	var notes []FixtureNote
	if err := readJSONL(filepath.Join(dir, "notes.jsonl"), &notes); err != nil {
		return nil, err
	}
	var fqs []FixtureQuestion
	if err := readJSONL(filepath.Join(dir, "questions.jsonl"), &fqs); err != nil {
		return nil, err
	}
	ids := map[string]string{}
	base := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	for i, fn := range notes {
		sum := sha256.Sum256([]byte("fixture/" + fn.Key))
		at := base.Add(time.Duration(i) * time.Hour)
		n := &note.Note{ID: ulid.MustNew(ulid.Timestamp(at), strings.NewReader(string(sum[:]))).String(),
			Type: note.Type(fn.Type), Title: fn.Title, Body: fn.Body, Project: fn.Project, Tags: note.NormalizeTags(fn.Tags),
			MachineID: "fixture", Scope: note.Portable, Confidence: 1}
		n.ApplyDefaults()
		n.CreatedAt = note.FormatTime(at)
		n.UpdatedAt = n.CreatedAt
		if err := n.Validate(); err != nil {
			return nil, fmt.Errorf("fixture note %s: %w", fn.Key, err)
		}
		tree := filepath.Join(root, "memory", fn.Type)
		if err := os.MkdirAll(tree, 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(tree, n.ID+".md"), note.Marshal(n), 0o644); err != nil {
			return nil, err
		}
		ids[fn.Key] = n.ID
	}
	qs := make([]Question, 0, len(fqs))
	for _, fq := range fqs {
		q := Question{Query: fq.Query, Category: fq.Overlap}
		for _, k := range fq.Relevant {
			id, ok := ids[k]
			if !ok {
				return nil, fmt.Errorf("question %q names note %q, which the set does not have", fq.Query, k)
			}
			q.Relevant = append(q.Relevant, id)
		}
		qs = append(qs, q)
	}
	return qs, nil
}

func readJSONL[T any](path string, out *[]T) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for line := 1; sc.Scan(); line++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			return fmt.Errorf("%s line %d: %w", path, line, err)
		}
		*out = append(*out, v)
	}
	return sc.Err()
}
