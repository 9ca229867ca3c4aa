package capture

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Summary limits. The ask and the outcome carry the note; the lists are context.
const (
	titleMax    = 80
	clipMax     = 600
	laterAskMax = 200
	laterAsks   = 5
	listedFiles = 30
	listedCmds  = 12
	cmdMax      = 160
	// trivialOutcome is the length below which a reply to nothing (or to a lone slash command) is
	// chatter: "Cleared.", "Hi! How can I help?".
	trivialOutcome = 40
)

// Trivial reports whether a session is not worth a note (reference §5.2): nothing was edited,
// and there was no real ask, or only a slash command, with at most a short reply.
func Trivial(s *Session, outcome string) bool {
	if len(s.Files) > 0 {
		return false
	}
	out := strings.TrimSpace(outcome)
	if len(s.Asks) == 0 {
		return utf8.RuneCountInString(out) < trivialOutcome
	}
	return false
}

// Summarize builds the heuristic title and markdown body of a session note, without any model.
// outcome overrides the transcript's last reply when non-empty (Stop's last_assistant_message is
// race-free; the transcript lags). The result is not yet redacted.
func Summarize(s *Session, outcome string) (title, body string) {
	if strings.TrimSpace(outcome) == "" {
		outcome = s.Outcome
	}
	title = "Session summary"
	if len(s.Asks) > 0 {
		first := strings.TrimSpace(strings.SplitN(s.Asks[0], "\n", 2)[0])
		if first != "" {
			title = clipRunes(first, titleMax, "…")
		}
	} else if len(s.Slash) > 0 {
		title = "Session: " + strings.Join(s.Slash, " ")
	}
	var b strings.Builder
	if len(s.Asks) > 0 {
		fmt.Fprintf(&b, "**Ask:** %s\n", clip(s.Asks[0], clipMax))
	} else {
		b.WriteString("**Ask:** (no user prompt captured)\n")
	}
	if more := s.Asks[min(1, len(s.Asks)):]; len(more) > 0 {
		b.WriteString("\n**Later asks:**\n")
		for i, a := range more {
			if i == laterAsks {
				fmt.Fprintf(&b, "- … and %d more\n", len(more)-laterAsks)
				break
			}
			fmt.Fprintf(&b, "- %s\n", oneLine(clip(a, laterAskMax)))
		}
	}
	b.WriteString("\n")
	if s.Branch != "" {
		fmt.Fprintf(&b, "**Branch:** %s\n", s.Branch)
	}
	writeList(&b, "Files touched", s.Files, listedFiles, func(f string) string { return f })
	writeList(&b, "Commands run", s.Commands, listedCmds, func(c string) string {
		return "`" + strings.ReplaceAll(oneLine(clipRunes(c, cmdMax, "…")), "`", "'") + "`"
	})
	if s.Compactions > 0 {
		fmt.Fprintf(&b, "**Compactions:** %d\n", s.Compactions)
	}
	b.WriteString("\n")
	if o := strings.TrimSpace(outcome); o != "" {
		fmt.Fprintf(&b, "**Outcome:** %s\n", clip(o, clipMax))
	} else {
		b.WriteString("**Outcome:** (no assistant output captured)\n")
	}
	return title, strings.TrimRight(b.String(), "\n")
}

func writeList(b *strings.Builder, label string, items []string, max int, render func(string) string) {
	if len(items) == 0 {
		return
	}
	fmt.Fprintf(b, "**%s (%d):**\n", label, len(items))
	for i, it := range items {
		if i == max {
			fmt.Fprintf(b, "- … and %d more\n", len(items)-max)
			break
		}
		fmt.Fprintf(b, "- %s\n", render(it))
	}
}

// clip trims s and cuts it at max runes, marking the cut the way the reference does (" ...").
func clip(s string, max int) string {
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	return strings.TrimRight(string([]rune(s)[:max]), " \t\n") + " ..."
}

func clipRunes(s string, max int, mark string) string {
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	return strings.TrimRight(string([]rune(s)[:max-utf8.RuneCountInString(mark)]), " ") + mark
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
