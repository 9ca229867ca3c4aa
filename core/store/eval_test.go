package store

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/testcorpus"
)

// The recall evaluation: realistic notes, paraphrased queries that name their relevant notes, and
// (when the generator is available) 2,000 synthetic distractor notes. It reports recall@k and MRR
// for the shipped ranking and for the reference's (plain OR, equal weights, no stop words), and
// fails if the shipped ranking is worse.

type evalNote struct {
	Key     string   `json:"key"`
	Type    string   `json:"type"`
	Title   string   `json:"title"`
	Project string   `json:"project"`
	Tags    []string `json:"tags"`
	Body    string   `json:"body"`
}

type evalQuery struct {
	Query    string   `json:"query"`
	Relevant []string `json:"relevant"`
	Project  string   `json:"project"`
}

func readJSONL[T any](t *testing.T, path string) []T {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("evaluation data missing: %v", err)
	}
	defer f.Close()
	var out []T
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, v)
	}
	return out
}

type evalMetrics struct {
	recall1, recall3, recall8, mrr float64
}

func (m evalMetrics) String() string {
	return fmt.Sprintf("recall@1 %.3f  recall@3 %.3f  recall@8 %.3f  MRR %.3f", m.recall1, m.recall3, m.recall8, m.mrr)
}

// evaluate runs every query and scores the ranking: a query counts as recalled at k when any of its
// relevant notes is in the top k; MRR uses the first relevant note's rank (0 beyond 8).
func evaluate(t *testing.T, s *Store, qs []evalQuery, ids map[string]string) evalMetrics {
	t.Helper()
	var m evalMetrics
	for _, q := range qs {
		res, err := s.Search(context.Background(), SearchOptions{Filter: Filter{Project: q.Project}, Query: q.Query, K: 8})
		if err != nil {
			t.Fatalf("search %q: %v", q.Query, err)
		}
		rank := 0
		for i, h := range res.Hits {
			for _, r := range q.Relevant {
				if ids[r] == h.ID && rank == 0 {
					rank = i + 1
				}
			}
		}
		if rank == 1 {
			m.recall1++
		}
		if rank >= 1 && rank <= 3 {
			m.recall3++
		}
		if rank >= 1 {
			m.recall8++
			m.mrr += 1 / float64(rank)
		}
	}
	n := float64(len(qs))
	return evalMetrics{m.recall1 / n, m.recall3 / n, m.recall8 / n, m.mrr / n}
}

// variant is one configuration of the search knobs, evaluated on a store opened with it.
type variant struct {
	name string
	r    Ranking
}

func TestRecallEvaluation(t *testing.T) {
	dir := filepath.Join("testdata", "eval")
	notes := readJSONL[evalNote](t, filepath.Join(dir, "notes.jsonl"))
	queries := readJSONL[evalQuery](t, filepath.Join(dir, "queries.jsonl"))

	root := t.TempDir()
	if testing.Short() {
		t.Log("short mode: no synthetic distractors")
	} else if _, err := testcorpus.Generator(); err == nil {
		src := testcorpus.Cached(t, 2000)
		for _, tree := range []string{PortableDir, LocalDir} {
			if err := os.CopyFS(filepath.Join(root, tree), os.DirFS(filepath.Join(src, tree))); err != nil {
				t.Fatal(err)
			}
		}
	}
	ctx := context.Background()
	s, err := Open(ctx, root, Options{MachineID: "eval"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ids := map[string]string{}
	for _, n := range notes {
		w, err := s.Write(ctx, WriteInput{Type: note.Type(n.Type), Title: n.Title, Body: n.Body, Project: n.Project, Tags: n.Tags})
		if err != nil {
			t.Fatalf("write %s: %v", n.Key, err)
		}
		ids[n.Key] = w.ID
	}
	t.Logf("%d notes (+ distractors: %d indexed in all), %d queries", len(notes), s.mustCount(t), len(queries))

	shipped := DefaultRanking()
	variants := []variant{
		{"reference (OR, equal weights)", Ranking{TitleWeight: 1, BodyWeight: 1, TagsWeight: 1}},
		{"OR + stop words", Ranking{StopWords: true, TitleWeight: 1, BodyWeight: 1, TagsWeight: 1}},
		{"OR + stop words + weights", Ranking{StopWords: true, TitleWeight: shipped.TitleWeight, BodyWeight: shipped.BodyWeight, TagsWeight: shipped.TagsWeight}},
		// Weight sweeps (title 1.5–4, tags 1–2) moved MRR by at most ±0.01 on this set; the shipped
		// weights keep title and tags above body at no cost.
		{"OR + stops, title 4 tags 2", Ranking{StopWords: true, TitleWeight: 4, BodyWeight: 1, TagsWeight: 2}},
		{"shipped", shipped},
	}
	// The developer lexicon (lexicon.go) at 0.1-0.7 of a direct match's weight: recall@8 0.975-0.983,
	// MRR 0.900-0.905 against 0.975 / 0.902 without it; at full weight 0.975 / 0.900.
	noLexicon := shipped
	noLexicon.ExpansionWeight = 0
	variants = append(variants, variant{"shipped without the lexicon", noLexicon})
	results := map[string]evalMetrics{}
	for _, v := range variants {
		vs, err := Open(ctx, root, Options{MachineID: "eval", Ranking: &v.r})
		if err != nil {
			t.Fatal(err)
		}
		results[v.name] = evaluate(t, vs, queries, ids)
		vs.Close()
		t.Logf("%-32s %s", v.name, results[v.name])
	}
	ref, got := results[variants[0].name], results["shipped"]
	if got.recall8 < ref.recall8-0.02 || got.mrr < ref.mrr-0.02 {
		t.Errorf("shipped ranking is worse than the reference's: %s vs %s", got, ref)
	}
}

func (s *Store) mustCount(t *testing.T) int {
	st, err := s.Stats(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return st.Total
}
