package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// syncSpawnInterval keeps SessionStart from starting a sync per session when sessions start in
// bursts (several terminals, /clear, compaction).
const syncSpawnInterval = 60 * time.Second

// spawnSync starts "anamnesis sync --quiet" in the background when a remote is configured.
func (h *hookEnv) spawnSync() {
	if h.cfg.Remote == "" {
		return
	}
	stamp := filepath.Join(h.cfg.Home, "logs", ".sync-spawned")
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

// spawn starts this executable with args, detached from the hook (own session, stdio to a log
// file), and does not wait for it: Claude Code waits for the hook's stdout to close, so the child
// must not inherit it.
func (h *hookEnv) spawn(logName string, args ...string) error {
	exe, err := os.Executable()
	if err != nil {
		exe = os.Args[0]
	}
	dir := filepath.Join(h.cfg.Home, "logs")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("spawn %v: %w", args, err)
	}
	logf, err := os.OpenFile(filepath.Join(dir, logName), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return fmt.Errorf("spawn %v: %w", args, err)
	}
	defer logf.Close()
	full := append([]string{"--home", h.cfg.Home}, args...)
	cmd := exec.Command(exe, full...)
	cmd.Stdin = nil
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.Dir = h.cfg.Home
	detach(cmd)
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("spawn %v: %w", args, err)
	}
	return cmd.Process.Release()
}
