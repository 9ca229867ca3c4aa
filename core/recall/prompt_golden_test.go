package recall

import (
	"context"
	"crypto/sha256"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/internal/golden"
)

// TestPromptLargeStoreGolden pins what the prompt hook injects on the 10,000-note store, for
// prompts of every length, in a project and outside any, with and without notes already given:
// the ranking underneath may be made cheaper, never different.
func TestPromptLargeStoreGolden(t *testing.T) {
	st := corpus(t)
	ctx := context.Background()
	var b strings.Builder
	for _, project := range []string{"github.com/acme/service-03", "global"} {
		for _, p := range append(promptBenchPrompts, "sqlite wal", "kubernetes helm rollout canary") {
			given := map[string]bool{}
			for round := 0; round < 2; round++ {
				inj, err := ForPrompt(ctx, st, p, project, given, 0)
				if err != nil {
					t.Fatal(err)
				}
				fmt.Fprintf(&b, "%s | %s | round %d | %v | %d characters, sha256 %x\n", project, p, round, inj.IDs, len(inj.Text), sha256.Sum256([]byte(inj.Text)))
				for _, id := range inj.IDs {
					given[id] = true
				}
			}
		}
	}
	golden.Check(t, filepath.Join("testdata", "prompt-10k.golden"), b.String())
}
