package store_test

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// conceptVec is a test embedder: each word of a small thesaurus adds to one concept's axis, so
// texts about the same thing in different words get close vectors, as a real model's would. The
// store sees only the vectors, which is all it ever sees.
var concepts = map[string]int{
	"database": 0, "sqlite": 0, "postgres": 0, "index": 0, "query": 0,
	"deploy": 1, "release": 1, "ship": 1, "rollout": 1, "production": 1,
	"cat": 2, "kitten": 2, "pet": 2, "feline": 2,
	"slow": 3, "latency": 3, "performance": 3, "fast": 3,
}

func conceptVec(text string) []float32 {
	v := make([]float32, 5)
	for _, w := range strings.Fields(strings.ToLower(text)) {
		w = strings.Trim(w, ".,:;!?")
		if i, ok := concepts[w]; ok {
			v[i]++
		}
	}
	v[4] = 0.05 // every text a little alike, so no vector is zero
	var ss float32
	for _, x := range v {
		ss += x * x
	}
	inv := float32(1 / math.Sqrt(float64(ss)))
	for i := range v {
		v[i] *= inv
	}
	return v
}

const testModel = "concepts@1"

func embedAll(t *testing.T, s *store.Store, missingOnly bool) int {
	t.Helper()
	ctx := context.Background()
	var jobs []store.VectorJob
	var err error
	if missingOnly {
		jobs, err = s.MissingVectors(ctx, testModel, 1000)
	} else {
		jobs, err = s.StaleVectors(ctx, testModel, 0)
	}
	if err != nil {
		t.Fatal(err)
	}
	vecs := make([][]float32, len(jobs))
	for i, j := range jobs {
		vecs[i] = conceptVec(j.Text)
	}
	if err := s.PutVectors(ctx, testModel, jobs, vecs); err != nil {
		t.Fatal(err)
	}
	return len(jobs)
}

func hybridIDs(t *testing.T, s *store.Store, q string, f store.Filter, k int) []string {
	t.Helper()
	res, err := s.HybridSearch(context.Background(), store.HybridOptions{
		SearchOptions: store.SearchOptions{Filter: f, Query: q, K: k}, Model: testModel, Vector: conceptVec(q)})
	if err != nil {
		t.Fatalf("HybridSearch(%q): %v", q, err)
	}
	ids := make([]string, len(res.Hits))
	for i, h := range res.Hits {
		ids[i] = h.ID
	}
	return ids
}

