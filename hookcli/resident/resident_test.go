package resident

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/home"
)

func TestHookCall(t *testing.T) {
	tests := []struct {
		args        []string
		want        call
		isHook      bool
		description string
	}{
		{[]string{"hook", "prompt"}, call{event: "prompt"}, true, "the default store"},
		{[]string{"--home", "/s", "hook", "session-start"}, call{dir: "/s", event: "session-start"}, true, "--home DIR"},
		{[]string{"--home=/s", "hook", "stop"}, call{dir: "/s", event: "stop"}, true, "--home=DIR"},
		{[]string{"-home", "/s", "hook", "pre-compact"}, call{dir: "/s", event: "pre-compact"}, true, "-home DIR, as the flag package takes it"},
		{[]string{"hook", "--plugin", "prompt"}, call{event: "prompt", plugin: true}, true, "the plugin's handler"},
		{[]string{"--home", "/s", "hook", "--plugin", "session-end"}, call{dir: "/s", event: "session-end", plugin: true}, true, "the plugin's handler for another store"},
		{[]string{"hook", "--agent", "codex", "stop"}, call{event: "stop", agent: "codex"}, true, "another agent's hook"},
		{[]string{"hook", "--agent=gemini", "session-end"}, call{event: "session-end", agent: "gemini"}, true, "--agent=NAME"},
		{[]string{"hook", "--plugin", "--agent", "codex", "stop"}, call{event: "stop", agent: "codex", plugin: true}, true, "two flags"},
		{[]string{"hook", "--plugin", "drain"}, call{}, false, "the drain worker, even marked as the plugin's"},
		{[]string{"hook", "drain"}, call{}, false, "the drain worker is anamnesis-cli's own"},
		{[]string{"hook", "--agent", "stop"}, call{}, false, "--agent without a value"},
		{[]string{"hook", "--quiet", "stop"}, call{}, false, "a flag the front door does not know"},
		{[]string{"hook"}, call{}, false, "no event"},
		{[]string{"hook", "prompt", "extra"}, call{}, false, "an extra argument"},
		{[]string{"search", "x"}, call{}, false, "not a hook"},
		{[]string{"--home"}, call{}, false, "--home without a value"},
		{nil, call{}, false, "no arguments"},
	}
	for _, tt := range tests {
		t.Run(tt.description, func(t *testing.T) {
			got, ok := hookCall(tt.args)
			if ok != tt.isHook || got != tt.want {
				t.Errorf("hookCall(%q) = %+v, %v; want %+v, %v", tt.args, got, ok, tt.want, tt.isHook)
			}
		})
	}
}

func TestCommandCall(t *testing.T) {
	tests := []struct {
		args      []string
		dir, name string
		ok        bool
	}{
		{[]string{"search", "--json", "x"}, "", "search", true},
		{[]string{"--home", "/s", "search", "x"}, "/s", "search", true},
		{[]string{"--home=/s", "search"}, "/s", "search", true},
		{[]string{"list"}, "", "", false},
		{[]string{"--version"}, "", "", false},
		{[]string{"--home"}, "", "", false},
		{nil, "", "", false},
	}
	for _, tt := range tests {
		dir, name, ok := commandCall(tt.args)
		if dir != tt.dir || name != tt.name || ok != tt.ok {
			t.Errorf("commandCall(%q) = %q, %q, %v; want %q, %q, %v", tt.args, dir, name, ok, tt.dir, tt.name, tt.ok)
		}
	}
}

