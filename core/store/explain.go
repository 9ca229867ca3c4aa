package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

// Explain says why a search returned what it did: what became of the query's words, the rules
// that shaped the match, and for each hit which words matched in which fields and what each word
// added to its bm25 score. It is computed only when asked (SearchOptions.Explain), after the
// ranking, with a few small queries per hit, so plain searches pay nothing for it.
type Explain struct {
	// Terms are the words searched for, each with the FTS5 expression that matched it (its folded
	// forms OR-ed in).
	Terms []ExplainTerm `json:"terms"`
	// Dropped are the query's words not searched for: stop words, and past the term cap the
	// shortest words.
	Dropped []string `json:"dropped,omitempty"`
	// Rules are the ranking rules that applied to this query, in words.
	Rules []string `json:"rules"`
	Table string   `json:"table"` // the FTS5 table ranked on
	Match string   `json:"match"` // the MATCH expression, as run
	Hits  []HitWhy `json:"hits"`
}

// ExplainTerm is one searched word.
type ExplainTerm struct {
	Word string `json:"word"`
	Expr string `json:"expr"`
}

// HitWhy is one hit's explanation. Score is what it was ranked by (lower is better, as FTS5
// reports bm25): BM25 minus the rerank bonuses Coverage and Proximity (see rerank.go) and When. Each
// matched word's Score is that word's share of BM25, so the shares add up to BM25.
type HitWhy struct {
	ID        string  `json:"id"`
	Rank      int     `json:"rank"`
	Score     float64 `json:"score"`
	BM25      float64 `json:"bm25"`
	Coverage  float64 `json:"coverage_bonus,omitempty"`
	Proximity float64 `json:"proximity_bonus,omitempty"`
	// When is the lift of a note that says when, for a question asking when (see when.go).
	When float64 `json:"when_bonus,omitempty"`
	// Expansion is the part of Score from the other names of the query's concepts (see
	// lexicon.go), already weighted.
	Expansion float64 `json:"expansion_score,omitempty"`
	// Joint is the share of its other score a note that both matched and is a neighbour of a
	// better match adds (see Ranking.JointShare).
	Joint float64 `json:"joint_bonus,omitempty"`
	// ContextOf is the hit this note was written next to, when its score is the share that hit
	// lent it (an episodic neighbour, see neighbours.go).
	ContextOf string      `json:"context_of,omitempty"`
	Matched   []TermMatch `json:"matched"`
}

// TermMatch is one word found in a hit: the fields holding it and what it added to the score.
type TermMatch struct {
	Word   string   `json:"word"`
	Fields []string `json:"fields"`
	Score  float64  `json:"score"`
}

