// Package recall turns ranked notes into context for a model: a markdown bundle packed greedily
// into a token budget, never over it. SessionStart injection, per-prompt recall and the
// memory_recall tool all use it.
package recall

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// CharsPerToken is the estimate used to turn a token budget into characters (the Python
// reference's eval uses the same ceil(chars/4)).
const CharsPerToken = 4

// EstimateTokens estimates the tokens of s.
func EstimateTokens(s string) int {
	return (utf8.RuneCountInString(s) + CharsPerToken - 1) / CharsPerToken
}

// Budget bounds a bundle.
type Budget struct {
	Tokens   int // estimated tokens; zero means 2,000
	MaxChars int // hard ceiling in characters, whatever Tokens says; zero means none
}

func (b Budget) chars() int {
	t := b.Tokens
	if t <= 0 {
		t = 2000
	}
	c := t * CharsPerToken
	if b.MaxChars > 0 && b.MaxChars < c {
		c = b.MaxChars
	}
	return c
}

// minUseful is the least room worth spending on a truncated note: less than this and the note is
// skipped in favour of shorter ones further down the ranking.
const minUseful = 240

// Render formats one note the way the Python reference's injection does:
// "## [type] title", a metadata line, a blank line, the body.
func Render(n *note.Note) string {
	var b strings.Builder
	fmt.Fprintf(&b, "## [%s] %s\n_project: %s | origin: %s", n.Type, n.Title, n.Project, n.MachineID)
	if n.ProvSource != note.SourceHuman && n.ProvSource != "" || n.Confidence < 1.0 {
		fmt.Fprintf(&b, " | source: %s (confidence %s)", n.ProvSource, strconv.FormatFloat(n.Confidence, 'g', 6, 64))
	}
	fmt.Fprintf(&b, " | id: %s_\n", n.ID)
	if body := strings.TrimSpace(n.Body); body != "" {
		b.WriteString("\n")
		b.WriteString(body)
		b.WriteString("\n")
	}
	return b.String()
}

// Pack renders notes in order under header until the budget is spent. A note that does not fit
// whole is cut at a line or word boundary with a pointer to the full note, if enough room is left
// to be useful; otherwise it is skipped and smaller notes after it may still fit. It returns the
// bundle ("" when no note fits) and the ids it included.
func Pack(header string, notes []*note.Note, budget Budget) (string, []string) {
	limit := budget.chars()
	var b strings.Builder
	used := 0
	var ids []string
	if header != "" {
		used = utf8.RuneCountInString(header) + 1
	}
	for _, n := range notes {
		r := Render(n)
		sep := 0
		if len(ids) > 0 {
			sep = 1
		}
		size := utf8.RuneCountInString(r) + sep
		if used+size > limit {
			room := limit - used - sep
			if room < minUseful {
				continue
			}
			r = truncate(r, room, n.ID)
			size = utf8.RuneCountInString(r) + sep
			if used+size > limit {
				continue
			}
		}
		if sep == 1 {
			b.WriteString("\n")
		}
		b.WriteString(r)
		used += size
		ids = append(ids, n.ID)
	}
	if len(ids) == 0 {
		return "", nil
	}
	if header != "" {
		return header + "\n" + b.String(), ids
	}
	return b.String(), ids
}

// truncate cuts a rendered note to at most room runes, ending with a marker naming the note.
func truncate(r string, room int, id string) string {
	marker := fmt.Sprintf("\n… (cut to fit; full note: anamnesis show %s)\n", id)
	keep := room - utf8.RuneCountInString(marker)
	if keep <= 0 {
		return ""
	}
	rs := []rune(r)
	if keep > len(rs) {
		keep = len(rs)
	}
	cut := string(rs[:keep])
	if i := strings.LastIndexAny(cut, "\n "); i > keep/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " \n") + marker
}

// Query is a request for a context bundle.
type Query struct {
	Text    string // what to recall; empty means "what matters for this project"
	Project string // restrict to this project and global notes; empty means all
	Budget  Budget
}

// Bundle is a packed context bundle.
type Bundle struct {
	Text string   `json:"text"`
	IDs  []string `json:"ids"`
}

// Recall selects the notes most relevant to q and packs them. With text, it ranks by search (the
// project's notes and global notes); without, it takes the project's durable notes, newest first.
func Recall(ctx context.Context, st *store.Store, q Query) (Bundle, error) {
	var notes []*note.Note
	if strings.TrimSpace(q.Text) != "" {
		seen := map[string]bool{}
		projects := []string{""}
		if q.Project != "" {
			projects = []string{q.Project, note.DefaultProject}
		}
		for _, p := range projects {
			res, err := st.Search(ctx, store.SearchOptions{Filter: store.Filter{Project: p}, Query: q.Text, K: 25})
			if err != nil {
				return Bundle{}, err
			}
			for _, h := range res.Hits {
				if !seen[h.ID] {
					seen[h.ID] = true
					notes = append(notes, h.Note)
				}
			}
		}
	} else {
		for _, t := range []note.Type{note.Procedural, note.Semantic} {
			page, err := st.List(ctx, store.ListOptions{Filter: store.Filter{Project: q.Project, Type: t}, Limit: 50})
			if err != nil {
				return Bundle{}, err
			}
			notes = append(notes, page.Notes...)
		}
		// List returns metadata only; bodies come from the files of the notes that may be used.
		for i, n := range notes {
			full, err := st.Get(ctx, n.ID)
			if err != nil {
				continue
			}
			notes[i] = full
		}
	}
	text, ids := Pack("# Anamnesis memory", notes, q.Budget)
	if ids == nil {
		ids = []string{}
	}
	return Bundle{Text: text, IDs: ids}, nil
}
