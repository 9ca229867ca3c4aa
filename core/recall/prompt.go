package recall

import (
	"context"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/anamnesis-go/anamnesis/core/config"
	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// DefaultPromptTokens is the per-prompt recall budget when none is configured: a prompt hook
// runs on every turn, so it adds a little, not a bundle.
const DefaultPromptTokens = config.DefaultPromptTokens

// Prompt recall limits.
const (
	promptMaxNotes  = 3
	promptSearchK   = 8
	minPromptRunes  = 8    // "ok", "yes", "thanks" recall nothing
	minCoverage     = 0.34 // share of the prompt's words a note must contain
	minMatchedTerms = 2
)

// ForPrompt finds the few notes most relevant to a user's prompt in project (and global notes),
// skipping the ids in given, and packs them into tokens. It returns an empty Injection when
// nothing is relevant enough.
//
// Relevance: bm25 ranks, but its scores are not comparable across stores or queries (they scale
// with document frequencies and query length), so a fixed bm25 cut-off would be wrong on every
// store but the one it was tuned on. The threshold is instead on term coverage, which means the
// same thing everywhere: a note must contain at least two of the prompt's content words and at
// least a third of them (a one- or two-word prompt: all of them), and one of them must be in its
// title or tags. A note sharing one common word with a long prompt, or mentioning the subject
// only in passing, is noise in the context window.
func ForPrompt(ctx context.Context, st *store.Store, prompt, project string, given map[string]bool, tokens int) (Injection, error) {
	prompt = strings.TrimSpace(prompt)
	if utf8.RuneCountInString(prompt) < minPromptRunes || strings.HasPrefix(prompt, "/") {
		return Injection{}, nil
	}
	terms := store.Tokens(prompt)
	if len(terms) == 0 {
		return Injection{}, nil
	}
	if tokens <= 0 {
		tokens = DefaultPromptTokens
	}
	// Candidates must name a prompt word in their title or tags, and are ranked on those: a note
	// that only mentions a word in passing is not what a per-prompt injection is for (Relevant then
	// weighs the body too). It is also what keeps this fast: titles and tags are a small index.
	res, err := st.Search(ctx, store.SearchOptions{
		Filter:    store.Filter{Projects: []string{project, note.DefaultProject}},
		Query:     strings.Join(terms, " "),
		K:         promptSearchK,
		HeadsOnly: true,
		MaxTerms:  promptTerms,
	})
	if err != nil {
		return Injection{}, fmt.Errorf("search for prompt: %w", err)
	}
	var picked []*note.Note
	for _, h := range res.Hits {
		if given[h.ID] || !Relevant(terms, h.Note) {
			continue
		}
		picked = append(picked, h.Note)
		if len(picked) == promptMaxNotes {
			break
		}
	}
	if len(picked) == 0 {
		return Injection{}, nil
	}
	text, ids := Pack("# Possibly related notes from Anamnesis memory (recorded earlier; may be out of date)", picked,
		Budget{Tokens: tokens, MaxChars: InjectCeiling})
	if text == "" {
		return Injection{}, nil
	}
	return Injection{Text: CapUTF16(text, InjectCeiling), IDs: ids}, nil
}

// promptTerms caps the words searched for: a prompt can be long, and its longest words are its
// specific ones.
const promptTerms = 8

// Relevant applies the coverage threshold described at ForPrompt.
func Relevant(terms []string, n *note.Note) bool {
	head := words(n.Title + " " + strings.Join(n.Tags, " "))
	all := words(n.Body)
	for w := range head {
		all[w] = true
	}
	matched, inHead := 0, 0
	for _, t := range terms {
		if hasWord(all, t) {
			matched++
			if hasWord(head, t) {
				inHead++
			}
		}
	}
	if inHead == 0 {
		return false
	}
	if len(terms) <= 2 {
		return matched == len(terms)
	}
	return matched >= minMatchedTerms && float64(matched)/float64(len(terms)) >= minCoverage
}

func words(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.FieldsFunc(s, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_'
	}) {
		m[strings.ToLower(w)] = true
	}
	return m
}

// hasWord matches t against a note's words loosely, the way the index's porter stemmer does
// roughly: equal, or sharing a prefix of five characters ("configure", "configuration"), or one
// a prefix of the other when the shorter has four ("test", "tests").
func hasWord(ws map[string]bool, t string) bool {
	if ws[t] {
		return true
	}
	for w := range ws {
		a, b := w, t
		if len(a) > len(b) {
			a, b = b, a
		}
		if len(a) >= 4 && strings.HasPrefix(b, a) {
			return true
		}
		if len(a) >= 5 && a[:5] == b[:5] {
			return true
		}
	}
	return false
}
