package embed

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/internal/vecmath"
)

// fakeEmbeddings is an OpenAI-compatible /v1/embeddings endpoint on 127.0.0.1: the vector of a
// text is (its length, its count of 'a', 1), answered in reverse order to check that the client
// places vectors by index.
type fakeEmbeddings struct {
	mu       sync.Mutex
	requests [][]string
	auth     []string
}

func (f *fakeEmbeddings) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/v1/embeddings" || r.Method != http.MethodPost {
		http.NotFound(w, r)
		return
	}
	var req struct {
		Model string   `json:"model"`
		Input []string `json:"input"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.Model == "" {
		http.Error(w, `{"error":"bad request"}`, http.StatusBadRequest)
		return
	}
	f.mu.Lock()
	f.requests = append(f.requests, req.Input)
	f.auth = append(f.auth, r.Header.Get("Authorization"))
	f.mu.Unlock()
	type item struct {
		Index     int       `json:"index"`
		Embedding []float32 `json:"embedding"`
	}
	var data []item
	for i := len(req.Input) - 1; i >= 0; i-- {
		t := req.Input[i]
		data = append(data, item{i, []float32{float32(len(t)), float32(strings.Count(t, "a")), 1}})
	}
	_ = json.NewEncoder(w).Encode(map[string]any{"object": "list", "data": data})
}

func TestOpenAIBatchesAndOrders(t *testing.T) {
	fake := &fakeEmbeddings{}
	srv := httptest.NewServer(fake)
	defer srv.Close()
	o, err := NewOpenAI(Config{URL: srv.URL + "/v1/", Model: "m", APIKey: "sk-test", Batch: 2})
	if err != nil {
		t.Fatal(err)
	}
	texts := []string{"a", "bb", "aaa", "", "banana"}
	vs, err := o.Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	if len(fake.requests) != 3 {
		t.Fatalf("%d requests for 5 texts in batches of 2, want 3", len(fake.requests))
	}
	for _, a := range fake.auth {
		if a != "Bearer sk-test" {
			t.Fatalf("Authorization %q, want the API key as a bearer token", a)
		}
	}
	for i, text := range texts {
		want := []float32{float32(max(len(text), 1)), float32(strings.Count(text, "a")), 1}
		vecmath.Normalize(want)
		for j := range want {
			if d := vs[i][j] - want[j]; d > 1e-6 || d < -1e-6 {
				t.Fatalf("text %q: vector %v, want %v (unit length, in input order)", text, vs[i], want)
			}
		}
	}
	if o.Dim() != 3 {
		t.Fatalf("Dim %d after an answer of 3-number vectors", o.Dim())
	}
	if !strings.Contains(o.ID(), "m@") || o.Local() {
		t.Fatalf("ID %q Local %v: want the model and endpoint, not local", o.ID(), o.Local())
	}
}

func TestOpenAIErrorsAreClear(t *testing.T) {
	// A port nothing listens on: the listener is closed before the request.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	down := "http://" + ln.Addr().String() + "/v1"
	ln.Close()

	refusing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, `{"error":{"message":"model \"nope\" not found"}}`, http.StatusNotFound)
	}))
	defer refusing.Close()
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(time.Second):
		}
	}))
	defer slow.Close()
	short := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(`{"data":[{"index":0,"embedding":[1,2]}]}`))
	}))
	defer short.Close()
	garbage := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(`<html>proxy error</html>`))
	}))
	defer garbage.Close()

	// Only the case about the deadline has a short one: the others must not depend on a loaded
	// machine answering a loopback request within it.
	cases := []struct {
		name, url string
		timeout   time.Duration
		want      string
	}{
		{"server down", down, 30 * time.Second, "cannot be reached"},
		{"model refused", refusing.URL, 30 * time.Second, "refused the request (HTTP 404)"},
		{"too slow", slow.URL, 200 * time.Millisecond, "did not answer within 200ms"},
		{"too few vectors", short.URL, 30 * time.Second, "returned 1 vectors for 2 texts"},
		{"not JSON", garbage.URL, 30 * time.Second, "not the expected JSON"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o, err := NewOpenAI(Config{URL: c.url, Model: "nope", Timeout: c.timeout})
			if err != nil {
				t.Fatal(err)
			}
			_, err = o.Embed(context.Background(), []string{"one", "two"})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one saying %q", err, c.want)
			}
		})
	}
}

func TestNewChecksSettings(t *testing.T) {
	cases := []struct {
		cfg  Config
		want string
	}{
		{Config{Provider: "none"}, "semantic search is off"},
		{Config{Provider: "openai", Model: "m"}, "embed.url is not set"},
		{Config{Provider: "openai", URL: "http://127.0.0.1:1/v1"}, "embed.model is not set"},
		{Config{Provider: "static"}, "embed.model_dir is not set"},
		{Config{Provider: "static", ModelDir: t.TempDir()}, "model.safetensors not found"},
		{Config{Provider: "word2vec"}, "unknown embed.provider"},
	}
	for _, c := range cases {
		if _, err := New(c.cfg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("New(%+v): error %v, want %q", c.cfg, err, c.want)
		}
	}
}
