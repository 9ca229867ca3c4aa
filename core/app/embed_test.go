package app_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/app"
)

// conceptServer is an OpenAI-compatible embeddings endpoint on 127.0.0.1 (the true boundary of
// the openai provider): a text's vector counts its words per concept of a small thesaurus, so
// paraphrases land close together as a real model's would.
func conceptServer(t *testing.T, calls *atomic.Int64) *httptest.Server {
	concepts := map[string]int{"deploy": 0, "release": 0, "ship": 0, "rollout": 0,
		"database": 1, "sqlite": 1, "postgres": 1, "cat": 2, "kitten": 2, "feline": 2}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		var req struct {
			Input []string `json:"input"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		type item struct {
			Index     int       `json:"index"`
			Embedding []float64 `json:"embedding"`
		}
		var data []item
		for i, text := range req.Input {
			v := []float64{0, 0, 0, 0.05}
			for _, word := range strings.Fields(strings.ToLower(text)) {
				if c, ok := concepts[strings.Trim(word, ".,?")]; ok {
					v[c]++
				}
			}
			data = append(data, item{i, v})
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"data": data})
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestSemanticSearchWithAnEndpoint(t *testing.T) {
	var calls atomic.Int64
	srv := conceptServer(t, &calls)
	t.Setenv("ANAMNESIS_EMBED_PROVIDER", "openai")
	t.Setenv("ANAMNESIS_EMBED_URL", srv.URL+"/v1")
	t.Setenv("ANAMNESIS_EMBED_MODEL", "concepts")
	a := newApp(t)
	ctx := context.Background()
	ship, err := write(a, ctx, app.WriteRequest{Type: "semantic", Title: "Rollout steps", Body: "Canary, then everyone."})
	if err != nil {
		t.Fatal(err)
	}
	for _, title := range []string{"Postgres vacuum", "Kitten diet"} {
		if _, err := write(a, ctx, app.WriteRequest{Type: "semantic", Title: title, Body: "notes"}); err != nil {
			t.Fatal(err)
		}
	}
	// Before any embedding pass the search is lexical, and says why.
	p, err := a.Search(ctx, app.SearchRequest{Query: "how do we deploy"})
	if err != nil {
		t.Fatal(err)
	}
	if p.Ranking != "" || !strings.Contains(p.Warning, "anamnesis embed") {
		t.Fatalf("before embedding: ranking %q warning %q, want lexical with a hint to run embed", p.Ranking, p.Warning)
	}
	rep, err := a.Embed(ctx, app.EmbedRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Embedded != 3 || rep.Stats.Stored != 3 || rep.Stats.Dim != 4 || !strings.Contains(rep.Model, "concepts") {
		t.Fatalf("embed report %+v, want 3 notes of 4 dimensions under the concepts model", rep)
	}
	p, err = a.Search(ctx, app.SearchRequest{Query: "how do we deploy"})
	if err != nil {
		t.Fatal(err)
	}
	if p.Ranking != "hybrid" || len(p.Results) == 0 || p.Results[0].ID != ship.ID {
		t.Fatalf("hybrid search: ranking %q, results %v, want %s first (no word in common)", p.Ranking, p.Results, ship.ID)
	}
	// A second pass finds nothing to do.
	if rep, err = a.Embed(ctx, app.EmbedRequest{}); err != nil || rep.Embedded != 0 {
		t.Fatalf("second pass embedded %d (%v), want 0", rep.Embedded, err)
	}

	// The endpoint goes away: search still answers, lexically, and says so.
	srv.Close()
	p, err = a.Search(ctx, app.SearchRequest{Query: "rollout"})
	if err != nil {
		t.Fatal(err)
	}
	if p.Ranking != "" || !strings.Contains(p.Warning, "cannot be reached") || len(p.Results) != 1 {
		t.Fatalf("endpoint down: ranking %q warning %q results %d, want a lexical page and the reason", p.Ranking, p.Warning, len(p.Results))
	}
	if _, err := a.Embed(ctx, app.EmbedRequest{Full: true}); err == nil || !strings.Contains(err.Error(), "cannot be reached") {
		t.Fatalf("embedding with the endpoint down: error %v, want one saying it cannot be reached", err)
	}
}

func TestSemanticSearchOffChangesNothing(t *testing.T) {
	a := newApp(t)
	ctx := context.Background()
	if _, err := write(a, ctx, app.WriteRequest{Type: "semantic", Title: "Release notes", Body: "v1"}); err != nil {
		t.Fatal(err)
	}
	p, err := a.Search(ctx, app.SearchRequest{Query: "release"})
	if err != nil || len(p.Results) != 1 || p.Ranking != "" || p.Warning != "" {
		t.Fatalf("search with semantic search off: %v %+v", err, p)
	}
	if _, err := a.Embed(ctx, app.EmbedRequest{}); err == nil || !strings.Contains(err.Error(), "semantic search is off") {
		t.Fatalf("embed with no provider: error %v", err)
	}
	// No vector table was created: a store without semantic search carries nothing for it.
	db, err := sql.Open("sqlite", "file:"+filepath.Join(a.Home.Root(), "index.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM sqlite_master WHERE name LIKE 'anamnesis_vector%'`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("vector tables in a store without semantic search: %d (%v)", n, err)
	}
}

func TestBadEmbedSettingsAreClear(t *testing.T) {
	t.Setenv("ANAMNESIS_EMBED_PROVIDER", "static")
	t.Setenv("ANAMNESIS_EMBED_MODEL_DIR", filepath.Join(t.TempDir(), "nothing-here"))
	a := newApp(t)
	ctx := context.Background()
	if _, err := write(a, ctx, app.WriteRequest{Type: "semantic", Title: "Release notes", Body: "v1"}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Embed(ctx, app.EmbedRequest{}); err == nil || !strings.Contains(err.Error(), "model.safetensors not found") {
		t.Fatalf("embed with a missing model: error %v", err)
	}
	p, err := a.Search(ctx, app.SearchRequest{Query: "release"})
	if err != nil || len(p.Results) != 1 || !strings.Contains(p.Warning, "model.safetensors not found") {
		t.Fatalf("search with a missing model must answer lexically and say why: %v %+v", err, p)
	}
}
