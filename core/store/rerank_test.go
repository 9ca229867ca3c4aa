package store

import (
	"testing"

	"github.com/anamnesis-go/anamnesis/core/note"
)

func TestRerank(t *testing.T) {
	r := DefaultRanking()
	hit := func(id, body string, score float64) Hit {
		return Hit{Note: &note.Note{ID: id, Body: body}, Score: score}
	}
	tests := []struct {
		name  string
		query string
		hits  []Hit
		want  []string
	}{
		{"covering more words wins a close bm25", "sqlite busy timeout", []Hit{
			hit("one", "sqlite sqlite sqlite", -5.0),
			hit("three", "the sqlite busy timeout setting", -3.0),
		}, []string{"three", "one"}},
		{"adjacent words beat scattered ones", "busy timeout", []Hit{
			hit("far", "busy with many other things before the timeout", -4.0),
			hit("near", "busy timeout", -3.9),
		}, []string{"near", "far"}},
		{"a much better bm25 still wins", "sqlite busy timeout", []Hit{
			hit("strong", "sqlite", -20.0),
			hit("weak", "sqlite busy timeout", -2.0),
		}, []string{"strong", "weak"}},
		{"one-word queries keep bm25 order", "sqlite", []Hit{
			hit("a", "sqlite", -2.0),
			hit("b", "sqlite sqlite", -1.0),
		}, []string{"a", "b"}},
		{"inflections count", "writers failing", []Hit{
			hit("plain", "nothing relevant writers", -3.0),
			hit("inflected", "the writer failed", -2.5),
		}, []string{"inflected", "plain"}},
	}
	for _, tc := range tests {
		hits := append([]Hit(nil), tc.hits...)
		r.rerank(hits, queryTerms(tc.query, true))
		var got []string
		for _, h := range hits {
			got = append(got, h.ID)
		}
		if len(got) != len(tc.want) || got[0] != tc.want[0] || got[1] != tc.want[1] {
			t.Errorf("%s: order %v, want %v", tc.name, got, tc.want)
		}
	}
}
