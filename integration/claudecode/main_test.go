package claudecode

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Set by TestMain.
var (
	binDir     string // anamnesis (and anamnesis-mcpd when its source is in the tree)
	haveMCPD   bool
	claudeBin  string // the real client, "" when unavailable
	claudeWhy  string // why it is unavailable
	claudeVers string
	hookWhy    string // why "anamnesis hook" is unavailable, "" when it works
)

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	dir, err := os.MkdirTemp("", "anamnesis-e2e-bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	binDir = dir
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	// anamnesis-hook beside anamnesis, as installed: init wires the hooks to it, so Claude Code's
	// hooks go through the front door and the resident hook server.
	for _, b := range []string{"anamnesis", "anamnesis-cli", "anamnesis-hook"} {
		if err := goBuild(root, "./hookcli/cmd/"+b, filepath.Join(dir, b)); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
	if _, err := os.Stat(filepath.Join(root, "mcpd", "cmd", "anamnesis-mcpd")); err == nil {
		if err := goBuild(root, "./mcpd/cmd/anamnesis-mcpd", filepath.Join(dir, "anamnesis-mcpd")); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		haveMCPD = true
	}
	hookWhy = probeHook(filepath.Join(dir, "anamnesis"))
	claudeBin, claudeWhy = findClaude()
	if claudeBin != "" {
		out, _ := exec.Command(claudeBin, "--version").Output()
		claudeVers = strings.TrimSpace(string(out))
		fmt.Fprintf(os.Stderr, "claudecode: using %s (%s)\n", claudeBin, claudeVers)
	}
	return m.Run()
}

func goBuild(root, pkg, out string) error {
	cmd := exec.Command("go", "build", "-o", out, pkg)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build %s: %v\n%s", pkg, err, b)
	}
	return nil
}

// probeHook reports why the hook handlers cannot be used, or "" when they exist.
func probeHook(anamnesis string) string {
	cmd := exec.Command(anamnesis, "hook", "session-start")
	cmd.Stdin = strings.NewReader("{}")
	cmd.Env = []string{"HOME=" + os.TempDir(), "ANAMNESIS_HOME=" + filepath.Join(os.TempDir(), "anamnesis-probe-none")}
	out, _ := cmd.CombinedOutput()
	if strings.Contains(string(out), `unknown command "hook"`) {
		return `"anamnesis hook" does not exist in this tree (hookcli/cli/hook.go, built by the hooks issue)`
	}
	return ""
}

// findClaude returns the Claude Code binary: $ANAMNESIS_TEST_CLAUDE, else the cached npm install,
// else a fresh npm install into the cache.
func findClaude() (string, string) {
	if p := os.Getenv("ANAMNESIS_TEST_CLAUDE"); p != "" {
		return p, ""
	}
	cacheHome, err := os.UserCacheDir()
	if err != nil {
		return "", "no cache directory for the Claude Code install: " + err.Error()
	}
	// ANAMNESIS_TEST_CLAUDE_VERSION picks an older client (CI runs the suite once more with one);
	// the default is @latest, named explicitly: a plain install on Node 20 silently picks 2.1.197,
	// the last version whose package accepts Node 20.
	version := os.Getenv("ANAMNESIS_TEST_CLAUDE_VERSION")
	dirName := "claude"
	if version == "" {
		version = "latest"
	} else {
		dirName += "-" + version
	}
	prefix := filepath.Join(cacheHome, "anamnesis-test", dirName)
	bin := filepath.Join(prefix, "node_modules", "@anthropic-ai", "claude-code", "bin", "claude.exe")
	if usable(bin) {
		return bin, ""
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		return "", "npm is not installed, so the Claude Code client cannot be installed"
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	fmt.Fprintf(os.Stderr, "claudecode: installing @anthropic-ai/claude-code into %s\n", prefix)
	if err := os.MkdirAll(prefix, 0o755); err != nil {
		return "", err.Error()
	}
	cmd := exec.CommandContext(ctx, npm, "install", "--prefix", prefix, "--no-audit", "--no-fund", "@anthropic-ai/claude-code@"+version)
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Sprintf("npm install @anthropic-ai/claude-code failed (%v): %s", err, lastLine(string(out)))
	}
	if !usable(bin) {
		return "", "npm installed @anthropic-ai/claude-code but " + bin + " does not run"
	}
	return bin, ""
}

