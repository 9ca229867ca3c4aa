package capture

import (
	"os"
	"path"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/config"
)

// EnvCapture turns capture off for one run: ANAMNESIS_CAPTURE=off (or 0, false, no) in the
// environment of a Claude Code session keeps that session out of the store. The hooks read it, so
// it is the session's environment that counts, not the drain worker's.
const EnvCapture = "ANAMNESIS_CAPTURE"

// ConfigKey is the config.json object holding capture settings:
//
//	"capture": {"disabled_projects": ["github.com/acme/secret", "github.com/acme/private-*"]}
const ConfigKey = "capture"

// OffByEnv reports whether the environment turns capture off for this run.
func OffByEnv() bool {
	switch strings.ToLower(strings.TrimSpace(os.Getenv(EnvCapture))) {
	case "off", "0", "false", "no", "disabled":
		return true
	}
	return false
}

// DisabledProjects returns the project keys (or path.Match patterns) config.json under home
// lists as never captured. A malformed setting counts as none: a hook must always run.
func DisabledProjects(home string) []string {
	obj, _ := config.ReadFile(home)[ConfigKey].(map[string]any)
	list, _ := obj["disabled_projects"].([]any)
	var out []string
	for _, v := range list {
		if s, ok := v.(string); ok && strings.TrimSpace(s) != "" {
			out = append(out, strings.TrimSpace(s))
		}
	}
	return out
}

// projectDisabled reports whether project matches one of the patterns (exactly, or as a
// path.Match pattern such as "github.com/acme/*").
func projectDisabled(project string, patterns []string) bool {
	for _, p := range patterns {
		if p == project {
			return true
		}
		if ok, err := path.Match(p, project); err == nil && ok {
			return true
		}
	}
	return false
}
