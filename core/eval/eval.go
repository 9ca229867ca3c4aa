// Package eval measures retrieval: recall@k and MRR of a search over a question set whose answers
// are known. It reads a store's own approved questions (<home>/eval/eval.jsonl, the Python
// reference's format) and the public LoCoMo benchmark, so that a change to ranking is judged on
// figures anyone can reproduce.
package eval

import (
	"context"
	"fmt"
	"sort"
)

// Question is one query and the ids of the notes that answer it. Scope, when set, restricts the
// search to one project (LoCoMo searches inside the question's own conversation).
type Question struct {
	Query    string
	Relevant []string
	Scope    string
	Category string // groups the figures; "" for none
}

// Searcher returns the ids of the best k notes for query within project ("" means all), best
// first.
type Searcher func(ctx context.Context, query, project string, k int) ([]string, error)

// Metrics are the figures of one question set (or one category of it).
type Metrics struct {
	N int `json:"n"`
	// RecallAt[k] is the share of questions with at least one relevant note in the top k (LoCoMo's
	// recall_any@k); MRR is the mean reciprocal rank of the first relevant note (0 when missed).
	RecallAt map[int]float64 `json:"recall_at"`
	MRR      float64         `json:"mrr"`
}

// Report is a whole run: every question together and each category alone.
type Report struct {
	All        Metrics            `json:"all"`
	ByCategory map[string]Metrics `json:"by_category,omitempty"`
	// Misses are the questions with no relevant note in the top Ks' largest, for --explain work.
	Misses []Question `json:"-"`
}

// Ks are the cut-offs reported.
var Ks = []int{1, 5, 10}

// Run asks every question and scores the answers.
func Run(ctx context.Context, qs []Question, search Searcher) (Report, error) {
	maxK := Ks[len(Ks)-1]
	type tally struct {
		n    int
		hits map[int]int
		rr   float64
	}
	newTally := func() *tally { return &tally{hits: map[int]int{}} }
	all, byCat := newTally(), map[string]*tally{}
	var misses []Question
	for _, q := range qs {
		if err := ctx.Err(); err != nil {
			return Report{}, err
		}
		ids, err := search(ctx, q.Query, q.Scope, maxK)
		if err != nil {
			return Report{}, fmt.Errorf("search %q: %w", q.Query, err)
		}
		rank := firstRelevant(ids, q.Relevant)
		ts := []*tally{all}
		if q.Category != "" {
			if byCat[q.Category] == nil {
				byCat[q.Category] = newTally()
			}
			ts = append(ts, byCat[q.Category])
		}
		for _, t := range ts {
			t.n++
			if rank > 0 {
				t.rr += 1 / float64(rank)
				for _, k := range Ks {
					if rank <= k {
						t.hits[k]++
					}
				}
			}
		}
		if rank == 0 {
			misses = append(misses, q)
		}
	}
	metrics := func(t *tally) Metrics {
		m := Metrics{N: t.n, RecallAt: map[int]float64{}}
		if t.n == 0 {
			return m
		}
		for _, k := range Ks {
			m.RecallAt[k] = float64(t.hits[k]) / float64(t.n)
		}
		m.MRR = t.rr / float64(t.n)
		return m
	}
	rep := Report{All: metrics(all), Misses: misses}
	if len(byCat) > 0 {
		rep.ByCategory = map[string]Metrics{}
		for c, t := range byCat {
			rep.ByCategory[c] = metrics(t)
		}
	}
	return rep, nil
}

// firstRelevant is the 1-based rank of the first relevant id, or 0.
func firstRelevant(ids, relevant []string) int {
	rel := make(map[string]bool, len(relevant))
	for _, r := range relevant {
		rel[r] = true
	}
	for i, id := range ids {
		if rel[id] {
			return i + 1
		}
	}
	return 0
}

// Categories returns the report's category names, sorted.
func (r Report) Categories() []string {
	cs := make([]string, 0, len(r.ByCategory))
	for c := range r.ByCategory {
		cs = append(cs, c)
	}
	sort.Strings(cs)
	return cs
}
