package store_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

func TestBrowseQueries(t *testing.T) {
	s, _ := newStore(t)
	ctx := context.Background()
	a := mustWrite(t, s, store.WriteInput{Type: note.Semantic, Title: "a", Project: "p1", Tags: []string{"x"}})
	b := mustWrite(t, s, store.WriteInput{Type: note.Procedural, Title: "b", Project: "p2", Scope: note.MachineLocal, Supersedes: []string{a.ID}})
	mustWrite(t, s, store.WriteInput{Type: note.Episodic, Title: "c", Project: "p1", WorkspaceID: "work", Tags: []string{"conflict", "x"}})
	gone := mustWrite(t, s, store.WriteInput{Type: note.Episodic, Title: "d", Project: "p3", Tags: []string{"x"}})
	m0, err := s.ChangeMark(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Forget(ctx, gone.ID); err != nil {
		t.Fatal(err)
	}
	if m1, _ := s.ChangeMark(ctx); m1 == m0 {
		t.Fatal("forget did not move the change mark")
	}
	slow, err := s.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	fast, err := s.StatsFast(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(slow, fast) {
		t.Fatalf("StatsFast differs from Stats:\n%+v\n%+v", fast, slow)
	}
	by, err := s.SupersededBy(ctx, a.ID)
	if err != nil || len(by) != 1 || by[0] != b.ID {
		t.Fatalf("superseded by: %v %v", err, by)
	}
	counts, err := s.CountByMachine(ctx)
	if err != nil || counts[s.MachineID()] != 3 {
		t.Fatalf("by machine: %v %v", err, counts)
	}
	// Tagged listing pages with its cursor and leaves forgotten notes out.
	p1, err := s.ListTagged(ctx, "x", store.ListOptions{Limit: 1})
	if err != nil || len(p1.Notes) != 1 || p1.NextCursor == "" {
		t.Fatalf("tagged page 1: %v %+v", err, p1)
	}
	p2, err := s.ListTagged(ctx, "x", store.ListOptions{Limit: 1, Cursor: p1.NextCursor})
	if err != nil || len(p2.Notes) != 1 || p2.NextCursor != "" || p2.Notes[0].ID == p1.Notes[0].ID {
		t.Fatalf("tagged page 2: %v %+v", err, p2)
	}
	if _, err := s.ListTagged(ctx, "other", store.ListOptions{Limit: 1, Cursor: p1.NextCursor}); err == nil {
		t.Fatal("a cursor was accepted for another tag")
	}
}
