package store

import (
	"slices"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/note"
)

func TestAsksWhen(t *testing.T) {
	tests := []struct {
		query string
		want  bool
	}{
		{"When did Maria adopt Shadow?", true},
		{"when is the release", true},
		{"How long has Caroline had her friends?", true},
		{"How many years has Nate had turtles?", true},
		{"What year did John move?", true},
		{"Since when does the backup run?", true},
		{"What did John attend with his colleagues?", false},
		{"How many turtles does Nate have?", false},
		{"how to configure the busy timeout", false},
		{"long running queries", false},
		{"what happens when the cache is full", false},
		{"when I run the tests they hang", false},
		{"When Jon is planning to open his studio", false},
	}
	for _, tc := range tests {
		if got := asksWhen(tc.query); got != tc.want {
			t.Errorf("asksWhen(%q) = %t, want %t", tc.query, got, tc.want)
		}
	}
}

func TestSaysWhen(t *testing.T) {
	tests := []struct {
		text string
		want bool
	}{
		{"I just adopted this cute pup from a shelter last week.", true},
		{"Yesterday, I went to a fair to show off my studio", true},
		{"I've had them for 3 years now", true},
		{"I've known these friends for four years", true},
		{"We moved here a year ago", true},
		{"The official opening night is tomorrow.", true},
		{"I went to a pride parade last Friday", true},
		{"It was back in 2019, I think", true},
		{"See you in May!", true},
		{"Her name is Shadow! She's full of energy.", false},
		{"You may want to set the busy timeout to 5000", false},
		{"3 turtles in a tank", false},
		{"port 8080 is taken", false},
	}
	for _, tc := range tests {
		if got := saysWhen(tc.text); got != tc.want {
			t.Errorf("saysWhen(%q) = %t, want %t", tc.text, got, tc.want)
		}
	}
}

// TestLiftWhen: for a question asking when, the turn that says when rises above a better word
// match that does not; for other questions, and past the rerank pool, the order stands.
func TestLiftWhen(t *testing.T) {
	hit := func(id, body string, score float64) Hit {
		return Hit{Note: &note.Note{ID: id, Title: "Maria on 13 August, 2023", Body: body}, Score: score}
	}
	page := func() []Hit {
		return []Hit{
			hit("name", "Her name is Shadow! She brings me joy.", -9),
			hit("other", "Shadow loves the park.", -8),
			hit("answer", "I adopted this pup from a shelter last week.", -6),
		}
	}
	tests := []struct {
		name  string
		query string
		pool  int
		want  []string
	}{
		{"a when question lifts the turn that says when", "When did Maria adopt Shadow?", 12, []string{"answer", "name", "other"}},
		{"another question keeps the order", "Why did Maria adopt Shadow?", 12, []string{"name", "other", "answer"}},
		{"past the pool nothing moves", "When did Maria adopt Shadow?", 2, []string{"name", "other", "answer"}},
	}
	for _, tc := range tests {
		r := DefaultRanking()
		r.RerankPool = tc.pool
		hits := page()
		r.liftWhen(hits, tc.query)
		var got []string
		for _, h := range hits {
			got = append(got, h.ID)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: order %v, want %v", tc.name, got, tc.want)
		}
	}
}
