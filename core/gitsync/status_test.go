package gitsync

import (
	"fmt"
	"os"
	"sync"
	"testing"
	"time"
)

// Issue 10, review hole 3: the status file has writers in several processes (the sync runner,
// "anamnesis sync", the MCP server's reflection). Each read-modify-write must see the others'
// changes: with concurrent writers, no failure is uncounted and no field written by one is
// dropped by another.
func TestStatusFileConcurrentWritersLoseNothing(t *testing.T) {
	home := t.TempDir()
	const writers, cycles = 4, 25
	now := mustTime(t, "2030-01-01T00:00:00Z")
	var wg sync.WaitGroup
	errs := make(chan error, writers*cycles+cycles)
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < cycles; i++ {
				_, err := RecordCycle(home, Result{}, fmt.Errorf("writer %d cycle %d failed", w, i), now, time.Time{})
				errs <- err
			}
		}(w)
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; i < cycles; i++ {
			errs <- RecordAutoReflect(home, AutoReflect{At: now.Format(time.RFC3339), Notes: i + 1, Detail: "reflected"})
		}
	}()
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	s, err := ReadStatusFile(home)
	if err != nil {
		t.Fatal(err)
	}
	if s.Failures != writers*cycles {
		t.Errorf("consecutive_failures = %d after %d failed cycles: updates were lost", s.Failures, writers*cycles)
	}
	if s.AutoReflect == nil || s.AutoReflect.Notes != cycles {
		t.Errorf("auto_reflect = %+v, want the last reflection (notes %d)", s.AutoReflect, cycles)
	}
	if s.LastError == "" || s.LastErrorAt == "" {
		t.Errorf("last_error lost: %+v", s)
	}
}

// A damaged record is replaced by the update rather than blocking every later one.
func TestStatusUpdateReplacesDamagedRecord(t *testing.T) {
	home := t.TempDir()
	if err := os.WriteFile(StatusPath(home), []byte("{broken"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := UpdateStatusFile(home, func(s *Status) { s.NextRun = "2030-01-01T00:00:00Z" })
	if err != nil || s.NextRun == "" {
		t.Fatalf("update over a damaged record = %+v, %v", s, err)
	}
	if got, err := ReadStatusFile(home); err != nil || got.NextRun != s.NextRun {
		t.Fatalf("record after update = %+v, %v", got, err)
	}
}
