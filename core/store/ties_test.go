package store

import (
	"context"
	"fmt"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/note"
)

// Notes that score the same are ordered newest first, then by id, across page boundaries, with
// every note on exactly one page, in full and in title-only searches alike.
func TestSearchTiesOrderedNewestFirst(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, t.TempDir(), Options{MachineID: "m"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var ids []string // creation order: ULIDs increase, timestamps share a second
	for i := 0; i < 23; i++ {
		n, err := s.Write(ctx, WriteInput{Type: note.Semantic, Title: "identical gannet", Body: "same body"})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, n.ID)
	}
	for _, heads := range []bool{false, true} {
		t.Run(fmt.Sprintf("heads=%t", heads), func(t *testing.T) {
			var got []string
			cur := ""
			for page := 0; page < 10; page++ {
				res, err := s.Search(ctx, SearchOptions{Query: "gannet", K: 5, Cursor: cur, HeadsOnly: heads})
				if err != nil {
					t.Fatal(err)
				}
				for _, h := range res.Hits {
					got = append(got, h.ID)
				}
				if cur = res.NextCursor; cur == "" {
					break
				}
			}
			if len(got) != len(ids) {
				t.Fatalf("paged through %d notes, want %d", len(got), len(ids))
			}
			for i := range got {
				// Same updated_at second for all: the larger (newer) id comes first.
				if want := ids[len(ids)-1-i]; got[i] != want {
					t.Fatalf("position %d: got %s, want %s (newest first)", i, got[i], want)
				}
			}
		})
	}
}

// A cursor that Search could not have made — forged, with an offset that would overflow — is an
// error, never a crash.
func TestSearchForgedCursor(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, t.TempDir(), Options{MachineID: "m"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Write(ctx, WriteInput{Type: note.Semantic, Title: "heron", Body: "b"}); err != nil {
		t.Fatal(err)
	}
	key := fmt.Sprintf("%s\x00%t\x00%d", "heron", false, 0)
	for _, off := range []int{-1, maxOffset + 1, int(^uint(0) >> 1)} {
		c := encodeCursor(cursor{Kind: "search", Scope: scopeHash(Filter{}, key), Offset: off})
		if _, err := s.Search(ctx, SearchOptions{Query: "heron", Cursor: c}); err == nil {
			t.Errorf("offset %d: forged cursor accepted", off)
		}
	}
}
