package app_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/capture"
	"github.com/anamnesis-go/anamnesis/core/note"
)

// transcript writes a session worth a note (a file edited, a command run) whose ask carries the
// planted secret, and returns its path.
func transcript(t *testing.T, session string) string {
	t.Helper()
	uuid := 0
	line := func(typ, msg string) string {
		uuid++
		return fmt.Sprintf(`{"sessionId":%q,"cwd":"/nonexistent/proj","type":%q,"uuid":"u%d","message":%s}`, session, typ, uuid, msg)
	}
	lines := []string{
		line("user", `{"role":"user","content":"Fix the flaky WAL test; the token is `+secret+`"}`),
		line("assistant", `{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"go test -race ./core/store -run WAL -count=20"}}]}`),
		line("assistant", `{"role":"assistant","content":[{"type":"tool_use","id":"t2","name":"Edit","input":{"file_path":"/nonexistent/proj/core/store/open.go","old_string":"a","new_string":"b"}}]}`),
		line("assistant", `{"role":"assistant","content":[{"type":"text","text":"Set busy_timeout to 5000 ms in open.go; the test passes 20 of 20."}]}`),
	}
	p := filepath.Join(t.TempDir(), session+".jsonl")
	if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestDrainSummarizesSessionsWithTheModel: with an HTTP provider configured, the drain worker has
// the model write a session's note (redacted input, prov_model recorded); a malformed answer or a
// failing provider writes the heuristic note and says why; capture.summarize=off and per-turn Stop
// captures send nothing.
func TestDrainSummarizesSessionsWithTheModel(t *testing.T) {
	good := `{"title": "Fixed the flaky WAL test with busy_timeout", "body": "Set busy_timeout to 5000 ms in core/store/open.go."}`
	for _, tc := range []struct {
		name, answer, mode, event string
		status                    int
		wantTitle                 string // "" means the heuristic title
		wantRequests              int
		wantFallback              bool
	}{
		{name: "model writes the note", answer: good, event: "session-end", wantTitle: "Fixed the flaky WAL test with busy_timeout", wantRequests: 1},
		{name: "fenced answer", answer: "```json\n" + good + "\n```", event: "session-end", wantTitle: "Fixed the flaky WAL test with busy_timeout", wantRequests: 1},
		{name: "malformed answer", answer: `Sure! Here is a summary.`, event: "session-end", wantRequests: 1, wantFallback: true},
		{name: "two-line title", answer: `{"title": "a\nb", "body": "x"}`, event: "session-end", wantRequests: 1, wantFallback: true},
		{name: "provider refuses", answer: `{"error":"overloaded"}`, status: 529, event: "session-end", wantRequests: 1, wantFallback: true},
		{name: "summaries off", answer: good, mode: "off", event: "session-end", wantRequests: 0},
		{name: "per-turn stop", answer: good, event: "stop", wantRequests: 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status := tc.status
			if status == 0 {
				status = 200
			}
			s := newStandIn(t, func(int, string) (string, int, time.Duration) { return tc.answer, status, 0 })
			useProvider(t, "openai", s)
			if tc.mode != "" {
				t.Setenv("ANAMNESIS_CAPTURE_SUMMARIZE", tc.mode)
			}
			a := newApp(t)
			ctx := context.Background()
			if err := a.Enqueue(capture.Entry{SessionID: "s-" + strings.ReplaceAll(tc.name, " ", "-"),
				TranscriptPath: transcript(t, "s1"), Cwd: "/nonexistent/proj", Event: tc.event}); err != nil {
				t.Fatal(err)
			}
			rep, err := a.Drain(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Written) != 1 {
				t.Fatalf("drain wrote %v (report %+v), want one note", rep.Written, rep)
			}
			n, err := a.Show(ctx, rep.Written[0])
			if err != nil {
				t.Fatal(err)
			}
			if got := len(s.Prompts()); got != tc.wantRequests {
				t.Fatalf("the provider got %d request(s), want %d", got, tc.wantRequests)
			}
			noSecretSent(t, s)
			if strings.Contains(n.Title+n.Body, secret) {
				t.Fatalf("the secret reached the note: %q", n.Title+n.Body)
			}
			if tc.wantTitle != "" {
				if n.Title != tc.wantTitle || n.ProvModel != "openai/m1" || n.ProvSource != note.SourceSessionEnd || rep.Summarized != 1 {
					t.Fatalf("note %q (prov_model %q, source %q), summarized %d; want the model's", n.Title, n.ProvModel, n.ProvSource, rep.Summarized)
				}
				return
			}
			if n.ProvModel != "" || rep.Summarized != 0 || !strings.Contains(n.Body, "busy_timeout") {
				t.Fatalf("want the heuristic note, got %q / %q (prov_model %q)", n.Title, n.Body, n.ProvModel)
			}
			if tc.wantFallback != (len(rep.Fallbacks) == 1) {
				t.Fatalf("fallbacks %v, want one: %t", rep.Fallbacks, tc.wantFallback)
			}
		})
	}
}
