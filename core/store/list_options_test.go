package store

import (
	"context"
	"slices"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/note"
)

// List's narrowing options: any of several types, superseded notes hidden as search hides them
// (unless their superseder was forgotten), and notes with a given tag left out.
func TestListOptions(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, t.TempDir(), Options{MachineID: "m"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	w := func(typ note.Type, title string, tags []string, sup ...string) *note.Note {
		t.Helper()
		n, err := s.Write(ctx, WriteInput{Type: typ, Title: title, Body: "b", Tags: tags, Supersedes: sup})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	old := w(note.Semantic, "old", nil)
	newer := w(note.Semantic, "newer", nil, old.ID)
	proc := w(note.Procedural, "proc", nil)
	epi := w(note.Episodic, "epi", []string{"reflected"})
	ids := func(o ListOptions) []string {
		t.Helper()
		p, err := s.List(ctx, o)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, n := range p.Notes {
			out = append(out, n.ID)
		}
		slices.Sort(out)
		return out
	}
	sorted := func(v ...string) []string { slices.Sort(v); return v }
	durable := Filter{Types: []note.Type{note.Procedural, note.Semantic}}
	if got, want := ids(ListOptions{Filter: durable}), sorted(old.ID, newer.ID, proc.ID); !slices.Equal(got, want) {
		t.Errorf("Types: %v, want %v", got, want)
	}
	if got, want := ids(ListOptions{Filter: durable, HideSuperseded: true}), sorted(newer.ID, proc.ID); !slices.Equal(got, want) {
		t.Errorf("HideSuperseded: %v, want %v", got, want)
	}
	if got := ids(ListOptions{WithoutTag: "reflected"}); slices.Contains(got, epi.ID) || len(got) != 3 {
		t.Errorf("WithoutTag: %v", got)
	}
	if _, err := s.Forget(ctx, newer.ID); err != nil {
		t.Fatal(err)
	}
	if got, want := ids(ListOptions{Filter: durable, HideSuperseded: true}), sorted(old.ID, proc.ID); !slices.Equal(got, want) {
		t.Errorf("with its superseder forgotten the old note should return: %v, want %v", got, want)
	}
	if _, err := s.List(ctx, ListOptions{Filter: Filter{Types: []note.Type{"fact"}}}); err == nil {
		t.Error("an unknown type in Types was accepted")
	}
}
