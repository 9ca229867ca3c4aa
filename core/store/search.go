package store

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"unicode"

	"github.com/anamnesis-go/anamnesis/core/note"
)

// Column weights for bm25 over (id, title, body, tags): a word in the title says more about what
// a note is than the same word in its body, and a tag is a deliberate label. Tuned with the recall
// evaluation in eval_test.go (variables only so that the evaluation can compare settings).
var (
	weightTitle = 3.0
	weightBody  = 1.0
	weightTags  = 1.5
)

// MaxK bounds one page of search results.
const MaxK = 100

// maxTerms caps the OR terms of one query: bm25 scores every match of every term before LIMIT
// applies, so cost grows with the total posting-list length. Long prompts keep their rarest words.
const maxTerms = 12

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
}

// Hit is one search result: the note with its body, and its bm25 score (lower is better).
type Hit struct {
	*note.Note
	Score float64 `json:"score"`
}

// SearchResult is a page of hits.
type SearchResult struct {
	Hits       []Hit  `json:"results"`
	NextCursor string `json:"next_cursor,omitempty"`
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
	toks := Tokens(opts.Query)
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
	if opts.MaxTerms > 0 && len(toks) > opts.MaxTerms {
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
	hits, err := s.rankPage(ctx, match, opts.Filter, offset+k+1)
	if err != nil {
		return SearchResult{}, err
	}
	res := SearchResult{Hits: []Hit{}}
	if len(hits) > offset+k {
		res.NextCursor = encodeCursor(cursor{Kind: "search", Scope: scopeHash(opts.Filter, key), Offset: offset + k})
		hits = hits[:offset+k]
	}
	if offset < len(hits) {
		res.Hits = hits[offset:]
	}
	return res, nil
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

// dynamicStopWords is a variable only so that the recall evaluation can compare with and without.
var dynamicStopWords = true

// ftsQuery is an FTS5 expression and the table it runs on. With tiers, the matches are ranked tier
// by tier: every match of the first expression before any of the second, and so on (the tiers
// are disjoint and together equal match).
type ftsQuery struct {
	table string // memories_fts or anamnesis_heads
	match string
	tiers []string
}

// matchFor builds the query for the tokens on this store.
func (s *Store) matchFor(ctx context.Context, toks []string) (ftsQuery, error) {
	full := ftsQuery{table: "memories_fts", match: joinTerms(toks, " OR ")}
	if !dynamicStopWords {
		return full, nil
	}
	var maxRow int64
	if err := s.db.QueryRowContext(ctx, "SELECT COALESCE(MAX(rowid), 0) FROM memories").Scan(&maxRow); err != nil {
		return ftsQuery{}, fmt.Errorf("search: %w", err)
	}
	if maxRow < commonFloor {
		return full, nil
	}
	threshold := maxRow * commonShare / 100
	terms := make([]string, len(toks))
	rare := 0
	for i, t := range toks {
		var n int64
		err := s.db.QueryRowContext(ctx, fmt.Sprintf(
			"SELECT count(*) FROM (SELECT 1 FROM memories_fts WHERE memories_fts MATCH ? LIMIT %d)", threshold),
			joinTerms([]string{t}, "")).Scan(&n)
		if err != nil {
			return ftsQuery{}, fmt.Errorf("search: %w", err)
		}
		terms[i] = joinTerms([]string{t}, "")
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
		return headsQuery(toks), nil
	}
	return ftsQuery{table: "memories_fts", match: strings.Join(terms, " OR ")}, nil
}

// headsQuery ranks on titles and tags. With three or more words, titles and tags holding two of
// them come first: bm25's length normalization cannot lift a one-word match in a short title over
// a two-word match in a long one, so the order barely changes, while only the notes naming two of
// the words are scored when they fill the page — on a large store a common word's matches run to
// thousands.
func headsQuery(toks []string) ftsQuery {
	q := ftsQuery{table: "anamnesis_heads", match: joinTerms(toks, " OR ")}
	if len(toks) < 3 {
		return q
	}
	var pairs []string
	for i := range toks {
		for j := i + 1; j < len(toks); j++ {
			pairs = append(pairs, "("+joinTerms([]string{toks[i], toks[j]}, " AND ")+")")
		}
	}
	two := strings.Join(pairs, " OR ")
	q.tiers = []string{two, "(" + q.match + ") NOT (" + two + ")"}
	return q
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
	if len(match.tiers) > 0 {
		var hits []Hit
		for _, expr := range match.tiers {
			more, err := s.rankPage(ctx, ftsQuery{table: match.table, match: expr}, f, need-len(hits))
			if err != nil {
				return nil, err
			}
			if hits = append(hits, more...); len(hits) >= need {
				break
			}
		}
		return hits, nil
	}
	// One row past the page shows whether a group of equal scores straddles its end.
	rs, err := s.rank(ctx, match, f, need+1, nil)
	if err != nil {
		return nil, err
	}
	if len(rs) <= need || rs[need].score != rs[need-1].score {
		rs = rs[:min(need, len(rs))]
	} else {
		edge := rs[need-1].score
		keep := rs[:0:0]
		for _, r := range rs {
			if r.score != edge {
				keep = append(keep, r)
			}
		}
		tied, err := s.rank(ctx, match, f, 0, &edge)
		if err != nil {
			return nil, err
		}
		if err := s.newestFirst(ctx, tied); err != nil {
			return nil, err
		}
		rs = append(keep, tied[:min(need-len(keep), len(tied))]...)
	}
	hits, err := s.fetchHits(ctx, rs)
	if err != nil {
		return nil, err
	}
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
		rows, err := s.db.QueryContext(ctx, `SELECT rowid, updated_at, id FROM memories WHERE rowid IN (`+
			strings.TrimSuffix(strings.Repeat("?,", len(part)), ",")+`)`, args...)
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

// rank scores matches of an FTS5 query under the filter, best bm25 first: at most limit of them,
// or, with only set, every match of exactly that score (limit is then ignored).
func (s *Store) rank(ctx context.Context, fq ftsQuery, f Filter, limit int, only *float64) ([]ranked, error) {
	t := fq.table
	// The unary + keeps the rowid terms away from FTS5's query planning: offered "rowid IN (...)",
	// FTS5 takes it as an index and evaluates the MATCH once per listed rowid, hundreds of times
	// slower than one MATCH filtered afterwards.
	conds := []string{t + " MATCH ?", "+" + t + ".rowid NOT IN (" + hiddenRows(f.IncludeDeleted) + ")"}
	args := []any{fq.match}
	f.IncludeDeleted = true // hiddenRows has dealt with it
	if fc, fa := f.where(nil, nil); len(fc) > 0 {
		conds = append(conds, "+"+t+".rowid IN (SELECT m.rowid FROM memories m WHERE "+strings.Join(fc, " AND ")+")")
		args = append(args, fa...)
	}
	weights := fmt.Sprintf("0, %g, %g, %g", weightTitle, weightBody, weightTags)
	if t == "anamnesis_heads" {
		weights = fmt.Sprintf("%g, %g", weightTitle, weightTags)
	}
	q := fmt.Sprintf(`SELECT rowid, bm25(%s, %s) AS score FROM %s WHERE %s ORDER BY score LIMIT %d`,
		t, weights, t, strings.Join(conds, " AND "), limit)
	if only != nil {
		q = fmt.Sprintf(`SELECT rowid, score FROM (SELECT rowid, bm25(%s, %s) AS score FROM %s WHERE %s) WHERE score = ?`,
			t, weights, t, strings.Join(conds, " AND "))
		args = append(args, *only)
	}
	rows, err := s.db.QueryContext(ctx, q, args...)
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
	ph := strings.TrimSuffix(strings.Repeat("?,", len(rs)), ",")
	args := make([]any, len(rs))
	score := make(map[int64]float64, len(rs))
	for i, r := range rs {
		args[i] = r.rowid
		score[r.rowid] = r.score
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+metaColumns+`, f.body, m.rowid
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
		hits = append(hits, Hit{Note: n, Score: score[rowid]})
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	return hits, nil
}

// stopWords are dropped from queries: they match nearly every note, add nothing to the ranking
// and cost the most to score. A query made only of stop words keeps them.
var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a about above after again against all am an and any are as at be because been
		before being below between both but by can could did do does doing down during each few for from further
		had has have having he her here hers herself him himself his how i if in into is it its itself just me
		more most my myself no nor not now of off on once only or other our ours ourselves out over own same she
		should so some such than that the their theirs them themselves then there these they this those through
		to too under until up very was we were what when where which while who whom why will with would you your
		yours yourself yourselves i'm it's don't let's get got use using used make made also us via`) {
		m[w] = true
	}
	return m
}()

// dropStopWords is a variable only so that the recall evaluation can compare with and without.
var dropStopWords = true

// Tokens splits text into the words a query searches for: maximal runs of Unicode letters,
// digits and underscores, lower-cased, de-duplicated, stop words dropped (unless nothing else is
// left), at most maxTerms of them.
func Tokens(text string) []string {
	words := strings.FieldsFunc(text, func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || unicode.Is(unicode.Mn, r))
	})
	seen := make(map[string]bool, len(words))
	var kept, stops []string
	for _, w := range words {
		w = strings.ToLower(w)
		if seen[w] {
			continue
		}
		seen[w] = true
		if dropStopWords && stopWords[w] {
			stops = append(stops, w)
		} else {
			kept = append(kept, w)
		}
	}
	if len(kept) == 0 {
		kept = stops
	}
	if len(kept) > maxTerms {
		kept = keepLongest(kept, maxTerms)
	}
	return kept
}

// keepLongest keeps the n longest words, in their original order: in a long prompt the long words
// are the specific ones (identifiers, names), and they are the cheap ones to score.
func keepLongest(words []string, n int) []string {
	if n >= len(words) {
		return words
	}
	idx := make([]int, len(words))
	for i := range idx {
		idx[i] = i
	}
	// Stable selection by length, ties to the earlier word.
	for i := 0; i < n; i++ {
		best := i
		for j := i + 1; j < len(idx); j++ {
			if len(words[idx[j]]) > len(words[idx[best]]) {
				best = j
			}
		}
		idx[i], idx[best] = idx[best], idx[i]
	}
	keep := make(map[int]bool, n)
	for _, i := range idx[:n] {
		keep[i] = true
	}
	out := make([]string, 0, n)
	for i, w := range words {
		if keep[i] {
			out = append(out, w)
		}
	}
	return out
}

// MatchExpr builds the FTS5 MATCH expression for a user query: every token double-quoted (so no
// user text is ever FTS5 syntax) and OR-ed. An empty result means the query has no words.
func MatchExpr(query string) string {
	return joinTerms(Tokens(query), " OR ")
}

// joinTerms quotes each token as an FTS5 string and joins them with op.
func joinTerms(toks []string, op string) string {
	q := make([]string, len(toks))
	for i, t := range toks {
		q[i] = `"` + strings.ReplaceAll(t, `"`, `""`) + `"`
	}
	return strings.Join(q, op)
}

// maxOffset bounds how deep search pages go; a cursor beyond it is not one Search made (and its
// arithmetic would overflow).
const maxOffset = 1_000_000

// cursor is the decoded form of an opaque page cursor.
type cursor struct {
	Kind      string `json:"k"`
	Scope     string `json:"s"` // hash of the query and filters the cursor belongs to
	Offset    int    `json:"o,omitempty"`
	UpdatedAt string `json:"u,omitempty"`
	ID        string `json:"i,omitempty"`
}

func scopeHash(f Filter, query string) string {
	b, _ := json.Marshal([]any{f, query})
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:6])
}

func encodeCursor(c cursor) string {
	b, _ := json.Marshal(c)
	return base64.RawURLEncoding.EncodeToString(b)
}

func decodeCursor(s, kind string, f Filter, query string) (cursor, error) {
	var c cursor
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err == nil {
		err = json.Unmarshal(b, &c)
	}
	if err != nil || c.Kind != kind || c.Offset < 0 || c.Offset > maxOffset {
		return cursor{}, fmt.Errorf("%w: cursor is not one this %s returned", note.ErrInvalid, kind)
	}
	if c.Scope != scopeHash(f, query) {
		return cursor{}, fmt.Errorf("%w: cursor belongs to a different %s (pass the same query and filters)", note.ErrInvalid, kind)
	}
	return c, nil
}
