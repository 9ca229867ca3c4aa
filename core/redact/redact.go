package redact

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"
)

// Finding says what was redacted and why, without repeating the secret.
type Finding struct {
	Rule  string // the rule's name, as in the marker [REDACTED:<rule>]
	Start int    // byte offsets of the redacted text in the input
	End   int
}

// Marker is the text that replaces a secret found by rule.
func Marker(rule string) string { return "[REDACTED:" + rule + "]" }

// EnvPatterns names the environment variable holding extra patterns, one regular expression per
// line, added to those of config.json.
const EnvPatterns = "ANAMNESIS_REDACT_PATTERNS"

// SplitPatterns splits an EnvPatterns value into its patterns, skipping blank lines.
func SplitPatterns(v string) []string {
	var out []string
	for _, line := range strings.Split(v, "\n") {
		if line = strings.TrimSpace(line); line != "" {
			out = append(out, line)
		}
	}
	return out
}

// Redactor redacts with the built-in rules and, if made by New, the user's own patterns.
type Redactor struct {
	user []*rule
}

// New returns a Redactor that also redacts what matches any of extra (Go regular expressions). A
// pattern with a capture group redacts the group's text, and keeps the rest of the match readable
// (e.g. `ticket=(\w+)`); without one it redacts the whole match. A pattern that does not compile
// is an error naming it: a secret the user meant to protect must not pass silently.
func New(extra []string) (*Redactor, error) {
	r := &Redactor{}
	for i, p := range extra {
		re, err := regexp.Compile(p)
		if err != nil {
			return nil, fmt.Errorf("redact pattern %d %q: %w", i+1, p, err)
		}
		if re.MatchString("") {
			return nil, fmt.Errorf("redact pattern %d %q matches the empty string", i+1, p)
		}
		ru := &rule{name: "user", re: re}
		if re.NumSubexp() > 0 {
			ru.pick = firstGroup(nil, allGroups(re.NumSubexp())...)
		}
		r.user = append(r.user, ru)
	}
	return r, nil
}

var defaultRedactor = &Redactor{}

// Redact is the one entry point for everything that leaves a session with the built-in rules:
// it returns text with each secret replaced by [REDACTED:<rule>], and what it replaced.
func Redact(text string) (string, []Finding) { return defaultRedactor.Redact(text) }

// span is a candidate secret: byte offsets, the rule that found it and the rule's rank (lower
// is more specific).
type span struct {
	start, end int
	rule       string
	rank       int
	generic    bool
}

// pickReach is how far from its match a rule's pick may look, either way: the lines after a
// revealing line, a table's header, a line's start, in any text but a line of megabytes (the
// tables are unchanged down to 512).
const pickReach = 2048

// Redact returns text with every secret replaced by its marker, and the findings in order.
func (r *Redactor) Redact(text string) (string, []Finding) { return r.redact(text, true) }

// redact runs the rules on the windows around their keywords (windowed), or each on the whole
// text: the reference the windowed run is tested against.
func (r *Redactor) redact(text string, windowed bool) (string, []Finding) {
	if text == "" {
		return text, nil
	}
	spans := r.spansOf(text, windowed)
	if len(spans) > 0 {
		spans = dropKept(text, spans)
	}
	// The same slots written escaped (JSON inside a JSON string, a URL-encoded form body) are
	// read in the decoded text and redacted where their escaped form stands.
	spans = append(spans, r.escapedSpans(text, windowed)...)
	// A secret in base64 (a CI log's masked value printed encoded, a clipboard escape, a Basic
	// credential) is read in its decoded text and redacted as the whole encoded run.
	spans = append(spans, r.encodedSpans(text, windowed)...)
	if len(spans) == 0 {
		return text, nil
	}
	spans = merge(spans)
	if more := continuedSpans(text, spans); len(more) > 0 {
		spans = merge(append(spans, more...))
	}
	return finish(text, spans)
}

// spansOf returns every rule's candidate spans in text, before the known-harmless ones are
// dropped and overlaps merged.
func (r *Redactor) spansOf(text string, windowed bool) []span {
	e := compiled()
	var spans []span
	add := func(ru *rule, rank int, ms [][]int) {
		for _, m := range ms {
			// A pick judges its match with the text within pickReach of it: its scans back to
			// a line's start or ahead to the next lines are then bounded, where on a long line
			// packed with matches each would run the line's length.
			lo, hi := max(0, m[0]-pickReach), min(len(text), m[1]+pickReach)
			for i := range m {
				if m[i] >= 0 {
					m[i] -= lo
				}
			}
			near := text[lo:hi]
			countWork(hi - lo)
			ps, name := ru.picks(near, m), ru.name
			if len(ps) == 0 && ru.fallback != nil {
				ps, name = ru.fallback(near, m), ru.fallbackName
			}
			for _, p := range ps {
				spans = append(spans, span{p[0] + lo, p[1] + lo, name, rank, ru.generic})
			}
		}
	}
	for i, ru := range r.user {
		add(ru, -len(r.user)+i, ru.matches(text))
	}
	var ws [][]window
	low := ""
	if windowed {
		ws = e.windows(text)
	} else {
		low = strings.ToLower(text)
	}
	for i, ru := range e.rules {
		switch {
		case ru.find != nil:
			add(ru, i, ru.find(text))
		case !windowed || len(ru.keywords) == 0:
			if !windowed && !ru.wanted(low) {
				continue
			}
			add(ru, i, ru.matches(text))
		default:
			for _, w := range ws[i] {
				add(ru, i, ru.matchesIn(text, w))
			}
		}
	}
	return spans
}

