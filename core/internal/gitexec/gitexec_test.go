package gitexec_test

import (
	"context"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/internal/gitexec"
)

func TestOutput(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	ctx := context.Background()
	dir := t.TempDir()
	if _, err := gitexec.Output(ctx, dir, 10*time.Second, "init", "-q", "-b", "main"); err != nil {
		t.Fatal(err)
	}
	top, err := gitexec.Output(ctx, dir, 10*time.Second, "rev-parse", "--show-toplevel")
	want, _ := filepath.EvalSymlinks(dir)
	if got, _ := filepath.EvalSymlinks(top); err != nil || got != want {
		t.Fatalf("rev-parse = %q, %v; want %q (trimmed)", top, err, want)
	}
	// A failing command is an error naming it, not empty output.
	if out, err := gitexec.Output(ctx, dir, 10*time.Second, "remote", "get-url", "origin"); err == nil {
		t.Fatalf("get-url of a missing remote = %q, want an error", out)
	}
	// An ended context stops git before it runs.
	done, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := gitexec.Output(done, dir, 10*time.Second, "status"); err == nil {
		t.Fatal("git ran under a cancelled context")
	}
}
