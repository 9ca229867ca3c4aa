// Package capture turns a Claude Code session into an episodic note: it parses the session's
// transcript tolerantly, summarizes it without any model, redacts secrets, and records it through
// a spool so that the hooks that trigger capture return in milliseconds.
package capture

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"unicode/utf8"
)

// MaxLine caps one transcript line. Lines beyond it (a huge tool result or pasted file) are
// skipped whole: nothing a summary needs is worth reading megabytes for.
const MaxLine = 4 << 20

// Limits on what a Session keeps, so a marathon session still gives a note of bounded size.
const (
	maxAsks     = 50
	maxFiles    = 200
	maxCommands = 200
	maxMemory   = 50
)

// Session is what a transcript says happened.
type Session struct {
	ID          string
	Cwd         string
	Branch      string
	Asks        []string // the user's own prompts, in order
	Slash       []string // slash commands the user ran ("/clear")
	Files       []string // files written or edited, first-seen order
	Commands    []string // shell commands run, first-seen order
	Outcome     string   // the last main-thread assistant text
	Compactions int
	// MemorySearches are the queries the model ran against this memory (memory_search,
	// memory_recall), and MemoryWrites the notes it wrote (memory_write), in order.
	MemorySearches []MemorySearch
	MemoryWrites   []MemoryWrite
	Lines          int // lines read
	Skipped        int // lines that were not JSON objects, or too long
}

// record is the subset of a transcript line capture reads. Unknown fields and types are ignored.
type record struct {
	Type             string          `json:"type"`
	UUID             string          `json:"uuid"`
	SessionID        string          `json:"sessionId"`
	Cwd              string          `json:"cwd"`
	GitBranch        string          `json:"gitBranch"`
	IsMeta           bool            `json:"isMeta"`
	IsCompactSummary bool            `json:"isCompactSummary"`
	IsSidechain      bool            `json:"isSidechain"`
	Subtype          string          `json:"subtype"`
	Message          json.RawMessage `json:"message"`
}

type message struct {
	ID      string          `json:"id"`
	Content json.RawMessage `json:"content"`
}