// finish writes the redacted text for the merged spans.
func finish(text string, spans []span) (string, []Finding) {
	for i := range spans {
		spans[i].start = schemeSlashes(text, spans[i].start, spans[i].end)
	}
	if len(spans) == 0 {
		return text, nil
	}
	var b strings.Builder
	b.Grow(len(text))
	findings := make([]Finding, 0, len(spans))
	last := 0
	for _, s := range spans {
		b.WriteString(text[last:s.start])
		b.WriteString(Marker(s.rule))
		findings = append(findings, Finding{Rule: s.rule, Start: s.start, End: s.end})
		last = s.end
	}
	b.WriteString(text[last:])
	return b.String(), findings
}

// schemeSlashes moves a span's start past a URL's "//" after its scheme's colon. "/" is a
// token character, so high-entropy's run of https://<token>@host starts at the slashes (and
// the checks that keep hosts and paths expect it to); but they are syntax, and redacting them
// would join the marker to the scheme: https:[REDACTED]@host.
func schemeSlashes(text string, start, end int) int {
	if start > 1 && end-start > 2 && text[start-1] == ':' && strings.HasPrefix(text[start:end], "//") && isAlnum(text[start-2]) {
		return start + 2
	}
	return start
}

// markers finds markers already in the text, so that redacting twice changes nothing.
var markers = lazyRE(`\[REDACTED(?::[a-z0-9-]+)?\]`)

// dropKept removes candidates that fall on an earlier marker, and generic candidates (judged by
// shape alone) that fall on a known-harmless shape: a lockfile hash, a digest, a pod name.
func dropKept(text string, spans []span) []span {
	var kept [][]int
	if strings.Contains(text, "[REDACTED") {
		kept = markers().FindAllStringIndex(text, -1)
	}
	anyGeneric := false
	for _, s := range spans {
		anyGeneric = anyGeneric || s.generic
	}
	var harmless [][]int
	if anyGeneric {
		harmless = harmlessSpans(text, spans)
	}
	out := spans[:0]
	for _, s := range spans {
		if overlaps(kept, s) || s.generic && overlaps(harmless, s) || s.rank >= 0 && dummyValue(text[s.start:s.end]) || s.rank >= 0 && namedProof(text, s) || describedCell(text, s) {
			continue
		}
		out = append(out, s)
	}
	return out
}

// namedProof reports whether a span found by a name (NAME=value, "the X signature: …") stands
// under a label that names a per-request proof (round 13): every rule that reads a name agrees
// that a signature over one message is not a credential, whichever of them read it.
func namedProof(text string, s span) bool {
	if s.rule != "secret-assignment" && s.rule != "generic-secret" {
		return false
	}
	lo := max(0, s.start-pickReach) // the label is on the span's line, within a pick's reach
	return labelledProof(text[lo:s.start], s.start-lo)
}

// describedCell reports whether a span found by shape or by a word before it is a cell of a
// blank-aligned table under a column that says what it is (round 15: kubectl's TYPE, gpg's
// KEY ID, docker's IMAGE ID): the header outranks the word or the shape. Issuer shapes and
// private keys are not second-guessed.
func describedCell(text string, s span) bool {
	switch s.rule {
	case "high-entropy", "generic-secret", "password-word", "secret-assignment":
	default:
		return false
	}
	h := alignedColumn(text, s.start) // reads back a bounded stretch: linear on a long line of spans
	return h != "" && describedColumn(h)
}

func overlaps(ivs [][]int, s span) bool {
	for _, iv := range ivs {
		if iv[0] < s.end && s.start < iv[1] {
			return true
		}
	}
	return false
}

// merge sorts the spans and joins overlapping ones; a joined span is named after its most
// specific rule.
func merge(spans []span) []span {
	sort.Slice(spans, func(i, j int) bool {
		if spans[i].start != spans[j].start {
			return spans[i].start < spans[j].start
		}
		return spans[i].end > spans[j].end
	})
	out := spans[:0]
	for _, s := range spans {
		if s.end <= s.start {
			continue
		}
		if n := len(out); n > 0 && s.start < out[n-1].end {
			cur := &out[n-1]
			if s.end > cur.end {
				cur.end = s.end
			}
			if s.rank < cur.rank {
				cur.rule, cur.rank = s.rule, s.rank
			}
			continue
		}
		out = append(out, s)
	}
	return out
}

// compiled returns the built-in rules, compiled on first use: a hook that never redacts never
// pays for the regular expressions.
var compiled = sync.OnceValue(func() *engine {
	var rs []*rule
	for _, group := range [][]*rule{contextRules(), credentialListRules(), keyBytesRules(), capabilityRules(), sinkRules(), directiveRules(), tableRules(), attributeElementRules(), passwordRules(), proseRules(), slotRules(), credentialSlotRules(), providerRules(), genericRules()} {
		rs = append(rs, group...)
	}
	return newEngine(rs)
})
