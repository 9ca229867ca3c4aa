package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// clientWarnChars is Claude Code's warning threshold for one tool result (10,000 tokens; it cuts
// at 25,000, MAX_MCP_OUTPUT_TOKENS), at the four characters a token the budgets use.
const clientWarnChars = 10_000 * 4

// TestHugeNoteOverMCP: a store holding one 50 MB note (a pasted log) answers every reading tool
// through the real protocol with a result under Claude Code's warning threshold; the trimmed body
// says how much is left and how to read it, and memory_get reads the note back whole, window by
// window, each window bounded too.
func TestHugeNoteOverMCP(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping: writes and reads a 50 MB note")
	}
	home := t.TempDir()
	s := connect(t, home, "m1", "")
	line := "2026-11-23T10:00:00Z worker-7 ERROR kafka consumer rebalance timeout partition=%d\n"
	var b strings.Builder
	for i := 0; b.Len() < 50<<20; i++ {
		fmt.Fprintf(&b, line, i)
	}
	body := b.String()
	var w struct {
		ID string `json:"id"`
	}
	// Indexing 50 MB takes a while on a loaded machine: this one call gets minutes, not seconds.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	wr, err := s.CallTool(ctx, &mcp.CallToolParams{Name: "memory_write", Arguments: map[string]any{"type": "episodic", "title": "Pasted worker log", "body": body}})
	if err != nil {
		t.Fatalf("memory_write of 50 MB: %v", err)
	}
	if wr.IsError {
		t.Fatalf("memory_write of 50 MB: %s", resultText(wr))
	}
	sc, _ := json.Marshal(wr.StructuredContent)
	if err := json.Unmarshal(sc, &w); err != nil || w.ID == "" {
		t.Fatalf("memory_write answered %.300s", sc)
	}
	for i := 0; i < 3; i++ {
		okJSON(t, s, "memory_write", map[string]any{"type": "semantic", "title": fmt.Sprintf("Kafka rebalance note %d", i),
			"body": "Raise max.poll.interval.ms when a consumer rebalance timeout repeats."}, &struct{}{})
	}

	// size is what reaches the model: Claude Code gives it structuredContent when present, else
	// the text. Both are checked, since a client may show either.
	size := func(name string, args map[string]any) (int, string) {
		t.Helper()
		res := call(t, s, name, args)
		if res.IsError {
			t.Fatalf("%s: %s", name, resultText(res))
		}
		text := resultText(res)
		n := utf8.RuneCountInString(text)
		if res.StructuredContent != nil {
			sc, _ := json.Marshal(res.StructuredContent)
			n = max(n, utf8.RuneCount(sc))
		}
		return n, text
	}
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{"memory_search", map[string]any{"query": "kafka rebalance timeout"}},
		{"memory_search", map[string]any{"query": "kafka rebalance timeout", "k": 50}},
		{"memory_list", map[string]any{"limit": 500}},
		{"memory_recall", map[string]any{"query": "kafka rebalance timeout", "budget_tokens": 8000}},
		{"memory_get", map[string]any{"id": w.ID, "max_chars": 30000}},
	} {
		n, _ := size(c.tool, c.args)
		t.Logf("%s %v: %d characters", c.tool, c.args, n)
		if n > clientWarnChars {
			t.Errorf("%s answered %d characters, over Claude Code's warning threshold (%d)", c.tool, n, clientWarnChars)
		}
	}

	var pg page
	okJSON(t, s, "memory_search", map[string]any{"query": "worker log kafka"}, &pg)
	var hit *note
	for i := range pg.Results {
		if pg.Results[i].ID == w.ID {
			hit = &pg.Results[i]
		}
	}
	if hit == nil || hit.Body == nil {
		t.Fatalf("the huge note is not among the search results: %+v", pg.Results)
	}
	left := utf8.RuneCountInString(body) - 8000
	marker := fmt.Sprintf("%d more characters not shown", left)
	if !strings.Contains(*hit.Body, marker) || !strings.Contains(*hit.Body, `memory_get {"id": "`+w.ID+`", "offset": 8000}`) {
		t.Fatalf("the trimmed body lacks the marker %q and the memory_get call; it ends %q", marker, tail(*hit.Body, 300))
	}

	// Reading on from the marker's offset returns the rest in windows that add up to the body.
	// Only a sample of windows is fetched: the whole note is 1,700 windows.
	type window struct {
		Body       string `json:"body"`
		Offset     int    `json:"offset"`
		TotalChars int    `json:"total_chars"`
		NextOffset int    `json:"next_offset"`
	}
	runes := []rune(body)
	for _, off := range []int{8000, len(runes) / 2, len(runes) - 1000} {
		var got window
		okJSON(t, s, "memory_get", map[string]any{"id": w.ID, "offset": off, "max_chars": 30000}, &got)
		end := min(off+30000, len(runes))
		if got.Body != string(runes[off:end]) || got.TotalChars != len(runes) {
			t.Fatalf("window at %d: %d characters of %d, not the body's", off, utf8.RuneCountInString(got.Body), got.TotalChars)
		}
		if wantNext := end; (end < len(runes)) != (got.NextOffset == wantNext) {
			t.Fatalf("window at %d: next_offset %d, want %d", off, got.NextOffset, wantNext)
		}
	}
	res := call(t, s, "memory_get", map[string]any{"id": w.ID, "offset": len(runes) + 1})
	if !res.IsError || !strings.Contains(resultText(res), "offset must be at most") {
		t.Fatalf("an offset past the end: %s", resultText(res))
	}
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[len(s)-n:]
}