// explain builds the explanation of a page of hits ranked by match from terms.
func (s *Store) explain(ctx context.Context, query string, terms []term, match ftsQuery, hits []Hit) (*Explain, error) {
	ex := &Explain{Table: match.table, Match: match.match, Rules: append([]string(nil), match.rules...)}
	kept := map[string]bool{}
	for _, t := range terms {
		kept[t.word] = true
		expr := t.expr
		if e, ok := match.exprs[t.word]; ok {
			expr = e
		}
		ex.Terms = append(ex.Terms, ExplainTerm{Word: t.word, Expr: expr})
	}
	for _, t := range queryTerms(query, false) {
		if !kept[t.word] {
			ex.Dropped = append(ex.Dropped, t.word)
		}
	}
	w := s.ranking
	cols := []string{"title", "body", "tags", "alt"}
	weights := fmt.Sprintf("0, %g, %g, %g, %g", w.TitleWeight, w.BodyWeight, w.TagsWeight, w.AltWeight)
	if match.table == "anamnesis_heads" {
		cols = []string{"title", "tags"}
		weights = fmt.Sprintf("%g, %g", w.TitleWeight, w.TagsWeight)
	}
	ex.Rules = append(ex.Rules, fmt.Sprintf("bm25 over %s weighted %s; equal scores newest first",
		strings.Join(cols, ", "), strings.TrimPrefix(weights, "0, ")))
	if w.reranks(terms) {
		ex.Rules = append(ex.Rules, fmt.Sprintf("the best %d re-scored: minus %g x the share of the words held, "+
			"minus %g / the distance in words between the closest two", w.RerankPool, w.CoverageWeight, w.ProximityWeight))
	}
	if w.NeighbourPool > 0 {
		ex.Rules = append(ex.Rules, fmt.Sprintf("the best %d episodic hits lend %g x their score to the %d episodic notes "+
			"written just after them and %g x to the %d just before (same project and session, within %s)",
			w.NeighbourPool, w.NextShare, w.NeighbourReach, w.PrevShare, w.NeighbourReach, w.NeighbourGap))
		if w.UntitledShare > 0 {
			ex.Rules[len(ex.Rules)-1] += fmt.Sprintf("; %g x that to one whose title holds none of the words", w.UntitledShare)
		}
		if w.AskedShare > 0 {
			which := "one whose title holds"
			if w.AskedFirstOnly {
				which = "the very next one, if its title holds"
			}
			ex.Rules[len(ex.Rules)-1] += fmt.Sprintf("; %g x, not %g x, to %s a word, when the hit before it asks a question",
				w.AskedShare, w.NextShare, which)
		}
		if w.JointShare > 0 {
			ex.Rules[len(ex.Rules)-1] += fmt.Sprintf("; a neighbour that matched too keeps the better score plus %g x the other", w.JointShare)
		}
	}
	if len(match.expanded) > 0 {
		ex.Rules = append(ex.Rules, fmt.Sprintf("other names of the query's concepts searched apart, at %g x their bm25: %s",
			w.ExpansionWeight, strings.Join(match.expanded, ", ")))
	}
	if w.WhenWeight != 0 && asksWhen(query) {
		ex.Rules = append(ex.Rules, fmt.Sprintf("the question asks when: of the best %d, a note whose text says when "+
			"(yesterday, last week, 3 years ago, a weekday, a month, a year) minus %g", max(w.RerankPool, 1), w.WhenWeight))
	}
	t := match.table
	score := fmt.Sprintf("SELECT bm25(%s, %s) FROM %s WHERE %s MATCH ? AND rowid = ?", t, weights, t, t)
	rowid := "SELECT rowid FROM memories WHERE id = ?"
	for i, h := range hits {
		why := HitWhy{ID: h.ID, Rank: i + 1, Score: h.Score, BM25: h.Score + h.when - h.expanded, When: h.when,
			Joint: h.joint, Expansion: h.expanded}
		if h.reranked {
			why.BM25, why.Coverage, why.Proximity = h.bm25-h.expanded, h.coverage, h.proximity
		}
		if h.via != "" {
			why.ContextOf = h.via
			if !h.reranked { // it did not match: its whole score is the share lent
				why.BM25 = 0
			}
		}
		var rid int64
		if err := s.db.QueryRowContext(ctx, rowid, h.ID).Scan(&rid); err != nil {
			return nil, fmt.Errorf("explain %s: %w", h.ID, err)
		}
		for _, et := range ex.Terms {
			// A one-word query's bm25 is that word's term of the sum bm25 computes for the whole
			// query (same idf, same length normalisation), so it is the word's share.
			share, found, err := s.scoreOne(ctx, score, et.Expr, rid)
			if err != nil {
				return nil, err
			}
			if !found {
				continue
			}
			tm := TermMatch{Word: et.Word, Score: share}
			for _, c := range cols {
				_, in, err := s.scoreOne(ctx, score, "{"+c+"} : ("+et.Expr+")", rid)
				if err != nil {
					return nil, err
				}
				if in {
					tm.Fields = append(tm.Fields, c)
				}
			}
			why.Matched = append(why.Matched, tm)
		}
		ex.Hits = append(ex.Hits, why)
	}
	return ex, nil
}

// scoreOne is the bm25 score of one row against expr, and whether the row matches at all.
func (s *Store) scoreOne(ctx context.Context, q, expr string, rowid int64) (float64, bool, error) {
	var v float64
	err := s.db.QueryRowContext(ctx, q, expr, rowid).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("explain: %w", err)
	}
	return v, true, nil
}
