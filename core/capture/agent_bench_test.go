package capture

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// BenchmarkParseAgents parses each real session file once per iteration.
func BenchmarkParseAgents(b *testing.B) {
	for _, tc := range []struct {
		file  string
		parse func([]byte) (*Session, error)
	}{
		{"codex-memory-tools.jsonl", bytesParser(ParseCodex)},
		{"gemini-shell-command.jsonl", bytesParser(ParseGemini)},
	} {
		data, err := os.ReadFile(filepath.Join("testdata", "agents", tc.file))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(tc.file, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := tc.parse(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkDiscoverCodex is a sweep of a Codex directory holding 1,000 rollout files of which 10
// changed since the last look: the cost every sync cycle pays for a watched agent.
func BenchmarkDiscoverCodex(b *testing.B) {
	root := b.TempDir()
	data, err := os.ReadFile(filepath.Join("testdata", "agents", "codex-exec-command.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	old := time.Now().Add(-48 * time.Hour)
	for i := range 1000 {
		dir := filepath.Join(root, "sessions", "2026", "11", fmt.Sprintf("%02d", 1+i%28))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			b.Fatal(err)
		}
		p := filepath.Join(dir, fmt.Sprintf("rollout-%04d.jsonl", i))
		if err := os.WriteFile(p, bytes.Clone(data), 0o600); err != nil {
			b.Fatal(err)
		}
		if i >= 10 {
			if err := os.Chtimes(p, old, old); err != nil {
				b.Fatal(err)
			}
		}
	}
	since := time.Now().Add(-time.Hour)
	for b.Loop() {
		got, err := Discover(context.Background(), AgentCodex, root, since)
		if err != nil || len(got) != 10 {
			b.Fatalf("%d sessions, %v", len(got), err)
		}
	}
}
