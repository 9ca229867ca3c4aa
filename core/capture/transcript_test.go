package capture

import (
	"bytes"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func parseFixture(t *testing.T, name string) *Session {
	t.Helper()
	s, err := ParseFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestParseToolUses(t *testing.T) {
	s := parseFixture(t, "tools.jsonl")
	if s.ID != "5f1c2d3e-0000-4000-8000-00000000abcd" || s.Cwd != "/home/u/src/proj" || s.Branch != "main" {
		t.Errorf("id/cwd/branch = %q %q %q", s.ID, s.Cwd, s.Branch)
	}
	wantAsks := []string{
		"Fix the flaky WAL test in core/store and make busy_timeout configurable.\nIt fails one run in ten.",
		"Also run the whole suite with the race detector.",
	}
	if !reflect.DeepEqual(s.Asks, wantAsks) {
		t.Errorf("asks = %q, want %q (meta lines, command tags, interrupts, injected context and subagent prompts excluded)", s.Asks, wantAsks)
	}
	wantFiles := []string{
		"/home/u/src/proj/core/store/store.go",
		"/home/u/src/proj/core/store/store_test.go",
		"/home/u/src/proj/core/store/wal_test.go",
		"/home/u/src/proj/bench.ipynb",
	}
	if !reflect.DeepEqual(s.Files, wantFiles) {
		t.Errorf("files = %q, want %q (the failed Edit of README.md and the subagent's Write excluded)", s.Files, wantFiles)
	}
	wantCmds := []string{"go test -race ./core/store/ -run WAL -count=20", "export MY_APP_TOKEN=abc123xyz && go test ./..."}
	if !reflect.DeepEqual(s.Commands, wantCmds) {
		t.Errorf("commands = %q, want %q", s.Commands, wantCmds)
	}
	if !strings.HasPrefix(s.Outcome, "Done: busy_timeout is now configurable") {
		t.Errorf("outcome = %q", s.Outcome)
	}
	if !reflect.DeepEqual(s.Slash, []string{"/cost"}) {
		t.Errorf("slash = %q", s.Slash)
	}
}

func TestParseCompaction(t *testing.T) {
	s := parseFixture(t, "compaction.jsonl")
	if s.Compactions != 1 {
		t.Errorf("compactions = %d, want 1", s.Compactions)
	}
	want := []string{"Refactor the sync engine to retry pushes.", "Now add a backoff with jitter."}
	if !reflect.DeepEqual(s.Asks, want) {
		t.Errorf("asks = %q, want %q (the compaction summary is not an ask)", s.Asks, want)
	}
	if s.Outcome != "Added exponential backoff with full jitter; pushes retry 5 times." || s.Branch != "feature/x" {
		t.Errorf("outcome %q branch %q", s.Outcome, s.Branch)
	}
}

func TestParseGarbage(t *testing.T) {
	s := parseFixture(t, "garbage.jsonl")
	if len(s.Asks) != 2 || s.Asks[0] != "Explain the café menu parser, please" {
		t.Fatalf("asks = %q", s.Asks)
	}
	if !strings.Contains(s.Asks[1], "\uFFFD") || !strings.HasPrefix(s.Asks[1], "Bad bytes follow:") {
		t.Errorf("invalid UTF-8 should become U+FFFD, got %q", s.Asks[1])
	}
	if s.Outcome != "It tokenizes, then matches dishes." {
		t.Errorf("outcome = %q (a half-written last line must not count)", s.Outcome)
	}
	if s.Branch != "" {
		t.Errorf("a detached HEAD is no branch, got %q", s.Branch)
	}
	if s.Skipped != 5 {
		t.Errorf("skipped = %d, want 5", s.Skipped)
	}
}

func TestParseHugeLineIsSkipped(t *testing.T) {
	var b bytes.Buffer
	b.WriteString(`{"type":"user","uuid":"h1","sessionId":"S","message":{"content":"` + strings.Repeat("x", MaxLine+10) + `"}}` + "\n")
	b.WriteString(`{"type":"user","uuid":"h2","sessionId":"S","message":{"content":"after the huge line"}}` + "\n")
	s, err := Parse(&b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(s.Asks, []string{"after the huge line"}) {
		t.Errorf("asks = %v", s.Asks)
	}
}

func TestSummarizeLayout(t *testing.T) {
	s := parseFixture(t, "tools.jsonl")
	title, body := Summarize(s, "")
	if title != "Fix the flaky WAL test in core/store and make busy_timeout configurable." {
		t.Errorf("title = %q", title)
	}
	for _, want := range []string{
		"**Ask:** Fix the flaky WAL test", "\n\n**Later asks:**\n\n- Also run the whole suite",
		"\n\n**Branch:** main\n\n", "**Files changed (4):**\n\n- `/home/u/src/proj/core/store/store.go`",
		"\n\n**Commands run (2):**\n\n- `go test -race ./core/store/ -run WAL -count=20`",
		"\n\n**Outcome:** Done: busy_timeout",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("body lacks %q:\n%s", want, body)
		}
	}
	long := &Session{Asks: []string{strings.Repeat("word ", 300)}}
	title, body = Summarize(long, "the reply from Stop")
	if n := len([]rune(title)); n > titleMax {
		t.Errorf("title has %d runes, max %d", n, titleMax)
	}
	if !strings.Contains(body, " ...\n\n") || !strings.Contains(body, "**Outcome:** the reply from Stop") {
		t.Errorf("ask not clipped or outcome override ignored:\n%s", body)
	}
}
