package app_test

import (
	"context"
	"os"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/embed"
	"github.com/anamnesis-go/anamnesis/core/eval"
	"github.com/anamnesis-go/anamnesis/core/store"
	"github.com/anamnesis-go/anamnesis/core/testcorpus"
)

func TestProbeHeldOut(t *testing.T) {
	e, err := embed.LoadStatic(os.Getenv("PROBE_MODEL"))
	if err != nil {
		t.Fatal(err)
	}
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
	for _, fu := range []store.Fusion{{K: 60, LexWeight: 1, VecWeight: 1e-9, Depth: 30}, store.DefaultFusion(), {K: 60, LexWeight: 1, VecWeight: 0.5, Depth: 30}, {K: 30, LexWeight: 1, VecWeight: 1, Depth: 30}} {
		rep, err := eval.Run(ctx, qs, func(ctx context.Context, q, project string, k int) ([]string, error) {
			qv, _ := e.Embed(ctx, []string{q})
			res, err := st.HybridSearch(ctx, store.HybridOptions{SearchOptions: store.SearchOptions{Filter: store.Filter{Project: project}, Query: q, K: k}, Model: e.ID(), Vector: qv[0], Fusion: fu})
			if err != nil {
				return nil, err
			}
			var ids []string
			for _, h := range res.Hits {
				ids = append(ids, h.ID)
			}
			return ids, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%+v: all R@5 %.3f; high R@5 %.3f; low R@5 %.3f R@1 %.3f", fu, rep.All.RecallAt[5], rep.ByCategory["high"].RecallAt[5], rep.ByCategory["low"].RecallAt[5], rep.ByCategory["low"].RecallAt[1])
	}
}
