package app_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/curate"
	"github.com/anamnesis-go/anamnesis/core/note"
)

const project = "github.com/acme/dashboard"

// durable writes five semantic notes; the first two say the same thing.
func durable(t *testing.T, a *app.App) []*note.Note {
	return []*note.Note{
		writeNote(t, a, "semantic", project, "Grid tracks use minmax", "Wrap grid-cols tracks in minmax(0, 1fr) so wide content cannot blow out the layout. token="+secret),
		writeNote(t, a, "semantic", project, "Use minmax for grid columns", "Grid columns need minmax(0, 1fr) or long words widen them."),
		writeNote(t, a, "semantic", project, "Release branches", "Releases are cut from release branches every second Tuesday."),
		writeNote(t, a, "semantic", project, "Database migrations", "Migrations live in db/migrate and run with make migrate."),
		writeNote(t, a, "semantic", project, "Logging format", "Logs are JSON lines with ts, level and msg keys."),
	}
}

func writeQuestions(t *testing.T, a *app.App, lines ...string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(a.Home.Eval()), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(a.Home.Eval(), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestMerge(t *testing.T) {
	ctx := context.Background()
	keep := func(ns []*note.Note) string {
		return fmt.Sprintf(`[{"action":"keep","keeper_id":%q,"superseded_ids":[%q]}]`, ns[0].ID, ns[1].ID)
	}
	synth := func(ns []*note.Note) string {
		return fmt.Sprintf(`[{"action":"synthesize","type":"semantic","title":"Grid columns: always minmax(0, 1fr)","body":"Wrap grid tracks in minmax(0, 1fr).","superseded_ids":[%q,%q]}]`, ns[0].ID, ns[1].ID)
	}
	// A keeper that does not mention releases swallows the release note: recall on a release
	// question drops, and the gate must refuse the group.
	lossy := func(ns []*note.Note) string {
		return fmt.Sprintf(`[{"action":"keep","keeper_id":%q,"superseded_ids":[%q]}]`, ns[4].ID, ns[2].ID)
	}
	tests := []struct {
		name     string
		answer   func(ns []*note.Note) string
		noGate   bool
		question bool // write an approved question about the release note
		err      string
		check    func(t *testing.T, a *app.App, ns []*note.Note, rep app.MergeReport)
	}{
		{name: "keep, no gate", answer: keep, noGate: true, check: func(t *testing.T, a *app.App, ns []*note.Note, rep app.MergeReport) {
			k, _ := a.Show(ctx, ns[0].ID)
			if len(k.Supersedes) != 1 || k.Supersedes[0] != ns[1].ID || !k.HasTag(curate.TagMerged) || k.ProvSource != note.SourceHuman {
				t.Fatalf("keeper %+v", k)
			}
		}},
		{name: "synthesize, gated, recall holds", answer: synth, question: true, check: func(t *testing.T, a *app.App, ns []*note.Note, rep app.MergeReport) {
			got := notesWith(t, a, note.SourceMerge)
			if len(got) != 1 || len(got[0].Supersedes) != 2 || got[0].Confidence != 0.6 || !got[0].HasTag(curate.TagMerge) || got[0].ProvModel != "openai/m1" {
				t.Fatalf("synthesized %+v", got)
			}
			if g := rep.Projects[0].Gate; len(g) != 1 || !g[0].Kept || g[0].Before != 1 {
				t.Fatalf("gate %+v", g)
			}
			m := pyRead(t, []string{notePath(a, got[0])})
			if len(m) == 1 && (m[0]["prov_source"] != "merge" || len(m[0]["supersedes"].([]any)) != 2) {
				t.Fatalf("PyYAML reads %v", m[0])
			}
			// Search hides the originals and finds the synthesis.
			pg, err := a.Search(ctx, app.SearchRequest{Query: "grid minmax", Filter: app.Filter{Project: project}})
			if err != nil || len(pg.Notes) != 1 || pg.Notes[0].ID != got[0].ID {
				t.Fatalf("search after merge: %v %v", pg.Results, err)
			}
		}},
		{name: "gate refuses a recall loss", answer: lossy, question: true, check: func(t *testing.T, a *app.App, ns []*note.Note, rep app.MergeReport) {
			if g := rep.Projects[0].Gate; len(g) != 1 || g[0].Kept || g[0].After >= g[0].Before {
				t.Fatalf("gate %+v", g)
			}
		}},
		{name: "unknown id", answer: func(ns []*note.Note) string {
			return fmt.Sprintf(`[{"action":"keep","keeper_id":%q,"superseded_ids":["01J9Z8YPM7Q3X2V4WT6B5N0KGD"]}]`, ns[0].ID)
		}, noGate: true, err: "is not one of the notes given"},
		{name: "keeper in its own list", answer: func(ns []*note.Note) string {
			return fmt.Sprintf(`[{"action":"keep","keeper_id":%q,"superseded_ids":[%q]}]`, ns[0].ID, ns[0].ID)
		}, noGate: true, err: "in its own superseded_ids"},
		{name: "id in two groups", answer: func(ns []*note.Note) string {
			return fmt.Sprintf(`[{"action":"keep","keeper_id":%q,"superseded_ids":[%q]},{"action":"keep","keeper_id":%q,"superseded_ids":[%q]}]`, ns[0].ID, ns[1].ID, ns[2].ID, ns[1].ID)
		}, noGate: true, err: "in two groups"},
		{name: "unknown action", answer: func(ns []*note.Note) string {
			return fmt.Sprintf(`[{"action":"drop","superseded_ids":[%q]}]`, ns[0].ID)
		}, noGate: true, err: "action must be keep or synthesize"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var ns []*note.Note
			s := newStandIn(t, func(int, string) (string, int, time.Duration) { return tt.answer(ns), 200, 0 })
			useProvider(t, "openai", s)
			a := newApp(t)
			ns = durable(t, a)
			if tt.question {
				writeQuestions(t, a,
					fmt.Sprintf(`{"query":"when are releases cut","relevant_ids":[%q],"approved":true,"project":%q}`, ns[2].ID, project),
					fmt.Sprintf(`{"query":"grid column minmax","relevant_ids":[%q],"approved":true,"project":%q}`, ns[1].ID, project))
			}
			before := commits(t, a)
			rep, err := a.Merge(ctx, app.MergeRequest{Apply: true, NoGate: tt.noGate})
			if err != nil {
				t.Fatal(err)
			}
			noSecretSent(t, s)
			if len(rep.Projects) != 1 || rep.Projects[0].Notes != 5 {
				t.Fatalf("projects %+v", rep.Projects)
			}
			if tt.err != "" {
				if !strings.Contains(rep.Projects[0].Error, tt.err) || commits(t, a) != before || len(notesWith(t, a, note.SourceMerge)) != 0 {
					t.Fatalf("error %q (want %q); commits %d", rep.Projects[0].Error, tt.err, commits(t, a))
				}
				k, _ := a.Show(ctx, ns[0].ID)
				if len(k.Supersedes) != 0 {
					t.Fatal("a rejected answer changed a note")
				}
				return
			}
			if rep.Projects[0].Error != "" {
				t.Fatal(rep.Projects[0].Error)
			}
			applied := len(rep.Projects[0].Changes) > 0
			if applied && (commits(t, a) != before+1 || !strings.HasPrefix(lastSubject(t, a), "anamnesis: merge: 1 group(s) of "+project)) {
				t.Fatalf("%d commit(s), last %q", commits(t, a), lastSubject(t, a))
			}
			if !applied && commits(t, a) != before {
				t.Fatal("nothing applied, yet a commit was made")
			}
			tt.check(t, a, ns, rep)
		})
	}
}

func TestMergeGateNeedsQuestions(t *testing.T) {
	s := newStandIn(t, fixed("[]"))
	useProvider(t, "openai", s)
	a := newApp(t)
	durable(t, a)
	_, err := a.Merge(context.Background(), app.MergeRequest{Apply: true})
	if !errors.Is(err, app.ErrNoGateQuestions) || !strings.Contains(err.Error(), "--no-gate") {
		t.Fatalf("gated merge without questions: %v", err)
	}
	if len(s.Prompts()) != 0 {
		t.Fatal("the provider was asked although the gate could not run")
	}
}

func TestMergeWithoutProvider(t *testing.T) {
	t.Setenv("ANAMNESIS_REFLECTION_PROVIDER", "none")
	a := newApp(t)
	durable(t, a)
	rep, err := a.Merge(context.Background(), app.MergeRequest{})
	if err != nil || rep.NotConfigured == "" {
		t.Fatalf("merge without a provider: %+v, %v", rep, err)
	}
}
