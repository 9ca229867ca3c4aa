package config

import (
	"fmt"
	"net/url"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Kind is what a setting's value is; it decides how a value is checked and read.
type Kind int

const (
	String Kind = iota
	PositiveInt
	Seconds // a positive number of seconds, fractions allowed
	Bool    // true/1/yes/on or false/0/no/off, any case
	URL     // an http:// or https:// URL
	Enum    // one of Setting.Values
	Lines   // a list of strings (one a line in the environment)
)

// Setting describes one setting: its key (dotted keys are nested objects in config.json, as in the
// Python reference: "reflection.model" is {"reflection": {"model": ...}}), its environment
// variables (the first non-empty one wins), its kind, default and what it is for. Every setting
// any binary reads is listed in Settings, so `anamnesis config` and the README show them all and
// nothing resolves a value on its own.
type Setting struct {
	Key    string
	Env    string   // environment variable; "" when there is none
	AltEnv []string // further variables read, in order, when Env is empty
	Kind   Kind
	Values []string // for Enum: the allowed values
	Secret bool     // shown masked, never printed
	Help   string   // one line
	// Default returns the value when neither the environment nor config.json sets one.
	Default func() string
}

// Setting keys.
const (
	KeyMachineID      = "machine_id"
	KeyRemote         = "remote"
	KeyInjectBudget   = "inject_budget_tokens"
	KeyPromptBudget   = "prompt_budget_tokens"
	KeyHTTPToken      = "http_token"
	KeyProvider       = "reflection.provider"
	KeyModel          = "reflection.model"
	KeyBaseURL        = "reflection.base_url"
	KeyAPIKey         = "reflection.api_key"
	KeyTimeout        = "reflection.timeout"
	KeyMaxTokens      = "reflection.max_tokens"
	KeyReflectAuto    = "reflection.auto"
	KeyReflectMin     = "reflection.min_episodics"
	KeyMergeMin       = "reflection.merge_min_durable"
	KeyMergeGateK     = "reflection.merge_gate_k"
	KeyRedactPatterns = "redact.patterns"
	KeyMCPAlwaysLoad  = "mcp.always_load"
	KeySummarize      = "capture.summarize"
	KeyMCPProfile     = "mcp.profile"
	KeyEmbedProvider  = "embed.provider"
	KeyEmbedURL       = "embed.url"
	KeyEmbedModel     = "embed.model"
	KeyEmbedModelDir  = "embed.model_dir"
	KeyEmbedAPIKey    = "embed.api_key"
	KeyEmbedTimeout   = "embed.timeout"
	KeyHookServer     = "hooks.server"
	KeyHookServerIdle = "hooks.server_idle"
)

// MCP tool profiles anamnesis-mcpd serves: "default" is the eight memory_* tools; "compat" is the
// memory, session and decision tools of seed 004's tool surface (write_memory, search_memories,
// start_session, manage_decisions, ...), for clients written against that server.
const (
	ProfileDefault = "default"
	ProfileCompat  = "compat"
)

// Profiles lists the values mcp.profile accepts.
var Profiles = []string{ProfileDefault, ProfileCompat}

// Defaults of the token budgets: what SessionStart injects and what a prompt's recall adds.
const (
	DefaultInjectTokens = 2000
	DefaultPromptTokens = 600
)

// Providers are the model providers reflection.provider accepts. "none" and the reference's
// "heuristic" use no model; the reference's "deepseek", "openai" and "local" all mean an
// OpenAI-compatible endpoint.
var Providers = []string{"none", "heuristic", "claude", "anthropic", "openai", "deepseek", "local"}

// EmbedProviders are the values embed.provider accepts: none (lexical search only, the default),
// openai (any OpenAI-compatible /v1/embeddings endpoint) and static (a model2vec model directory,
// run in process).
var EmbedProviders = []string{"none", "openai", "static"}

func constant(v string) func() string { return func() string { return v } }

// Settings is every setting, in the order `anamnesis config list` shows them.
var Settings = []Setting{
	{Key: KeyMachineID, Env: EnvMachineID, Help: "this machine's id, stamped on every note written here", Default: defaultMachineID},
	{Key: KeyRemote, Env: EnvRemote, Help: "git remote the notes sync with; empty means local only", Default: constant("")},
	{Key: KeyInjectBudget, Env: "ANAMNESIS_INJECT_BUDGET", Kind: PositiveInt, Help: "tokens of memory SessionStart injects", Default: constant(strconv.Itoa(DefaultInjectTokens))},
	{Key: KeyPromptBudget, Env: "ANAMNESIS_PROMPT_BUDGET", Kind: PositiveInt, Help: "tokens of memory a prompt's recall may add", Default: constant(strconv.Itoa(DefaultPromptTokens))},
	{Key: KeyHTTPToken, Secret: true, Help: "bearer token of anamnesis-mcpd --http (generated on first use)", Default: constant("")},
	{Key: KeyProvider, Env: "ANAMNESIS_REFLECTION_PROVIDER", Kind: Enum, Values: Providers, Help: "model provider for curation: none, claude (your claude -p), anthropic, or an OpenAI-compatible endpoint (openai, deepseek, local)", Default: constant("none")},
	{Key: KeyModel, Env: "ANAMNESIS_REFLECTION_MODEL", Help: "model name sent to the provider", Default: constant("")},
	{Key: KeyBaseURL, Env: "ANAMNESIS_REFLECTION_BASE_URL", Kind: URL, Help: "provider endpoint, e.g. http://127.0.0.1:11434/v1 for Ollama", Default: constant("")},
	{Key: KeyAPIKey, Env: "ANAMNESIS_REFLECTION_API_KEY", AltEnv: []string{"DEEPSEEK_API_KEY", "OPENAI_API_KEY"}, Secret: true, Help: "provider API key", Default: constant("")},
	{Key: KeyTimeout, Env: "ANAMNESIS_REFLECTION_TIMEOUT", Kind: Seconds, Help: "seconds one provider request may take", Default: constant("30")},
	{Key: KeyMaxTokens, Env: "ANAMNESIS_REFLECTION_MAX_TOKENS", Kind: PositiveInt, Help: "largest input, in tokens, sent to the provider in one request", Default: constant("120000")},
	{Key: KeyReflectAuto, Env: "ANAMNESIS_REFLECT_AUTO", Kind: Bool, Help: "let anamnesis-syncd reflect a project once it has enough new session notes", Default: constant("false")},
	{Key: KeyReflectMin, Env: "ANAMNESIS_REFLECT_MIN_EPISODICS", Kind: PositiveInt, Help: "unreflected session notes a project needs before reflect distils them", Default: constant("5")},
	{Key: KeyMergeMin, Env: "ANAMNESIS_MERGE_MIN_DURABLE", Kind: PositiveInt, Help: "durable notes a project needs before merge looks for redundancy", Default: constant("5")},
	{Key: KeyMergeGateK, Env: "ANAMNESIS_MERGE_GATE_K", Kind: PositiveInt, Help: "recall@k the merge gate compares before and after", Default: constant("8")},
	{Key: KeyMCPAlwaysLoad, Env: "ANAMNESIS_MCP_ALWAYS_LOAD", Kind: Bool, Help: "offer memory_search to Claude Code up front instead of behind its tool search (costs its schema's tokens in every request; saves a ToolSearch round trip on first use; see README)", Default: constant("false")},
	{Key: KeySummarize, Env: "ANAMNESIS_CAPTURE_SUMMARIZE", Kind: Enum, Values: []string{"auto", "on", "off"}, Help: "write captured sessions' notes with the model: auto (when reflection.provider is an HTTP endpoint, as the Python reference does), on (any provider, claude -p too), off", Default: constant("auto")},
	{Key: KeyMCPProfile, Env: "ANAMNESIS_MCP_PROFILE", Kind: Enum, Values: Profiles, Help: "MCP tools anamnesis-mcpd serves: default (memory_*) or compat (seed 004's write_memory, search_memories, sessions, decisions); --profile overrides", Default: constant(ProfileDefault)},
	{Key: KeyEmbedProvider, Env: "ANAMNESIS_EMBED_PROVIDER", Kind: Enum, Values: EmbedProviders, Help: "semantic search: none (lexical only), openai (an OpenAI-compatible embeddings endpoint) or static (a model2vec model directory, in process)", Default: constant("none")},
	{Key: KeyEmbedURL, Env: "ANAMNESIS_EMBED_URL", Kind: URL, Help: "embeddings endpoint base, e.g. http://127.0.0.1:11434/v1 for Ollama", Default: constant("")},
	{Key: KeyEmbedModel, Env: "ANAMNESIS_EMBED_MODEL", Help: "embedding model name sent to the endpoint, e.g. nomic-embed-text", Default: constant("")},
	{Key: KeyEmbedModelDir, Env: "ANAMNESIS_EMBED_MODEL_DIR", Help: "model2vec model directory (model.safetensors + tokenizer.json) for embed.provider static", Default: constant("")},
	{Key: KeyEmbedAPIKey, Env: "ANAMNESIS_EMBED_API_KEY", Secret: true, Help: "embeddings endpoint API key (never taken from OPENAI_API_KEY: embed.url may be another server)", Default: constant("")},
	{Key: KeyEmbedTimeout, Env: "ANAMNESIS_EMBED_TIMEOUT", Kind: Seconds, Help: "seconds one embeddings request may take", Default: constant("30")},
	{Key: KeyHookServer, Env: "ANAMNESIS_HOOK_SERVER", Kind: Bool, Help: "answer Claude Code's hooks and searches from a resident server the front door starts on first use (off: each starts anamnesis-cli)", Default: constant("true")},
	{Key: KeyHookServerIdle, Env: "ANAMNESIS_HOOK_SERVER_IDLE", Kind: Seconds, Help: "seconds the resident server waits for the next hook or search before it exits", Default: constant("900")},
	{Key: KeyRedactPatterns, Env: "ANAMNESIS_REDACT_PATTERNS", Kind: Lines, Help: "extra regular expressions to redact, separated by newlines (config.json: a list)", Default: constant("")},
}

// Lookup returns the setting named key.
func Lookup(key string) (Setting, bool) {
	for _, s := range Settings {
		if s.Key == key {
			return s, true
		}
	}
	return Setting{}, false
}

// Value is a resolved setting.
type Value struct {
	Setting
	Value  string
	Source string // "env", "file" or "default"
	// Ignored explains a value that was set but not valid, and so not used.
	Ignored string
}

// Masked is the value as shown to people: a secret shows at most its first three and last two
// characters, as the reference's settings view does.
func (v Value) Masked() string {
	if !v.Secret || v.Value == "" {
		return v.Value
	}
	if len(v.Value) <= 6 {
		return "set"
	}
	return v.Value[:3] + "..." + v.Value[len(v.Value)-2:]
}

// resolveAll resolves every setting against the environment and file.
func resolveAll(file map[string]any) map[string]Value {
	out := make(map[string]Value, len(Settings))
	for _, s := range Settings {
		out[s.Key] = resolve(s, file)
	}
	return out
}

func resolve(s Setting, file map[string]any) Value {
	v := Value{Setting: s}
	for _, env := range append([]string{s.Env}, s.AltEnv...) {
		if env == "" {
			continue
		}
		raw := strings.TrimSpace(os.Getenv(env))
		if raw == "" {
			continue
		}
		norm, err := s.normalize(raw)
		if err == nil {
			v.Value, v.Source = norm, "env"
			return v
		}
		v.Ignored = fmt.Sprintf("%s=%q ignored: %v", env, raw, err)
		break
	}
	if raw, ok := fileString(lookupPath(file, s.Key), s.Kind); ok && raw != "" {
		norm, err := s.normalize(raw)
		if err == nil {
			v.Value, v.Source = norm, "file"
			return v
		}
		if v.Ignored == "" {
			v.Ignored = fmt.Sprintf("config.json %s=%q ignored: %v", s.Key, raw, err)
		}
	}
	v.Value, v.Source = s.Default(), "default"
	return v
}

// lookupPath finds a dotted key in nested objects.
func lookupPath(m map[string]any, key string) any {
	parts := strings.Split(key, ".")
	var cur any = m
	for _, p := range parts {
		obj, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = obj[p]
	}
	return cur
}

// fileString reads a config.json value as text. Numbers are accepted for numeric settings, bools
// for Bool settings and lists of strings as newline-separated text; anything else is as good as
// absent.
func fileString(x any, k Kind) (string, bool) {
	switch x := x.(type) {
	case string:
		return strings.TrimSpace(x), true
	case float64:
		if k == PositiveInt || k == Seconds {
			return strconv.FormatFloat(x, 'f', -1, 64), true
		}
	case bool:
		if k == Bool {
			return strconv.FormatBool(x), true
		}
	case []any:
		if k != Lines {
			return "", false
		}
		var lines []string
		for _, e := range x {
			if s, ok := e.(string); ok && strings.TrimSpace(s) != "" {
				lines = append(lines, s)
			}
		}
		return strings.Join(lines, "\n"), true
	}
	return "", false
}

// normalize checks raw against the setting's kind and returns its canonical text.
func (s Setting) normalize(raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	switch s.Kind {
	case PositiveInt:
		n, err := strconv.Atoi(raw)
		if err != nil || n <= 0 {
			return "", fmt.Errorf("%s must be a positive whole number", s.Key)
		}
		return strconv.Itoa(n), nil
	case Seconds:
		f, err := strconv.ParseFloat(raw, 64)
		if err != nil || f <= 0 {
			return "", fmt.Errorf("%s must be a positive number of seconds", s.Key)
		}
		return strconv.FormatFloat(f, 'f', -1, 64), nil
	case Bool:
		switch strings.ToLower(raw) {
		case "true", "1", "yes", "on":
			return "true", nil
		case "false", "0", "no", "off":
			return "false", nil
		}
		return "", fmt.Errorf("%s must be true or false (also 1/0, yes/no, on/off)", s.Key)
	case URL:
		u, err := url.Parse(raw)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return "", fmt.Errorf("%s must be an http:// or https:// URL", s.Key)
		}
		return strings.TrimRight(raw, "/"), nil
	case Enum:
		low := strings.ToLower(raw)
		for _, v := range s.Values {
			if low == v {
				return v, nil
			}
		}
		return "", fmt.Errorf("%s must be one of %s", s.Key, strings.Join(s.Values, ", "))
	case Lines:
		var keep []string
		for _, line := range strings.Split(raw, "\n") {
			if line = strings.TrimSpace(line); line == "" {
				continue
			}
			if _, err := regexp.Compile(line); err != nil {
				return "", fmt.Errorf("%s: %q is not a regular expression: %v", s.Key, line, err)
			}
			keep = append(keep, line)
		}
		return strings.Join(keep, "\n"), nil
	}
	return raw, nil
}

