package recall

import (
	"context"
	"strings"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/note"
)

func TestForPrompt(t *testing.T) {
	ctx := context.Background()
	st := newStore(t)
	wal := put(t, st, 1, note.Procedural, "p", "SQLite WAL busy timeout", "Set busy_timeout to 10000 ms so concurrent writers wait instead of failing with database is locked.", nil)
	put(t, st, 2, note.Semantic, "global", "Kubernetes rollout canary", "Canary deploys go through helm with a 10 percent rollout.", nil)
	put(t, st, 3, note.Semantic, "other", "SQLite WAL on the other project", "Must not appear: another project.", nil)
	put(t, st, 4, note.Semantic, "p", "Release checklist", "Tag, changelog, and notify the database team.", nil)

	cases := []struct {
		name, prompt string
		given        map[string]bool
		want         []string // titles expected, in any order; empty = nothing injected
	}{
		{"relevant project note", "the tests fail with database is locked, how do I set the sqlite busy timeout?", nil, []string{"SQLite WAL busy timeout"}},
		{"relevant global note", "do a canary rollout with helm on kubernetes", nil, []string{"Kubernetes rollout canary"}},
		{"already given", "the tests fail with database is locked, how do I set the sqlite busy timeout?", map[string]bool{wal.ID: true}, nil},
		{"one shared common word", "write a poem about the database of my dreams and the ocean at night", nil, nil},
		{"too short", "sqlite?", nil, nil},
		{"slash command", "/compact keep sqlite busy timeout details", nil, nil},
		{"no words", "?!?! ... ---", nil, nil},
	}
	for _, c := range cases {
		inj, err := ForPrompt(ctx, st, c.prompt, "p", c.given, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(c.want) == 0 {
			if inj.Text != "" {
				t.Errorf("%s: injected\n%s", c.name, inj.Text)
			}
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(inj.Text, w) {
				t.Errorf("%s: %q missing from\n%s", c.name, w, inj.Text)
			}
		}
		if strings.Contains(inj.Text, "another project") {
			t.Errorf("%s: another project's note was injected", c.name)
		}
		if n := EstimateTokens(inj.Text); n > DefaultPromptTokens {
			t.Errorf("%s: %d tokens, budget %d", c.name, n, DefaultPromptTokens)
		}
	}
}

func TestRelevantThreshold(t *testing.T) {
	n := &note.Note{Title: "Configure retries", Tags: []string{"sync"}, Body: "Pushes retry with exponential backoff and jitter."}
	for _, c := range []struct {
		terms []string
		want  bool
	}{
		{[]string{"configuration", "retry"}, true},                              // short query: every word, one in the title
		{[]string{"backoff", "jitter"}, false},                                  // short query, nothing in title or tags
		{[]string{"sync", "backoff", "kafka"}, true},                            // 2 of 3, one in the tags
		{[]string{"push", "backoff", "kafka"}, false},                           // 2 of 3, none in title or tags
		{[]string{"push", "kafka", "redis", "nginx", "helm", "grafana"}, false}, // 1 of 6
	} {
		if got := Relevant(c.terms, n); got != c.want {
			t.Errorf("Relevant(%v) = %v, want %v", c.terms, got, c.want)
		}
	}
}
