package store

import (
	"context"
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/note"
)

// rankTiered answers what running the two tier expressions does (rankTiers): the same notes in
// the same order with the same scores, for queries of three to six words over titles and tags that hold
// none, one, two or all of them, with repeated titles (ties at the page's edge), a project filter,
// and forgotten and superseded notes (which search hides).
func TestRankTieredMatchesTierExpressions(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, t.TempDir(), Options{MachineID: "m"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	vocab := []string{"gannet", "puffin", "skua", "tern", "fulmar", "shag", "eider", "kittiwake", "auk"}
	filler := []string{"cliff", "colony", "ledge", "moult", "survey", "tide", "burrow"}
	rng := rand.New(rand.NewSource(7))
	pick := func(words []string, n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = words[rng.Intn(len(words))]
		}
		return out
	}
	var ids []string
	for i := 0; i < 400; i++ {
		title := append(pick(vocab, rng.Intn(4)), pick(filler, rng.Intn(4))...)
		if i%5 == 0 {
			title = []string{"gannet", "puffin"} // many equal scores
		}
		in := WriteInput{Type: note.Semantic, Title: strings.Join(append(title, "note"), " "), Body: "body",
			Tags: pick(vocab, rng.Intn(3)), Project: []string{"", "p1", "p2"}[i%3]}
		if i%17 == 0 && len(ids) > 0 {
			in.Supersedes = []string{ids[rng.Intn(len(ids))]}
		}
		n, err := s.Write(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, n.ID)
		if i%13 == 0 {
			if _, err := s.Forget(ctx, n.ID); err != nil {
				t.Fatal(err)
			}
		}
	}
	filters := []Filter{{}, {Projects: []string{"p1", note.DefaultProject}}, {Project: "p2", IncludeDeleted: true}}
	for q := 0; q < 60; q++ {
		query := strings.Join(pick(vocab, 3+q%4), " ")
		toks := queryTerms(query, true)
		if len(toks) < 3 {
			continue
		}
		match := headsQuery(toks)
		for fi, f := range filters {
			for _, need := range []int{1, 9, 40} {
				t.Run(fmt.Sprintf("%s/filter%d/need%d", query, fi, need), func(t *testing.T) {
					got, err := s.rankTiered(ctx, match, f, need)
					if err != nil {
						t.Fatal(err)
					}
					want, err := s.rankTiers(ctx, match, f, need)
					if err != nil {
						t.Fatal(err)
					}
					if len(got) != len(want) {
						t.Fatalf("%d hits, want %d", len(got), len(want))
					}
					for i := range got {
						if got[i].ID != want[i].ID || !nearly(got[i].Score, want[i].Score) {
							t.Fatalf("hit %d: %s %g, want %s %g", i, got[i].ID, got[i].Score, want[i].ID, want[i].Score)
						}
					}
				})
			}
		}
	}
}

func nearly(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }
