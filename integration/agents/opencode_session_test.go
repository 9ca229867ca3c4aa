package agents

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// chatStandIn is a stand-in for an OpenAI-compatible Chat Completions API on 127.0.0.1, as
// OpenCode streams it. Its model runs a shell command, then writes a note through the memory's
// tool, then answers; it records every request body.
type chatStandIn struct {
	recorder
	url string
}

func newChatStandIn(t *testing.T) *chatStandIn {
	t.Helper()
	s := &chatStandIn{}
	s.url = serve(t, s) + "/v1"
	return s
}

func (s *chatStandIn) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	var req struct {
		Messages []struct {
			Role string `json:"role"`
		} `json:"messages"`
		Tools []any `json:"tools"`
	}
	_ = json.Unmarshal(body, &req)
	w.Header().Set("Content-Type", "text/event-stream")
	chunk := func(delta map[string]any, finish any) {
		b, _ := json.Marshal(map[string]any{"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "m1",
			"choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": finish}}})
		fmt.Fprintf(w, "data: %s\n\n", b)
	}
	if len(req.Tools) == 0 {
		// OpenCode's own requests without tools (a session title): a plain answer.
		chunk(map[string]any{"role": "assistant", "content": "Zanzibar marker"}, "stop")
		fmt.Fprint(w, "data: [DONE]\n\n")
		return
	}
	s.record(body)
	tools := 0
	for _, m := range req.Messages {
		if m.Role == "tool" {
			tools++
		}
	}
	call := func(id, name string, args map[string]any) {
		a, _ := json.Marshal(args)
		chunk(map[string]any{"role": "assistant", "tool_calls": []any{map[string]any{"index": 0, "id": id, "type": "function",
			"function": map[string]any{"name": name, "arguments": string(a)}}}}, nil)
		chunk(map[string]any{}, "tool_calls")
	}
	switch tools {
	case 0:
		call("call_1", "bash", map[string]any{"command": "touch zanzibar.txt", "description": "Create the marker file"})
	case 1:
		call("call_2", "anamnesis_memory_write", map[string]any{"type": "semantic", "title": "OpenCode recorded the release checklist", "body": "Run the checklist before tagging."})
	default:
		chunk(map[string]any{"role": "assistant", "content": "Created zanzibar.txt."}, "stop")
	}
	fmt.Fprint(w, "data: [DONE]\n\n")
}

// TestOpenCodeSession runs a real OpenCode session (opencode run) against the stand-in after
// init --agent opencode: the model's shell command really runs, the note it writes through the
// memory's tool is tagged agent:opencode, and the next sync finds the session in OpenCode's
// database and captures it as a session note tagged agent:opencode.
func TestOpenCodeSession(t *testing.T) {
	needClients(t)
	m := newMachine(t)
	api := newChatStandIn(t)
	// The user's own OpenCode set-up: a provider (here the stand-in) and its model.
	m.write(t, ".config/opencode/opencode.json", fmt.Sprintf(`{"$schema": "https://opencode.ai/config.json", "autoupdate": false,
  "provider": {"standin": {"npm": "@ai-sdk/openai-compatible", "name": "Stand-in",
    "options": {"baseURL": %q, "apiKey": "stand-in"}, "models": {"m1": {"name": "M1", "tool_call": true}}}},
  "model": "standin/m1"}`, api.url))
	m.run(t, "anamnesis", "init", "--agent", "opencode", "--yes")
	m.run(t, "anamnesis", "write", "--type", "semantic", "--title", "Deploys go through the zanzibar pipeline",
		"--body", "Never deploy by hand.")
	work := filepath.Join(m.home, "work")
	if err := os.MkdirAll(work, 0o755); err != nil {
		t.Fatal(err)
	}

	const ask = "Create the zanzibar marker file."
	cmd := exec.Command(opencodeBin, "run", ask)
	cmd.Dir = work
	cmd.Env = slices.Clone(m.env)
	out := runClient(t, "opencode run", cmd, 3*time.Minute)
	reqs := api.all()
	if len(reqs) < 3 {
		t.Fatalf("%d requests reached the stand-in; output:\n%s\n%s", len(reqs), lastLines(string(out), 20), fmtReqs(reqs))
	}
	if !strings.Contains(reqs[0], `"anamnesis_memory_write"`) {
		t.Errorf("the memory tools were not offered to the model")
	}
	if _, err := os.Stat(filepath.Join(work, "zanzibar.txt")); err != nil {
		t.Errorf("the model's command did not run: %v", err)
	}

	// The note the model wrote, tagged with the agent.
	res := m.run(t, "anamnesis", "search", "release checklist", "--json")
	if !strings.Contains(res, "OpenCode recorded the release checklist") || !strings.Contains(res, "agent:opencode") {
		t.Errorf("the note the model wrote through OpenCode: %s", res)
	}

	// No hook reports the session: the next sync cycle finds it in OpenCode's database.
	m.run(t, "anamnesis", "sync")
	id, body := sessionNote(t, m, "opencode", 5*time.Second)
	checkCaptured(t, body, ask)
	if !strings.Contains(body, "OpenCode recorded the release checklist") {
		t.Errorf("the session note does not name the note written:\n%s", body)
	}
	// An explicit capture finds nothing new; --all captures the same session into the same note.
	if found, _ := captureJSON(t, m, "opencode"); found != 0 {
		t.Errorf("a capture right after the sync found %d changed session(s), want 0", found)
	}
	out2 := m.run(t, "anamnesis", "capture", "--agent", "opencode", "--all")
	if again, _ := sessionNote(t, m, "opencode", time.Second); again != id {
		t.Errorf("capturing the session again made note %s, want %s updated", again, id)
	}
	t.Logf("opencode session: %d requests; command ran, note tagged agent:opencode; sync captured session note %s; capture --all: %s",
		len(reqs), id, strings.TrimSpace(out2))
}
