package store

import (
	"context"
	"fmt"
	"strings"
	"sync"
)

// withExpansions adds to hits (the best need matches of the query's own words, in order) the
// matches of the other names of the concepts the query names (see lexicon.go), ranked on their
// own and counted at Ranking.ExpansionWeight of their bm25: a note already found gains that share
// of its score, a note found only through another name joins at it. It returns the words searched
// this way. The expansion is a second ranking rather than more OR terms in the first because bm25
// has no weight per term, and at full weight another name's rarer word outranks the query's own.
func (s *Store) withExpansions(ctx context.Context, hits []Hit, toks []term, f Filter, need int) ([]Hit, []string, error) {
	w := s.ranking.ExpansionWeight
	if w <= 0 {
		return hits, nil, nil
	}
	words := expansions(toks)
	if len(words) == 0 {
		return hits, nil, nil
	}
	// A word found in a tenth of a large store's notes says little about any of them, and bm25
	// would score every one of its matches (in titles and tags alone, as the query's own common
	// words are matched, it cost ten times the rest of this step at 10,000 notes and found nothing
	// more on the developer sets): it is not searched.
	common, err := s.commonWords(ctx, words)
	if err != nil {
		return nil, nil, err
	}
	alts := make([]string, 0, len(words))
	kept := words[:0:0]
	for _, x := range words {
		if !common[x] {
			alts, kept = append(alts, quote(x)), append(kept, x)
		}
	}
	if words = kept; len(words) == 0 {
		return hits, nil, nil
	}
	rs, err := s.rank(ctx, ftsQuery{table: "memories_fts", match: strings.Join(alts, " OR ")}, f, need, nil)
	if err != nil {
		return nil, nil, err
	}
	at := make(map[int64]int, len(hits))
	for i, h := range hits {
		at[h.rowid] = i
	}
	// A note found only this way joins the page only if its weighted score beats the last of the
	// need best; the others are not read at all.
	bar := 0.0
	if len(hits) >= need {
		bar = hits[need-1].Score
	}
	var fresh []ranked
	for _, r := range rs {
		if i, ok := at[r.rowid]; ok {
			hits[i].expanded = w * r.score
			hits[i].Score += hits[i].expanded
			continue
		}
		if w*r.score < bar || len(hits) < need {
			fresh = append(fresh, ranked{rowid: r.rowid, score: w * r.score})
		}
	}
	more, err := s.fetchHits(ctx, fresh)
	if err != nil {
		return nil, nil, err
	}
	for i := range more {
		more[i].expanded = more[i].Score
	}
	hits = append(hits, more...)
	sortHits(hits)
	return hits, words, nil
}

// commonCache remembers which lexicon words are common in the store, so that a word is counted
// once while the store stays about the same size rather than on every search. It keeps the verdict,
// not the count: a count stops at the threshold it was taken under, so it says only "at least that
// many", and compared with the threshold of a store a few notes larger it would call every common
// word rare. That made each search after a write rank a common word's every match (6.4-7.7 ms a
// search instead of 2.2-2.6 at 10,000 notes, BenchmarkSearchAfterWrites10k) in a process that
// stays open.
type commonCache struct {
	mu     sync.Mutex
	maxRow int64
	common map[string]bool
}

// commonWords returns which of words are in commonShare% or more of the store's notes, in a store
// of commonFloor notes or more (see matchFor); nil otherwise.
func (s *Store) commonWords(ctx context.Context, words []string) (map[string]bool, error) {
	if !s.ranking.DynamicStopWords {
		return nil, nil
	}
	var maxRow int64
	if err := s.queryRow(ctx, "SELECT COALESCE(MAX(rowid), 0) FROM memories").Scan(&maxRow); err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	if maxRow < commonFloor {
		return nil, nil
	}
	threshold := maxRow * commonShare / 100
	c := &s.common
	c.mu.Lock()
	defer c.mu.Unlock()
	// Verdicts reached at a size within 5% of this one still tell common from rare.
	if c.common == nil || maxRow*20 < c.maxRow*19 || maxRow*20 > c.maxRow*21 {
		c.common, c.maxRow = map[string]bool{}, maxRow
	}
	out := map[string]bool{}
	for _, w := range words {
		common, ok := c.common[w]
		if !ok {
			var n int64
			err := s.queryRow(ctx, countMatches, quote(w), threshold).Scan(&n)
			if err != nil {
				return nil, fmt.Errorf("search: %w", err)
			}
			common = n >= threshold
			c.common[w] = common
		}
		if common {
			out[w] = true
		}
	}
	return out, nil
}
