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

// standIn is a stand-in for the Gemini API on 127.0.0.1: it records every request body and, for
// the chat stream, first asks the model's caller to run mcp_anamnesis_memory_write, then a shell
// command, then answers in text.
type standIn struct {
	recorder // bodies of streamGenerateContent requests
	url      string
}

func newStandIn(t *testing.T) *standIn {
	t.Helper()
	s := &standIn{}
	s.url = serve(t, s)
	return s
}

func (s *standIn) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	text := map[string]any{"candidates": []any{map[string]any{"index": 0, "finishReason": "STOP",
		"content": map[string]any{"role": "model", "parts": []any{map[string]any{"text": "Deploy with the zanzibar pipeline."}}}}},
		"usageMetadata": map[string]any{"promptTokenCount": 5, "candidatesTokenCount": 5, "totalTokenCount": 10}}
	switch {
	case strings.Contains(r.URL.Path, ":streamGenerateContent"):
		n := s.record(body)
		resp := text
		if n == 2 {
			resp = map[string]any{"candidates": []any{map[string]any{"index": 0, "finishReason": "STOP",
				"content": map[string]any{"role": "model", "parts": []any{map[string]any{"functionCall": map[string]any{
					"name": "run_shell_command",
					"args": map[string]any{"command": "touch zanzibar.txt", "description": "Leave the marker file."},
				}}}}}}}
		}
		if n == 1 {
			resp = map[string]any{"candidates": []any{map[string]any{"index": 0, "finishReason": "STOP",
				"content": map[string]any{"role": "model", "parts": []any{map[string]any{"functionCall": map[string]any{
					"name": "mcp_anamnesis_memory_write",
					"args": map[string]any{"type": "semantic", "title": "Gemini recorded the release checklist", "body": "Run the checklist before tagging."},
				}}}}}}}
		}
		b, _ := json.Marshal(resp)
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprintf(w, "data: %s\r\n\r\n", b)
	case strings.Contains(r.URL.Path, ":countTokens"):
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"totalTokens": 10}`)
	default: // generateContent: Gemini's own routing and summaries
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(text)
	}
}

// TestGeminiSession runs a real Gemini CLI session (headless, -p) against the stand-in after
// init --agent gemini: the memory the SessionStart hook injects reaches the model's request, the
// memory tools are offered to the model, and a note the model writes through them is stored
// tagged agent:gemini. When the session ends, Gemini's SessionEnd hook spools its chat file and
// the session is captured as a session note tagged agent:gemini.
func TestGeminiSession(t *testing.T) {
	needClients(t)
	m := newMachine(t)
	// What a user does once to use Gemini with an API key, and trusting the folder at first start.
	m.write(t, ".gemini/settings.json", `{"security": {"auth": {"selectedType": "gemini-api-key"}}}`)
	m.write(t, ".gemini/trustedFolders.json", fmt.Sprintf(`{%q: "TRUST_FOLDER"}`, m.home))
	m.run(t, "anamnesis", "init", "--agent", "gemini", "--yes")
	m.run(t, "anamnesis", "write", "--type", "semantic", "--title", "Deploys go through the zanzibar pipeline",
		"--body", "Never deploy by hand.")

	api := newStandIn(t)
	const ask = "How do we deploy? Leave the zanzibar marker file."
	cmd := exec.Command(geminiBin, "--yolo", "-m", "gemini-2.5-flash", "-p", ask)
	cmd.Dir = m.home
	cmd.Env = append(slices.Clone(m.env), "GEMINI_API_KEY=stand-in", "GOOGLE_GEMINI_BASE_URL="+api.url)
	out := runClient(t, "gemini", cmd, 4*time.Minute)
	reqs := api.all()
	if len(reqs) < 3 {
		t.Fatalf("%d chat requests reached the stand-in; output:\n%s", len(reqs), lastLines(string(out), 20))
	}
	first := reqs[0]
	if !strings.Contains(reqs[1], "functionResponse") {
		t.Errorf("the tool's result did not come back to the model")
	}
	if !strings.Contains(first, "zanzibar pipeline") {
		t.Errorf("the injected memory did not reach the model's first request")
	}
	if !strings.Contains(first, `"mcp_anamnesis_memory_search"`) {
		t.Errorf("the memory tools were not offered to the model")
	}

	var page struct {
		Results []struct {
			Title string   `json:"title"`
			Tags  []string `json:"tags"`
		} `json:"results"`
	}
	res := m.run(t, "anamnesis", "search", "release checklist", "--json")
	if err := json.Unmarshal([]byte(res), &page); err != nil {
		t.Fatalf("search: %v\n%s", err, res)
	}
	found := false
	for _, r := range page.Results {
		if r.Title == "Gemini recorded the release checklist" {
			found = true
			if !slices.Contains(r.Tags, "agent:gemini") {
				t.Errorf("the note Gemini wrote has tags %v, want agent:gemini", r.Tags)
			}
		}
	}
	if !found {
		t.Fatalf("the note the model wrote through Gemini is not in the store: %s", res)
	}
	if _, err := os.Stat(filepath.Join(m.home, "zanzibar.txt")); err != nil {
		t.Errorf("the model's command did not run: %v", err)
	}

	// The SessionEnd hook spooled the chat file and started the capture worker; no sync is run.
	id, body := sessionNote(t, m, "gemini", 30*time.Second)
	checkCaptured(t, body, ask)
	if !strings.Contains(body, "Gemini recorded the release checklist") {
		t.Errorf("the session note does not name the note written:\n%s", body)
	}
	t.Logf("gemini session: %d chat requests; memory injected, tools offered, note written tagged agent:gemini; SessionEnd captured session note %s", len(reqs), id)
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
