package store

import (
	"context"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/testcorpus"
)

// benchWords is gencorpus's vocabulary, so benchmark queries hit the corpus the way real queries
// hit real notes.
var benchWords = strings.Fields(`sqlite wal busy_timeout fts5 bm25 tokenizer porter unicode index reindex schema
	migration git rebase push pull fetch remote tailscale ssh bare repo commit conflict merge branch docker compose
	kubernetes helm deploy rollout canary nginx tls certificate letsencrypt postgres mysql redis cache eviction ttl
	queue kafka nats consumer producer backpressure react nextjs tailwind grid minmax layout css flexbox hydration
	suspense server component python pytest fixture mock monkeypatch uv ruff mypy typing dataclass asyncio go
	goroutine channel context cancel errgroup mutex race pprof benchmark module workspace rust cargo borrow
	lifetime tokio serde clippy auth oauth jwt session cookie csrf cors origin token refresh scope logging tracing
	opentelemetry metrics prometheus grafana alert latency p99 throughput ci github actions workflow matrix
	artifact release tag semver changelog api endpoint pagination cursor ratelimit retry backoff idempotency
	webhook memory note reflect capture inject hook sessionstart precompact transcript budget`)

// benchQueries is a fixed mix: mostly 1–4 keyword searches, with some longer prompt-like ones.
func benchQueries() []string {
	r := rand.New(rand.NewSource(7))
	qs := make([]string, 200)
	for i := range qs {
		n := 1 + r.Intn(4)
		if i%10 == 0 {
			n = 6 + r.Intn(4)
		}
		w := make([]string, n)
		for j := range w {
			w[j] = benchWords[r.Intn(len(benchWords))]
		}
		qs[i] = "how do I " + strings.Join(w, " ")
	}
	return qs
}

func openBench(b *testing.B, n int) *Store {
	b.Helper()
	dir := testcorpus.Cached(b, n)
	s, err := Open(context.Background(), dir, Options{MachineID: "bench"})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	return s
}

// reportPercentiles adds p50 and p99 of the samples as benchmark metrics.
func reportPercentiles(b *testing.B, samples []time.Duration) {
	if len(samples) == 0 {
		return
	}
	sort.Slice(samples, func(i, j int) bool { return samples[i] < samples[j] })
	pct := func(p float64) float64 {
		return float64(samples[int(p*float64(len(samples)-1))].Microseconds()) / 1000
	}
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
}

func benchSearch(b *testing.B, n int, f ...Filter) {
	s := openBench(b, n)
	var filter Filter
	if len(f) > 0 {
		filter = f[0]
	}
	timeSearches(b, s, benchQueries(), filter)
}

// timeSearches times b.N searches of qs in turn, reporting their p50 and p99.
func timeSearches(b *testing.B, s *Store, qs []string, f Filter) {
	ctx := context.Background()
	samples := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t := time.Now()
		if _, err := s.Search(ctx, SearchOptions{Filter: f, Query: qs[i%len(qs)]}); err != nil {
			b.Fatal(err)
		}
		samples = append(samples, time.Since(t))
	}
	b.StopTimer()
	reportPercentiles(b, samples)
}

func BenchmarkSearch10k(b *testing.B) { benchSearch(b, 10_000) }

// BenchmarkSearchAfterWrites10k searches a store that took a few notes after it was opened and
// searched, as a store in use does in the resident server and the MCP server: what it caches
// between searches must still hold after writes (a word's common-or-rare verdict did not, and
// these searches took 6.4-7.7 ms instead of 2.2-2.6).
func BenchmarkSearchAfterWrites10k(b *testing.B) {
	ctx := context.Background()
	s, err := Open(ctx, testcorpus.Copy(b, 10_000), Options{MachineID: "bench"})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	qs := benchQueries()
	for _, q := range qs {
		if _, err := s.Search(ctx, SearchOptions{Query: q}); err != nil {
			b.Fatal(err)
		}
	}
	r := rand.New(rand.NewSource(3))
	for i := 0; i < 10; i++ {
		w := make([]string, 30)
		for j := range w {
			w[j] = benchWords[r.Intn(len(benchWords))]
		}
		in := WriteInput{Type: note.Semantic, Title: strings.Join(w[:4], " "), Body: strings.Join(w, " ")}
		if _, err := s.Write(ctx, in); err != nil {
			b.Fatal(err)
		}
	}
	// Past the window in which the index's stamp cannot vouch for it (see termCountCache).
	time.Sleep(racyWindow + 100*time.Millisecond)
	timeSearches(b, s, qs, Filter{})
}

