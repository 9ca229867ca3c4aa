package hooks

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/home"
	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
	"github.com/anamnesis-go/anamnesis/hookcli/resident"
)

// agentFixture copies a session file a real client wrote (core/capture/testdata/agents) to rel
// under dir and returns its path.
func agentFixture(t *testing.T, name, dir, rel string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "core", "capture", "testdata", "agents", name))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// agentSessionNote is the note captured for session id, or nil.
func agentSessionNote(home, id string) *note.Note {
	ctx := context.Background()
	st, err := store.Open(ctx, home, store.Options{})
	if err != nil {
		return nil
	}
	defer st.Close()
	n, err := st.FindBySession(ctx, id, note.SourceSessionEnd)
	if err != nil {
		return nil
	}
	return n
}

// TestHookGeminiSessionEnd runs "hook --agent gemini session-end" as Gemini CLI's SessionEnd does,
// with a chat file Gemini wrote: the session is captured in Gemini's format, in the project named
// by the chat's .project_root, tagged agent:gemini. An agent capture cannot read spools nothing.
func TestHookGeminiSessionEnd(t *testing.T) {
	home, _ := newHome(t)
	dir := projectDir(t, "github.com/acme/gem")
	gem := t.TempDir()
	chat := agentFixture(t, "gemini-shell-command.jsonl", gem, "tmp/gem/chats/session-x.jsonl")
	if err := os.WriteFile(filepath.Join(gem, "tmp", "gem", ".project_root"), []byte(dir+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	const sid = "8daa1069-b6a2-4676-890e-84185f5ddec6"
	in := payload(map[string]any{"session_id": sid, "transcript_path": chat, "cwd": dir, "hook_event_name": "SessionEnd",
		"reason": "exit", "timestamp": time.Now().UTC().Format(time.RFC3339)})
	cmd := exec.Command(binary, "hook", "--agent", "gemini", "session-end")
	cmd.Env = append(os.Environ(), "ANAMNESIS_HOME="+home, "ANAMNESIS_MACHINE_ID=test", "ANAMNESIS_GIT_REMOTE=")
	cmd.Stdin = strings.NewReader(in)
	if out, err := cmd.CombinedOutput(); err != nil || len(out) != 0 {
		t.Fatalf("hook: %v %q", err, out)
	}
	waitFor(t, func() bool { return agentSessionNote(home, sid) != nil && !pendingSpool(home) }, "the Gemini session's note")
	n := agentSessionNote(home, sid)
	if !n.HasTag("agent:gemini") || n.HasTag("agent:claude") || n.Project != "github.com/acme/gem" ||
		!strings.Contains(n.Body, "touch zanzibar.txt") || strings.Contains(n.Body, "Never deploy by hand") {
		t.Errorf("note: tags %v project %q\n%s", n.Tags, n.Project, n.Body)
	}

	cmd = exec.Command(binary, "hook", "--agent", "vim", "session-end")
	cmd.Env = append(os.Environ(), "ANAMNESIS_HOME="+home, "ANAMNESIS_MACHINE_ID=test")
	cmd.Stdin = strings.NewReader(in)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("a hook with an unknown agent must still exit 0: %v %s", err, out)
	}
	if pendingSpool(home) || !strings.Contains(readLog(home), `hook --agent "vim"`) {
		t.Errorf("unknown agent: spooled %v, log %q", pendingSpool(home), readLog(home))
	}
}

// TestHookSessionStartSweepsWithoutRemote: with no remote no background sync runs, so SessionStart
// starts a background capture of the watched agents: a Codex session written after init watched
// Codex becomes a note tagged agent:codex.
func TestHookSessionStartSweepsWithoutRemote(t *testing.T) {
	home, st := newHome(t)
	dir := projectDir(t, "p")
	st.Write(context.Background(), store.WriteInput{Type: note.Semantic, Title: "A fact", Body: "x", Project: "p"})
	codex := t.TempDir()
	if err := os.MkdirAll(filepath.Join(home, "agents"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, "agents", "codex.json"), []byte(`{"since": "2020-01-01T00:00:00Z"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	agentFixture(t, "codex-exec-command.jsonl", codex, "sessions/2026/11/23/rollout-x.jsonl")
	in := payload(map[string]any{"session_id": "s", "cwd": dir, "source": "startup"})
	r := runHookProcess(t, home, "session-start", in, "CODEX_HOME="+codex)
	if r.code != 0 || !strings.Contains(contextOf(t, r, "SessionStart"), "A fact") {
		t.Fatalf("exit %d stdout %q", r.code, r.stdout)
	}
	const sid = "01a2088f-970d-7a02-80b0-a6b319b147a7"
	waitFor(t, func() bool { return agentSessionNote(home, sid) != nil }, "the background capture of the Codex session")
	if n := agentSessionNote(home, sid); !n.HasTag("agent:codex") {
		t.Errorf("tags %v", n.Tags)
	}
	if _, err := os.Stat(filepath.Join(home, "logs", "sync.log")); err == nil {
		t.Error("a sync was started without a remote")
	}
}

// TestFrontDoorAgentHook: another agent's capture hook ("hook --agent gemini session-end"), run
// through the front door as init now registers it, is answered by the resident server and read
// in that agent's format.
func TestFrontDoorAgentHook(t *testing.T) {
	root, _ := newHome(t)
	stopServer(t, root)
	srv := exec.Command(binary, "--home", root, "hook-server")
	srv.Env = append(os.Environ(), "ANAMNESIS_HOME="+root, "ANAMNESIS_MACHINE_ID=test", "ANAMNESIS_GIT_REMOTE=")
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = srv.Process.Kill(); _ = srv.Wait() }()
	waitFor(t, func() bool { return exists(serverSocket(t, root)) }, "the server's socket")

	dir := projectDir(t, "github.com/acme/gem")
	gem := t.TempDir()
	chat := agentFixture(t, "gemini-shell-command.jsonl", gem, "tmp/gem/chats/session-x.jsonl")
	if err := os.WriteFile(filepath.Join(gem, "tmp", "gem", ".project_root"), []byte(dir+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	const sid = "8daa1069-b6a2-4676-890e-84185f5ddec6"
	in := payload(map[string]any{"session_id": sid, "transcript_path": chat, "cwd": dir, "hook_event_name": "SessionEnd",
		"reason": "exit", "timestamp": time.Now().UTC().Format(time.RFC3339)})
	if r := runProcess(t, frontDoor, root, []string{"hook", "--agent", "gemini", "session-end"}, in); r.code != 0 || r.stdout != "" {
		t.Fatalf("hook: %+v", r)
	}
	states := resident.Probe(context.Background(), home.At(root))
	if len(states) != 1 || states[0].Answered != 1 {
		t.Fatalf("the server did not answer the hook: %+v", states)
	}
	waitFor(t, func() bool { return agentSessionNote(root, sid) != nil && !pendingSpool(root) }, "the Gemini session's note")
	if n := agentSessionNote(root, sid); !n.HasTag("agent:gemini") || n.HasTag("agent:claude") || n.Project != "github.com/acme/gem" {
		t.Errorf("note: tags %v project %q", n.Tags, n.Project)
	}
}
