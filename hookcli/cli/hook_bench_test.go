package cli

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/store"
)

var (
	corpusOnce sync.Once
	corpusHome string
	corpusErr  error
)

// corpusStore is a 10,000-note store made by the shared generator, indexed once.
func corpusStore(b *testing.B) string {
	b.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		b.Skip("python3 is not installed: skipping the 10,000-note benchmarks")
	}
	gen := "/work/shared/tools/gencorpus.py"
	if p := os.Getenv("ANAMNESIS_GENCORPUS"); p != "" {
		gen = p
	}
	if _, err := os.Stat(gen); err != nil {
		b.Skip("gencorpus.py not found (set ANAMNESIS_GENCORPUS): skipping the 10,000-note benchmarks")
	}
	corpusOnce.Do(func() {
		if corpusHome, corpusErr = os.MkdirTemp("", "anamnesis-bench-"); corpusErr != nil {
			return
		}
		if out, err := exec.Command("python3", gen, corpusHome, "10000").CombinedOutput(); err != nil {
			corpusErr = &exec.ExitError{Stderr: out}
			return
		}
		st, err := store.Open(context.Background(), corpusHome, store.Options{})
		if err != nil {
			corpusErr = err
			return
		}
		st.Close()
		os.MkdirAll(filepath.Join(corpusHome, "proj", ".anamnesis"), 0o755)
		os.WriteFile(filepath.Join(corpusHome, "proj", ".anamnesis", "project"), []byte("github.com/acme/service-03\n"), 0o644)
	})
	if corpusErr != nil {
		b.Fatal(corpusErr)
	}
	return corpusHome
}

// benchHook runs the hook as a whole process per iteration and reports the median wall time,
// which is what a user waits for; the mean (ns/op) is skewed by the odd scheduling hiccup.
func benchHook(b *testing.B, home, event, stdin string) {
	var times []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		r := runHookProcess(b, home, event, stdin)
		times = append(times, time.Since(start))
		if r.code != 0 {
			b.Fatalf("exit %d: %s", r.code, r.stderr)
		}
	}
	b.StopTimer()
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "ms-median")
}

func BenchmarkHookSessionStart10k(b *testing.B) {
	home := corpusStore(b)
	benchHook(b, home, "session-start", payload(map[string]any{"session_id": "bench", "cwd": filepath.Join(home, "proj"), "source": "startup"}))
}

func BenchmarkHookPrompt10k(b *testing.B) {
	home := corpusStore(b)
	// No session id: nothing is remembered as given, so every run does the full search and pack.
	benchHook(b, home, "prompt", payload(map[string]any{"cwd": filepath.Join(home, "proj"),
		"prompt": "why does the sqlite wal busy_timeout migration fail after the git rebase?"}))
}

func BenchmarkHookEnqueue(b *testing.B) {
	home := corpusStore(b)
	// A transcript that does not exist: the spawned drainer discards the entry at once.
	benchHook(b, home, "session-end", payload(map[string]any{"session_id": "bench-end", "cwd": filepath.Join(home, "proj"),
		"transcript_path": filepath.Join(home, "gone.jsonl"), "reason": "other"}))
}

// BenchmarkProcessBaseline is the floor under every hook figure: starting the binary and doing
// nothing ("anamnesis version"), on the same machine at the same time.
func BenchmarkProcessBaseline(b *testing.B) {
	var times []time.Duration
	for i := 0; i < b.N; i++ {
		start := time.Now()
		if err := exec.Command(binary, "version").Run(); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(start))
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "ms-median")
}
