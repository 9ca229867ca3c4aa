// Package embed turns text into vectors for semantic search. Two providers implement Embedder: an
// HTTP client of any OpenAI-compatible /v1/embeddings endpoint (Ollama, llama-server, LM Studio,
// OpenAI), and an in-process static model in the model2vec format (a token table in safetensors
// plus its Hugging Face tokenizer.json), which needs no server and no cgo.
//
// The package knows nothing of the store: core/app embeds the notes and hands the vectors to
// core/store, which keeps them in the index beside the text they came from.
package embed

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Embedder turns texts into vectors, one per text, in order, each of Dim() numbers.
type Embedder interface {
	Embed(ctx context.Context, texts []string) ([][]float32, error)
	// Dim is the length of every vector; 0 until the first answer for a remote model whose size
	// is not known in advance.
	Dim() int
	// ID names the model and its version: vectors made under one ID are never compared with
	// vectors made under another.
	ID() string
	// Local reports whether embedding runs in this process (no network, a few microseconds a
	// text): only then may a hook embed its query.
	Local() bool
}

// Provider names, as the setting embed.provider spells them.
const (
	ProviderNone   = "none"
	ProviderOpenAI = "openai"
	ProviderStatic = "static"
)

// Providers are the values embed.provider accepts.
var Providers = []string{ProviderNone, ProviderOpenAI, ProviderStatic}

// Config selects and sets up a provider.
type Config struct {
	Provider string        // none, openai or static
	URL      string        // openai: the API base, e.g. http://127.0.0.1:11434/v1
	Model    string        // openai: the model name sent
	APIKey   string        // openai: sent as a bearer token when set
	ModelDir string        // static: the directory holding model.safetensors and tokenizer.json
	Timeout  time.Duration // openai: one request; zero means DefaultTimeout
	Batch    int           // openai: texts per request; zero means DefaultBatch
}

// ErrNotConfigured is New's answer when embed.provider is none.
var ErrNotConfigured = errors.New("semantic search is off (embed.provider is none)")

// New builds the configured provider. A static model is loaded from disk here, once.
func New(c Config) (Embedder, error) {
	switch c.Provider {
	case "", ProviderNone:
		return nil, ErrNotConfigured
	case ProviderOpenAI:
		return NewOpenAI(c)
	case ProviderStatic:
		if c.ModelDir == "" {
			return nil, errors.New("embed.provider is static but embed.model_dir is not set: point it at a model2vec model directory (model.safetensors + tokenizer.json)")
		}
		return LoadStatic(c.ModelDir)
	}
	return nil, fmt.Errorf("unknown embed.provider %q (one of none, openai, static)", c.Provider)
}
