package curate

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/anamnesis-go/anamnesis/core/capture"
)

// sessionSystem asks for a session note that is worth reading later. The heuristic note is what
// the model gets: the asks, files, commands and outcome the transcript parser already pulled out.
const sessionSystem = `You write the memory note of a finished coding session, for the developer and their future sessions.
Answer with one JSON object and nothing else: {"title": "...", "body": "..."}.
title: one line, at most 80 characters, saying what was done or decided (not "Session summary").
body: markdown under 200 words: what was done, decisions and why, fixes and gotchas, the files and commands that matter.
Keep paths, commands, names and values exactly as given. Never include secrets or [REDACTED:...] markers' contents.`

// maxSessionTitle refuses a title that is not one line a list can show.
const maxSessionTitle = 120

// SessionSummarizer writes captured sessions' notes with the model (capture.Summarizer). Capture
// falls back to its heuristic note on any error from it.
type SessionSummarizer struct{ Model Model }

// Label names the model for the note's prov_model.
func (s SessionSummarizer) Label() string { return s.Model.Label() }

// SummarizeSession sends the heuristic note and every ask of the session (redacted, windowed) and
// parses the answer strictly: a title of one line and a non-empty body, or ErrMalformed.
func (s SessionSummarizer) SummarizeSession(ctx context.Context, sess *capture.Session, title, body string) (string, string, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "Heuristic note of the session:\n\n# %s\n\n%s\n", title, body)
	if len(sess.Asks) > 1 {
		b.WriteString("\nEvery ask of the user, in order:\n")
		for _, a := range sess.Asks {
			fmt.Fprintf(&b, "- %s\n", clipRunes(a, 2000))
		}
	}
	out, err := s.Model.ask(ctx, sessionSystem, b.String(), 0)
	if err != nil {
		return "", "", err
	}
	var ans struct {
		Title string `json:"title"`
		Body  string `json:"body"`
	}
	if err := json.Unmarshal([]byte(out), &ans); err != nil {
		return "", "", malformed("not the JSON object asked for: %v", err)
	}
	t, bd := strings.TrimSpace(ans.Title), strings.TrimSpace(ans.Body)
	switch {
	case t == "" || bd == "":
		return "", "", malformed("title and body must both be given")
	case strings.ContainsAny(t, "\r\n"):
		return "", "", malformed("the title is more than one line")
	case utf8.RuneCountInString(t) > maxSessionTitle:
		return "", "", malformed("the title is %d characters (at most %d)", utf8.RuneCountInString(t), maxSessionTitle)
	}
	return t, bd, nil
}

func clipRunes(s string, n int) string {
	r := []rune(strings.TrimSpace(s))
	if len(r) <= n {
		return string(r)
	}
	return string(r[:n]) + " ..."
}
