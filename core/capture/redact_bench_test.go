package capture

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/store"
)

// writeBigTranscript writes a transcript of about size bytes: asks, shell commands (some holding
// a credential), file writes and replies, as Claude Code records them.
func writeBigTranscript(b *testing.B, path string, size int) {
	b.Helper()
	var sb strings.Builder
	line := func(typ string, msg any) {
		rec := map[string]any{"sessionId": "bench-5mb", "cwd": "/home/u/src/proj", "gitBranch": "main",
			"isSidechain": false, "type": typ, "uuid": fmt.Sprint(sb.Len()), "message": msg}
		data, err := json.Marshal(rec)
		if err != nil {
			b.Fatal(err)
		}
		sb.Write(data)
		sb.WriteByte('\n')
	}
	for i := 0; sb.Len() < size; i++ {
		line("user", map[string]any{"role": "user", "content": fmt.Sprintf("Step %d: make the sync retry pushes and log why it failed.", i)})
		cmd := fmt.Sprintf("go test ./core/gitsync/... -run TestPush%d", i)
		if i%10 == 0 {
			cmd = fmt.Sprintf("PGPASSWORD=Basalt%d!river psql -h db -c 'select 1'", i)
		}
		line("assistant", map[string]any{"id": fmt.Sprint("m", i), "role": "assistant", "content": []any{
			map[string]any{"type": "tool_use", "id": fmt.Sprint("t", i), "name": "Bash", "input": map[string]any{"command": cmd}},
			map[string]any{"type": "tool_use", "id": fmt.Sprint("w", i), "name": "Write", "input": map[string]any{
				"file_path": fmt.Sprintf("/home/u/src/proj/f%d.go", i%50), "content": strings.Repeat("package proj // filler\n", 80)}},
		}})
		line("assistant", map[string]any{"id": fmt.Sprint("r", i), "role": "assistant", "content": []any{
			map[string]any{"type": "text", "text": "Done: the push is retried with backoff and the reason is logged."}}})
	}
	if err := os.WriteFile(path, []byte(sb.String()), 0o644); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkCaptureSession5MB is a drain's work for one 5 MB transcript: parse, summarize, redact
// and write the note into a real store.
func BenchmarkCaptureSession5MB(b *testing.B) {
	dir := b.TempDir()
	tr := filepath.Join(dir, "bench.jsonl")
	writeBigTranscript(b, tr, 5<<20)
	st, err := store.Open(context.Background(), filepath.Join(dir, "home"), store.Options{MachineID: "bench"})
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		res, err := CaptureSession(context.Background(), st, Request{SessionID: "bench-5mb", TranscriptPath: tr, Event: "session-end"})
		if err != nil || res.ID == "" {
			b.Fatalf("capture: %+v %v", res, err)
		}
	}
	b.StopTimer()
	n, err := st.Get(context.Background(), mustFind(b, st))
	if err != nil {
		b.Fatal(err)
	}
	if strings.Contains(n.Body, "Basalt10!river") {
		b.Fatalf("a password survived capture")
	}
	b.ReportMetric(float64(len(n.Body)), "body-bytes")
}

func mustFind(b *testing.B, st *store.Store) string {
	n, err := st.FindBySession(context.Background(), "bench-5mb", "session-end")
	if err != nil {
		b.Fatal(err)
	}
	return n.ID
}
