package app

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/anamnesis-go/anamnesis/core/eval"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// EvalReport is a retrieval measurement: the figures and how long the questions took.
type EvalReport struct {
	eval.Report
	Questions int           `json:"questions"`
	Notes     int           `json:"notes"`
	Took      time.Duration `json:"took_ns"`
	Set       string        `json:"set"`
}

// searcher ranks with the store's own search, the one every front end uses.
func searcher(st *store.Store) eval.Searcher {
	return func(ctx context.Context, q, project string, k int) ([]string, error) {
		res, err := st.Search(ctx, store.SearchOptions{Filter: store.Filter{Project: project}, Query: q, K: k})
		if err != nil {
			return nil, err
		}
		ids := make([]string, len(res.Hits))
		for i, h := range res.Hits {
			ids[i] = h.ID
		}
		return ids, nil
	}
}

// Eval runs the store's approved question set (<home>/eval/eval.jsonl, or path) against its
// search.
func (a *App) Eval(ctx context.Context, path string) (EvalReport, error) {
	if path == "" {
		path = a.Home.Eval()
	}
	qs, err := eval.ReadFile(path)
	if err != nil {
		return EvalReport{}, err
	}
	if len(qs) == 0 {
		return EvalReport{}, invalidf("no approved questions in %s: add lines {\"query\": ..., \"relevant_ids\": [...], \"approved\": true}", path)
	}
	st, err := a.Store(ctx)
	if err != nil {
		return EvalReport{}, err
	}
	stats, err := st.Stats(ctx)
	if err != nil {
		return EvalReport{}, err
	}
	start := time.Now()
	rep, err := eval.Run(ctx, qs, searcher(st))
	return EvalReport{Report: rep, Questions: len(qs), Notes: stats.Total, Took: time.Since(start), Set: path}, err
}

// EvalLoCoMo builds the LoCoMo benchmark's store in a temporary directory (never the user's
// store) from the archive at zipPath and measures search on its questions of categories 1-4.
func EvalLoCoMo(ctx context.Context, zipPath string) (EvalReport, error) {
	convs, err := eval.ReadLoCoMo(zipPath)
	if err != nil {
		return EvalReport{}, err
	}
	dir, err := os.MkdirTemp("", "anamnesis-locomo-*")
	if err != nil {
		return EvalReport{}, err
	}
	defer os.RemoveAll(dir)
	qs, err := eval.WriteLoCoMo(ctx, dir, convs, nil)
	if err != nil {
		return EvalReport{}, err
	}
	st, err := store.Open(ctx, dir, store.Options{MachineID: "locomo"})
	if err != nil {
		return EvalReport{}, fmt.Errorf("index the LoCoMo notes: %w", err)
	}
	defer st.Close()
	stats, err := st.Stats(ctx)
	if err != nil {
		return EvalReport{}, err
	}
	start := time.Now()
	rep, err := eval.Run(ctx, qs, searcher(st))
	return EvalReport{Report: rep, Questions: len(qs), Notes: stats.Total, Took: time.Since(start), Set: zipPath}, err
}
