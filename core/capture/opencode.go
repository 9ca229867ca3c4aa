package capture

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"
	"time"

	_ "modernc.org/sqlite" // the pure-Go "sqlite" driver, also the store's
)

// OpenCode (checked against opencode 1.18) keeps every session in one SQLite database,
// ~/.local/share/opencode/opencode.db: table session (id, directory, parent_id, time_updated),
// message (id, session_id, data: JSON with role) and part (id, message_id, session_id, data: JSON
// with type text, tool, compaction, ...). A session's "transcript path" is that database, and its
// id selects the rows. The database is opened read-only and only read: this is the one SQL outside
// core/store, on another program's database. Earlier OpenCode versions kept JSON files under
// storage/ instead; those are not read.

// OpenCodeDB is the database file under OpenCode's data directory.
const OpenCodeDB = "opencode.db"

type ocMessage struct {
	Role string `json:"role"`
}

type ocPart struct {
	Type      string `json:"type"`
	Text      string `json:"text"`
	Synthetic bool   `json:"synthetic"`
	Tool      string `json:"tool"`
	CallID    string `json:"callID"`
	State     struct {
		Status string          `json:"status"`
		Input  json.RawMessage `json:"input"`
		Output json.RawMessage `json:"output"`
	} `json:"state"`
}

type ocInput struct {
	FilePath  string `json:"filePath"`
	Command   string `json:"command"`
	PatchText string `json:"patchText"`
	Query     string `json:"query"`
	Title     string `json:"title"`
}

// openOpenCode opens OpenCode's database read-only; a missing file is os.ErrNotExist.
func openOpenCode(path string) (*sql.DB, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("open opencode database: %w", err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("open opencode database %s: %w", path, ErrNotRegular)
	}
	// mode=ro: never write to another program's database; busy_timeout: OpenCode may be writing.
	dsn := (&url.URL{Scheme: "file", Path: path, RawQuery: "mode=ro&_pragma=busy_timeout(5000)"}).String()
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open opencode database: %w", err)
	}
	db.SetMaxOpenConns(1)
	return db, nil
}

// ParseOpenCode reads session id from OpenCode's database at dbPath. A database without that
// session reports os.ErrNotExist (the session was deleted: nothing to capture, ever).
func ParseOpenCode(ctx context.Context, dbPath, id string) (*Session, error) {
	if id == "" {
		return nil, errors.New("capture: an OpenCode session needs its id")
	}
	ctx, cancel := context.WithTimeoutCause(ctx, ReadTimeout, ErrReadTimeout)
	defer cancel()
	db, err := openOpenCode(dbPath)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	b := newBuilder()
	err = db.QueryRowContext(ctx, `SELECT id, directory FROM session WHERE id = ?`, id).Scan(&b.s.ID, &b.s.Cwd)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("opencode session %s is not in %s: %w", id, dbPath, os.ErrNotExist)
	} else if err != nil {
		return nil, fmt.Errorf("read opencode session %s: %w", id, err)
	}
	roles := map[string]string{}
	rows, err := db.QueryContext(ctx, `SELECT id, data FROM message WHERE session_id = ? ORDER BY time_created, id`, id)
	if err != nil {
		return nil, fmt.Errorf("read opencode messages: %w", err)
	}
	for rows.Next() {
		var mid, data string
		if err := rows.Scan(&mid, &data); err != nil {
			rows.Close()
			return nil, fmt.Errorf("read opencode messages: %w", err)
		}
		var m ocMessage
		if json.Unmarshal([]byte(data), &m) != nil {
			b.s.Skipped++
			continue
		}
		roles[mid] = m.Role
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read opencode messages: %w", err)
	}
	// Parts in the order they were written, which is the conversation's order.
	rows, err = db.QueryContext(ctx, `SELECT p.message_id, p.data FROM part p JOIN message m ON m.id = p.message_id
		WHERE p.session_id = ? ORDER BY m.time_created, m.id, p.id`, id)
	if err != nil {
		return nil, fmt.Errorf("read opencode parts: %w", err)
	}
	defer rows.Close()
	var msgs []ocMsg
	for rows.Next() {
		var mid, data string
		if err := rows.Scan(&mid, &data); err != nil {
			return nil, fmt.Errorf("read opencode parts: %w", err)
		}
		if len(msgs) == 0 || msgs[len(msgs)-1].id != mid {
			msgs = append(msgs, ocMsg{id: mid, role: roles[mid]})
		}
		msgs[len(msgs)-1].parts = append(msgs[len(msgs)-1].parts, data)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read opencode parts: %w", err)
	}
	b.openCodeMessages(msgs)
	return b.done(), nil
}

