package app

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/anamnesis-go/anamnesis/core/config"
	"github.com/anamnesis-go/anamnesis/core/embed"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// Semantic search: the configured embedder (core/embed) makes vectors of the notes, the store
// keeps them in the index and fuses their ranking with bm25's. With embed.provider none (the
// default) nothing here runs and search is exactly the lexical search.

// embedChunk is how many notes are embedded and stored per transaction: an interrupted pass keeps
// what it finished, and a search running meanwhile waits on SQLite for one short write at most.
const embedChunk = 256

// lazyEmbedMax bounds how many notes without a vector a search embeds before answering, with an
// in-process model (about a millisecond for 250 notes); more is left to `anamnesis embed`,
// reindex and the sync runner, so no search waits for a whole store's embedding.
const lazyEmbedMax = 256

// embedderFor builds the provider the settings name; nil, nil when semantic search is off.
func embedderFor(cfg *config.Config) (embed.Embedder, error) {
	c := embed.Config{
		Provider: cfg.Get(config.KeyEmbedProvider),
		URL:      cfg.Get(config.KeyEmbedURL),
		Model:    cfg.Get(config.KeyEmbedModel),
		APIKey:   cfg.Get(config.KeyEmbedAPIKey),
		ModelDir: cfg.Get(config.KeyEmbedModelDir),
		Timeout:  time.Duration(cfg.Float(config.KeyEmbedTimeout) * float64(time.Second)),
	}
	e, err := embed.New(c)
	if errors.Is(err, embed.ErrNotConfigured) {
		return nil, nil
	}
	return e, err
}

// Embedder returns the configured embedder, built (and a static model loaded) on first use; nil
// when semantic search is off.
func (a *App) Embedder() (embed.Embedder, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if !a.embedLoaded {
		a.embedder, a.embedErr = embedderFor(a.cfg)
		a.embedLoaded = true
	}
	return a.embedder, a.embedErr
}

// SetEmbedder replaces the configured embedder, for a measurement comparing providers on one
// App; nil turns semantic search off.
func (a *App) SetEmbedder(e embed.Embedder) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.embedder, a.embedErr, a.embedLoaded = e, nil, true
}

// ReindexReport is what a reindex did (the store's report, named here for front ends).
type ReindexReport = store.ReindexReport

// EmbedRequest is one embedding pass.
type EmbedRequest struct {
	// Full drops every stored vector first and embeds every note again.
	Full bool
}

// EmbedReport is what an embedding pass did and where the vectors stand.
type EmbedReport struct {
	Model    string            `json:"model"`
	Embedded int               `json:"embedded"` // notes embedded by this pass
	Pruned   int               `json:"pruned"`   // vectors dropped: forgotten notes, other models
	Took     time.Duration     `json:"took_ns"`
	Stats    store.VectorStats `json:"vectors"`
}

// Embed brings the vectors in line with the notes: every live note whose vector is missing or
// was made from other text is embedded, in chunks, each stored as it is done.
func (a *App) Embed(ctx context.Context, r EmbedRequest) (EmbedReport, error) {
	e, err := a.Embedder()
	if err != nil {
		return EmbedReport{}, err
	}
	if e == nil {
		return EmbedReport{}, invalidf("semantic search is off: set embed.provider to openai (with embed.url and embed.model) or static (with embed.model_dir) first")
	}
	st, err := a.Store(ctx)
	if err != nil {
		return EmbedReport{}, err
	}
	start := time.Now()
	if r.Full {
		if err := st.DropVectors(ctx); err != nil {
			return EmbedReport{}, err
		}
	}
	rep := EmbedReport{Model: e.ID()}
	jobs, err := st.StaleVectors(ctx, e.ID(), 0)
	if err != nil {
		return rep, err
	}
	if rep.Embedded, err = embedJobs(ctx, st, e, jobs); err != nil {
		return rep, err
	}
	if rep.Pruned, err = st.PruneVectors(ctx, e.ID()); err != nil {
		return rep, err
	}
	rep.Took = time.Since(start)
	rep.Stats, err = st.VectorStats(ctx, e.ID())
	return rep, err
}

// embedJobs embeds and stores jobs chunk by chunk, returning how many were stored.
func embedJobs(ctx context.Context, st *store.Store, e embed.Embedder, jobs []store.VectorJob) (int, error) {
	done := 0
	for start := 0; start < len(jobs); start += embedChunk {
		part := jobs[start:min(start+embedChunk, len(jobs))]
		texts := make([]string, len(part))
		for i, j := range part {
			texts[i] = j.Text
		}
		vecs, err := e.Embed(ctx, texts)
		if err != nil {
			return done, fmt.Errorf("embed notes with %s: %w", e.ID(), err)
		}
		if err := st.PutVectors(ctx, e.ID(), part, vecs); err != nil {
			return done, err
		}
		done += len(part)
	}
	return done, nil
}

// searchOutcome is how a search ranked: "lexical" or "hybrid", and why hybrid was not used when
// it was configured.
type searchOutcome struct {
	hybrid  bool
	warning string
}

// rankedSearch runs one page of search: hybrid when an embedder is configured (and, when
// localOnly, runs in process), else lexical. An embedder that fails (a server down) costs the
// search its vectors, not its answer: the lexical page comes back with a warning.
func (a *App) rankedSearch(ctx context.Context, st *store.Store, o store.SearchOptions, localOnly bool) (store.SearchResult, searchOutcome, error) {
	e, err := a.Embedder()
	if err != nil {
		res, serr := st.Search(ctx, o)
		return res, searchOutcome{warning: "semantic search is off for this search: " + err.Error()}, serr
	}
	if e == nil || localOnly && !e.Local() {
		res, err := st.Search(ctx, o)
		return res, searchOutcome{}, err
	}
	var out searchOutcome
	if e.Local() {
		// Notes written since the last embedding pass are embedded now, when there are few.
		if jobs, err := st.MissingVectors(ctx, e.ID(), lazyEmbedMax+1); err == nil && len(jobs) > 0 && len(jobs) <= lazyEmbedMax {
			if _, err := embedJobs(ctx, st, e, jobs); err != nil {
				out.warning = err.Error()
			}
		}
	}
	qv, err := e.Embed(ctx, []string{o.Query})
	if err != nil {
		res, serr := st.Search(ctx, o)
		return res, searchOutcome{warning: "semantic search is off for this search: " + err.Error()}, serr
	}
	hr, err := st.HybridSearch(ctx, store.HybridOptions{SearchOptions: o, Model: e.ID(), Vector: qv[0]})
	if err != nil {
		return store.SearchResult{}, out, err
	}
	res := store.SearchResult{Hits: make([]store.Hit, len(hr.Hits)), NextCursor: hr.NextCursor}
	for i, h := range hr.Hits {
		res.Hits[i] = h.Hit
	}
	out.hybrid = hr.Vectors > 0
	if !out.hybrid && out.warning == "" {
		out.warning = "no note has a vector yet: run `anamnesis embed`"
	}
	return res, out, nil
}
