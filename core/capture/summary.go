package capture

import (
	"fmt"
	"os"
	"path/filepath"
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
	listedMem   = 10
	cmdMax      = 160
)

// Summarize builds the heuristic title and markdown body of a session note, without any model.
// outcome overrides the transcript's last reply when non-empty (Stop's last_assistant_message is
// race-free; the transcript lags). The result is not yet redacted. Blocks are separated by blank
// lines, so the body renders as the paragraphs and lists it is in any markdown reader.
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
	var blocks []string
	add := func(format string, args ...any) { blocks = append(blocks, fmt.Sprintf(format, args...)) }
	if len(s.Asks) > 0 {
		add("**Ask:** %s", closeFences(clip(s.Asks[0], clipMax)))
	} else {
		add("**Ask:** (no user prompt captured)")
	}
	if more := s.Asks[min(1, len(s.Asks)):]; len(more) > 0 {
		add("**Later asks:**\n\n%s", list(more, laterAsks, func(a string) string { return oneLine(clip(a, laterAskMax)) }))
	}
	if s.Branch != "" {
		add("**Branch:** %s", s.Branch)
	}
	if len(s.Files) > 0 {
		add("**Files changed (%d):**\n\n%s", len(s.Files), list(s.Files, listedFiles, func(f string) string { return "`" + f + "`" }))
	}
	if len(s.Commands) > 0 {
		add("**Commands run (%d):**\n\n%s", len(s.Commands), list(s.Commands, listedCmds, code))
	}
	if len(s.MemorySearches) > 0 {
		add("**Memory searched:**\n\n%s", list(s.MemorySearches, listedMem, func(m MemorySearch) string {
			if m.Query == "" {
				return m.Tool + " (the project's notes)"
			}
			return m.Tool + " " + code(m.Query)
		}))
	}
	if len(s.MemoryWrites) > 0 {
		add("**Notes written:**\n\n%s", list(s.MemoryWrites, listedMem, func(m MemoryWrite) string {
			t := oneLine(clipRunes(m.Title, titleMax, "…"))
			if m.ID != "" {
				return t + " (" + m.ID + ")"
			}
			return t
		}))
	}
	if s.Compactions > 0 {
		add("**Compactions:** %d", s.Compactions)
	}
	if o := strings.TrimSpace(outcome); o != "" {
		add("**Outcome:** %s", closeFences(clip(o, clipMax)))
	} else {
		add("**Outcome:** (no assistant output captured)")
	}
	return title, strings.Join(blocks, "\n\n")
}

// list renders items as a markdown list, at most max of them, then a line saying how many more.
func list[T any](items []T, max int, render func(T) string) string {
	var b strings.Builder
	for i, it := range items {
		if i == max {
			fmt.Fprintf(&b, "- … and %d more\n", len(items)-max)
			break
		}
		fmt.Fprintf(&b, "- %s\n", render(it))
	}
	return strings.TrimRight(b.String(), "\n")
}

// code renders a command or query as inline code on one line.
func code(c string) string {
	return "`" + strings.ReplaceAll(oneLine(clipRunes(c, cmdMax, "…")), "`", "'") + "`"
}

// relativize rewrites the session's paths relative to root (the repository the session worked
// in), and paths under the user's home directory with "~": a note read on another machine, or
// months later, names core/store/store.go, not /home/alice/src/anamnesis/core/store/store.go.
// Paths outside both stay as they are.
func relativize(s *Session, root string) {
	home, _ := os.UserHomeDir()
	rel := func(p string) string {
		if root != "" && filepath.IsAbs(p) {
			if r, err := filepath.Rel(root, p); err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
				return filepath.ToSlash(r)
			}
		}
		if home != "" && home != "/" && strings.HasPrefix(p, home+string(filepath.Separator)) {
			return "~/" + filepath.ToSlash(p[len(home)+1:])
		}
		return p
	}
	for i, f := range s.Files {
		s.Files[i] = rel(f)
	}
	// Commands keep their shape; only the repository's own absolute prefix is dropped from them.
	if root != "" {
		prefix := root + string(filepath.Separator)
		for i, c := range s.Commands {
			s.Commands[i] = strings.ReplaceAll(c, prefix, "")
		}
	}
}

// repoRoot returns the git work tree holding dir (the nearest ancestor with a .git entry), or dir
// itself when there is none or dir no longer exists; "" for an empty dir.
func repoRoot(dir string) string {
	if dir == "" {
		return ""
	}
	for d := filepath.Clean(dir); ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return filepath.Clean(dir)
		}
		d = parent
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

// closeFences closes a code fence a clip left open, so the rest of the note does not render as
// code.
func closeFences(s string) string {
	open := false
	for _, line := range strings.Split(s, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			open = !open
		}
	}
	if open {
		return s + "\n```"
	}
	return s
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
