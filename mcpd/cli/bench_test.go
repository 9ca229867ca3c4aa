package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/store"
	"github.com/anamnesis-go/anamnesis/core/testcorpus"
)

// The benchmarks measure the binary as Claude Code meets it: a process on pipes, spoken to in
// raw JSON-RPC so that no client library's own work is counted. They report the median (p50-ms)
// and 95th percentile (p95-ms) of the measured interval, and the server's resident memory.
// Targets (README): tools/call memory_search p50 <= 3 ms on 10,000 notes; start to first answer
// <= 50 ms; resident memory <= 40 MB.

const corpusSize = 10000

var (
	corpusOnce sync.Once
	corpusDir  string
	corpusErr  error
)

// corpus is a private copy of the shared generator's 10,000-note store, indexed once by a first
// server run. The server writes into its home, so it gets a copy of its own, in a temporary
// directory that outlives each benchmark run (TestMain removes it).
func corpus(b *testing.B) string {
	b.Helper()
	src := testcorpus.Cached(b, corpusSize)
	corpusOnce.Do(func() {
		corpusDir, corpusErr = os.MkdirTemp("", "anamnesis-corpus-")
		if corpusErr != nil {
			return
		}
		for _, tree := range []string{store.PortableDir, store.LocalDir} {
			if corpusErr = os.CopyFS(filepath.Join(corpusDir, tree), os.DirFS(filepath.Join(src, tree))); corpusErr != nil {
				return
			}
		}
		// The first open builds the index; benchmarks measure a store in its steady state.
		rc, err := startRaw(corpusDir)
		if err == nil {
			_, err = rc.handshake()
			rc.close()
		}
		corpusErr = err
	})
	if corpusErr != nil {
		b.Fatal(corpusErr)
	}
	return corpusDir
}

// rawClient speaks newline-delimited JSON-RPC to one server process, one request at a time.
type rawClient struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	nextID int
}

func startRaw(home string) (*rawClient, error) {
	cmd := serverCmd(home, "m-bench")
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return &rawClient{cmd: cmd, in: in, out: bufio.NewReaderSize(out, 1<<20)}, nil
}

func (c *rawClient) request(method string, params any) (map[string]any, error) {
	c.nextID++
	msg, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": c.nextID, "method": method, "params": params})
	if _, err := c.in.Write(append(msg, '\n')); err != nil {
		return nil, err
	}
	for {
		line, err := c.out.ReadBytes('\n')
		if err != nil {
			return nil, fmt.Errorf("read %s response: %w", method, err)
		}
		var m map[string]any
		if err := json.Unmarshal(line, &m); err != nil {
			return nil, err
		}
		if id, ok := m["id"].(float64); ok && int(id) == c.nextID {
			if e, ok := m["error"]; ok {
				return nil, fmt.Errorf("%s: %v", method, e)
			}
			return m["result"].(map[string]any), nil
		}
	}
}

func (c *rawClient) handshake() (map[string]any, error) {
	res, err := c.request("initialize", map[string]any{"protocolVersion": "2025-11-25", "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "bench", "version": "0"}})
	if err != nil {
		return nil, err
	}
	_, err = c.in.Write([]byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n"))
	return res, err
}

// close ends the session the way a client does, by closing stdin, and reaps the process.
func (c *rawClient) close() {
	_ = c.in.Close()
	_ = c.cmd.Wait() // the exit status of a server told to stop is not what is measured
}

// rssMB reads the process's resident set (VmRSS) and its peak (VmHWM) from /proc.
func rssMB(pid int) (rss, peak float64) {
	data, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "status"))
	if err != nil {
		return 0, 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) >= 2 && (f[0] == "VmRSS:" || f[0] == "VmHWM:") {
			kb, _ := strconv.ParseFloat(f[1], 64)
			if f[0] == "VmRSS:" {
				rss = kb / 1024
			} else {
				peak = kb / 1024
			}
		}
	}
	return rss, peak
}

