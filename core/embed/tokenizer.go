package embed

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"
)

// tokenizer is the part of a Hugging Face tokenizer.json a static model needs: the normalizer,
// the pre-tokenizer and a WordPiece or WordLevel vocabulary (what model2vec's English models,
// distilled from BERT-family encoders, ship). Special tokens are never added: model2vec encodes
// without them.
type tokenizer struct {
	lowercase, stripAccents, cleanText, chineseChars bool
	pre                                              []string // pre-tokenizer steps, in order
	model                                            string   // WordPiece or WordLevel
	vocab                                            map[string]int32
	unk                                              int32 // -1 when the vocabulary has no unknown token
	prefix                                           string
	maxWordRunes                                     int
}

type tokenizerJSON struct {
	Normalizer   *normalizerJSON `json:"normalizer"`
	PreTokenizer *preJSON        `json:"pre_tokenizer"`
	Model        struct {
		Type                    string          `json:"type"`
		Vocab                   json.RawMessage `json:"vocab"`
		UnkToken                string          `json:"unk_token"`
		ContinuingSubwordPrefix *string         `json:"continuing_subword_prefix"`
		MaxInputCharsPerWord    int             `json:"max_input_chars_per_word"`
	} `json:"model"`
}

type normalizerJSON struct {
	Type               string            `json:"type"`
	Lowercase          *bool             `json:"lowercase"`
	StripAccents       *bool             `json:"strip_accents"`
	CleanText          *bool             `json:"clean_text"`
	HandleChineseChars *bool             `json:"handle_chinese_chars"`
	Normalizers        []*normalizerJSON `json:"normalizers"`
}

type preJSON struct {
	Type          string     `json:"type"`
	PreTokenizers []*preJSON `json:"pretokenizers"`
}

// parseTokenizer reads tokenizer.json. What it cannot follow faithfully (a BPE or Unigram model,
// an unknown normalizer) is an error naming it, not a silent approximation: vectors from a
// tokenizer that splits differently from the model's own would be quietly wrong.
func parseTokenizer(b []byte) (*tokenizer, error) {
	var j tokenizerJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return nil, fmt.Errorf("tokenizer.json is not JSON: %v", err)
	}
	t := &tokenizer{model: j.Model.Type, unk: -1, prefix: "##", maxWordRunes: 100}
	if j.Normalizer != nil {
		if err := t.addNormalizer(j.Normalizer); err != nil {
			return nil, err
		}
	}
	if j.PreTokenizer == nil {
		t.pre = []string{"WhitespaceSplit"}
	} else if err := t.addPre(j.PreTokenizer); err != nil {
		return nil, err
	}
	switch t.model {
	case "WordPiece", "WordLevel":
	default:
		return nil, fmt.Errorf("tokenizer.json: model type %q is not supported (WordPiece and WordLevel are; model2vec's English potion models use WordPiece)", t.model)
	}
	var err error
	if t.vocab, err = parseVocab(j.Model.Vocab); err != nil {
		return nil, fmt.Errorf("tokenizer.json: model.vocab must map tokens to ids: %v", err)
	}
	if len(t.vocab) == 0 {
		return nil, fmt.Errorf("tokenizer.json: the vocabulary is empty")
	}
	if id, ok := t.vocab[j.Model.UnkToken]; ok && j.Model.UnkToken != "" {
		t.unk = id
	}
	if j.Model.ContinuingSubwordPrefix != nil {
		t.prefix = *j.Model.ContinuingSubwordPrefix
	}
	if j.Model.MaxInputCharsPerWord > 0 {
		t.maxWordRunes = j.Model.MaxInputCharsPerWord
	}
	return t, nil
}

// parseVocab reads the vocabulary object {"token": id, ...}. It is most of tokenizer.json (150,000
// entries for a word-level model) and every process that embeds loads it, so it is scanned
// directly: a token without escapes is sliced from the text as it is, and only a token with
// escapes goes through encoding/json. Anything unexpected falls back to encoding/json whole.
func parseVocab(raw []byte) (map[string]int32, error) {
	if v, ok := scanVocab(raw); ok {
		return v, nil
	}
	var v map[string]int32
	err := json.Unmarshal(raw, &v)
	return v, err
}

