package store

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"
)

// Ranking is how search scores matches: one per store, set through Options.Ranking, so the recall
// evaluation (eval_test.go) can compare settings on stores of its own.
type Ranking struct {
	// Column weights for bm25 over (title, body, tags): a word in the title says more about what a
	// note is than the same word in its body, and a tag is a deliberate label.
	TitleWeight, BodyWeight, TagsWeight float64
	// AltWeight weighs the folded forms (alt column, see fold.go): a match there is a match of the
	// same word in another spelling, or a CJK bigram.
	AltWeight float64
	// StopWords drops common English words from queries (see stopWords).
	StopWords bool
	// DynamicStopWords matches words common in a large store only in titles and tags (see
	// commonFloor).
	DynamicStopWords bool
	// RerankPool is how many of the best bm25 matches are re-scored (see rerank.go; 12 did as
	// well as 40 on the tuning sets, and each one more is a note body read per search): the share
	// of the query's words a note holds counts CoverageWeight (all of them: the full weight), and
	// the closest two of them ProximityWeight divided by their distance in words.
	RerankPool                      int
	CoverageWeight, ProximityWeight float64
	// NeighbourPool is how many of the best hits lend a share of their score to the episodic
	// notes written just after (NextShare) and just before (PrevShare) them in the same project,
	// at most NeighbourGap apart (see neighbours.go).
	NeighbourPool        int
	NextShare, PrevShare float64
	NeighbourGap         time.Duration
	// NeighbourReach is how many notes on each side are lent the share: the answer to a
	// question is often two turns on ("I finished a pottery project" - "Show me!" - the answer).
	NeighbourReach int
	// WhenWeight lifts the notes that say when something happened, for a question that asks
	// when (see when.go).
	WhenWeight float64
	// UntitledShare scales the share lent to a neighbour whose title holds none of the query's
	// words: the turn after a match is most often the other person's reply, and a question about
	// someone is answered by what they said (in LoCoMo 96% of the evidence of a question naming
	// one speaker is that speaker's), whose title, like the match's, carries their name.
	UntitledShare float64
	// JointShare is how much of its weaker score a note that is both a match and a neighbour adds
	// to its better one: a turn that shares the question's words and sits next to a strong match
	// is likelier the answer than a turn with only one of the two.
	JointShare float64
	// AskedShare replaces NextShare for a turn written just after a match that asks a question
	// (its text ends with "?") when the turn's title holds a word of the query: the person the
	// question names answering what they were asked. 1 lends the asking turn's whole score.
	AskedShare float64
	// AskedFirstOnly gives AskedShare only to the one note written first after the asking hit:
	// the reply. The note after that, two turns on, is the asker again, not the one asked.
	AskedFirstOnly bool
	// ExpansionWeight is what a match of another name of a concept the query names (see
	// lexicon.go) counts, as a share of a match of the query's own words; 0 turns it off.
	ExpansionWeight float64
}

// DefaultRanking is the shipped ranking, tuned with the recall evaluation.
func DefaultRanking() Ranking {
	return Ranking{TitleWeight: 3.0, BodyWeight: 1.0, TagsWeight: 1.5, AltWeight: 1.0, StopWords: true, DynamicStopWords: true,
		RerankPool: 12, CoverageWeight: 4, ProximityWeight: 1,
		NeighbourPool: 3, NextShare: 0.85, PrevShare: 0.5, NeighbourGap: 10 * time.Minute,
		NeighbourReach: 2, WhenWeight: 5, UntitledShare: 0.5, JointShare: 0.2, AskedShare: 1, AskedFirstOnly: true, ExpansionWeight: 0.3}
}

// Dynamic stop words: in a store of more than commonFloor notes, a word found in at least
// commonShare of them says little about any note (its idf is a fraction of a rare word's), yet
// ranking it makes bm25 score a large share of the store. Such words match only in titles and
// tags; a query made only of them is ranked on titles and tags alone (anamnesis_heads), whose
// posting lists are short, since an FTS5 column filter still walks the word's whole posting list. The frequency check stops counting at the threshold, so it reads
// only a prefix of a common word's posting list. The recall evaluation measures what this costs.
const (
	commonFloor = 1000
	commonShare = 10 // percent
)

