package app_test

import (
	"context"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/note"
)

// Two machines reflect the same sessions at the same time, each with its own model answer. After
// syncing, each store holds both runs; the next reflect or dedup on any machine forgets every run
// but the earliest (the lowest run id, the same choice everywhere), and both machines end with
// the same live notes and no conflict notes.
func TestConcurrentReflectConverges(t *testing.T) {
	ctx := context.Background()
	remote := filepath.Join(t.TempDir(), "remote.git")
	if out, err := exec.Command("git", "init", "-q", "--bare", "-b", "main", remote).CombinedOutput(); err != nil {
		t.Fatalf("%v %s", err, out)
	}
	s := newStandIn(t, func(n int, _ string) (string, int, time.Duration) {
		if n%2 == 0 {
			return `[{"type":"procedural","title":"Pin the toolchain","body":"Pin Go in go.mod."}]`, 200, 0
		}
		return `[{"type":"procedural","title":"Pinned toolchains fix flaky builds","body":"Use the toolchain directive."},{"type":"semantic","title":"CI has two cores","body":"Parallelism 2."}]`, 200, 0
	})
	useProvider(t, "openai", s)
	open := func(machine string) *app.App {
		t.Setenv("ANAMNESIS_MACHINE_ID", machine)
		t.Setenv("ANAMNESIS_GIT_REMOTE", remote)
		a, err := app.New(t.TempDir(), app.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { a.Close() })
		return a
	}
	alpha, beta := open("alpha"), open("beta")
	syncs := func(as ...*app.App) {
		t.Helper()
		for _, a := range as {
			rep, err := a.Sync(ctx, app.SyncRequest{})
			if err != nil || rep.Offline {
				t.Fatalf("sync: %+v %v", rep.Result, err)
			}
		}
	}
	sessions(t, alpha, "github.com/acme/app", 5)
	syncs(alpha, beta)

	var wg sync.WaitGroup
	for _, a := range []*app.App{alpha, beta} {
		wg.Add(1)
		go func(a *app.App) {
			defer wg.Done()
			rep, err := a.Reflect(ctx, app.ReflectRequest{Apply: true})
			if err != nil || len(rep.Projects) != 1 || rep.Projects[0].Error != "" {
				t.Errorf("reflect: %+v %v", rep.Projects, err)
			}
		}(a)
	}
	wg.Wait()
	syncs(alpha, beta, alpha)
	if a, b := len(notesWith(t, alpha, note.SourceReflection)), len(notesWith(t, beta, note.SourceReflection)); a != 3 || b != 3 {
		t.Fatalf("after syncing both runs: alpha %d, beta %d reflection notes, want 3 each", a, b)
	}

	// Both machines settle it on their own before they hear from each other.
	if _, err := alpha.Reflect(ctx, app.ReflectRequest{Apply: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := beta.Dedup(ctx, true); err != nil {
		t.Fatal(err)
	}
	syncs(alpha, beta, alpha)

	live := func(a *app.App) string {
		var ids []string
		for _, n := range notesWith(t, a, note.SourceReflection) {
			ids = append(ids, n.ID+" "+n.Title)
		}
		sort.Strings(ids)
		return strings.Join(ids, "\n")
	}
	la, lb := live(alpha), live(beta)
	if la != lb || la == "" {
		t.Fatalf("the machines disagree:\nalpha:\n%s\nbeta:\n%s", la, lb)
	}
	for _, a := range []*app.App{alpha, beta} {
		st, _ := a.Status(ctx)
		if st.Conflicts != 0 {
			t.Fatalf("%d conflict note(s)", st.Conflicts)
		}
		pg, _ := a.List(ctx, app.ListRequest{Filter: app.Filter{Type: "episodic"}})
		for _, n := range pg.Notes {
			if !n.HasTag("reflected") {
				t.Fatalf("session %s is not tagged reflected", n.ID)
			}
		}
	}
	if n := strings.Count(la, "\n") + 1; n != 1 && n != 2 {
		t.Fatalf("%d live reflection notes: one run must remain\n%s", n, la)
	}
}
