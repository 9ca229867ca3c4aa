package redact

import "strings"

// Round 12: a slot written escaped is still a slot. A JSON document inside a JSON string
// ({"body": "{\"password\": \"…\"}"}), a log line that quotes a request's JSON, a URL-encoded
// form body or query (password%3D…%26user%3D…) hold the same names and values the rules read,
// behind escapes that hide the quotes, colons and equals signs the rules look for. Rather than
// teach each rule every escape, the lines that hold an escape are decoded once into a view, the
// rules run on the view, and what they find is redacted where its escaped form stands.

// maxUnescapeDepth is how many escaping levels are undone: JSON in a JSON string in a JSON log
// line is two.
const maxUnescapeDepth = 2

// escapedSpans returns the spans the rules find in the decoded view of text's escaped lines,
// mapped back to text.
func (r *Redactor) escapedSpans(text string, windowed bool) []span {
	if !strings.Contains(text, `\"`) && !strings.Contains(text, "%3D") && !strings.Contains(text, "%3d") && !strings.Contains(text, "%22") {
		return nil
	}
	view, from, to := escapedLines(text)
	if len(view) == 0 {
		return nil
	}
	for depth := 0; depth < maxUnescapeDepth; depth++ {
		v, f, t, changed := unescapeOnce(view, from, to)
		if !changed {
			break
		}
		view, from, to = v, f, t
	}
	vs := r.spansOf(view, windowed)
	if len(vs) == 0 {
		return nil
	}
	vs = dropKept(view, vs)
	out := make([]span, 0, len(vs))
	for _, s := range vs {
		if s.end <= s.start || s.end > len(view) {
			continue
		}
		st, en := from[s.start], to[s.end-1]
		if st < 0 || en <= st {
			continue
		}
		out = append(out, span{st, en, s.rule, s.rank, false})
	}
	return out
}

// escapedLines copies the lines of text that hold an escape into a view, one per line, with
// each view byte's source range in text.
func escapedLines(text string) (view string, from, to []int) {
	var b strings.Builder
	for ls := 0; ls < len(text); {
		le := lineEnd(text, ls)
		line := text[ls:le]
		if strings.Contains(line, `\"`) || strings.Contains(line, "%3D") || strings.Contains(line, "%3d") || strings.Contains(line, "%22") {
			for i := ls; i < le; i++ {
				b.WriteByte(text[i])
				from = append(from, i)
				to = append(to, i+1)
			}
			b.WriteByte('\n')
			from = append(from, -1)
			to = append(to, -1)
		}
		ls = le + 1
	}
	return b.String(), from, to
}

// unescapeOnce undoes one level of JSON string escapes (\" \\ \/) and of URL encoding (%XX of
// the punctuation slots are written with) in view, carrying the source ranges along.
func unescapeOnce(view string, from, to []int) (string, []int, []int, bool) {
	var b strings.Builder
	b.Grow(len(view))
	nf, nt := make([]int, 0, len(view)), make([]int, 0, len(view))
	changed := false
	for i := 0; i < len(view); {
		c, n := view[i], 1
		switch {
		case c == '\\' && i+1 < len(view) && (view[i+1] == '"' || view[i+1] == '\\' || view[i+1] == '/'):
			c, n = view[i+1], 2
		case c == '%' && i+2 < len(view):
			if d, ok := urlPunct[strings.ToUpper(view[i+1:i+3])]; ok {
				c, n = d, 3
			}
		}
		if n > 1 {
			changed = true
		}
		b.WriteByte(c)
		nf = append(nf, from[i])
		nt = append(nt, to[i+n-1])
		i += n
	}
	return b.String(), nf, nt, changed
}

// urlPunct is the punctuation URL encoding hides that slots are written with.
var urlPunct = map[string]byte{"22": '"', "27": '\'', "3D": '=', "3A": ':', "26": '&', "2C": ',', "20": ' ', "40": '@', "2F": '/', "7B": '{', "7D": '}', "5B": '[', "5D": ']', "3F": '?', "23": '#', "24": '$', "25": '%', "2B": '+'}