// countMatches counts the notes an FTS5 expression matches, up to a limit (the common threshold).
// The limit is a parameter, not part of the text: the threshold moves with every tenth note
// written, and the statement cache keeps statements by their text.
const countMatches = "SELECT count(*) FROM (SELECT 1 FROM memories_fts WHERE memories_fts MATCH ? LIMIT ?)"

// matchFor builds the query for the tokens on this store.
func (s *Store) matchFor(ctx context.Context, toks []term) (ftsQuery, error) {
	full := ftsQuery{table: "memories_fts", match: joinTerms(toks, " OR ")}
	if !s.ranking.DynamicStopWords {
		return full, nil
	}
	// The counts below are kept while the index is unchanged (see termCountCache).
	stamp, keep := s.countStamp()
	count := func(key string, q func() (int64, error)) (int64, error) {
		if keep {
			if n, ok := s.termCounts.get(stamp, key); ok {
				return n, nil
			}
		}
		n, err := q()
		if err == nil && keep {
			s.termCounts.put(stamp, key, n)
		}
		return n, err
	}
	maxRow, err := count(maxRowKey, func() (n int64, err error) {
		err = s.queryRow(ctx, "SELECT COALESCE(MAX(rowid), 0) FROM memories").Scan(&n)
		return n, err
	})
	if err != nil {
		return ftsQuery{}, fmt.Errorf("search: %w", err)
	}
	if maxRow < commonFloor {
		return full, nil
	}
	threshold := maxRow * commonShare / 100
	terms := make([]string, len(toks))
	rare := 0
	for i, t := range toks {
		n, err := count(t.expr, func() (n int64, err error) {
			err = s.queryRow(ctx, countMatches, t.expr, threshold).Scan(&n)
			return n, err
		})
		if err != nil {
			return ftsQuery{}, fmt.Errorf("search: %w", err)
		}
		terms[i] = t.expr
		if n < threshold {
			rare++
		} else {
			terms[i] = "{title tags} : " + terms[i]
		}
	}
	switch rare {
	case len(toks):
		return full, nil
	case 0:
		q := headsQuery(toks)
		q.rules = append([]string{fmt.Sprintf("every word is in %d%%+ of the store's notes", commonShare)}, q.rules...)
		return q, nil
	}
	q := ftsQuery{table: "memories_fts", match: strings.Join(terms, " OR "), exprs: map[string]string{}}
	var common []string
	for i, t := range toks {
		q.exprs[t.word] = terms[i]
		if terms[i] != t.expr {
			common = append(common, t.word)
		}
	}
	q.rules = append(q.rules, fmt.Sprintf("in %d%%+ of the store's notes, so matched in titles and tags only: %s",
		commonShare, strings.Join(common, ", ")))
	return q, nil
}

// ranked is one scored match, before its note is read.
type ranked struct {
	rowid int64
	score float64
}

// rankPage returns the best need hits in order: bm25, then newest, then id. Ranking runs on the
// FTS table alone — bm25 must score every match before LIMIT applies, so nothing else may be done
// per match — and the rows that search hides or the filter excludes are computed once, as sets of
// rowids, instead of being joined to each match. The tie-breaks need the notes' timestamps: when
// the page ends inside a group of equal scores (common when ranking short titles), every row of
// that score is fetched by rowid with its timestamp and id only, and the newest win.
func (s *Store) rankPage(ctx context.Context, match ftsQuery, f Filter, need int) ([]Hit, error) {
	if len(match.words) > 0 {
		return s.rankTiers(ctx, match, f, need)
	}
	// Rows past the page show whether a group of equal scores straddles its end and, when the
	// group ends among them, hold all of it; only a longer group takes a second query.
	rs, err := s.rank(ctx, match, f, need+tieSlack, nil)
	if err != nil {
		return nil, err
	}
	rs, err = s.cut(ctx, rs, need, func(edge float64) ([]ranked, error) {
		if last := rs[len(rs)-1]; len(rs) < need+tieSlack || last.score != edge {
			var tied []ranked
			for _, r := range rs {
				if r.score == edge {
					tied = append(tied, r)
				}
			}
			return tied, nil
		}
		return s.rank(ctx, match, f, 0, &edge)
	})
	if err != nil {
		return nil, err
	}
	return s.hitsOf(ctx, rs)
}

