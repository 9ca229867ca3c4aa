// Package llm reaches a language model for curation (reflect, merge, eval questions, session
// summaries): the user's own `claude -p`, the Anthropic Messages API, or any OpenAI-compatible
// /chat/completions endpoint (OpenAI, DeepSeek, Ollama, llama-server, LM Studio), chosen in the
// settings. Nothing here runs in a hook's path. Every text sent is redacted by the caller's
// redactor first and windowed to the provider's budget; answers are parsed strictly by callers.
package llm

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/anamnesis-go/anamnesis/core/config"
)

// Request is one completion: a system prompt and one user message.
type Request struct {
	System string
	Prompt string
	// MaxOutput bounds the answer's tokens; zero means 4,096.
	MaxOutput int
}

// Provider completes a request.
type Provider interface {
	// Label names the provider and model for provenance (prov_model), e.g. "openai/gpt-4o-mini".
	Label() string
	// Complete returns the model's text answer.
	Complete(ctx context.Context, r Request) (string, error)
}

// ErrNotConfigured is returned when the settings name no provider (reflection.provider none or
// heuristic) or leave out what the named one needs.
var ErrNotConfigured = errors.New("no model provider is configured")

// Settings are what a provider needs, read from config.
type Settings struct {
	Provider  string // claude, anthropic, openai (also deepseek, local); none or heuristic for no model
	Model     string
	BaseURL   string
	APIKey    string
	Timeout   time.Duration
	MaxTokens int    // input budget, in tokens
	Claude    string // the claude executable; "" means "claude" on PATH
}

// FromConfig reads the provider settings.
func FromConfig(c *config.Config) Settings {
	return Settings{
		Provider:  c.Get(config.KeyProvider),
		Model:     c.Get(config.KeyModel),
		BaseURL:   c.Get(config.KeyBaseURL),
		APIKey:    c.Get(config.KeyAPIKey),
		Timeout:   time.Duration(c.Float(config.KeyTimeout) * float64(time.Second)),
		MaxTokens: c.Int(config.KeyMaxTokens),
	}
}

// New returns the provider the settings name. A setting that is missing is named in the error,
// which wraps ErrNotConfigured.
func New(s Settings) (Provider, error) {
	if s.Timeout <= 0 {
		s.Timeout = 30 * time.Second
	}
	switch strings.ToLower(s.Provider) {
	case "", "none", "heuristic":
		return nil, fmt.Errorf("%w (set reflection.provider to claude, anthropic or openai with anamnesis config set)", ErrNotConfigured)
	case "claude":
		return &claudeCLI{exe: s.Claude, model: s.Model, timeout: s.Timeout}, nil
	case "anthropic":
		if s.APIKey == "" || s.Model == "" {
			return nil, fmt.Errorf("%w: the anthropic provider needs reflection.model and reflection.api_key", ErrNotConfigured)
		}
		base := s.BaseURL
		if base == "" {
			base = "https://api.anthropic.com"
		}
		return &anthropic{base: base, key: s.APIKey, model: s.Model, timeout: s.Timeout}, nil
	case "openai", "deepseek", "local":
		if s.Model == "" || s.BaseURL == "" {
			return nil, fmt.Errorf("%w: the %s provider needs reflection.model and reflection.base_url", ErrNotConfigured, s.Provider)
		}
		return &openAI{name: s.Provider, base: s.BaseURL, key: s.APIKey, model: s.Model, timeout: s.Timeout}, nil
	}
	return nil, fmt.Errorf("%w: unknown provider %q (one of %s)", ErrNotConfigured, s.Provider, strings.Join(config.Providers, ", "))
}

// Window keeps text within budget characters: the first 60% and the tail, with a marker between,
// so a long transcript keeps its start (the ask) and its end (the outcome).
func Window(text string, budget int) string {
	r := []rune(text)
	if budget <= 0 || len(r) <= budget {
		return text
	}
	const marker = "\n\n...[truncated for length]...\n\n"
	room := budget - len([]rune(marker))
	if room <= 0 {
		return string(r[:budget])
	}
	head := room * 6 / 10
	return string(r[:head]) + marker + string(r[len(r)-(room-head):])
}

// StripFence removes a Markdown code fence around an answer ("```json ... ```"), which models add
// even when told not to.
func StripFence(s string) string {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "```") {
		return s
	}
	s = strings.TrimPrefix(s, "```")
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "```"))
}
