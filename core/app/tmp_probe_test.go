package app_test

import (
	"context"
	"os"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/embed"
	"github.com/anamnesis-go/anamnesis/core/store"
)

func TestProbeFusion(t *testing.T) {
	zip := "/work/shared/bench/locomo10.zip"
	e, err := embed.LoadStatic(os.Getenv("PROBE_MODEL"))
	if err != nil {
		t.Fatal(err)
	}
	convs := []int{0, 1, 2, 3, 4}
	if os.Getenv("PROBE_SET") == "report" {
		convs = []int{5, 6, 7, 8, 9}
	}
	grid := []store.Fusion{{K: 60, LexWeight: 1, VecWeight: 1e-9, Depth: 30}}
	for _, k := range []float64{10, 30, 60} {
		for _, w := range []float64{0.3, 0.6, 1.0} {
			grid = append(grid, store.Fusion{K: k, LexWeight: 1, VecWeight: w, Depth: 30})
		}
	}
	if os.Getenv("PROBE_ONLY") != "" {
		grid = grid[:1]
		grid = append(grid, store.DefaultFusion())
	}
	for _, fu := range grid {
		rep, err := app.EvalLoCoMoHybrid(context.Background(), zip, app.HybridEval{Embedder: e, Conversations: convs, Fusion: fu})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%+v: n=%d R@1 %.3f R@5 %.3f R@10 %.3f MRR %.3f", fu, rep.All.N, rep.All.RecallAt[1], rep.All.RecallAt[5], rep.All.RecallAt[10], rep.All.MRR)
	}
}
