package redact

import (
	"strings"
	"testing"
)

// TestWindowedEqualsWholeText checks the fast path against the reference: running each rule only
// around its keywords must find what running it on the whole text finds, on every table text,
// alone and joined into one long text (where windows of different cases meet).
func TestWindowedEqualsWholeText(t *testing.T) {
	var texts []string
	for _, seed := range seeds {
		g := newGen(seed)
		for _, c := range append(tuningSecrets(g), heldOutSecrets(g)...) {
			texts = append(texts, c.text)
		}
		texts = append(texts, tuningInnocent(g)...)
		texts = append(texts, heldOutInnocent(g)...)
	}
	joined := strings.Join(texts, "\n")
	texts = append(texts, joined, strings.Join(texts, " "), bigText(64<<10))
	for _, text := range texts {
		fast, ff := defaultRedactor.redact(text, true)
		slow, sf := defaultRedactor.redact(text, false)
		if fast != slow || len(ff) != len(sf) {
			if len(text) > 300 {
				i := 0
				for i < len(fast) && i < len(slow) && fast[i] == slow[i] {
					i++
				}
				lo := max(0, i-150)
				t.Errorf("windowed and whole-text runs differ at %d:\nwindowed: %q\nwhole:    %q", i, fast[lo:min(len(fast), i+150)], slow[lo:min(len(slow), i+150)])
				continue
			}
			t.Errorf("windowed and whole-text runs differ on %q:\nwindowed: %q\nwhole:    %q", text, fast, slow)
		}
	}
}