func scanVocab(b []byte) (map[string]int32, bool) {
	i := 0
	ws := func() {
		for i < len(b) && (b[i] == ' ' || b[i] == '\n' || b[i] == '\t' || b[i] == '\r') {
			i++
		}
	}
	ws()
	if i >= len(b) || b[i] != '{' {
		return nil, false
	}
	i++
	v := make(map[string]int32, len(b)/12)
	ws()
	if i < len(b) && b[i] == '}' {
		return v, true
	}
	for {
		ws()
		if i >= len(b) || b[i] != '"' {
			return nil, false
		}
		start, escaped := i, false
		for i++; i < len(b) && b[i] != '"'; i++ {
			if b[i] == '\\' {
				escaped = true
				i++
			}
		}
		if i >= len(b) {
			return nil, false
		}
		i++
		var key string
		if escaped {
			if err := json.Unmarshal(b[start:i], &key); err != nil {
				return nil, false
			}
		} else {
			key = string(b[start+1 : i-1])
		}
		ws()
		if i >= len(b) || b[i] != ':' {
			return nil, false
		}
		i++
		ws()
		n, neg := int64(0), false
		if i < len(b) && b[i] == '-' {
			neg = true
			i++
		}
		digits := 0
		for ; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
			n = n*10 + int64(b[i]-'0')
			if digits++; digits > 10 {
				return nil, false
			}
		}
		if digits == 0 || n > math.MaxInt32 {
			return nil, false
		}
		if neg {
			n = -n
		}
		v[key] = int32(n)
		ws()
		if i < len(b) && b[i] == ',' {
			i++
			continue
		}
		if i < len(b) && b[i] == '}' {
			return v, true
		}
		return nil, false
	}
}

func (t *tokenizer) addNormalizer(n *normalizerJSON) error {
	on := func(p *bool, def bool) bool {
		if p == nil {
			return def
		}
		return *p
	}
	switch n.Type {
	case "BertNormalizer":
		t.cleanText = on(n.CleanText, true)
		t.chineseChars = on(n.HandleChineseChars, true)
		t.lowercase = on(n.Lowercase, true)
		// BERT's rule: accents are stripped when not said otherwise and the text is lowercased.
		t.stripAccents = on(n.StripAccents, t.lowercase)
	case "Lowercase":
		t.lowercase = true
	case "StripAccents":
		t.stripAccents = true
	case "NFD", "NFC", "NFKD", "NFKC":
		// Unicode normal forms change nothing in the ASCII and precomposed text notes are made of;
		// accents are handled by StripAccents.
	case "Sequence":
		for _, c := range n.Normalizers {
			if err := t.addNormalizer(c); err != nil {
				return err
			}
		}
	default:
		return fmt.Errorf("tokenizer.json: normalizer %q is not supported", n.Type)
	}
	return nil
}

func (t *tokenizer) addPre(p *preJSON) error {
	switch p.Type {
	case "BertPreTokenizer", "Whitespace", "WhitespaceSplit":
		t.pre = append(t.pre, p.Type)
	case "Sequence":
		for _, c := range p.PreTokenizers {
			if err := t.addPre(c); err != nil {
				return err
			}
		}
	default:
		return fmt.Errorf("tokenizer.json: pre-tokenizer %q is not supported", p.Type)
	}
	return nil
}

