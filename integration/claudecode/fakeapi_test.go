package claudecode

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// fakeAPI imitates the Anthropic Messages API closely enough for Claude Code: streamed and plain
// messages and token counting. Every request body is recorded, since it is exactly what the
// model would have seen. The scripted model writes hello.txt when asked to and has a Write tool,
// and otherwise answers with a short text.
type fakeAPI struct {
	srv *httptest.Server
	mu  sync.Mutex
	req []string
	// model replaces the default script when set: the test's own scripted model.
	model func(req apiRequest) ([]block, string)
}

func newFakeAPI(t testing.TB) *fakeAPI {
	f := &fakeAPI{}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve)) // binds 127.0.0.1
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeAPI) URL() string { return f.srv.URL }

// SetModel scripts the model for the following requests; nil restores the default script.
func (f *fakeAPI) SetModel(m func(req apiRequest) ([]block, string)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.model = m
}

// Reset forgets the recorded requests.
func (f *fakeAPI) Reset() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.req = nil
}

// Requests returns the recorded request bodies.
func (f *fakeAPI) Requests() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.req...)
}

type apiRequest struct {
	Stream   bool `json:"stream"`
	Messages []struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
	Tools []struct {
		Name        string          `json:"name"`
		InputSchema json.RawMessage `json:"input_schema"`
	} `json:"tools"`
}

// hasTool reports whether the request offers the tool with its schema.
func (r apiRequest) hasTool(name string) bool {
	for _, t := range r.Tools {
		if t.Name == name {
			return true
		}
	}
	return false
}

// lastUser is the content of the last user message (Claude Code may put "system" messages,
// hook context, after it).
func (r apiRequest) lastUser() string {
	for i := len(r.Messages) - 1; i >= 0; i-- {
		if r.Messages[i].Role == "user" {
			return string(r.Messages[i].Content)
		}
	}
	return ""
}

// block is one content block of the scripted reply.
type block struct {
	Type  string         `json:"type"`
	Text  string         `json:"text,omitempty"`
	ID    string         `json:"id,omitempty"`
	Name  string         `json:"name,omitempty"`
	Input map[string]any `json:"input,omitempty"`
}

func (f *fakeAPI) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if strings.HasSuffix(r.URL.Path, "/count_tokens") {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"input_tokens": 42}`)
		return
	}
	if !strings.HasSuffix(r.URL.Path, "/v1/messages") {
		http.NotFound(w, r)
		return
	}
	f.mu.Lock()
	f.req = append(f.req, string(body))
	f.mu.Unlock()
	var req apiRequest
	_ = json.Unmarshal(body, &req)
	f.mu.Lock()
	model := f.model
	f.mu.Unlock()
	if model == nil {
		model = script
	}
	reply, stop := model(req)
	if !req.Stream {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"id": "msg_fake", "type": "message", "role": "assistant",
			"model": "claude-fake", "content": reply, "stop_reason": stop, "stop_sequence": nil,
			"usage": map[string]int{"input_tokens": 10, "output_tokens": 5}})
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	event := func(name string, data any) {
		b, _ := json.Marshal(data)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", name, b)
	}
	event("message_start", map[string]any{"type": "message_start", "message": map[string]any{"id": "msg_fake",
		"type": "message", "role": "assistant", "model": "claude-fake", "content": []any{}, "stop_reason": nil,
		"usage": map[string]int{"input_tokens": 10, "output_tokens": 1}}})
	for i, b := range reply {
		switch b.Type {
		case "text":
			event("content_block_start", map[string]any{"type": "content_block_start", "index": i,
				"content_block": map[string]any{"type": "text", "text": ""}})
			event("content_block_delta", map[string]any{"type": "content_block_delta", "index": i,
				"delta": map[string]any{"type": "text_delta", "text": b.Text}})
		case "tool_use":
			event("content_block_start", map[string]any{"type": "content_block_start", "index": i,
				"content_block": map[string]any{"type": "tool_use", "id": b.ID, "name": b.Name, "input": map[string]any{}}})
			in, _ := json.Marshal(b.Input)
			event("content_block_delta", map[string]any{"type": "content_block_delta", "index": i,
				"delta": map[string]any{"type": "input_json_delta", "partial_json": string(in)}})
		}
		event("content_block_stop", map[string]any{"type": "content_block_stop", "index": i})
	}
	event("message_delta", map[string]any{"type": "message_delta", "delta": map[string]any{"stop_reason": stop},
		"usage": map[string]int{"output_tokens": 5}})
	event("message_stop", map[string]any{"type": "message_stop"})
}

// writeTarget is the file the scripted model creates; tests set it per session.
var writeTarget struct {
	sync.Mutex
	path string
}

// script decides the model's reply from the request: after a tool result, a closing text; when
// asked to create hello.txt with the Write tool available, a Write call; otherwise a text.
func script(req apiRequest) ([]block, string) {
	if len(req.Messages) == 0 {
		return []block{{Type: "text", Text: "Done."}}, "end_turn"
	}
	// The last user message decides; Claude Code may put "system" messages (hook context) after it.
	last := req.Messages[len(req.Messages)-1]
	for i := len(req.Messages) - 1; i >= 0; i-- {
		if req.Messages[i].Role == "user" {
			last = req.Messages[i]
			break
		}
	}
	if strings.Contains(string(last.Content), `"tool_result"`) {
		return []block{{Type: "text", Text: "Wrote hello.txt."}}, "end_turn"
	}
	hasWrite := false
	for _, t := range req.Tools {
		hasWrite = hasWrite || t.Name == "Write"
	}
	writeTarget.Lock()
	target := writeTarget.path
	writeTarget.Unlock()
	if hasWrite && target != "" && strings.Contains(string(last.Content), "create hello.txt") {
		return []block{
			{Type: "text", Text: "Creating it."},
			{Type: "tool_use", ID: "toolu_fake01", Name: "Write", Input: map[string]any{"file_path": target, "content": "hello\n"}},
		}, "tool_use"
	}
	return []block{{Type: "text", Text: "Done."}}, "end_turn"
}

// Summary describes each recorded request in one line (tools offered, last message), for the
// failure message of a test whose scripted conversation went another way.
func (f *fakeAPI) Summary() string {
	var b strings.Builder
	for i, body := range f.Requests() {
		var req apiRequest
		_ = json.Unmarshal([]byte(body), &req)
		var tools []string
		for _, t := range req.Tools {
			tools = append(tools, t.Name)
		}
		last := ""
		if n := len(req.Messages); n > 0 {
			last = string(req.Messages[n-1].Content)
			if len(last) > 300 {
				last = last[:300] + "…"
			}
		}
		fmt.Fprintf(&b, "request %d: stream=%t tools=%v last=%s\n", i, req.Stream, tools, last)
	}
	return b.String()
}
