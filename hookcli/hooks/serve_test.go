package hooks

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/home"
	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
	"github.com/anamnesis-go/anamnesis/hookcli/resident"
)

// runFrontDoor runs "anamnesis-hook hook <event>" as Claude Code would, against the store at home.
func runFrontDoor(t testing.TB, home, event, stdin string, env ...string) hookRun {
	t.Helper()
	return runProcess(t, frontDoor, home, []string{"hook", event}, stdin, env...)
}

// serverSocket is the socket the server for home listens on, as the front door computes it.
func serverSocket(t testing.TB, root string) string {
	t.Helper()
	env := append(os.Environ(), "ANAMNESIS_HOME="+root, "ANAMNESIS_MACHINE_ID=test", "ANAMNESIS_GIT_REMOTE=")
	full, err := filepath.EvalSymlinks(binary)
	if err != nil {
		t.Fatal(err)
	}
	key, err := resident.Key(home.At(root).Root(), dedupEnv(env), full)
	if err != nil {
		t.Fatal(err)
	}
	return resident.Socket(home.At(root), key)
}

// dedupEnv keeps the last value of each variable, as exec does for a child's environment.
func dedupEnv(env []string) []string {
	last := map[string]int{}
	for i, kv := range env {
		last[strings.SplitN(kv, "=", 2)[0]] = i
	}
	var out []string
	for i, kv := range env {
		if last[strings.SplitN(kv, "=", 2)[0]] == i {
			out = append(out, kv)
		}
	}
	return out
}

func exists(p string) bool { _, err := os.Stat(p); return err == nil }

// stopServer stops, at cleanup, any hook server serving root.
func stopServer(t *testing.T, root string) {
	t.Cleanup(func() {
		_ = exec.Command("pkill", "-f", "--", "--home "+root+" hook-server").Run()
	})
}

// TestFrontDoorAnswersThroughTheServer is the whole path: the first hook finds no server, is
// answered by anamnesis itself and starts one; the next is answered by the server, with the same
// answer, even when anamnesis itself could not have run; a killed server's socket is replaced.
func TestFrontDoorAnswersThroughTheServer(t *testing.T) {
	root, st := newHome(t)
	stopServer(t, root)
	ctx := context.Background()
	st.Write(ctx, store.WriteInput{Type: note.Procedural, Title: "Rotate the signing keys with make rotate-keys", Body: "Runs quarterly; the old key stays valid for a week.", Project: "global"})
	st.Write(ctx, store.WriteInput{Type: note.Semantic, Title: "Unrelated", Body: "Lunch is at noon.", Project: "global"})
	ask := func(session string) string {
		return payload(map[string]any{"session_id": session, "cwd": t.TempDir(), "prompt": "how do we rotate the signing keys?"})
	}
	direct := contextOf(t, runHookProcess(t, root, "prompt", ask("direct")), "UserPromptSubmit")
	if !strings.Contains(direct, "Rotate the signing keys") {
		t.Fatalf("the hook did not recall the note: %q", direct)
	}

	first := runFrontDoor(t, root, "prompt", ask("first"))
	if got := contextOf(t, first, "UserPromptSubmit"); got != direct {
		t.Fatalf("first answer (no server yet) differs from the hook's:\n%s\nwant\n%s", got, direct)
	}
	sock := serverSocket(t, root)
	waitFor(t, func() bool { return exists(sock) }, "the server's socket")

	// With the anamnesis binary unrunnable (its size and time, which name the server, unchanged),
	// only the server can answer.
	if err := os.Chmod(binary, 0o600); err != nil {
		t.Fatal(err)
	}
	served := runFrontDoor(t, root, "prompt", ask("served"))
	if err := os.Chmod(binary, 0o755); err != nil {
		t.Fatal(err)
	}
	if got := contextOf(t, served, "UserPromptSubmit"); got != direct {
		t.Fatalf("the server's answer differs from the hook's:\n%s\nwant\n%s (stderr %s)", got, direct, served.stderr)
	}
	// The server keeps the session's record of notes given, as the hook does: asked again in the
	// same session, nothing is repeated.
	if again := runFrontDoor(t, root, "prompt", ask("served")); strings.TrimSpace(again.stdout) != "" {
		t.Fatalf("the same session was given the note twice: %s", again.stdout)
	}

	// A killed server leaves its socket: the next hook still gets its answer, and a new server
	// takes the socket over.
	if out, err := exec.Command("pkill", "-KILL", "-f", "--", "--home "+root+" hook-server").CombinedOutput(); err != nil {
		t.Fatalf("kill the server: %v %s", err, out)
	}
	waitFor(t, func() bool { return exec.Command("pgrep", "-f", "--", "--home "+root+" hook-server").Run() != nil }, "the killed server to be gone")
	if !exists(sock) {
		t.Fatal("a killed server should leave its socket behind for this test to mean anything")
	}
	os.Remove(filepath.Join(filepath.Dir(sock), strings.TrimSuffix(filepath.Base(sock), ".sock")+".started"))
	after := runFrontDoor(t, root, "prompt", ask("after-kill"))
	if got := contextOf(t, after, "UserPromptSubmit"); got != direct {
		t.Fatalf("after the server was killed: %q, want %q", got, direct)
	}
	waitFor(t, func() bool {
		_, err := resident.Ask(ctx, sock, resident.Request{Event: "prompt", Stdin: []byte(ask("probe"))})
		return err == nil
	}, "a new server")
}

