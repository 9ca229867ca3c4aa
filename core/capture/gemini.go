package capture

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"unicode/utf8"
)

// Gemini CLI keeps each chat under ~/.gemini/tmp/<project>/chats/ (checked against gemini-cli
// 0.61): session-<time>-<id>.jsonl, JSON lines. The first line is the header {sessionId,
// projectHash, startTime, kind}; then each message is a line {id, timestamp, type, content, ...}
// (type user, gemini, info, error), written again with the same id when it changes (a reply's tool
// calls and their results arrive that way), and {"$set": {...}} lines update the header or, with
// "messages", replace the whole list. Earlier versions wrote one JSON document, session-*.json,
// {sessionId, projectHash, messages: [...]}: read as well. The project's directory is not in the
// file; <project>/.project_root holds it.

type geminiMessage struct {
	ID        string          `json:"id"`
	Type      string          `json:"type"`
	Content   json.RawMessage `json:"content"`
	ToolCalls []struct {
		ID     string          `json:"id"`
		Name   string          `json:"name"`
		Args   json.RawMessage `json:"args"`
		Status string          `json:"status"`
		Result json.RawMessage `json:"result"`
	} `json:"toolCalls"`
}

type geminiDoc struct {
	SessionID string          `json:"sessionId"`
	Messages  []geminiMessage `json:"messages"`
}

type geminiArgs struct {
	FilePath string `json:"file_path"`
	Path     string `json:"path"`
	Command  string `json:"command"`
	Query    string `json:"query"`
	Title    string `json:"title"`
}

// maxGeminiFile bounds a chat file read whole (the older single-document format).
const maxGeminiFile = 256 << 20

// hookContextRe finds the context a BeforeAgent hook added to a prompt (Gemini stores it inside
// the user's message): our own injected memory must never be captured as the user's words.
var hookContextRe = regexp.MustCompile(`(?s)<hook_context>.*?</hook_context>`)

// ParseGemini reads a Gemini CLI chat file, either format, tolerantly: a half-written last line is
// skipped. A file with no Gemini record at all (a truncated single document, another file) is an
// error, so nothing is written from it and the capture is retried later.
func ParseGemini(r io.Reader) (*Session, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxGeminiFile+1))
	if err != nil {
		return nil, fmt.Errorf("read gemini chat: %w", err)
	}
	if len(data) > maxGeminiFile {
		return nil, fmt.Errorf("gemini chat file is larger than %d MiB; not read", maxGeminiFile>>20)
	}
	if !utf8.Valid(data) {
		data = bytes.ToValidUTF8(data, []byte("\uFFFD"))
	}
	// The older format: one document with its messages.
	var doc geminiDoc
	if err := json.Unmarshal(data, &doc); err == nil && (doc.Messages != nil || doc.SessionID != "") {
		b := newBuilder()
		b.s.ID, b.s.Lines = doc.SessionID, 1
		for _, m := range doc.Messages {
			b.geminiMessage(m)
		}
		return b.done(), nil
	}
	return parseGeminiLines(data)
}

func parseGeminiLines(data []byte) (*Session, error) {
	b := newBuilder()
	var order []string
	byID := map[string]geminiMessage{}
	known := 0
	br := bufio.NewReaderSize(bytes.NewReader(data), 64<<10)
	for {
		raw, err := readLine(br)
		if errors.Is(err, errTooLong) {
			b.s.Lines++
			b.s.Skipped++
			continue
		}
		raw = bytes.TrimSpace(raw)
		if len(raw) > 0 {
			b.s.Lines++
			var l geminiLine
			if raw[0] != '{' || json.Unmarshal(raw, &l) != nil {
				b.s.Skipped++
			} else {
				known += b.geminiRecord(l, &order, byID)
			}
		}
		if err != nil {
			break
		}
	}
	if known == 0 {
		return nil, fmt.Errorf("not a complete Gemini chat file: none of its %d lines is a chat record (truncated?)", b.s.Lines)
	}
	for _, id := range order {
		b.geminiMessage(byID[id])
	}
	return b.done(), nil
}

// geminiLine is any line of a chat file: the header (sessionId), an update ($set) or a message.
type geminiLine struct {
	Set *struct {
		Messages *[]geminiMessage `json:"messages"`
	} `json:"$set"`
	SessionID *string `json:"sessionId"`
	geminiMessage
}

// geminiRecord applies one line: the header, a $set, or a message (a later copy of a message
// replaces the earlier one in place). It returns 1 for a Gemini record, 0 for anything else.
func (b *sessionBuilder) geminiRecord(l geminiLine, order *[]string, byID map[string]geminiMessage) int {
	switch {
	case l.Set != nil:
		if l.Set.Messages != nil {
			*order = (*order)[:0]
			clear(byID)
			for _, m := range *l.Set.Messages {
				putGemini(m, order, byID)
			}
		}
		return 1
	case l.SessionID != nil:
		if b.s.ID == "" {
			b.s.ID = *l.SessionID
		}
		return 1
	case l.Type == "":
		return 0
	}
	putGemini(l.geminiMessage, order, byID)
	return 1
}

func putGemini(m geminiMessage, order *[]string, byID map[string]geminiMessage) {
	id := m.ID
	if id == "" {
		id = fmt.Sprintf("anon-%d", len(*order))
	}
	if _, ok := byID[id]; !ok {
		*order = append(*order, id)
	}
	byID[id] = m
}

func (b *sessionBuilder) geminiMessage(m geminiMessage) {
	switch m.Type {
	case "user":
		text := strings.TrimSpace(hookContextRe.ReplaceAllString(geminiText(m.Content), ""))
		if strings.HasPrefix(text, "<session_context>") {
			return // Gemini's own description of the workspace, not the user's words
		}
		b.ask(text)
	case "gemini":
		b.outcome(geminiText(m.Content))
		for _, c := range m.ToolCalls {
			var a geminiArgs
			_ = json.Unmarshal(c.Args, &a)
			if tool, ok := memoryToolSuffix(c.Name); ok && strings.HasPrefix(c.Name, "mcp_") {
				b.memory(c.ID, tool, a.Query, a.Title)
				b.result(c.ID, string(c.Result))
				continue
			}
			if c.Status != "" && c.Status != "success" {
				continue // cancelled or failed: nothing changed
			}
			switch c.Name {
			case "write_file", "replace", "edit":
				p := a.FilePath
				if p == "" {
					p = a.Path
				}
				b.file(c.ID, p)
			case "run_shell_command":
				b.command(a.Command)
			}
		}
	}
}

// geminiText is a message's content as text: a string, or parts of which the text ones count.
func geminiText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []struct {
		Text string `json:"text"`
	}
	if json.Unmarshal(raw, &parts) != nil {
		return ""
	}
	var out []string
	for _, p := range parts {
		if p.Text != "" {
			out = append(out, p.Text)
		}
	}
	return strings.Join(out, "\n")
}

// geminiProjectRoot is the project directory of a chat file, from the .project_root file Gemini
// keeps beside the chats folder; "" when there is none.
func geminiProjectRoot(chatPath string) string {
	f, err := os.Open(filepath.Join(filepath.Dir(filepath.Dir(chatPath)), ".project_root"))
	if err != nil {
		return ""
	}
	defer f.Close()
	data, _ := io.ReadAll(io.LimitReader(f, 4096))
	return strings.TrimSpace(string(data))
}