// ocMsg is one message of a session: its role and its parts' JSON, in order.
type ocMsg struct {
	id, role string
	parts    []string
}

// openCodeMessages reads a session's messages: a user message's text parts are one ask, an
// assistant's parts its reply, tools and commands.
func (b *sessionBuilder) openCodeMessages(msgs []ocMsg) {
	for _, m := range msgs {
		var ask []string
		for _, data := range m.parts {
			b.s.Lines++
			var p ocPart
			if json.Unmarshal([]byte(data), &p) != nil {
				b.s.Skipped++
				continue
			}
			switch m.role {
			case "user":
				if p.Type == "text" && !p.Synthetic {
					ask = append(ask, p.Text)
				}
				if p.Type == "compaction" {
					b.s.Compactions++
				}
			case "assistant":
				b.openCodePart(p)
			}
		}
		if len(ask) > 0 {
			b.ask(unquoteRun(strings.Join(ask, "\n")))
		}
	}
}

// unquoteRun undoes the quotes "opencode run" puts around an argument holding spaces (run "fix
// the tests" is stored as "\"fix the tests\""): one pair around a text with no other quote.
func unquoteRun(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' && !strings.Contains(s[1:len(s)-1], `"`) {
		return s[1 : len(s)-1]
	}
	return s
}

func (b *sessionBuilder) openCodePart(p ocPart) {
	switch p.Type {
	case "text":
		if !p.Synthetic {
			b.outcome(p.Text)
		}
	case "tool":
		var in ocInput
		_ = json.Unmarshal(p.State.Input, &in)
		if tool, ok := memoryToolSuffix(p.Tool); ok {
			b.memory(p.CallID, tool, in.Query, in.Title)
			b.result(p.CallID, toolText(p.State.Output))
			return
		}
		if p.State.Status != "completed" {
			return // an error or a call still running changed nothing yet
		}
		switch p.Tool {
		case "write", "edit", "multiedit":
			b.file(p.CallID, in.FilePath)
		case "patch", "apply_patch":
			for _, f := range patchFiles(in.PatchText) {
				b.file(p.CallID, f)
			}
		case "bash":
			b.command(in.Command)
		}
	}
}

// OpenCodeSession is one session found in OpenCode's database.
type OpenCodeSession struct {
	ID        string
	Directory string
	Updated   time.Time
}

// OpenCodeSessions lists the top-level sessions (not a subagent's) updated after since.
func OpenCodeSessions(ctx context.Context, dbPath string, since time.Time) ([]OpenCodeSession, error) {
	db, err := openOpenCode(dbPath)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	rows, err := db.QueryContext(ctx, `SELECT id, directory, time_updated FROM session
		WHERE parent_id IS NULL AND time_updated > ? ORDER BY time_updated, id`, since.UnixMilli())
	if err != nil {
		return nil, fmt.Errorf("list opencode sessions: %w", err)
	}
	defer rows.Close()
	var out []OpenCodeSession
	for rows.Next() {
		var s OpenCodeSession
		var ms int64
		if err := rows.Scan(&s.ID, &s.Directory, &ms); err != nil {
			return nil, fmt.Errorf("list opencode sessions: %w", err)
		}
		s.Updated = time.UnixMilli(ms)
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list opencode sessions: %w", err)
	}
	return out, nil
}
