package store

import (
	"strings"
	"unicode"
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
		to too under until up very was we were what when where which while who whom why will with would you your
		yours yourself yourselves i'm it's don't let's get got use using used make made also us via`) {
		m[w] = true
	}
	return m
}()

// Tokens splits text into the words a query searches for: maximal runs of Unicode letters,
// digits and underscores, lower-cased, de-duplicated, stop words dropped (unless nothing else is
// left), at most maxTerms of them.
func Tokens(text string) []string { return tokens(text, true) }

// tokens is Tokens with stop words dropped or not.
func tokens(text string, dropStopWords bool) []string {
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

// ftsQuery is an FTS5 expression and the table it runs on. With tiers, the matches are ranked tier
// by tier: every match of the first expression before any of the second, and so on (the tiers
// are disjoint and together equal match).
type ftsQuery struct {
	table string // memories_fts or anamnesis_heads
	match string
	tiers []string
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
