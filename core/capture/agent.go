package capture

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/note"
)

// The coding agents whose sessions capture reads, each in its own file:
// Claude Code (transcript.go), Codex (codex.go), Gemini CLI (gemini.go), OpenCode (opencode.go).
const (
	AgentClaude   = "claude"
	AgentCodex    = "codex"
	AgentGemini   = "gemini"
	AgentOpenCode = "opencode"
)

// Agents lists the agents capture reads, Claude Code first.
var Agents = []string{AgentClaude, AgentCodex, AgentGemini, AgentOpenCode}

// SweptAgents are the agents whose sessions Discover finds on disk: Claude Code's are captured
// by its own hooks, with the transcript path in the hook's payload.
var SweptAgents = []string{AgentCodex, AgentGemini, AgentOpenCode}

// sessionTags are the tags a session note is written with: session, the event, and the agent.
func sessionTags(event, agent string) []string {
	tags := []string{SessionTag, event}
	if t := note.AgentTag(agent); t != "" {
		tags = append(tags, t)
	}
	return tags
}

// parseSession reads the session req names in its agent's format, within ReadTimeout.
func parseSession(ctx context.Context, req Request) (*Session, error) {
	open := func() (io.ReadCloser, error) { return openRegular(req.TranscriptPath) }
	switch req.Agent {
	case "", AgentClaude:
		return ParseFileContext(ctx, req.TranscriptPath)
	case AgentCodex:
		return parseWithinAs(ctx, ReadTimeout, open, ParseCodex)
	case AgentGemini:
		s, err := parseWithinAs(ctx, ReadTimeout, open, ParseGemini)
		if err != nil {
			return nil, err
		}
		if s.Cwd == "" {
			s.Cwd = geminiProjectRoot(req.TranscriptPath)
		}
		return s, nil
	case AgentOpenCode:
		if strings.HasSuffix(req.TranscriptPath, ".json") {
			return ParseOpenCodeStorage(ctx, req.TranscriptPath) // before OpenCode's database
		}
		return ParseOpenCode(ctx, req.TranscriptPath, req.SessionID)
	}
	return nil, fmt.Errorf("capture: no reader for agent %q (known: %s)", req.Agent, strings.Join(Agents, ", "))
}

// DefaultRoot is where agent keeps its sessions on this machine, honouring the variables the
// agent itself honours: $CODEX_HOME (~/.codex) for Codex, ~/.gemini for Gemini CLI and
// $XDG_DATA_HOME/opencode (~/.local/share/opencode) for OpenCode.
func DefaultRoot(agent string) (string, error) {
	u, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("find the home directory: %w", err)
	}
	switch agent {
	case AgentCodex:
		if d := strings.TrimSpace(os.Getenv("CODEX_HOME")); d != "" {
			return filepath.Abs(d)
		}
		return filepath.Join(u, ".codex"), nil
	case AgentGemini:
		return filepath.Join(u, ".gemini"), nil
	case AgentOpenCode:
		if d := strings.TrimSpace(os.Getenv("XDG_DATA_HOME")); d != "" {
			return filepath.Join(d, "opencode"), nil
		}
		return filepath.Join(u, ".local", "share", "opencode"), nil
	}
	return "", fmt.Errorf("capture: agent %q keeps no sessions capture can find (swept: %s)", agent, strings.Join(SweptAgents, ", "))
}

// toolText is a tool's output as text: a string, or JSON of any shape (scanned for a note id).
func toolText(raw []byte) string {
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return s
	}
	return string(raw)
}

// commandLine turns a command given as an argv (["bash", "-lc", "go test ./..."]) into the line
// a user would have typed; a plain string stays as it is.
func commandLine(argv []string) string {
	if len(argv) >= 3 && (argv[1] == "-lc" || argv[1] == "-c") && isShell(argv[0]) {
		return strings.TrimSpace(argv[len(argv)-1])
	}
	return strings.TrimSpace(strings.Join(argv, " "))
}

func isShell(p string) bool {
	switch filepath.Base(p) {
	case "bash", "sh", "zsh", "dash", "fish", "pwsh", "powershell", "cmd", "cmd.exe":
		return true
	}
	return false
}

// patchFiles lists the files an apply_patch envelope adds, updates, deletes or moves to.
func patchFiles(patch string) []string {
	var out []string
	for _, line := range strings.Split(patch, "\n") {
		line = strings.TrimSpace(line)
		for _, p := range []string{"*** Add File: ", "*** Update File: ", "*** Delete File: ", "*** Move to: "} {
			if rest, ok := strings.CutPrefix(line, p); ok && strings.TrimSpace(rest) != "" {
				out = append(out, strings.TrimSpace(rest))
			}
		}
	}
	return out
}

