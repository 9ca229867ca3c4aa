package store_test

import (
	"context"
	"math"
	"reflect"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// --explain names the words matched, in which fields, and shares that add up to the hit's score.
func TestSearchExplain(t *testing.T) {
	s, _ := newStore(t)
	a := mustWrite(t, s, store.WriteInput{Type: note.Procedural, Title: "Configure SQLite busy_timeout",
		Body: "Concurrent writers wait instead of failing.", Tags: []string{"sqlite"}})
	b := mustWrite(t, s, store.WriteInput{Title: "Writers guild", Body: "Notes about writers and the colour grey."})
	for i := 0; i < 5; i++ { // enough other notes for idf to be positive
		mustWrite(t, s, store.WriteInput{Title: "Filler", Body: "Kubernetes rollout notes."})
	}
	res, err := s.Search(context.Background(), store.SearchOptions{Query: "how do sqlite writers use color", Explain: true})
	if err != nil {
		t.Fatal(err)
	}
	x := res.Explain
	if x == nil || len(x.Hits) != len(res.Hits) || len(res.Hits) != 2 {
		t.Fatalf("explain = %+v for %d hits, want one entry per hit (2)", x, len(res.Hits))
	}
	if want := []string{"how", "do", "use"}; !reflect.DeepEqual(x.Dropped, want) {
		t.Errorf("dropped = %q, want %q", x.Dropped, want)
	}
	want := map[string]map[string][]string{
		a.ID: {"sqlite": {"title", "tags"}, "writers": {"body"}},
		b.ID: {"writers": {"title", "body"}, "color": {"alt"}}, // colour, folded
	}
	for i, h := range x.Hits {
		if h.ID != res.Hits[i].ID || h.Rank != i+1 || h.Score != res.Hits[i].Score {
			t.Errorf("hit %d explained as %s rank %d score %g, want %s rank %d score %g", i, h.ID, h.Rank, h.Score,
				res.Hits[i].ID, i+1, res.Hits[i].Score)
		}
		got := map[string][]string{}
		sum := 0.0
		for _, m := range h.Matched {
			got[m.Word] = m.Fields
			sum += m.Score
		}
		if !reflect.DeepEqual(got, want[h.ID]) {
			t.Errorf("hit %s matched %v, want %v", h.ID, got, want[h.ID])
		}
		if math.Abs(sum-h.BM25) > 1e-9 {
			t.Errorf("hit %s: shares add up to %g, bm25 is %g", h.ID, sum, h.BM25)
		}
		if math.Abs(h.BM25-h.Coverage-h.Proximity-h.Score) > 1e-9 {
			t.Errorf("hit %s: bm25 %g - coverage %g - proximity %g is not the score %g", h.ID, h.BM25, h.Coverage, h.Proximity, h.Score)
		}
	}
	// Without --explain nothing is computed.
	plain, err := s.Search(context.Background(), store.SearchOptions{Query: "sqlite"})
	if err != nil || plain.Explain != nil {
		t.Errorf("plain search: explain %+v, err %v; want none", plain.Explain, err)
	}
}
