// Package embedtest writes model2vec model directories for tests and benchmarks: a safetensors
// token table and a BERT-style WordPiece tokenizer.json, as small or as large as wanted. Like
// net/http/httptest it exists for tests only; it never downloads anything.
package embedtest

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
)

// Safetensors encodes float32 tensors (F32) and int64 tensors (I64) in the safetensors layout: an
// 8-byte little-endian header length, a JSON header of dtypes, shapes and byte ranges, the data.
func Safetensors(f32 map[string][]float32, shapes map[string][]int64, i64 map[string][]int64) []byte {
	type entry struct {
		DType       string   `json:"dtype"`
		Shape       []int64  `json:"shape"`
		DataOffsets [2]int64 `json:"data_offsets"`
	}
	names := make([]string, 0, len(f32)+len(i64))
	for n := range f32 {
		names = append(names, n)
	}
	for n := range i64 {
		names = append(names, n)
	}
	sort.Strings(names)
	head := map[string]entry{}
	var data []byte
	for _, n := range names {
		start := int64(len(data))
		if v, ok := f32[n]; ok {
			for _, x := range v {
				data = binary.LittleEndian.AppendUint32(data, math.Float32bits(x))
			}
			head[n] = entry{"F32", shapes[n], [2]int64{start, int64(len(data))}}
		} else {
			for _, x := range i64[n] {
				data = binary.LittleEndian.AppendUint64(data, uint64(x))
			}
			head[n] = entry{"I64", shapes[n], [2]int64{start, int64(len(data))}}
		}
	}
	hj, _ := json.Marshal(head)
	out := binary.LittleEndian.AppendUint64(nil, uint64(len(hj)))
	out = append(out, hj...)
	return append(out, data...)
}

// BertTokenizer is a tokenizer.json of a lowercasing BERT WordPiece tokenizer over vocab (token
// i has id i).
func BertTokenizer(vocab []string) map[string]any {
	ids := make(map[string]int, len(vocab))
	for i, w := range vocab {
		ids[w] = i
	}
	return map[string]any{
		"version":       "1.0",
		"normalizer":    map[string]any{"type": "BertNormalizer", "clean_text": true, "handle_chinese_chars": true, "strip_accents": nil, "lowercase": true},
		"pre_tokenizer": map[string]any{"type": "BertPreTokenizer"},
		"model": map[string]any{"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
			"max_input_chars_per_word": 100, "vocab": ids},
	}
}

// WriteModel writes a model2vec directory: model.safetensors with the table (len(vocab) rows of
// dim numbers) and tokenizer (BertTokenizer(vocab) when nil).
func WriteModel(dir string, vocab []string, dim int, table []float32, tokenizer map[string]any) error {
	if len(table) != len(vocab)*dim {
		return fmt.Errorf("embedtest: table of %d numbers for %d tokens of %d", len(table), len(vocab), dim)
	}
	st := Safetensors(map[string][]float32{"embeddings": table},
		map[string][]int64{"embeddings": {int64(len(vocab)), int64(dim)}}, nil)
	if err := os.WriteFile(filepath.Join(dir, "model.safetensors"), st, 0o644); err != nil {
		return err
	}
	if tokenizer == nil {
		tokenizer = BertTokenizer(vocab)
	}
	b, err := json.Marshal(tokenizer)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "tokenizer.json"), b, 0o644)
}
