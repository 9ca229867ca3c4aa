package runner

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/capture"
	"github.com/anamnesis-go/anamnesis/core/config"
	"github.com/anamnesis-go/anamnesis/core/gitsync"
	"github.com/anamnesis-go/anamnesis/core/home"
)

// The capture spool is drained before the cycle syncs, so a captured session reaches the other
// machines in the same cycle; a drain failure is logged and the sync goes on.
func TestOnceDrainsTheSpoolBeforeSyncing(t *testing.T) {
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	t.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(t.TempDir(), "gitconfig"))
	t.Setenv(config.EnvRemote, "")
	t.Setenv(config.EnvMachineID, "box")
	transcript, err := os.ReadFile(filepath.Join("..", "..", "core", "capture", "testdata", "tools.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		breakIt  bool   // make the drain fail: its lock file is a directory
		wantLog  string // in the runner's log
		wantNote bool   // the captured session was committed
	}{
		{"drained note is committed", false, "capture spool: 1 record(s) processed", true},
		{"drain failure does not stop sync", true, "capture spool: drain spool", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			h := home.At(dir)
			a, err := app.New(dir, app.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := a.Write(context.Background(), app.WriteRequest{Type: "semantic", Title: "written before the cycle", Body: "x"}); err != nil {
				t.Fatal(err)
			}
			a.Close()
			tr := filepath.Join(t.TempDir(), "tools.jsonl")
			if err := os.WriteFile(tr, transcript, 0o600); err != nil {
				t.Fatal(err)
			}
			if _, err := capture.Enqueue(dir, capture.Entry{SessionID: "5f1c2d3e-0000-4000-8000-0000000000bb",
				TranscriptPath: tr, Cwd: t.TempDir(), Event: "session-end"}); err != nil {
				t.Fatal(err)
			}
			if tc.breakIt {
				if err := os.Mkdir(filepath.Join(h.Spool(), ".drain.lease"), 0o700); err != nil {
					t.Fatal(err)
				}
			}
			var log bytes.Buffer
			r := &Runner{Home: dir, Log: &log}
			res, err := r.Once(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if res.Committed == "" {
				t.Fatalf("nothing committed: %+v", res)
			}
			if !strings.Contains(log.String(), tc.wantLog) {
				t.Fatalf("log lacks %q:\n%s", tc.wantLog, log.String())
			}
			captured, _ := filepath.Glob(filepath.Join(h.Memory(), "episodic", "*.md"))
			if got := len(captured) == 1; got != tc.wantNote {
				t.Fatalf("captured session notes in the repository: %v", captured)
			}
			s, err := gitsync.ReadStatusFile(dir)
			if err != nil || s.LastSuccess == "" {
				t.Fatalf("status = %+v, %v", s, err)
			}
			if _, err := os.Stat(filepath.Join(h.Memory(), ".git")); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestStepStampsLastAndNextRunFromOneInstant: the status file's last run and next run stand
// exactly the delay apart, whatever second the cycle ends in. They used to come from two readings
// of the clock (one for the next run, one inside the record), and a cycle ending at x.999 s could
// record them a second nearer than the delay (TestLoopBacksOffWhileTheRemoteIsDown in syncd/cli
// then saw 29s for the 30s first retry). The runner's clock here is stopped just before a second
// boundary, which the real clock has long crossed by the time the record is written.
func TestStepStampsLastAndNextRunFromOneInstant(t *testing.T) {
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	t.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(t.TempDir(), "gitconfig"))
	t.Setenv(config.EnvMachineID, "box")
	for _, tc := range []struct {
		name, remote string
		wantDelay    time.Duration
	}{
		{"a cycle that synced waits the interval", "", 10 * time.Minute},
		{"an offline cycle waits the first retry", "git://127.0.0.1:1/x", firstRetry},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(config.EnvRemote, tc.remote)
			dir := t.TempDir()
			a, err := app.New(dir, app.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := a.Write(context.Background(), app.WriteRequest{Type: "semantic", Title: "a note to commit", Body: "x"}); err != nil {
				t.Fatal(err)
			}
			a.Close()
			stopped := time.Date(2026, 11, 28, 18, 59, 59, 999_999_000, time.UTC)
			r := &Runner{Home: dir, Interval: 10 * time.Minute, now: func() time.Time { return stopped }}
			failures := 0
			if delay := r.step(context.Background(), &failures); delay != tc.wantDelay {
				t.Fatalf("step waits %s, want %s (failures %d)", delay, tc.wantDelay, failures)
			}
			s, err := gitsync.ReadStatusFile(dir)
			if err != nil {
				t.Fatal(err)
			}
			wantLast, wantNext := stopped.Format(time.RFC3339), stopped.Add(tc.wantDelay).Format(time.RFC3339)
			if s.LastRun != wantLast || s.NextRun != wantNext {
				t.Fatalf("last run %s, next run %s; want %s and %s, the delay apart", s.LastRun, s.NextRun, wantLast, wantNext)
			}
		})
	}
}
