package app_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/curate"
	"github.com/anamnesis-go/anamnesis/core/gitsync"
	"github.com/anamnesis-go/anamnesis/core/note"
)

const goodReflection = `[{"type": "procedural", "title": "Pin the toolchain to fix flaky builds", "body": "Pin the Go toolchain in go.mod; the flaky build came from an unpinned toolchain."},
 {"type": "semantic", "title": "CI runs on two cores", "body": "Keep test parallelism at 2."}]`

func TestReflectNeedsNoModelForADryRunAndSaysSoOnApply(t *testing.T) {
	t.Setenv("ANAMNESIS_REFLECTION_PROVIDER", "none")
	a := newApp(t)
	ctx := context.Background()
	sessions(t, a, "github.com/acme/app", 5)
	sessions(t, a, "github.com/acme/small", 2) // under the threshold of 5

	dry, err := a.Reflect(ctx, app.ReflectRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if len(dry.Projects) != 1 || dry.Projects[0].Project != "github.com/acme/app" || len(dry.Projects[0].Sources) != 5 {
		t.Fatalf("dry run: %+v", dry.Projects)
	}
	rep, err := a.Reflect(ctx, app.ReflectRequest{Apply: true})
	if err != nil {
		t.Fatal(err)
	}
	if rep.NotConfigured == "" || !strings.Contains(rep.NotConfigured, "reflection.provider") {
		t.Fatalf("apply without a provider must say so in a sentence, got %q", rep.NotConfigured)
	}
	if len(notesWith(t, a, note.SourceReflection)) != 0 || commits(t, a) != 0 {
		t.Fatal("apply without a provider wrote or committed something")
	}
}

func TestReflect(t *testing.T) {
	tests := []struct {
		name     string
		provider string
		answer   func(int, string) (string, int, time.Duration)
		written  int
		err      string // part of the project's error; "" means success
	}{
		{"openai good", "openai", fixed(goodReflection), 2, ""},
		{"anthropic good", "anthropic", fixed(goodReflection), 2, ""},
		{"fenced answer", "openai", fixed("```json\n" + goodReflection + "\n```"), 2, ""},
		{"nothing durable", "openai", fixed("[]"), 0, ""},
		{"not an array", "openai", fixed(`{"type":"semantic","title":"t","body":"b"}`), 0, "expected a JSON array"},
		{"prose", "openai", fixed("Here are the notes you asked for."), 0, "malformed"},
		{"episodic type", "openai", fixed(`[{"type":"episodic","title":"t","body":"b"}]`), 0, "type must be semantic or procedural"},
		{"empty body", "openai", fixed(`[{"type":"semantic","title":"t","body":" "}]`), 0, "body is empty"},
		{"unknown key", "openai", fixed(`[{"type":"semantic","title":"t","body":"b","confidence":1}]`), 0, "unknown field"},
		{"two-line title", "openai", fixed(`[{"type":"semantic","title":"a\nb","body":"b"}]`), 0, "one non-empty line"},
		{"refusal", "openai", func(int, string) (string, int, time.Duration) { return `{"error":"bad key"}`, 401, 0 }, 0, "HTTP 401"},
		{"overloaded", "anthropic", func(int, string) (string, int, time.Duration) { return `{"type":"error"}`, 529, 0 }, 0, "HTTP 529"},
		{"timeout", "openai", func(int, string) (string, int, time.Duration) { return "[]", 200, 5 * time.Second }, 0, "did not answer within"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newStandIn(t, tt.answer)
			useProvider(t, tt.provider, s)
			if tt.name == "timeout" {
				t.Setenv("ANAMNESIS_REFLECTION_TIMEOUT", "0.3")
			}
			a := newApp(t)
			ctx := context.Background()
			srcs := sessions(t, a, "github.com/acme/app", 5)
			rep, err := a.Reflect(ctx, app.ReflectRequest{Apply: true})
			if err != nil {
				t.Fatal(err)
			}
			noSecretSent(t, s)
			if ps := s.Prompts(); len(ps) != 1 || !strings.Contains(ps[0], "[REDACTED:") || !strings.Contains(ps[0], "## Session 0 on the build") {
				t.Fatalf("the provider got %d prompts; first: %.300q", len(ps), ps)
			}
			if len(rep.Projects) != 1 {
				t.Fatalf("projects: %+v", rep.Projects)
			}
			p := rep.Projects[0]
			got := notesWith(t, a, note.SourceReflection)
			if tt.err != "" {
				if !strings.Contains(p.Error, tt.err) {
					t.Fatalf("project error %q, want one containing %q", p.Error, tt.err)
				}
				if len(got) != 0 || commits(t, a) != 0 || rep.Commit != "" {
					t.Fatalf("a failed reflect wrote %d note(s) and %d commit(s)", len(got), commits(t, a))
				}
				for _, src := range srcs {
					n, _ := a.Show(ctx, src.ID)
					if n.HasTag(curate.TagReflected) {
						t.Fatalf("a failed reflect tagged %s reflected", n.ID)
					}
				}
				return
			}
			if p.Error != "" || len(got) != tt.written {
				t.Fatalf("error %q; %d reflection note(s), want %d", p.Error, len(got), tt.written)
			}
			// One commit, saying what it did, holding every file reflect changed.
			if commits(t, a) != 1 || !strings.HasPrefix(lastSubject(t, a), "anamnesis: reflect: distilled 5 session note(s) of github.com/acme/app into") {
				t.Fatalf("%d commit(s), last %q", commits(t, a), lastSubject(t, a))
			}
			if st := gitOut(t, a.Home.Memory(), "show", "--name-only", "--format=", "HEAD"); strings.Count(st, "\n")+1 != 5+tt.written {
				t.Fatalf("the commit holds:\n%s", st)
			}
			for _, src := range srcs {
				n, _ := a.Show(ctx, src.ID)
				if !n.HasTag(curate.TagReflected) || n.UpdatedAt != src.UpdatedAt {
					t.Fatalf("source %s: tags %v, updated_at %s (was %s)", n.ID, n.Tags, n.UpdatedAt, src.UpdatedAt)
				}
			}
			var files []string
			for _, n := range got {
				files = append(files, notePath(a, n))
				if n.Confidence != 0.6 || !n.HasTag(curate.TagReflection) || n.ProvModel != rep.Model || n.Project != "github.com/acme/app" {
					t.Fatalf("reflected note %+v", n)
				}
			}
			for _, m := range pyRead(t, files) {
				if m["prov_source"] != "reflection" || m["confidence"] != 0.6 || m["prov_model"] != rep.Model || m["tags"].([]any)[0] != "reflection" {
					t.Fatalf("PyYAML reads %v", m)
				}
			}
			// Reflected sources are not candidates again.
			again, err := a.Reflect(ctx, app.ReflectRequest{})
			if err != nil || len(again.Projects) != 0 {
				t.Fatalf("second dry run: %+v, %v", again.Projects, err)
			}
		})
	}
}

