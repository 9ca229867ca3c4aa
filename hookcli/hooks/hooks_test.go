package hooks

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/lock"
	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// binary is the anamnesis command built once for these tests: hooks are exercised as Claude Code
// runs them, as processes with JSON on stdin.
var binary string

// frontDoor is anamnesis-hook and userDoor anamnesis, the front doors, built beside binary
// (anamnesis-cli) as they are installed.
var frontDoor, userDoor string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "anamnesis-bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	// As installed: the two front doors beside anamnesis-cli, which the tests run directly.
	binary = filepath.Join(dir, "anamnesis-cli")
	frontDoor = filepath.Join(dir, "anamnesis-hook")
	userDoor = filepath.Join(dir, "anamnesis")
	for out, pkg := range map[string]string{binary: "../cmd/anamnesis-cli", frontDoor: "../cmd/anamnesis-hook", userDoor: "../cmd/anamnesis"} {
		if b, err := exec.Command("go", "build", "-o", out, pkg).CombinedOutput(); err != nil {
			fmt.Fprintf(os.Stderr, "build %s: %v\n%s", pkg, err, b)
			os.Exit(1)
		}
	}
	code := m.Run()
	os.RemoveAll(dir)
	if corpusHome != "" {
		os.RemoveAll(corpusHome)
	}
	os.Exit(code)
}

type hookRun struct {
	code           int
	stdout, stderr string
}

// runHookProcess runs "anamnesis hook <event>" with stdin against the store at home.
func runHookProcess(t testing.TB, home, event, stdin string, env ...string) hookRun {
	t.Helper()
	return runProcess(t, binary, home, []string{"hook", event}, stdin, env...)
}

// runProcess runs bin with args and stdin against the store at home, as Claude Code runs a hook.
func runProcess(t testing.TB, bin, home string, args []string, stdin string, env ...string) hookRun {
	t.Helper()
	// A hook may leave a detached worker (capture, a drift walk) still writing under home after
	// the test has seen what it waited for; removing the temporary home under it fails the test's
	// cleanup ("directory not empty"). Cleanups run last-registered first, so this one waits
	// before the home's own removal.
	t.Cleanup(func() { waitDetachedGone(home) })
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "ANAMNESIS_HOME="+home, "ANAMNESIS_MACHINE_ID=test", "ANAMNESIS_GIT_REMOTE=")
	cmd.Env = append(cmd.Env, env...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return hookRun{code, out.String(), errb.String()}
}

