package app

import (
	"context"
	"time"

	"github.com/anamnesis-go/anamnesis/core/embed"
	"github.com/anamnesis-go/anamnesis/core/eval"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// HybridEval is how a measurement ranks with semantic search: the embedder and the fusion.
type HybridEval struct {
	Embedder embed.Embedder
	Fusion   store.Fusion // zero means store.DefaultFusion
	// Conversations, when set, keeps only these LoCoMo conversations (0-based), so fusion can be
	// tuned on some and reported on the others.
	Conversations []int
}

// hybridSearcher ranks as app.Search does with semantic search on: bm25 fused with the cosine
// ranks of the query's vector. Every note must have been embedded (EmbedStore).
func hybridSearcher(st *store.Store, h HybridEval) eval.Searcher {
	return func(ctx context.Context, q, project string, k int) ([]string, error) {
		qv, err := h.Embedder.Embed(ctx, []string{q})
		if err != nil {
			return nil, err
		}
		res, err := st.HybridSearch(ctx, store.HybridOptions{
			SearchOptions: store.SearchOptions{Filter: store.Filter{Project: project}, Query: q, K: k},
			Model:         h.Embedder.ID(), Vector: qv[0], Fusion: h.Fusion})
		if err != nil {
			return nil, err
		}
		ids := make([]string, len(res.Hits))
		for i, hit := range res.Hits {
			ids[i] = hit.ID
		}
		return ids, nil
	}
}

// EmbedStore embeds every note of an open store that lacks a current vector.
func EmbedStore(ctx context.Context, st *store.Store, e embed.Embedder) (int, error) {
	jobs, err := st.StaleVectors(ctx, e.ID(), 0)
	if err != nil {
		return 0, err
	}
	return embedJobs(ctx, st, e, jobs)
}

// EvalLoCoMoHybrid is EvalLoCoMo ranking with semantic search: the LoCoMo store is built in a
// temporary directory, every turn embedded, and each question ranked by fusion.
func EvalLoCoMoHybrid(ctx context.Context, zipPath string, h HybridEval) (EvalReport, error) {
	if h.Embedder == nil {
		return EvalReport{}, invalidf("a hybrid measurement needs an embedder (embed.provider)")
	}
	convs, err := eval.ReadLoCoMo(zipPath)
	if err != nil {
		return EvalReport{}, err
	}
	if len(h.Conversations) > 0 {
		var keep []eval.Conversation
		for _, i := range h.Conversations {
			if i < 0 || i >= len(convs) {
				return EvalReport{}, invalidf("LoCoMo has conversations 0-%d, not %d", len(convs)-1, i)
			}
			keep = append(keep, convs[i])
		}
		convs = keep
	}
	st, qs, done, err := locomoStore(ctx, convs)
	if err != nil {
		return EvalReport{}, err
	}
	defer done()
	if _, err := EmbedStore(ctx, st, h.Embedder); err != nil {
		return EvalReport{}, err
	}
	stats, err := st.Stats(ctx)
	if err != nil {
		return EvalReport{}, err
	}
	start := time.Now()
	rep, err := eval.Run(ctx, qs, hybridSearcher(st, h))
	return EvalReport{Report: rep, Questions: len(qs), Notes: stats.Total, Took: time.Since(start), Set: zipPath}, err
}
