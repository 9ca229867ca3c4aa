package eval

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
)

// Row is one line of <home>/eval/eval.jsonl, the Python reference's format. Questions built by a
// model start unapproved; only approved ones are run.
type Row struct {
	Query       string   `json:"query"`
	RelevantIDs []string `json:"relevant_ids"`
	Approved    bool     `json:"approved"`
	Project     string   `json:"project,omitempty"`
}

// ReadFile reads the approved questions of an eval.jsonl. A missing file is an empty set; a
// malformed line is an error naming the line.
func ReadFile(path string) ([]Question, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read question set: %w", err)
	}
	defer f.Close()
	var qs []Question
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 4<<20)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		var r Row
		if err := json.Unmarshal([]byte(text), &r); err != nil {
			return nil, fmt.Errorf("%s line %d: not a question object: %w", path, line, err)
		}
		if strings.TrimSpace(r.Query) == "" || len(r.RelevantIDs) == 0 {
			return nil, fmt.Errorf("%s line %d: a question needs a query and at least one relevant id", path, line)
		}
		if r.Approved {
			qs = append(qs, Question{Query: r.Query, Relevant: r.RelevantIDs, Scope: r.Project})
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read question set: %w", err)
	}
	return qs, nil
}
