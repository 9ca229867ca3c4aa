package app_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/embed"
	"github.com/anamnesis-go/anamnesis/core/eval"
	"github.com/anamnesis-go/anamnesis/core/store"
	"github.com/anamnesis-go/anamnesis/core/testcorpus"
)

// lexicalFusion ranks by bm25 alone through the hybrid path (the vector list weighs nothing), so
// the two figures of each pair below differ only in the vectors.
var lexicalFusion = store.Fusion{K: 10, LexWeight: 1, VecWeight: 1e-9, Depth: 20}

// evalModel is the static model directory to measure, from ANAMNESIS_EVAL_MODEL (for example the
// GloVe model scripts/wink2static.py makes); the figures in the README come from these tests.
func evalModel(t *testing.T) embed.Embedder {
	dir := os.Getenv("ANAMNESIS_EVAL_MODEL")
	if dir == "" {
		t.Skip("set ANAMNESIS_EVAL_MODEL to a static model directory to measure it")
	}
	e, err := embed.LoadStatic(dir)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestLoCoMoWithModel reports LoCoMo recall on conversations 5-9 (the fusion was chosen on 0-4),
// bm25 alone and fused with the model's vectors.
func TestLoCoMoWithModel(t *testing.T) {
	e := evalModel(t)
	zip := os.Getenv("ANAMNESIS_LOCOMO")
	if zip == "" {
		zip, _ = filepath.Abs(filepath.Join("..", "..", "..", "shared", "bench", "locomo10.zip"))
	}
	ctx := context.Background()
	var r10 [2]float64
	for i, fu := range []store.Fusion{lexicalFusion, store.DefaultFusion()} {
		rep, err := app.EvalLoCoMoHybrid(ctx, zip, app.HybridEval{Embedder: e, Fusion: fu, Conversations: []int{5, 6, 7, 8, 9}})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("LoCoMo 5-9, %s, fusion %+v: %d questions: R@1 %.3f R@5 %.3f R@10 %.3f MRR %.3f", e.ID(), fu,
			rep.All.N, rep.All.RecallAt[1], rep.All.RecallAt[5], rep.All.RecallAt[10], rep.All.MRR)
		r10[i] = rep.All.RecallAt[10]
	}
	if r10[1] < r10[0] {
		t.Errorf("fused recall@10 %.3f below bm25's %.3f", r10[1], r10[0])
	}
}

// TestHeldOutWithModel reports the held-out developer set (never tuned on), bm25 alone and fused.
func TestHeldOutWithModel(t *testing.T) {
	e := evalModel(t)
	root := testcorpus.Copy(t, 2000)
	qs, err := eval.WriteFixture("../eval/testdata/heldout", root)
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
	for _, fu := range []store.Fusion{lexicalFusion, store.DefaultFusion()} {
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
		t.Logf("held-out, fusion %+v: all R@5 %.3f; high overlap R@5 %.3f; low overlap R@1 %.3f R@5 %.3f", fu,
			rep.All.RecallAt[5], high.RecallAt[5], low.RecallAt[1], low.RecallAt[5])
		if high.RecallAt[5] < 0.97 {
			t.Errorf("high-overlap recall@5 %.3f below 0.97: vectors must not cost the easy questions", high.RecallAt[5])
		}
	}
}
