package cli_test

import (
	"strings"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/embed/embedtest"
)

func TestEmbedCommand(t *testing.T) {
	e := newEnv(t)
	e.ok("", "write", "--type", "semantic", "--title", "Kitten diet", "--body", "the cat eats fish")
	e.ok("", "write", "--type", "semantic", "--title", "Release steps", "--body", "ship on tuesday")
	e.fails(1, "semantic search is off", "embed")
	e.fails(2, "unexpected argument", "embed", "now")

	// A model whose rows put "cat" and "kitten" on one axis, "ship" and "release" on another.
	vocab := []string{"[PAD]", "[UNK]", "cat", "kitten", "ship", "release", "fish", "tuesday", "feline"}
	table := []float32{0, 0, 0, 0, 1, 0, 1, 0, 0, 1, 0, 1, 0.5, 0.2, 0.2, 0.5, 1, 0}
	dir := t.TempDir()
	if err := embedtest.WriteModel(dir, vocab, 2, table, nil); err != nil {
		t.Fatal(err)
	}
	e.ok("", "config", "set", "embed.provider", "static")
	e.ok("", "config", "set", "embed.model_dir", dir)

	rep := decode[map[string]any](t, e.ok("", "embed", "--json"))
	if rep["embedded"] != float64(2) || !strings.HasPrefix(rep["model"].(string), "static:") {
		t.Fatalf("embed --json = %v, want 2 notes embedded by the static model", rep)
	}
	if out := e.ok("", "embed"); !strings.Contains(out, "0 note(s) embedded") || !strings.Contains(out, "2 of 2 live notes have a vector") {
		t.Fatalf("second embed: %q", out)
	}
	page := decode[map[string]any](t, e.ok("", "search", "--json", "feline"))
	if page["ranking"] != "hybrid" {
		t.Fatalf("search --json with vectors: %v, want ranking hybrid", page)
	}
	// A query sharing no word with the note finds it by its vector.
	res := page["results"].([]any)
	if len(res) == 0 || res[0].(map[string]any)["title"] != "Kitten diet" {
		t.Fatalf("search feline: %v, want the cat note first", res)
	}
	ri := decode[map[string]any](t, e.ok("", "reindex", "--json"))
	if _, ok := ri["embed"]; !ok {
		t.Fatalf("reindex --json with semantic search on lacks \"embed\": %v", ri)
	}
}
