package redact

import "strings"

// Round 14: a secret split across string literals joined by an operator, as code writes a long
// key to fit its lines or to keep a scanner from seeing it whole:
//
//	const KEY = "sk_live_…" +
//	  "…" +
//	  "…";
//
// When a rule redacts a literal's content up to its closing quote and an operator that joins
// strings follows (+ in most languages, . in PHP and Perl, .. in Lua, & in Visual Basic, || in
// SQL), the literals joined after it are the rest of the same secret. Only literals of token
// characters are taken ("\n", ", ", a word with a blank stay), and a chain is followed for at
// most maxPieces literals of at most maxPiece bytes each: the reach is bounded.
const (
	maxPieces = 16
	maxPiece  = 256
)

// continuedSpans returns the spans of the literals that continue a redacted literal.
func continuedSpans(text string, spans []span) []span {
	var out []span
	for _, s := range spans {
		i := s.end
		if i >= len(text) || !isQuote(text[i]) {
			continue
		}
		if ns, ne, ok := changedValue(text, i); ok && ne-ns >= 4 && !isPlainWord(text[ns:ne]) && !isPlaceholder(text[ns:ne]) {
			// A plan's change, password = "old" -> "new": the new value is as secret as the old.
			out = append(out, span{ns, ne, s.rule, s.rank, s.generic})
			continue
		}
		for n := 0; n < maxPieces; n++ {
			ps, pe, next, ok := joinedLiteral(text, i)
			if !ok {
				countWork(min(len(text)-i, 64)) // the blanks and the operator looked at
				break
			}
			countWork(next + 1 - i)
			out = append(out, span{ps, pe, s.rule, s.rank, s.generic})
			i = next
		}
	}
	return out
}

// joinedLiteral reads, at the closing quote at i, a join operator and the next literal: the
// literal's content span and the index of its closing quote.
func joinedLiteral(text string, i int) (start, end, closing int, ok bool) {
	j := skipBlank(text, i+1)
	switch {
	case strings.HasPrefix(text[j:], "||"), strings.HasPrefix(text[j:], ".."):
		j += 2
	case j < len(text) && (text[j] == '+' || text[j] == '.' || text[j] == '&'):
		j++
	default:
		return 0, 0, 0, false
	}
	j = skipBlank(text, j)
	if j >= len(text) || !isQuote(text[j]) {
		return 0, 0, 0, false
	}
	q := text[j]
	k := j + 1
	if k < len(text) && (text[k] == '.' || text[k] == '/') {
		return 0, 0, 0, false // the review of round 14: + ".json", + "/v1" is a file's or a path's tail
	}
	for k < len(text) && k-j <= maxPiece && text[k] != q {
		if !isTokenByte(text[k]) && text[k] != '.' && text[k] != '~' {
			return 0, 0, 0, false
		}
		k++
	}
	if k >= len(text) || text[k] != q || k-(j+1) < 4 {
		return 0, 0, 0, false
	}
	return j + 1, k, k, true
}

// skipBlank skips blanks and at most one line break (a continuation written on the next line),
// within 64 bytes.
func skipBlank(text string, i int) int {
	breaks := 0
	for lim := min(len(text), i+64); i < lim; i++ {
		switch text[i] {
		case ' ', '\t', '\r', '\\': // a backslash continues a line (Python, shells)
		case '\n':
			if breaks++; breaks > 1 {
				return i
			}
		default:
			return i
		}
	}
	return i
}

func isQuote(c byte) bool { return c == '"' || c == '\'' || c == '`' }
