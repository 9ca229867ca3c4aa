package app

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/anamnesis-go/anamnesis/core/config"
	"github.com/anamnesis-go/anamnesis/core/llm"
)

// SettingView is one setting as `anamnesis config list` shows it: secrets masked, never in full.
type SettingView struct {
	Key     string `json:"key"`
	Value   string `json:"value"`
	Source  string `json:"source"` // env, file or default
	Secret  bool   `json:"secret,omitempty"`
	Help    string `json:"help"`
	Ignored string `json:"ignored,omitempty"` // a value set but invalid, and so not used
}

func viewOf(v config.Value) SettingView {
	return SettingView{Key: v.Key, Value: v.Masked(), Source: v.Source, Secret: v.Secret, Help: v.Help, Ignored: v.Ignored}
}

// ConfigList returns every setting with its value (masked) and where it came from.
func (a *App) ConfigList() []SettingView {
	_ = a.Reload()
	vals := a.settings().Values()
	out := make([]SettingView, len(vals))
	for i, v := range vals {
		out[i] = viewOf(v)
	}
	return out
}

// ConfigGet returns one setting. A secret's value is masked unless reveal is set.
func (a *App) ConfigGet(key string, reveal bool) (SettingView, string, error) {
	_ = a.Reload()
	v, ok := a.settings().Value(strings.TrimSpace(key))
	if !ok {
		return SettingView{}, "", invalidf("unknown setting %q (known: %s)", key, strings.Join(config.Keys(), ", "))
	}
	raw := v.Masked()
	if reveal || !v.Secret {
		raw = v.Value
	}
	return viewOf(v), raw, nil
}

// ConfigSet validates every key=value pair first and writes them to config.json only if all are
// valid: a mistake writes nothing.
func (a *App) ConfigSet(pairs [][2]string) error {
	if len(pairs) == 0 {
		return invalidf("give at least one setting: anamnesis config set KEY VALUE")
	}
	for _, p := range pairs {
		if err := config.Check(p[0], p[1]); err != nil {
			return invalidf("%v", err)
		}
	}
	for _, p := range pairs {
		if err := config.Set(a.Home.Root(), p[0], p[1]); err != nil {
			return fmt.Errorf("write %s: %w", p[0], err)
		}
	}
	return a.Reload()
}

// ConfigUnset removes a setting from config.json (the environment or the default then applies).
func (a *App) ConfigUnset(key string) error {
	if _, ok := config.Lookup(strings.TrimSpace(key)); !ok {
		return invalidf("unknown setting %q (known: %s)", key, strings.Join(config.Keys(), ", "))
	}
	if err := config.Unset(a.Home.Root(), strings.TrimSpace(key)); err != nil {
		return err
	}
	return a.Reload()
}

// ConfigTestResult is the outcome of one tiny request to the configured provider.
type ConfigTestResult struct {
	Provider string        `json:"provider"`
	OK       bool          `json:"ok"`
	Detail   string        `json:"detail"`
	Took     time.Duration `json:"took_ns"`
}

// ConfigTest sends the configured provider one tiny request (at most 15 s). With no provider
// configured it says so: that is not a failure.
func (a *App) ConfigTest(ctx context.Context) ConfigTestResult {
	_ = a.Reload()
	s := llm.FromConfig(a.settings())
	if s.Timeout <= 0 || s.Timeout > 15*time.Second {
		s.Timeout = 15 * time.Second
	}
	p, err := llm.New(s)
	if errors.Is(err, llm.ErrNotConfigured) && (s.Provider == "" || s.Provider == "none" || s.Provider == "heuristic") {
		return ConfigTestResult{Provider: s.Provider, OK: true, Detail: "no model provider configured, so curation that needs a model is off: " + noModel(err)}
	}
	if err != nil {
		return ConfigTestResult{Provider: s.Provider, Detail: noModel(err)}
	}
	start := time.Now()
	out, err := p.Complete(ctx, llm.Request{System: "Answer with the single word OK.", Prompt: "Reply OK.", MaxOutput: 16})
	res := ConfigTestResult{Provider: p.Label(), Took: time.Since(start)}
	if err != nil {
		res.Detail = err.Error()
		return res
	}
	res.OK, res.Detail = true, "answered "+fmt.Sprintf("%q", firstLine(out))
	return res
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 60 {
		s = s[:60] + "…"
	}
	return s
}
