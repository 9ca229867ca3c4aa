package integration

import (
	"context"
	"database/sql"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
	_ "modernc.org/sqlite"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/testcorpus"
	"github.com/anamnesis-go/anamnesis/integration/remote"
)

// commands are the scripts' own commands, beyond testscript's built-ins.
var commands = map[string]func(ts *testscript.TestScript, neg bool, args []string){
	"machine":    cmdMachine,
	"bareremote": cmdBareRemote,
	"gitd":       func(ts *testscript.TestScript, neg bool, args []string) { startRemote(ts, neg, args, remote.GitDaemon) },
	"sshd":       func(ts *testscript.TestScript, neg bool, args []string) { startRemote(ts, neg, args, remote.SSH) },
	"remote":     cmdRemote,
	"gencorpus":  cmdGencorpus,
	"sqlexec":    cmdSQLExec,
	"editnote":   cmdEditNote,
	"capture":    cmdCapture,
	"countnotes": cmdCountNotes,
	"eventually": cmdEventually,
	"anyexit":    cmdAnyExit,
	"mcpsession": cmdMCPSession,
	"uisession":  cmdUISession,
}

// usage fails the script with the command's synopsis when it is called wrongly, and refuses "!".
func usage(ts *testscript.TestScript, neg bool, ok bool, synopsis string) {
	if neg {
		ts.Fatalf("unsupported: ! %s", strings.Fields(synopsis)[0])
	}
	if !ok {
		ts.Fatalf("usage: %s", synopsis)
	}
}

// machine NAME: act as machine NAME from now on, with its own store at $WORK/NAME.
func cmdMachine(ts *testscript.TestScript, neg bool, args []string) {
	usage(ts, neg, len(args) == 1, "machine NAME")
	ts.Setenv("ANAMNESIS_HOME", ts.MkAbs(args[0]))
	ts.Setenv("ANAMNESIS_MACHINE_ID", args[0])
}

// bareremote NAME: an empty bare repository at $WORK/NAME, reached over file://; sets $REMOTE.
func cmdBareRemote(ts *testscript.TestScript, neg bool, args []string) {
	usage(ts, neg, len(args) == 1, "bareremote NAME")
	dir := ts.MkAbs(args[0])
	out, err := exec.Command("git", "init", "-q", "--bare", "--initial-branch=main", dir).CombinedOutput()
	if err != nil {
		ts.Fatalf("git init --bare %s: %v: %s", dir, err, out)
	}
	ts.Setenv("REMOTE", "file://"+dir)
}

// remotesKey finds a script's running containers in its Values.
type remotesKey struct{}

type remotes struct{ byName map[string]*remote.Server }

func scriptRemotes(ts *testscript.TestScript) *remotes { return ts.Value(remotesKey{}).(*remotes) }

// gitd NAME / sshd NAME: a bare repository in a container, over git:// or ssh://; sets $REMOTE
// (and, for ssh, GIT_SSH_COMMAND with the generated key and no host key checks). The container
// is removed when the script ends.
func startRemote(ts *testscript.TestScript, neg bool, args []string, kind remote.Kind) {
	usage(ts, neg, len(args) == 1, string(kind)+"d NAME")
	if err := remote.Engine(); err != nil {
		ts.Fatalf("%v (guard the script with [!docker] skip)", err)
	}
	rs := scriptRemotes(ts)
	name := args[0]
	if rs.byName[name] != nil {
		ts.Fatalf("remote %s already exists", name)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	start := time.Now()
	srv, err := remote.Start(ctx, kind, ts.MkAbs(filepath.Join(".ssh", name)), ts.Logf)
	ts.Check(err)
	ts.Logf("%s remote %s at %s ready in %s", kind, name, srv.URL, time.Since(start).Round(time.Millisecond))
	rs.byName[name] = srv
	ts.Defer(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if err := srv.Terminate(ctx); err != nil {
			ts.Logf("%v", err)
		}
	})
	ts.Setenv("REMOTE", srv.URL)
	if srv.SSHCommand != "" {
		ts.Setenv("GIT_SSH_COMMAND", srv.SSHCommand)
	}
}