func TestReflectWindowsToTheBudget(t *testing.T) {
	s := newStandIn(t, fixed("[]"))
	useProvider(t, "openai", s)
	t.Setenv("ANAMNESIS_REFLECTION_MAX_TOKENS", "100") // 400 characters
	a := newApp(t)
	sessions(t, a, "p", 5)
	rep, err := a.Reflect(context.Background(), app.ReflectRequest{Apply: true})
	if err != nil {
		t.Fatal(err)
	}
	ps := s.Prompts()
	if len(ps) != 1 || len([]rune(ps[0])) > 400 {
		t.Fatalf("sent %d characters, budget 400", len([]rune(ps[0])))
	}
	// Only the sources the model saw are tagged; the rest wait for the next run.
	if used := rep.Projects[0].Used; used < 1 || used >= 5 {
		t.Fatalf("used %d of 5 sources within 400 characters", used)
	}
}

func TestAutoReflect(t *testing.T) {
	s := newStandIn(t, fixed(goodReflection))
	useProvider(t, "openai", s)
	a := newApp(t)
	sessions(t, a, "p", 5)
	if _, ran, err := a.AutoReflect(context.Background()); ran || err != nil || len(s.Prompts()) != 0 {
		t.Fatalf("auto-reflect is off by default: ran %t, %v", ran, err)
	}
	t.Setenv("ANAMNESIS_REFLECT_AUTO", "true")
	rep, ran, err := a.AutoReflect(context.Background())
	if !ran || err != nil || rep.Written() != 2 || rep.Commit == "" {
		t.Fatalf("auto-reflect: ran %t, %+v, %v", ran, rep, err)
	}
	st, err := gitsync.ReadStatusFile(a.Home.Root())
	if err != nil || st.AutoReflect == nil || st.AutoReflect.Notes != 2 || st.AutoReflect.Commit != rep.Commit {
		t.Fatalf("status file: %+v %v", st.AutoReflect, err)
	}
}
