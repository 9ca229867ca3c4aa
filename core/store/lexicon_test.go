package store

import (
	"slices"
	"strings"
	"testing"
)

// TestExpansions pins which other names a query searches: the concepts its words name, by light
// stem (so "crashing" names crash), never the query's own words, nothing for a word of no concept.
func TestExpansions(t *testing.T) {
	tests := []struct {
		query      string
		has, hasnt []string
	}{
		{"the app keeps crashing", []string{"panic", "segfault"}, []string{"crash"}},
		{"go panic in the celery task", []string{"crash", "segfault", "sidekiq"}, []string{"panic", "celery"}},
		{"the freeze when preferences load", []string{"hang", "deadlock", "config"}, []string{"freeze", "preferences"}},
		// Everyday words that share a light stem with a concept's name name nothing: works (worker),
		// page (pager), local (locale), server (serving), drawing (drawer), broken (breaking).
		{"it works on the local server", nil, nil},
		{"the page is broken after drawing", nil, nil},
		{"deploys are flaky", []string{"release", "rollout", "intermittent"}, []string{"deploy", "flaky"}},
		{"login fails with a bad password", []string{"authentication", "credential"}, []string{"login", "password"}},
		{"the dashboard colour palette", nil, nil},
		// Words marked "=word" name their concept as themselves only: the everyday words sharing
		// their stem name nothing, nor do words left out for meaning another thing as often.
		{"it contains what was resolved and staged in my profile", nil, nil},
		{"spinning up a leaked key, wipe it before checkout", nil, nil},
		{"each iteration of the event loop with sql injection", nil, nil},
		{"the container restarts", []string{"docker", "podman"}, []string{"container"}},
		{"a resolver timeout on staging", []string{"dns", "preprod", "deadline"}, []string{"resolver", "staging"}},
		{"the profiler shows a spinner", []string{"flamegraph", "throbber"}, []string{"profiler", "spinner"}},
	}
	for _, tc := range tests {
		t.Run(tc.query, func(t *testing.T) {
			got := expansions(queryTerms(tc.query, true))
			if tc.has == nil && len(got) != 0 {
				t.Errorf("expansions %v, want none", got)
			}
			for _, w := range tc.has {
				if !slices.Contains(got, w) {
					t.Errorf("expansions %v lack %q", got, w)
				}
			}
			for _, w := range tc.hasnt {
				if slices.Contains(got, w) {
					t.Errorf("expansions %v hold %q, a word of the query", got, w)
				}
			}
			if len(got) > maxExpansions {
				t.Errorf("%d expansions, want at most %d", len(got), maxExpansions)
			}
		})
	}
}

// TestLexiconLinesAreDistinct: a word listed twice in one concept, or a concept that is one word,
// is a mistake in the table.
func TestLexiconLinesAreDistinct(t *testing.T) {
	for _, line := range lexiconLines {
		seen := map[string]bool{}
		ws := 0
		for _, w := range strings.Fields(line) {
			ws++
			if seen[w] {
				t.Errorf("%q lists %q twice", line, w)
			}
			seen[w] = true
		}
		if ws < 2 {
			t.Errorf("%q names one word: a concept needs two names", line)
		}
	}
}

// TestLexiconWordsNameOneConcept: a word (by light stem) listed in two concepts would search both
// concepts' names for it, joining two things the lexicon keeps apart.
func TestLexiconWordsNameOneConcept(t *testing.T) {
	at := map[string]string{}
	for _, line := range lexiconLines {
		for _, w := range strings.Fields(line) {
			st := lightStem(w)
			if exact, ok := strings.CutPrefix(w, "="); ok {
				st = "=" + exact // named as itself, apart from the stems
			}
			if prev, ok := at[st]; ok && prev != line {
				t.Errorf("%q (stem %q) is in %q and in %q", w, st, prev, line)
			}
			at[st] = line
		}
	}
}
