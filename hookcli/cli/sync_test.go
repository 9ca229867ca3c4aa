package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/capture"
	"github.com/anamnesis-go/anamnesis/core/gitsync"
	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// The sync tests drive the real anamnesis binary in separate processes, as hooks, syncd and the
// user's shell do.
var (
	syncBinOnce sync.Once
	syncBinPath string
	syncBinErr  error
)

func anamnesisBinary(t testing.TB) string {
	t.Helper()
	syncBinOnce.Do(func() {
		dir, err := os.MkdirTemp("", "anamnesis-sync-bin")
		if err != nil {
			syncBinErr = err
			return
		}
		syncBinPath = filepath.Join(dir, "anamnesis")
		out, err := exec.Command("go", "build", "-o", syncBinPath, "../cmd/anamnesis-cli").CombinedOutput()
		if err != nil {
			syncBinErr = fmt.Errorf("build anamnesis: %v\n%s", err, out)
		}
	})
	if syncBinErr != nil {
		t.Fatal(syncBinErr)
	}
	return syncBinPath
}

// syncMachine is one machine's environment: its home, id and remote, and git isolated from the
// developer's configuration.
type syncMachine struct {
	t      *testing.T
	bin    string
	home   string
	id     string
	remote string
}

func newSyncMachine(t *testing.T, id, remote string) *syncMachine {
	return &syncMachine{t: t, bin: anamnesisBinary(t), home: filepath.Join(t.TempDir(), id), id: id, remote: remote}
}

func (m *syncMachine) run(args ...string) (stdout, stderr string, code int) {
	cmd := exec.Command(m.bin, append([]string{"--home", m.home}, args...)...)
	cmd.Env = append(os.Environ(), "ANAMNESIS_MACHINE_ID="+m.id, "ANAMNESIS_GIT_REMOTE="+m.remote,
		"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL="+filepath.Join(m.home, "no-gitconfig"))
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	code = 0
	if err != nil {
		code = -1
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		}
	}
	return o.String(), e.String(), code
}

func (m *syncMachine) must(args ...string) string {
	m.t.Helper()
	out, errOut, code := m.run(args...)
	if code != 0 {
		m.t.Fatalf("%s: anamnesis %s exited %d: %s", m.id, strings.Join(args, " "), code, errOut)
	}
	return out
}

func (m *syncMachine) syncJSON() gitsync.Result {
	m.t.Helper()
	var res gitsync.Result
	if err := json.Unmarshal([]byte(m.must("sync", "--json")), &res); err != nil {
		m.t.Fatalf("sync --json output: %v", err)
	}
	return res
}

func syncBareRemote(t testing.TB) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "remote.git")
	if out, err := exec.Command("git", "init", "-q", "--bare", "-b", "main", dir).CombinedOutput(); err != nil {
		t.Fatalf("git init --bare: %v\n%s", err, out)
	}
	return dir
}

func TestSyncCommandCarriesNotesBetweenMachines(t *testing.T) {
	remote := syncBareRemote(t)
	laptop, desktop := newSyncMachine(t, "laptop", remote), newSyncMachine(t, "desktop", remote)
	id := strings.TrimSpace(laptop.must("write", "--type", "semantic", "--title", "prefer WAL mode for the index", "--body", "x"))
	if res := laptop.syncJSON(); !res.Pushed || res.Committed != "anamnesis: 1 added on laptop" {
		t.Fatalf("laptop sync = %+v", res)
	}
	if out := desktop.must("search", "WAL mode"); strings.Contains(out, id) {
		t.Fatal("found before syncing")
	}
	out := desktop.must("sync")
	if !strings.Contains(out, "synced") || !strings.Contains(out, "pulled 1 commit") {
		t.Fatalf("desktop sync output:\n%s", out)
	}
	if out := desktop.must("search", "wal mode"); !strings.Contains(out, id) {
		t.Fatalf("pulled note not searchable:\n%s", out)
	}
	st, err := gitsync.ReadStatusFile(desktop.home)
	if err != nil || st.LastSuccess == "" || st.Last == nil || st.Last.Pulled != 1 {
		t.Fatalf("status file after sync = %+v, %v", st, err)
	}
}

func TestSyncCommandReportsAnUnreachableRemote(t *testing.T) {
	m := newSyncMachine(t, "laptop", "git://127.0.0.1:1/nothing")
	m.must("write", "--type", "semantic", "--title", "offline", "--body", "x")
	out, errOut, code := m.run("sync", "--json")
	var res gitsync.Result
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("no JSON result when offline: %v\n%s", err, out)
	}
	if code != 1 || !res.Offline || !strings.HasPrefix(res.Detail, "remote unreachable: ") || !strings.Contains(errOut, "could not be reached") {
		t.Fatalf("offline sync: code %d, result %+v, stderr %q", code, res, errOut)
	}
	if res.Committed == "" {
		t.Fatal("local notes were not committed while offline")
	}
}