// TestServerSeesChangesMadeByOthers: the server keeps the store open, yet a note written by another
// process, an index rebuilt or removed under it and settings edited are all seen at the next hook.
func TestServerSeesChangesMadeByOthers(t *testing.T) {
	root, st := newHome(t)
	stopServer(t, root)
	ctx := context.Background()
	st.Write(ctx, store.WriteInput{Type: note.Semantic, Title: "Placeholder note", Body: "Nothing to see.", Project: "global"})
	srv := exec.Command(binary, "--home", root, "hook-server")
	srv.Env = append(os.Environ(), "ANAMNESIS_HOME="+root, "ANAMNESIS_MACHINE_ID=test", "ANAMNESIS_GIT_REMOTE=")
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	sock := serverSocket(t, root)
	waitFor(t, func() bool { return exists(sock) }, "the server's socket")

	run := func(t *testing.T, args ...string) {
		t.Helper()
		c := exec.Command(binary, append([]string{"--home", root}, args...)...)
		c.Env = srv.Env
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v %s", strings.Join(args, " "), err, out)
		}
	}
	removeIndex := func(t *testing.T) {
		for _, suffix := range []string{"", "-wal", "-shm"} {
			if err := os.Remove(filepath.Join(root, store.IndexFile+suffix)); err != nil && !os.IsNotExist(err) {
				t.Fatal(err)
			}
		}
	}
	// The server keeps the store open between hooks; each step changes it behind the server's back
	// and the next hook must see it as a new process would.
	steps := []struct {
		name, word string
		change     func(t *testing.T)
		injected   bool // the new note is in the hook's answer
	}{
		{name: "write", word: "write", change: func(*testing.T) {}, injected: true},
		{name: "reindex --full", word: "reindex", change: func(t *testing.T) { run(t, "reindex", "--full") }, injected: true},
		{name: "index removed", word: "removed", change: removeIndex, injected: true},
		{name: "settings edited", word: "budget", change: func(t *testing.T) { run(t, "config", "set", "prompt_budget_tokens", "1") }},
		{name: "settings restored", word: "restored", change: func(t *testing.T) { run(t, "config", "unset", "prompt_budget_tokens") }, injected: true},
	}
	for _, step := range steps {
		t.Run(step.name, func(t *testing.T) {
			title := "Flaky canary fixed by pinning the " + step.word + " clock"
			step.change(t)
			run(t, "write", "--type", "semantic", "--title", title, "--body", "Pin it.", "--project", "global")
			resp, err := resident.Ask(ctx, sock, resident.Request{Event: "prompt", Stdin: []byte(payload(map[string]any{
				"session_id": step.name, "cwd": t.TempDir(), "prompt": "flaky canary " + step.word + " clock"}))})
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Contains(string(resp.Stdout), title); got != step.injected {
				t.Fatalf("the server answered as if the store were as before the step: injected %q = %v, want %v: %s",
					title, got, step.injected, resp.Stdout)
			}
		})
	}

	// A second server for the same store and settings leaves at once; the first keeps serving.
	second := exec.Command(binary, "--home", root, "hook-server")
	second.Env = srv.Env
	done := make(chan error, 1)
	go func() { done <- second.Run() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("the second server should leave quietly: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("a second server did not leave")
	}
	if !exists(sock) {
		t.Fatal("the second server removed the first one's socket")
	}

	// Stopped, the server removes its socket.
	if err := srv.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := srv.Wait(); err != nil {
		t.Fatalf("the server did not stop cleanly: %v", err)
	}
	if exists(sock) {
		t.Fatal("the stopped server left its socket")
	}
}

