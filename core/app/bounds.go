package app

import (
	"context"
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"github.com/anamnesis-go/anamnesis/core/note"
)

// Claude Code warns when a tool's output passes 10,000 tokens and cuts it at 25,000 (about four
// characters a token; MAX_MCP_OUTPUT_TOKENS). One note can be a pasted 50 MB log, and a title or
// a tag list can be anything a hand-edited file holds, so results are bounded here, for every
// front end that hands them to a model, instead of trusting the store's contents to be small.
const (
	// ResultChars bounds one page of results as encoded (JSON): 8,000 tokens, under the warning.
	ResultChars = 32_000
	// BodyChars bounds one body in a page of search results; the rest is read with Get.
	BodyChars = 8_000
	// TitleChars bounds a title in a page of results (a title is one line; a longer one is a
	// mistake in a hand-edited file, and Get still returns it whole).
	TitleChars = 500
	// GetChars is how much of a body one Get returns when the caller does not say.
	GetChars = 24_000
	// MaxGetChars is the most one Get returns: with the note's metadata it stays under ResultChars.
	MaxGetChars = 30_000
)

// trimBody returns body cut to max characters with a marker saying how much is left and how to
// read it, or body itself when it fits.
func trimBody(id, body string, max int) (string, bool) {
	n := utf8.RuneCountInString(body)
	if n <= max {
		return body, false
	}
	cut := []rune(body)[:max]
	return string(cut) + fmt.Sprintf("\n\n[… %d more characters not shown (%d in all). Read the rest with memory_get {\"id\": %q, \"offset\": %d}, or run: anamnesis show %s]",
		n-max, n, id, max, id), true
}

// trimTitle cuts an over-long title, saying so.
func trimTitle(title string) string {
	n := utf8.RuneCountInString(title)
	if n <= TitleChars {
		return title
	}
	return string([]rune(title)[:TitleChars]) + fmt.Sprintf(" [… %d more characters]", n-TitleChars)
}

// encodedSize is what a view costs the client: the length of its JSON.
func encodedSize(v note.View) int {
	b, err := json.Marshal(v)
	if err != nil {
		return 0
	}
	return utf8.RuneCount(b)
}

// boundPage trims each title to TitleChars and each body to BodyChars, and keeps as many results
// as fit ResultChars encoded (always at least one: a single bounded view is far under it). It
// reports how many results it kept.
func boundPage(views []note.View) int {
	total := 0
	for i := range views {
		views[i].Title = trimTitle(views[i].Title)
		if views[i].Body != nil {
			b, _ := trimBody(views[i].ID, *views[i].Body, BodyChars)
			views[i].Body = &b
		}
		total += encodedSize(views[i])
		if total > ResultChars && i > 0 {
			return i
		}
	}
	return len(views)
}

// GetRequest reads one note, or a window of a long body: MaxChars characters from Offset
// (nil means GetChars).
type GetRequest struct {
	ID       string
	Offset   int
	MaxChars *int
}

// GetResult is one note with (a window of) its body. NextOffset is set when more of the body is
// left; TotalChars is the body's whole length in characters.
type GetResult struct {
	note.View
	Offset     int `json:"offset" jsonschema:"where this window of the body starts, in characters"`
	TotalChars int `json:"total_chars" jsonschema:"the whole body's length in characters"`
	NextOffset int `json:"next_offset,omitempty" jsonschema:"pass back as offset to read on; absent when the body ends in this window"`
}

// Get returns a note with its body, a window at a time, so that no note is too large to read.
func (a *App) Get(ctx context.Context, r GetRequest) (GetResult, error) {
	max, err := IntIn("max_chars", r.MaxChars, GetChars, 1, MaxGetChars)
	if err != nil {
		return GetResult{}, err
	}
	if r.Offset < 0 {
		return GetResult{}, invalidf("offset must be 0 or more, not %d", r.Offset)
	}
	n, err := a.Show(ctx, r.ID)
	if err != nil {
		return GetResult{}, err
	}
	runes := []rune(n.Body)
	res := GetResult{View: note.ViewOf(n, false), Offset: r.Offset, TotalChars: len(runes)}
	res.Title = trimTitle(res.Title)
	if r.Offset > len(runes) {
		return GetResult{}, invalidf("offset must be at most %d, the body's length, not %d", len(runes), r.Offset)
	}
	end := min(r.Offset+max, len(runes))
	body := string(runes[r.Offset:end])
	res.Body = &body
	if end < len(runes) {
		res.NextOffset = end
	}
	return res, nil
}

// Bounded is v with its title and body trimmed as in a page of results, for a front end that
// hands one note to a model (memory_write echoes the note it stored, which can be a pasted log).
func Bounded(v note.View) note.View {
	vs := []note.View{v}
	boundPage(vs)
	return vs[0]
}
