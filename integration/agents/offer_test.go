package agents

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestInitOffersInstalledAgents runs a bare "anamnesis init" at a real terminal (a pty from
// script(1)) on a machine where Gemini CLI is installed: init asks whether to give it the memory
// too and, on "y", registers it next to Claude Code.
func TestInitOffersInstalledAgents(t *testing.T) {
	script, err := exec.LookPath("script")
	if err != nil {
		t.Skip("skipping: script(1) is not installed, so no terminal can be given to init")
	}
	m := newMachine(t)
	if err := os.MkdirAll(filepath.Join(m.home, ".gemini"), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(script, "-qec", filepath.Join(binDir, "anamnesis")+" init", "/dev/null")
	cmd.Dir = m.home
	// A claude on /usr/bin is run in the test's HOME, so it only touches the test's files.
	cmd.Env = []string{"HOME=" + m.home, "PATH=/usr/bin:/bin", "ANAMNESIS_MACHINE_ID=box", "TERM=dumb"}
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Machine id, remote, then the offer.
	go func() {
		time.Sleep(time.Second)
		_, _ = in.Write([]byte("box\nnone\ny\n"))
	}()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("init: %v\n%s", err, out.String())
		}
	case <-time.After(time.Minute):
		_ = cmd.Process.Kill()
		t.Fatalf("init did not finish:\n%s", out.String())
	}
	if !strings.Contains(out.String(), "Also give gemini this memory") {
		t.Fatalf("init did not offer Gemini:\n%s", out.String())
	}
	settings := m.file(t, ".gemini/settings.json")
	if !strings.Contains(settings, `"anamnesis"`) || !strings.Contains(settings, "serve") {
		t.Fatalf("gemini settings after yes: %s", settings)
	}
	if !strings.Contains(m.file(t, ".claude/settings.json"), "hook session-start") {
		t.Fatal("Claude Code was not wired up as well")
	}
}
