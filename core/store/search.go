package store

import (
	"context"
	"fmt"

	"github.com/anamnesis-go/anamnesis/core/note"
)

// Search is split by concern: this file is the entry point and its options; query.go turns text
// into FTS5 terms, rank.go scores and orders matches, expand.go adds the other names of the
// query's concepts (lexicon.go), rerank.go, neighbours.go and when.go re-score, cursor.go pages.

// MaxK bounds one page of search results.
const MaxK = 100

// SearchOptions is one search.
type SearchOptions struct {
	Filter
	Query  string
	K      int    // results per page; zero means 8
	Cursor string // continue after a previous page
	// HeadsOnly matches and ranks on titles and tags alone: for callers that want only notes
	// about a subject (per-prompt recall), not every note that mentions it in passing.
	HeadsOnly bool
	// MaxTerms, when set, searches at most this many of the query's words (its longest, which are
	// its specific ones); zero means the default cap.
	MaxTerms int
	// Explain adds SearchResult.Explain: why each hit ranked where it did.
	Explain bool
}

// Hit is one search result: the note with its body, and its bm25 score (lower is better).
type Hit struct {
	*note.Note
	Score float64 `json:"score"`
	// The parts of Score when the hit was reranked, for --explain.
	bm25, coverage, proximity, when float64
	expanded                        float64 // the share of Score from the query's other names (expand.go)
	joint                           float64 // see Ranking.JointShare
	reranked                        bool
	// via is the hit whose episodic neighbour this note is, when its score is the share that
	// hit lent it (see neighbours.go); rowid is the note's index row.
	via   string
	rowid int64
}

// SearchResult is a page of hits.
type SearchResult struct {
	Hits       []Hit    `json:"results"`
	NextCursor string   `json:"next_cursor,omitempty"`
	Explain    *Explain `json:"explain,omitempty"`
}

// Search ranks live, non-superseded notes against the query: each word becomes a quoted FTS5
// term, terms are OR-ed (AND of a paraphrase's words finds almost nothing), bm25 ranks with title
// and tags above body, then newest first, then id. Bodies come from the index, not the files.
func (s *Store) Search(ctx context.Context, opts SearchOptions) (SearchResult, error) {
	if err := opts.Validate(); err != nil {
		return SearchResult{}, err
	}
	k := opts.K
	if k == 0 {
		k = 8
	}
	if k < 1 || k > MaxK {
		return SearchResult{}, fmt.Errorf("%w: k must be between 1 and %d, got %d", note.ErrInvalid, MaxK, k)
	}
	toks := queryTerms(opts.Query, s.ranking.StopWords)
	if len(toks) == 0 {
		return SearchResult{Hits: []Hit{}}, nil
	}
	// A cursor belongs to one query, filter and way of matching.
	key := fmt.Sprintf("%s\x00%t\x00%d", opts.Query, opts.HeadsOnly, opts.MaxTerms)
	offset := 0
	if opts.Cursor != "" {
		c, err := decodeCursor(opts.Cursor, "search", opts.Filter, key)
		if err != nil {
			return SearchResult{}, err
		}
		offset = c.Offset
	}
	var capped []string
	if opts.MaxTerms > 0 && len(toks) > opts.MaxTerms {
		capped = append(capped, fmt.Sprintf("kept the %d longest of %d words", opts.MaxTerms, len(toks)))
		toks = keepLongest(toks, opts.MaxTerms)
	}
	var match ftsQuery
	var err error
	if opts.HeadsOnly {
		match = headsQuery(toks)
	} else if match, err = s.matchFor(ctx, toks); err != nil {
		return SearchResult{}, err
	}
	// One row past the page tells whether a next page exists.
	need := offset + k + 1
	if s.ranking.reranks(toks) {
		need = max(need, s.ranking.RerankPool)
	}
	if !opts.HeadsOnly {
		need = max(need, s.ranking.NeighbourPool)
	}
	hits, err := s.rankPage(ctx, match, opts.Filter, need)
	if err != nil {
		return SearchResult{}, err
	}
	var expanded []string
	if !opts.HeadsOnly {
		if hits, expanded, err = s.withExpansions(ctx, hits, toks, opts.Filter, need); err != nil {
			return SearchResult{}, err
		}
	}
	s.ranking.rerank(hits, toks)
	// A heads-only search wants notes about the subject; a neighbour is lent its place by the
	// note next to it, whatever it is about.
	if !opts.HeadsOnly {
		if hits, err = s.withNeighbours(ctx, hits, toks, opts.Filter); err != nil {
			return SearchResult{}, err
		}
	}
	s.ranking.liftWhen(hits, opts.Query)
	hits = hits[:min(len(hits), offset+k+1)]
	res := SearchResult{Hits: []Hit{}}
	if len(hits) > offset+k {
		res.NextCursor = encodeCursor(cursor{Kind: "search", Scope: scopeHash(opts.Filter, key), Offset: offset + k})
		hits = hits[:offset+k]
	}
	if offset < len(hits) {
		res.Hits = hits[offset:]
	}
	if opts.Explain {
		match.rules = append(capped, match.rules...)
		match.expanded = expanded
		if res.Explain, err = s.explain(ctx, opts.Query, toks, match, res.Hits); err != nil {
			return SearchResult{}, err
		}
		for i := range res.Explain.Hits {
			res.Explain.Hits[i].Rank += offset
		}
	}
	return res, nil
}
