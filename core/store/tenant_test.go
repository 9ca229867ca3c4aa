package store_test

import (
	"context"
	"errors"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// The reference's tools take user_id and workspace_id: a write carries them into the note file and
// the index, and search and list filter on them, alone or with the other fields.
func TestTenantWriteAndFilter(t *testing.T) {
	ctx := context.Background()
	s, _ := newStore(t)
	specs := []struct{ user, workspace, project string }{
		{"", "", "p1"},              // defaults: self / personal
		{"alice", "", "p1"},         // alice / personal
		{"alice", "acme", "p1"},     // alice / acme
		{"bob", "acme", "p2"},       // bob / acme
		{" alice ", " acme ", "p2"}, // trimmed
	}
	ids := make([]string, len(specs))
	for i, sp := range specs {
		ids[i] = mustWrite(t, s, store.WriteInput{Title: "heron tenant", Project: sp.project, UserID: sp.user, WorkspaceID: sp.workspace}).ID
	}
	n, err := s.Get(ctx, ids[4])
	if err != nil || n.UserID != "alice" || n.WorkspaceID != "acme" {
		t.Fatalf("Get = %+v, %v; want alice/acme from the file", n, err)
	}
	if d, err := s.Get(ctx, ids[0]); err != nil || d.UserID != note.DefaultUserID || d.WorkspaceID != note.DefaultWorkspaceID {
		t.Fatalf("defaults = %+v, %v", d, err)
	}
	tests := []struct {
		name string
		f    store.Filter
		want []int
	}{
		{"user default", store.Filter{UserID: "self"}, []int{0}},
		{"user", store.Filter{UserID: "alice"}, []int{1, 2, 4}},
		{"workspace", store.Filter{WorkspaceID: "acme"}, []int{2, 3, 4}},
		{"user and workspace", store.Filter{UserID: "alice", WorkspaceID: "acme"}, []int{2, 4}},
		{"tenant and project", store.Filter{UserID: "alice", WorkspaceID: "acme", Project: "p2"}, []int{4}},
		{"unknown tenant", store.Filter{UserID: "carol"}, nil},
	}
	check := func(t *testing.T, s *store.Store) {
		for _, tc := range tests {
			var want []string
			for _, i := range tc.want {
				want = append(want, ids[i])
			}
			if got := searchIDs(t, s, store.SearchOptions{Filter: tc.f, Query: "heron"}); !sameSet(got, want) {
				t.Errorf("%s: search = %v, want %v", tc.name, got, want)
			}
			if got := listIDs(t, s, store.ListOptions{Filter: tc.f}); !sameSet(got, want) {
				t.Errorf("%s: list = %v, want %v", tc.name, got, want)
			}
		}
	}
	check(t, s)
	// The tenant is in the files: a rebuilt index filters the same.
	if _, err := s.Reindex(ctx, true); err != nil {
		t.Fatal(err)
	}
	check(t, s)
}

// The tenant is part of what an idempotency key vouches for: a retry in another tenant is not the
// same write.
func TestTenantIdempotency(t *testing.T) {
	ctx := context.Background()
	s, _ := newStore(t)
	in := store.WriteInput{Type: note.Semantic, Title: "once", UserID: "alice", IdempotencyKey: "k1"}
	first := mustWrite(t, s, in)
	again := mustWrite(t, s, in)
	if again.ID != first.ID {
		t.Fatalf("retry wrote a second note %s", again.ID)
	}
	in.UserID = "bob"
	if _, err := s.Write(ctx, in); !errors.Is(err, store.ErrIdempotencyConflict) {
		t.Fatalf("retry in another tenant = %v, want ErrIdempotencyConflict", err)
	}
}
