package embed

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/embed/embedtest"

	"github.com/anamnesis-go/anamnesis/core/internal/vecmath"
)

// tinyVocab is a WordPiece vocabulary in the shape of a BERT tokenizer's.
var tinyVocab = []string{"[PAD]", "[UNK]", "[CLS]", "cat", "dog", "##s", "run", "##ning", "the", ".", "-", "busy", "time", "##out", "cafe", "猫"}

// writeModel writes a model2vec directory: tokenizer.json with tinyVocab and a table whose row i
// is the one-hot vector e_i (dim = len(vocab)), so a text's vector shows which tokens it averaged.
func writeModel(t *testing.T, dir string, tok map[string]any, extra map[string][]int64) {
	t.Helper()
	n := len(tinyVocab)
	table := make([]float32, n*n)
	for i := range n {
		table[i*n+i] = 1
	}
	f32 := map[string][]float32{"embeddings": table}
	shapes := map[string][]int64{"embeddings": {int64(n), int64(n)}}
	i64 := map[string][]int64{}
	for k, v := range extra {
		i64[k] = v
		shapes[k] = []int64{int64(len(v))}
	}
	if err := os.WriteFile(filepath.Join(dir, "model.safetensors"), embedtest.Safetensors(f32, shapes, i64), 0o644); err != nil {
		t.Fatal(err)
	}
	if tok == nil {
		tok = bertTokenizer(tinyVocab)
	}
	b, _ := json.Marshal(tok)
	if err := os.WriteFile(filepath.Join(dir, "tokenizer.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func bertTokenizer(words []string) map[string]any { return embedtest.BertTokenizer(words) }

func TestStaticTokenizesLikeBERT(t *testing.T) {
	dir := t.TempDir()
	writeModel(t, dir, nil, nil)
	s, err := LoadStatic(dir)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		text string
		want []string
	}{
		{"The cats", []string{"the", "cat", "##s"}},
		{"RUNNING dogs.", []string{"run", "##ning", "dog", "##s", "."}},
		{"busy-timeout", []string{"busy", "-", "time", "##out"}},
		{"Café", []string{"cafe"}},               // accents stripped with lowercasing, as BERT does
		{"unknownword cat", []string{"cat"}},     // a word no piece covers is dropped whole
		{"cat\x00\tdog", []string{"cat", "dog"}}, // control characters cleaned
		{"猫cat", []string{"猫", "cat"}},           // CJK ideographs stand alone
		{"catsx", nil},                           // "x" matches no continuation: unknown word
		{"", nil},
	}
	for _, c := range cases {
		got := tokenTexts(s, c.text)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("tokens of %q = %q, want %q", c.text, got, c.want)
		}
	}
}

func tokenTexts(s *Static, text string) []string {
	rev := map[int32]string{}
	for k, id := range s.tok.vocab {
		rev[id] = k
	}
	var out []string
	for _, id := range s.tok.encode(text, 0) {
		out = append(out, rev[id])
	}
	return out
}

func TestStaticEmbedsTheMeanOfItsTokens(t *testing.T) {
	dir := t.TempDir()
	writeModel(t, dir, nil, nil)
	s, err := LoadStatic(dir)
	if err != nil {
		t.Fatal(err)
	}
	vs, err := s.Embed(context.Background(), []string{"cat cats", "nothing known here", "dog"})
	if err != nil {
		t.Fatal(err)
	}
	// "cat cats" is cat, cat, ##s: (2 e_cat + e_##s) / |...|.
	want := make([]float32, len(tinyVocab))
	want[3], want[5] = 2/float32(math.Sqrt(5)), 1/float32(math.Sqrt(5))
	if !near(vs[0], want) {
		t.Fatalf("vector of %q = %v, want %v", "cat cats", vs[0], want)
	}
	for _, x := range vs[1] {
		if x != 0 {
			t.Fatalf("a text of unknown words must embed as zeros, got %v", vs[1])
		}
	}
	if got := vecmath.Dot(vs[0], vs[2]); got != 0 {
		t.Fatalf("cat·dog = %v with one-hot rows, want 0", got)
	}
	if s.Dim() != len(tinyVocab) || !s.Local() || !strings.HasPrefix(s.ID(), "static:"+filepath.Base(dir)+"@") {
		t.Fatalf("Dim %d Local %v ID %q", s.Dim(), s.Local(), s.ID())
	}
}

func TestStaticMappingAndWeights(t *testing.T) {
	dir := t.TempDir()
	n := len(tinyVocab)
	mapping := make([]int64, n)
	for i := range mapping {
		mapping[i] = int64(i)
	}
	mapping[4] = 3 // "dog" shares "cat"'s row, as a vocabulary-quantized model does
	writeModel(t, dir, nil, map[string][]int64{"mapping": mapping})
	s, err := LoadStatic(dir)
	if err != nil {
		t.Fatal(err)
	}
	vs, _ := s.Embed(context.Background(), []string{"dog", "cat"})
	if !near(vs[0], vs[1]) {
		t.Fatalf("mapped tokens must share a vector: %v vs %v", vs[0], vs[1])
	}
}

func TestStaticRejectsBadModels(t *testing.T) {
	cases := []struct {
		name  string
		setup func(dir string)
		want  string
	}{
		{"no tokenizer", func(dir string) {
			writeModel(t, dir, nil, nil)
			os.Remove(filepath.Join(dir, "tokenizer.json"))
		}, "tokenizer.json"},
		{"not safetensors", func(dir string) {
			writeModel(t, dir, nil, nil)
			os.WriteFile(filepath.Join(dir, "model.safetensors"), []byte("version https://git-lfs.github.com/spec/v1\n"), 0o644)
		}, "not a safetensors file"},
		{"truncated", func(dir string) {
			writeModel(t, dir, nil, nil)
			b, _ := os.ReadFile(filepath.Join(dir, "model.safetensors"))
			os.WriteFile(filepath.Join(dir, "model.safetensors"), b[:len(b)-10], 0o644)
		}, "outside the"},
		{"vocabulary larger than table", func(dir string) {
			writeModel(t, dir, bertTokenizer(append(append([]string{}, tinyVocab...), "extra")), nil)
		}, "has 16 tokens"},
		{"BPE tokenizer", func(dir string) {
			tok := bertTokenizer(tinyVocab)
			tok["model"].(map[string]any)["type"] = "BPE"
			writeModel(t, dir, tok, nil)
		}, `model type "BPE" is not supported`},
		{"config disagrees", func(dir string) {
			writeModel(t, dir, nil, nil)
			os.WriteFile(filepath.Join(dir, "config.json"), []byte(`{"hidden_dim": 256}`), 0o644)
		}, "says 256 dimensions"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			c.setup(dir)
			_, err := LoadStatic(dir)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one saying %q", err, c.want)
			}
		})
	}
}

func TestF16(t *testing.T) {
	cases := map[uint16]float32{0x3C00: 1, 0xC000: -2, 0x3800: 0.5, 0x0000: 0, 0x7BFF: 65504, 0x0001: 5.9604645e-08}
	for h, want := range cases {
		if got := f16(h); got != want {
			t.Errorf("f16(%#04x) = %v, want %v", h, got, want)
		}
	}
}

func near(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(float64(a[i]-b[i])) > 1e-6 {
			return false
		}
	}
	return true
}