// Check validates raw as a value of the setting named key, before anything is written.
func Check(key, raw string) error {
	s, ok := Lookup(key)
	if !ok {
		return fmt.Errorf("unknown setting %q (known: %s)", key, strings.Join(Keys(), ", "))
	}
	_, err := s.normalize(raw)
	return err
}

// Set validates raw and writes it to config.json under its (possibly dotted) key. Nothing is
// written when the value is not valid.
func Set(home, key, raw string) error {
	s, ok := Lookup(key)
	if !ok {
		return fmt.Errorf("unknown setting %q (known: %s)", key, strings.Join(Keys(), ", "))
	}
	norm, err := s.normalize(raw)
	if err != nil {
		return err
	}
	var v any = norm
	switch s.Kind {
	case PositiveInt, Seconds:
		f, _ := strconv.ParseFloat(norm, 64)
		v = f
	case Bool:
		v = norm == "true"
	}
	if s.Kind == Lines {
		v = strings.Split(norm, "\n")
	}
	return updatePath(home, key, v)
}

// Unset removes a setting from config.json, pruning an object it leaves empty.
func Unset(home, key string) error {
	if _, ok := Lookup(key); !ok {
		return fmt.Errorf("unknown setting %q (known: %s)", key, strings.Join(Keys(), ", "))
	}
	return updatePath(home, key, nil)
}

