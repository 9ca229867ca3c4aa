package cli

import (
	"bufio"
	"fmt"
	"testing"
	"time"
)

// BenchmarkCompat is one tools/call round trip over stdio of the compat profile's tools, on the
// 10,000-note corpus plus 100 named memories of the server's project: read_memory (a tag lookup
// and a file read), write_memory over an existing name (lookup, atomic rewrite, index update),
// search_memories listing and searching.
func BenchmarkCompat(b *testing.B) {
	home := corpus(b)
	cmd := serverCmd(home, "m-bench", "serve", "--profile", "compat")
	cmd.Dir = b.TempDir()
	in, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	c := &rawClient{cmd: cmd, in: in, out: bufio.NewReaderSize(out, 1<<20)}
	defer c.close()
	if _, err := c.handshake(); err != nil {
		b.Fatal(err)
	}
	callOK := func(name string, args map[string]any) error {
		res, err := c.request("tools/call", map[string]any{"name": name, "arguments": args})
		if err == nil && res["isError"] == true {
			err = fmt.Errorf("%s failed: %v", name, res["content"])
		}
		return err
	}
	for i := range 100 {
		if err := callOK("write_memory", map[string]any{"name": fmt.Sprintf("topic-%03d", i),
			"content": fmt.Sprintf("Convention %d: run the migrations with --lock-timeout before deploying.", i)}); err != nil {
			b.Fatal(err)
		}
	}
	for _, bc := range []struct {
		name string
		tool string
		args func(i int) map[string]any
	}{
		{"read_memory", "read_memory", func(i int) map[string]any { return map[string]any{"name": fmt.Sprintf("topic-%03d", i%100)} }},
		{"write_memory-replace", "write_memory", func(i int) map[string]any {
			return map[string]any{"name": fmt.Sprintf("topic-%03d", i%100), "content": fmt.Sprintf("Revised %d.", i)}
		}},
		{"search_memories-list", "search_memories", func(int) map[string]any { return map[string]any{} }},
		{"search_memories-query", "search_memories", func(int) map[string]any { return map[string]any{"query": "migrations lock timeout"} }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var d []time.Duration
			i := 0
			for b.Loop() {
				t0 := time.Now()
				if err := callOK(bc.tool, bc.args(i)); err != nil {
					b.Fatal(err)
				}
				d = append(d, time.Since(t0))
				i++
			}
			reportPercentiles(b, d)
		})
	}
}
