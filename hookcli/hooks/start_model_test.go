package hooks

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/capture"
	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// A session that ended while no worker was left to capture it (the session-end hook's worker was
// killed with the machine, say) waits in the spool. With a model configured, the next session
// start leaves it to a worker with the model instead of writing the heuristic note itself, and it
// must start that worker: otherwise the session would wait for the next session-end. The stand-in
// model on 127.0.0.1 answers the summary request; the note it wrote proves the worker ran.
func TestHookSessionStartStartsTheModelWorker(t *testing.T) {
	var requests atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"choices": []map[string]any{{"message": map[string]string{
			"role": "assistant", "content": `{"title": "Model-written summary", "body": "Set busy_timeout in open.go."}`}}}})
	}))
	defer srv.Close()
	env := []string{"ANAMNESIS_REFLECTION_PROVIDER=openai", "ANAMNESIS_REFLECTION_MODEL=m1",
		"ANAMNESIS_REFLECTION_BASE_URL=" + srv.URL, "ANAMNESIS_REFLECTION_API_KEY=sk-test-key-123",
		"ANAMNESIS_REFLECTION_TIMEOUT=10"}

	home, _ := newHome(t)
	dir := projectDir(t, "github.com/acme/app")
	const sid = "5f1c2d3e-0000-4000-8000-0000000000ee"
	a, err := app.New(home, app.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Enqueued directly: nothing is spawned, as when the session-end hook's worker never ran.
	if err := a.Enqueue(capture.Entry{SessionID: sid, TranscriptPath: copyFixture(t, "tools.jsonl"), Cwd: dir, Event: "session-end"}); err != nil {
		t.Fatal(err)
	}
	_ = a.Close()

	r := runHookProcess(t, home, "session-start", payload(map[string]any{"session_id": "next", "cwd": dir, "source": "startup"}), env...)
	if r.code != 0 {
		t.Fatalf("session-start: exit %d, stderr %q", r.code, r.stderr)
	}
	ctx := context.Background()
	var got *note.Note
	waitFor(t, func() bool {
		st, err := store.Open(ctx, home, store.Options{})
		if err != nil {
			return false
		}
		defer st.Close()
		got, err = st.FindBySession(ctx, sid, note.SourceSessionEnd)
		return err == nil && got != nil && !pendingSpool(home)
	}, "the worker session start spawned to capture the session with the model")
	if got.Title != "Model-written summary" || got.ProvModel == "" || requests.Load() == 0 {
		t.Fatalf("captured %q (prov_model %q) after %d model request(s); want the model's note", got.Title, got.ProvModel, requests.Load())
	}
}
