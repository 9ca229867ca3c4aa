package recall

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/anamnesis-go/anamnesis/core/config"
	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// InjectCeiling is the most characters SessionStart ever injects, whatever the budget says:
// Claude Code replaces any hook output over 10,000 characters with a 2 KB preview.
const InjectCeiling = 9000

// DefaultInjectTokens is the SessionStart budget when none is configured.
const DefaultInjectTokens = config.DefaultInjectTokens

// Shares of the budget. Globals are capped so that notes written "for everywhere" cannot crowd
// out the project; the latest sessions get a reserved slice because continuity is what a new
// session most lacks. Whatever a section leaves unused goes to the project's durable notes.
const (
	globalShare   = 0.25
	episodicShare = 0.30
	// episodicCount is how many recent session notes are candidates.
	episodicCount = 2
	// durableCandidates and globalCandidates bound the notes read per section: more could never
	// fit a 9,000-character ceiling in any useful form.
	durableCandidates = 40
	globalCandidates  = 15
)

// Injection is what SessionStart puts into a session.
type Injection struct {
	Text string   // "" when there is nothing to say
	IDs  []string // notes included, in order
}

// Inject selects and packs the memory for a session starting in project: global durable notes
// (capped), the project's durable notes, and its latest session notes, never forgotten,
// superseded or already-reflected ones. The text never exceeds InjectCeiling characters.
func Inject(ctx context.Context, st *store.Store, project string, tokens int) (Injection, error) {
	if tokens <= 0 {
		tokens = DefaultInjectTokens
	}
	total := tokens * CharsPerToken
	if total > InjectCeiling {
		total = InjectCeiling
	}
	header := "# Anamnesis memory\n" +
		"Notes recorded in earlier sessions on this user's machines (project " + project + "). " +
		"They are background facts and may be out of date; the current conversation and files take precedence."
	headerLen := utf8.RuneCountInString(header) + 1
	room := total - headerLen
	if room <= 0 {
		return Injection{}, nil
	}

	// Each section reads only as many files as could fit its share (twice over, so that Pack can
	// still skip a long note for shorter ones after it): reading is the cost that grows with the
	// store, the query itself is indexed.
	var globals, durable, episodes []*note.Note
	var err error
	if project != note.DefaultProject {
		if globals, err = candidates(ctx, st, note.DefaultProject, durableTypes, false, globalCandidates, 2*int(float64(room)*globalShare)); err != nil {
			return Injection{}, err
		}
	}
	if episodes, err = candidates(ctx, st, project, []note.Type{note.Episodic}, true, episodicCount, 2*room); err != nil {
		return Injection{}, err
	}
	if durable, err = candidates(ctx, st, project, durableTypes, false, durableCandidates, 2*room); err != nil {
		return Injection{}, err
	}

	type section struct {
		title string
		notes []*note.Note
		share float64 // of room; 0 = whatever is left
	}
	sections := []section{
		{"# Notes for every project", globals, globalShare},
		{"# Recent sessions in this project", episodes, episodicShare},
		{"# Notes for this project", durable, 0},
	}
	texts := make([]string, len(sections))
	var ids []string
	used := 0
	for _, i := range []int{0, 1, 2} {
		s := sections[i]
		if len(s.notes) == 0 {
			continue
		}
		limit := room - used
		if s.share > 0 && int(float64(room)*s.share) < limit {
			limit = int(float64(room) * s.share)
		}
		text, got := Pack(s.title, s.notes, Budget{Tokens: limit/CharsPerToken + 1, MaxChars: limit - 1})
		if text == "" {
			continue
		}
		texts[i] = text
		used += utf8.RuneCountInString(text) + 1
		ids = append(ids, got...)
	}
	if len(ids) == 0 {
		return Injection{}, nil
	}
	// Durable project notes read first: they matter most and are what the budget favoured.
	var b strings.Builder
	b.WriteString(header)
	b.WriteString("\n")
	for _, i := range []int{2, 1, 0} {
		if texts[i] != "" {
			b.WriteString("\n")
			b.WriteString(texts[i])
		}
	}
	out := strings.TrimRight(b.String(), "\n") + "\n"
	return Injection{Text: CapUTF16(out, InjectCeiling), IDs: ids}, nil
}

var durableTypes = []note.Type{note.Procedural, note.Semantic}

// candidates returns the live, non-superseded notes of project and types, newest first (ties to
// the more confident note), with bodies read from their files, until their rendered size reaches
// chars.
func candidates(ctx context.Context, st *store.Store, project string, types []note.Type, noReflected bool, limit, chars int) ([]*note.Note, error) {
	opts := store.ListOptions{Filter: store.Filter{Project: project, Types: types}, Limit: limit, HideSuperseded: true}
	if noReflected {
		opts.WithoutTag = "reflected"
	}
	page, err := st.List(ctx, opts)
	if err != nil {
		return nil, fmt.Errorf("select notes to inject: %w", err)
	}
	metas := page.Notes
	sort.SliceStable(metas, func(i, j int) bool {
		a, b := metas[i], metas[j]
		if a.UpdatedAt != b.UpdatedAt {
			return a.UpdatedAt > b.UpdatedAt
		}
		return a.Confidence > b.Confidence // List already orders by id within a timestamp
	})
	ids := make([]string, len(metas))
	for i, n := range metas {
		ids[i] = n.ID
	}
	out := make([]*note.Note, 0, len(ids))
	size := 0
	if chars <= 0 {
		return out, nil
	}
	st.GetEach(ctx, ids, func(_ string, n *note.Note, err error) bool {
		if err != nil {
			return true // its file vanished behind the index: skip it, the next reindex will notice
		}
		out = append(out, n)
		size += utf8.RuneCountInString(Render(n))
		return size < chars
	})
	return out, nil
}

// CapUTF16 cuts s to at most max UTF-16 code units (the unit Claude Code's JavaScript counts in),
// at a line boundary when one is near.
func CapUTF16(s string, max int) string {
	n := 0
	for i, r := range s {
		w := 1
		if r >= 0x10000 {
			w = 2
		}
		if n+w > max {
			cut := s[:i]
			if j := strings.LastIndexByte(cut, '\n'); j > len(cut)/2 {
				cut = cut[:j+1]
			}
			return cut
		}
		n += w
	}
	return s
}
