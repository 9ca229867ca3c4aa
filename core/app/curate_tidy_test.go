package app_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/curate"
	"github.com/anamnesis-go/anamnesis/core/note"
)

func TestDedup(t *testing.T) {
	ctx := context.Background()
	a := newApp(t)
	body := "Run make lint before pushing; CI fails on any golangci-lint finding."
	proj := writeNote(t, a, "procedural", "p1", "Lint before push", body)
	glob := writeNote(t, a, "procedural", "global", "Lint first", "  "+body+"\n") // same trimmed body, global: the keeper
	other := writeNote(t, a, "semantic", "p1", "Lint rule", body)                 // another type: not a copy
	near := writeNote(t, a, "procedural", "p2", "Deploy steps", "Deploy with make deploy ENV=prod after the tag is pushed and CI is green")
	near2 := writeNote(t, a, "procedural", "p2", "Deploy steps", "deploy with make deploy ENV=prod after the tag is pushed, and CI is green")
	farOff := writeNote(t, a, "procedural", "p3", "Deploy steps", "deploy with make deploy ENV=prod after the tag is pushed and CI is green!") // another project
	// The same body in two projects with no global copy: each project's only copy, so neither may
	// hide the other (a superseded note is hidden in every project).
	crossA := writeNote(t, a, "procedural", "p4", "Restart the worker", "Restart the queue worker with systemctl restart worker.")
	crossB := writeNote(t, a, "procedural", "p5", "Restart the worker", "Restart the queue worker with systemctl restart worker.")
	local, err := write(a, ctx, app.WriteRequest{Type: "procedural", Project: "p1", Title: "Lint", Body: body, Scope: "machine-local"})
	if err != nil {
		t.Fatal(err)
	}
	// A copy that is already superseded is hidden: it is left alone.
	hiddenCopy := writeNote(t, a, "procedural", "p1", "Old lint note", body)
	if _, err := a.Write(ctx, app.WriteRequest{Type: "procedural", Project: "p1", Title: "New lint note", Body: "Lint with make lint.", Supersedes: []string{hiddenCopy.ID}}); err != nil {
		t.Fatal(err)
	}

	dry, err := a.Dedup(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(dry.Groups) != 2 {
		t.Fatalf("groups %+v", dry.Groups)
	}
	byKeeper := map[string]curate.DupGroup{}
	for _, g := range dry.Groups {
		byKeeper[g.Keeper] = g
	}
	if g := byKeeper[glob.ID]; g.Kind != "identical" || strings.Join(g.Extras, ",") != proj.ID {
		t.Fatalf("identical group %+v", g)
	}
	if g := byKeeper[near.ID]; g.Kind != "similar" || strings.Join(g.Extras, ",") != near2.ID {
		t.Fatalf("near-duplicate group %+v (keeper must be the oldest)", dry.Groups)
	}
	if commits(t, a) != 0 {
		t.Fatal("a dry run committed")
	}
	localBytes, _ := os.ReadFile(filepath.Join(a.Home.Local(), filepath.FromSlash(local.RelPath())))

	rep, err := a.Dedup(ctx, true)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Commit == "" || !strings.HasPrefix(lastSubject(t, a), "anamnesis: dedup: 2 duplicate(s) superseded by 2 keeper(s)") {
		t.Fatalf("commit %q: %q", rep.Commit, lastSubject(t, a))
	}
	k, _ := a.Show(ctx, glob.ID)
	if strings.Join(k.Supersedes, ",") != proj.ID {
		t.Fatalf("keeper supersedes %v", k.Supersedes)
	}
	for _, id := range []string{proj.ID, near2.ID, other.ID, farOff.ID, hiddenCopy.ID, crossA.ID, crossB.ID} {
		if _, err := os.Stat(filepath.Join(a.Home.Memory())); err != nil {
			t.Fatal(err)
		}
		if n, err := a.Show(ctx, id); err != nil || n.Deleted() {
			t.Fatalf("note %s must stay on disk, live: %v", id, err)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(a.Home.Local(), filepath.FromSlash(local.RelPath()))); string(b) != string(localBytes) {
		t.Fatal("dedup touched a machine-local note")
	}
	for _, proj := range []string{"p4", "p5"} {
		pg, _ := a.Search(ctx, app.SearchRequest{Query: "restart queue worker", Filter: app.Filter{Project: proj}})
		if len(pg.Notes) != 1 {
			t.Fatalf("project %s lost its only copy of a note to another project's: %d results", proj, len(pg.Notes))
		}
	}
	pg, _ := a.Search(ctx, app.SearchRequest{Query: "golangci-lint finding"})
	for _, n := range pg.Notes {
		if n.ID == proj.ID {
			t.Fatal("a superseded copy still shows in search")
		}
	}
	again, _ := a.Dedup(ctx, false)
	if len(again.Groups) != 0 {
		t.Fatalf("dedup is not idempotent: %+v", again.Groups)
	}
}

func TestMigrate(t *testing.T) {
	ctx := context.Background()
	a := newApp(t)
	n1 := writeNote(t, a, "semantic", "old/app", "One", "b")
	n2 := writeNote(t, a, "semantic", "keep", "Two", "b")
	n3, _ := write(a, ctx, app.WriteRequest{Type: "semantic", Project: "old/app", Title: "Three", Body: "b", Scope: "machine-local"})
	mp := filepath.Join(t.TempDir(), "map.json")
	os.WriteFile(mp, []byte(`{"projects": {"old/app": "github.com/acme/app"}, "notes": {"`+n2.ID+`": "yes"}}`), 0o644)

	if _, err := a.Migrate(ctx, app.MigrateRequest{MapPath: filepath.Join(t.TempDir(), "none.json")}); err == nil {
		t.Fatal("a missing map must be an error")
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte(`{"project": {"a": "b"}}`), 0o644)
	if _, err := a.Migrate(ctx, app.MigrateRequest{MapPath: bad, Apply: true}); err == nil || !strings.Contains(err.Error(), "unknown field") {
		t.Fatalf("a map with a misspelt key: %v", err)
	}
	before, _ := os.ReadFile(notePath(a, n1))
	rep, err := a.Migrate(ctx, app.MigrateRequest{MapPath: mp, Apply: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Notes) != 3 || rep.Commit == "" || !strings.HasPrefix(lastSubject(t, a), "anamnesis: migrate: 3 note(s)") {
		t.Fatalf("migrate %+v, %q", rep, lastSubject(t, a))
	}
	after, _ := os.ReadFile(notePath(a, n1))
	bl, al := strings.Split(string(before), "\n"), strings.Split(string(after), "\n")
	diff := 0
	for i := range bl {
		if bl[i] != al[i] {
			diff++
			if al[i] != "project: github.com/acme/app" {
				t.Fatalf("changed line %q", al[i])
			}
		}
	}
	if diff != 1 || len(bl) != len(al) {
		t.Fatalf("%d lines changed", diff)
	}
	// "yes" must be quoted so YAML reads it as a string, not a boolean.
	if m := pyRead(t, []string{notePath(a, n2)}); m[0]["project"] != "yes" {
		t.Fatalf("PyYAML reads project %v", m[0]["project"])
	}
	for id, want := range map[string]string{n1.ID: "github.com/acme/app", n2.ID: "yes", n3.ID: "github.com/acme/app"} {
		pg, _ := a.List(ctx, app.ListRequest{Filter: app.Filter{Project: want}})
		found := false
		for _, n := range pg.Notes {
			found = found || n.ID == id
		}
		if !found {
			t.Fatalf("the index does not list %s under %s", id, want)
		}
	}
	again, err := a.Migrate(ctx, app.MigrateRequest{MapPath: mp, Apply: true})
	if err != nil || len(again.Notes) != 0 || again.Commit != "" {
		t.Fatalf("migrate is not idempotent: %+v %v", again, err)
	}
}

func TestBackfillNeverDowngrades(t *testing.T) {
	ctx := context.Background()
	s := newStandIn(t, fixed(`[{"type":"semantic","title":"A lesson","body":"b"}]`))
	useProvider(t, "openai", s)
	a := newApp(t)
	imp := writeNote(t, a, "semantic", "p", "Imported", "b", "import")
	ses := writeNote(t, a, "episodic", "p", "A session", "b", "session")
	plain := writeNote(t, a, "semantic", "p", "Plain", "b")
	sessions(t, a, "p", 5)
	if _, err := a.Reflect(ctx, app.ReflectRequest{Apply: true}); err != nil {
		t.Fatal(err)
	}
	refl := notesWith(t, a, note.SourceReflection)[0]
	// Strip the reflection tag: the reference would now call it human.
	refl.Tags = nil
	st, _ := a.Store(ctx)
	if err := st.Put(ctx, refl); err != nil {
		t.Fatal(err)
	}
	rep, err := a.Backfill(ctx, true)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]note.Source{imp.ID: note.SourceImport, ses.ID: note.SourceSessionEnd, plain.ID: note.SourceHuman, refl.ID: note.SourceReflection}
	for id, src := range want {
		n, _ := a.Show(ctx, id)
		if n.ProvSource != src {
			t.Fatalf("%s: prov_source %s, want %s", n.Title, n.ProvSource, src)
		}
	}
	// The five reflected sessions carry tag "session" too.
	if len(rep.Notes) != 7 || !strings.HasPrefix(lastSubject(t, a), "anamnesis: backfill-provenance: prov_source set from tags on 7 note(s)") {
		t.Fatalf("backfill %d notes; %q", len(rep.Notes), lastSubject(t, a))
	}
	again, _ := a.Backfill(ctx, false)
	if len(again.Notes) != 0 {
		t.Fatal("backfill is not idempotent")
	}
}

func TestReview(t *testing.T) {
	ctx := context.Background()
	s := newStandIn(t, fixed(goodReflection))
	useProvider(t, "openai", s)
	a := newApp(t)
	sessions(t, a, "p", 5)
	if _, err := a.Reflect(ctx, app.ReflectRequest{Apply: true}); err != nil {
		t.Fatal(err)
	}
	items, err := a.ReviewList(ctx)
	if err != nil || len(items) != 2 || items[0].Source != note.SourceReflection || items[0].Model != "openai/m1" {
		t.Fatalf("review list %+v %v", items, err)
	}
	n0 := commits(t, a)
	if _, err := a.ReviewKeep(ctx, items[0].ID); err != nil {
		t.Fatal(err)
	}
	if _, err := a.ReviewForget(ctx, items[1].ID); err != nil {
		t.Fatal(err)
	}
	if commits(t, a) != n0+2 || !strings.HasPrefix(lastSubject(t, a), "anamnesis: review: forgot "+items[1].ID) {
		t.Fatalf("%d commits, last %q", commits(t, a)-n0, lastSubject(t, a))
	}
	left, _ := a.ReviewList(ctx)
	if len(left) != 0 {
		t.Fatalf("left to review: %+v", left)
	}
	kept, _ := a.Show(ctx, items[0].ID)
	gone, _ := a.Show(ctx, items[1].ID)
	if !kept.HasTag(curate.TagReviewed) || !gone.Deleted() {
		t.Fatal("keep must tag reviewed and forget must soft-delete")
	}
	if _, err := a.ReviewKeep(ctx, "nope"); err == nil {
		t.Fatal("a bad id must be refused")
	}
}
