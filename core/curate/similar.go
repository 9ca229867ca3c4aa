package curate

import (
	"context"
	"sort"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// Thresholds from which an existing note looks like one just written: most of the title's words,
// or a good share of all words.
const (
	similarTitle = 0.5
	similarAll   = 0.35
)

// Similar returns up to max live notes of n's project (n itself left out) that look like n, most
// alike first, so a model that just wrote n can supersede one of them instead of keeping both.
func Similar(ctx context.Context, st *store.Store, n *note.Note, max int) ([]*note.Note, error) {
	query := n.Title + " " + firstRunes(n.Body, 400)
	res, err := st.Search(ctx, store.SearchOptions{Filter: store.Filter{Project: n.Project}, Query: query, K: 12})
	if err != nil {
		return nil, err
	}
	type scored struct {
		n     *note.Note
		score float64
	}
	var out []scored
	tw := words(n.Title)
	for _, h := range res.Hits {
		if h.ID == n.ID {
			continue
		}
		all := Similarity(n, h.Note)
		if jaccard(tw, words(h.Title)) >= similarTitle || all >= similarAll {
			out = append(out, scored{h.Note, all})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].score > out[j].score })
	notes := make([]*note.Note, 0, max)
	for _, s := range out {
		if len(notes) == max {
			break
		}
		notes = append(notes, s.n)
	}
	return notes, nil
}

func firstRunes(s string, n int) string {
	r := []rune(strings.TrimSpace(s))
	if len(r) > n {
		r = r[:n]
	}
	return string(r)
}
