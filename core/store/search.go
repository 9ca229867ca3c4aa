package store

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"unicode"

	"github.com/anamnesis-go/anamnesis/core/note"
)

// Column weights for bm25 over (id, title, body, tags): a word in the title says more about what
// a note is than the same word in its body, and a tag is a deliberate label. Tuned with the recall
// evaluation in eval_test.go.
const (
	weightTitle = 4.0
	weightBody  = 1.0
	weightTags  = 2.0
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
	match := MatchExpr(opts.Query)
	if match == "" {
		return SearchResult{Hits: []Hit{}}, nil
	}
	offset := 0
	if opts.Cursor != "" {
		c, err := decodeCursor(opts.Cursor, "search", opts.Filter, opts.Query)
		if err != nil {
			return SearchResult{}, err
		}
		offset = c.Offset
	}
	conds, args := opts.Filter.where([]string{"memories_fts MATCH ?", hiddenSuperseded}, []any{match})
	q := fmt.Sprintf(`SELECT %s, f.body, bm25(memories_fts, 0, %g, %g, %g) AS score
		FROM memories_fts f JOIN memories m ON m.id = f.id
		WHERE %s
		ORDER BY score, m.updated_at DESC, m.id DESC
		LIMIT %d OFFSET %d`, metaColumns, weightTitle, weightBody, weightTags, strings.Join(conds, " AND "), k+1, offset)
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return SearchResult{}, fmt.Errorf("search: %w", err)
	}
	defer rows.Close()
	res := SearchResult{Hits: make([]Hit, 0, k)}
	for rows.Next() {
		var h Hit
		var body string
		n, err := scanMeta(rows, &body, &h.Score)
		if err != nil {
			return SearchResult{}, fmt.Errorf("search: %w", err)
		}
		n.Body = body
		h.Note = n
		res.Hits = append(res.Hits, h)
	}
	if err := rows.Err(); err != nil {
		return SearchResult{}, fmt.Errorf("search: %w", err)
	}
	if len(res.Hits) > k {
		res.Hits = res.Hits[:k]
		res.NextCursor = encodeCursor(cursor{Kind: "search", Scope: scopeHash(opts.Filter, opts.Query), Offset: offset + k})
	}
	return res, nil
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
		if stopWords[w] {
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
	toks := Tokens(query)
	if len(toks) == 0 {
		return ""
	}
	for i, t := range toks {
		toks[i] = `"` + strings.ReplaceAll(t, `"`, `""`) + `"`
	}
	return strings.Join(toks, " OR ")
}

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
	if err != nil || c.Kind != kind || c.Offset < 0 {
		return cursor{}, fmt.Errorf("%w: cursor is not one this %s returned", note.ErrInvalid, kind)
	}
	if c.Scope != scopeHash(f, query) {
		return cursor{}, fmt.Errorf("%w: cursor belongs to a different %s (pass the same query and filters)", note.ErrInvalid, kind)
	}
	return c, nil
}
