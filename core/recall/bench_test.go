package recall

import (
	"context"
	"testing"
)

// promptBenchPrompts are developer prompts of one to three sentences in the corpus's vocabulary.
var promptBenchPrompts = []string{
	"The sqlite migration fails with busy_timeout after the git rebase. Can you check the wal settings?",
	"why does the sqlite wal busy_timeout migration fail after the git rebase?",
	"Add a retry with backoff to the webhook consumer, and make sure the idempotency key is checked first.",
	"The pytest fixture for the redis cache is flaky in ci; look at the ttl and the eviction settings.",
	"Deploy the helm chart with a canary rollout and watch the p99 latency in grafana.",
	"Refactor the goroutine that reads the kafka queue so a cancelled context stops it.",
}

// BenchmarkPrompt10k is the prompt hook's recall (core of "anamnesis hook prompt") on the
// 10,000-note store: the project's and global notes searched with the prompt, nothing given yet.
func BenchmarkPrompt10k(b *testing.B) {
	st := corpus(b)
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := ForPrompt(ctx, st, promptBenchPrompts[i%len(promptBenchPrompts)], "github.com/acme/service-03", nil, 0); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPromptInject10k is the session-start hook's selection on the same store.
func BenchmarkPromptInject10k(b *testing.B) {
	st := corpus(b)
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Inject(ctx, st, "github.com/acme/service-03", 0); err != nil {
			b.Fatal(err)
		}
	}
}
