package app_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/config"
)

func TestConfigSetIsAllOrNothingAndListMasks(t *testing.T) {
	t.Setenv("ANAMNESIS_REFLECTION_API_KEY", "")
	t.Setenv("DEEPSEEK_API_KEY", "")
	t.Setenv("OPENAI_API_KEY", "")
	t.Setenv("ANAMNESIS_REFLECTION_PROVIDER", "")
	a := newApp(t)
	err := a.ConfigSet([][2]string{{"reflection.model", "gpt-4o-mini"}, {"reflection.timeout", "soon"}})
	if msg, invalid := app.Problem(err, nil); !invalid || !strings.Contains(msg, "reflection.timeout must be a positive number") {
		t.Fatalf("bad pair: %v", err)
	}
	if _, err := os.Stat(config.Path(a.Home.Root())); err == nil {
		t.Fatal("a refused set wrote config.json")
	}
	if err := a.ConfigSet([][2]string{{"reflection.provider", "OpenAI"}, {"reflection.api_key", "sk-abcdef123456"}}); err != nil {
		t.Fatal(err)
	}
	for _, v := range a.ConfigList() {
		switch v.Key {
		case "reflection.api_key":
			if v.Value != "sk-...56" || v.Source != "file" {
				t.Fatalf("listed key %+v", v)
			}
		case "reflection.provider":
			if v.Value != "openai" || v.Source != "file" {
				t.Fatalf("provider %+v", v)
			}
		}
	}
	if _, raw, _ := a.ConfigGet("reflection.api_key", false); raw != "sk-...56" {
		t.Fatalf("get without reveal shows %q", raw)
	}
	if err := a.ConfigUnset("reflection.api_key"); err != nil {
		t.Fatal(err)
	}
	if err := a.ConfigUnset("reflection.provider"); err != nil {
		t.Fatal(err)
	}
	var file map[string]any
	b, _ := os.ReadFile(config.Path(a.Home.Root()))
	_ = json.Unmarshal(b, &file)
	if _, ok := file["reflection"]; ok {
		t.Fatalf("unsetting every reflection key must prune the object: %s", b)
	}
	if _, _, err := a.ConfigGet("nope", false); err == nil {
		t.Fatal("unknown key must be refused")
	}
}

func TestConfigTest(t *testing.T) {
	tests := []struct {
		name, provider string
		answer         func(int, string) (string, int, time.Duration)
		ok             bool
		detail         string
	}{
		{"none", "none", nil, true, "no model provider configured"},
		{"openai ok", "openai", fixed("OK"), true, `answered "OK"`},
		{"anthropic ok", "anthropic", fixed("OK"), true, `answered "OK"`},
		{"refused", "openai", func(int, string) (string, int, time.Duration) { return `{"error":"no"}`, 403, 0 }, false, "HTTP 403"},
		{"incomplete", "anthropic-nokey", nil, false, "needs reflection.model and reflection.api_key"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			switch {
			case tt.answer != nil:
				useProvider(t, tt.provider, newStandIn(t, tt.answer))
			case tt.provider == "anthropic-nokey":
				t.Setenv("ANAMNESIS_REFLECTION_PROVIDER", "anthropic")
				t.Setenv("ANAMNESIS_REFLECTION_MODEL", "")
				t.Setenv("ANAMNESIS_REFLECTION_API_KEY", "")
				t.Setenv("DEEPSEEK_API_KEY", "")
				t.Setenv("OPENAI_API_KEY", "")
			default:
				t.Setenv("ANAMNESIS_REFLECTION_PROVIDER", tt.provider)
			}
			res := newApp(t).ConfigTest(context.Background())
			if res.OK != tt.ok || !strings.Contains(res.Detail, tt.detail) {
				t.Fatalf("%+v", res)
			}
		})
	}
}

func TestEvalBuild(t *testing.T) {
	ctx := context.Background()
	s := newStandIn(t, func(n int, prompt string) (string, int, time.Duration) {
		return fmt.Sprintf(`{"query": "question number %d"}`, n), 200, 0
	})
	useProvider(t, "openai", s)
	a := newApp(t)
	for i, p := range []string{"b", "a", "a", "c"} {
		writeNote(t, a, "semantic", p, fmt.Sprintf("Note %d", i), "secret: "+secret)
	}
	writeNote(t, a, "episodic", "a", "A session", "not a durable note")
	rep, err := a.EvalBuild(ctx, app.EvalBuildRequest{N: intp(3)})
	if err != nil {
		t.Fatal(err)
	}
	noSecretSent(t, s)
	// Round robin over sorted projects: a, b, c.
	if len(rep.Questions) != 3 || rep.Questions[0].Project != "a" || rep.Questions[1].Project != "b" || rep.Questions[2].Project != "c" {
		t.Fatalf("questions %+v", rep.Questions)
	}
	for _, q := range rep.Questions {
		if q.Approved || q.Source != "llm:openai/m1" {
			t.Fatalf("question %+v", q)
		}
	}
	// Unapproved questions are not run.
	if _, err := a.Eval(ctx, ""); err == nil {
		t.Fatal("eval run must refuse a set with no approved questions")
	}
	// The next build covers the note left.
	rep2, err := a.EvalBuild(ctx, app.EvalBuildRequest{})
	if err != nil || len(rep2.Questions) != 1 {
		t.Fatalf("second build %+v %v", rep2.Questions, err)
	}
	// A malformed answer appends nothing.
	b0, _ := os.ReadFile(a.Home.Eval())
	writeNote(t, a, "semantic", "d", "Note 5", "b")
	s.answer = fixed("what is this")
	if _, err := a.EvalBuild(ctx, app.EvalBuildRequest{}); err == nil || !strings.Contains(err.Error(), "malformed") {
		t.Fatalf("malformed answer: %v", err)
	}
	if b1, _ := os.ReadFile(a.Home.Eval()); string(b1) != string(b0) {
		t.Fatal("a malformed answer changed the question set")
	}
}

func TestSimilar(t *testing.T) {
	ctx := context.Background()
	a := newApp(t)
	old := writeNote(t, a, "semantic", "p", "Grid tracks use minmax", "Wrap grid tracks in minmax(0, 1fr) so wide content cannot blow out the layout.")
	writeNote(t, a, "semantic", "p", "Release branches", "Releases are cut every second Tuesday.")
	writeNote(t, a, "semantic", "other", "Grid tracks use minmax", "Wrap grid tracks in minmax(0, 1fr) so wide content cannot blow out the layout.")
	n := writeNote(t, a, "semantic", "p", "Use minmax for grid tracks", "Grid tracks need minmax(0, 1fr) or wide content blows out the layout.")
	got, err := a.Similar(ctx, n)
	if err != nil || len(got) != 1 || got[0].ID != old.ID {
		t.Fatalf("similar %+v %v", got, err)
	}
}
