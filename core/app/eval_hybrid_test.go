package app_test

import (
	"context"
	"hash/fnv"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/anamnesis-go/anamnesis/core/app"

	"github.com/anamnesis-go/anamnesis/core/internal/vecmath"
)

// hashingEmbedder is a model-free embedder: feature hashing of a text's words into 256 signed
// buckets. It is no semantic model (it knows no synonym), but it is a real embedding of the kind
// a vector index stores, so the whole hybrid measurement runs end to end with it.
type hashingEmbedder struct{}

func (hashingEmbedder) Dim() int    { return 256 }
func (hashingEmbedder) ID() string  { return "hashing-256" }
func (hashingEmbedder) Local() bool { return true }
func (hashingEmbedder) Embed(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		v := make([]float32, 256)
		for _, w := range strings.FieldsFunc(strings.ToLower(t), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
			h := fnv.New32a()
			h.Write([]byte(w))
			x := h.Sum32()
			if x&1 == 0 {
				v[(x>>1)%256]++
			} else {
				v[(x>>1)%256]--
			}
		}
		vecmath.Normalize(v)
		out[i] = v
	}
	return out, nil
}

func TestLoCoMoHybridRunsEndToEnd(t *testing.T) {
	zip := os.Getenv("ANAMNESIS_LOCOMO")
	if zip == "" {
		zip, _ = filepath.Abs(filepath.Join("..", "..", "..", "shared", "bench", "locomo10.zip"))
	}
	if _, err := os.Stat(zip); err != nil {
		t.Skipf("LoCoMo data not found at %s (set ANAMNESIS_LOCOMO)", zip)
	}
	ctx := context.Background()
	rep, err := app.EvalLoCoMoHybrid(ctx, zip, app.HybridEval{Embedder: hashingEmbedder{}, Conversations: []int{0}})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("LoCoMo conversation 0, hashing embedder fused with bm25: %d questions over %d notes: R@1 %.3f R@5 %.3f R@10 %.3f",
		rep.All.N, rep.Notes, rep.All.RecallAt[1], rep.All.RecallAt[5], rep.All.RecallAt[10])
	// Conversation 0 has 419 turns and 150 questions of categories 1-4. The floor is the figure
	// measured when this test was written (0.527): hashing knows no synonym, and fused with bm25
	// it ranks below bm25 alone (0.70 on conversations 0-1), which is why hooks and the default
	// stay lexical until a real model is configured.
	if rep.Notes != 419 || rep.All.N != 150 || rep.All.RecallAt[10] < 0.5 {
		t.Fatalf("conversation 0: %d notes, %d questions, recall@10 %.3f", rep.Notes, rep.All.N, rep.All.RecallAt[10])
	}
	if _, err := app.EvalLoCoMoHybrid(ctx, zip, app.HybridEval{Embedder: hashingEmbedder{}, Conversations: []int{10}}); err == nil {
		t.Fatal("conversation 10 of 10 was accepted")
	}
}
