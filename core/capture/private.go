package capture

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// privateRe matches a <private>…</private> span, or an opened span the text never closes (then
// everything after the opening tag is private: a forgotten closing tag must not leak the rest).
var privateRe = regexp.MustCompile(`(?is)<private>(.*?)(?:</private>|\z)`)

// privateEchoMin is the shortest private text that is also scrubbed where the session repeats it
// (a reply quoting it, a command using it); shorter spans ("ok", "no") would erase ordinary words.
const privateEchoMin = 4

// privateMark replaces a private text the session repeated outside its span.
const privateMark = "[private]"

// stripPrivate removes every <private> span from the user's asks and from the outcome, then
// scrubs the spans' text wherever else the session holds it: the model often repeats what it was
// told (in its reply, in a command it ran, in a note title it wrote). It returns the outcome
// stripped the same way.
func stripPrivate(s *Session, outcome string) string {
	var secrets []string
	cut := func(text string) string {
		if !strings.Contains(strings.ToLower(text), "<private>") {
			return text
		}
		for _, m := range privateRe.FindAllStringSubmatch(text, -1) {
			if sec := strings.TrimSpace(m[1]); utf8.RuneCountInString(sec) >= privateEchoMin {
				secrets = append(secrets, sec)
			}
		}
		return strings.TrimSpace(privateRe.ReplaceAllString(text, ""))
	}
	asks := s.Asks[:0]
	for _, a := range s.Asks {
		if a = cut(a); a != "" {
			asks = append(asks, a)
		}
	}
	s.Asks = asks
	s.Outcome = cut(s.Outcome)
	outcome = cut(outcome)
	for i := range s.Commands {
		s.Commands[i] = cut(s.Commands[i])
	}
	if len(secrets) == 0 {
		return outcome
	}
	scrub := func(text string) string {
		for _, sec := range secrets {
			text = strings.ReplaceAll(text, sec, privateMark)
		}
		return text
	}
	for i := range s.Asks {
		s.Asks[i] = scrub(s.Asks[i])
	}
	for i := range s.Commands {
		s.Commands[i] = scrub(s.Commands[i])
	}
	for i := range s.Files {
		s.Files[i] = scrub(s.Files[i])
	}
	for i := range s.MemorySearches {
		s.MemorySearches[i].Query = scrub(s.MemorySearches[i].Query)
	}
	for i := range s.MemoryWrites {
		s.MemoryWrites[i].Title = scrub(s.MemoryWrites[i].Title)
	}
	s.Outcome = scrub(s.Outcome)
	s.Branch = scrub(s.Branch)
	return scrub(outcome)
}