// TestServerLeavesWhenIdle: hooks.server_idle bounds how long a server waits for the next hook.
func TestServerLeavesWhenIdle(t *testing.T) {
	root, _ := newHome(t)
	stopServer(t, root)
	srv := exec.Command(binary, "--home", root, "hook-server")
	srv.Env = append(os.Environ(), "ANAMNESIS_HOOK_SERVER_IDLE=0.3")
	var out, errb bytes.Buffer
	srv.Stdout, srv.Stderr = &out, &errb
	start := time.Now()
	if err := srv.Run(); err != nil {
		t.Fatalf("hook-server: %v %s", err, errb.String())
	}
	if time.Since(start) < 300*time.Millisecond {
		t.Fatalf("the server left after %v, before its idle time", time.Since(start))
	}
	// Its log says when it started, for which store, and that it stopped.
	for _, want := range []string{"started for " + root, "leaves after 300ms without a hook", "stopped after answering 0 hook(s)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the server's log lacks %q:\n%s", want, out.String())
		}
	}
	matches, _ := filepath.Glob(filepath.Join(root, home.RunDir, "*.sock"))
	if len(matches) > 0 {
		t.Fatalf("an idle server left its socket: %v", matches)
	}
}

// TestFrontDoorWithTheServerOff: hooks.server off means every hook is run by anamnesis itself and
// no server is started.
func TestFrontDoorWithTheServerOff(t *testing.T) {
	root, st := newHome(t)
	stopServer(t, root)
	st.Write(context.Background(), store.WriteInput{Type: note.Semantic, Title: "Cache warmers run at five", Body: "Cron.", Project: "global"})
	r := runFrontDoor(t, root, "prompt", payload(map[string]any{"session_id": "off", "cwd": t.TempDir(), "prompt": "when do cache warmers run"}),
		"ANAMNESIS_HOOK_SERVER=off")
	if got := contextOf(t, r, "UserPromptSubmit"); !strings.Contains(got, "Cache warmers") {
		t.Fatalf("answer %q", got)
	}
	time.Sleep(300 * time.Millisecond)
	if matches, _ := filepath.Glob(filepath.Join(root, home.RunDir, "*")); len(matches) > 0 {
		t.Fatalf("a server was started with hooks.server off: %v", matches)
	}
}

