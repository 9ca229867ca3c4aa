package app_test

import (
	"context"
	"errors"
	"os/exec"
	"strings"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/gitsync"
)

func needGit(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
}

// TestEditHistoryDiffRestore walks a note through edits and sync commits: the edit check refuses
// a stale base, history lists each committed version and the uncommitted one, the diff shows the
// changed lines, and a restore (even of a version from before a forget) becomes the note again.
func TestEditHistoryDiffRestore(t *testing.T) {
	needGit(t)
	a := newApp(t)
	ctx := context.Background()
	n, err := write(a, ctx, app.WriteRequest{Type: "semantic", Title: "Cache TTL", Body: "The cache TTL is 60s.\n", Tags: []string{"cache"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Sync(ctx, app.SyncRequest{}); err != nil {
		t.Fatal(err)
	}
	v1 := app.Version(n)
	edited, err := a.Update(ctx, app.UpdateRequest{ID: n.ID, BaseVersion: v1, Type: "semantic", Title: "Cache TTL",
		Body: "The cache TTL is 300s.\n", Tags: []string{"cache", "ops"}})
	if err != nil {
		t.Fatal(err)
	}
	if edited.UpdatedAt <= n.UpdatedAt || edited.CreatedAt != n.CreatedAt || edited.ID != n.ID {
		t.Fatalf("edit timestamps/id: %+v", edited)
	}
	// A second editor that loaded v1 is refused, and the first edit is kept.
	_, err = a.Update(ctx, app.UpdateRequest{ID: n.ID, BaseVersion: v1, Type: "semantic", Title: "Cache TTL", Body: "stale"})
	if !errors.Is(err, app.ErrEditConflict) {
		t.Fatalf("stale edit: %v", err)
	}
	if got, _ := a.Show(ctx, n.ID); got.Body != "The cache TTL is 300s.\n" {
		t.Fatalf("stale edit overwrote the note: %q", got.Body)
	}
	revs, err := a.History(ctx, n.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(revs) != 2 || revs[0].Rev != app.WorkingRev || revs[1].Machine != "testbox" {
		t.Fatalf("history before the second sync: %+v", revs)
	}
	if _, err := a.Sync(ctx, app.SyncRequest{}); err != nil {
		t.Fatal(err)
	}
	revs, err = a.History(ctx, n.ID)
	if err != nil || len(revs) != 2 || revs[0].Rev == app.WorkingRev {
		t.Fatalf("history after sync: %v %+v", err, revs)
	}
	d, err := a.Diff(ctx, n.ID, revs[1].Rev, revs[0].Rev)
	if err != nil {
		t.Fatal(err)
	}
	var plus, minus []string
	for _, l := range d.Lines {
		switch l.Op {
		case '+':
			plus = append(plus, l.Text)
		case '-':
			minus = append(minus, l.Text)
		}
	}
	if !d.Changed || !contains(plus, "The cache TTL is 300s.") || !contains(minus, "The cache TTL is 60s.") || !contains(plus, "- ops") {
		t.Fatalf("diff: +%q -%q", plus, minus)
	}
	if _, err := a.Diff(ctx, n.ID, "deadbeef", revs[0].Rev); err == nil || !strings.Contains(err.Error(), "rev must be one of") {
		t.Fatalf("unknown rev: %v", err)
	}
	if _, err := a.Forget(ctx, n.ID); err != nil {
		t.Fatal(err)
	}
	cur, _ := a.Show(ctx, n.ID)
	if _, err := a.Update(ctx, app.UpdateRequest{ID: n.ID, BaseVersion: app.Version(cur), Type: "semantic", Title: "x"}); err == nil || !strings.Contains(err.Error(), "forgotten") {
		t.Fatalf("editing a forgotten note: %v", err)
	}
	restored, err := a.Restore(ctx, n.ID, revs[1].Rev, app.Version(cur))
	if err != nil {
		t.Fatal(err)
	}
	if restored.Deleted() || restored.Body != "The cache TTL is 60s.\n" || restored.UpdatedAt <= cur.UpdatedAt {
		t.Fatalf("restore: %+v", restored)
	}
	page, _ := a.Search(ctx, app.SearchRequest{Query: "cache TTL"})
	if len(page.Results) != 1 || page.Results[0].ID != n.ID {
		t.Fatalf("restored note not searchable: %+v", page.Results)
	}
	tl, err := a.Timeline(ctx, app.TimelineRequest{Machine: "testbox"})
	if err != nil || len(tl) != 2 || tl[0].Machine != "testbox" {
		t.Fatalf("timeline: %v %+v", err, tl)
	}
	if other, _ := a.Timeline(ctx, app.TimelineRequest{Machine: "elsewhere"}); len(other) != 0 {
		t.Fatalf("timeline of another machine: %+v", other)
	}
	fleet, err := a.Fleet(ctx)
	if err != nil || len(fleet) != 1 || !fleet[0].This || fleet[0].Commits != 2 || fleet[0].Notes != 1 {
		t.Fatalf("fleet: %v %+v", err, fleet)
	}
}

func TestConflictsBacklinksAndChangeMark(t *testing.T) {
	a := newApp(t)
	ctx := context.Background()
	m0, err := a.ChangeMark(ctx)
	if err != nil {
		t.Fatal(err)
	}
	old, _ := write(a, ctx, app.WriteRequest{Type: "semantic", Title: "old", Body: "b"})
	newer, _ := write(a, ctx, app.WriteRequest{Type: "semantic", Title: "new", Body: "b", Supersedes: []string{old.ID}})
	c, _ := write(a, ctx, app.WriteRequest{Type: "semantic", Title: "copy", Body: "b", Tags: []string{gitsync.ConflictTag}})
	if m1, _ := a.ChangeMark(ctx); m1 == m0 {
		t.Fatal("change mark did not move after writes")
	}
	by, err := a.SupersededBy(ctx, old.ID)
	if err != nil || len(by) != 1 || by[0] != newer.ID {
		t.Fatalf("superseded by: %v %v", err, by)
	}
	cs, err := a.Conflicts(ctx, 10)
	if err != nil || len(cs) != 1 || cs[0].ID != c.ID {
		t.Fatalf("conflicts: %v %+v", err, cs)
	}
	one := 1
	p, err := a.ListTagged(ctx, app.ListRequest{Limit: &one}, "")
	if err != nil || len(p.Results) != 1 || p.NextCursor == "" {
		t.Fatalf("untagged list page: %v %+v", err, p)
	}
	fleet, err := a.Fleet(ctx) // no git repository yet: counts from the notes alone
	if err != nil || len(fleet) != 1 || fleet[0].Notes != 3 {
		t.Fatalf("fleet without git: %v %+v", err, fleet)
	}
}

func TestLineDiff(t *testing.T) {
	tests := []struct {
		a, b string
		want string // ops joined
	}{
		{"", "", ""},
		{"x\n", "x\n", " "},
		{"a\nb\nc\n", "a\nB\nc\n", " -+ "},
		{"a\n", "a\nb\n", " +"},
		{"a\nb\n", "b\n", "- "},
	}
	for _, tt := range tests {
		var ops []byte
		for _, l := range app.LineDiff(tt.a, tt.b) {
			ops = append(ops, l.Op)
		}
		if string(ops) != tt.want {
			t.Errorf("LineDiff(%q, %q) ops %q, want %q", tt.a, tt.b, ops, tt.want)
		}
	}
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// TestHistoryFollowsATypeChange: a note whose type changes moves to another folder; its history
// still holds both versions and the diff shows the type line changing.
func TestHistoryFollowsATypeChange(t *testing.T) {
	needGit(t)
	a := newApp(t)
	ctx := context.Background()
	n, err := write(a, ctx, app.WriteRequest{Type: "episodic", Title: "Fixed the flaky deploy", Body: "retry twice"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Sync(ctx, app.SyncRequest{}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Update(ctx, app.UpdateRequest{ID: n.ID, BaseVersion: app.Version(n), Type: "procedural", Title: n.Title, Body: n.Body}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Sync(ctx, app.SyncRequest{}); err != nil {
		t.Fatal(err)
	}
	revs, err := a.History(ctx, n.ID)
	if err != nil || len(revs) != 2 || revs[0].Path != "procedural/"+n.ID+".md" || revs[1].Path != "episodic/"+n.ID+".md" {
		t.Fatalf("history across a type change: %v %+v", err, revs)
	}
	d, err := a.Diff(ctx, n.ID, revs[1].Rev, revs[0].Rev)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range d.Lines {
		if l.Op != ' ' {
			got = append(got, string(l.Op)+l.Text)
		}
	}
	if !contains(got, "-type: episodic") || !contains(got, "+type: procedural") {
		t.Fatalf("diff across a type change: %q", got)
	}
}
