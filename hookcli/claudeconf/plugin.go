package claudeconf

import (
	"os"
	"path/filepath"
	"strings"
)

// The Claude Code plugin (plugin/ in the repository) registers the same hooks as init, through
// its own hooks/hooks.json. Claude Code runs both when both are there, so the plugin's handlers
// ask first whether init's are installed, and step aside when they are.

// HasOwnHook reports whether settings registers, for the Claude Code event, a hook handler that
// init writes (this project's binary, or the Python reference's).
func HasOwnHook(settings *Object, event string) bool {
	hooks, err := hooksObject(settings, false)
	if err != nil || hooks == nil {
		return false
	}
	groups, err := eventGroups(hooks, event)
	if err != nil {
		return false
	}
	for _, g := range groups {
		obj, ok := g.(*Object)
		if !ok {
			continue
		}
		hv, _ := obj.Get("hooks")
		handlers, _ := hv.([]any)
		for _, h := range handlers {
			if cmd := handlerCommand(h); cmd != "" && (IsOwnCommand(cmd) || IsReferenceCommand(cmd)) {
				return true
			}
		}
	}
	return false
}

// SettingsFiles are the settings files whose hooks Claude Code merges for a session in
// projectDir: the user's, then the project's shared and personal ones ("" skips those).
func SettingsFiles(projectDir string) []string {
	var out []string
	if d, err := ConfigDir(); err == nil {
		out = append(out, filepath.Join(d, "settings.json"))
	}
	if projectDir = strings.TrimSpace(projectDir); projectDir != "" {
		out = append(out, filepath.Join(projectDir, ".claude", "settings.json"),
			filepath.Join(projectDir, ".claude", "settings.local.json"))
	}
	return out
}

// OwnHookInstalled reports whether any of the settings files registers init's handler for the
// event. A file that is missing or unreadable counts as not registering it: the plugin's hook
// then runs, and a memory hook running is better than none.
func OwnHookInstalled(files []string, event string) bool {
	for _, p := range files {
		if _, err := os.Stat(p); err != nil {
			continue
		}
		f, err := Load(p)
		if err != nil || f.Doc == nil {
			continue
		}
		if HasOwnHook(f.Doc, event) {
			return true
		}
	}
	return false
}
