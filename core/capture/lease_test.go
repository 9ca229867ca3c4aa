package capture

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// writeLease puts a lease file in the spool as another drainer would have left it.
func writeLease(t *testing.T, home string, rec leaseRecord) {
	t.Helper()
	dir := filepath.Join(home, SpoolDir)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(rec)
	if err := os.WriteFile(filepath.Join(dir, leaseFile), data, 0o600); err != nil {
		t.Fatal(err)
	}
}

// deadPID returns the pid of a process that has exited.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return cmd.Process.Pid
}

func TestDrainLease(t *testing.T) {
	now := time.Now().UTC()
	cases := []struct {
		name     string
		rec      *leaseRecord
		wantBusy bool
	}{
		{"no lease", nil, false},
		{"holder alive and recent", &leaseRecord{PID: os.Getpid(), Started: now.Format(time.RFC3339Nano), Token: "x"}, true},
		{"holder gone", &leaseRecord{PID: -1, Started: now.Format(time.RFC3339Nano), Token: "x"}, false},
		{"holder alive but stuck past the deadline", &leaseRecord{PID: os.Getpid(),
			Started: now.Add(-staleAfter - time.Second).Format(time.RFC3339Nano), Token: "x"}, false},
		{"torn lease file", &leaseRecord{}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st, home := openStore(t)
			if c.rec != nil {
				rec := *c.rec
				if rec.PID == -1 {
					rec.PID = deadPID(t)
				}
				writeLease(t, home, rec)
			}
			Enqueue(home, Entry{SessionID: "S", TranscriptPath: fixture(t, "tools.jsonl"), Event: "stop"})
			rep, err := Drain(context.Background(), home, st)
			if err != nil {
				t.Fatal(err)
			}
			left, _ := PendingCount(home)
			if c.wantBusy {
				if !rep.Busy || left != 1 {
					t.Errorf("a live drainer's lease must be respected: %+v, %d left", rep, left)
				}
				return
			}
			if rep.Busy || len(rep.Written) != 1 || left != 0 {
				t.Errorf("report = %+v, %d left; want the session captured", rep, left)
			}
			if rep.TookOver != (c.rec != nil && c.rec.Token != "") { // a torn file is no lease to take over
				t.Errorf("TookOver = %v", rep.TookOver)
			}
			if _, ok := readLease(filepath.Join(home, SpoolDir, leaseFile)); ok {
				t.Error("lease not released")
			}
		})
	}
}

// A drainer whose lease was taken over (it was stuck) notices and stops instead of writing next
// to its successor.
func TestTakenOverLeaseIsNoLongerHeld(t *testing.T) {
	dir := t.TempDir()
	old, err := acquireLease(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if !old.held() {
		t.Fatal("fresh lease not held")
	}
	// Age it past the deadline, as a hung holder's would be.
	rec, _ := readLease(filepath.Join(dir, leaseFile))
	rec.Started = time.Now().Add(-staleAfter - time.Minute).UTC().Format(time.RFC3339Nano)
	data, _ := json.Marshal(rec)
	os.WriteFile(filepath.Join(dir, leaseFile), data, 0o600)
	next, err := acquireLease(context.Background(), dir)
	if err != nil {
		t.Fatalf("stale lease not taken over: %v", err)
	}
	if old.held() || !next.held() {
		t.Errorf("old held %v, next held %v", old.held(), next.held())
	}
	old.release() // must not remove the successor's lease
	if !next.held() {
		t.Error("the stuck holder's release removed its successor's lease")
	}
	next.release()
	if _, ok := readLease(filepath.Join(dir, leaseFile)); ok {
		t.Error("lease not released")
	}
}

func TestPendingCount(t *testing.T) {
	home := t.TempDir()
	if n, err := PendingCount(home); n != 0 || err != nil {
		t.Fatalf("no spool: %d %v", n, err)
	}
	for _, sid := range []string{"a", "b", "c"} {
		if _, err := Enqueue(home, Entry{SessionID: sid, TranscriptPath: "/x", Event: "stop"}); err != nil {
			t.Fatal(err)
		}
	}
	writeLease(t, home, leaseRecord{PID: 1, Started: "x", Token: "t"}) // not an entry
	if n, err := PendingCount(home); n != 3 || err != nil {
		t.Fatalf("PendingCount = %d %v, want 3", n, err)
	}
}
