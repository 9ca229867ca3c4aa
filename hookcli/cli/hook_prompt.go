package cli

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"time"

	"github.com/anamnesis-go/anamnesis/core/project"
	"github.com/anamnesis-go/anamnesis/core/recall"
)

// Settings for per-prompt recall.
const (
	envPromptBudget = "ANAMNESIS_PROMPT_BUDGET"
	keyPromptBudget = "prompt_budget_tokens"
	// sessionsDir holds, per Claude Code session, the ids of notes already put in its context.
	sessionsDir = "sessions"
	// sessionFileTTL is how long such a file is kept after its session last touched it.
	sessionFileTTL = 7 * 24 * time.Hour
)

// hookPrompt adds the few notes relevant to the user's prompt that the session does not have yet.
func hookPrompt(ctx context.Context, h *hookEnv) error {
	if !storeExists(h.cfg.Home) {
		return nil
	}
	st, err := h.openStore(ctx, true)
	if err != nil {
		return err
	}
	defer st.Close()
	given := h.readGiven()
	proj := project.Resolve(ctx, h.cwd())
	inj, err := recall.ForPrompt(ctx, st, h.in.Prompt, proj, given, h.intSetting(envPromptBudget, keyPromptBudget, recall.DefaultPromptTokens))
	if err != nil {
		return err
	}
	if inj.Text == "" {
		return nil
	}
	if err := h.recordGiven(inj.IDs, false); err != nil {
		h.logf("remember recalled notes: %v", err)
	}
	return h.printContext("UserPromptSubmit", inj.Text)
}

func (h *hookEnv) givenPath() string {
	return filepath.Join(h.cfg.Home, sessionsDir, safeFileName(h.in.SessionID)+".json")
}

func (h *hookEnv) readGiven() map[string]bool {
	m := map[string]bool{}
	if h.in.SessionID == "" {
		return m
	}
	data, err := os.ReadFile(h.givenPath())
	if err != nil {
		return m
	}
	var ids []string
	if json.Unmarshal(data, &ids) == nil {
		for _, id := range ids {
			m[id] = true
		}
	}
	return m
}

// recordGiven adds ids to the session's given set (or replaces it when reset).
func (h *hookEnv) recordGiven(ids []string, reset bool) error {
	if h.in.SessionID == "" {
		return nil
	}
	if err := os.MkdirAll(filepath.Join(h.cfg.Home, sessionsDir), 0o700); err != nil {
		return err
	}
	var all []string
	seen := map[string]bool{}
	if !reset {
		for id := range h.readGiven() {
			seen[id] = true
			all = append(all, id)
		}
	}
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			all = append(all, id)
		}
	}
	if all == nil {
		all = []string{}
	}
	data, _ := json.Marshal(all)
	if err := writeFileNoSync(h.givenPath(), data); err != nil {
		return err
	}
	if reset {
		pruneSessions(filepath.Join(h.cfg.Home, sessionsDir))
	}
	return nil
}

// writeFileNoSync replaces path atomically (temporary file and rename) but without fsync: the
// given-set is a cache that costs at worst a repeated note if lost, and an fsync on every prompt
// costs milliseconds the user waits for.
func writeFileNoSync(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	if err := errors.Join(werr, f.Close()); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Rename(f.Name(), path); err != nil {
		os.Remove(f.Name())
		return err
	}
	return nil
}

// pruneSessions removes given-sets of sessions idle for a week.
func pruneSessions(dir string) {
	des, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, de := range des {
		if fi, err := de.Info(); err == nil && time.Since(fi.ModTime()) > sessionFileTTL {
			if rerr := os.Remove(filepath.Join(dir, de.Name())); rerr != nil && !errors.Is(rerr, os.ErrNotExist) {
				return
			}
		}
	}
}

// safeFileName keeps a session id usable as a file name whatever the input holds.
func safeFileName(s string) string {
	b := []byte(s)
	for i, c := range b {
		if !isNameByte(c) {
			b[i] = '_'
		}
	}
	if len(b) > 100 {
		b = b[:100]
	}
	return string(b)
}

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_'
}
