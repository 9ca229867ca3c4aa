package app

import (
	"sort"

	"github.com/anamnesis-go/anamnesis/core/config"
	"github.com/anamnesis-go/anamnesis/core/redact"
)

// Redactor is the one redactor for everything that leaves a session or the machine through this
// App: notes the model writes, captured sessions, text sent to a model provider. It has the
// built-in rules and the user's redact.patterns.
func (a *App) Redactor() *redact.Redactor {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.redactor == nil {
		r, err := redact.New(redact.SplitPatterns(a.cfg.Get(config.KeyRedactPatterns)))
		if err != nil {
			// The settings registry has already refused patterns that do not compile; this is
			// only reached for one that matches the empty string. The built-in rules still hold.
			r, _ = redact.New(nil)
		}
		a.redactor = r
	}
	return a.redactor
}

// Redact redacts text and names the rules that fired, sorted and once each.
func (a *App) Redact(text string) (string, []string) {
	out, found := a.Redactor().Redact(text)
	return out, ruleNames(found)
}

func ruleNames(found []redact.Finding) []string {
	if len(found) == 0 {
		return nil
	}
	seen := map[string]bool{}
	var names []string
	for _, f := range found {
		if !seen[f.Rule] {
			seen[f.Rule] = true
			names = append(names, f.Rule)
		}
	}
	sort.Strings(names)
	return names
}
