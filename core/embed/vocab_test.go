package embed

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestParseVocabMatchesEncodingJSON checks the direct vocabulary scanner against encoding/json on
// the shapes tokenizer.json files take, and that malformed input is an error, not a guess.
func TestParseVocabMatchesEncodingJSON(t *testing.T) {
	good := []string{
		`{}`,
		`{"[PAD]": 0, "[UNK]": 1, "##s": 2}`,
		"{\n  \"a\":0,\n\t\"b\" : 1\r\n}",
		`{"caf\u00e9": 3, "quote\"d": 4, "back\\slash": 5, "日本": 6, "\/": 7}`,
		`{"neg": -1, "big": 2147483647}`,
	}
	for _, in := range good {
		var want map[string]int32
		if err := json.Unmarshal([]byte(in), &want); err != nil {
			t.Fatalf("test input %q: %v", in, err)
		}
		got, err := parseVocab([]byte(in))
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("parseVocab(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{`[]`, `{"a": "x"}`, `{"a": 1,}`, `{"a" 1}`, `{"a": 99999999999}`, `{"a": 1`, `{"a`} {
		if v, err := parseVocab([]byte(in)); err == nil {
			t.Errorf("parseVocab(%q) = %v, want an error", in, v)
		}
	}
}
