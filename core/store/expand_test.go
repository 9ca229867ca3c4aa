package store_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
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

// TestCommonWordStaysCommonAfterWrites: another name found in a tenth or more of a large store's
// notes is not searched (see withExpansions), and stays so after a few notes are written to an
// open store. The verdict is kept between searches; kept as a count, it was capped at the
// threshold of the store's size then, and a store a few notes larger has a higher threshold, so
// every search after a write ranked all of that word's matches.
func TestCommonWordStaysCommonAfterWrites(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	// 1,009 notes, a fifth of them holding "retries": the word is common, and one more note moves
	// the threshold (a tenth of the highest rowid, rounded down) from 100 to 101.
	for i := 0; i < 1009; i++ {
		body := fmt.Sprintf("Filler note %d about nothing in particular.", i)
		if i%5 == 0 {
			body = fmt.Sprintf("The client gives up after three retries, note %d.", i)
		}
		id := note.NewID()
		writeFile(t, root, "memory/semantic/"+id+".md", noteText(id, note.Semantic, fmt.Sprintf("Note %d", i), body))
	}
	s := openAt(t, root)
	// searched reports whether the query's other name was searched, by the rule Explain gives.
	searched := func(query, other string) bool {
		t.Helper()
		res, err := s.Search(ctx, store.SearchOptions{Query: query, Explain: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range res.Explain.Rules {
			if strings.HasPrefix(r, "other names of the query's concepts") && strings.Contains(r, other) {
				return true
			}
		}
		return false
	}
	// A rare other name is searched: the check below can see a search when there is one.
	if !searched("why does sqlite crash", "sqlite3") {
		t.Fatal(`"sqlite3", in no note, was not searched as another name of "sqlite"`)
	}
	if searched("why does the upload retry", "retries") {
		t.Fatal(`"retries", in a fifth of the notes, was searched as another name of "retry"`)
	}
	for i := 0; i < 3; i++ {
		mustWrite(t, s, store.WriteInput{Type: note.Semantic, Title: fmt.Sprintf("New %d", i), Body: "Unrelated."})
		if searched("why does the upload retry", "retries") {
			t.Fatalf(`after note %d was written, "retries" was searched as another name of "retry"`, i+1)
		}
	}
}