// waitDetachedGone waits, for at most 30 s, until no process started for the store at home is
// left, resident hook servers aside (tests that start one stop it themselves). It finds them by
// the ANAMNESIS_HOME in their environment, which every hook passes to what it spawns; where
// /proc is not there to read, it returns at once.
func waitDetachedGone(home string) {
	want := []byte("ANAMNESIS_HOME=" + home + "\x00")
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		entries, err := os.ReadDir("/proc")
		if err != nil {
			return
		}
		left := false
		for _, e := range entries {
			if e.Name()[0] < '0' || e.Name()[0] > '9' || e.Name() == strconv.Itoa(os.Getpid()) {
				continue
			}
			environ, err := os.ReadFile(filepath.Join("/proc", e.Name(), "environ"))
			if err != nil || !bytes.Contains(environ, want) {
				continue
			}
			if cmdline, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline")); bytes.Contains(cmdline, []byte("hook-server")) {
				continue
			}
			if stat, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "stat")); bytes.Contains(stat, []byte(") Z ")) {
				continue // exited, waiting to be reaped
			}
			left = true
			break
		}
		if !left {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func newHome(t *testing.T) (string, *store.Store) {
	t.Helper()
	home := t.TempDir()
	st, err := store.Open(context.Background(), home, store.Options{MachineID: "test"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return home, st
}

func projectDir(t *testing.T, key string) string {
	t.Helper()
	d := t.TempDir()
	os.MkdirAll(filepath.Join(d, ".anamnesis"), 0o755)
	if err := os.WriteFile(filepath.Join(d, ".anamnesis", "project"), []byte(key+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return d
}

func payload(fields map[string]any) string {
	b, _ := json.Marshal(fields)
	return string(b)
}

func contextOf(t *testing.T, r hookRun, event string) string {
	t.Helper()
	var out struct {
		HookSpecificOutput struct {
			HookEventName     string `json:"hookEventName"`
			AdditionalContext string `json:"additionalContext"`
		} `json:"hookSpecificOutput"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatalf("stdout is not the hook JSON: %v\n%s", err, r.stdout)
	}
	if out.HookSpecificOutput.HookEventName != event {
		t.Errorf("hookEventName = %q, want %q", out.HookSpecificOutput.HookEventName, event)
	}
	return out.HookSpecificOutput.AdditionalContext
}

func readLog(home string) string {
	b, _ := os.ReadFile(filepath.Join(home, "logs", "hooks.log"))
	return string(b)
}

func TestHookSessionStartInjects(t *testing.T) {
	home, st := newHome(t)
	dir := projectDir(t, "github.com/acme/app")
	in := payload(map[string]any{"session_id": "s1", "cwd": dir, "hook_event_name": "SessionStart", "source": "startup"})
	if r := runHookProcess(t, home, "session-start", in); r.code != 0 || r.stdout != "" {
		t.Fatalf("empty store: exit %d, stdout %q (want 0 and nothing)", r.code, r.stdout)
	}
	ctx := context.Background()
	st.Write(ctx, store.WriteInput{Type: note.Procedural, Title: "Deploy with make release", Body: "Tags and pushes.", Project: "github.com/acme/app"})
	st.Write(ctx, store.WriteInput{Type: note.Semantic, Title: "Prefers tabs", Body: "Everywhere.", Project: "global"})
	st.Write(ctx, store.WriteInput{Type: note.Semantic, Title: "Unrelated project", Project: "github.com/acme/other"})
	r := runHookProcess(t, home, "session-start", in)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	text := contextOf(t, r, "SessionStart")
	if !strings.Contains(text, "Deploy with make release") || !strings.Contains(text, "Prefers tabs") || strings.Contains(text, "Unrelated") {
		t.Errorf("additionalContext:\n%s", text)
	}
	// The injected notes are remembered: the prompt hook does not repeat them.
	p := payload(map[string]any{"session_id": "s1", "cwd": dir, "prompt": "how do I deploy a release with make?"})
	if r := runHookProcess(t, home, "prompt", p); r.stdout != "" {
		t.Errorf("prompt hook repeated an injected note:\n%s", r.stdout)
	}
	p = payload(map[string]any{"session_id": "s2", "cwd": dir, "prompt": "how do I deploy a release with make?"})
	r = runHookProcess(t, home, "prompt", p)
	if got := contextOf(t, r, "UserPromptSubmit"); !strings.Contains(got, "Deploy with make release") {
		t.Errorf("prompt hook in a fresh session:\n%s", got)
	}
	if r := runHookProcess(t, home, "prompt", p); r.stdout != "" {
		t.Errorf("prompt hook gave the same note twice in one session:\n%s", r.stdout)
	}
}

func TestHookInjectBudgetSetting(t *testing.T) {
	home, st := newHome(t)
	dir := projectDir(t, "p")
	for i := 0; i < 40; i++ {
		st.Write(context.Background(), store.WriteInput{Type: note.Semantic, Title: fmt.Sprintf("Fact %d", i), Body: strings.Repeat("some words here ", 30), Project: "p"})
	}
	in := payload(map[string]any{"session_id": "s", "cwd": dir, "source": "startup"})
	small := contextOf(t, runHookProcess(t, home, "session-start", in, "ANAMNESIS_INJECT_BUDGET=300"), "SessionStart")
	if n := len([]rune(small)); n > 1200 {
		t.Errorf("ANAMNESIS_INJECT_BUDGET=300: %d characters", n)
	}
	os.WriteFile(filepath.Join(home, "config.json"), []byte(`{"inject_budget_tokens": 1000}`), 0o600)
	mid := contextOf(t, runHookProcess(t, home, "session-start", in), "SessionStart")
	if n := len([]rune(mid)); n > 4000 || n <= len([]rune(small)) {
		t.Errorf("inject_budget_tokens=1000: %d characters", n)
	}
	big := contextOf(t, runHookProcess(t, home, "session-start", in, "ANAMNESIS_INJECT_BUDGET=100000"), "SessionStart")
	if n := len([]rune(big)); n > 9000 {
		t.Errorf("a huge budget broke the 9,000-character ceiling: %d", n)
	}
}

func TestHookFailsOpen(t *testing.T) {
	home, _ := newHome(t)
	dir := projectDir(t, "p")
	good := payload(map[string]any{"session_id": "s", "cwd": dir, "transcript_path": filepath.Join(dir, "missing.jsonl"), "source": "startup", "prompt": "what about the sqlite busy timeout?"})
	cases := []struct {
		name, event, stdin, logWant string
	}{
		{"empty stdin", "session-start", "", "empty hook input"},
		{"not json", "prompt", "this is not json", "not a JSON object"},
		{"json array", "session-start", "[1,2]", "not a JSON object"},
		{"truncated json", "session-end", `{"session_id":"s","transcript`, "not a JSON object"},
		{"no transcript path", "stop", `{"session_id":"s"}`, "nothing to capture"},
		{"unknown event", "sesion-start", good, "unknown hook event"},
		{"missing transcript", "session-end", good, ""},
	}
	for _, c := range cases {
		r := runHookProcess(t, home, c.event, c.stdin)
		if r.code != 0 || strings.TrimSpace(r.stdout) != "" {
			t.Errorf("%s: exit %d, stdout %q; want 0 and nothing", c.name, r.code, r.stdout)
		}
		if c.logWant != "" && !strings.Contains(readLog(home), c.logWant) {
			t.Errorf("%s: hooks.log lacks %q:\n%s", c.name, c.logWant, readLog(home))
		}
	}

	// No store at all: nothing printed, nothing created.
	nowhere := filepath.Join(t.TempDir(), "no-store")
	for _, ev := range []string{"session-start", "prompt", "session-end", "stop", "pre-compact"} {
		if r := runHookProcess(t, nowhere, ev, good); r.code != 0 || r.stdout != "" {
			t.Errorf("no store, %s: exit %d stdout %q", ev, r.code, r.stdout)
		}
	}
	if _, err := os.Stat(nowhere); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a hook created a store at %s", nowhere)
	}
}

// A corrupt index is rebuilt from the notes by the hook itself, and the session still gets them.
func TestHookCorruptIndexRebuiltAndInjects(t *testing.T) {
	home, st := newHome(t)
	dir := projectDir(t, "p")
	if _, err := st.Write(context.Background(), store.WriteInput{Type: note.Semantic, Title: "Corrupt index survivor", Body: "x", Project: "p"}); err != nil {
		t.Fatal(err)
	}
	st.Close()
	for _, suffix := range []string{"-wal", "-shm"} {
		os.Remove(filepath.Join(home, store.IndexFile+suffix))
	}
	if err := os.WriteFile(filepath.Join(home, store.IndexFile), []byte("not a database"), 0o600); err != nil {
		t.Fatal(err)
	}
	r := runHookProcess(t, home, "session-start", payload(map[string]any{"session_id": "s", "cwd": dir, "source": "startup"}))
	if got := contextOf(t, r, "SessionStart"); !strings.Contains(got, "Corrupt index survivor") {
		t.Errorf("after a corrupt index the session got %q; want the note", got)
	}
}

func TestHookLockedStoreStillInjects(t *testing.T) {
	home, st := newHome(t)
	dir := projectDir(t, "p")
	st.Write(context.Background(), store.WriteInput{Type: note.Semantic, Title: "A fact", Body: "x", Project: "p"})
	tr := copyFixture(t, "tools.jsonl")
	if r := runHookProcess(t, home, "pre-compact", payload(map[string]any{"session_id": "s", "cwd": dir, "transcript_path": tr})); r.code != 0 {
		t.Fatal(r.stderr)
	}
	// Another process holds the store lock: capture cannot write, injection still answers.
	l, err := lock.Acquire(context.Background(), filepath.Join(home, store.LockFile))
	if err != nil {
		t.Fatal(err)
	}
	defer l.Release()
	waitFor(t, func() bool { return strings.Contains(readLog(home), "drain") }, "the detached drainer to give up on the lock")
	r := runHookProcess(t, home, "session-start", payload(map[string]any{"session_id": "s", "cwd": dir, "source": "compact"}))
	if r.code != 0 || !strings.Contains(contextOf(t, r, "SessionStart"), "A fact") {
		t.Errorf("locked store: exit %d, stdout %q", r.code, r.stdout)
	}
}

func copyFixture(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "core", "capture", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// waitFor polls for a detached worker's effect. It is not a timing assertion: the deadline is
// only there so a broken worker fails the test instead of hanging it.
func waitFor(t *testing.T, cond func() bool, what string) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestHookCaptureThroughSpool(t *testing.T) {
	home, st := newHome(t)
	dir := projectDir(t, "github.com/acme/app")
	tr := copyFixture(t, "tools.jsonl")
	const sid = "5f1c2d3e-0000-4000-8000-00000000abcd"
	in := payload(map[string]any{"session_id": sid, "cwd": dir, "transcript_path": tr, "hook_event_name": "Stop",
		"last_assistant_message": "All green; busy_timeout is configurable."})
	ctx := context.Background()
	sessionNote := func() *note.Note {
		st2, err := store.Open(ctx, home, store.Options{})
		if err != nil {
			return nil
		}
		defer st2.Close()
		n, err := st2.FindBySession(ctx, sid, note.SourceSessionEnd)
		if err != nil {
			return nil
		}
		return n
	}
	for _, ev := range []string{"stop", "pre-compact", "session-end"} {
		r := runHookProcess(t, home, ev, in)
		if r.code != 0 || r.stdout != "" {
			t.Fatalf("%s: exit %d stdout %q", ev, r.code, r.stdout)
		}
	}
	waitFor(t, func() bool {
		n := sessionNote()
		return n != nil && n.HasTag("session-end") && !pendingSpool(home)
	}, "the detached drainer to capture the session")
	page, err := st.List(ctx, store.ListOptions{Filter: store.Filter{Type: note.Episodic}})
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Notes) != 1 {
		t.Fatalf("%d episodic notes after three captures of one session, want 1", len(page.Notes))
	}
	n := sessionNote()
	if !n.HasTag("agent:claude") {
		t.Errorf("a Claude Code session's note has tags %v, want agent:claude", n.Tags)
	}
	if n.Project != "github.com/acme/app" && n.Project != "proj" {
		t.Errorf("project = %q", n.Project)
	}
	if strings.Contains(n.Body, "abc123xyz") {
		t.Errorf("secret captured:\n%s", n.Body)
	}
	// The next session of the project sees it.
	r := runHookProcess(t, home, "session-start", payload(map[string]any{"session_id": "next", "cwd": dir, "source": "startup"}))
	if !strings.Contains(contextOf(t, r, "SessionStart"), "Fix the flaky WAL test") {
		t.Errorf("the captured session is not injected into the next one:\n%s", r.stdout)
	}
}

// ANAMNESIS_CAPTURE=off in the session's environment: the capture hooks record nothing.
func TestHookCaptureOffByEnvironment(t *testing.T) {
	home, _ := newHome(t)
	dir := projectDir(t, "p")
	in := payload(map[string]any{"session_id": "off-1", "cwd": dir, "transcript_path": copyFixture(t, "tools.jsonl"), "hook_event_name": "Stop"})
	for _, ev := range []string{"stop", "session-end"} {
		if r := runHookProcess(t, home, ev, in, "ANAMNESIS_CAPTURE=off"); r.code != 0 || r.stdout != "" {
			t.Fatalf("%s: exit %d stdout %q", ev, r.code, r.stdout)
		}
	}
	if pendingSpool(home) {
		t.Error("a session run with ANAMNESIS_CAPTURE=off was spooled")
	}
	log, _ := os.ReadFile(filepath.Join(home, "logs", "hooks.log"))
	if !strings.Contains(string(log), "ANAMNESIS_CAPTURE=off") {
		t.Errorf("hooks.log does not say why nothing was captured:\n%s", log)
	}
}

// ANAMNESIS_HOOKS=off (set on Anamnesis's own claude -p runs) makes every hook a no-op: nothing
// injected, recalled or spooled.
func TestHooksOffByEnvironment(t *testing.T) {
	home, st := newHome(t)
	dir := projectDir(t, "github.com/acme/app")
	st.Write(context.Background(), store.WriteInput{Type: note.Procedural, Title: "Deploy with make release", Body: "x", Project: "github.com/acme/app"})
	start := payload(map[string]any{"session_id": "h1", "cwd": dir, "source": "startup"})
	if r := runHookProcess(t, home, "session-start", start); !strings.Contains(r.stdout, "Deploy with make release") {
		t.Fatalf("control: session-start without the variable injected nothing: %q", r.stdout)
	}
	for ev, in := range map[string]string{
		"session-start": start,
		"prompt":        payload(map[string]any{"session_id": "h2", "cwd": dir, "prompt": "how do I deploy a release with make?"}),
		"session-end":   payload(map[string]any{"session_id": "h3", "cwd": dir, "transcript_path": copyFixture(t, "tools.jsonl")}),
	} {
		if r := runHookProcess(t, home, ev, in, "ANAMNESIS_HOOKS=off"); r.code != 0 || r.stdout != "" {
			t.Errorf("%s with ANAMNESIS_HOOKS=off: exit %d stdout %q", ev, r.code, r.stdout)
		}
	}
	if pendingSpool(home) {
		t.Error("a session run with ANAMNESIS_HOOKS=off was spooled")
	}
}

func pendingSpool(home string) bool {
	m, _ := filepath.Glob(filepath.Join(home, "spool", "*.json"))
	return len(m) > 0
}

func TestHookSessionStartStartsSyncInBackground(t *testing.T) {
	home, st := newHome(t)
	dir := projectDir(t, "p")
	st.Write(context.Background(), store.WriteInput{Type: note.Semantic, Title: "A fact", Body: "x", Project: "p"})
	in := payload(map[string]any{"session_id": "s", "cwd": dir, "source": "startup"})
	r := runHookProcess(t, home, "session-start", in, "ANAMNESIS_GIT_REMOTE=/nonexistent/remote.git")
	if r.code != 0 || !strings.Contains(contextOf(t, r, "SessionStart"), "A fact") {
		t.Fatalf("exit %d stdout %q", r.code, r.stdout)
	}
	// The child's output (whatever sync says about a remote that does not exist) lands in its log.
	logPath := filepath.Join(home, "logs", "sync.log")
	waitFor(t, func() bool { fi, err := os.Stat(logPath); return err == nil && fi.Size() > 0 }, "the background sync to write its log")
	// Without a remote nothing is started.
	home2, st2 := newHome(t)
	st2.Write(context.Background(), store.WriteInput{Type: note.Semantic, Title: "A fact", Body: "x", Project: "p"})
	runHookProcess(t, home2, "session-start", in)
	if _, err := os.Stat(filepath.Join(home2, "logs", "sync.log")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a sync was started without a remote")
	}
}
