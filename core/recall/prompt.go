package recall

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// DefaultPromptTokens is the per-prompt recall budget when none is configured: a prompt hook
// runs on every turn, so it adds a little, not a bundle.
const DefaultPromptTokens = 600

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
	ranked, err := searchPrompt(ctx, st, terms, project)
	if err != nil {
		return Injection{}, err
	}
	var picked []*note.Note
	for _, id := range ranked {
		if given[id] {
			continue
		}
		n, err := st.Get(ctx, id)
		if err != nil || !Relevant(terms, n) {
			continue
		}
		picked = append(picked, n)
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

// promptTerms caps the words searched for: bm25 cost grows with every posting list scored, and
// the longest words of a prompt are its specific ones (store.Tokens keeps the same kind).
const promptTerms = 8

// Column weights of bm25 over (id, title, body, tags), the same as store.Search uses.
const bm25Weights = "0, 4.0, 1.0, 2.0"

// searchPrompt ranks the live, non-superseded notes of project and global notes against the
// terms, best first, in one pass over the index (store.Search filters one project at a time, and
// two passes cost twice as much).
func searchPrompt(ctx context.Context, st *store.Store, terms []string, project string) ([]string, error) {
	if len(terms) > promptTerms {
		terms = longest(terms, promptTerms)
	}
	q := make([]string, len(terms))
	for i, t := range terms {
		q[i] = `"` + strings.ReplaceAll(t, `"`, `""`) + `"`
	}
	// Candidates must name a term in their title or tags, and are ranked on those: a note that
	// only mentions a word of the prompt in passing is not what a per-prompt injection is for
	// (Relevant then weighs the body too). The restriction is also what keeps this fast on a
	// large store, where nearly every body shares some word with a prompt and each match costs a
	// seek for its note id: on the 10,000-note benchmark corpus it cuts the matches from about
	// 9,000 to 2,400.
	match := "{title tags} : (" + strings.Join(q, " OR ") + ")"
	// Every match costs a seek into the index's content table (for the note id), which through
	// SQLite's small page cache is a pread per page; memory-mapping the file makes those seeks
	// plain memory reads. The setting belongs to one connection, so the query runs on that one.
	conn, err := st.DB().Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("search for prompt: %w", err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "PRAGMA mmap_size = 268435456"); err != nil {
		return nil, fmt.Errorf("search for prompt: %w", err)
	}
	rows, err := conn.QueryContext(ctx, `SELECT m.id FROM memories_fts f JOIN memories m ON m.id = f.id
		WHERE memories_fts MATCH ? AND m.project IN (?, ?) AND m.status <> 'deleted'
		AND NOT EXISTS (SELECT 1 FROM memory_supersedes s JOIN memories sm ON sm.id = s.memory_id
			WHERE s.superseded_id = m.id AND sm.status <> 'deleted')
		ORDER BY bm25(memories_fts, `+bm25Weights+`), m.updated_at DESC, m.id DESC LIMIT ?`,
		match, project, note.DefaultProject, promptSearchK)
	if err != nil {
		return nil, fmt.Errorf("search for prompt: %w", err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("search for prompt: %w", err)
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// longest keeps the n longest words, in their original order (ties to the earlier word).
func longest(words []string, n int) []string {
	idx := make([]int, len(words))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return len(words[idx[a]]) > len(words[idx[b]]) })
	keep := map[int]bool{}
	for _, i := range idx[:n] {
		keep[i] = true
	}
	out := make([]string, 0, n)
	for i, w := range words {
		if keep[i] {
			out = append(out, w)
		}
	}
	return out
}

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
