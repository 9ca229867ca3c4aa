package capture

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// transcript builds a Claude Code session transcript in the JSONL format Claude Code 2.1.329
// writes (see the integration reference, §2): user lines with string content for prompts, one
// assistant line per content block sharing the response's message.id, tool results as user lines
// with tool_result blocks and a toolUseResult, hook context as attachment lines.
type transcript struct {
	sid, cwd, branch string
	lines            []string
	n                int
}

func newTranscript(sid, cwd string) *transcript {
	tr := &transcript{sid: sid, cwd: cwd, branch: "main"}
	tr.raw(map[string]any{"type": "queue-operation", "operation": "enqueue", "timestamp": "2026-11-20T10:00:00.000Z", "sessionId": sid})
	// What our own SessionStart hook injected: must never be captured.
	tr.rec("attachment", map[string]any{"attachment": map[string]any{"type": "hook_additional_context",
		"content": []string{"# Anamnesis memory\nINJECTED-CONTEXT-MARKER"}}})
	return tr
}

func (tr *transcript) raw(m map[string]any) {
	b, err := json.Marshal(m)
	if err != nil {
		panic(err)
	}
	tr.lines = append(tr.lines, string(b))
}

func (tr *transcript) rec(typ string, fields map[string]any) {
	tr.n++
	m := map[string]any{"type": typ, "uuid": fmt.Sprintf("%s-%04d", tr.sid, tr.n), "sessionId": tr.sid,
		"cwd": tr.cwd, "gitBranch": tr.branch, "version": "2.1.329", "userType": "external",
		"isSidechain": false, "timestamp": fmt.Sprintf("2026-11-20T10:%02d:%02d.000Z", tr.n/60%60, tr.n%60)}
	for k, v := range fields {
		m[k] = v
	}
	tr.raw(m)
}

// ask is a prompt the user typed.
func (tr *transcript) ask(text string) *transcript {
	tr.rec("user", map[string]any{"message": map[string]any{"role": "user", "content": text},
		"promptId": fmt.Sprintf("p%d", tr.n), "permissionMode": "default"})
	return tr
}

// reply is an assistant text block.
func (tr *transcript) reply(text string) *transcript {
	tr.rec("assistant", map[string]any{"message": map[string]any{"id": fmt.Sprintf("msg_%d", tr.n), "role": "assistant",
		"model": "claude-opus-5-5", "content": []any{map[string]any{"type": "text", "text": text}}}})
	return tr
}

// tool is one tool call and its result.
func (tr *transcript) tool(name string, input map[string]any, result string, isError bool) *transcript {
	id := fmt.Sprintf("toolu_%s_%d", strings.ReplaceAll(tr.sid, "-", ""), tr.n)
	tr.rec("assistant", map[string]any{"message": map[string]any{"id": fmt.Sprintf("msg_%d", tr.n), "role": "assistant",
		"model": "claude-opus-5-5", "content": []any{map[string]any{"type": "tool_use", "id": id, "name": name, "input": input}}}})
	res := map[string]any{"type": "tool_result", "tool_use_id": id, "content": result}
	if isError {
		res["is_error"] = true
	}
	tr.rec("user", map[string]any{"message": map[string]any{"role": "user", "content": []any{res}},
		"toolUseResult": map[string]any{"stdout": result, "stderr": "", "interrupted": false}})
	return tr
}

func (tr *transcript) bash(cmd, out string) *transcript {
	return tr.tool("Bash", map[string]any{"command": cmd, "description": "run"}, out, false)
}

func (tr *transcript) edit(rel string) *transcript {
	return tr.tool("Edit", map[string]any{"file_path": filepath.Join(tr.cwd, rel), "old_string": "a", "new_string": "b"},
		"The file has been updated.", false)
}

func (tr *transcript) read(rel string) *transcript {
	return tr.tool("Read", map[string]any{"file_path": filepath.Join(tr.cwd, rel)}, "     1\tpackage x", false)
}

func (tr *transcript) memorySearch(query string) *transcript {
	return tr.tool("mcp__anamnesis__memory_search", map[string]any{"query": query}, `{"results":[]}`, false)
}

func (tr *transcript) memoryWrite(title, id string) *transcript {
	return tr.tool("mcp__anamnesis__memory_write", map[string]any{"type": "procedural", "title": title, "body": "x"},
		`{"id":"`+id+`","title":"`+title+`"}`, false)
}

// save writes the transcript to dir/<sid>.jsonl and returns its path.
func (tr *transcript) save(t testing.TB, dir string) string {
	t.Helper()
	p := filepath.Join(dir, tr.sid+".jsonl")
	if err := os.WriteFile(p, []byte(strings.Join(tr.lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// gitRepo makes a directory that looks like a git work tree (a .git directory is all repoRoot
// and the project marker need) with an explicit project key.
func gitRepo(t testing.TB, key string) string {
	t.Helper()
	dir := t.TempDir()
	for _, d := range []string{".git", ".anamnesis"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, ".anamnesis", "project"), []byte(key+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}