// BenchmarkSearchProject10k filters by project, as the MCP tools and hooks mostly do: the filter
// must narrow the ranking, never drive it (see rank).
func BenchmarkSearchProject10k(b *testing.B) {
	benchSearch(b, 10_000, Filter{Project: "github.com/acme/service-03"})
}

func BenchmarkSearch100k(b *testing.B) {
	if os.Getenv("ANAMNESIS_BENCH_100K") == "" {
		b.Skip("set ANAMNESIS_BENCH_100K=1 to run the 100,000-note benchmarks")
	}
	benchSearch(b, 100_000)
}

// benchReindexFull times full rebuilds. Besides the wall time it reports the process's CPU time
// per rebuild (cpu-s/op), which other work on a shared machine disturbs far less: the rebuild
// runs on every core, so the two together say whether it waited or worked.
func benchReindexFull(b *testing.B, n int) {
	s := openBench(b, n)
	// Cancellable, as the command's is (it stops on a signal): the SQLite driver treats a
	// context that can be cancelled differently, and the benchmark measures what the command does.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cpu0, cpuOK := processCPU()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rep, err := s.Reindex(ctx, true)
		if err != nil {
			b.Fatal(err)
		}
		if rep.Indexed != n {
			b.Fatalf("indexed %d of %d", rep.Indexed, n)
		}
	}
	b.StopTimer()
	if cpu1, ok := processCPU(); ok && cpuOK {
		b.ReportMetric((cpu1-cpu0)/float64(b.N), "cpu-s/op")
	}
}

func BenchmarkReindexFull10k(b *testing.B) { benchReindexFull(b, 10_000) }

func BenchmarkReindexFull100k(b *testing.B) {
	if os.Getenv("ANAMNESIS_BENCH_100K") == "" {
		b.Skip("set ANAMNESIS_BENCH_100K=1 to run the 100,000-note benchmarks")
	}
	benchReindexFull(b, 100_000)
}

// BenchmarkDriftCheck10k measures the open-time comparison of 10,000 files against the index.
func BenchmarkDriftCheck10k(b *testing.B) {
	s := openBench(b, 10_000)
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rep, err := s.Reindex(ctx, false)
		if err != nil {
			b.Fatal(err)
		}
		if rep.Unchanged != 10_000 {
			b.Fatalf("drift check saw %d unchanged files", rep.Unchanged)
		}
	}
}

