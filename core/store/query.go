package store

import (
	"strings"
)

// maxTerms caps the OR terms of one query: bm25 scores every match of every term before LIMIT
// applies, so cost grows with the total posting-list length. Long prompts keep their rarest words.
const maxTerms = 12

// stopWords are dropped from queries: they match nearly every note, add nothing to the ranking
// and cost the most to score. A query made only of stop words keeps them.
var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a about above after again against all am an and any are as at be because been
		before being below between both but by can could did do does doing down during each few for from further
		had has have having he her here hers herself him himself his how i if in into is it its itself just me
		more most my myself no nor not now of off on once only or other our ours ourselves out over own same she
		should so some such than that the their theirs them themselves then there these they this those through
		to too under until up very was we were what when where which while who whom will with would you your
		yours yourself yourselves i'm it's don't let's get got use using used make made also us via`) {
		m[w] = true
	}
	return m
}()

// Tokens splits text into the words a query searches for: runs of Unicode letters, digits,
// underscores and inner hyphens, lower-cased, a possessive "'s" dropped, de-duplicated, stop
// words dropped (unless nothing else is left), at most maxTerms of them.
func Tokens(text string) []string {
	terms := queryTerms(text, true)
	out := make([]string, len(terms))
	for i, t := range terms {
		out[i] = t.word
	}
	return out
}

// term is one query word and the FTS5 expression that finds it: the word quoted, OR-ed with its
// folded forms (see fold.go) when it has any.
type term struct {
	word string // lower-cased, for de-duplication, the term cap and --explain
	expr string // FTS5 syntax; user text only ever inside double quotes
}

// isQueryRune is what a query word is made of: word runes plus apostrophes, so that "don't" is a
// stop word and "Caroline's" the name, not "caroline" and a stray "s".
func isQueryRune(r rune) bool { return isWordRune(r) || r == '\'' || r == '’' }

// queryTerms is Tokens with each word's FTS5 expression, stop words dropped or not.
func queryTerms(text string, dropStopWords bool) []term {
	words := strings.FieldsFunc(text, func(r rune) bool { return !isQueryRune(r) })
	seen := make(map[string]bool, len(words))
	var kept, stops []term
	for _, raw := range words {
		raw = strings.ReplaceAll(raw, "’", "'")
		raw = strings.Trim(raw, "'-_")
		if s, ok := strings.CutSuffix(raw, "'s"); ok {
			raw = s
		} else if s, ok := strings.CutSuffix(raw, "'S"); ok {
			raw = s
		}
		if raw == "" {
			continue
		}
		w := strings.ToLower(raw)
		if seen[w] {
			continue
		}
		seen[w] = true
		t := term{word: w, expr: termExpr(raw)}
		// "may" in lower case is the verb; "May" (capitalised, or a shouted query) the month.
		stop := stopWords[w] || raw == "may"
		if dropStopWords && stop {
			stops = append(stops, t)
		} else {
			kept = append(kept, t)
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

// termExpr is the FTS5 expression of one query word (original case, for camelCase splits).
func termExpr(raw string) string {
	if hasCJK(raw) {
		// A CJK run is one unicode61 token in the note text, so a shorter query word would never
		// match it there: search the bigrams the indexer wrote into alt (and the word itself, for a
		// note holding exactly this run).
		alts := []string{quote(strings.ToLower(raw))}
		for _, run := range cjkRuns(raw) {
			for _, b := range cjkBigrams(run, nil) {
				alts = append(alts, quote(b))
			}
		}
		for _, w := range strings.FieldsFunc(raw, func(r rune) bool { return isCJK(r) || !isWordRune(r) }) {
			alts = append(alts, quote(strings.ToLower(w)))
		}
		return orGroup(alts)
	}
	alts := []string{quote(strings.ToLower(raw))}
	for _, f := range wordForms(raw) {
		alts = append(alts, quote(f))
	}
	// A compound's parts alone too, so "low-overlap" still finds "the overlap is low" (OR-style
	// recall; the note with the whole phrase scores higher, matching more of the group).
	if parts := strings.FieldsFunc(raw, func(r rune) bool { return r == '-' || r == '_' }); len(parts) > 1 {
		for _, p := range parts {
			if lp := strings.ToLower(p); !stopWords[lp] {
				alts = append(alts, quote(lp))
			}
		}
	}
	return orGroup(alts)
}

// orGroup ORs alternatives, parenthesised when there is more than one.
func orGroup(alts []string) string {
	seen := map[string]bool{}
	uniq := alts[:0]
	for _, a := range alts {
		if !seen[a] {
			seen[a] = true
			uniq = append(uniq, a)
		}
	}
	if len(uniq) == 1 {
		return uniq[0]
	}
	return "(" + strings.Join(uniq, " OR ") + ")"
}

// quote makes s one FTS5 string: whatever it holds, FTS5 reads it as text to tokenize, never as
// syntax.
func quote(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// keepLongest keeps the n longest words, in their original order: in a long prompt the long words
// are the specific ones (identifiers, names), and they are the cheap ones to score.
func keepLongest[T any](words []T, n int) []T {
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
			if wordLen(words[idx[j]]) > wordLen(words[idx[best]]) {
				best = j
			}
		}
		idx[i], idx[best] = idx[best], idx[i]
	}
	keep := make(map[int]bool, n)
	for _, i := range idx[:n] {
		keep[i] = true
	}
	out := make([]T, 0, n)
	for i, w := range words {
		if keep[i] {
			out = append(out, w)
		}
	}
	return out
}

// wordLen is the length keepLongest compares: of a word, or of a term's word.
func wordLen(v any) int {
	switch w := v.(type) {
	case string:
		return len(w)
	case term:
		return len(w.word)
	}
	return 0
}

// MatchExpr builds the FTS5 MATCH expression for a user query: every word double-quoted (so no
// user text is ever FTS5 syntax), with its folded forms, and OR-ed. An empty result means the
// query has no words.
func MatchExpr(query string) string {
	return joinTerms(queryTerms(query, true), " OR ")
}

// joinTerms joins the terms' expressions with op.
func joinTerms(ts []term, op string) string {
	q := make([]string, len(ts))
	for i, t := range ts {
		q[i] = t.expr
	}
	return strings.Join(q, op)
}

// ftsQuery is an FTS5 expression and the table it runs on. With words (the expressions match is
// the OR of), the matches holding two or more of them are ranked before the rest (see rankTiers).
type ftsQuery struct {
	table string // memories_fts or anamnesis_heads
	match string
	words []string
	// rules says in words what was done to the query, and exprs is each term's expression as
	// matched (a common word restricted to titles and tags), for --explain.
	rules []string
	exprs map[string]string
	// expanded are the other names of the query's concepts searched at a lower weight.
	expanded []string
	// fewMatches marks an expression that matches few notes (the pairs tier: two of the words in
	// a title or tags), so that rank filters its matches one by one (see rank).
	fewMatches bool
}

// headsQuery ranks on titles and tags. With three or more words, titles and tags holding two of
// them come first: bm25's length normalization cannot lift a one-word match in a short title over
// a two-word match in a long one.
func headsQuery(toks []term) ftsQuery {
	q := ftsQuery{table: "anamnesis_heads", match: joinTerms(toks, " OR "),
		rules: []string{"ranked on titles and tags alone"}}
	if len(toks) < 3 {
		return q
	}
	for _, t := range toks {
		q.words = append(q.words, t.expr)
	}
	q.rules = append(q.rules, "notes naming two of the words first")
	return q
}
