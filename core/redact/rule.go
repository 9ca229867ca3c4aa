package redact

import (
	"regexp"
	"strings"
	"sync"
)

// rule finds candidate secrets. RE2 has no look-around, so judgement a regular expression cannot
// express lives in pick.
type rule struct {
	name     string
	keywords []string // lower case; the rule runs only on text holding one (a cheap pre-filter)
	re       *regexp.Regexp
	// pick returns the byte ranges of one match to redact (m as from FindAllStringSubmatchIndex);
	// none keeps the match. Nil redacts the whole match.
	pick func(text string, m []int) [][2]int
	// fallback, when set, judges a match pick kept whole, and names what it redacts
	// fallbackName: one regular expression serves a named rule and the scorer behind it.
	fallback     func(text string, m []int) [][2]int
	fallbackName string
	generic      bool // judged by shape alone: yields to known-harmless shapes
	// rescan, when set, is the submatch where the next search starts after a match, instead of
	// the match's end: an assignment whose quoted value holds further assignments
	// (connectionString="...;Password=..."; "cmd": "PGPASSWORD=...") is searched inside too.
	rescan int

	// Where the rule runs around each keyword it finds: from before bytes ahead of the keyword
	// (the most that can stand in the match ahead of it) to after bytes past it. A match that
	// reaches the window's end is searched again in a larger window, so after bounds cost, not
	// what is found. lineStart starts the window at the keyword's line (for patterns using ^).
	before, after int
	lineStart     bool
	lineEnd       bool // the window ends at the keyword's line end: the rule never spans lines
	// guard, when set, is a cheap test of a keyword hit that spares the regular expression most
	// occurrences of a common keyword ("key", ".", ":").
	guard func(text string, start, end int) bool
	// lineGuard, when set, is a test of the keyword's whole line [ls, le) that spares the
	// regular expression the lines it rejects. The engine asks it once per line, however many
	// keywords the line holds: a per-hit test of the whole line is quadratic on a long line
	// packed with keywords.
	lineGuard func(text string, ls, le int) bool
	// find, when set, replaces the regular expression: a hand-written scan over the whole text.
	find func(text string) [][]int
}

// maxRescan is the longest value a rule with rescan searches again for assignments inside.
const maxRescan = 1024

// matches returns the submatch indexes of every match of r in text.
func (r *rule) matches(text string) [][]int {
	if r.rescan == 0 {
		countWork(len(text))
		return r.re.FindAllStringSubmatchIndex(text, -1)
	}
	var out [][]int
	for pos := 0; pos < len(text); {
		m := r.re.FindStringSubmatchIndex(text[pos:])
		if m == nil {
			countWork(len(text) - pos)
			break
		}
		countWork(m[1]) // a search stops at its match's end
		for i := range m {
			if m[i] >= 0 {
				m[i] += pos
			}
		}
		out = append(out, m)
		next := m[2*r.rescan]
		if m[1]-next > maxRescan {
			// A value this long is no quoted command or connection string: searching inside
			// it again at every assignment it holds (password=password=…) is quadratic.
			next = m[1]
		}
		if next <= pos || next < 0 {
			next = m[1]
		}
		if next <= pos {
			next = pos + 1
		}
		pos = next
	}
	return out
}

func (r *rule) wanted(low string) bool {
	if len(r.keywords) == 0 {
		return true
	}
	for _, k := range r.keywords {
		if strings.Contains(low, k) {
			return true
		}
	}
	return false
}

func (r *rule) picks(text string, m []int) [][2]int {
	if r.pick == nil {
		return [][2]int{{m[0], m[1]}}
	}
	return r.pick(text, m)
}

// firstGroup redacts the first non-empty group among groups whose value passes check (nil
// accepts all).
func firstGroup(check func(string) bool, groups ...int) func(string, []int) [][2]int {
	return func(text string, m []int) [][2]int {
		for _, g := range groups {
			s, e := m[2*g], m[2*g+1]
			if s < 0 || e <= s {
				continue
			}
			if check != nil && !check(text[s:e]) {
				return nil
			}
			return [][2]int{{s, e}}
		}
		return nil
	}
}

func allGroups(n int) []int {
	g := make([]int, n)
	for i := range g {
		g[i] = i + 1
	}
	return g
}

// wholeIf redacts the whole match when check accepts it.
func wholeIf(check func(string) bool) func(string, []int) [][2]int {
	return func(text string, m []int) [][2]int {
		if !check(text[m[0]:m[1]]) {
			return nil
		}
		return [][2]int{{m[0], m[1]}}
	}
}

// lazyRE compiles pattern on first use, so that importing the package costs a process nothing.
func lazyRE(pattern string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
}

func mk(name, pattern string, keywords ...string) *rule {
	return &rule{name: name, re: regexp.MustCompile(pattern), keywords: keywords}
}

// near sets the window a rule runs in around its keywords (see rule.before).
func near(r *rule, before, after int) *rule {
	r.before, r.after = before, after
	return r
}

// onLine makes r run only on the keyword's line, and only where guard (if any) accepts the hit.
func onLine(r *rule, guard func(string, int, int) bool) *rule {
	r.lineEnd, r.guard = true, guard
	return r
}

func lineStart(r *rule) *rule {
	r.lineStart = true
	return r
}