func usable(bin string) bool {
	info, err := os.Stat(bin)
	if err != nil || info.Mode().Perm()&0o111 == 0 {
		return false
	}
	return exec.Command(bin, "--version").Run() == nil
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

// needClaude skips the test when the client is unavailable, or fails it in CI.
func needClaude(t testing.TB) {
	t.Helper()
	if claudeBin != "" {
		return
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("Claude Code client unavailable in CI: %s", claudeWhy)
	}
	t.Skipf("skipping: Claude Code client unavailable: %s", claudeWhy)
}

// machine is one isolated user: a temporary HOME, a project directory, a PATH whose first entry
// holds claude and the anamnesis binaries.
type machine struct {
	t       testing.TB
	home    string
	bin     string
	project string
	api     *fakeAPI
	// serverIdle is ANAMNESIS_HOOK_SERVER_IDLE for the machine's processes, in seconds; "" is 120.
	serverIdle string
}

// newMachine sets up a user. mcpd is the anamnesis-mcpd to install next to anamnesis: "" for the
// one built from the tree (or none), or a path to a stand-in.
func newMachine(t testing.TB, mcpd string) *machine {
	t.Helper()
	home, err := os.MkdirTemp("", "anamnesis-e2e-home-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { removeEventually(t, home) })
	// Hooks and searches start a resident server for the machine's store; it must not outlive the
	// test (cleanups run last first: stopped before the home is removed).
	t.Cleanup(func() { _ = exec.Command("pkill", "-f", "--", "--home "+home+"/").Run() })
	m := &machine{t: t, home: home, bin: filepath.Join(home, "bin"), project: filepath.Join(home, "src", "demo")}
	for _, d := range []string{m.bin, m.project} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// Hard links, so that the anamnesis binary's own directory (where init looks for
	// anamnesis-mcpd) is this machine's bin.
	link(t, filepath.Join(binDir, "anamnesis"), filepath.Join(m.bin, "anamnesis"))
	link(t, filepath.Join(binDir, "anamnesis-cli"), filepath.Join(m.bin, "anamnesis-cli"))
	link(t, filepath.Join(binDir, "anamnesis-hook"), filepath.Join(m.bin, "anamnesis-hook"))
	switch {
	case mcpd != "":
		link(t, mcpd, filepath.Join(m.bin, "anamnesis-mcpd"))
	case haveMCPD:
		link(t, filepath.Join(binDir, "anamnesis-mcpd"), filepath.Join(m.bin, "anamnesis-mcpd"))
	}
	if claudeBin != "" {
		if err := os.Symlink(claudeBin, filepath.Join(m.bin, "claude")); err != nil {
			t.Fatal(err)
		}
	}
	m.api = newFakeAPI(t)
	return m
}

func link(t testing.TB, from, to string) {
	t.Helper()
	if err := os.Link(from, to); err == nil {
		return
	}
	src, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	dst, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Close()
	if _, err := io.Copy(dst, src); err != nil {
		t.Fatal(err)
	}
}

// waitForHookServer waits until a resident hook server listens for the machine's store (the
// front door starts one on the first hook it cannot hand over), failing the test after 30 s.
func (m *machine) waitForHookServer(t *testing.T, when string) {
	t.Helper()
	run := filepath.Join(m.home, ".anamnesis", "run")
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if socks, _ := filepath.Glob(filepath.Join(run, "hook-*.sock")); len(socks) > 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("no hook server is running %s (%s)", when, run)
		}
	}
}

// env is the whole environment of every process the test starts: nothing of the host's
// Anthropic or Anamnesis settings leaks in.
func (m *machine) env() []string {
	return []string{
		"HOME=" + m.home,
		"PATH=" + m.bin + string(os.PathListSeparator) + os.Getenv("PATH"),
		"TMPDIR=" + os.TempDir(),
		"DISABLE_AUTOUPDATER=1",
		"DISABLE_TELEMETRY=1",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1",
		"ANTHROPIC_BASE_URL=" + m.api.URL(),
		"ANTHROPIC_API_KEY=sk-ant-dummy",
		"GIT_CONFIG_NOSYSTEM=1",
		// The hook servers the sessions start outlive a test's pauses and leave soon after it.
		"ANAMNESIS_HOOK_SERVER_IDLE=" + cmp.Or(m.serverIdle, "120"),
	}
}

// run executes name (looked up in the machine's bin first) in the project directory, under a
// deadline so a hung client fails the test instead of hanging it.
func (m *machine) run(stdin string, name string, args ...string) (string, string, error) {
	m.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	path := name
	if !strings.Contains(name, "/") {
		path = filepath.Join(m.bin, name)
	}
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Dir = m.project
	cmd.Env = m.env()
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		err = fmt.Errorf("%s %s did not finish within the deadline: %w", name, strings.Join(args, " "), err)
	}
	return out.String(), errb.String(), err
}

// must runs a command and fails the test when it fails.
func (m *machine) must(stdin, name string, args ...string) string {
	m.t.Helper()
	out, errs, err := m.run(stdin, name, args...)
	if err != nil {
		m.t.Fatalf("%s %s: %v\nstdout: %s\nstderr: %s", name, strings.Join(args, " "), err, out, errs)
	}
	return out
}

// removeEventually deletes dir, retrying for a while: the hooks start detached workers (capture,
// sync) that can still be writing into the store after the client has exited. A directory that
// stays busy is left behind with a log line, not a failure.
func removeEventually(t testing.TB, dir string) {
	deadline := time.Now().Add(30 * time.Second)
	for {
		err := os.RemoveAll(dir)
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Logf("left %s behind: %v", dir, err)
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}
