package llm

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
	"time"
)

const maxAnswerBytes = 4 << 20

// client never follows a redirect: it would re-send the prompt, and an API key in a header Go
// does not know to strip (Anthropic's x-api-key), to wherever the endpoint points. A redirect is
// answered as a refusal with its status.
var client = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// postJSON sends body as JSON and decodes the answer into out, with one sentence for each way it
// can fail (unreachable, timed out, refused, not JSON).
func postJSON(ctx context.Context, timeout time.Duration, url string, headers map[string]string, body, out any) error {
	data, err := json.Marshal(body)
	if err != nil {
		return fmt.Errorf("encode request: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("request %s: %w", url, err)
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := client.Do(req)
	if err != nil {
		var ne net.Error
		switch {
		case errors.Is(err, context.DeadlineExceeded) || errors.As(err, &ne) && ne.Timeout():
			return fmt.Errorf("the provider at %s did not answer within %s", url, timeout)
		}
		return fmt.Errorf("the provider at %s cannot be reached: %w", url, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswerBytes))
	if err != nil {
		return fmt.Errorf("read the provider's answer: %w", err)
	}
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("the provider refused the request (HTTP %d): %s", resp.StatusCode, snippet(raw))
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("the provider's answer is not the expected JSON: %v: %s", err, snippet(raw))
	}
	return nil
}

func snippet(b []byte) string {
	s := strings.Join(strings.Fields(string(b)), " ")
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

func maxOutput(r Request) int {
	if r.MaxOutput > 0 {
		return r.MaxOutput
	}
	return 4096
}

// openAI is any OpenAI-compatible /chat/completions endpoint.
type openAI struct {
	name, base, key, model string
	timeout                time.Duration
}

func (p *openAI) Label() string { return p.name + "/" + p.model }

func (p *openAI) Complete(ctx context.Context, r Request) (string, error) {
	body := map[string]any{
		"model": p.model, "temperature": 0.2, "stream": false, "max_tokens": maxOutput(r),
		"messages": []map[string]string{{"role": "system", "content": r.System}, {"role": "user", "content": r.Prompt}},
	}
	headers := map[string]string{}
	if p.key != "" {
		headers["Authorization"] = "Bearer " + p.key
	}
	var out struct {
		Choices []struct {
			Message struct {
				Content string `json:"content"`
			} `json:"message"`
		} `json:"choices"`
	}
	if err := postJSON(ctx, p.timeout, strings.TrimRight(p.base, "/")+"/chat/completions", headers, body, &out); err != nil {
		return "", err
	}
	if len(out.Choices) == 0 || strings.TrimSpace(out.Choices[0].Message.Content) == "" {
		return "", errors.New("the provider answered with no text")
	}
	return out.Choices[0].Message.Content, nil
}

// anthropic is the Anthropic Messages API.
type anthropic struct {
	base, key, model string
	timeout          time.Duration
}

func (p *anthropic) Label() string { return "anthropic/" + p.model }

func (p *anthropic) Complete(ctx context.Context, r Request) (string, error) {
	body := map[string]any{
		"model": p.model, "max_tokens": maxOutput(r), "temperature": 0.2, "system": r.System,
		"messages": []map[string]string{{"role": "user", "content": r.Prompt}},
	}
	headers := map[string]string{"x-api-key": p.key, "anthropic-version": "2023-06-01"}
	var out struct {
		Content []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		} `json:"content"`
		StopReason string `json:"stop_reason"`
	}
	if err := postJSON(ctx, p.timeout, strings.TrimRight(p.base, "/")+"/v1/messages", headers, body, &out); err != nil {
		return "", err
	}
	var b strings.Builder
	for _, c := range out.Content {
		if c.Type == "text" {
			b.WriteString(c.Text)
		}
	}
	if strings.TrimSpace(b.String()) == "" {
		return "", fmt.Errorf("the provider answered with no text (stop reason %q)", out.StopReason)
	}
	return b.String(), nil
}
