package claudecode

import (
	"testing"
)

// TestMCPPromptAsSlashCommand: the server's recall-project prompt is a slash command in the real
// client, and running it hands the model the project's memory.
func TestMCPPromptAsSlashCommand(t *testing.T) {
	needClaude(t)
	if !haveMCPD || hookWhy != "" {
		t.Skip("skipping: needs anamnesis-mcpd and the hooks in this tree")
	}
	m := newMachine(t, "")
	m.must("", "anamnesis", "init", "--yes", "--machine-id", "e2e")
	const fact = "Deploys go out with make release from main; it tags and pushes."
	m.must(fact, "anamnesis", "write", "--type", "procedural", "--title", "Deploy with make release")
	m.api.Reset()
	m.must("", "claude", "-p", "/mcp__anamnesis__recall-project", "--output-format", "json")
	reqs := m.api.Requests()
	// The SessionStart hook injects the same note; the prompt's own wording proves the prompt ran.
	if !seen(reqs, "Here is what my long-term memory holds for") || !seen(reqs, fact) {
		t.Fatalf("the recall-project prompt did not reach the model:\n%s", m.api.Summary())
	}
}
