package hooks

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/store"
	"github.com/anamnesis-go/anamnesis/core/testcorpus"
	"github.com/anamnesis-go/anamnesis/hookcli/resident"
)

var (
	corpusOnce sync.Once
	corpusHome string
	corpusErr  error
)

// corpusStore is a private copy of the shared generator's 10,000-note store, indexed once. The
// copy lives in its own temporary directory (removed by TestMain) rather than testcorpus.Copy's
// b.TempDir, which is removed after every run of a benchmark: the hooks write into this home.
func corpusStore(b *testing.B) string {
	b.Helper()
	src := testcorpus.Cached(b, 10000)
	corpusOnce.Do(func() {
		if corpusHome, corpusErr = os.MkdirTemp("", "anamnesis-bench-"); corpusErr != nil {
			return
		}
		for _, tree := range []string{store.PortableDir, store.LocalDir} {
			if corpusErr = os.CopyFS(filepath.Join(corpusHome, tree), os.DirFS(filepath.Join(src, tree))); corpusErr != nil {
				return
			}
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
	benchProcess(b, "", func(int) hookRun { return runHookProcess(b, home, event, stdin) })
}

// benchProcess times run (one whole process) per iteration, requires exit 0 and, if want is set,
// stdout containing it, and reports the median wall time.
func benchProcess(b *testing.B, want string, run func(i int) hookRun) {
	var times []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		r := run(i)
		times = append(times, time.Since(start))
		if r.code != 0 {
			b.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		if want != "" && !strings.Contains(r.stdout, want) {
			b.Fatalf("stdout lacks %q: %s", want, r.stdout)
		}
	}
	b.StopTimer()
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "ms-median")
}

// BenchmarkSearchCommand10k is "anamnesis --home HOME search QUERY --json" as a whole process on
// the 10,000-note store, over a few short queries in the corpus's vocabulary.
func BenchmarkSearchCommand10k(b *testing.B) {
	home := corpusStore(b)
	queries := []string{"sqlite wal busy_timeout", "redis cache eviction", "kubernetes helm rollout", "git rebase conflict", "pytest", "oauth jwt refresh token"}
	benchProcess(b, `"results"`, func(i int) hookRun {
		cmd := exec.Command(binary, "--home", home, "search", queries[i%len(queries)], "--json")
		cmd.Env = append(os.Environ(), "ANAMNESIS_MACHINE_ID=test", "ANAMNESIS_GIT_REMOTE=")
		var out, errb strings.Builder
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return hookRun{ee.ExitCode(), out.String(), errb.String()}
		} else if err != nil {
			b.Fatal(err)
		}
		return hookRun{0, out.String(), errb.String()}
	})
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

// benchFrontDoor runs "anamnesis-hook hook <event>" as a whole process per iteration, answered by
// a resident server already running for the store: what Claude Code waits for on every hook after
// the first of a session.
func benchFrontDoor(b *testing.B, event, stdin string) {
	home := corpusStore(b)
	runServer(b, home)
	benchProcess(b, "", func(int) hookRun { return runFrontDoor(b, home, event, stdin) })
}

// runServer starts the resident server for home and stops it when the benchmark ends.
func runServer(b *testing.B, home string) {
	srv := exec.Command(binary, "--home", home, "hook-server")
	srv.Env = append(os.Environ(), "ANAMNESIS_HOME="+home, "ANAMNESIS_MACHINE_ID=test", "ANAMNESIS_GIT_REMOTE=")
	if err := srv.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		_ = srv.Process.Signal(os.Interrupt)
		_ = srv.Wait()
	})
	sock := serverSocket(b, home)
	for deadline := time.Now().Add(30 * time.Second); !exists(sock); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			b.Fatal("the hook server did not start")
		}
	}
}

// BenchmarkFrontDoorSearch10k is "anamnesis --home HOME search QUERY --json" as a user or a script
// runs it, answered by a running server: the queries of BenchmarkSearchCommand10k.
func BenchmarkFrontDoorSearch10k(b *testing.B) {
	home := corpusStore(b)
	runServer(b, home)
	queries := []string{"sqlite wal busy_timeout", "redis cache eviction", "kubernetes helm rollout", "git rebase conflict", "pytest", "oauth jwt refresh token"}
	benchProcess(b, `"results"`, func(i int) hookRun {
		return runProcess(b, userDoor, home, []string{"--home", home, "search", queries[i%len(queries)], "--json"}, "")
	})
}

func BenchmarkFrontDoorPrompt10k(b *testing.B) {
	home := corpusStore(b)
	benchFrontDoor(b, "prompt", payload(map[string]any{"cwd": filepath.Join(home, "proj"),
		"prompt": "why does the sqlite wal busy_timeout migration fail after the git rebase?"}))
}

func BenchmarkFrontDoorSessionStart10k(b *testing.B) {
	home := corpusStore(b)
	benchFrontDoor(b, "session-start", payload(map[string]any{"session_id": "bench", "cwd": filepath.Join(home, "proj"), "source": "startup"}))
}

// BenchmarkServedPrompt10k is the resident server's own work for one prompt hook, in process:
// what a hook costs beyond starting anamnesis-hook and the socket round trip.
func BenchmarkServedPrompt10k(b *testing.B) {
	home := corpusStore(b)
	b.Setenv("ANAMNESIS_MACHINE_ID", "test")
	b.Setenv("ANAMNESIS_GIT_REMOTE", "")
	in := []byte(payload(map[string]any{"cwd": filepath.Join(home, "proj"),
		"prompt": "why does the sqlite wal busy_timeout migration fail after the git rebase?"}))
	s := &server{dir: home}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		resp := s.handle(context.Background(), resident.Request{Event: "prompt", Stdin: in})
		if !strings.Contains(string(resp.Stdout), "additionalContext") {
			b.Fatalf("no answer: %s %s", resp.Stdout, resp.Stderr)
		}
	}
}
