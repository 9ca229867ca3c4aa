package store

import (
	"math"
	"sort"
	"strings"
	"unicode"
)

// Reranking: FTS5's bm25 adds up each word's score independently, so a note holding one rare
// query word twice can outrank a note holding three of the query's words side by side, and it
// knows nothing of how close the words are. The best Ranking.RerankPool matches by bm25 are
// re-scored in Go with what bm25 lacks: how much of the query a note covers, and how close two
// of its words come. (A bonus for long notes, which FTS5's fixed b = 0.75 penalises, helped
// LoCoMo's one-line dialog turns and hurt developer notes; it is not shipped.)

// lightStem folds a word to a key shared by its inflections, for comparing query words with a
// note's words in Go (recall stays FTS5's porter; this only scores).
func lightStem(w string) string {
	if b := irregular[w]; b != "" {
		w = b
	}
	if a := american(w); a != "" {
		w = a
	}
	// The plural first, then one verb or adverb ending: writers -> writer -> writ, failing -> fail.
	if s, ok := strings.CutSuffix(w, "s"); ok && len(s) >= 3 && !strings.HasSuffix(s, "s") {
		w = s
	}
	for _, suf := range []string{"ing", "ed", "e", "ly", "er"} {
		if s, ok := strings.CutSuffix(w, suf); ok && len(s) >= 3 {
			return s
		}
	}
	return w
}

// reranks reports whether a search for toks is reranked.
func (r Ranking) reranks(toks []term) bool {
	return r.RerankPool > 1 && len(toks) >= 2 && (r.CoverageWeight != 0 || r.ProximityWeight != 0)
}

// rerank reorders the first RerankPool hits by bm25 minus the coverage and proximity bonuses
// (lower is better, as bm25); hits past the pool keep bm25 order, so every page of a search sees
// the same order. A hit's Score becomes the combined score.
func (r Ranking) rerank(hits []Hit, toks []term) {
	if !r.reranks(toks) || len(hits) < 2 {
		return
	}
	n := min(r.RerankPool, len(hits))
	m := newQueryMatcher(toks)
	type scored struct {
		h Hit
		s float64
	}
	ss := make([]scored, n)
	for i := 0; i < n; i++ {
		h := hits[i]
		cov, prox, _ := m.score(h)
		h.bm25, h.coverage, h.proximity, h.reranked = h.Score, r.CoverageWeight*cov, r.ProximityWeight*prox, true
		ss[i] = scored{h, h.Score - h.coverage - h.proximity}
	}
	sort.SliceStable(ss, func(i, j int) bool { return ss[i].s < ss[j].s })
	for i := range ss {
		hits[i] = ss[i].h
		hits[i].Score = ss[i].s
	}
}

// queryMatcher finds a query's words in a note's text, by their light stems.
type queryMatcher struct {
	q     map[string]int // stem -> term index
	heads map[string]bool
	n     int
}

func newQueryMatcher(toks []term) queryMatcher {
	m := queryMatcher{q: map[string]int{}, heads: map[string]bool{}, n: len(toks)}
	// A note word is stemmed only when its first two letters could start a query word (or one of
	// its irregular forms): most words of a note cannot, and stemming every one costs more than
	// the ranking query.
	for i, t := range toks {
		for _, w := range strings.FieldsFunc(t.word, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
			st := lightStem(w)
			m.q[st] = i
			m.heads[head2(w)], m.heads[head2(st)] = true, true
			for _, f := range irregularForms[st] {
				m.heads[head2(f)] = true
			}
		}
	}
	return m
}

// score is the share of the query's words a note holds (0 to 1), 1 / the distance in words
// between the closest two of them (0 when it holds fewer than two), and the share of the query's
// words its title holds.
func (m queryMatcher) score(h Hit) (coverage, proximity, inTitle float64) {
	seen := map[int]bool{}
	titled := 0
	last := map[int]int{}
	best := math.MaxInt
	pos := 0
	for field, text := range []string{h.Title, h.Body} {
		rest := text
		for rest != "" {
			// Next word: a run of letters and digits.
			start := strings.IndexFunc(rest, isAlnum)
			if start < 0 {
				break
			}
			rest = rest[start:]
			end := strings.IndexFunc(rest, func(r rune) bool { return !isAlnum(r) })
			if end < 0 {
				end = len(rest)
			}
			w := rest[:end]
			rest = rest[end:]
			pos++
			if !m.heads[head2(w)] {
				continue
			}
			ti, ok := m.q[lightStem(strings.ToLower(w))]
			if !ok {
				continue
			}
			if field == 0 && !seen[ti] {
				titled++
			}
			seen[ti] = true
			last[ti] = pos
			for tj, p := range last {
				if tj != ti && pos-p < best {
					best = pos - p
				}
			}
		}
		pos += 1000 // title and body are not adjacent
	}
	if m.n > 0 {
		coverage = float64(len(seen)) / float64(m.n)
		inTitle = float64(titled) / float64(m.n)
	}
	if best != math.MaxInt {
		proximity = 1 / float64(best)
	}
	return coverage, proximity, inTitle
}

func isAlnum(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// head2 is a word's first two bytes, lower-cased (ASCII only; other scripts compare as they are).
func head2(w string) string {
	if len(w) > 2 {
		w = w[:2]
	}
	b := []byte(w)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// irregularForms maps a base word to its irregular forms (the inverse of irregular).
var irregularForms = func() map[string][]string {
	m := map[string][]string{}
	for form, base := range irregular {
		m[base] = append(m[base], form)
	}
	return m
}()
