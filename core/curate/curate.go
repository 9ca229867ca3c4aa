// Package curate makes the memory better over time: it distils session notes into durable ones
// (reflect), folds redundant durable notes together (merge), supersedes duplicates (dedup),
// re-keys projects (migrate), repairs provenance (backfill), lists what a model wrote for review,
// and drafts evaluation questions. What it writes is ordinary notes with provenance, so it syncs,
// diffs and reverts like anything else; nothing is ever unlinked.
//
// Every text sent to a model passes through Model.ask: redacted first, then windowed to the
// provider's budget; every answer is parsed strictly, and a malformed answer writes nothing.
// Committing and re-indexing are the caller's (core/app).
package curate

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/llm"
	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/redact"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// Tags curation reads and writes.
const (
	TagReflection = "reflection" // a note reflect wrote
	TagReflected  = "reflected"  // a session note reflect has distilled
	TagMerge      = "merge"      // a note merge synthesized
	TagMerged     = "merged"     // a note merge kept in place of others
	TagReviewed   = "reviewed"   // a model-written note a person has looked at
	TagDuplicate  = "duplicate"  // a note dedup kept in place of copies
)

// ModelConfidence is the confidence of the notes a model writes, as in the Python reference.
const ModelConfidence = 0.6

// Model is a provider and the size of input it takes.
type Model struct {
	Provider llm.Provider
	// Budget is the largest input, in characters, sent in one request (reflection.max_tokens×4).
	Budget int
	// Redact is the one call through which every text bound for the provider passes: the App's
	// redactor, with the user's own patterns. Nil means the built-in rules.
	Redact func(string) string
}

func (m Model) redact(s string) string {
	if m.Redact != nil {
		return m.Redact(s)
	}
	out, _ := redact.Redact(s)
	return out
}

// ErrMalformed wraps every answer that does not have the shape asked for.
var ErrMalformed = errors.New("the model's answer is malformed")

func malformed(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrMalformed, fmt.Sprintf(format, args...))
}

// ask sends system and prompt, the prompt redacted and then windowed, and returns the answer
// without a code fence around it.
func (m Model) ask(ctx context.Context, system, prompt string, budget int) (string, error) {
	if m.Provider == nil {
		return "", llm.ErrNotConfigured
	}
	if budget <= 0 || (m.Budget > 0 && m.Budget < budget) {
		budget = m.Budget
	}
	text := llm.Window(m.redact(prompt), budget)
	out, err := m.Provider.Complete(ctx, llm.Request{System: system, Prompt: text})
	if err != nil {
		return "", fmt.Errorf("%s: %w", m.Provider.Label(), err)
	}
	return llm.StripFence(out), nil
}

// Label names the model for provenance.
func (m Model) Label() string {
	if m.Provider == nil {
		return ""
	}
	return m.Provider.Label()
}

// Change is one note file curation wrote.
type Change struct {
	ID   string `json:"id"`
	Path string `json:"path"` // relative to the store root: memory/<type>/<id>.md or local/...
	What string `json:"what"`
}

// PathOf is a note's file relative to the store root.
func PathOf(n *note.Note) string {
	dir := store.PortableDir
	if n.Scope == note.MachineLocal {
		dir = store.LocalDir
	}
	return dir + "/" + n.RelPath()
}

func changeOf(n *note.Note, what string) Change {
	return Change{ID: n.ID, Path: PathOf(n), What: what}
}

// load returns the notes the options select, bodies included, in the order List gives them.
func load(ctx context.Context, st *store.Store, opts store.ListOptions) ([]*note.Note, error) {
	page, err := st.List(ctx, opts)
	if err != nil {
		return nil, err
	}
	out := make([]*note.Note, 0, len(page.Notes))
	for _, m := range page.Notes {
		n, err := st.Get(ctx, m.ID)
		if errors.Is(err, store.ErrNotFound) {
			continue // removed since the listing
		}
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}

// withTag returns tags plus t, sorted, as the reference writes re-tagged notes.
func withTag(tags []string, t string) []string {
	out := append([]string{}, tags...)
	if !contains(out, t) {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// union returns the sorted union of a and b without duplicates.
func union(a, b []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range append(append([]string{}, a...), b...) {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	sort.Strings(out)
	return out
}

// oneLine reports whether s is a usable title: non-empty, one line.
func oneLine(s string) bool {
	return strings.TrimSpace(s) != "" && !strings.ContainsAny(strings.TrimSpace(s), "\r\n")
}
