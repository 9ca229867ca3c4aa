package gitsync

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/anamnesis-go/anamnesis/core/config"
	"github.com/anamnesis-go/anamnesis/core/lock"
)

// StatusFileName is the file under the store root where the last sync cycles are recorded, for
// "anamnesis status" and memory_status.
const StatusFileName = "sync-status.json"

// Status is the record of recent sync cycles. Times are UTC RFC 3339; empty means never.
type Status struct {
	LastRun     string  `json:"last_run,omitempty"`
	LastSuccess string  `json:"last_success,omitempty"`
	LastError   string  `json:"last_error,omitempty"` // why the last failed cycle failed
	LastErrorAt string  `json:"last_error_at,omitempty"`
	Failures    int     `json:"consecutive_failures"` // cycles in a row that failed or found the remote down
	NextRun     string  `json:"next_run,omitempty"`   // set by anamnesis-syncd
	Last        *Result `json:"last_result,omitempty"`
	// AutoReflect is what anamnesis-syncd's last automatic reflection did (reflection.auto).
	AutoReflect *AutoReflect `json:"auto_reflect,omitempty"`
}

// AutoReflect records one automatic reflection after a sync cycle.
type AutoReflect struct {
	At     string `json:"at"`
	Notes  int    `json:"notes"`            // notes written
	Commit string `json:"commit,omitempty"` // the commit holding them
	Detail string `json:"detail"`
	Error  string `json:"error,omitempty"`
}

// RecordAutoReflect stores an automatic reflection in the status file, keeping the cycle record.
func RecordAutoReflect(home string, r AutoReflect) error {
	_, err := UpdateStatusFile(home, func(s *Status) { s.AutoReflect = &r })
	return err
}

// statusLockName is the lock file (under the store root) held while the status file is read,
// changed and written back. The status file has several writers in different processes (the
// sync runner, "anamnesis sync", the MCP server's reflection): without the lock, two of them
// reading the same version would each write back their own change, and one change (a failure
// count, an error, the last success) would be lost.
const statusLockName = "sync-status.lock"

// statusLockTimeout bounds the wait for the status lock. Holders keep it for one small file
// read and write, so a long wait means a stuck process; the update then fails with ErrBusy
// rather than hanging a hook or the runner.
const statusLockTimeout = 10 * time.Second

// UpdateStatusFile applies update to the status file under its lock, so that concurrent updates
// from different processes never lose one another's fields. A damaged status file is replaced
// (update starts from the zero Status), never fatal. It returns the status written.
func UpdateStatusFile(home string, update func(*Status)) (Status, error) {
	ctx, cancel := context.WithTimeout(context.Background(), statusLockTimeout)
	defer cancel()
	l, err := lock.Acquire(ctx, filepath.Join(home, statusLockName))
	if err != nil {
		return Status{}, fmt.Errorf("update sync status: %w", err)
	}
	defer l.Release()
	s, rerr := ReadStatusFile(home)
	if rerr != nil {
		s = Status{}
	}
	update(&s)
	return s, WriteStatusFile(home, s)
}

// StatusPath is the status file of the store at home.
func StatusPath(home string) string { return filepath.Join(home, StatusFileName) }

// ReadStatusFile reads the status file of the store at home. A store that never synced has none:
// that is the zero Status and no error.
func ReadStatusFile(home string) (Status, error) {
	var s Status
	b, err := os.ReadFile(StatusPath(home))
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	} else if err != nil {
		return s, fmt.Errorf("read sync status: %w", err)
	}
	if err := json.Unmarshal(b, &s); err != nil {
		return Status{}, fmt.Errorf("read sync status %s: %w", StatusPath(home), err)
	}
	return s, nil
}

// WriteStatusFile replaces the status file atomically. It does not take the status lock: use
// UpdateStatusFile to change fields of the record others may be updating.
func WriteStatusFile(home string, s Status) error {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return fmt.Errorf("write sync status: %w", err)
	}
	return config.WriteFileAtomic(StatusPath(home), append(b, '\n'), 0o644)
}

// RecordCycle folds one cycle's outcome into the status file. A cycle failed when err is set or
// the remote was unreachable. next, when non-zero, is when the next cycle is planned.
func RecordCycle(home string, res Result, err error, now, next time.Time) (Status, error) {
	return UpdateStatusFile(home, func(s *Status) { recordCycle(s, res, err, now, next) })
}

func recordCycle(s *Status, res Result, err error, now, next time.Time) {
	stamp := now.UTC().Format(time.RFC3339)
	s.LastRun = stamp
	r := res
	s.Last = &r
	switch {
	case err != nil:
		s.LastError, s.LastErrorAt = err.Error(), stamp
		s.Failures++
	case res.Offline:
		s.LastError, s.LastErrorAt = res.Detail, stamp
		s.Failures++
	default:
		// A success clears the last error: status reports an error only while it holds.
		s.LastSuccess = stamp
		s.LastError, s.LastErrorAt = "", ""
		s.Failures = 0
	}
	if !next.IsZero() {
		s.NextRun = next.UTC().Format(time.RFC3339)
	}
}
