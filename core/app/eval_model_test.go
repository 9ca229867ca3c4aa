package app_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/embed"
	"github.com/anamnesis-go/anamnesis/core/eval"
	"github.com/anamnesis-go/anamnesis/core/store"
	"github.com/anamnesis-go/anamnesis/core/testcorpus"
)

// lexicalFusion ranks by bm25 alone through the hybrid path (the vector list weighs nothing), so
// the two figures of each pair below differ only in the vectors.
var lexicalFusion = store.Fusion{K: 10, LexWeight: 1, VecWeight: 1e-9, Depth: 20}

// evalModel is the model to measure: the static model directory ANAMNESIS_EVAL_MODEL (for example
// the GloVe model scripts/wink2static.py makes) or the OpenAI-compatible endpoint
// ANAMNESIS_EVAL_URL (for example scripts/use-embeddings.mjs's, http://127.0.0.1:8787/v1) with the
// model ANAMNESIS_EVAL_URL_MODEL (default use-lite); the figures in the README come from these tests.
func evalModel(t *testing.T) embed.Embedder {
	if url := os.Getenv("ANAMNESIS_EVAL_URL"); url != "" {
		model := os.Getenv("ANAMNESIS_EVAL_URL_MODEL")
		if model == "" {
			model = "use-lite"
		}
		// A slow CPU model answers a batch in seconds; the default timeout is for a GPU server.
		e, err := embed.NewOpenAI(embed.Config{URL: url, Model: model, Timeout: 10 * time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	dir := os.Getenv("ANAMNESIS_EVAL_MODEL")
	if dir == "" {
		t.Skip("set ANAMNESIS_EVAL_MODEL to a static model directory, or ANAMNESIS_EVAL_URL to an OpenAI-compatible endpoint, to measure it")
	}
	e, err := embed.LoadStatic(dir)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func locomoZip() string {
	zip := os.Getenv("ANAMNESIS_LOCOMO")
	if zip == "" {
		zip, _ = filepath.Abs(filepath.Join("..", "..", "..", "shared", "bench", "locomo10.zip"))
	}
	return zip
}

// extraFusion is the fusions to report beside the shipped one, from ANAMNESIS_EVAL_FUSION
// ("K,lexweight,vecweight,depth", several separated by ";"): on 5-9 and the held-out sets, the one
// TestLoCoMoFusionSweepWithModel chose for this model; in that sweep, the candidates to try.
func extraFusion(t *testing.T) []store.Fusion {
	var out []store.Fusion
	for _, s := range strings.Split(os.Getenv("ANAMNESIS_EVAL_FUSION"), ";") {
		if strings.TrimSpace(s) == "" {
			continue
		}
		var f store.Fusion
		if _, err := fmt.Sscanf(strings.TrimSpace(s), "%g,%g,%g,%d", &f.K, &f.LexWeight, &f.VecWeight, &f.Depth); err != nil {
			t.Fatalf("ANAMNESIS_EVAL_FUSION %q: want K,lexweight,vecweight,depth: %v", s, err)
		}
		out = append(out, f)
	}
	return out
}

// TestLoCoMoFusionSweepWithModel is where fusion is chosen: LoCoMo conversations 0-4 only, under a
// few weights of the vector list (1e-9 is bm25 alone; a lexical weight of 1e-9 is vectors alone).
func TestLoCoMoFusionSweepWithModel(t *testing.T) {
	e := evalModel(t)
	ctx := context.Background()
	fusions := extraFusion(t)
	if len(fusions) == 0 {
		fusions = []store.Fusion{lexicalFusion, {K: 10, LexWeight: 1e-9, VecWeight: 1, Depth: 20},
			store.DefaultFusion(), {K: 10, LexWeight: 1, VecWeight: 0.6, Depth: 20}, {K: 10, LexWeight: 1, VecWeight: 1, Depth: 20},
			{K: 10, LexWeight: 1, VecWeight: 1.5, Depth: 20}, {K: 60, LexWeight: 1, VecWeight: 1, Depth: 40}}
	}
	for _, fu := range fusions {
		rep, err := app.EvalLoCoMoHybrid(ctx, locomoZip(), app.HybridEval{Embedder: e, Fusion: fu, Conversations: []int{0, 1, 2, 3, 4}})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("LoCoMo 0-4, %s, fusion %+v: %d questions: R@1 %.3f R@5 %.3f R@10 %.3f MRR %.3f", e.ID(), fu,
			rep.All.N, rep.All.RecallAt[1], rep.All.RecallAt[5], rep.All.RecallAt[10], rep.All.MRR)
	}
}

// TestLoCoMoWithModel reports LoCoMo recall on conversations 5-9 (the fusion was chosen on 0-4),
// bm25 alone and fused with the model's vectors.
func TestLoCoMoWithModel(t *testing.T) {
	e := evalModel(t)
	zip := locomoZip()
	ctx := context.Background()
	r10 := make([]float64, 2)
	for i, fu := range append([]store.Fusion{lexicalFusion, store.DefaultFusion()}, extraFusion(t)...) {
		rep, err := app.EvalLoCoMoHybrid(ctx, zip, app.HybridEval{Embedder: e, Fusion: fu, Conversations: []int{5, 6, 7, 8, 9}})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("LoCoMo 5-9, %s, fusion %+v: %d questions: R@1 %.3f R@5 %.3f R@10 %.3f MRR %.3f", e.ID(), fu,
			rep.All.N, rep.All.RecallAt[1], rep.All.RecallAt[5], rep.All.RecallAt[10], rep.All.MRR)
		if i < 2 {
			r10[i] = rep.All.RecallAt[10]
		}
	}
	if r10[1] < r10[0] {
		t.Errorf("fused recall@10 %.3f below bm25's %.3f", r10[1], r10[0])
	}
}

// TestHeldOutWithModel reports the held-out developer sets (never tuned on), bm25 alone and fused.
func TestHeldOutWithModel(t *testing.T) {
	e := evalModel(t)
	for _, set := range []string{"heldout", "heldout2", "heldout3"} {
		t.Run(set, func(t *testing.T) { heldOutWithModel(t, e, set) })
	}
}

func heldOutWithModel(t *testing.T, e embed.Embedder, set string) {
	root := testcorpus.Copy(t, 2000)
	qs, err := eval.WriteFixture(filepath.Join("..", "eval", "testdata", set), root)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	st, err := store.Open(ctx, root, store.Options{MachineID: "eval"})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := app.EmbedStore(ctx, st, e); err != nil {
		t.Fatal(err)
	}
	for _, fu := range append([]store.Fusion{lexicalFusion, store.DefaultFusion()}, extraFusion(t)...) {
		rep, err := eval.Run(ctx, qs, func(ctx context.Context, q, project string, k int) ([]string, error) {
			qv, err := e.Embed(ctx, []string{q})
			if err != nil {
				return nil, err
			}
			res, err := st.HybridSearch(ctx, store.HybridOptions{SearchOptions: store.SearchOptions{
				Filter: store.Filter{Project: project}, Query: q, K: k}, Model: e.ID(), Vector: qv[0], Fusion: fu})
			if err != nil {
				return nil, err
			}
			ids := make([]string, len(res.Hits))
			for i, h := range res.Hits {
				ids[i] = h.ID
			}
			return ids, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		low, high := rep.ByCategory["low"], rep.ByCategory["high"]
		t.Logf("%s, fusion %+v: all R@5 %.3f; high overlap R@5 %.3f; low overlap R@1 %.3f R@5 %.3f", set, fu,
			rep.All.RecallAt[5], high.RecallAt[5], low.RecallAt[1], low.RecallAt[5])
		if high.RecallAt[5] < 0.97 {
			t.Errorf("high-overlap recall@5 %.3f below 0.97: vectors must not cost the easy questions", high.RecallAt[5])
		}
	}
}
