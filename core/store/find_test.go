package store_test

import (
	"context"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// FindByBody finds the same text under any id, ignoring surrounding white space, under a filter;
// a different text, even one word off, is not found.
func TestFindByBody(t *testing.T) {
	ctx := context.Background()
	s, _ := newStore(t)
	a := mustWrite(t, s, store.WriteInput{Title: "a", Body: "Run the migrations before deploying."})
	b := mustWrite(t, s, store.WriteInput{Title: "b", Body: "\n  Run the migrations before deploying.\n\n", Scope: note.MachineLocal})
	c := mustWrite(t, s, store.WriteInput{Title: "c", Body: "Run the migrations after deploying."})
	forgotten := mustWrite(t, s, store.WriteInput{Title: "d", Body: "Run the migrations before deploying."})
	if _, err := s.Forget(ctx, forgotten.ID); err != nil {
		t.Fatal(err)
	}
	ids := func(ns []*note.Note) []string {
		out := make([]string, len(ns))
		for i, n := range ns {
			out[i] = n.ID
		}
		return out
	}
	tests := []struct {
		name string
		body string
		f    store.Filter
		want []string
	}{
		{"any scope, live", "Run the migrations before deploying.", store.Filter{}, []string{a.ID, b.ID}},
		{"white space ignored", "  Run the migrations before deploying.  ", store.Filter{}, []string{a.ID, b.ID}},
		{"portable with forgotten", "Run the migrations before deploying.", store.Filter{Scope: note.Portable, IncludeDeleted: true}, []string{a.ID, forgotten.ID}},
		{"other text", "Run the migrations after deploying.", store.Filter{}, []string{c.ID}},
		{"no such text", "Run the migrations.", store.Filter{}, nil},
	}
	for _, tc := range tests {
		got, err := s.FindByBody(ctx, tc.body, tc.f)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !sameSet(ids(got), tc.want) {
			t.Errorf("%s: FindByBody = %v, want %v", tc.name, ids(got), tc.want)
		}
	}
	if _, err := s.FindByBody(ctx, "x", store.Filter{Scope: "cloud"}); err == nil {
		t.Fatal("FindByBody accepted an invalid scope")
	}
}

// Ranking is per store: two stores open on the same index rank with their own weights.
func TestRankingPerStore(t *testing.T) {
	root := t.TempDir()
	s := openAt(t, root)
	inTitle := mustWrite(t, s, store.WriteInput{Title: "avocet", Body: "shorebird notes"})
	inBody := mustWrite(t, s, store.WriteInput{Title: "shorebird notes", Body: "avocet"})
	top := func(r store.Ranking) string {
		o, err := store.Open(context.Background(), root, store.Options{Ranking: &r})
		if err != nil {
			t.Fatal(err)
		}
		defer o.Close()
		return searchIDs(t, o, store.SearchOptions{Query: "avocet"})[0]
	}
	titleHeavy := store.DefaultRanking()
	bodyHeavy := store.DefaultRanking()
	bodyHeavy.TitleWeight, bodyHeavy.BodyWeight = 1, 10
	if got := top(titleHeavy); got != inTitle.ID {
		t.Errorf("default ranking puts %s first, want the title match", got)
	}
	if got := top(bodyHeavy); got != inBody.ID {
		t.Errorf("body-weighted ranking puts %s first, want the body match", got)
	}
	// The default store was not changed by the others.
	if got := searchIDs(t, s, store.SearchOptions{Query: "avocet"})[0]; got != inTitle.ID {
		t.Errorf("default store's ranking changed: %s first", got)
	}
}