// sessionBuilder collects what any agent's reader finds, with the same limits and order rules as
// the Claude Code parser: files in first-seen order (failed edits dropped), commands once each.
type sessionBuilder struct {
	s      *Session
	files  []string
	failed map[string]bool // files of failed edits, by call id
	byCall map[string][]string
	cmds   map[string]bool
	writes map[string]int // memory_write call id -> index in s.MemoryWrites
}

func newBuilder() *sessionBuilder {
	return &sessionBuilder{s: &Session{}, failed: map[string]bool{}, byCall: map[string][]string{},
		cmds: map[string]bool{}, writes: map[string]int{}}
}

func (b *sessionBuilder) ask(text string) {
	text = strings.TrimSpace(text)
	if text == "" {
		return
	}
	if name, ok := agentSlash(text); ok {
		b.s.Slash = append(b.s.Slash, name)
		return
	}
	if len(b.s.Asks) < maxAsks {
		b.s.Asks = append(b.s.Asks, text)
	}
}

// agentSlash recognizes a slash command typed on its own ("/compress", "/clear"): one word after
// the slash, no path separators (so "/usr/bin/x fails" is an ask).
func agentSlash(text string) (string, bool) {
	if !strings.HasPrefix(text, "/") || strings.ContainsRune(text, '\n') {
		return "", false
	}
	word := strings.Fields(text)[0]
	if len(word) < 2 || strings.ContainsAny(word[1:], "/\\.") {
		return "", false
	}
	return word, true
}

func (b *sessionBuilder) outcome(text string) {
	if t := strings.TrimSpace(text); t != "" {
		b.s.Outcome = t
	}
}

func (b *sessionBuilder) file(callID, path string) {
	path = strings.TrimSpace(path)
	if path == "" {
		return
	}
	b.files = append(b.files, path)
	if callID != "" {
		b.byCall[callID] = append(b.byCall[callID], path)
	}
}

func (b *sessionBuilder) fail(callID string) {
	for _, p := range b.byCall[callID] {
		b.failed[p] = true
	}
}

func (b *sessionBuilder) command(c string) {
	c = strings.TrimSpace(c)
	if c != "" && !b.cmds[c] && len(b.s.Commands) < maxCommands {
		b.cmds[c] = true
		b.s.Commands = append(b.s.Commands, c)
	}
}

// memory records a call of this memory's tool (memory_search, memory_recall, memory_write).
func (b *sessionBuilder) memory(callID, tool, query, title string) {
	switch tool {
	case "memory_search", "memory_recall":
		if len(b.s.MemorySearches) < maxMemory {
			b.s.MemorySearches = append(b.s.MemorySearches, MemorySearch{Tool: tool, Query: strings.TrimSpace(query)})
		}
	case "memory_write":
		if t := strings.TrimSpace(title); t != "" && len(b.s.MemoryWrites) < maxMemory {
			if callID != "" {
				b.writes[callID] = len(b.s.MemoryWrites)
			}
			b.s.MemoryWrites = append(b.s.MemoryWrites, MemoryWrite{Title: t})
		}
	}
}

// result records a tool call's output: a memory_write's note id.
func (b *sessionBuilder) result(callID, output string) {
	if i, ok := b.writes[callID]; ok && b.s.MemoryWrites[i].ID == "" {
		b.s.MemoryWrites[i].ID = ulidRe.FindString(output)
	}
}

// done finishes the session: the files of edits that did not fail, once each.
func (b *sessionBuilder) done() *Session {
	for _, p := range b.files {
		if !b.failed[p] && len(b.s.Files) < maxFiles && !contains(b.s.Files, p) {
			b.s.Files = append(b.s.Files, p)
		}
	}
	return b.s
}

// memoryToolSuffix recognizes this memory's tools in an agent's own naming of MCP tools, where the
// server's name comes first and sep separates it ("mcp_anamnesis_memory_write" for Gemini,
// "anamnesis_memory_write" for OpenCode): whatever the server was named, the tool is the suffix.
func memoryToolSuffix(name string) (string, bool) {
	for _, t := range []string{"memory_search", "memory_recall", "memory_write"} {
		if name == t || strings.HasSuffix(name, "_"+t) {
			return t, true
		}
	}
	return "", false
}
