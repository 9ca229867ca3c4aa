package store

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/note"

	"github.com/anamnesis-go/anamnesis/core/internal/vecmath"
)

// Fusion is how hybrid search merges the lexical and the vector ranking: reciprocal rank fusion,
// each list contributing weight / (K + rank) for a note at 1-based rank in it. RRF needs no
// calibration between bm25 scores and cosines, which live on unrelated scales.
type Fusion struct {
	K         float64 // damping: larger flattens the advantage of the very top ranks
	LexWeight float64
	VecWeight float64
	// Depth is how many notes each list contributes (at least the page asked for).
	Depth int
}

// DefaultFusion is the shipped fusion, chosen on LoCoMo conversations 0-4 (and reported on 5-9,
// see README): a small K keeps bm25's top ranks decisive, and vectors weigh less than bm25,
// because a static model's vectors are weaker than exact matches on names, numbers and
// identifiers; they mostly lift a note that bm25 ranked just below the page.
func DefaultFusion() Fusion { return Fusion{K: 10, LexWeight: 1, VecWeight: 0.3, Depth: 20} }

// HybridOptions is a hybrid search: a lexical search plus the query's vector under a model.
type HybridOptions struct {
	SearchOptions
	Model  string
	Vector []float32 // the query embedded by the model, unit length
	Fusion Fusion    // zero means DefaultFusion
}

// HybridHit is a hit with the ranks fusion saw, for --explain.
type HybridHit struct {
	Hit
	LexRank int     `json:"lex_rank,omitempty"` // 0: not in the lexical list
	VecRank int     `json:"vec_rank,omitempty"` // 0: not in the vector list
	Cosine  float32 `json:"cosine,omitempty"`
	Fused   float64 `json:"fused"`
}

// HybridResult is a page of fused hits.
type HybridResult struct {
	Hits       []HybridHit `json:"results"`
	NextCursor string      `json:"next_cursor,omitempty"`
	// Vectors is how many notes had a vector under the model; 0 means the ranking was lexical.
	Vectors int `json:"vectors"`
}

// HybridSearch ranks live notes by fusing the lexical ranking (Search's own) with the cosine of
// their vectors to the query's. Notes without a vector take part through the lexical list only,
// so a store being embedded still finds everything. Pages go as deep as the fused lists do.
func (s *Store) HybridSearch(ctx context.Context, o HybridOptions) (HybridResult, error) {
	if err := o.Validate(); err != nil {
		return HybridResult{}, err
	}
	fu := o.Fusion
	if fu == (Fusion{}) {
		fu = DefaultFusion()
	}
	k := o.K
	if k == 0 {
		k = 8
	}
	if k < 1 || k > MaxK {
		return HybridResult{}, fmt.Errorf("%w: k must be between 1 and %d, got %d", note.ErrInvalid, MaxK, k)
	}
	key := fmt.Sprintf("%s\x00%t\x00%d\x00%s", o.Query, o.HeadsOnly, o.MaxTerms, o.Model)
	offset := 0
	if o.Cursor != "" {
		c, err := decodeCursor(o.Cursor, "hybrid", o.Filter, key)
		if err != nil {
			return HybridResult{}, err
		}
		offset = c.Offset
	}
	depth := min(max(fu.Depth, offset+k+1), MaxK)

	// The two rankings run side by side, on two connections: the vector side (cosines, then the
	// filter) costs about what bm25 does, so the search takes the longer of them, not the sum.
	type vecResult struct {
		hits    []vecHit
		vectors int
		err     error
	}
	vch := make(chan vecResult, 1)
	go func() {
		hits, n, err := s.vectorRanking(ctx, o, depth)
		vch <- vecResult{hits, n, err}
	}()
	lexOpts := o.SearchOptions
	lexOpts.K, lexOpts.Cursor = depth, ""
	lex, lerr := s.Search(ctx, lexOpts)
	vr := <-vch
	if lerr != nil {
		return HybridResult{}, lerr
	}
	if vr.err != nil {
		return HybridResult{}, vr.err
	}
	vec, vectors := vr.hits, vr.vectors

	type cand struct {
		hit            *Hit
		rowid          int64
		lexRank, vRank int
		cos            float32
		fused          float64
	}
	byID := map[string]*cand{}
	var order []*cand
	for i := range lex.Hits {
		c := &cand{hit: &lex.Hits[i], lexRank: i + 1, fused: fu.LexWeight / (fu.K + float64(i+1))}
		byID[c.hit.ID] = c
		order = append(order, c)
	}
	for i, v := range vec {
		c := byID[v.id]
		if c == nil {
			c = &cand{rowid: v.rowid}
			byID[v.id] = c
			order = append(order, c)
		}
		c.vRank, c.cos = i+1, v.cos
		c.fused += fu.VecWeight / (fu.K + float64(i+1))
	}
	// Best fused first; equal sums (a note first in one list only, another first in the other)
	// keep the lexical order, then the vector order, as they were appended.
	sort.SliceStable(order, func(i, j int) bool { return order[i].fused > order[j].fused })

	res := HybridResult{Hits: []HybridHit{}, Vectors: vectors}
	if len(order) > offset+k {
		if offset+k < depth {
			res.NextCursor = encodeCursor(cursor{Kind: "hybrid", Scope: scopeHash(o.Filter, key), Offset: offset + k})
		}
		order = order[:offset+k]
	}
	if offset >= len(order) {
		return res, nil
	}
	page := order[offset:]
	// Notes found by their vector alone are read now, for the page only.
	var need []ranked
	for _, c := range page {
		if c.hit == nil {
			need = append(need, ranked{rowid: c.rowid})
		}
	}
	if len(need) > 0 {
		hits, err := s.fetchHits(ctx, need)
		if err != nil {
			return HybridResult{}, err
		}
		for i := range hits {
			if c := byID[hits[i].ID]; c != nil {
				c.hit = &hits[i]
			}
		}
	}
	for _, c := range page {
		if c.hit == nil {
			continue // deleted between the ranking and the read
		}
		h := *c.hit
		// Lower is better, as for bm25: a fused score is negated.
		h.Score = -c.fused
		res.Hits = append(res.Hits, HybridHit{Hit: h, LexRank: c.lexRank, VecRank: c.vRank, Cosine: c.cos, Fused: c.fused})
	}
	return res, nil
}