// updatePath sets (or, with nil, removes) a dotted key in config.json.
func updatePath(home, key string, v any) error {
	parts := strings.Split(key, ".")
	if len(parts) == 1 {
		return Update(home, map[string]any{key: v})
	}
	top := parts[0]
	file, err := readStrict(home)
	if err != nil {
		return err
	}
	obj, _ := file[top].(map[string]any)
	if obj == nil {
		obj = map[string]any{}
	}
	setNested(obj, parts[1:], v)
	if len(obj) == 0 {
		return Update(home, map[string]any{top: nil})
	}
	return Update(home, map[string]any{top: obj})
}

func setNested(obj map[string]any, parts []string, v any) {
	if len(parts) == 1 {
		if v == nil {
			delete(obj, parts[0])
		} else {
			obj[parts[0]] = v
		}
		return
	}
	child, _ := obj[parts[0]].(map[string]any)
	if child == nil {
		child = map[string]any{}
	}
	setNested(child, parts[1:], v)
	if len(child) == 0 {
		delete(obj, parts[0])
	} else {
		obj[parts[0]] = child
	}
}

// Keys lists the known setting keys, sorted.
func Keys() []string {
	ks := make([]string, len(Settings))
	for i, s := range Settings {
		ks[i] = s.Key
	}
	sort.Strings(ks)
	return ks
}

// Value returns the resolved setting named key.
func (c *Config) Value(key string) (Value, bool) {
	v, ok := c.values[key]
	return v, ok
}

// Get returns the resolved text of the setting named key ("" for an unknown key).
func (c *Config) Get(key string) string { return c.values[key].Value }

// Int returns a numeric setting (0 for a non-numeric or unknown one).
func (c *Config) Int(key string) int {
	n, _ := strconv.Atoi(c.values[key].Value)
	return n
}

// Float returns a Seconds setting.
func (c *Config) Float(key string) float64 {
	f, _ := strconv.ParseFloat(c.values[key].Value, 64)
	return f
}

// Bool returns a Bool setting.
func (c *Config) Bool(key string) bool { return c.values[key].Value == "true" }

// Values returns every resolved setting, in the order of Settings.
func (c *Config) Values() []Value {
	out := make([]Value, 0, len(Settings))
	for _, s := range Settings {
		out = append(out, c.values[s.Key])
	}
	return out
}

// Ignored lists the settings that were set to invalid values, one sentence each, for logs.
func (c *Config) Ignored() []string {
	var out []string
	for _, v := range c.Values() {
		if v.Ignored != "" {
			out = append(out, v.Ignored)
		}
	}
	return out
}
