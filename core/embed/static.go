package embed

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"

	"github.com/anamnesis-go/anamnesis/core/internal/vecmath"
)

// MaxStaticTokens is how many tokens of a text a static model averages, as model2vec does by
// default: a note's opening says what it is about, and the mean of thousands of tokens drifts
// toward the mean of the language.
const MaxStaticTokens = 512

// Static is a model2vec static model: a table of one vector per token; a text's vector is the
// mean of its tokens' vectors (each scaled by the token's weight when the model has weights),
// made unit length. Embedding runs in process, a few microseconds a text.
type Static struct {
	tok    *tokenizer
	table  []float32 // rows × dim
	rows   int
	dim    int
	mapRow []int64   // token id -> table row, when the model shares rows between tokens
	weight []float32 // token id -> weight, when the model has them
	id     string
}

// Files of a model2vec model directory.
const (
	staticWeights   = "model.safetensors"
	staticTokenizer = "tokenizer.json"
)

// LoadStatic reads a model2vec model directory: model.safetensors (a tensor "embeddings" of
// vocabulary × dimensions, optionally "weights" per token and "mapping" from token to row) and
// tokenizer.json. Every inconsistency between them is an error naming the file.
func LoadStatic(dir string) (*Static, error) {
	wpath := filepath.Join(dir, staticWeights)
	raw, release, err := mapFile(wpath)
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("static model: %s not found: embed.model_dir must be a model2vec model directory (model.safetensors + tokenizer.json)", wpath)
	} else if err != nil {
		return nil, fmt.Errorf("static model: %w", err)
	}
	s, err := loadStatic(dir, wpath, raw)
	if err != nil {
		release()
		return nil, err
	}
	// The table may be the mapped file itself: unmapped when the model is no longer used.
	runtime.SetFinalizer(s, func(*Static) { release() })
	return s, nil
}

func loadStatic(dir, wpath string, raw []byte) (*Static, error) {
	tensors, header, err := parseSafetensors(raw)
	if err != nil {
		return nil, fmt.Errorf("static model %s: %w", wpath, err)
	}
	tpath := filepath.Join(dir, staticTokenizer)
	traw, err := os.ReadFile(tpath)
	if err != nil {
		return nil, fmt.Errorf("static model: %w", err)
	}
	tok, err := parseTokenizer(traw)
	if err != nil {
		return nil, fmt.Errorf("static model %s: %w", tpath, err)
	}
	emb := tensors["embeddings"]
	if emb == nil {
		emb = tensors["embedding.weight"] // sentence-transformers' StaticEmbedding module
	}
	if emb == nil || len(emb.Shape) != 2 || emb.Shape[0] == 0 || emb.Shape[1] == 0 {
		return nil, fmt.Errorf("static model %s: no 2-dimensional tensor \"embeddings\" (tokens × dimensions)", wpath)
	}
	if emb.DType == "I32" || emb.DType == "I64" {
		return nil, fmt.Errorf("static model %s: embeddings must be floating point (or I8), not %s", wpath, emb.DType)
	}
	s := &Static{tok: tok, table: emb.floats(), rows: int(emb.Shape[0]), dim: int(emb.Shape[1])}
	vocab := s.rows
	if m := tensors["mapping"]; m != nil {
		if s.mapRow, err = m.ints(); err != nil {
			return nil, fmt.Errorf("static model %s: mapping: %w", wpath, err)
		}
		for _, r := range s.mapRow {
			if r < 0 || r >= int64(s.rows) {
				return nil, fmt.Errorf("static model %s: mapping names row %d of %d", wpath, r, s.rows)
			}
		}
		vocab = len(s.mapRow)
	}
	if w := tensors["weights"]; w != nil {
		s.weight = w.floats()
		if len(s.weight) != vocab {
			return nil, fmt.Errorf("static model %s: %d weights for %d tokens", wpath, len(s.weight), vocab)
		}
	}
	for tokText, id := range tok.vocab {
		if id < 0 || int(id) >= vocab {
			return nil, fmt.Errorf("static model: %s gives %q id %d, but %s has %d tokens", tpath, tokText, id, wpath, vocab)
		}
	}
	if err := checkConfig(dir, s.dim); err != nil {
		return nil, err
	}
	s.id = "static:" + filepath.Base(filepath.Clean(dir)) + "@" + fingerprint(header, emb.data, traw)
	return s, nil
}

// fingerprint identifies a model's content cheaply: its header, a sample of its table and its
// whole tokenizer. Hashing all of a 30 MB table would cost every process that loads it tens of
// milliseconds; a retrained or replaced model differs in the sample.
func fingerprint(header, table, tokenizer []byte) string {
	h := sha256.New()
	h.Write(header)
	const stride = 64 << 10
	for off := 0; off < len(table); off += stride {
		h.Write(table[off:min(off+64, len(table))])
	}
	h.Write(tokenizer)
	return hex.EncodeToString(h.Sum(nil))[:12]
}

// ID is the model directory's name and a fingerprint of its content.
func (s *Static) ID() string { return s.id }

// Dim is the table's width.
func (s *Static) Dim() int { return s.dim }

// Local is true: the model runs in this process.
func (s *Static) Local() bool { return true }

// Embed returns one unit vector per text (a zero vector for a text with no known token).
func (s *Static) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	flat := make([]float32, len(texts)*s.dim) // one allocation for the batch
	for i, t := range texts {
		if i%256 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		v := flat[i*s.dim : (i+1)*s.dim : (i+1)*s.dim]
		s.embedOne(t, v)
		out[i] = v
	}
	return out, nil
}

func (s *Static) embedOne(text string, v []float32) {
	ids := s.tok.encode(text, MaxStaticTokens)
	if len(ids) == 0 {
		return
	}
	for _, id := range ids {
		row := int64(id)
		if s.mapRow != nil {
			row = s.mapRow[id]
		}
		w := float32(1)
		if s.weight != nil {
			w = s.weight[id]
		}
		r := s.table[int(row)*s.dim : int(row+1)*s.dim]
		r = r[:len(v)]
		for j := range v {
			v[j] += w * r[j]
		}
	}
	// The mean's scale does not matter once the vector is made unit length.
	vecmath.Normalize(v)
}

// staticConfig is the part of a model2vec config.json checked: its declared width.
type staticConfig struct {
	HiddenDim int `json:"hidden_dim"`
}

// checkConfig compares the model directory's config.json, when present, with the table.
func checkConfig(dir string, dim int) error {
	raw, err := os.ReadFile(filepath.Join(dir, "config.json"))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	} else if err != nil {
		return fmt.Errorf("static model: %w", err)
	}
	var c staticConfig
	if err := json.Unmarshal(raw, &c); err != nil {
		return fmt.Errorf("static model %s: %v", filepath.Join(dir, "config.json"), err)
	}
	if c.HiddenDim != 0 && c.HiddenDim != dim {
		return fmt.Errorf("static model: config.json says %d dimensions, model.safetensors has %d", c.HiddenDim, dim)
	}
	return nil
}