// vecHit is one note of the vector ranking.
type vecHit struct {
	id    string
	rowid int64
	cos   float32
}

// vectorRanking returns the depth notes nearest the query among those the filter admits and
// search shows, best first, and how many vectors the model has.
func (s *Store) vectorRanking(ctx context.Context, o HybridOptions, depth int) ([]vecHit, int, error) {
	if o.Model == "" || len(o.Vector) == 0 {
		return nil, 0, nil
	}
	ids, mat, dim, err := s.loadedVectors(ctx, o.Model)
	if err != nil || len(ids) == 0 {
		return nil, 0, err
	}
	if vecmath.Dot(o.Vector, o.Vector) == 0 {
		// A query with no word the model knows: every cosine is 0, and would rank at random.
		return nil, len(ids), nil
	}
	if dim != len(o.Vector) {
		return nil, 0, fmt.Errorf("search: the query vector has %d numbers, the stored vectors %d: run `anamnesis embed --full`", len(o.Vector), dim)
	}
	// The best few are checked against the filter and hidden notes in one query, which settles
	// most searches; a narrow filter (one project of many) that admits too few of them
	// has its whole admitted set read once, and every vector ranked.
	var out []vecHit
	first := nearest(o.Vector, mat, dim, 2*depth)
	cands := make([]string, len(first))
	for i, sc := range first {
		cands[i] = ids[sc.idx]
	}
	ok, err := s.admitted(ctx, o.Filter, cands)
	if err != nil {
		return nil, 0, err
	}
	rest := first
	if len(ok) < depth && len(first) < len(ids) {
		if ok, err = s.admitted(ctx, o.Filter, nil); err != nil {
			return nil, 0, err
		}
		rest = nearest(o.Vector, mat, dim, 0)
	}
	for _, sc := range rest {
		if rowid, yes := ok[ids[sc.idx]]; yes {
			out = append(out, vecHit{id: ids[sc.idx], rowid: rowid, cos: sc.score})
			if len(out) == depth {
				break
			}
		}
	}
	return out, len(ids), nil
}

// admitted returns, of the ids (nil: of all notes), those search may show under the filter, with
// their rowids.
func (s *Store) admitted(ctx context.Context, f Filter, ids []string) (map[string]int64, error) {
	conds := []string{"m.rowid NOT IN (" + hiddenRows(f.IncludeDeleted) + ")"}
	var args []any
	if ids != nil {
		vals := make([]any, len(ids))
		for i, id := range ids {
			vals[i] = id
		}
		var ph string
		ph, args = inList(vals)
		conds = append(conds, "m.id IN ("+ph+")")
	}
	f.IncludeDeleted = true // hiddenRows has dealt with it
	conds, args = f.where(conds, args)
	rows, err := s.query(ctx, `SELECT m.id, m.rowid FROM memories m WHERE `+strings.Join(conds, " AND "), args...)
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	defer rows.Close()
	out := make(map[string]int64, len(ids))
	for rows.Next() {
		var id string
		var rowid int64
		if err := rows.Scan(&id, &rowid); err != nil {
			return nil, fmt.Errorf("search: %w", err)
		}
		out[id] = rowid
	}
	return out, rows.Err()
}

// sortScores orders best cosine first, then by position (stable across runs).
func sortScores(v []vecScore) {
	slices.SortFunc(v, func(a, b vecScore) int {
		switch {
		case a.score > b.score:
			return -1
		case a.score < b.score:
			return 1
		}
		return a.idx - b.idx
	})
}