// rankTiers ranks the matches holding two or more of match.words before the rest: the matches of
// "(a AND b) OR (a AND c) OR ...", then those of "(a OR b OR ...) NOT (that)", each by its bm25.
func (s *Store) rankTiers(ctx context.Context, match ftsQuery, f Filter, need int) ([]Hit, error) {
	var pairs []string
	for i, a := range match.words {
		for _, b := range match.words[i+1:] {
			pairs = append(pairs, "("+a+" AND "+b+")")
		}
	}
	two := strings.Join(pairs, " OR ")
	var hits []Hit
	for i, expr := range []string{two, "(" + match.match + ") NOT (" + two + ")"} {
		more, err := s.rankPage(ctx, ftsQuery{table: match.table, match: expr, fewMatches: i == 0}, f, need-len(hits))
		if err != nil {
			return nil, err
		}
		if hits = append(hits, more...); len(hits) >= need {
			break
		}
	}
	return hits, nil
}

// tieSlack is how many rows past the page rankPage reads: the bm25 sort keeps them at little cost,
// and a page ending in a tie (common when ranking short titles) then rarely runs the query again.
const tieSlack = 32

// cut returns the best need of rs, which is sorted best first and holds at least one row past the
// page when there are more. When the page ends inside a group of equal scores, tied gives every
// row of that score and the newest of them fill the page.
func (s *Store) cut(ctx context.Context, rs []ranked, need int, tied func(edge float64) ([]ranked, error)) ([]ranked, error) {
	if need <= 0 {
		return nil, nil
	}
	if len(rs) <= need || rs[need].score != rs[need-1].score {
		return rs[:min(need, len(rs))], nil
	}
	edge := rs[need-1].score
	keep := rs[:0:0]
	for _, r := range rs[:need] {
		if r.score != edge {
			keep = append(keep, r)
		}
	}
	group, err := tied(edge)
	if err != nil {
		return nil, err
	}
	if err := s.newestFirst(ctx, group); err != nil {
		return nil, err
	}
	return append(keep, group[:min(need-len(keep), len(group))]...), nil
}

// hitsOf reads the notes of ranked rows, in ranking order.
func (s *Store) hitsOf(ctx context.Context, rs []ranked) ([]Hit, error) {
	hits, err := s.fetchHits(ctx, rs)
	if err != nil {
		return nil, err
	}
	sortHits(hits)
	return hits, nil
}

// newestFirst orders rows of equal score by their notes' updated_at, then id, both descending.
func (s *Store) newestFirst(ctx context.Context, rs []ranked) error {
	type key struct{ updated, id string }
	keys := make(map[int64]key, len(rs))
	for start := 0; start < len(rs); start += 500 {
		part := rs[start:min(start+500, len(rs))]
		args := make([]any, len(part))
		for i, r := range part {
			args[i] = r.rowid
		}
		ph, args := inList(args)
		rows, err := s.query(ctx, `SELECT rowid, updated_at, id FROM memories WHERE rowid IN (`+ph+`)`, args...)
		if err != nil {
			return fmt.Errorf("search: %w", err)
		}
		for rows.Next() {
			var rowid int64
			var k key
			if err := rows.Scan(&rowid, &k.updated, &k.id); err != nil {
				rows.Close()
				return fmt.Errorf("search: %w", err)
			}
			keys[rowid] = k
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("search: %w", err)
		}
	}
	sort.SliceStable(rs, func(i, j int) bool {
		a, b := keys[rs[i].rowid], keys[rs[j].rowid]
		if a.updated != b.updated {
			return a.updated > b.updated
		}
		return a.id > b.id
	})
	return nil
}

// hiddenRows selects the rowids search never returns: notes superseded by a live note, and
// forgotten notes unless they were asked for.
func hiddenRows(includeDeleted bool) string {
	// Two indexed lookups rather than one OR, which would scan every row on every search.
	q := `SELECT m.rowid FROM memory_supersedes s JOIN memories sm ON sm.id = s.memory_id
		JOIN memories m ON m.id = s.superseded_id WHERE sm.status <> 'deleted'`
	if !includeDeleted {
		q += ` UNION ALL SELECT rowid FROM memories WHERE status = 'deleted'`
	}
	return q
}