func reportPercentiles(b *testing.B, d []time.Duration) {
	if len(d) == 0 {
		return
	}
	slices.Sort(d)
	ms := func(q float64) float64 { return float64(d[int(q*float64(len(d)-1))]) / float64(time.Millisecond) }
	b.ReportMetric(ms(0.50), "p50-ms")
	b.ReportMetric(ms(0.95), "p95-ms")
}

// BenchmarkStdioSearch is one tools/call memory_search round trip over stdio on 10,000 notes.
// "keywords" are realistic multi-word queries over the corpus vocabulary (each word matches
// thousands of notes); "no-match" searches a word no note has, which leaves only the transport,
// MCP and validation cost.
func BenchmarkStdioSearch(b *testing.B) {
	home := corpus(b)
	for _, bc := range []struct {
		name    string
		queries []string
	}{
		{"keywords", []string{"sqlite busy_timeout locked", "git rebase conflict remote", "kubernetes helm rollout canary",
			"react hydration suspense", "oauth jwt refresh token", "retry backoff idempotency webhook",
			"goroutine context cancel errgroup", "prometheus latency p99 alert"}},
		{"no-match", []string{"zeppelin", "quasar", "marzipan"}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			c, err := startRaw(home)
			if err != nil {
				b.Fatal(err)
			}
			defer c.close()
			if _, err := c.handshake(); err != nil {
				b.Fatal(err)
			}
			search := func(i int) error {
				res, err := c.request("tools/call", map[string]any{"name": "memory_search", "arguments": map[string]any{"query": bc.queries[i%len(bc.queries)]}})
				if err == nil && res["isError"] == true {
					err = fmt.Errorf("memory_search failed: %v", res["content"])
				}
				return err
			}
			for i := 0; i < 10; i++ { // warm the page cache and the connection pool
				if err := search(i); err != nil {
					b.Fatal(err)
				}
			}
			var d []time.Duration
			i := 0
			for b.Loop() {
				t0 := time.Now()
				if err := search(i); err != nil {
					b.Fatal(err)
				}
				d = append(d, time.Since(t0))
				i++
			}
			reportPercentiles(b, d)
			rss, peak := rssMB(c.cmd.Process.Pid)
			b.ReportMetric(rss, "rss-MB")
			b.ReportMetric(peak, "peak-rss-MB")
		})
	}
}

// BenchmarkStart is process start to the first answered request (initialize), on an empty store
// and on the 10,000-note store; "10k-first-call" runs on to the first answered memory_status,
// which waits for the background store open (including its file-versus-index drift check).
func BenchmarkStart(b *testing.B) {
	empty := b.TempDir()
	c, err := startRaw(empty) // create the store and its index once
	if err != nil {
		b.Fatal(err)
	}
	_, err = c.handshake()
	c.close()
	if err != nil {
		b.Fatal(err)
	}
	for _, s := range []struct {
		name      string
		home      func() string
		firstCall bool
	}{
		{"empty", func() string { return empty }, false},
		{"10k", func() string { return corpus(b) }, false},
		{"10k-first-call", func() string { return corpus(b) }, true},
	} {
		b.Run(s.name, func(b *testing.B) {
			home := s.home()
			var d []time.Duration
			var rss float64
			for b.Loop() {
				t0 := time.Now()
				c, err := startRaw(home)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := c.handshake(); err != nil {
					b.Fatal(err)
				}
				if s.firstCall {
					if _, err := c.request("tools/call", map[string]any{"name": "memory_status", "arguments": map[string]any{}}); err != nil {
						b.Fatal(err)
					}
				}
				d = append(d, time.Since(t0))
				rss, _ = rssMB(c.cmd.Process.Pid)
				c.close()
			}
			reportPercentiles(b, d)
			b.ReportMetric(rss, "rss-MB")
		})
	}
}
