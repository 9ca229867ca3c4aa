package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/gitsync"
	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

var binPath string

// TestMain builds the real anamnesis-syncd: the tests drive it as a separate process, signals
// and all, the way systemd or launchd does.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "anamnesis-syncd-test")
	if err != nil {
		panic(err)
	}
	binPath = filepath.Join(dir, "anamnesis-syncd")
	if out, err := exec.Command("go", "build", "-o", binPath, "../cmd/anamnesis-syncd").CombinedOutput(); err != nil {
		os.Stderr.Write(out)
		panic(err)
	}
	os.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	os.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(dir, "gitconfig"))
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

type env struct {
	t      *testing.T
	home   string
	remote string
}

func newEnv(t *testing.T, remote string) *env {
	return &env{t: t, home: filepath.Join(t.TempDir(), "home"), remote: remote}
}

func (e *env) cmd(args ...string) *exec.Cmd {
	c := exec.Command(binPath, append([]string{"--home", e.home}, args...)...)
	c.Env = append(os.Environ(), "ANAMNESIS_MACHINE_ID=box", "ANAMNESIS_GIT_REMOTE="+e.remote)
	return c
}

func (e *env) run(args ...string) (string, string, int) {
	c := e.cmd(args...)
	var o, er bytes.Buffer
	c.Stdout, c.Stderr = &o, &er
	err := c.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		e.t.Fatal(err)
	}
	return o.String(), er.String(), code
}

func (e *env) write(title string) string {
	e.t.Helper()
	st, err := store.Open(context.Background(), e.home, store.Options{MachineID: "box"})
	if err != nil {
		e.t.Fatal(err)
	}
	defer st.Close()
	n, err := st.Write(context.Background(), store.WriteInput{Type: note.Semantic, Title: title, Body: "x"})
	if err != nil {
		e.t.Fatal(err)
	}
	return n.ID
}

func (e *env) status() gitsync.Status {
	e.t.Helper()
	s, err := gitsync.ReadStatusFile(e.home)
	if err != nil {
		e.t.Fatal(err)
	}
	return s
}

// waitFor polls until cond holds; the deadline only guards against a hung test.
func (e *env) waitFor(what string, cond func(gitsync.Status) bool) gitsync.Status {
	e.t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if s, err := gitsync.ReadStatusFile(e.home); err == nil && cond(s) {
			return s
		}
		time.Sleep(20 * time.Millisecond)
	}
	e.t.Fatalf("gave up waiting for %s; status %+v", what, e.status())
	return gitsync.Status{}
}

func bare(t *testing.T) string {
	dir := filepath.Join(t.TempDir(), "remote.git")
	if out, err := exec.Command("git", "init", "-q", "--bare", "-b", "main", dir).CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return dir
}

func TestOnce(t *testing.T) {
	remote := bare(t)
	e := newEnv(t, remote)
	id := e.write("once note")
	out, errOut, code := e.run("--once", "--json")
	var res gitsync.Result
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != 0 || !res.Pushed {
		t.Fatalf("--once: code %d, %+v, %v, stderr %s", code, res, err, errOut)
	}
	tree, _ := exec.Command("git", "-C", remote, "ls-tree", "-r", "--name-only", "main").Output()
	if !strings.Contains(string(tree), id) {
		t.Fatalf("note not pushed: %s", tree)
	}
	if s := e.status(); s.LastSuccess == "" || s.Failures != 0 {
		t.Fatalf("status after --once = %+v", s)
	}
	out, _, _ = e.run("status")
	if !strings.Contains(out, `"last_success"`) {
		t.Fatalf("status command: %s", out)
	}
}

func TestOnceOfflineExitsNonZeroAndRecordsTheFailure(t *testing.T) {
	e := newEnv(t, "git://127.0.0.1:1/x")
	e.write("offline")
	out, _, code := e.run("--once")
	if code != 1 || !strings.HasPrefix(out, "remote unreachable: ") {
		t.Fatalf("offline --once: code %d, out %q", code, out)
	}
	if s := e.status(); s.Failures != 1 || !strings.HasPrefix(s.LastError, "remote unreachable") {
		t.Fatalf("status = %+v", s)
	}
}

