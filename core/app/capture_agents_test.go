package app_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/app"
)

func TestParseSweptAgents(t *testing.T) {
	tests := []struct {
		in   string
		want []string
		bad  bool
	}{
		{"codex", []string{"codex"}, false},
		{"opencode, codex,codex", []string{"opencode", "codex"}, false},
		{"all", []string{"codex", "gemini", "opencode"}, false},
		{"claude", nil, true},
		{"cursor", nil, true},
		{"", nil, true},
	}
	for _, tt := range tests {
		got, err := app.ParseSweptAgents(tt.in)
		if (err != nil) != tt.bad || !slices.Equal(got, tt.want) {
			t.Errorf("ParseSweptAgents(%q) = %v, %v", tt.in, got, err)
		}
	}
}

// TestSyncSweepsWatchedAgents: once init watches Codex, a sync cycle captures a Codex session
// written after that (a real rollout file) into a note tagged agent:codex; the next cycle finds
// nothing new; after unwatching, nothing is swept.
func TestSyncSweepsWatchedAgents(t *testing.T) {
	t.Setenv("ANAMNESIS_MACHINE_ID", "testbox")
	t.Setenv("ANAMNESIS_GIT_REMOTE", "")
	codex := t.TempDir()
	t.Setenv("CODEX_HOME", codex)
	a, err := app.New(t.TempDir(), app.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	ctx := context.Background()
	if err := a.WatchAgent("codex"); err != nil {
		t.Fatal(err)
	}
	if err := a.WatchAgent("cursor"); err != nil { // nothing to sweep: accepted, not watched
		t.Fatal(err)
	}
	if got := a.WatchedAgents(); !slices.Equal(got, []string{"codex"}) {
		t.Fatalf("watched %v", got)
	}
	if s, err := a.Status(ctx); err != nil || len(s.CaptureAgents) != 1 || s.CaptureAgents[0].Agent != "codex" || s.CaptureAgents[0].Since.IsZero() {
		t.Fatalf("status capture_agents %+v, %v", s.CaptureAgents, err)
	}
	data, err := os.ReadFile(filepath.Join("..", "capture", "testdata", "agents", "codex-exec-command.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(codex, "sessions", "2026", "11", "23", "rollout-x.jsonl")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o600); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Second) // past the watch's start whatever the clock's grain
	if err := os.Chtimes(p, later, later); err != nil {
		t.Fatal(err)
	}
	rep, err := a.Sync(ctx, app.SyncRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Sweeps) != 1 || rep.Sweeps[0].Sessions != 1 || len(rep.Capture.Written) != 1 {
		t.Fatalf("sweeps %+v, capture %+v", rep.Sweeps, rep.Capture)
	}
	n, err := a.Show(ctx, rep.Capture.Written[0])
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(n.Tags, "agent:codex") || !slices.Contains(n.Tags, "session") {
		t.Errorf("captured note tags %v", n.Tags)
	}
	time.Sleep(10 * time.Millisecond)
	if err := os.Chtimes(p, time.Now().Add(-time.Hour), time.Now().Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	rep, err = a.Sync(ctx, app.SyncRequest{})
	if err != nil || len(rep.Sweeps) != 1 || rep.Sweeps[0].Sessions != 0 {
		t.Fatalf("second cycle: sweeps %+v, %v", rep.Sweeps, err)
	}
	// --all captures it again, into the same note.
	res, err := a.CaptureAgents(ctx, app.CaptureAgentsRequest{Agents: []string{"codex"}, All: true})
	if err != nil || res.Sweeps[0].Sessions != 1 || len(res.Drain.Updated) != 1 || res.Drain.Updated[0] != n.ID {
		t.Fatalf("capture --all: %+v, %v", res, err)
	}
	if err := a.UnwatchAgent("codex"); err != nil {
		t.Fatal(err)
	}
	if got := a.WatchedAgents(); len(got) != 0 {
		t.Fatalf("watched after unwatch: %v", got)
	}
	if _, err := a.CaptureAgents(ctx, app.CaptureAgentsRequest{Agents: []string{"codex", "gemini"}, Root: codex}); err == nil {
		t.Error("--root with two agents was accepted")
	}
}
