package app

import (
	"context"
	"fmt"
	"unicode/utf8"

	"github.com/anamnesis-go/anamnesis/core/note"
)

// Claude Code warns when a tool's output passes 10,000 tokens and cuts it at 25,000 (about four
// characters a token). One note can be a pasted 50 MB log, so results are bounded here, for every
// front end that hands them to a model, instead of trusting the store's contents to be small.
const (
	// ResultChars bounds the bodies of one page of search results: 8,000 tokens, under the warning.
	ResultChars = 32_000
	// BodyChars bounds one body in a page of search results; the rest is read with Get.
	BodyChars = 8_000
	// GetChars is how much of a body one Get returns when the caller does not say.
	GetChars = ResultChars
)

// trimNote returns body cut to max characters with a marker saying how much is left and how to
// read it, or body itself when it fits.
func trimBody(id, body string, max int) (string, bool) {
	if utf8.RuneCountInString(body) <= max {
		return body, false
	}
	cut := []rune(body)[:max]
	left := utf8.RuneCountInString(body) - max
	return string(cut) + fmt.Sprintf("\n\n[… %d more characters not shown. Read the rest with memory_get {\"id\": %q, \"offset\": %d}, or run: anamnesis show %s]",
		left, id, max, id), true
}

// boundPage trims each body to BodyChars and keeps as many results as fit ResultChars (at least
// one). It reports how many results it kept.
func boundPage(views []note.View) int {
	total := 0
	for i := range views {
		if views[i].Body == nil {
			continue
		}
		b, _ := trimBody(views[i].ID, *views[i].Body, BodyChars)
		views[i].Body = &b
		total += utf8.RuneCountInString(b)
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
	TotalChars int `json:"total_chars"`
	NextOffset int `json:"next_offset,omitempty"`
}

// Get returns a note with its body, a window at a time, so that no note is too large to read.
func (a *App) Get(ctx context.Context, r GetRequest) (GetResult, error) {
	max, err := IntIn("max_chars", r.MaxChars, GetChars, 1, ResultChars)
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
	res := GetResult{View: note.ViewOf(n, false), TotalChars: len(runes)}
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
