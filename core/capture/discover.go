package capture

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// Codex and OpenCode run no hook Anamnesis can use to capture a session when it ends, and a Gemini
// session killed before its SessionEnd hook is never reported; so their sessions are found where
// the agents keep them. Discover lists the sessions changed since a time as spool entries; the
// drain captures them like any hook's entry (a session seen again updates its one note).

// EventSweep is the event of a session Discover found: it is captured as an ended session.
const EventSweep = "session-end"

// Discover lists agent's sessions under root (DefaultRoot) changed after since, as spool entries
// tagged with the agent. A root that does not exist is no sessions, not an error.
func Discover(ctx context.Context, agent, root string, since time.Time) ([]Entry, error) {
	switch agent {
	case AgentCodex:
		return discoverFiles(ctx, agent, filepath.Join(root, "sessions"), since, func(name string) bool {
			return strings.HasPrefix(name, "rollout-") && strings.HasSuffix(name, ".jsonl")
		}, codexSessionID)
	case AgentGemini:
		return discoverFiles(ctx, agent, filepath.Join(root, "tmp"), since, func(name string) bool {
			return strings.HasPrefix(name, "session-") && (strings.HasSuffix(name, ".jsonl") || strings.HasSuffix(name, ".json"))
		}, geminiSessionID)
	case AgentOpenCode:
		// Sessions of OpenCode versions before its database stay in storage/ (OpenCode moves them
		// into the database when it upgrades): both are looked at.
		out, err := discoverOpenCodeStorage(ctx, filepath.Join(root, OpenCodeStorage), since)
		if err != nil {
			return nil, err
		}
		db := filepath.Join(root, OpenCodeDB)
		if _, err := os.Stat(db); errors.Is(err, fs.ErrNotExist) {
			return out, nil
		}
		ss, err := OpenCodeSessions(ctx, db, since)
		if err != nil {
			return nil, err
		}
		for _, s := range ss {
			out = append(out, Entry{SessionID: s.ID, TranscriptPath: db, Cwd: s.Directory, Event: EventSweep, Agent: agent})
		}
		return out, nil
	}
	return nil, fmt.Errorf("capture: cannot find %q sessions (swept: %s)", agent, strings.Join(SweptAgents, ", "))
}

// discoverFiles walks dir for session files changed after since, oldest first.
func discoverFiles(ctx context.Context, agent, dir string, since time.Time, match func(string) bool,
	sessionID func(string) string) ([]Entry, error) {
	type found struct {
		path string
		mod  time.Time
	}
	var files []found
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == dir && errors.Is(err, fs.ErrNotExist) {
				return filepath.SkipAll
			}
			return nil // an unreadable folder: skip it, keep the rest
		}
		if ctxErr := ctx.Err(); ctxErr != nil {
			return ctxErr
		}
		if d.IsDir() || !d.Type().IsRegular() || !match(d.Name()) {
			return nil
		}
		info, err := d.Info()
		if err != nil || !info.ModTime().After(since) {
			return nil
		}
		files = append(files, found{p, info.ModTime()})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("look for %s sessions in %s: %w", agent, dir, err)
	}
	sort.Slice(files, func(i, j int) bool { return files[i].mod.Before(files[j].mod) })
	out := make([]Entry, 0, len(files))
	for _, f := range files {
		id := sessionID(f.path)
		if id == "" {
			continue // not a session file after all (or its first line is not written yet)
		}
		out = append(out, Entry{SessionID: id, TranscriptPath: f.path, Event: EventSweep, Agent: agent})
	}
	return out, nil
}

// firstLine is a file's first line, at most 1 MiB of it (Codex's session_meta carries the
// instructions and can be long).
func firstLine(path string) []byte {
	f, err := openRegular(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 64<<10)
	var line []byte
	for len(line) < 1<<20 {
		chunk, err := br.ReadSlice('\n')
		line = append(line, chunk...)
		if !errors.Is(err, bufio.ErrBufferFull) {
			break
		}
	}
	return line
}

// codexSessionID is the id in a rollout file's session_meta line.
func codexSessionID(path string) string {
	var l struct {
		Type    string `json:"type"`
		Payload struct {
			ID string `json:"id"`
		} `json:"payload"`
	}
	if json.Unmarshal(firstLine(path), &l) != nil || l.Type != "session_meta" {
		return ""
	}
	return l.Payload.ID
}

// geminiSessionID is the id in a chat file's header line (or, in the older format, the document).
func geminiSessionID(path string) string {
	var h struct {
		SessionID string `json:"sessionId"`
		Kind      string `json:"kind"`
	}
	if json.Unmarshal(firstLine(path), &h) == nil && h.SessionID != "" {
		if h.Kind != "" && h.Kind != "main" {
			return "" // a subagent's chat: its asks are the main session's model's, not the user's
		}
		return h.SessionID
	}
	// The older single document spreads over many lines: read it whole.
	f, err := openRegular(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	if json.NewDecoder(f).Decode(&h) != nil {
		return ""
	}
	return h.SessionID
}
