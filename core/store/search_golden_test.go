package store

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/internal/golden"
	"github.com/anamnesis-go/anamnesis/core/testcorpus"
)

// TestSearchLargeStoreGolden pins the ranking (ids and exact scores) of searches on the shared
// 10,000-note store, with each kind of filter and on titles and tags alone: the SQL underneath may
// be made cheaper, never different.
func TestSearchLargeStoreGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("the 10,000-note store")
	}
	ctx := context.Background()
	s, err := Open(ctx, testcorpus.Cached(t, 10000), Options{MachineID: "m1"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	filters := []Filter{{}, {Project: "github.com/acme/service-03"},
		{Projects: []string{"github.com/acme/service-03", "global"}}, {Type: "episodic", Project: "global"}}
	pass := func() string {
		t.Helper()
		var b strings.Builder
		for i, q := range benchQueries()[:16] {
			for fi, f := range filters {
				for _, heads := range []bool{false, true} {
					res, err := s.Search(ctx, SearchOptions{Filter: f, Query: q, K: 10, HeadsOnly: heads, MaxTerms: 8})
					if err != nil {
						t.Fatal(err)
					}
					fmt.Fprintf(&b, "%d %q filter %d heads %t:", i, q, fi, heads)
					for _, h := range res.Hits {
						fmt.Fprintf(&b, " %s=%v", h.ID, h.Score)
					}
					fmt.Fprintf(&b, " next=%t\n", res.NextCursor != "")
				}
			}
		}
		return b.String()
	}
	cold := pass()
	golden.Check(t, "testdata/search-10k.golden", cold)
	// Again as a resident server answers, from the word counts it keeps while the index is
	// unchanged: opening the store has just written the index, so the first pass kept nothing
	// (its files were too new to vouch for it). They are made old, as after a quiet minute.
	ageIndexFiles(t, s)
	if warm := pass(); warm != cold {
		t.Errorf("searched with the counts kept, the results differ:\n--- kept\n%s\n--- counted\n%s", warm, cold)
	}
	st, keep := s.countStamp()
	if _, ok := s.termCounts.get(st, maxRowKey); !keep || !ok {
		t.Error("the second pass kept no counts, so it checks nothing")
	}
}
