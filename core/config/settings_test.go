package config_test

import (
	"strings"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/config"
)

func TestIntSettings(t *testing.T) {
	tests := []struct {
		name, file, env string
		want            int
		source          string
		ignored         string // a part of the Ignored sentence, "" for none
	}{
		{"default", "", "", config.DefaultInjectTokens, "default", ""},
		{"file number", `{"inject_budget_tokens": 1000}`, "", 1000, "file", ""},
		{"file numeric string", `{"inject_budget_tokens": "700"}`, "", 700, "file", ""},
		{"env beats file", `{"inject_budget_tokens": 1000}`, "300", 300, "env", ""},
		{"bad env falls through and is reported", `{"inject_budget_tokens": 1000}`, "lots", 1000, "file", "ANAMNESIS_INJECT_BUDGET"},
		{"zero is not a budget", `{"inject_budget_tokens": 0}`, "", config.DefaultInjectTokens, "default", "positive whole number"},
		{"negative env", "", "-5", config.DefaultInjectTokens, "default", "positive whole number"},
		{"non-number in file", `{"inject_budget_tokens": true}`, "", config.DefaultInjectTokens, "default", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			home := t.TempDir()
			if tc.file != "" {
				writeConfig(t, home, tc.file)
			}
			t.Setenv("ANAMNESIS_INJECT_BUDGET", tc.env)
			c, err := config.Load(home)
			if err != nil {
				t.Fatal(err)
			}
			v, _ := c.Value(config.KeyInjectBudget)
			if c.InjectBudget != tc.want || v.Source != tc.source {
				t.Fatalf("InjectBudget %d from %s, want %d from %s", c.InjectBudget, v.Source, tc.want, tc.source)
			}
			ign := strings.Join(c.Ignored(), "; ")
			if (tc.ignored == "") != (ign == "") || !strings.Contains(ign, tc.ignored) {
				t.Fatalf("Ignored() = %q, want it to mention %q", ign, tc.ignored)
			}
		})
	}
}

func TestSecretMasked(t *testing.T) {
	home := t.TempDir()
	writeConfig(t, home, `{"http_token": "s3cr3t"}`)
	c, err := config.Load(home)
	if err != nil {
		t.Fatal(err)
	}
	v, ok := c.Value(config.KeyHTTPToken)
	if !ok || v.Value != "s3cr3t" || v.Masked() == "s3cr3t" {
		t.Fatalf("token value %q masked %q", v.Value, v.Masked())
	}
}

func TestCheck(t *testing.T) {
	if err := config.Check("inject_budget_tokens", "12"); err != nil {
		t.Fatal(err)
	}
	for key, raw := range map[string]string{"inject_budget_tokens": "x", "no_such_key": "1"} {
		if err := config.Check(key, raw); err == nil {
			t.Errorf("Check(%q, %q) accepted", key, raw)
		}
	}
}

func TestDottedKeysAndKinds(t *testing.T) {
	home := t.TempDir()
	writeConfig(t, home, `{"reflection": {"provider": "DeepSeek", "timeout": 12.5, "auto": true, "model": "m"}, "other": 1}`)
	for _, env := range []string{"ANAMNESIS_REFLECTION_PROVIDER", "ANAMNESIS_REFLECTION_API_KEY", "DEEPSEEK_API_KEY", "OPENAI_API_KEY", "ANAMNESIS_REFLECT_AUTO"} {
		t.Setenv(env, "")
	}
	t.Setenv("OPENAI_API_KEY", "sk-abcdefgh")
	c, err := config.Load(home)
	if err != nil {
		t.Fatal(err)
	}
	if c.Get(config.KeyProvider) != "deepseek" || c.Float(config.KeyTimeout) != 12.5 || !c.Bool(config.KeyReflectAuto) || c.Get(config.KeyModel) != "m" {
		t.Fatalf("nested values: provider %q timeout %v auto %v model %q", c.Get(config.KeyProvider), c.Float(config.KeyTimeout), c.Bool(config.KeyReflectAuto), c.Get(config.KeyModel))
	}
	key, _ := c.Value(config.KeyAPIKey)
	if key.Value != "sk-abcdefgh" || key.Source != "env" || key.Masked() != "sk-...gh" {
		t.Fatalf("api key from the fallback variable: %+v masked %q", key.Value, key.Masked())
	}
}

func TestSetAndUnset(t *testing.T) {
	home := t.TempDir()
	writeConfig(t, home, `{"machine_id": "desk", "unknown_key": [1, 2]}`)
	tests := []struct {
		key, raw, err string
	}{
		{"reflection.provider", "openai", ""},
		{"reflection.provider", "gpt", "must be one of"},
		{"reflection.timeout", "abc", "positive number of seconds"},
		{"reflection.base_url", "ftp://x", "http:// or https://"},
		{"reflection.base_url", "http://127.0.0.1:11434/v1/", ""},
		{"reflection.auto", "yes", ""},
		{"reflection.auto", "maybe", "true or false"},
		{"nope", "1", "unknown setting"},
	}
	for _, tt := range tests {
		err := config.Set(home, tt.key, tt.raw)
		if (tt.err == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), tt.err) {
			t.Errorf("Set(%s, %q) = %v, want error containing %q", tt.key, tt.raw, err, tt.err)
		}
	}
	file := config.ReadFile(home)
	refl, _ := file["reflection"].(map[string]any)
	if refl["provider"] != "openai" || refl["base_url"] != "http://127.0.0.1:11434/v1" || refl["auto"] != true || file["unknown_key"] == nil || file["machine_id"] != "desk" {
		t.Fatalf("config.json after sets: %v", file)
	}
	for _, k := range []string{"reflection.provider", "reflection.base_url", "reflection.auto"} {
		if err := config.Unset(home, k); err != nil {
			t.Fatal(err)
		}
	}
	if _, ok := config.ReadFile(home)["reflection"]; ok {
		t.Fatal("an emptied reflection object must be pruned")
	}
}

func TestRedactPatterns(t *testing.T) {
	home := t.TempDir()
	t.Setenv("ANAMNESIS_REDACT_PATTERNS", "")
	if err := config.Set(home, config.KeyRedactPatterns, "acme-[0-9]+\n("); err == nil {
		t.Fatal("an invalid regular expression was accepted")
	}
	if err := config.Set(home, config.KeyRedactPatterns, "acme-[0-9]+\ninternal-[a-z]+"); err != nil {
		t.Fatal(err)
	}
	c, err := config.Load(home)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Get(config.KeyRedactPatterns); got != "acme-[0-9]+\ninternal-[a-z]+" {
		t.Fatalf("patterns %q", got)
	}
}