// remote stop|start|pause|unpause NAME: take a container remote down (connections refused), bring
// it back on the same address, or freeze it (connections hang) and thaw it.
func cmdRemote(ts *testscript.TestScript, neg bool, args []string) {
	usage(ts, neg, len(args) == 2, "remote stop|start|pause|unpause NAME")
	srv := scriptRemotes(ts).byName[args[1]]
	if srv == nil {
		ts.Fatalf("no remote named %s (start one with gitd or sshd)", args[1])
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	switch args[0] {
	case "stop":
		ts.Check(srv.Stop(ctx))
	case "start":
		ts.Check(srv.Start(ctx))
	case "pause":
		ts.Check(srv.Pause(ctx))
	case "unpause":
		ts.Check(srv.Unpause(ctx))
	default:
		ts.Fatalf("usage: remote stop|start|pause|unpause NAME")
	}
}

// gencorpus DIR N [SEED]: write N synthetic notes in the store layout under DIR with the shared
// generator (deterministic for a seed; about 5% machine-local).
func cmdGencorpus(ts *testscript.TestScript, neg bool, args []string) {
	usage(ts, neg, len(args) == 2 || len(args) == 3, "gencorpus DIR N [SEED]")
	gen, err := testcorpus.Generator()
	if err != nil {
		ts.Fatalf("gencorpus: %v", err)
	}
	if _, err := os.Stat(gen); err != nil {
		ts.Fatalf("gencorpus: the generator is missing (%v); set %s", err, testcorpus.EnvGenerator)
	}
	argv := []string{gen, ts.MkAbs(args[0]), args[1]}
	if len(args) == 3 {
		argv = append(argv, "--seed", args[2])
	}
	out, err := exec.Command("python3", argv...).CombinedOutput()
	if err != nil {
		ts.Fatalf("gencorpus: %v: %s", err, out)
	}
}

// sqlexec DB SQL: run one statement against a SQLite file, e.g. to age an index's schema.
func cmdSQLExec(ts *testscript.TestScript, neg bool, args []string) {
	usage(ts, neg, len(args) == 2, "sqlexec DB SQL")
	db, err := sql.Open("sqlite", "file:"+ts.MkAbs(args[0])+"?_pragma=busy_timeout(5000)")
	ts.Check(err)
	defer func() { _ = db.Close() }()
	_, err = db.Exec(args[1])
	ts.Check(err)
}

// editnote [-after DURATION] ID BODY: edit a portable note of the current machine in place, the way
// a user with an editor would, stamping updated_at as now (+ DURATION, to order two edits made
// within the same second).
func cmdEditNote(ts *testscript.TestScript, neg bool, args []string) {
	var after time.Duration
	if len(args) >= 2 && args[0] == "-after" {
		d, err := time.ParseDuration(args[1])
		ts.Check(err)
		after, args = d, args[2:]
	}
	usage(ts, neg, len(args) == 2, "editnote [-after DURATION] ID BODY")
	matches, _ := filepath.Glob(filepath.Join(ts.Getenv("ANAMNESIS_HOME"), "memory", "*", args[0]+".md"))
	if len(matches) != 1 {
		ts.Fatalf("editnote: no portable note %s on machine %s", args[0], ts.Getenv("ANAMNESIS_MACHINE_ID"))
	}
	data, err := os.ReadFile(matches[0])
	ts.Check(err)
	n, err := note.Parse(data)
	ts.Check(err)
	n.Body = args[1]
	n.UpdatedAt = note.FormatTime(time.Now().Add(after))
	ts.Check(os.WriteFile(matches[0], note.Marshal(n), 0o644))
}

// capture VAR [REGEXP]: set $VAR to the first submatch of REGEXP in the last command's stdout
// (or to all of it, trimmed), so later commands can name a note by its id.
func cmdCapture(ts *testscript.TestScript, neg bool, args []string) {
	usage(ts, neg, len(args) == 1 || len(args) == 2, "capture VAR [REGEXP]")
	out := ts.ReadFile("stdout")
	val := strings.TrimSpace(out)
	if len(args) == 2 {
		re, err := regexp.Compile(args[1])
		ts.Check(err)
		m := re.FindStringSubmatch(out)
		if m == nil {
			ts.Fatalf("capture: %q does not match stdout", args[1])
		}
		val = m[len(m)-1]
	}
	if val == "" {
		ts.Fatalf("capture: nothing to capture into %s", args[0])
	}
	ts.Setenv(args[0], val)
}

// countnotes VAR DIR: set $VAR to the number of note files (*.md) under DIR.
func cmdCountNotes(ts *testscript.TestScript, neg bool, args []string) {
	usage(ts, neg, len(args) == 2, "countnotes VAR DIR")
	n := 0
	err := filepath.WalkDir(ts.MkAbs(args[1]), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".md") {
			n++
		}
		return nil
	})
	ts.Check(err)
	ts.Setenv(args[0], strconv.Itoa(n))
}

// eventuallyLimit bounds how long "eventually" waits; it is a liveness bound, not a measurement.
const eventuallyLimit = 90 * time.Second

// eventually REGEXP PROGRAM [ARGS...]: run the program until its stdout matches REGEXP, for
// effects of a background process (syncd) that arrive at a time of its choosing.
func cmdEventually(ts *testscript.TestScript, neg bool, args []string) {
	usage(ts, neg, len(args) >= 2, "eventually REGEXP PROGRAM [ARGS...]")
	re, err := regexp.Compile(args[0])
	ts.Check(err)
	deadline := time.Now().Add(eventuallyLimit)
	for tries := 1; ; tries++ {
		err := ts.Exec(args[1], args[2:]...)
		if err == nil && re.MatchString(ts.ReadFile("stdout")) {
			return
		}
		if time.Now().After(deadline) {
			ts.Fatalf("eventually: %q never matched the output of %s after %d tries (last error: %v)",
				args[0], args[1], tries, err)
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// anyexit PROGRAM [ARGS...]: run the program and keep its output whatever its exit status, for
// results the script judges by what they say (a sync against a dead remote reports it in its
// JSON; whether it also exits non-zero is not what the scenario is about).
func cmdAnyExit(ts *testscript.TestScript, neg bool, args []string) {
	usage(ts, neg, len(args) >= 1, "anyexit PROGRAM [ARGS...]")
	if err := ts.Exec(args[0], args[1:]...); err != nil {
		ts.Logf("[%s: %v]", args[0], err)
	}
}
