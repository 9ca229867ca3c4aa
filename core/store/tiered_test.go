package store

import (
	"context"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/note"
)

// rankPage answers what ranking every match and cutting the page from the full list does: the
// same notes in the same order with the same scores, whether a tie at the page's edge ends within
// the rows read past the page or runs longer (80 equal titles), in tiers or not, for queries of three to six words over titles and tags that hold
// none, one, two or all of them, with repeated titles (ties at the page's edge), a project filter,
// and forgotten and superseded notes (which search hides).
func TestRankPageMatchesTheFullRanking(t *testing.T) {
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
		if i%5 == 0 { // 80 global notes of one score: a tie longer than the rows read past a page
			in.Tags, in.Project = nil, ""
		}
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
		for _, match := range []ftsQuery{headsQuery(toks), {table: "memories_fts", match: joinTerms(toks, " OR ")}} {
			for fi, f := range filters {
				for _, need := range []int{1, 9, 40} {
					t.Run(fmt.Sprintf("%s/%s/filter%d/need%d", query, match.table, fi, need), func(t *testing.T) {
						got, err := s.rankPage(ctx, match, f, need)
						if err != nil {
							t.Fatal(err)
						}
						want, err := fullRanking(ctx, s, match, f, need)
						if err != nil {
							t.Fatal(err)
						}
						if len(got) != len(want) {
							t.Fatalf("%d hits, want %d", len(got), len(want))
						}
						for i := range got {
							if got[i].ID != want[i].ID || got[i].Score != want[i].Score {
								t.Fatalf("hit %d: %s %g, want %s %g", i, got[i].ID, got[i].Score, want[i].ID, want[i].Score)
							}
						}
					})
				}
			}
		}
	}
}

// fullRanking is the page rankPage must give, cut from every match of each tier, ranked.
func fullRanking(ctx context.Context, s *Store, match ftsQuery, f Filter, need int) ([]Hit, error) {
	exprs := []string{match.match}
	if len(match.words) > 0 {
		var pairs []string
		for i, a := range match.words {
			for _, b := range match.words[i+1:] {
				pairs = append(pairs, "("+a+" AND "+b+")")
			}
		}
		two := strings.Join(pairs, " OR ")
		exprs = []string{two, "(" + match.match + ") NOT (" + two + ")"}
	}
	var hits []Hit
	for _, expr := range exprs {
		all, err := s.rank(ctx, ftsQuery{table: match.table, match: expr}, f, -1, nil)
		if err != nil {
			return nil, err
		}
		page, err := s.cut(ctx, all, need-len(hits), func(edge float64) ([]ranked, error) {
			var tied []ranked
			for _, r := range all {
				if r.score == edge {
					tied = append(tied, r)
				}
			}
			return tied, nil
		})
		if err != nil {
			return nil, err
		}
		more, err := s.hitsOf(ctx, page)
		if err != nil {
			return nil, err
		}
		if hits = append(hits, more...); len(hits) >= need {
			break
		}
	}
	return hits, nil
}
