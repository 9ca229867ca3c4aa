package agentconf

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/anamnesis-go/anamnesis/hookcli/claudeconf"
)

// Codex CLI reads lifecycle hooks from ~/.codex/hooks.json ($CODEX_HOME), in Claude Code's shape:
// {"hooks": {"<Event>": [{"matcher": ..., "hooks": [{"type": "command", "command": ..., "timeout":
// <seconds>}]}]}} (the root may hold only "description" and "hooks"). Codex runs a hook that is
// not managed by an administrator only after the user has reviewed and trusted it in Codex (/hooks),
// a trust it records by the hook's hash in config.toml; init writes the hooks and leaves that trust
// to the user: it never writes Codex's trust records.

// CodexTrustNote tells the user what init cannot do for them.
const CodexTrustNote = "Codex runs these hooks only after you trust them: start codex and open /hooks to review them"

// CodexHooksPath is Codex's user-level hooks file.
func CodexHooksPath() (string, error) {
	p, err := ConfigPath(Codex)
	if err != nil {
		return "", err
	}
	return filepath.Join(filepath.Dir(p), "hooks.json"), nil
}

// PlanCodexHooks works out the registration of hooks in Codex's hooks file at path. Our earlier
// handlers of the same events are replaced; everything else in the file stays.
func PlanCodexHooks(path string, hooks []claudeconf.Hook) (*Edit, error) {
	e, err := loadCodexHooks(path)
	if err != nil {
		return nil, err
	}
	doc, err := e.parseJSON()
	if err != nil {
		return nil, err
	}
	changed, err := claudeconf.MergeHooks(doc, hooks)
	if err != nil {
		return nil, fmt.Errorf("%s: %w; fix it and run again (nothing was changed)", path, err)
	}
	for _, h := range hooks {
		e.Hooks = append(e.Hooks, Hook{Event: h.Event, Command: h.Command, Timeout: int(time.Duration(h.Timeout) * time.Second / time.Millisecond)})
	}
	e.Note = CodexTrustNote
	e.after = e.before
	if changed || !e.exists || len(bytes.TrimSpace(e.before)) == 0 {
		e.after = claudeconf.Marshal(doc)
	}
	e.Changed = !bytes.Equal(e.before, e.after) || !e.exists
	return e, nil
}

// UnplanCodexHooks works out the removal of our handlers from Codex's hooks file: a file init
// created (no backup) that holds nothing else is deleted.
func UnplanCodexHooks(path string) (*Edit, error) {
	e, err := loadCodexHooks(path)
	if err != nil || !e.exists {
		return e, err
	}
	doc, err := e.parseJSON()
	if err != nil {
		return nil, err
	}
	n, err := claudeconf.RemoveHooks(doc)
	if err != nil {
		return nil, fmt.Errorf("%s: %w; fix it and run again (nothing was changed)", path, err)
	}
	if n == 0 {
		e.after = e.before
		return e, nil
	}
	_, hadBackup := os.Stat(e.BackupPath())
	if v, _ := doc.Get("hooks"); isEmptyObject(v) && hadBackup != nil {
		doc.Delete("hooks")
	}
	e.after = claudeconf.Marshal(doc)
	if doc.Len() == 0 && hadBackup != nil {
		e.after = nil
	}
	e.Changed = !bytes.Equal(e.before, e.after)
	return e, nil
}

func loadCodexHooks(path string) (*Edit, error) {
	e := &Edit{Agent: Codex, Path: path, Format: "json", Key: "hooks", mode: 0o600}
	return e.readExisting()
}
