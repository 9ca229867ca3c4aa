package gitsync

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/anamnesis-go/anamnesis/core/config"
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
	s, err := ReadStatusFile(home)
	if err != nil {
		s = Status{}
	}
	s.AutoReflect = &r
	return WriteStatusFile(home, s)
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

// WriteStatusFile replaces the status file atomically.
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
	s, rerr := ReadStatusFile(home)
	if rerr != nil {
		s = Status{} // a damaged status file is replaced, never fatal
	}
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
	return s, WriteStatusFile(home, s)
}
