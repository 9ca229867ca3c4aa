package app_test

import (
	"context"
	"database/sql"
	"io/fs"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/embed"
	"github.com/anamnesis-go/anamnesis/core/embed/embedtest"
	"github.com/anamnesis-go/anamnesis/core/testcorpus"
)

// These benchmarks measure the cost of semantic search on the 10,000-note corpus with a static
// model of the size of model2vec's potion-base-8M (about 30,000 WordPiece tokens of 256
// dimensions, 30 MB). The table is random, so they measure time and space, not quality: its
// vocabulary is the corpus's own words plus every one- and two-letter continuation piece, so
// tokenization does the work it does on real text.

const benchDim = 256

// benchModel writes the model for the corpus at root into a new directory.
func benchModel(b *testing.B, root string) string {
	b.Helper()
	counts := map[string]int{}
	err := filepath.WalkDir(filepath.Join(root, "memory"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
			return err
		}
		raw, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, w := range strings.FieldsFunc(strings.ToLower(string(raw)), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
			counts[w]++
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	words := make([]string, 0, len(counts))
	for w := range counts {
		words = append(words, w)
	}
	sort.Slice(words, func(i, j int) bool {
		return counts[words[i]] > counts[words[j]] || counts[words[i]] == counts[words[j]] && words[i] < words[j]
	})
	vocab := []string{"[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"}
	for c := 'a'; c <= 'z'; c++ {
		vocab = append(vocab, string(c), "##"+string(c))
		for d := 'a'; d <= 'z'; d++ {
			vocab = append(vocab, "##"+string(c)+string(d))
		}
	}
	for d := '0'; d <= '9'; d++ {
		vocab = append(vocab, string(d), "##"+string(d))
	}
	seen := map[string]bool{}
	for _, v := range vocab {
		seen[v] = true
	}
	for _, w := range words {
		if len(vocab) >= 29_528 { // potion-base-8M's vocabulary size
			break
		}
		if !seen[w] {
			vocab = append(vocab, w)
			seen[w] = true
		}
	}
	r := rand.New(rand.NewSource(11))
	table := make([]float32, len(vocab)*benchDim)
	for i := range table {
		table[i] = float32(r.NormFloat64())
	}
	dir := b.TempDir()
	if err := embedtest.WriteModel(dir, vocab, benchDim, table, nil); err != nil {
		b.Fatal(err)
	}
	return dir
}

// benchApp opens a private copy of the 10k corpus with the static model configured.
func benchApp(b *testing.B) (*app.App, string) {
	b.Helper()
	root := testcorpus.Copy(b, 10_000)
	// ANAMNESIS_BENCH_MODEL measures a real model directory instead of the random one.
	model := os.Getenv("ANAMNESIS_BENCH_MODEL")
	if model == "" {
		model = benchModel(b, root)
	}
	b.Setenv("ANAMNESIS_MACHINE_ID", "bench")
	b.Setenv("ANAMNESIS_GIT_REMOTE", "")
	b.Setenv("ANAMNESIS_EMBED_PROVIDER", "static")
	b.Setenv("ANAMNESIS_EMBED_MODEL_DIR", model)
	a, err := app.New(root, app.Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { a.Close() })
	if _, err := a.Store(context.Background()); err != nil {
		b.Fatal(err)
	}
	return a, model
}

// indexBytes is the index's size on disk once its write-ahead log is folded in.
func indexBytes(b *testing.B, root string) int64 {
	db, err := sql.Open("sqlite", "file:"+filepath.Join(root, "index.db")+"?_pragma=busy_timeout(10000)")
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec("PRAGMA wal_checkpoint(TRUNCATE)"); err != nil {
		b.Fatal(err)
	}
	var n int64
	for _, f := range []string{"index.db", "index.db-wal"} {
		if fi, err := os.Stat(filepath.Join(root, f)); err == nil {
			n += fi.Size()
		}
	}
	return n
}

// BenchmarkEmbedStatic10k embeds and stores every note of the 10k corpus (a full pass, as
// `anamnesis embed --full` runs it), and reports the index's growth.
func BenchmarkEmbedStatic10k(b *testing.B) {
	a, _ := benchApp(b)
	ctx := context.Background()
	before := indexBytes(b, a.Home.Root())
	if _, err := a.Embedder(); err != nil { // the model loads once, outside the timing
		b.Fatal(err)
	}
	var rep app.EmbedReport
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var err error
		if rep, err = a.Embed(ctx, app.EmbedRequest{Full: true}); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	if rep.Embedded != rep.Stats.Notes || rep.Stats.Notes < 9_000 {
		b.Fatalf("embedded %d of %d notes", rep.Embedded, rep.Stats.Notes)
	}
	b.ReportMetric(float64(rep.Stats.Bytes)/1e6, "vector-MB")
	b.ReportMetric(float64(indexBytes(b, a.Home.Root())-before)/1e6, "index-growth-MB")
}

// BenchmarkHybridSearch10k is app.Search with vectors (query embedding, bm25, cosine over every
// vector, fusion, reading the page), warm, as the MCP server runs it.
func BenchmarkHybridSearch10k(b *testing.B) { benchAppSearch(b, true) }

// BenchmarkLexicalSearchApp10k is the same searches with semantic search off, for comparison.
func BenchmarkLexicalSearchApp10k(b *testing.B) { benchAppSearch(b, false) }

func benchAppSearch(b *testing.B, hybrid bool) {
	a, _ := benchApp(b)
	ctx := context.Background()
	if hybrid {
		if _, err := a.Embed(ctx, app.EmbedRequest{}); err != nil {
			b.Fatal(err)
		}
	} else {
		a.SetEmbedder(nil)
	}
	qs := []string{"how do I retry with backoff", "sqlite busy timeout", "why did the release tag fail",
		"grafana alert for p99 latency", "webhook idempotency", "pagination cursor for the api endpoint",
		"ci workflow matrix artifact", "what was decided about the changelog", "memory note capture budget", "deploy"}
	// Warm: the first search loads the vectors.
	if p, err := a.Search(ctx, app.SearchRequest{Query: qs[0]}); err != nil || (p.Ranking == "hybrid") != hybrid {
		b.Fatalf("search: %v, ranking %q", err, p.Ranking)
	}
	samples := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t := time.Now()
		if _, err := a.Search(ctx, app.SearchRequest{Query: qs[i%len(qs)]}); err != nil {
			b.Fatal(err)
		}
		samples = append(samples, time.Since(t))
	}
	b.StopTimer()
	sort.Slice(samples, func(i, j int) bool { return samples[i] < samples[j] })
	b.ReportMetric(float64(samples[len(samples)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(samples[len(samples)*99/100].Microseconds())/1000, "p99-ms")
}

// BenchmarkLoadStaticModel is what a process pays once to load a potion-base-8M-sized model.
func BenchmarkLoadStaticModel(b *testing.B) {
	dir := b.TempDir()
	r := rand.New(rand.NewSource(3))
	vocab := make([]string, 29_528)
	for i := range vocab {
		vocab[i] = strings.Repeat(string(rune('a'+i%26)), 1+i/26%5) + string(rune('a'+i/130%26)) + string(rune('0'+i%10)) + "x" + string(rune('a'+i/3380))
	}
	vocab[0], vocab[1] = "[PAD]", "[UNK]"
	table := make([]float32, len(vocab)*benchDim)
	for i := range table {
		table[i] = float32(r.NormFloat64())
	}
	if err := embedtest.WriteModel(dir, uniq(vocab), benchDim, table[:len(uniq(vocab))*benchDim], nil); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := embed.LoadStatic(dir); err != nil {
			b.Fatal(err)
		}
	}
}

func uniq(v []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range v {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
