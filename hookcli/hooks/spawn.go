package hooks

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/anamnesis-go/anamnesis/core/home"
)

// CatchUpArgs are the arguments of the detached walk a fast open leaves due.
var CatchUpArgs = []string{"reindex", "--if-due", "--quiet"}

// catchUp starts the due walk over every note file in the background, so an edit made in place
// is indexed without a hook or a search ever waiting for the walk.
func (h *env) catchUp() {
	if !h.app.DriftDue() {
		return
	}
	if h.Resident {
		h.walkDue = true
		return
	}
	if err := h.spawn("reindex.log", CatchUpArgs...); err != nil {
		h.logf("start background drift walk: %v", err)
	}
}

// syncSpawnInterval keeps SessionStart from starting a sync per session when sessions start in
// bursts (several terminals, /clear, compaction).
const syncSpawnInterval = 60 * time.Second

// syncStamp, in the log directory, is touched when SessionStart starts a background sync.
const syncStamp = ".sync-spawned"

// sweepStamp, in the log directory, is touched when SessionStart starts a background capture of
// the other agents' sessions.
const sweepStamp = ".sweep-spawned"

// spawnSync starts "anamnesis sync --quiet" in the background when a remote is configured (the
// cycle also sweeps the watched agents' sessions), else the sweep alone.
func (h *env) spawnSync() {
	if h.app.Settings().Remote == "" {
		h.spawnSweep()
		return
	}
	stamp := h.home.Log(syncStamp)
	if fi, err := os.Stat(stamp); err == nil && time.Since(fi.ModTime()) < syncSpawnInterval {
		return
	}
	if err := h.spawn("sync.log", "sync", "--quiet"); err != nil {
		h.logf("start background sync: %v", err)
		return
	}
	// The stamp only spaces out background syncs; without it the next session starts one sooner.
	_ = os.WriteFile(stamp, nil, 0o600)
	now := time.Now()
	_ = os.Chtimes(stamp, now, now)
}

// spawnSweep starts "anamnesis capture --agent <watched>" in the background, at most once a
// minute: without a remote no background sync runs, and Codex's and OpenCode's sessions, which no
// hook reports, would otherwise wait for a sync or a capture by hand.
func (h *env) spawnSweep() {
	agents := h.app.WatchedAgents()
	if len(agents) == 0 {
		return
	}
	stamp := h.home.Log(sweepStamp)
	if fi, err := os.Stat(stamp); err == nil && time.Since(fi.ModTime()) < syncSpawnInterval {
		return
	}
	if err := h.spawn("capture.log", "capture", "--agent", strings.Join(agents, ",")); err != nil {
		h.logf("start background capture: %v", err)
		return
	}
	_ = os.WriteFile(stamp, nil, 0o600)
	now := time.Now()
	_ = os.Chtimes(stamp, now, now)
}

// spawn starts this executable with args, detached from the hook (own session, stdio to a log
// file), and does not wait for it: Claude Code waits for the hook's stdout to close, so the child
// must not inherit it.
func (h *env) spawn(logName string, args ...string) error { return Spawn(h.home, logName, args...) }

// Spawn starts "anamnesis --home <store> args..." detached, its output appended to the named log
// under <home>/logs, and does not wait for it.
func Spawn(hm home.Home, logName string, args ...string) error {
	exe, err := os.Executable()
	if err != nil {
		exe = os.Args[0]
	}
	if err := os.MkdirAll(hm.Logs(), 0o700); err != nil {
		return fmt.Errorf("spawn %v: %w", args, err)
	}
	logf, err := os.OpenFile(hm.Log(logName), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return fmt.Errorf("spawn %v: %w", args, err)
	}
	defer logf.Close()
	full := append([]string{"--home", hm.Root()}, args...)
	cmd := exec.Command(exe, full...)
	cmd.Stdin = nil
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.Dir = hm.Root()
	detach(cmd)
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("spawn %v: %w", args, err)
	}
	return cmd.Process.Release()
}
