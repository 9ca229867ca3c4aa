package redact

import (
	"strings"
	"testing"
)

// bigText is n bytes of session-like text: prose, commands, paths, hashes, and a secret every
// few kilobytes.
func bigText(n int) string {
	g := newGen(42)
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		b.WriteString("Ran `go test ./core/capture/...` in /home/alice/src/anamnesis after commit ")
		b.WriteString(g.s(hexLow, 40))
		b.WriteString("; the token budget is 2000 tokens and sort_key=created_at.\n")
		b.WriteString(`{"type":"tool_use","input":{"command":"kubectl logs payments-api-7d9f8c6b5-x2x9q"}}` + "\n")
		if i%20 == 0 {
			b.WriteString("export GITHUB_TOKEN=ghp_" + g.s(alnum, 36) + "\n")
		}
	}
	return b.String()
}

// BenchmarkRedact5MB is the worst case: a whole 5 MB transcript's text redacted at once (capture
// redacts the much smaller summary).
func BenchmarkRedact5MB(b *testing.B) {
	text := bigText(5 << 20)
	Redact("warm up") // compile the rules outside the timing
	b.SetBytes(int64(len(text)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Redact(text)
	}
}

// BenchmarkRedactSummary is a typical session note body, a few kilobytes.
func BenchmarkRedactSummary(b *testing.B) {
	text := bigText(4 << 10)
	Redact("warm up")
	b.SetBytes(int64(len(text)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Redact(text)
	}
}

// BenchmarkCompileRules is what the first Redact of a process pays, once.
func BenchmarkCompileRules(b *testing.B) {
	for i := 0; i < b.N; i++ {
		contextRules()
		capabilityRules()
		keyBytesRules()
		sinkRules()
		directiveRules()
		tableRules()
		attributeElementRules()
		passwordRules()
		slotRules()
		providerRules()
		genericRules()
	}
}
