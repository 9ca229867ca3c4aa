package redact

import (
	"strings"
	"sync/atomic"
)

// engine runs the built-in rules: one keyword pass over the text, then each rule's regular
// expression only on the windows around its keywords. Rules without keywords run on the whole
// text.
type engine struct {
	rules    []*rule
	keywords *keywordScanner
	byWord   [][]int // keyword id → indexes of the rules that use it
}

func newEngine(rules []*rule) *engine {
	e := &engine{rules: rules}
	ids := map[string]int{}
	var words []string
	for ri, r := range rules {
		for _, w := range r.keywords {
			w = strings.ToLower(w)
			id, ok := ids[w]
			if !ok {
				id = len(words)
				ids[w] = id
				words = append(words, w)
				e.byWord = append(e.byWord, nil)
			}
			e.byWord[id] = append(e.byWord[id], ri)
		}
	}
	e.keywords = newKeywordScanner(words)
	return e
}

// guardReach is how far from a keyword hit a rule's guard may look, either way: far beyond any
// name, value or line a guard judges in real text (the tables are unchanged down to 128).
const guardReach = 1024

type window struct{ start, end int }

// windows returns, for each rule, the merged windows of text around its keywords.
func (e *engine) windows(text string) [][]window {
	ws := make([][]window, len(e.rules))
	// The keyword's line, found incrementally (keywords come in order of their ends and hold no
	// newline), and each line guard's verdict on it, cached per rule: asking a guard about a
	// line at every keyword it holds costs the line's length per keyword.
	ls, le := 0, -1
	type verdict struct {
		line int // the line start judged, or -1
		ok   bool
	}
	judged := make([]verdict, len(e.rules))
	for i := range judged {
		judged[i].line = -1
	}
	e.keywords.scan(text, func(id, start, end int) {
		for _, ri := range e.byWord[id] {
			r := e.rules[ri]
			if r.guard != nil {
				// A guard sees the text within guardReach of the hit: its scans to a line's
				// start or past a name are then bounded, where on a long line packed with
				// keywords ("passwordpassword…") each would run to the line's end.
				lo, hi := max(0, start-guardReach), min(len(text), end+guardReach)
				countWork(hi - lo)
				if !r.guard(text[lo:hi], start-lo, end-lo) {
					continue
				}
			}
			if r.lineGuard != nil {
				if end > le { // a new line: the last one ended at le, a newline
					ls = le + 1
					if i := strings.LastIndexByte(text[ls:start], '\n'); i >= 0 {
						ls += i + 1
					}
					le = lineEnd(text, start)
				}
				if judged[ri].line != ls {
					judged[ri] = verdict{ls, r.lineGuard(text, ls, le)}
				}
				if !judged[ri].ok {
					continue
				}
			}
			if n := len(ws[ri]); n > 0 {
				// The window's start lies in [start-before-reach, start-before]; when that
				// range is inside the last window, the two merge into one starting where the
				// last one does, and only the end is needed (finding the start costs a scan
				// back at every hit of a keyword-packed line).
				last := &ws[ri][n-1]
				if hiStart := max(0, start-r.before); hiStart <= last.end && hiStart-r.reachBack() >= last.start {
					last.end = max(last.end, r.windowEnd(text, end))
					continue
				}
			}
			w := r.window(text, start, end)
			if n := len(ws[ri]); n > 0 && w.start <= ws[ri][n-1].end {
				last := &ws[ri][n-1]
				last.start = min(last.start, w.start)
				last.end = max(last.end, w.end)
				continue
			}
			ws[ri] = append(ws[ri], w)
		}
	})
	return ws
}

// window is the stretch of text where r looks for a match holding the keyword at [ks, ke). It
// starts after whitespace or a delimiter, so that ^, \b and (?:^|\s) mean there what they mean
// in the whole text.
func (r *rule) window(text string, ks, ke int) window {
	s := max(0, ks-r.before)
	if r.lineStart {
		lo := max(0, s-r.reachBack())
		if i := strings.LastIndexByte(text[lo:s], '\n'); i >= 0 {
			s = lo + i + 1
		} else {
			s = lo
		}
	} else {
		for lo := max(0, s-r.reachBack()); s > lo && !isDelimiter(text[s-1]); s-- {
		}
	}
	return window{s, r.windowEnd(text, ke)}
}

// reachBack is the most window moves its start back from the keyword's before bytes.
func (r *rule) reachBack() int {
	if r.lineStart {
		return 512
	}
	return 256
}

// windowEnd is where window ends for a keyword ending at ke.
func (r *rule) windowEnd(text string, ke int) int {
	after := r.after
	if after == 0 {
		after = 256
	}
	e := min(len(text), ke+after)
	if r.lineEnd {
		if i := strings.IndexByte(text[ke:e], '\n'); i >= 0 {
			e = ke + i
		}
	}
	return e
}

func isDelimiter(b byte) bool {
	switch b {
	case ' ', '\t', '\n', '\r', '"', '\'', '`', ',', ';', '{', '}', '[', ']', '(', ')', '<', '>', '|', '&':
		return true
	}
	return false
}

// matchesIn returns the matches of r inside w, as offsets in text. A match that runs into the
// window's end may go on past it: the window grows until no match touches its end.
func (r *rule) matchesIn(text string, w window) [][]int {
	for {
		ms := r.matches(text[w.start:w.end])
		touches := false
		for _, m := range ms {
			touches = touches || m[1] == w.end-w.start
		}
		if touches && w.end < len(text) && !(r.lineEnd && text[w.end] == '\n') {
			end := min(len(text), w.end+4*(w.end-w.start)+4096)
			if i := strings.IndexByte(text[w.end:end], '\n'); r.lineEnd && i >= 0 {
				end = w.end + i
			}
			w.end = end
			continue
		}
		for _, m := range ms {
			for i := range m {
				if m[i] >= 0 {
					m[i] += w.start
				}
			}
		}
		return ms
	}
}

// work counts the bytes the engine hands its regular expressions and line guards: what the
// hostile-input test holds to a linear growth, where a timing would be flaky.
var work atomic.Int64

func countWork(n int) { work.Add(int64(n)) }