// A session Claude Code's hooks queued for capture becomes a note before the cycle, so it
// reaches the other machine in the same sync, as with anamnesis-syncd.
func TestSyncCommandCapturesPendingSessionsFirst(t *testing.T) {
	remote := syncBareRemote(t)
	laptop, desktop := newSyncMachine(t, "laptop", remote), newSyncMachine(t, "desktop", remote)
	laptop.must("write", "--type", "semantic", "--title", "a store to capture into", "--body", "x")
	data, err := os.ReadFile(filepath.Join("..", "..", "core", "capture", "testdata", "tools.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	tr := filepath.Join(t.TempDir(), "tools.jsonl")
	if err := os.WriteFile(tr, data, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := capture.Enqueue(laptop.home, capture.Entry{SessionID: "5f1c2d3e-0000-4000-8000-0000000000aa",
		TranscriptPath: tr, Cwd: t.TempDir(), Event: "session-end"}); err != nil {
		t.Fatal(err)
	}
	if res := laptop.syncJSON(); !res.Pushed {
		t.Fatalf("laptop sync = %+v", res)
	}
	if capture.HasPending(laptop.home) {
		t.Fatal("the capture spool is not empty after sync")
	}
	desktop.must("sync")
	if out := desktop.must("list", "--type", "episodic", "--json"); !strings.Contains(out, "Fix the flaky WAL test") {
		t.Fatalf("the captured session did not travel with the sync:\n%s", out)
	}
}

// Fifty processes on two machines write and sync at once: every one succeeds, and after a final
// round both machines hold every note.
func TestSyncStormOfProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("starts 100 processes")
	}
	remote := syncBareRemote(t)
	ms := []*syncMachine{newSyncMachine(t, "laptop", remote), newSyncMachine(t, "desktop", remote)}
	const procs = 50
	var wg sync.WaitGroup
	ids := make([]string, procs)
	fails := make([]string, procs)
	for i := 0; i < procs; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			m := ms[i%2]
			out, errOut, code := m.run("write", "--type", "semantic", "--title", fmt.Sprintf("storm %d", i), "--body", "x")
			if code != 0 {
				fails[i] = "write: " + errOut
				return
			}
			ids[i] = strings.TrimSpace(out)
			if _, errOut, code := m.run("sync", "--json"); code != 0 {
				fails[i] = "sync: " + errOut
			}
		}(i)
	}
	wg.Wait()
	for i, f := range fails {
		if f != "" {
			t.Errorf("process %d failed: %s", i, f)
		}
	}
	for round := 0; round < 2; round++ {
		for _, m := range ms {
			m.syncJSON()
		}
	}
	for _, m := range ms {
		out := m.must("list", "--json")
		for _, id := range ids {
			if id != "" && !strings.Contains(out, id) {
				t.Errorf("%s lacks note %s after the storm", m.id, id)
			}
		}
	}
}

// A sync killed at a random moment (mid-commit, mid-checkout, mid-push) leaves nothing that stops
// the next one, and nothing is lost.
func TestKilledSyncRecovers(t *testing.T) {
	remote := syncBareRemote(t)
	a, b := newSyncMachine(t, "laptop", remote), newSyncMachine(t, "desktop", remote)
	st, err := store.Open(context.Background(), a.home, store.Options{MachineID: a.id})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for round := 0; round < 6; round++ {
		for j := 0; j < 60; j++ {
			n, err := st.Write(context.Background(), store.WriteInput{Type: note.Semantic, Title: fmt.Sprintf("killed %d %d", round, j), Body: "x"})
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, n.ID)
		}
		cmd := exec.Command(a.bin, "--home", a.home, "sync")
		cmd.Env = append(os.Environ(), "ANAMNESIS_MACHINE_ID="+a.id, "ANAMNESIS_GIT_REMOTE="+remote,
			"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL="+filepath.Join(a.home, "no-gitconfig"))
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(rand.IntN(120)) * time.Millisecond)
		cmd.Process.Kill()
		cmd.Wait()
	}
	st.Close()
	if res := a.syncJSON(); res.Offline {
		t.Fatalf("sync after kills = %+v", res)
	}
	b.syncJSON()
	out := b.must("list", "--json")
	for _, id := range ids {
		if !strings.Contains(out, id) {
			t.Fatalf("note %s lost after killed syncs", id)
		}
	}
}

// BenchmarkSyncCommandPull1000 is the target as the user sees it: "anamnesis sync" (a process:
// open the store, sync, index) on a machine that another machine just gave 1,000 new notes.
func BenchmarkSyncCommandPull1000(b *testing.B) {
	remote := syncBareRemote(b)
	bin := anamnesisBinary(b)
	aHome, oHome := filepath.Join(b.TempDir(), "a"), filepath.Join(b.TempDir(), "o")
	run := func(home, id string) {
		cmd := exec.Command(bin, "--home", home, "sync")
		cmd.Env = append(os.Environ(), "ANAMNESIS_MACHINE_ID="+id, "ANAMNESIS_GIT_REMOTE="+remote,
			"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL="+filepath.Join(home, "no-gitconfig"))
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("sync: %v\n%s", err, out)
		}
	}
	st, err := store.Open(context.Background(), aHome, store.Options{MachineID: "a"})
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	run(aHome, "a")
	run(oHome, "o")
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		for j := 0; j < 1000; j++ {
			if _, err := st.Write(context.Background(), store.WriteInput{Type: note.Semantic, Title: fmt.Sprintf("bulk %d %d", i, j), Body: "some words"}); err != nil {
				b.Fatal(err)
			}
		}
		run(aHome, "a")
		b.StartTimer()
		run(oHome, "o")
	}
}
