package capture

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// OpenCode before its SQLite database (checked against opencode 1.1.65) kept each session as JSON
// files under ~/.local/share/opencode/storage/:
//
//	session/<projectID>/<sessionID>.json   {id, directory, parentID, time: {created, updated}}
//	message/<sessionID>/<messageID>.json   {id, sessionID, role, ...}
//	part/<messageID>/<partID>.json         {id, messageID, type, text, tool, state, ...}
//
// Ids sort in creation order. Such a session's "transcript path" is its session file.

// OpenCodeStorage is the folder of those files under OpenCode's data directory.
const OpenCodeStorage = "storage"

type ocStoredSession struct {
	ID        string `json:"id"`
	Directory string `json:"directory"`
	ParentID  string `json:"parentID"`
}

// ParseOpenCodeStorage reads the session whose file is sessionFile, with its messages and parts
// from the storage folder around it. A message or part file that does not parse (half written)
// is skipped; a session file that does not is an error.
func ParseOpenCodeStorage(ctx context.Context, sessionFile string) (*Session, error) {
	ctx, cancel := context.WithTimeoutCause(ctx, ReadTimeout, ErrReadTimeout)
	defer cancel()
	data, err := readRegular(sessionFile)
	if err != nil {
		return nil, err
	}
	var ss ocStoredSession
	if err := json.Unmarshal(data, &ss); err != nil || ss.ID == "" {
		return nil, fmt.Errorf("opencode session file %s is not complete JSON with an id (%v)", sessionFile, err)
	}
	storage := filepath.Dir(filepath.Dir(filepath.Dir(sessionFile)))
	b := newBuilder()
	b.s.ID, b.s.Cwd = ss.ID, ss.Directory
	msgFiles, err := jsonFiles(filepath.Join(storage, "message", ss.ID))
	if err != nil {
		return nil, err
	}
	var msgs []ocMsg
	for _, mf := range msgFiles {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("read opencode session %s: %w", ss.ID, context.Cause(ctx))
		}
		raw, err := readRegular(mf)
		var m struct {
			ID   string `json:"id"`
			Role string `json:"role"`
		}
		if err != nil || json.Unmarshal(raw, &m) != nil || m.ID == "" {
			b.s.Skipped++
			continue
		}
		partFiles, err := jsonFiles(filepath.Join(storage, "part", m.ID))
		if err != nil {
			return nil, err
		}
		msg := ocMsg{id: m.ID, role: m.Role}
		for _, pf := range partFiles {
			if raw, err := readRegular(pf); err == nil {
				msg.parts = append(msg.parts, string(raw))
			} else {
				b.s.Skipped++
			}
		}
		msgs = append(msgs, msg)
	}
	b.openCodeMessages(msgs)
	return b.done(), nil
}

// readRegular reads a regular file whole (never a FIFO or a device).
func readRegular(path string) ([]byte, error) {
	f, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxGeminiFile+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	if len(data) > maxGeminiFile {
		return nil, fmt.Errorf("read %s: larger than %d MiB", path, maxGeminiFile>>20)
	}
	return data, nil
}

// jsonFiles lists dir's *.json files sorted by name; a missing dir is none.
func jsonFiles(dir string) ([]string, error) {
	des, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, fmt.Errorf("read %s: %w", dir, err)
	}
	var out []string
	for _, de := range des {
		if !de.IsDir() && strings.HasSuffix(de.Name(), ".json") {
			out = append(out, filepath.Join(dir, de.Name()))
		}
	}
	sort.Strings(out)
	return out, nil
}

// discoverOpenCodeStorage lists the top-level sessions under storage changed after since: the
// session file rewritten, or a message added to its folder.
func discoverOpenCodeStorage(ctx context.Context, storage string, since time.Time) ([]Entry, error) {
	files, err := filepath.Glob(filepath.Join(storage, "session", "*", "*.json"))
	if err != nil {
		return nil, err
	}
	type found struct {
		e   Entry
		mod time.Time
	}
	var out []found
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		info, err := os.Stat(f)
		if err != nil || !info.Mode().IsRegular() {
			continue
		}
		mod := info.ModTime()
		id := strings.TrimSuffix(filepath.Base(f), ".json")
		if di, err := os.Stat(filepath.Join(storage, "message", id)); err == nil && di.ModTime().After(mod) {
			mod = di.ModTime()
		}
		if !mod.After(since) {
			continue
		}
		raw, err := readRegular(f)
		var ss ocStoredSession
		if err != nil || json.Unmarshal(raw, &ss) != nil || ss.ID == "" || ss.ParentID != "" {
			continue // half written, or a subagent's session
		}
		out = append(out, found{Entry{SessionID: ss.ID, TranscriptPath: f, Cwd: ss.Directory, Event: EventSweep, Agent: AgentOpenCode}, mod})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].mod.Before(out[j].mod) })
	entries := make([]Entry, len(out))
	for i, f := range out {
		entries[i] = f.e
	}
	return entries, nil
}