// BenchmarkOpen10k is what every command pays before its work: open the index and check drift.
func BenchmarkOpen10k(b *testing.B) {
	dir := testcorpus.Cached(b, 10_000)
	ctx := context.Background()
	if s, err := Open(ctx, dir, Options{}); err != nil {
		b.Fatal(err)
	} else {
		s.Close()
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s, err := Open(ctx, dir, Options{})
		if err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
}

func BenchmarkListAll10k(b *testing.B) {
	s := openBench(b, 10_000)
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p, err := s.List(ctx, ListOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if len(p.Notes) != 10_000 {
			b.Fatalf("listed %d", len(p.Notes))
		}
	}
}

// ageScanRecord makes the last full walk look older than the trust window, as after a minute of
// idleness.
func ageScanRecord(b *testing.B, s *Store) {
	b.Helper()
	rec, ok := s.loadScan(context.Background())
	if !ok {
		b.Fatal("no scan record")
	}
	rec.At = time.Now().Add(-2 * scanTrust).Unix()
	s.storeScan(context.Background(), rec)
}

// benchOpenCold is the first open after the machine sat idle: the trust window has passed.
func benchOpenCold(b *testing.B, mode DriftMode) {
	dir := testcorpus.Cached(b, 10_000)
	ctx := context.Background()
	h := openBench(b, 10_000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		ageScanRecord(b, h)
		b.StartTimer()
		s, err := Open(ctx, dir, Options{Drift: mode})
		if err != nil {
			b.Fatal(err)
		}
		if mode == DriftDeferred && !s.DriftDue() {
			b.Fatal("deferred open after the trust window reports no walk due")
		}
		s.Close()
	}
}

// BenchmarkOpenCold10k: DriftCheck walks every file before answering.
func BenchmarkOpenCold10k(b *testing.B) { benchOpenCold(b, DriftCheck) }

// BenchmarkOpenColdDeferred10k: DriftDeferred checks directories only and leaves the walk due.
func BenchmarkOpenColdDeferred10k(b *testing.B) { benchOpenCold(b, DriftDeferred) }

// BenchmarkOpenAfterWriteDeferred10k is the open that follows a note written through the store
// (a capture, a memory_write): the directory it changed is already on record.
func BenchmarkOpenAfterWriteDeferred10k(b *testing.B) {
	dir := b.TempDir()
	src := testcorpus.Cached(b, 10_000)
	for _, tree := range []string{PortableDir, LocalDir} {
		if err := os.CopyFS(filepath.Join(dir, tree), os.DirFS(filepath.Join(src, tree))); err != nil {
			b.Fatal(err)
		}
	}
	ctx := context.Background()
	w, err := Open(ctx, dir, Options{MachineID: "bench"})
	if err != nil {
		b.Fatal(err)
	}
	defer w.Close()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		if _, err := w.Write(ctx, WriteInput{Type: "episodic", Title: "bench capture", Body: "x"}); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		s, err := Open(ctx, dir, Options{Drift: DriftDeferred})
		if err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
}

// BenchmarkSearchNeighbours10k measures what lending scores to episodic neighbours
// (neighbours.go) adds to a search: the same queries on the same store, without and with it.
func BenchmarkSearchNeighbours10k(b *testing.B) {
	dir := testcorpus.Cached(b, 10_000)
	ctx := context.Background()
	qs := benchQueries()
	for _, pool := range []int{0, DefaultRanking().NeighbourPool} {
		r := DefaultRanking()
		r.NeighbourPool = pool
		s, err := Open(ctx, dir, Options{MachineID: "bench", Ranking: &r})
		if err != nil {
			b.Fatal(err)
		}
		name := "off"
		if pool > 0 {
			name = "on"
		}
		b.Run(name, func(b *testing.B) {
			samples := make([]time.Duration, 0, b.N)
			// CPU time as well: on a shared machine wall time mostly measures the other tenants.
			cpu0, cpuOK := processCPU()
			for i := 0; i < b.N; i++ {
				t := time.Now()
				if _, err := s.Search(ctx, SearchOptions{Query: qs[i%len(qs)]}); err != nil {
					b.Fatal(err)
				}
				samples = append(samples, time.Since(t))
			}
			b.StopTimer()
			if cpu1, ok := processCPU(); ok && cpuOK {
				b.ReportMetric((cpu1-cpu0)*1000/float64(b.N), "cpu-ms/op")
			}
			reportPercentiles(b, samples)
		})
		s.Close()
	}
}

// BenchmarkNeighbourStep10k measures the neighbour step alone (withNeighbours) on the hits of the
// benchmark queries: what it adds to each search, free of the ranking's own variance.
func BenchmarkNeighbourStep10k(b *testing.B) {
	dir := testcorpus.Cached(b, 10_000)
	ctx := context.Background()
	r := DefaultRanking()
	s, err := Open(ctx, dir, Options{MachineID: "bench", Ranking: &r})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	var pages [][]Hit
	var toks [][]term
	for _, q := range benchQueries() {
		toks = append(toks, queryTerms(q, true))
		s.ranking.NeighbourPool = 0
		res, err := s.Search(ctx, SearchOptions{Query: q, K: 12})
		if err != nil {
			b.Fatal(err)
		}
		pages = append(pages, res.Hits)
	}
	s.ranking.NeighbourPool = r.NeighbourPool
	samples := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		page := append([]Hit(nil), pages[i%len(pages)]...)
		t := time.Now()
		if _, err := s.withNeighbours(ctx, page, toks[i%len(pages)], Filter{}); err != nil {
			b.Fatal(err)
		}
		samples = append(samples, time.Since(t))
	}
	b.StopTimer()
	reportPercentiles(b, samples)
}

