package embed

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/anamnesis-go/anamnesis/core/internal/vecmath"
)

// Defaults of the OpenAI-compatible client.
const (
	DefaultTimeout = 30 * time.Second
	DefaultBatch   = 64
	// maxAnswerBytes bounds one answer: 64 vectors of 4096 numbers as JSON text is about 6 MB.
	maxAnswerBytes = 64 << 20
	// maxTextBytes cuts a text sent to a remote model: a note of many pages says what it is about
	// early, and endpoints refuse inputs longer than their context (8k tokens is common).
	maxTextBytes = 8000
)

// OpenAI is a client of an OpenAI-compatible /v1/embeddings endpoint.
type OpenAI struct {
	base, model, key string
	timeout          time.Duration
	batch            int
	client           *http.Client

	mu  sync.Mutex
	dim int // learnt from the first answer
}

// NewOpenAI checks the configuration and returns the client; it does not contact the endpoint.
func NewOpenAI(c Config) (*OpenAI, error) {
	if strings.TrimSpace(c.URL) == "" {
		return nil, errors.New("embed.provider is openai but embed.url is not set (e.g. http://127.0.0.1:11434/v1 for Ollama)")
	}
	if strings.TrimSpace(c.Model) == "" {
		return nil, errors.New("embed.provider is openai but embed.model is not set (e.g. nomic-embed-text for Ollama)")
	}
	o := &OpenAI{base: strings.TrimRight(c.URL, "/"), model: c.Model, key: c.APIKey,
		timeout: c.Timeout, batch: c.Batch, client: &http.Client{}}
	if o.timeout <= 0 {
		o.timeout = DefaultTimeout
	}
	if o.batch <= 0 {
		o.batch = DefaultBatch
	}
	return o, nil
}

// ID is the endpoint and model: the same model name on another server may be another model.
func (o *OpenAI) ID() string { return "openai:" + o.model + "@" + o.base }

// Dim is the vector length seen in the last answer (0 before any).
func (o *OpenAI) Dim() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.dim
}

// Local is false: every call goes over the network.
func (o *OpenAI) Local() bool { return false }

// Embed sends the texts in batches, each within the timeout, and returns unit vectors.
func (o *OpenAI) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, 0, len(texts))
	for start := 0; start < len(texts); start += o.batch {
		part := texts[start:min(start+o.batch, len(texts))]
		vs, err := o.embedBatch(ctx, part)
		if err != nil {
			return nil, err
		}
		out = append(out, vs...)
	}
	return out, nil
}

func (o *OpenAI) embedBatch(ctx context.Context, texts []string) ([][]float32, error) {
	input := make([]string, len(texts))
	for i, t := range texts {
		input[i] = clip(t, maxTextBytes)
		if strings.TrimSpace(input[i]) == "" {
			input[i] = " " // some servers refuse an empty input; a blank one embeds as nothing much
		}
	}
	body, err := json.Marshal(map[string]any{"model": o.model, "input": input})
	if err != nil {
		return nil, fmt.Errorf("encode embedding request: %w", err)
	}
	url := o.base + "/embeddings"
	ctx, cancel := context.WithTimeout(ctx, o.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("embedding request to %s: %w", url, err)
	}
	req.Header.Set("Content-Type", "application/json")
	if o.key != "" {
		req.Header.Set("Authorization", "Bearer "+o.key)
	}
	resp, err := o.client.Do(req)
	if err != nil {
		var ne net.Error
		if errors.Is(err, context.DeadlineExceeded) || errors.As(err, &ne) && ne.Timeout() {
			return nil, fmt.Errorf("the embedding endpoint %s did not answer within %s", url, o.timeout)
		}
		if ctx.Err() != nil && errors.Is(ctx.Err(), context.Canceled) {
			return nil, fmt.Errorf("embedding request to %s: %w", url, ctx.Err())
		}
		return nil, fmt.Errorf("the embedding endpoint %s cannot be reached (is the server running?): %w", url, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswerBytes))
	if err != nil {
		return nil, fmt.Errorf("read the embedding endpoint's answer: %w", err)
	}
	if resp.StatusCode/100 != 2 {
		return nil, fmt.Errorf("the embedding endpoint %s refused the request (HTTP %d): %s", url, resp.StatusCode, snippet(raw))
	}
	var ans struct {
		Data []struct {
			Index     int       `json:"index"`
			Embedding []float32 `json:"embedding"`
		} `json:"data"`
	}
	if err := json.Unmarshal(raw, &ans); err != nil {
		return nil, fmt.Errorf("the embedding endpoint's answer is not the expected JSON: %v: %s", err, snippet(raw))
	}
	if len(ans.Data) != len(texts) {
		return nil, fmt.Errorf("the embedding endpoint returned %d vectors for %d texts", len(ans.Data), len(texts))
	}
	out := make([][]float32, len(texts))
	dim := 0
	for _, d := range ans.Data {
		if d.Index < 0 || d.Index >= len(texts) || out[d.Index] != nil {
			return nil, fmt.Errorf("the embedding endpoint returned a vector for a text it was not sent (index %d)", d.Index)
		}
		if len(d.Embedding) == 0 || dim != 0 && len(d.Embedding) != dim {
			return nil, fmt.Errorf("the embedding endpoint returned vectors of unequal length (%d and %d)", dim, len(d.Embedding))
		}
		dim = len(d.Embedding)
		vecmath.Normalize(d.Embedding)
		out[d.Index] = d.Embedding
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.dim != 0 && o.dim != dim {
		return nil, fmt.Errorf("the embedding endpoint changed its vector length from %d to %d: was the model replaced?", o.dim, dim)
	}
	o.dim = dim
	return out, nil
}

// clip cuts s to at most n bytes at a rune boundary.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n]
}

func snippet(b []byte) string {
	s := strings.Join(strings.Fields(string(b)), " ")
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}