func TestKeyNamesStoreSettingsAndBinary(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "anamnesis")
	if err := os.WriteFile(bin, []byte("one"), 0o755); err != nil {
		t.Fatal(err)
	}
	key := func(root string, env ...string) string {
		k, err := Key(root, env, bin)
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	base := key("/s", "PATH=/bin", "HOME=/root", "ANAMNESIS_PROMPT_BUDGET=300", "ANAMNESIS_HOME=/s")
	if got := key("/s", "ANAMNESIS_HOME=/s", "HOME=/root", "TERM=xterm", "ANAMNESIS_PROMPT_BUDGET=300"); got != base {
		t.Error("the key depends on variables other than ANAMNESIS_* and HOME, or on their order")
	}
	for name, other := range map[string]string{
		"another store":    key("/t", "HOME=/root", "ANAMNESIS_PROMPT_BUDGET=300", "ANAMNESIS_HOME=/s"),
		"another setting":  key("/s", "HOME=/root", "ANAMNESIS_PROMPT_BUDGET=900", "ANAMNESIS_HOME=/s"),
		"a setting unset":  key("/s", "HOME=/root", "ANAMNESIS_HOME=/s"),
		"a hooks-off env":  key("/s", "HOME=/root", "ANAMNESIS_PROMPT_BUDGET=300", "ANAMNESIS_HOME=/s", "ANAMNESIS_HOOKS=off"),
		"another HOME":     key("/s", "HOME=/home/u", "ANAMNESIS_PROMPT_BUDGET=300", "ANAMNESIS_HOME=/s"),
		"a different file": "",
	} {
		if name == "a different file" {
			// A rebuilt binary: same path, new size and time.
			later := time.Now().Add(time.Minute)
			if err := os.WriteFile(bin, []byte("two!"), 0o755); err != nil {
				t.Fatal(err)
			}
			os.Chtimes(bin, later, later)
			other = key("/s", "HOME=/root", "ANAMNESIS_PROMPT_BUDGET=300", "ANAMNESIS_HOME=/s")
		}
		if other == base {
			t.Errorf("%s gives the same server key", name)
		}
	}
	if _, err := Key("/s", nil, filepath.Join(dir, "missing")); err == nil {
		t.Error("Key of a missing binary should fail")
	}
}

func TestAskWithoutAServer(t *testing.T) {
	dir := t.TempDir()
	_, err := Ask(context.Background(), filepath.Join(dir, "none.sock"), Request{Event: "prompt"})
	if !errors.Is(err, ErrNotRunning) || !Unanswered(err) {
		t.Fatalf("no server: %v; want ErrNotRunning, unanswered", err)
	}
	long := "/" + strings.Repeat("d", maxSocketPath) + ".sock"
	if _, err := Ask(context.Background(), long, Request{Event: "prompt"}); !errors.Is(err, ErrPathTooLong) || !Unanswered(err) {
		t.Fatalf("a path too long: %v; want ErrPathTooLong, unanswered", err)
	}
	s := &Server{Socket: long, Lock: filepath.Join(dir, "l"), Idle: time.Second}
	if err := s.Run(context.Background()); !errors.Is(err, ErrPathTooLong) {
		t.Fatalf("a server on a path too long: %v", err)
	}
}

// TestServerRoundTrip runs a Server in process: the answer comes back, an event it does not
// answer is closed unanswered (so the front door may run it another way), a second server on the
// same lock refuses, and the socket is private to the user.
func TestServerRoundTrip(t *testing.T) {
	h := home.At(t.TempDir())
	sock, lk := Socket(h, "k"), LockPath(h, "k")
	var after atomic.Int32
	s := &Server{Socket: sock, Lock: lk, Idle: time.Minute,
		Handle: func(_ context.Context, r Request) Response {
			return Response{Stdout: []byte(r.Event + ":" + r.Cwd + ":" + string(r.Stdin)), Stderr: []byte("note")}
		},
		After: func(context.Context) { after.Add(1) },
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := serve(t, ctx, s)
	resp, err := Ask(ctx, sock, Request{Event: "prompt", Cwd: "/w", Stdin: []byte(`{"x":1}`)})
	if err != nil {
		t.Fatal(err)
	}
	if string(resp.Stdout) != `prompt:/w:{"x":1}` || string(resp.Stderr) != "note" {
		t.Fatalf("answer %q / %q", resp.Stdout, resp.Stderr)
	}
	if _, err := Ask(ctx, sock, Request{Event: "drain"}); !Unanswered(err) {
		t.Fatalf("an event the server does not answer: %v; want unanswered", err)
	}
	if fi, err := os.Stat(sock); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("socket mode %v, %v; want 0600", fi.Mode().Perm(), err)
	}
	if fi, err := os.Stat(filepath.Dir(sock)); err != nil || fi.Mode().Perm() != 0o700 {
		t.Fatalf("run directory mode %v, %v; want 0700", fi.Mode().Perm(), err)
	}
	if err := (&Server{Socket: sock, Lock: lk, Idle: time.Second}).Run(ctx); !errors.Is(err, ErrRunning) {
		t.Fatalf("a second server: %v; want ErrRunning", err)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Run after cancel: %v", err)
	}
	if fileExists(sock) {
		t.Fatal("the socket outlived the server")
	}
	if n := after.Load(); n != 2 {
		t.Fatalf("After ran %d times, want once per connection (2)", n)
	}
}

