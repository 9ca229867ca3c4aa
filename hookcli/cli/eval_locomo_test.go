package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// search --explain prints what became of the query and why each hit ranked; with --json the same
// explanation rides along as "explain".
func TestSearchExplainCLI(t *testing.T) {
	e := newEnv(t)
	id := strings.TrimSpace(e.ok("", "write", "--type", "procedural", "--title", "Configure SQLite busy_timeout",
		"--body", "Concurrent writers wait instead of failing.", "--project", "app", "--tags", "sqlite"))
	e.ok("", "write", "--type", "semantic", "--title", "Kubernetes", "--body", "rollout notes", "--project", "app")
	out := e.ok("", "search", "how do sqlite writers fail", "--explain")
	for _, want := range []string{"searched: sqlite; writers; fail", "dropped:  how, do", "rule:", id,
		"#1 score", "sqlite in title+tags", "writers in body"} {
		if !strings.Contains(out, want) {
			t.Errorf("search --explain output lacks %q:\n%s", want, out)
		}
	}
	type hitWhy struct {
		ID      string `json:"id"`
		Rank    int    `json:"rank"`
		Matched []struct {
			Word   string   `json:"word"`
			Fields []string `json:"fields"`
		} `json:"matched"`
	}
	res := decode[struct {
		Results []map[string]any `json:"results"`
		Explain struct {
			Dropped []string `json:"dropped"`
			Hits    []hitWhy `json:"hits"`
		} `json:"explain"`
	}](t, e.ok("", "search", "how do sqlite writers fail", "--explain", "--json"))
	if len(res.Explain.Hits) != len(res.Results) || len(res.Results) == 0 || res.Explain.Hits[0].ID != id ||
		len(res.Explain.Hits[0].Matched) != 3 {
		t.Fatalf("search --explain --json: %d results, explain %+v", len(res.Results), res.Explain)
	}
	// Without --explain the JSON has no explain key.
	raw := decode[map[string]any](t, e.ok("", "search", "sqlite", "--json"))
	if _, ok := raw["explain"]; ok {
		t.Errorf("search --json without --explain carries explain")
	}
}

// A question that asks when lifts the note that says when, and --explain says so, in text and
// in JSON (when_bonus).
func TestSearchExplainWhenCLI(t *testing.T) {
	e := newEnv(t)
	e.ok("", "write", "--type", "semantic", "--title", "Postgres migration plan", "--body",
		"The postgres migration needs a maintenance window and a dump of every postgres schema.", "--project", "app")
	id := strings.TrimSpace(e.ok("", "write", "--type", "semantic", "--title", "Database move", "--body",
		"We finished the postgres migration last Friday.", "--project", "app"))
	q := "when did we do the postgres migration"
	out := e.ok("", "search", q, "--explain")
	for _, want := range []string{"rule:     the question asks when", "says when"} {
		if !strings.Contains(out, want) {
			t.Errorf("search --explain output lacks %q:\n%s", want, out)
		}
	}
	res := decode[struct {
		Results []map[string]any `json:"results"`
		Explain struct {
			Hits []struct {
				ID   string  `json:"id"`
				When float64 `json:"when_bonus"`
			} `json:"hits"`
		} `json:"explain"`
	}](t, e.ok("", "search", q, "--explain", "--json"))
	if len(res.Explain.Hits) == 0 || res.Explain.Hits[0].ID != id || res.Explain.Hits[0].When <= 0 {
		t.Fatalf("search --explain --json: want %s first with a when bonus, got %+v", id, res.Explain.Hits)
	}
}

func TestEvalLoCoMoCLI(t *testing.T) {
	e := newEnv(t)
	e.fails(2, "--zip", "eval", "locomo")
	e.fails(1, "no such file", "eval", "locomo", "--zip", filepath.Join(t.TempDir(), "missing.zip"))
	zip, _ := filepath.Abs(filepath.Join("..", "..", "..", "shared", "bench", "locomo10.zip"))
	if p := os.Getenv("ANAMNESIS_LOCOMO"); p != "" {
		zip = p
	}
	if _, err := os.Stat(zip); err != nil {
		t.Skipf("LoCoMo data not found at %s (set ANAMNESIS_LOCOMO)", zip)
	}
	e.fails(1, "outside 0-9", "eval", "locomo", "--zip", zip, "--conversations", "3-12")
	e.fails(1, "not a position", "eval", "locomo", "--zip", zip, "--conversations", "a-b")
	// One conversation keeps the test short; the whole benchmark is make bench-retrieval.
	r := e.run("", "eval", "locomo", "--zip", zip, "--conversations", "0")
	if r.code != 0 {
		t.Fatalf("eval locomo: exit %d: %s", r.code, r.stderr)
	}
	for _, want := range []string{"conversations 0", "1 multi-hop", "2 temporal", "3 open-domain", "4 single-hop", "all"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("eval locomo table lacks %q:\n%s", want, r.stdout)
		}
	}
	if !strings.Contains(r.stderr, "questions") {
		t.Errorf("eval locomo reported no progress on stderr: %q", r.stderr)
	}
	res := decode[struct {
		Questions int `json:"questions"`
		Notes     int `json:"notes"`
		All       struct {
			N        int                `json:"n"`
			RecallAt map[string]float64 `json:"recall_at"`
		} `json:"all"`
	}](t, e.ok("", "eval", "locomo", "--zip", zip, "--conversations", "0", "--json"))
	if res.Questions < 100 || res.Notes < 300 || res.All.N != res.Questions || res.All.RecallAt["5"] < res.All.RecallAt["1"] {
		t.Errorf("eval locomo --json: %+v", res)
	}
}
