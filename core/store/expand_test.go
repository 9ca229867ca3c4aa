package store_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// TestExpansionFindsAnotherName: a question in other words than its note's ("the app keeps
// crashing" for a note on a Go panic) finds the note through the lexicon, at a fraction of a
// direct match's weight, so a note holding the question's own word still ranks above it; with
// the expansion off the note is not found at all.
func TestExpansionFindsAnotherName(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name   string
		weight float64
		want   []string // by role, best first
	}{
		{"another name found, below the query's own word", 0.3, []string{"direct", "other name"}},
		{"off: only the query's own word", 0, []string{"direct"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := store.DefaultRanking()
			r.ExpansionWeight = tc.weight
			s, err := store.Open(ctx, t.TempDir(), store.Options{MachineID: "m", Ranking: &r})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			role := map[string]string{}
			put := func(title, body string) string {
				w, err := s.Write(ctx, store.WriteInput{Type: note.Semantic, Title: title, Body: body, Project: "p"})
				if err != nil {
					t.Fatal(err)
				}
				return w.ID
			}
			role[put("Go panic in the ingest loop", "A nil map write makes the ingest loop panic; initialise it in New.")] = "other name"
			role[put("Crash reports", "Where crash reports are uploaded, and who reads them.")] = "direct"
			for i := 0; i < 20; i++ {
				put(fmt.Sprintf("Filler %d", i), "Nothing about the subject, a note to fill the store.")
			}
			res, err := s.Search(ctx, store.SearchOptions{Query: "the app keeps crashing", Filter: store.Filter{Project: "p"}})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, h := range res.Hits {
				if role[h.ID] != "" {
					got = append(got, role[h.ID])
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("order %v, want %v", got, tc.want)
			}
		})
	}
}