// BenchmarkSearchExpansion10k measures what searching the other names of a query's concepts
// (expand.go) adds to a search: the same queries on the same store, without and with it. About
// half the benchmark queries name a concept of the lexicon.
func BenchmarkSearchExpansion10k(b *testing.B) {
	dir := testcorpus.Cached(b, 10_000)
	ctx := context.Background()
	qs := benchQueries()
	for _, w := range []float64{0, DefaultRanking().ExpansionWeight} {
		r := DefaultRanking()
		r.ExpansionWeight = w
		s, err := Open(ctx, dir, Options{MachineID: "bench", Ranking: &r})
		if err != nil {
			b.Fatal(err)
		}
		name := "off"
		if w > 0 {
			name = "on"
		}
		b.Run(name, func(b *testing.B) {
			samples := make([]time.Duration, 0, b.N)
			// CPU time as well: on a shared machine wall time mostly measures the other tenants.
			cpu0, cpuOK := processCPU()
			for i := 0; i < b.N; i++ {
				t := time.Now()
				if _, err := s.Search(ctx, SearchOptions{Query: qs[i%len(qs)]}); err != nil {
					b.Fatal(err)
				}
				samples = append(samples, time.Since(t))
			}
			b.StopTimer()
			if cpu1, ok := processCPU(); ok && cpuOK {
				b.ReportMetric((cpu1-cpu0)*1000/float64(b.N), "cpu-ms/op")
			}
			reportPercentiles(b, samples)
		})
		s.Close()
	}
}

// BenchmarkExpansionStep10k measures the expansion step alone (withExpansions) on the bm25 pages
// of the benchmark queries, those that name no concept included (they cost nothing): what it adds
// to each search, free of the ranking's own variance.
func BenchmarkExpansionStep10k(b *testing.B) {
	dir := testcorpus.Cached(b, 10_000)
	ctx := context.Background()
	r := DefaultRanking()
	s, err := Open(ctx, dir, Options{MachineID: "bench", Ranking: &r})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	const need = 13
	var pages [][]Hit
	var toks [][]term
	for _, q := range benchQueries() {
		ts := queryTerms(q, true)
		match, err := s.matchFor(ctx, ts)
		if err != nil {
			b.Fatal(err)
		}
		page, err := s.rankPage(ctx, match, Filter{}, need)
		if err != nil {
			b.Fatal(err)
		}
		toks, pages = append(toks, ts), append(pages, page)
	}
	samples := make([]time.Duration, 0, b.N)
	cpu0, cpuOK := processCPU()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		page := append([]Hit(nil), pages[i%len(pages)]...)
		t := time.Now()
		if _, _, err := s.withExpansions(ctx, page, toks[i%len(pages)], Filter{}, need); err != nil {
			b.Fatal(err)
		}
		samples = append(samples, time.Since(t))
	}
	b.StopTimer()
	if cpu1, ok := processCPU(); ok && cpuOK {
		b.ReportMetric((cpu1-cpu0)*1000/float64(b.N), "cpu-ms/op")
	}
	reportPercentiles(b, samples)
}