// TestWaitsBetweenDeadlineAndTimeout holds anamnesis-hook's wait for each answer between the
// handler's deadline (so a late answer still arrives) and Claude Code's timeout (which would lose
// it), and keeps the front door's list of hooks the same as the Claude Code events.
func TestWaitsBetweenDeadlineAndTimeout(t *testing.T) {
	claude := 0
	for _, e := range Events {
		if e.Claude == "" {
			if _, ok := resident.Events[e.Name]; ok {
				t.Errorf("the front door sends %q to the server, which Claude Code never runs", e.Name)
			}
			continue
		}
		claude++
		w, ok := resident.Events[e.Name]
		if !ok {
			t.Errorf("the front door does not send %q to the server", e.Name)
			continue
		}
		if w <= e.Deadline || w >= e.Timeout {
			t.Errorf("%s: the front door waits %v; want between the deadline %v and the timeout %v", e.Name, w, e.Deadline, e.Timeout)
		}
	}
	if claude != len(resident.Events) {
		t.Errorf("the front door answers %d events, Claude Code runs %d", len(resident.Events), claude)
	}
}

// TestFrontDoorPluginHandler: the plugin's handler ("hook --plugin EVENT") goes through the
// server too, and steps aside there when init installed the same hook in the user's settings or
// in those of $CLAUDE_PROJECT_DIR, which the front door passes along.
func TestFrontDoorPluginHandler(t *testing.T) {
	root, st := newHome(t)
	stopServer(t, root)
	st.Write(context.Background(), store.WriteInput{Type: note.Semantic, Title: "Staging deploys need the VPN", Body: "Connect first.", Project: "global"})
	claudeDir, project := t.TempDir(), t.TempDir()
	env := []string{"CLAUDE_CONFIG_DIR=" + claudeDir}
	ask := func(session string) string {
		return payload(map[string]any{"session_id": session, "cwd": project, "prompt": "do staging deploys need the vpn"})
	}
	plugin := func(session string, extra ...string) hookRun {
		r := runProcess(t, frontDoor, root, []string{"hook", "--plugin", "prompt"}, ask(session), append(env, extra...)...)
		if r.code != 0 {
			t.Fatalf("anamnesis-hook: exit %d %s", r.code, r.stderr)
		}
		return r
	}
	if got := contextOf(t, plugin("first"), "UserPromptSubmit"); !strings.Contains(got, "Staging deploys") {
		t.Fatalf("the plugin's prompt hook (no server yet): %q", got)
	}
	runFrontDoorEnv := append(dedupEnv(append(os.Environ(), "ANAMNESIS_HOME="+root, "ANAMNESIS_MACHINE_ID=test", "ANAMNESIS_GIT_REMOTE=")), env...)
	full, _ := filepath.EvalSymlinks(binary)
	key, err := resident.Key(root, runFrontDoorEnv, full)
	if err != nil {
		t.Fatal(err)
	}
	sock := resident.Socket(home.At(root), key)
	waitFor(t, func() bool { return exists(sock) }, "the server's socket")

	// Served: anamnesis itself cannot run.
	if err := os.Chmod(binary, 0o600); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(binary, 0o755)
	if got := contextOf(t, plugin("served"), "UserPromptSubmit"); !strings.Contains(got, "Staging deploys") {
		t.Fatalf("the server's answer to the plugin's hook: %q", got)
	}
	own := `{"hooks": {"UserPromptSubmit": [{"hooks": [{"type": "command", "command": "/opt/bin/anamnesis-hook hook prompt"}]}]}}`
	// init's hook in the project's settings: the plugin's steps aside.
	if err := os.MkdirAll(filepath.Join(project, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(project, ".claude", "settings.json"), []byte(own), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := plugin("project", "CLAUDE_PROJECT_DIR="+project); strings.TrimSpace(r.stdout) != "" {
		t.Fatalf("with init's hook in the project's settings the plugin's handler answered: %s", r.stdout)
	}
	if got := contextOf(t, plugin("other-project"), "UserPromptSubmit"); !strings.Contains(got, "Staging deploys") {
		t.Fatalf("another project (no CLAUDE_PROJECT_DIR) must still be answered: %q", got)
	}
	// init's hook in the user's settings: steps aside everywhere.
	if err := os.WriteFile(filepath.Join(claudeDir, "settings.json"), []byte(own), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := plugin("user"); strings.TrimSpace(r.stdout) != "" {
		t.Fatalf("with init's hook in the user's settings the plugin's handler answered: %s", r.stdout)
	}
}

// TestServerSharesItsStore: hooks answered at once share the server's open store while settings
// change under them, which retires it for a new one; every hook gets a working App, and a retired
// one closes only when its last hook lets go (run with -race).
func TestServerSharesItsStore(t *testing.T) {
	root, st := newHome(t)
	ctx := context.Background()
	st.Write(ctx, store.WriteInput{Type: note.Semantic, Title: "Shared grebe note", Body: "x", Project: "global"})
	s := &server{dir: root, home: home.At(root)}
	defer s.closeApp()
	stop := make(chan struct{})
	edits := make(chan struct{})
	go func() {
		defer close(edits)
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			case <-time.After(3 * time.Millisecond):
			}
			cfg := fmt.Sprintf("{\"prompt_budget_tokens\": %d}\n", 500+i)
			if err := os.WriteFile(filepath.Join(root, "config.json"), []byte(cfg), 0o600); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 15; i++ {
				a, release, err := s.open(ctx)
				if err != nil {
					t.Error(err)
					return
				}
				k := 3
				page, err := a.Search(ctx, app.SearchRequest{Query: "grebe", K: &k})
				release()
				if err != nil || len(page.Notes) != 1 {
					t.Errorf("search through the shared store: %v, %d notes", err, len(page.Notes))
					return
				}
			}
		}()
	}
	wg.Wait()
	close(stop)
	<-edits
}

// TestServerWalksInTheBackgroundWhenDue: once the last full walk is older than the trust window,
// the server answers from the index and then walks the note files in the background, so an edit
// written in place is found a moment later; a walk that finds nothing leaves the index's files
// untouched (a write would make the server's connections read their pages again) and renews the
// trust window in drift.walked.
func TestServerWalksInTheBackgroundWhenDue(t *testing.T) {
	root, st := newHome(t)
	stopServer(t, root)
	ctx := context.Background()
	n, err := st.Write(ctx, store.WriteInput{Type: note.Semantic, Title: "Kettle", Body: "boil the water first", Project: "global"})
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	srv := exec.Command(binary, "--home", root, "hook-server")
	srv.Env = append(os.Environ(), "ANAMNESIS_HOME="+root, "ANAMNESIS_MACHINE_ID=test", "ANAMNESIS_GIT_REMOTE=")
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Process.Signal(syscall.SIGTERM); _ = srv.Wait() })
	sock := serverSocket(t, root)
	waitFor(t, func() bool { return exists(sock) }, "the server's socket")
	search := func(word string) string {
		t.Helper()
		resp, err := resident.Ask(ctx, sock, resident.Request{Args: []string{"--home", root, "search", word, "--json"}, Cwd: root})
		if err != nil || resp.Exit != 0 {
			t.Fatalf("search %s: %v exit %d %s", word, err, resp.Exit, resp.Stderr)
		}
		return string(resp.Stdout)
	}
	ageScan := func() {
		t.Helper()
		db, err := sql.Open("sqlite", filepath.Join(root, store.IndexFile)+"?_pragma=busy_timeout(10000)")
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if _, err := db.Exec(`UPDATE anamnesis_meta SET value = json_set(value, '$.at', 0) WHERE key = 'scan'`); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, func() bool { return strings.Contains(search("boil"), n.ID) }, "the note")

	// Edited in place (its directory does not change) once the last walk is old.
	path := filepath.Join(root, store.PortableDir, filepath.FromSlash(n.RelPath()))
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(strings.Replace(string(data), "boil the water first", "descale every month", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	ageScan()
	if out := search("descale"); strings.Contains(out, n.ID) {
		t.Fatalf("the first search after the idle time waited for the walk: %s", out)
	}
	waitFor(t, func() bool { return strings.Contains(search("descale"), n.ID) }, "the walk to index the in-place edit")

	// Nothing changed: the walk renews the record without writing to the index.
	ageScan()
	time.Sleep(50 * time.Millisecond)
	before := indexStamp(t, root)
	walked := filepath.Join(root, store.WalkedFile)
	search("descale")
	waitFor(t, func() bool { b, _ := os.ReadFile(walked); return strings.HasPrefix(string(b), "0 ") }, "the walk's renewal")
	if after := indexStamp(t, root); after != before {
		t.Fatalf("a walk that found nothing wrote to the index:\n before %s\n after  %s", before, after)
	}
}

// indexStamp describes the index's files: the database's and its log's sizes and times.
func indexStamp(t *testing.T, root string) string {
	t.Helper()
	var b strings.Builder
	for _, name := range []string{store.IndexFile, store.IndexFile + "-wal"} {
		if fi, err := os.Stat(filepath.Join(root, name)); err == nil {
			fmt.Fprintf(&b, "%s %d %s; ", name, fi.Size(), fi.ModTime().Format(time.RFC3339Nano))
		}
	}
	return b.String()
}

// TestRetiringTheAppStopsItsWalk: the walk after a hook runs on the App it started with. When
// that App is retired (the settings were edited, another program replaced the index, the server
// is leaving), the walk stops at once rather than keeping the old App open for up to
// walkDeadline; the next App walks again, so nothing is lost, and the stop is not logged as a
// failure. Once the server is leaving, a walk still due opens no store.
func TestRetiringTheAppStopsItsWalk(t *testing.T) {
	tests := []struct {
		name   string
		retire func(t *testing.T, s *server)
	}{
		{"settings edited, next hook", func(t *testing.T, s *server) {
			if err := os.WriteFile(s.home.Config(), []byte("{}\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			o, err := s.acquire(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			s.letGo(o)
		}},
		{"server leaving", func(t *testing.T, s *server) { s.closeApp() }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root, st := newHome(t)
			if _, err := st.Write(context.Background(), store.WriteInput{Type: note.Semantic, Title: "Kettle", Body: "boil the water first"}); err != nil {
				t.Fatal(err)
			}
			st.Close()
			hm, err := home.Resolve(root)
			if err != nil {
				t.Fatal(err)
			}
			started := make(chan *app.App)
			stopped := make(chan error, 1)
			var runs atomic.Int32
			s := &server{dir: root, home: hm, due: true, walker: func(ctx context.Context, a *app.App) error {
				if runs.Add(1) > 1 {
					return nil
				}
				if _, err := a.Store(ctx); err != nil { // as CatchUpDrift does
					return err
				}
				started <- a
				<-ctx.Done()
				stopped <- context.Cause(ctx)
				return ctx.Err()
			}}
			s.after(context.Background())
			var walked *app.App
			select {
			case walked = <-started:
			case <-time.After(30 * time.Second):
				t.Fatal("the walk did not start")
			}
			tc.retire(t, s)
			select {
			case cause := <-stopped:
				if cause != errRetired {
					t.Fatalf("the walk stopped because %v, want %v", cause, errRetired)
				}
			case <-time.After(30 * time.Second):
				t.Fatal("the walk kept running on a retired App")
			}
			s.walks.Wait()
			closed, err := walked.Store(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if _, err := closed.Search(context.Background(), store.SearchOptions{Query: "kettle"}); err == nil {
				t.Error("the retired App's store still answers once its walk stopped")
			}
			// A walk due once the server is leaving opens no store of its own.
			s.closeApp()
			s.due = true
			s.after(context.Background())
			s.walks.Wait()
			if n := runs.Load(); n != 1 {
				t.Errorf("%d walks ran, want 1: one ran after the server closed its store for good", n)
			}
			if s.cur != nil {
				t.Error("a walk opened a store after the server closed its store for good")
			}
			if log, _ := os.ReadFile(hm.Log("hooks.log")); strings.Contains(string(log), "drift walk") {
				t.Errorf("a walk stopped by retiring its App was logged as a failure:\n%s", log)
			}
		})
	}
}