// TestServerCancelWhileFull cancels a server whose every slot is taken while one more connection
// waits for a slot: it must stop cleanly (its listener was closed under it) after answering the
// hooks under way, which finish although the server was told to stop, and close the waiting one
// unanswered, so that its front door runs it instead.
func TestServerCancelWhileFull(t *testing.T) {
	h := home.At(t.TempDir())
	sock := Socket(h, "k")
	release := make(chan struct{})
	var started, accepted atomic.Int32
	acceptedHook = func() { accepted.Add(1) }
	t.Cleanup(func() { acceptedHook = nil })
	s := &Server{Socket: sock, Lock: LockPath(h, "k"), Idle: time.Minute,
		Handle: func(ctx context.Context, _ Request) Response {
			started.Add(1)
			<-release
			if ctx.Err() != nil {
				return Response{Stdout: []byte("cancelled")}
			}
			return Response{Stdout: []byte("ok")}
		},
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := serve(t, ctx, s)
	const hooks = maxConcurrent + 1
	answers := make(chan error, hooks)
	for range hooks {
		go func() {
			resp, err := Ask(context.Background(), sock, Request{Event: "prompt"})
			if err == nil && string(resp.Stdout) != "ok" {
				err = errors.New("answer " + string(resp.Stdout))
			}
			answers <- err
		}()
	}
	// Every hook is accepted, the last one waiting for a slot.
	waitUntil(t, func() bool { return accepted.Load() >= hooks && started.Load() >= maxConcurrent },
		"every hook accepted and every slot taken")
	if a, n := accepted.Load(), started.Load(); a != hooks || n != maxConcurrent {
		t.Fatalf("%d connections accepted, %d hooks under way; want %d and %d", a, n, hooks, maxConcurrent)
	}
	cancel()
	waitUntil(t, func() bool { return !fileExists(sock) }, "the listener closed by the cancellation")
	close(release)
	if err := <-done; err != nil {
		t.Fatalf("Run after cancel with every slot taken: %v", err)
	}
	var ok, unanswered int
	for range hooks {
		switch err := <-answers; {
		case err == nil:
			ok++
		case errors.Is(err, errNoAnswer):
			unanswered++
		default:
			t.Errorf("a hook: %v", err)
		}
	}
	if ok != maxConcurrent || unanswered != 1 {
		t.Fatalf("%d hooks answered and %d closed unanswered, want the %d under way answered and the waiting one unanswered",
			ok, unanswered, maxConcurrent)
	}
}

// TestHookContextIsBoundedByItsWait: a hook's handler runs past the server's cancellation but
// not past the time its front door waits for the answer, so nothing in it can hold the server's
// exit longer than that.
func TestHookContextIsBoundedByItsWait(t *testing.T) {
	h := home.At(t.TempDir())
	var deadline time.Time
	var bounded bool
	s := &Server{Socket: Socket(h, "k"), Lock: LockPath(h, "k"), Idle: time.Minute,
		Handle: func(ctx context.Context, _ Request) Response {
			deadline, bounded = ctx.Deadline()
			return Response{}
		},
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := serve(t, ctx, s)
	if _, err := Ask(context.Background(), s.Socket, Request{Event: "prompt"}); err != nil {
		t.Fatal(err)
	}
	answered := time.Now()
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if !bounded || deadline.After(answered.Add(Events["prompt"])) {
		t.Fatalf("the prompt's handler ran with deadline %v (set: %v), want one within %v of the answer", deadline, bounded, Events["prompt"])
	}
}

func TestServerOff(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(EnvServer, "")
	write := func(s string) {
		if err := os.WriteFile(filepath.Join(dir, home.ConfigFile), []byte(s), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		env, file string
		off       bool
	}{
		{"", "", false},
		{"", `{"hooks":{"server":false}}`, true},
		{"", `{"hooks":{"server":"off"}}`, true},
		{"", `{"hooks":{"server":true}}`, false},
		{"", `not json`, false},
		{"off", `{"hooks":{"server":true}}`, true},
		{"true", `{"hooks":{"server":false}}`, false},
		{"No", "", true},
	} {
		write(tt.file)
		t.Setenv(EnvServer, tt.env)
		if got := serverOff(home.At(dir)); got != tt.off {
			t.Errorf("env %q, config %q: off = %v, want %v", tt.env, tt.file, got, tt.off)
		}
	}
}

// TestFrontDoorStaysSmall keeps SQLite, the application layer and the HTTP stack out of the
// front doors, anamnesis and anamnesis-hook: linking them is what makes anamnesis-cli slow to start.
func TestFrontDoorStaysSmall(t *testing.T) {
	for _, cmd := range []string{"../cmd/anamnesis", "../cmd/anamnesis-hook"} {
		out, err := exec.Command("go", "list", "-deps", cmd).CombinedOutput()
		if err != nil {
			t.Fatalf("go list %s: %v\n%s", cmd, err, out)
		}
		for _, dep := range strings.Fields(string(out)) {
			for _, banned := range []string{"modernc.org/", "/core/app", "/core/store", "/core/config", "net/http", "regexp"} {
				if strings.Contains(dep, banned) {
					t.Errorf("%s links %s", cmd, dep)
				}
			}
		}
	}
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }

// TestServerAnswersHooksConcurrently: a slow hook (a session start rebuilding an index) must not
// hold another session's prompt, as separate processes never did.
func TestServerAnswersHooksConcurrently(t *testing.T) {
	h := home.At(t.TempDir())
	began, release := make(chan struct{}), make(chan struct{})
	s := &Server{Socket: Socket(h, "c"), Lock: LockPath(h, "c"), Idle: time.Minute,
		Handle: func(_ context.Context, r Request) Response {
			if r.Event == "session-start" {
				close(began)
				<-release
			}
			return Response{Stdout: []byte(r.Event)}
		},
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := serve(t, ctx, s)
	slow := make(chan Response, 1)
	go func() {
		r, _ := Ask(ctx, s.Socket, Request{Event: "session-start"})
		slow <- r
	}()
	<-began // the slow hook is being answered
	// A server answering one hook at a time would hold the prompt until release, which comes
	// only after it: the deadline is how that shows, not a measure of speed.
	pctx, pcancel := context.WithTimeout(ctx, 30*time.Second)
	defer pcancel()
	if r, err := Ask(pctx, s.Socket, Request{Event: "prompt"}); err != nil || string(r.Stdout) != "prompt" {
		t.Fatalf("a prompt behind a slow session start: %q, %v", r.Stdout, err)
	}
	close(release)
	if r := <-slow; string(r.Stdout) != "session-start" {
		t.Fatalf("the slow hook's answer: %q", r.Stdout)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// TestLateAnswerIsNotRunTwice: a hook the server took and did not answer in time is reported as
// late, which the front door does not run again (it would outlast Claude Code's timeout).
func TestLateAnswerIsNotRunTwice(t *testing.T) {
	h := home.At(t.TempDir())
	release := make(chan struct{})
	s := &Server{Socket: Socket(h, "l"), Lock: LockPath(h, "l"), Idle: time.Minute,
		Handle: func(context.Context, Request) Response { <-release; return Response{} }}
	ctx, cancel := context.WithCancel(context.Background())
	done := serve(t, ctx, s)
	actx, acancel := context.WithTimeout(ctx, 200*time.Millisecond)
	_, err := Ask(actx, s.Socket, Request{Event: "prompt"})
	acancel()
	if !errors.Is(err, ErrLate) || Unanswered(err) {
		t.Fatalf("a late answer: %v; want ErrLate, not unanswered", err)
	}
	close(release)
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// TestProbe: status asks each running server how it is; a socket left by a killed server, which
// nobody answers on, is left out, and a ping is never taken for a hook.
func TestProbe(t *testing.T) {
	h := home.At(t.TempDir())
	started := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	var handled atomic.Int32
	s := &Server{Socket: Socket(h, "p"), Lock: LockPath(h, "p"), Idle: time.Minute,
		Handle: func(context.Context, Request) Response { handled.Add(1); return Response{} },
		State:  func() State { return State{PID: 42, Started: started, Answered: 7, Binary: "/opt/anamnesis-cli"} },
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := serve(t, ctx, s)
	// A killed server's socket: a file nobody listens on.
	if err := os.WriteFile(Socket(h, "dead"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	got := Probe(ctx, h)
	want := []State{{PID: 42, Started: started, Answered: 7, Binary: "/opt/anamnesis-cli"}}
	if len(got) != 1 || !got[0].Started.Equal(want[0].Started) || got[0].PID != 42 || got[0].Answered != 7 || got[0].Binary != want[0].Binary {
		t.Fatalf("Probe = %+v, want %+v", got, want)
	}
	if n := handled.Load(); n != 0 {
		t.Fatalf("a ping was handled as a hook %d time(s)", n)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if got := Probe(context.Background(), h); len(got) != 0 {
		t.Fatalf("Probe after the server stopped = %+v, want none", got)
	}
}

// serve runs s until ctx ends, returning once its socket exists (and so takes connections: Run
// puts it in place once listening); Run's result arrives on the channel.
func serve(t *testing.T, ctx context.Context, s *Server) <-chan error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx) }()
	waitUntil(t, func() bool { return fileExists(s.Socket) }, "the server's socket")
	return done
}

// waitUntil polls cond. It is not a timing assertion: the deadline, far beyond what a loaded
// machine needs, only turns a broken server into a failure instead of a hung test.
func waitUntil(t *testing.T, cond func() bool, what string) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s", what)
		}
	}
}

// TestSocketAnswersOnceItExists: the front door, status and these tests take a socket file for a
// server that answers. The socket used to be bound at its path and then put to listen, and a
// connection between the two was refused: the front door then ran the hook itself, and a test
// that had waited for the file failed. Watching for the file without pause catches that window in
// a few of these runs (27 of 300 under -race when it was there); now the file appears only once
// the server listens.
func TestSocketAnswersOnceItExists(t *testing.T) {
	h := home.At(t.TempDir())
	const runs = 300
	for i := range runs {
		key := strconv.Itoa(i)
		s := &Server{Socket: Socket(h, key), Lock: LockPath(h, key), Idle: time.Minute,
			Handle: func(context.Context, Request) Response { return Response{} }}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- s.Run(ctx) }()
		for deadline := time.Now().Add(30 * time.Second); !fileExists(s.Socket); {
			if time.Now().After(deadline) {
				cancel()
				t.Fatalf("run %d: no socket after 30 s (Run: %v)", i, <-done)
			}
			runtime.Gosched()
		}
		_, err := Ask(context.Background(), s.Socket, Request{Ping: true})
		if fi, serr := os.Stat(s.Socket); err == nil && serr != nil {
			err = fmt.Errorf("the socket answered but cannot be stat'ed: %v", serr)
		} else if err == nil && fi.Mode().Perm() != 0o600 {
			err = fmt.Errorf("socket mode %v, want 0600", fi.Mode().Perm())
		}
		cancel()
		if rerr := <-done; rerr != nil {
			t.Fatalf("run %d: Run: %v", i, rerr)
		}
		if err != nil {
			t.Fatalf("run %d: the socket existed but did not answer: %v", i, err)
		}
		if fileExists(s.Socket) || fileExists(strings.TrimSuffix(s.Socket, ".sock")+".tmp") {
			t.Fatalf("run %d: a socket outlived its server", i)
		}
	}
}