func TestLoopWakesOnHUPAndExitsOnTERM(t *testing.T) {
	remote := bare(t)
	e := newEnv(t, remote)
	c := e.cmd("--interval", "1h")
	var stderr bytes.Buffer
	c.Stderr = &stderr
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	defer c.Process.Kill()
	first := e.waitFor("the first cycle", func(s gitsync.Status) bool { return s.LastRun != "" })
	if first.NextRun == "" || first.Failures != 0 {
		t.Fatalf("after the first cycle: %+v", first)
	}
	id := e.write("woken up")
	if err := c.Process.Signal(syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	e.waitFor("the HUP cycle to commit the note", func(s gitsync.Status) bool { return s.Last != nil && s.Last.Committed != "" })
	tree, _ := exec.Command("git", "-C", remote, "ls-tree", "-r", "--name-only", "main").Output()
	if !strings.Contains(string(tree), id) {
		t.Fatalf("note not pushed after HUP: %s", tree)
	}
	if err := c.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := c.Wait(); err != nil {
		t.Fatalf("exit after SIGTERM: %v\n%s", err, stderr.String())
	}
}

func TestLoopBacksOffWhileTheRemoteIsDown(t *testing.T) {
	e := newEnv(t, "git://127.0.0.1:1/x")
	c := e.cmd("--interval", "1h")
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	defer c.Process.Kill()
	s := e.waitFor("a failed cycle", func(s gitsync.Status) bool { return s.Failures == 1 })
	last, _ := time.Parse(time.RFC3339, s.LastRun)
	next, _ := time.Parse(time.RFC3339, s.NextRun)
	if got := next.Sub(last); got != 30*time.Second {
		t.Fatalf("retry after %s, want 30s (first backoff step, not the 1h interval)", got)
	}
	c.Process.Signal(syscall.SIGHUP)
	s = e.waitFor("a second failed cycle", func(s gitsync.Status) bool { return s.Failures == 2 })
	last, _ = time.Parse(time.RFC3339, s.LastRun)
	next, _ = time.Parse(time.RFC3339, s.NextRun)
	if got := next.Sub(last); got != time.Minute {
		t.Fatalf("second retry after %s, want 1m", got)
	}
	c.Process.Signal(syscall.SIGTERM)
	if err := c.Wait(); err != nil {
		t.Fatalf("exit after SIGTERM: %v", err)
	}
}

func TestInstallPrintAndUsage(t *testing.T) {
	e := newEnv(t, "")
	out, _, code := e.run("--interval", "10m", "install", "--print")
	if code != 0 || !strings.Contains(out, "--home "+e.home) || !strings.Contains(out, "--interval 10m0s") {
		t.Fatalf("install --print: code %d\n%s", code, out)
	}
	dir := t.TempDir()
	c := e.cmd("install", "--no-enable")
	c.Env = append(c.Env, "XDG_CONFIG_HOME="+dir, "HOME="+dir)
	if out, err := c.CombinedOutput(); err != nil || !strings.Contains(string(out), "installed ") {
		t.Fatalf("install --no-enable: %v\n%s", err, out)
	}
	c = e.cmd("uninstall", "--no-enable")
	c.Env = append(c.Env, "XDG_CONFIG_HOME="+dir, "HOME="+dir)
	if out, err := c.CombinedOutput(); err != nil || !strings.Contains(string(out), "removed ") {
		t.Fatalf("uninstall --no-enable: %v\n%s", err, out)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--help"}, 0, "--once [--json]"},
		{[]string{"--bogus"}, 2, "--help"},
		{[]string{"frobnicate"}, 2, "unknown command"},
		{[]string{"--interval", "0s"}, 2, "must be positive"},
		{[]string{"version"}, 0, "anamnesis-syncd dev\n"},
		{[]string{"--version"}, 0, "anamnesis-syncd dev\n"},
	} {
		out, errOut, code := e.run(tc.args...)
		if code != tc.code || !strings.Contains(out+errOut, tc.want) {
			t.Errorf("%v: code %d, output %q", tc.args, code, out+errOut)
		}
	}
}