// normalize applies the normalizer to s.
func (t *tokenizer) normalize(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	for _, r := range s {
		if t.cleanText {
			if r == 0 || r == utf8.RuneError || isControl(r) {
				continue
			}
			if unicode.IsSpace(r) {
				r = ' '
			}
		}
		if t.lowercase {
			r = unicode.ToLower(r)
		}
		if t.stripAccents {
			if unicode.Is(unicode.Mn, r) {
				continue
			}
			r = stripAccent(r)
		}
		if t.chineseChars && isCJK(r) {
			b.WriteByte(' ')
			b.WriteRune(r)
			b.WriteByte(' ')
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// words splits normalized text into the words the vocabulary model sees.
func (t *tokenizer) words(s string) []string {
	ws := []string{s}
	for _, step := range t.pre {
		var next []string
		for _, w := range ws {
			next = splitWords(w, step, next)
		}
		ws = next
	}
	return ws
}

func splitWords(s, step string, out []string) []string {
	start := -1
	flush := func(end int) {
		if start >= 0 {
			out = append(out, s[start:end])
			start = -1
		}
	}
	prevWord := false
	for i, r := range s {
		switch {
		case unicode.IsSpace(r):
			flush(i)
		case step == "BertPreTokenizer" && isPunct(r):
			flush(i)
			out = append(out, s[i:i+utf8.RuneLen(r)])
		case step == "Whitespace":
			// \w+|[^\w\s]+ : a run of word characters, or a run of other non-space characters.
			w := r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
			if start >= 0 && w != prevWord {
				flush(i)
			}
			if start < 0 {
				start = i
			}
			prevWord = w
		default:
			if start < 0 {
				start = i
			}
		}
	}
	flush(len(s))
	return out
}

// encode returns the token ids of s, without special tokens and without the unknown token
// (model2vec drops it: it says nothing about the text).
func (t *tokenizer) encode(s string, maxTokens int) []int32 {
	var ids []int32
	for _, w := range t.words(t.normalize(s)) {
		if maxTokens > 0 && len(ids) >= maxTokens {
			break
		}
		if t.model == "WordLevel" {
			if id, ok := t.vocab[w]; ok && id != t.unk {
				ids = append(ids, id)
			}
			continue
		}
		ids = t.wordPiece(w, ids)
	}
	if maxTokens > 0 && len(ids) > maxTokens {
		ids = ids[:maxTokens]
	}
	return ids
}

// wordPiece appends the ids of one word: greedy longest match from the left, continuation pieces
// carrying the prefix; a word with a part no piece matches is unknown as a whole (and dropped).
func (t *tokenizer) wordPiece(w string, ids []int32) []int32 {
	if utf8.RuneCountInString(w) > t.maxWordRunes {
		return ids
	}
	mark := len(ids)
	var key []byte
	for start := 0; start < len(w); {
		end := len(w)
		found := int32(-1)
		for end > start {
			key = key[:0]
			if start > 0 {
				key = append(key, t.prefix...)
			}
			key = append(key, w[start:end]...)
			if id, ok := t.vocab[string(key)]; ok {
				found = id
				break
			}
			_, size := utf8.DecodeLastRuneInString(w[start:end])
			end -= size
		}
		if found < 0 {
			return ids[:mark]
		}
		if found != t.unk {
			ids = append(ids, found)
		}
		start = end
	}
	return ids
}

func isControl(r rune) bool {
	if r == '\t' || r == '\n' || r == '\r' {
		return false
	}
	return unicode.IsControl(r) || unicode.In(r, unicode.Cf)
}

// isPunct is BERT's punctuation: ASCII non-alphanumeric symbols, and Unicode punctuation.
func isPunct(r rune) bool {
	if r >= 33 && r <= 47 || r >= 58 && r <= 64 || r >= 91 && r <= 96 || r >= 123 && r <= 126 {
		return true
	}
	return unicode.IsPunct(r)
}

// isCJK is BERT's "Chinese character" block list (CJK ideographs, which carry no spaces).
func isCJK(r rune) bool {
	return r >= 0x4E00 && r <= 0x9FFF || r >= 0x3400 && r <= 0x4DBF || r >= 0x20000 && r <= 0x2A6DF ||
		r >= 0x2A700 && r <= 0x2B73F || r >= 0x2B740 && r <= 0x2B81F || r >= 0x2B820 && r <= 0x2CEAF ||
		r >= 0xF900 && r <= 0xFAFF || r >= 0x2F800 && r <= 0x2FA1F
}

// accentFree maps the precomposed Latin letters U+00C0-U+017F to their base letters (what NFD
// followed by dropping combining marks gives), so no Unicode tables need to be imported.
const accentFree = "AAAAAAÆCEEEEIIII" +
	"ÐNOOOOO×ØUUUUYÞß" +
	"aaaaaaæceeeeiiii" +
	"ðnooooo÷øuuuuyþy" +
	"AaAaAaCcCcCcCcDd" +
	"ĐđEeEeEeEeEeGgGg" +
	"GgGgHhĦħIiIiIiIi" +
	"IıĲĳJjKkĸLlLlLlĿ" +
	"ŀŁłNnNnNnŉŊŋOoOo" +
	"OoŒœRrRrRrSsSsSs" +
	"SsTtTtŦŧUuUuUuUu" +
	"UuUuWwYyYZzZzZzſ"

var accentTable = []rune(accentFree)

func stripAccent(r rune) rune {
	if r >= 0xC0 && r <= 0x17F {
		return accentTable[r-0xC0]
	}
	return r
}