type block struct {
	Type      string          `json:"type"`
	Text      string          `json:"text"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Input     json.RawMessage `json:"input"`
	ToolUseID string          `json:"tool_use_id"`
	IsError   bool            `json:"is_error"`
	Content   json.RawMessage `json:"content"` // a tool_result's: a string or text blocks
}

type toolInput struct {
	FilePath     string `json:"file_path"`
	NotebookPath string `json:"notebook_path"`
	Command      string `json:"command"`
	Query        string `json:"query"`
	Title        string `json:"title"`
	Project      string `json:"project"`
}

// MemorySearch is one search of the memory made during the session.
type MemorySearch struct {
	Tool  string // memory_search or memory_recall
	Query string // empty for a recall of the project's durable notes
}

// MemoryWrite is one note the session wrote through memory_write.
type MemoryWrite struct {
	Title string
	ID    string // from the tool's result; empty if the result was not seen or failed
}

// Parse reads a transcript: JSON lines, any of which may be half-written, of an unknown type, not
// UTF-8 or enormous. Only a read error of r itself is returned.
func Parse(r io.Reader) (*Session, error) {
	p := &parser{s: &Session{}, seen: map[string]bool{}, files: map[string]string{}, failed: map[string]bool{},
		cmds: map[string]bool{}, writes: map[string]int{}}
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		line, err := readLine(br)
		if len(line) > 0 || err == nil {
			p.s.Lines++
			p.line(line)
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil && !errors.Is(err, errTooLong) {
			return nil, fmt.Errorf("read transcript: %w", err)
		}
	}
	for _, id := range p.fileOrder {
		if !p.failed[id] && len(p.s.Files) < maxFiles && !contains(p.s.Files, p.files[id]) {
			p.s.Files = append(p.s.Files, p.files[id])
		}
	}
	return p.s, nil
}

var errTooLong = errors.New("line too long")

// readLine returns the next line without its newline. A line longer than MaxLine is consumed and
// returned empty with errTooLong.
func readLine(br *bufio.Reader) ([]byte, error) {
	var buf []byte
	tooLong := false
	for {
		chunk, err := br.ReadSlice('\n')
		if !tooLong {
			if len(buf)+len(chunk) > MaxLine {
				tooLong, buf = true, nil
			} else {
				buf = append(buf, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if tooLong {
			if err == nil {
				err = errTooLong
			}
			return nil, err
		}
		return bytes.TrimRight(buf, "\r\n"), err
	}
}

type parser struct {
	s         *Session
	seen      map[string]bool   // uuids already read (lines can repeat after a resume)
	files     map[string]string // tool_use id → file path
	fileOrder []string
	failed    map[string]bool // tool_use ids whose result was an error
	cmds      map[string]bool
	writes    map[string]int // memory_write tool_use id → index in s.MemoryWrites
}

func (p *parser) line(raw []byte) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return
	}
	if raw[0] != '{' {
		p.s.Skipped++
		return
	}
	if !utf8.Valid(raw) {
		raw = bytes.ToValidUTF8(raw, []byte("\uFFFD"))
	}
	var rec record
	if err := json.Unmarshal(raw, &rec); err != nil {
		p.s.Skipped++
		return
	}
	if rec.UUID != "" {
		if p.seen[rec.UUID] {
			return
		}
		p.seen[rec.UUID] = true
	}
	if p.s.ID == "" && rec.SessionID != "" {
		p.s.ID = rec.SessionID
	}
	if p.s.Cwd == "" && rec.Cwd != "" {
		p.s.Cwd = rec.Cwd
	}
	if rec.GitBranch != "" && rec.GitBranch != "HEAD" {
		p.s.Branch = rec.GitBranch
	}
	if rec.IsSidechain {
		return // a subagent's thread: its asks and replies are not the user's
	}
	switch rec.Type {
	case "user":
		p.user(rec)
	case "assistant":
		p.assistant(rec)
	case "system":
		if rec.Subtype == "compact_boundary" {
			p.s.Compactions++
		}
	}
	// attachment lines hold, among others, the context our own hooks injected: never captured, or
	// the store would feed on itself.
}

func (p *parser) user(rec record) {
	var m message
	if json.Unmarshal(rec.Message, &m) != nil || len(m.Content) == 0 {
		return
	}
	var text string
	if err := json.Unmarshal(m.Content, &text); err != nil {
		var blocks []block
		if json.Unmarshal(m.Content, &blocks) != nil {
			return
		}
		var parts []string
		for _, b := range blocks {
			switch b.Type {
			case "tool_result":
				if b.IsError {
					p.failed[b.ToolUseID] = true
				}
				if i, ok := p.writes[b.ToolUseID]; ok && !b.IsError {
					p.s.MemoryWrites[i].ID = ulidRe.FindString(resultText(b.Content))
				}
			case "text":
				parts = append(parts, b.Text)
			}
		}
		text = strings.Join(parts, "\n")
	}
	if rec.IsMeta || rec.IsCompactSummary {
		return
	}
	text = strings.TrimSpace(text)
	if text == "" {
		return
	}
	if name, ok := slashCommand(text); ok {
		p.s.Slash = append(p.s.Slash, name)
		return
	}
	if isNoise(text) {
		return
	}
	if len(p.s.Asks) < maxAsks {
		p.s.Asks = append(p.s.Asks, text)
	}
}

// noisePrefixes start user-role lines Claude Code writes itself, not the user.
var noisePrefixes = []string{
	"<local-command-stdout>", "<local-command-stderr>", "<local-command-caveat>", "<command-message>",
	"<task-notification>", "<system-reminder>", "<user-prompt-submit-hook>", "[Request interrupted by user",
	"This session is being continued from a previous conversation",
}

func isNoise(text string) bool {
	for _, p := range noisePrefixes {
		if strings.HasPrefix(text, p) {
			return true
		}
	}
	return false
}

// slashCommand recognizes the line Claude Code writes for a slash command the user typed.
func slashCommand(text string) (string, bool) {
	const open, closing = "<command-name>", "</command-name>"
	i := strings.Index(text, open)
	if i < 0 || strings.TrimSpace(text[:i]) != "" && !strings.HasPrefix(text, "<command-message>") {
		return "", false
	}
	rest := text[i+len(open):]
	j := strings.Index(rest, closing)
	if j < 0 {
		return "", false
	}
	return strings.TrimSpace(rest[:j]), true
}

func (p *parser) assistant(rec record) {
	var m message
	if json.Unmarshal(rec.Message, &m) != nil {
		return
	}
	var blocks []block
	if json.Unmarshal(m.Content, &blocks) != nil {
		var text string
		if json.Unmarshal(m.Content, &text) == nil && strings.TrimSpace(text) != "" {
			p.s.Outcome = strings.TrimSpace(text)
		}
		return
	}
	// Each block of one API response arrives on its own line with the same message.id; reading
	// them in order and keeping the last text block gives the response's final words.
	for _, b := range blocks {
		switch b.Type {
		case "text":
			if t := strings.TrimSpace(b.Text); t != "" {
				p.s.Outcome = t
			}
		case "tool_use":
			p.toolUse(b)
		}
	}
}

func (p *parser) toolUse(b block) {
	var in toolInput
	if json.Unmarshal(b.Input, &in) != nil {
		return
	}
	if tool, ok := memoryTool(b.Name); ok {
		p.memoryUse(b.ID, tool, in)
		return
	}
	switch b.Name {
	case "Write", "Edit", "MultiEdit", "NotebookEdit":
		path := in.FilePath
		if path == "" {
			path = in.NotebookPath
		}
		if path == "" {
			return
		}
		id := b.ID
		if id == "" {
			id = fmt.Sprintf("anon-%d", len(p.fileOrder))
		}
		if _, ok := p.files[id]; !ok {
			p.fileOrder = append(p.fileOrder, id)
		}
		p.files[id] = path
	case "Bash":
		c := strings.TrimSpace(in.Command)
		if c != "" && !p.cmds[c] && len(p.s.Commands) < maxCommands {
			p.cmds[c] = true
			p.s.Commands = append(p.s.Commands, c)
		}
	}
}

// memoryTool recognizes a call of this memory's MCP tools, whatever the server was named when it
// was registered: mcp__<server>__memory_search, or mcp__plugin_<plugin>_<server>__memory_search.
func memoryTool(name string) (string, bool) {
	if !strings.HasPrefix(name, "mcp__") {
		return "", false
	}
	i := strings.LastIndex(name, "__")
	tool := name[i+2:]
	switch tool {
	case "memory_search", "memory_recall", "memory_write":
		return tool, true
	}
	return "", false
}

func (p *parser) memoryUse(id, tool string, in toolInput) {
	switch tool {
	case "memory_search", "memory_recall":
		if len(p.s.MemorySearches) < maxMemory {
			p.s.MemorySearches = append(p.s.MemorySearches, MemorySearch{Tool: tool, Query: strings.TrimSpace(in.Query)})
		}
	case "memory_write":
		if t := strings.TrimSpace(in.Title); t != "" && len(p.s.MemoryWrites) < maxMemory {
			if id != "" {
				p.writes[id] = len(p.s.MemoryWrites)
			}
			p.s.MemoryWrites = append(p.s.MemoryWrites, MemoryWrite{Title: t})
		}
	}
}

// ulidRe finds a note id in memory_write's result (its JSON names the new note's "id").
var ulidRe = regexp.MustCompile(`\b[0-7][0-9A-HJKMNP-TV-Z]{25}\b`)

// resultText is a tool_result's content as text: it is a string, or a list of text blocks.
func resultText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var blocks []block
	if json.Unmarshal(raw, &blocks) != nil {
		return ""
	}
	var parts []string
	for _, b := range blocks {
		if b.Type == "text" {
			parts = append(parts, b.Text)
		}
	}
	return strings.Join(parts, "\n")
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
