package llm_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/llm"
)

// standIn is a provider endpoint on 127.0.0.1 that records what it was sent and answers as told.
type standIn struct {
	got    []map[string]any
	header http.Header
	answer func(w http.ResponseWriter)
}

func (s *standIn) server(t *testing.T) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var m map[string]any
		_ = json.Unmarshal(body, &m)
		m["_path"] = r.URL.Path
		s.got = append(s.got, m)
		s.header = r.Header.Clone()
		s.answer(w)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func reply(status int, body string) func(w http.ResponseWriter) {
	return func(w http.ResponseWriter) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body)
	}
}

func TestProviders(t *testing.T) {
	const openaiOK = `{"choices":[{"message":{"role":"assistant","content":"distilled"}}]}`
	const anthropicOK = `{"content":[{"type":"text","text":"distilled"}],"stop_reason":"end_turn"}`
	tests := []struct {
		name, provider string
		answer         func(w http.ResponseWriter)
		want, err      string
	}{
		{"openai good", "openai", reply(200, openaiOK), "distilled", ""},
		{"openai refusal", "openai", reply(401, `{"error":"bad key"}`), "", "refused the request (HTTP 401)"},
		{"openai not json", "openai", reply(200, `<html>`), "", "not the expected JSON"},
		{"openai empty", "openai", reply(200, `{"choices":[]}`), "", "no text"},
		{"deepseek is openai-compatible", "deepseek", reply(200, openaiOK), "distilled", ""},
		{"anthropic good", "anthropic", reply(200, anthropicOK), "distilled", ""},
		{"anthropic overloaded", "anthropic", reply(529, `{"type":"error"}`), "", "HTTP 529"},
		{"anthropic no text", "anthropic", reply(200, `{"content":[],"stop_reason":"refusal"}`), "", `stop reason "refusal"`},
		{"timeout", "openai", func(w http.ResponseWriter) { time.Sleep(400 * time.Millisecond) }, "", "did not answer within"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			si := &standIn{answer: tt.answer}
			srv := si.server(t)
			// Only the case about the deadline has a short one: the others must not depend on a
			// loaded machine answering a loopback request within it.
			timeout := 30 * time.Second
			if tt.name == "timeout" {
				timeout = 200 * time.Millisecond
			}
			p, err := llm.New(llm.Settings{Provider: tt.provider, Model: "m1", BaseURL: srv.URL, APIKey: "sk-test", Timeout: timeout})
			if err != nil {
				t.Fatal(err)
			}
			got, err := p.Complete(context.Background(), llm.Request{System: "be brief", Prompt: "notes here"})
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one containing %q", err, tt.err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("Complete = %q, %v", got, err)
			}
			sent := si.got[0]
			if sent["model"] != "m1" || !strings.Contains(mustJSON(sent), "notes here") || !strings.Contains(mustJSON(sent), "be brief") {
				t.Fatalf("request body: %v", sent)
			}
			switch tt.provider {
			case "anthropic":
				if sent["_path"] != "/v1/messages" || si.header.Get("x-api-key") != "sk-test" || si.header.Get("anthropic-version") == "" {
					t.Fatalf("anthropic request: path %v headers %v", sent["_path"], si.header)
				}
			default:
				if sent["_path"] != "/chat/completions" || si.header.Get("Authorization") != "Bearer sk-test" {
					t.Fatalf("openai request: path %v headers %v", sent["_path"], si.header)
				}
			}
		})
	}
}

func TestUnreachable(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close()
	p, err := llm.New(llm.Settings{Provider: "local", Model: "m", BaseURL: url, Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Complete(context.Background(), llm.Request{Prompt: "x"}); err == nil || !strings.Contains(err.Error(), "cannot be reached") {
		t.Fatalf("unreachable provider: %v", err)
	}
}

// A provider that redirects is refused: the prompt and the key go nowhere else.
func TestRedirectNotFollowed(t *testing.T) {
	elsewhere := &standIn{answer: reply(200, `{"content":[{"type":"text","text":"stolen"}]}`)}
	other := elsewhere.server(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+r.URL.Path, http.StatusTemporaryRedirect)
	}))
	t.Cleanup(srv.Close)
	p, err := llm.New(llm.Settings{Provider: "anthropic", Model: "m", APIKey: "sk-ant-secret", BaseURL: srv.URL, Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Complete(context.Background(), llm.Request{Prompt: "private prompt"}); err == nil || !strings.Contains(err.Error(), "HTTP 307") {
		t.Fatalf("redirecting provider: %v, want a refusal naming HTTP 307", err)
	}
	if len(elsewhere.got) != 0 {
		t.Fatalf("the redirect was followed: the other host got %v (key header %q)", elsewhere.got, elsewhere.header.Get("x-api-key"))
	}
}

func TestNotConfigured(t *testing.T) {
	for _, s := range []llm.Settings{
		{Provider: "none"}, {Provider: "heuristic"}, {Provider: ""},
		{Provider: "openai", Model: "m"}, {Provider: "anthropic", Model: "m"}, {Provider: "gpt"},
	} {
		if _, err := llm.New(s); !errors.Is(err, llm.ErrNotConfigured) {
			t.Errorf("New(%+v) = %v, want ErrNotConfigured", s, err)
		}
	}
}

func TestWindowAndFence(t *testing.T) {
	long := strings.Repeat("a", 600) + strings.Repeat("z", 400)
	w := llm.Window(long, 200)
	if n := len([]rune(w)); n > 200 || !strings.HasPrefix(w, "aaa") || !strings.HasSuffix(w, "zzz") || !strings.Contains(w, "truncated") {
		t.Fatalf("window of %d characters: %q", n, w)
	}
	if llm.Window("short", 200) != "short" {
		t.Fatal("a short text must pass unchanged")
	}
	if got := llm.StripFence("```json\n{\"a\":1}\n```"); got != `{"a":1}` {
		t.Fatalf("StripFence = %q", got)
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