// rank scores matches of an FTS5 query under the filter, best bm25 first: at most limit of them
// (SQLite reads a negative limit as none), or, with only set, every match of exactly that score
// (limit is then ignored).
func (s *Store) rank(ctx context.Context, fq ftsQuery, f Filter, limit int, only *float64) ([]ranked, error) {
	t := fq.table
	// The unary + keeps the rowid terms away from FTS5's query planning: offered "rowid IN (...)",
	// or a join on rowid, FTS5 takes it as an index and evaluates the MATCH once per listed rowid,
	// hundreds of times slower than one MATCH filtered afterwards.
	conds := []string{t + " MATCH ?", "+" + t + ".rowid NOT IN (" + hiddenRows(f.IncludeDeleted) + ")"}
	args := []any{fq.match}
	f.IncludeDeleted = true // hiddenRows has dealt with it
	if fc, fa := f.where(nil, nil); len(fc) > 0 {
		if fq.fewMatches {
			// Looked up per match, by rowid, instead: "rowid IN (SELECT ... WHERE filter)" makes
			// SQLite build a b-tree of every note the filter admits, afresh for each statement
			// (2,232 rows for a project and the global notes at 10,000 notes, all of them in a
			// store of one project). For the few matches of the pairs tier that is a quarter of
			// the statement: a prompt's pairs ranked in 3.8 ms with it, 2.8 ms without. For a
			// broad match the b-tree is the cheaper: a lookup per match costs more than a row of it.
			conds = append(conds, "EXISTS (SELECT 1 FROM memories m WHERE m.rowid = +"+t+".rowid AND "+strings.Join(fc, " AND ")+")")
		} else {
			conds = append(conds, "+"+t+".rowid IN (SELECT m.rowid FROM memories m WHERE "+strings.Join(fc, " AND ")+")")
		}
		args = append(args, fa...)
	}
	w := s.ranking
	weights := fmt.Sprintf("0, %g, %g, %g, %g", w.TitleWeight, w.BodyWeight, w.TagsWeight, w.AltWeight)
	if t == "anamnesis_heads" {
		weights = fmt.Sprintf("%g, %g", w.TitleWeight, w.TagsWeight)
	}
	q := fmt.Sprintf(`SELECT rowid, bm25(%s, %s) AS score FROM %s WHERE %s ORDER BY score LIMIT %d`,
		t, weights, t, strings.Join(conds, " AND "), limit)
	if only != nil {
		q = fmt.Sprintf(`SELECT rowid, score FROM (SELECT rowid, bm25(%s, %s) AS score FROM %s WHERE %s) WHERE score = ?`,
			t, weights, t, strings.Join(conds, " AND "))
		args = append(args, *only)
	}
	rows, err := s.query(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	defer rows.Close()
	var out []ranked
	for rows.Next() {
		var r ranked
		if err := rows.Scan(&r.rowid, &r.score); err != nil {
			return nil, fmt.Errorf("search: %w", err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	return out, nil
}

// fetchHits reads the notes (with bodies, from the index) of ranked rows.
func (s *Store) fetchHits(ctx context.Context, rs []ranked) ([]Hit, error) {
	if len(rs) == 0 {
		return nil, nil
	}
	args := make([]any, len(rs))
	score := make(map[int64]float64, len(rs))
	for i, r := range rs {
		args[i] = r.rowid
		score[r.rowid] = r.score
	}
	ph, args := inList(args)
	rows, err := s.query(ctx, `SELECT `+metaColumns+`, f.body, m.rowid
		FROM memories m JOIN memories_fts f ON f.rowid = m.rowid WHERE m.rowid IN (`+ph+`)`, args...)
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	defer rows.Close()
	hits := make([]Hit, 0, len(rs))
	for rows.Next() {
		var body string
		var rowid int64
		n, err := scanMeta(rows, &body, &rowid)
		if err != nil {
			return nil, fmt.Errorf("search: %w", err)
		}
		n.Body = body
		hits = append(hits, Hit{Note: n, Score: score[rowid], rowid: rowid})
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	return hits, nil
}

// sortHits puts hits in ranking order: best (lowest) score first, then the newer note, then the
// greater id, so that equal scores always come out in the same order.
func sortHits(hits []Hit) {
	sort.SliceStable(hits, func(i, j int) bool {
		a, b := hits[i], hits[j]
		if a.Score != b.Score {
			return a.Score < b.Score
		}
		if a.UpdatedAt != b.UpdatedAt {
			return a.UpdatedAt > b.UpdatedAt
		}
		return a.ID > b.ID
	})
}
