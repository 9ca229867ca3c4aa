package cli_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// The curation commands end to end through cli.Main: parsing, one core/app call, rendering. The
// model is a stand-in OpenAI-compatible endpoint on 127.0.0.1.
func TestCurationCommands(t *testing.T) {
	e := newEnv(t)
	t.Setenv("ANAMNESIS_REFLECTION_PROVIDER", "none")
	for i := 0; i < 5; i++ {
		e.ok("body", "write", "--type", "episodic", "--project", "p", "--title", fmt.Sprintf("Session %d", i), "--body", "fixed the build")
	}
	// Provider none: one sentence, exit 0, nothing written.
	if out := e.ok("", "reflect", "--apply"); !strings.Contains(out, "no model provider configured") {
		t.Fatalf("reflect without a provider: %q", out)
	}
	if out := e.ok("", "reflect"); !strings.Contains(out, "p: 5 session note(s) to distil") || !strings.Contains(out, "dry run") {
		t.Fatalf("reflect dry run: %q", out)
	}
	if out := e.ok("", "merge"); !strings.Contains(out, "no model provider configured") {
		t.Fatalf("merge without a provider: %q", out)
	}
	// config set checks every pair before writing any.
	e.fails(2, "reflection.base_url must be an http:// or https:// URL", "config", "set", "reflection.model", "m1", "reflection.base_url", "ftp://x")
	if out := e.ok("", "config", "get", "reflection.model"); strings.TrimSpace(out) != "" {
		t.Fatalf("a refused set wrote reflection.model = %q", out)
	}
	e.fails(2, "expected list, get KEY", "config", "frobnicate")

	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.ReadAll(r.Body)
		_ = json.NewEncoder(w).Encode(map[string]any{"choices": []map[string]any{{"message": map[string]string{
			"content": `[{"type":"procedural","title":"Fix the build by pinning Go","body":"Pin the toolchain."}]`}}}})
	}))
	defer srv.Close()
	t.Setenv("ANAMNESIS_REFLECTION_PROVIDER", "")
	e.ok("", "config", "set", "reflection.provider", "openai", "reflection.model", "m1", "reflection.base_url", srv.URL, "reflection.api_key", "sk-secret-123456")
	if out := e.ok("", "config", "list"); !strings.Contains(out, "reflection.api_key = sk-...56  [file]") || strings.Contains(out, "sk-secret-123456") {
		t.Fatalf("config list: %q", out)
	}
	if out := e.ok("", "config", "test"); !strings.Contains(out, "ok=true") {
		t.Fatalf("config test: %q", out)
	}
	out := e.ok("", "reflect", "--apply")
	if !strings.Contains(out, "distilled 5 session note(s) -> 1 note(s)") || !strings.Contains(out, "committed") {
		t.Fatalf("reflect --apply: %q", out)
	}
	if out := e.ok("", "review"); !strings.Contains(out, "Fix the build by pinning Go") || !strings.Contains(out, "1 note(s) to review") {
		t.Fatalf("review: %q", out)
	}
	if out := e.ok("", "dedup", "--json"); !strings.Contains(out, `"kind": "identical"`) { // five sessions with the same body
		t.Fatalf("dedup --json: %q", out)
	}
	e.fails(2, "--map FILE is required", "migrate")
	e.fails(2, "expected run, build or locomo", "eval")
}
