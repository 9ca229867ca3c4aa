package capture

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Codex CLI writes one rollout file per session, ~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl
// (checked against codex-cli 0.169): JSON lines {"timestamp", "type", "payload"}. The types read:
//
//	session_meta   payload.id, payload.cwd, payload.git.branch
//	response_item  payload.type message (role user: the asks; assistant: the replies),
//	               function_call / custom_tool_call / local_shell_call (tools run),
//	               function_call_output / custom_tool_call_output (their results)
//	compacted      a compaction (also event_msg payload.type context_compacted)
//
// MCP tools are function calls named by the tool with the server as "namespace": "mcp__anamnesis"
// (older versions name them "mcp__anamnesis__memory_write"). Everything else (event_msg, turn
// context, token counts) is ignored, as are lines that are not JSON: a file still being written
// ends in half a line.

type codexLine struct {
	Type    string          `json:"type"`
	Payload json.RawMessage `json:"payload"`
}

type codexMeta struct {
	ID  string `json:"id"`
	Cwd string `json:"cwd"`
	Git *struct {
		Branch string `json:"branch"`
	} `json:"git"`
}

type codexItem struct {
	Type      string          `json:"type"`
	Role      string          `json:"role"`
	Content   json.RawMessage `json:"content"`
	Name      string          `json:"name"`
	Namespace string          `json:"namespace"`
	Arguments string          `json:"arguments"`
	Input     string          `json:"input"` // custom_tool_call: apply_patch's patch
	CallID    string          `json:"call_id"`
	Output    json.RawMessage `json:"output"`
	Action    *struct {
		Command []string `json:"command"`
	} `json:"action"` // local_shell_call
}

type codexArgs struct {
	Command json.RawMessage `json:"command"` // shell: an argv; shell_command: a string
	Cmd     string          `json:"cmd"`     // exec_command
	Input   string          `json:"input"`   // apply_patch as a function
	Patch   string          `json:"patch"`
	Query   string          `json:"query"`
	Title   string          `json:"title"`
}

// codexNoise starts user-role messages Codex writes itself: the environment, AGENTS.md, the
// instructions of skills and permissions, and a turn the user aborted.
var codexNoise = []string{"<environment_context>", "<user_instructions>", "# AGENTS.md instructions",
	"<permissions instructions>", "<skills_instructions>", "<user_shell_command>", "<turn_aborted>", "<subagent_notification>"}

// ParseCodex reads a Codex rollout file tolerantly; only a read error of r is returned. A file
// that holds no Codex line at all is reported, so a wrong path does not pass for an empty session.
func ParseCodex(r io.Reader) (*Session, error) {
	b := newBuilder()
	br := bufio.NewReaderSize(r, 64<<10)
	known := 0
	for {
		raw, err := readLine(br)
		if len(raw) > 0 || err == nil {
			b.s.Lines++
			if b.codexLine(bytes.TrimSpace(raw)) {
				known++
			}
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if errors.Is(err, errTooLong) {
			b.s.Lines++
			b.s.Skipped++
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("read codex rollout: %w", err)
		}
	}
	if known == 0 && b.s.Lines > 0 {
		return nil, fmt.Errorf("not a Codex rollout file: none of its %d lines is a rollout record", b.s.Lines)
	}
	return b.done(), nil
}

// codexLine reads one line and reports whether it was a rollout record.
func (b *sessionBuilder) codexLine(raw []byte) bool {
	if len(raw) == 0 {
		return false
	}
	if raw[0] != '{' {
		b.s.Skipped++
		return false
	}
	if !utf8.Valid(raw) {
		raw = bytes.ToValidUTF8(raw, []byte("\uFFFD"))
	}
	var l codexLine
	if json.Unmarshal(raw, &l) != nil || l.Type == "" || len(l.Payload) == 0 {
		b.s.Skipped++
		return false
	}
	switch l.Type {
	case "session_meta":
		var m codexMeta
		if json.Unmarshal(l.Payload, &m) == nil {
			if b.s.ID == "" {
				b.s.ID = m.ID
			}
			if b.s.Cwd == "" {
				b.s.Cwd = m.Cwd
			}
			if m.Git != nil && m.Git.Branch != "" && m.Git.Branch != "HEAD" {
				b.s.Branch = m.Git.Branch
			}
		}
	case "response_item":
		var it codexItem
		if json.Unmarshal(l.Payload, &it) == nil {
			b.codexItem(it)
		}
	case "compacted":
		b.s.Compactions++
	case "event_msg":
		var ev struct {
			Type string `json:"type"`
		}
		if json.Unmarshal(l.Payload, &ev) == nil && ev.Type == "context_compacted" {
			b.s.Compactions++
		}
	}
	return true
}

func (b *sessionBuilder) codexItem(it codexItem) {
	switch it.Type {
	case "message":
		text := codexText(it.Content)
		switch it.Role {
		case "user":
			t := strings.TrimSpace(text)
			for _, p := range codexNoise {
				if strings.HasPrefix(t, p) {
					return
				}
			}
			b.ask(t)
		case "assistant":
			b.outcome(text)
		}
	case "function_call", "custom_tool_call":
		var a codexArgs
		if it.Arguments != "" {
			_ = json.Unmarshal([]byte(it.Arguments), &a)
		}
		name := it.Name
		if strings.HasPrefix(it.Namespace, "mcp__") {
			name = it.Namespace + "__" + it.Name
		}
		if tool, ok := memoryTool(name); ok {
			b.memory(it.CallID, tool, a.Query, a.Title)
			return
		}
		switch it.Name {
		case "apply_patch":
			patch := it.Input
			if patch == "" {
				patch = a.Input + a.Patch
			}
			for _, f := range patchFiles(patch) {
				b.file(it.CallID, f)
			}
		case "shell", "container.exec", "shell_command", "local_shell":
			b.codexCommand(it.CallID, codexCommand(a.Command))
		case "exec_command":
			b.codexCommand(it.CallID, a.Cmd)
		}
	case "local_shell_call":
		if it.Action != nil {
			b.codexCommand(it.CallID, commandLine(it.Action.Command))
		}
	case "function_call_output", "custom_tool_call_output":
		out := toolText(it.Output)
		b.result(it.CallID, out)
		// A patch Codex could not apply changed nothing: its files are not the session's.
		if strings.Contains(out, "apply_patch verification failed") {
			b.fail(it.CallID)
		}
	}
}

// codexCommand records a shell command; Codex edits files by running apply_patch with the patch
// as a here-document, so such a command is the files it names, not a command.
func (b *sessionBuilder) codexCommand(callID, cmd string) {
	if strings.Contains(cmd, "*** Begin Patch") {
		for _, f := range patchFiles(cmd) {
			b.file(callID, f)
		}
		return
	}
	b.command(cmd)
}

// codexCommand reads a shell tool's command: an argv, or a string.
func codexCommand(raw json.RawMessage) string {
	var argv []string
	if json.Unmarshal(raw, &argv) == nil {
		return commandLine(argv)
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return strings.TrimSpace(s)
	}
	return ""
}

// codexText joins the text parts of a message's content (input_text, output_text, text).
func codexText(raw json.RawMessage) string {
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if json.Unmarshal(raw, &parts) != nil {
		var s string
		if json.Unmarshal(raw, &s) == nil {
			return s
		}
		return ""
	}
	var out []string
	for _, p := range parts {
		if strings.HasSuffix(p.Type, "text") && p.Text != "" {
			out = append(out, p.Text)
		}
	}
	return strings.Join(out, "\n")
}
