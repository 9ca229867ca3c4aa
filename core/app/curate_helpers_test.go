package app_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// standIn is a model provider on 127.0.0.1 (OpenAI-compatible and Anthropic Messages) that
// records every prompt it was sent and answers as the test scripts it.
type standIn struct {
	t       *testing.T
	srv     *httptest.Server
	mu      sync.Mutex
	prompts []string
	// answer returns the model's text for the n-th request (from 0), or an HTTP status >= 400
	// with a body to refuse, or a delay to time out.
	answer func(n int, prompt string) (text string, status int, delay time.Duration)
}

func newStandIn(t *testing.T, answer func(n int, prompt string) (string, int, time.Duration)) *standIn {
	s := &standIn{t: t, answer: answer}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.srv.Close)
	return s
}

// fixed answers every request with text.
func fixed(text string) func(int, string) (string, int, time.Duration) {
	return func(int, string) (string, int, time.Duration) { return text, 200, 0 }
}

func (s *standIn) serve(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(r.Body)
	var req struct {
		Messages []struct {
			Role    string `json:"role"`
			Content string `json:"content"`
		} `json:"messages"`
	}
	_ = json.Unmarshal(raw, &req)
	prompt := ""
	for _, m := range req.Messages {
		if m.Role == "user" {
			prompt = m.Content
		}
	}
	s.mu.Lock()
	n := len(s.prompts)
	s.prompts = append(s.prompts, prompt)
	s.mu.Unlock()
	text, status, delay := s.answer(n, prompt)
	if delay > 0 {
		select {
		case <-time.After(delay):
		case <-r.Context().Done():
			return
		}
	}
	w.Header().Set("Content-Type", "application/json")
	if status >= 400 {
		w.WriteHeader(status)
		_, _ = io.WriteString(w, text)
		return
	}
	var body any
	if r.URL.Path == "/v1/messages" {
		body = map[string]any{"content": []map[string]string{{"type": "text", "text": text}}, "stop_reason": "end_turn"}
	} else {
		body = map[string]any{"choices": []map[string]any{{"message": map[string]string{"role": "assistant", "content": text}}}}
	}
	_ = json.NewEncoder(w).Encode(body)
}

// Prompts returns what the provider was sent.
func (s *standIn) Prompts() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.prompts...)
}

// useProvider points the settings at the stand-in; call before newApp.
func useProvider(t *testing.T, provider string, s *standIn) {
	t.Setenv("ANAMNESIS_REFLECTION_PROVIDER", provider)
	t.Setenv("ANAMNESIS_REFLECTION_MODEL", "m1")
	t.Setenv("ANAMNESIS_REFLECTION_BASE_URL", s.srv.URL)
	t.Setenv("ANAMNESIS_REFLECTION_API_KEY", "sk-test-key-123")
	t.Setenv("ANAMNESIS_REFLECTION_TIMEOUT", "2")
}

// secret is planted in note bodies; no provider may ever receive it.
const secret = "sk-proj-Zq7XbR2mK9vL4nT8wY3cF6hJ"

// writeNote writes through the store, not App.Write (which would redact the planted secret): the
// notes curation reads may come from anywhere — hand edits, imports, older versions.
func writeNote(t *testing.T, a *app.App, typ, project, title, body string, tags ...string) *note.Note {
	t.Helper()
	st, err := a.Store(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	n, err := st.Write(context.Background(), store.WriteInput{Type: note.Type(typ), Project: project, Title: title, Body: body, Tags: tags})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// sessions writes n episodic notes of project, one of them holding the secret.
func sessions(t *testing.T, a *app.App, project string, n int) []*note.Note {
	var out []*note.Note
	for i := 0; i < n; i++ {
		body := fmt.Sprintf("**Ask:** fix the flaky build step %d\n\n**Outcome:** pinned the toolchain; export OPENAI_API_KEY=%s", i, secret)
		out = append(out, writeNote(t, a, "episodic", project, fmt.Sprintf("Session %d on the build", i), body, "session"))
	}
	return out
}

func gitOut(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

// commits is the number of commits in memory/ (0 without a repository).
func commits(t *testing.T, a *app.App) int {
	t.Helper()
	dir := a.Home.Memory()
	if _, err := os.Stat(filepath.Join(dir, ".git")); err != nil {
		return 0
	}
	if out, err := exec.Command("git", "-C", dir, "rev-parse", "--verify", "-q", "HEAD").Output(); err != nil || len(out) == 0 {
		return 0
	}
	var n int
	fmt.Sscan(gitOut(t, dir, "rev-list", "--count", "HEAD"), &n)
	return n
}

// lastSubject is the subject of the newest commit in memory/.
func lastSubject(t *testing.T, a *app.App) string {
	return gitOut(t, a.Home.Memory(), "log", "-1", "--format=%s")
}

// noSecretSent fails if any prompt carried the planted secret.
func noSecretSent(t *testing.T, s *standIn) {
	t.Helper()
	for i, p := range s.Prompts() {
		if strings.Contains(p, secret) || strings.Contains(p, "Zq7XbR2mK9vL4nT8wY3cF6hJ") {
			t.Fatalf("prompt %d sent the secret to the provider:\n%s", i, p)
		}
	}
}

// notesWith lists live notes (with bodies) of a prov_source.
func notesWith(t *testing.T, a *app.App, src note.Source) []*note.Note {
	t.Helper()
	ctx := context.Background()
	pg, err := a.List(ctx, app.ListRequest{Limit: intp(500)})
	if err != nil {
		t.Fatal(err)
	}
	var out []*note.Note
	for _, m := range pg.Notes {
		n, err := a.Show(ctx, m.ID)
		if err != nil {
			t.Fatal(err)
		}
		if n.ProvSource == src {
			out = append(out, n)
		}
	}
	return out
}

// pyRead loads note files with PyYAML the way the Python reference reads them and returns, per
// file, the front matter (timestamps must load as strings, not datetimes).
func pyRead(t *testing.T, files []string) []map[string]any {
	t.Helper()
	if len(files) == 0 {
		return nil
	}
	if exec.Command("python3", "-c", "import yaml").Run() != nil {
		t.Skip("python3 with PyYAML is not installed; skipping the reference-codec check")
	}
	const script = `
import json, sys, yaml
out = []
for p in json.load(sys.stdin):
    text = open(p, encoding="utf-8").read()
    assert text.startswith("---\n")
    front, _, body = text[4:].partition("\n---\n")
    meta = yaml.safe_load(front)
    for k in ("created_at", "updated_at"):
        assert isinstance(meta[k], str), (p, k, type(meta[k]))
    assert isinstance(meta["confidence"], float)
    meta["_body"] = body[:-1] if body.endswith("\n") else body
    out.append(meta)
json.dump(out, sys.stdout)
`
	in, _ := json.Marshal(files)
	cmd := exec.Command("python3", "-c", script)
	cmd.Stdin = strings.NewReader(string(in))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("PyYAML could not read the notes: %v\n%s", err, out)
	}
	var metas []map[string]any
	if err := json.Unmarshal(out, &metas); err != nil {
		t.Fatal(err)
	}
	return metas
}

func notePath(a *app.App, n *note.Note) string {
	return filepath.Join(a.Home.Memory(), filepath.FromSlash(n.RelPath()))
}