func TestVectorsFollowTheNotes(t *testing.T) {
	ctx := context.Background()
	s, _ := newStore(t)
	a := mustWrite(t, s, store.WriteInput{Title: "SQLite busy timeout", Body: "Set the database busy timeout."})
	b := mustWrite(t, s, store.WriteInput{Title: "Release checklist", Body: "Ship on Tuesdays."})
	if n := embedAll(t, s, false); n != 2 {
		t.Fatalf("first pass embedded %d notes, want 2", n)
	}
	if n := embedAll(t, s, false); n != 0 {
		t.Fatalf("second pass embedded %d notes, want 0: nothing changed", n)
	}
	// An edit makes the note stale; a cheap (missing-only) pass does not see it, a full one does.
	b.Body = "Ship on Thursdays now."
	if err := s.Put(ctx, b); err != nil {
		t.Fatal(err)
	}
	c := mustWrite(t, s, store.WriteInput{Title: "Kitten food", Body: "The cat eats twice a day."})
	if jobs, _ := s.MissingVectors(ctx, testModel, 10); len(jobs) != 1 || jobs[0].ID != c.ID {
		t.Fatalf("missing-only pass found %v, want just the new note %s", jobs, c.ID)
	}
	jobs, err := s.StaleVectors(ctx, testModel, 0)
	if err != nil || len(jobs) != 2 {
		t.Fatalf("full pass found %d notes (%v), want the edited and the new one", len(jobs), err)
	}
	embedAll(t, s, false)
	// A forgotten note needs no vector, and pruning drops its vector and other models'.
	if _, err := s.Forget(ctx, a.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.PutVectors(ctx, "other-model", []store.VectorJob{{ID: c.ID, Hash: "x"}}, [][]float32{{1, 0}}); err != nil {
		t.Fatal(err)
	}
	pruned, err := s.PruneVectors(ctx, testModel)
	if err != nil || pruned != 2 {
		t.Fatalf("pruned %d (%v), want 2: the forgotten note's vector and the other model's", pruned, err)
	}
	st, err := s.VectorStats(ctx, testModel)
	if err != nil {
		t.Fatal(err)
	}
	if st.Notes != 2 || st.Stored != 2 || st.Dim != 5 || st.Bytes != 2*5*4 {
		t.Fatalf("stats %+v, want 2 live notes, 2 vectors of 5 float32", st)
	}
	// A full rebuild keeps vectors whose text did not change.
	if _, err := s.Reindex(ctx, true); err != nil {
		t.Fatal(err)
	}
	if jobs, _ := s.StaleVectors(ctx, testModel, 0); len(jobs) != 0 {
		t.Fatalf("after a rebuild %d notes are stale, want 0", len(jobs))
	}
}

func TestPutVectorsRejectsMismatches(t *testing.T) {
	ctx := context.Background()
	s, _ := newStore(t)
	jobs := []store.VectorJob{{ID: "a", Hash: "1"}, {ID: "b", Hash: "2"}}
	if err := s.PutVectors(ctx, testModel, jobs, [][]float32{{1}}); err == nil {
		t.Fatal("1 vector for 2 notes was accepted")
	}
	if err := s.PutVectors(ctx, testModel, jobs, [][]float32{{1, 0}, {1}}); err == nil || !strings.Contains(err.Error(), "has 1 numbers") {
		t.Fatalf("vectors of unequal length: error %v", err)
	}
}

func TestHybridFindsParaphrases(t *testing.T) {
	s, _ := newStore(t)
	db := mustWrite(t, s, store.WriteInput{Title: "Postgres index bloat", Body: "Reindex weekly.", Project: "web"})
	pet := mustWrite(t, s, store.WriteInput{Title: "Feline diet", Body: "Wet food only.", Project: "home"})
	ship := mustWrite(t, s, store.WriteInput{Title: "Rollout to production", Body: "Canary first, then all.", Project: "web"})
	slow := mustWrite(t, s, store.WriteInput{Title: "Latency budget", Body: "p99 under 200ms.", Project: "web"})
	gone := mustWrite(t, s, store.WriteInput{Title: "Old kitten notes", Body: "Outdated.", Project: "home"})
	embedAll(t, s, false)
	if _, err := s.Forget(context.Background(), gone.ID); err != nil {
		t.Fatal(err)
	}

	cases := []struct {
		name  string
		query string
		f     store.Filter
		first string
		not   []string
	}{
		{"no shared word", "how do we deploy a release", store.Filter{}, ship.ID, nil},
		{"no shared word, other topic", "my cat", store.Filter{}, pet.ID, []string{gone.ID}},
		{"lexical match still first", "latency budget", store.Filter{}, slow.ID, nil},
		{"filter applies to vectors", "sqlite query", store.Filter{Project: "home"}, "", []string{db.ID}},
		{"filter keeps its own", "sqlite query", store.Filter{Project: "web"}, db.ID, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lexical := searchIDs(t, s, store.SearchOptions{Filter: c.f, Query: c.query, K: 3})
			ids := hybridIDs(t, s, c.query, c.f, 3)
			if c.first != "" && (len(ids) == 0 || ids[0] != c.first) {
				t.Fatalf("hybrid %q = %v, want %s first (lexical alone: %v)", c.query, ids, c.first, lexical)
			}
			for _, n := range c.not {
				if contains(ids, n) {
					t.Fatalf("hybrid %q returned %s, which the filter or a forget hides", c.query, n)
				}
			}
		})
	}
}

func TestHybridPagesAndReloads(t *testing.T) {
	ctx := context.Background()
	s, _ := newStore(t)
	var all []string
	for _, title := range []string{"sqlite tuning", "postgres vacuum", "database backups", "query plans", "index choice", "release day"} {
		all = append(all, mustWrite(t, s, store.WriteInput{Title: title, Body: "notes on " + title}).ID)
	}
	embedAll(t, s, false)
	var seen []string
	cur := ""
	for page := 0; page < 10; page++ {
		res, err := s.HybridSearch(ctx, store.HybridOptions{SearchOptions: store.SearchOptions{Query: "database", K: 2, Cursor: cur},
			Model: testModel, Vector: conceptVec("database")})
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range res.Hits {
			if contains(seen, h.ID) {
				t.Fatalf("page %d repeats %s", page, h.ID)
			}
			seen = append(seen, h.ID)
		}
		if cur = res.NextCursor; cur == "" {
			break
		}
	}
	if !sameSet(seen, all) {
		t.Fatalf("pages returned %v, want every note once (%v)", seen, all)
	}
	// A note embedded after the first search is found by the next: the cache follows the table.
	late := mustWrite(t, s, store.WriteInput{Title: "Kitten", Body: "A new feline."})
	embedAll(t, s, true)
	if ids := hybridIDs(t, s, "pet", store.Filter{}, 1); len(ids) != 1 || ids[0] != late.ID {
		t.Fatalf("hybrid 'pet' = %v, want the note embedded since the last search (%s)", ids, late.ID)
	}
	if _, err := s.HybridSearch(ctx, store.HybridOptions{SearchOptions: store.SearchOptions{Query: "x"}, Model: testModel, Vector: []float32{1, 0}}); err == nil {
		t.Fatal("a query vector of another width was accepted")
	}
}

func TestHybridWithoutVectorsIsLexical(t *testing.T) {
	s, _ := newStore(t)
	for _, title := range []string{"alpha release", "beta release", "gamma"} {
		mustWrite(t, s, store.WriteInput{Title: title, Type: note.Semantic})
	}
	want := searchIDs(t, s, store.SearchOptions{Query: "release", K: 5})
	got := hybridIDs(t, s, "release", store.Filter{}, 5)
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("hybrid with no vectors = %v, want the lexical ranking %v", got, want)
	}
}
