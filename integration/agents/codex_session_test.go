package agents

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// responsesStandIn is a stand-in for an OpenAI Responses API on 127.0.0.1, as Codex streams it. Its
// model searches the memory, then writes a note, then runs a shell command, then answers; it
// records every request body.
type responsesStandIn struct {
	recorder
	url string
}

func newResponsesStandIn(t *testing.T) *responsesStandIn {
	t.Helper()
	s := &responsesStandIn{}
	s.url = serve(t, s) + "/v1"
	return s
}

func (s *responsesStandIn) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	n := s.record(body)
	w.Header().Set("Content-Type", "text/event-stream")
	event := func(typ string, data map[string]any) {
		data["type"] = typ
		b, _ := json.Marshal(data)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", typ, b)
	}
	id := fmt.Sprintf("resp_%d", n)
	event("response.created", map[string]any{"response": map[string]any{"id": id}})
	// Codex offers an MCP server's tools as one namespace, mcp__<server>; a call names the tool
	// and the namespace.
	call := func(name string, args map[string]any) map[string]any {
		a, _ := json.Marshal(args)
		return map[string]any{"type": "function_call", "id": fmt.Sprintf("fc_%d", n), "call_id": fmt.Sprintf("call_%d", n),
			"name": name, "namespace": "mcp__anamnesis", "arguments": string(a)}
	}
	var item map[string]any
	switch n {
	case 1:
		item = call("memory_search", map[string]any{"query": "deploy pipeline"})
	case 2:
		item = call("memory_write", map[string]any{"type": "semantic", "title": "Codex recorded the release checklist", "body": "Run the checklist before tagging."})
	case 3:
		// Codex's own shell tool (no namespace): Codex really runs it.
		item = map[string]any{"type": "function_call", "id": "fc_3", "call_id": "call_3", "name": "exec_command",
			"arguments": `{"cmd": "touch zanzibar.txt"}`}
	default:
		item = map[string]any{"type": "message", "role": "assistant", "id": fmt.Sprintf("msg_%d", n),
			"content": []any{map[string]any{"type": "output_text", "text": "Deploy with the zanzibar pipeline."}}}
	}
	event("response.output_item.done", map[string]any{"output_index": 0, "item": item})
	event("response.completed", map[string]any{"response": map[string]any{"id": id,
		"usage": map[string]any{"input_tokens": 1, "output_tokens": 1, "total_tokens": 2}}})
}

// TestCodexSession runs a real Codex session (codex exec) against the stand-in after init --agent
// codex: the memory tools are offered to the model, a memory_search returns the store's note to
// it, and a note it writes is stored tagged agent:codex. Codex has no session hooks, so nothing
// is injected before the first turn: the model reaches memory through the tools. The session
// itself (its ask, the command the model ran) is captured by the next sync from Codex's rollout
// file, as a session note tagged agent:codex.
func TestCodexSession(t *testing.T) {
	needClients(t)
	m := newMachine(t)
	api := newResponsesStandIn(t)
	// The user's own Codex set-up: a model provider (here the stand-in).
	m.write(t, ".codex/config.toml", fmt.Sprintf("model = \"gpt-5\"\nmodel_provider = \"standin\"\n\n"+
		"[model_providers.standin]\nname = \"standin\"\nbase_url = %q\nwire_api = \"responses\"\nenv_key = \"STANDIN_KEY\"\n", api.url))
	m.run(t, "anamnesis", "init", "--agent", "codex", "--yes")
	m.run(t, "anamnesis", "write", "--type", "semantic", "--title", "Deploys go through the zanzibar pipeline",
		"--body", "Never deploy by hand.")

	const ask = "How do we deploy? Leave the zanzibar marker file."
	cmd := exec.Command(codexBin, "exec", "--skip-git-repo-check", "--dangerously-bypass-approvals-and-sandbox", ask)
	cmd.Dir = m.home
	cmd.Env = append(slices.Clone(m.env), "STANDIN_KEY=stand-in")
	out := runClient(t, "codex exec", cmd, 3*time.Minute)
	reqs := api.all()
	if len(reqs) < 3 {
		t.Fatalf("%d requests reached the stand-in; output:\n%s", len(reqs), lastLines(string(out), 20))
	}
	if !strings.Contains(reqs[0], `"mcp__anamnesis"`) || !strings.Contains(reqs[0], `"memory_search"`) {
		t.Errorf("the memory tools were not offered to the model")
	}
	if !strings.Contains(reqs[1], "function_call_output") || !strings.Contains(reqs[1], "zanzibar pipeline") {
		t.Errorf("memory_search's result (the zanzibar note) did not reach the model")
	}
	res := m.run(t, "anamnesis", "search", "release checklist", "--json")
	var page struct {
		Results []struct {
			Title string   `json:"title"`
			Tags  []string `json:"tags"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(res), &page); err != nil {
		t.Fatal(err)
	}
	if len(page.Results) == 0 || page.Results[0].Title != "Codex recorded the release checklist" || !slices.Contains(page.Results[0].Tags, "agent:codex") {
		t.Fatalf("the note the model wrote through Codex: %s", res)
	}
	if _, err := os.Stat(filepath.Join(m.home, "zanzibar.txt")); err != nil {
		t.Errorf("the model's command did not run: %v", err)
	}

	// No hook reports the session's end: the next sync finds the rollout file and captures it.
	m.run(t, "anamnesis", "sync")
	id, body := sessionNote(t, m, "codex", 5*time.Second)
	checkCaptured(t, body, ask)
	for _, want := range []string{"Codex recorded the release checklist", "deploy pipeline"} {
		if !strings.Contains(body, want) {
			t.Errorf("the session note does not mention %q:\n%s", want, body)
		}
	}
	if found, _ := captureJSON(t, m, "codex"); found != 0 {
		t.Errorf("a capture right after the sync found %d changed session(s), want 0", found)
	}
	t.Logf("codex session: %d requests; tools offered, search result returned, note written tagged agent:codex; sync captured session note %s", len(reqs), id)
}
