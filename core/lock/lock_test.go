package lock_test

import (
	"bufio"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/lock"
)

func TestAcquireExclusive(t *testing.T) {
	p := filepath.Join(t.TempDir(), "store.lock")
	l, err := lock.Acquire(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := lock.Acquire(ctx, p); !errors.Is(err, lock.ErrBusy) {
		t.Fatalf("second Acquire = %v, want ErrBusy", err)
	}
	if err := l.Release(); err != nil {
		t.Fatal(err)
	}
	if err := l.Release(); err != nil {
		t.Fatalf("second Release = %v, want nil", err)
	}
	var nilLock *lock.Lock
	if err := nilLock.Release(); err != nil {
		t.Fatalf("nil Release = %v", err)
	}
	l2, err := lock.Acquire(context.Background(), p)
	if err != nil {
		t.Fatalf("Acquire after Release: %v", err)
	}
	l2.Release()
	if _, err := lock.Acquire(context.Background(), filepath.Join(t.TempDir(), "missing", "x.lock")); err == nil {
		t.Fatal("Acquire in a missing directory succeeded")
	}
}

// TestHelperLockHolder is not a test: in helper mode it takes the lock, says so, and waits to be
// killed.
func TestHelperLockHolder(t *testing.T) {
	p := os.Getenv("ANAMNESIS_TEST_LOCK")
	if p == "" {
		t.Skip("helper process for TestLockReleasedWhenHolderKilled")
	}
	l, err := lock.Acquire(context.Background(), p)
	if err != nil {
		os.Exit(3)
	}
	os.Stdout.WriteString("locked\n")
	time.Sleep(time.Hour)
	l.Release() // keeps l (and its file) reachable until the kill
}

// Another process's lock excludes this one, and the kernel frees it when that process is killed.
func TestLockReleasedWhenHolderKilled(t *testing.T) {
	p := filepath.Join(t.TempDir(), "store.lock")
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperLockHolder$")
	cmd.Env = append(os.Environ(), "ANAMNESIS_TEST_LOCK="+p)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || line != "locked\n" {
		t.Fatalf("helper said %q (%v)", line, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := lock.Acquire(ctx, p); !errors.Is(err, lock.ErrBusy) {
		t.Fatalf("Acquire while another process holds the lock = %v, want ErrBusy", err)
	}
	cmd.Process.Kill()
	cmd.Wait()
	ctx2, cancel2 := context.WithTimeout(context.Background(), time.Minute)
	defer cancel2()
	l, err := lock.Acquire(ctx2, p)
	if err != nil {
		t.Fatalf("lock not released after its holder was killed: %v", err)
	}
	l.Release()
}

// TryAcquire never waits: it takes a free lock, and answers ErrBusy while another holder (in this
// process or another) has it.
func TestTryAcquire(t *testing.T) {
	p := filepath.Join(t.TempDir(), "drift.lock")
	l, err := lock.TryAcquire(p)
	if err != nil {
		t.Fatalf("TryAcquire on a free lock: %v", err)
	}
	if _, err := lock.TryAcquire(p); !errors.Is(err, lock.ErrBusy) {
		t.Fatalf("TryAcquire while held = %v, want ErrBusy", err)
	}
	if err := l.Release(); err != nil {
		t.Fatal(err)
	}
	l2, err := lock.TryAcquire(p)
	if err != nil {
		t.Fatalf("TryAcquire after Release: %v", err)
	}
	// Last, because a timed-out Acquire leaves its kernel waiter behind: that waiter takes the lock
	// for an instant once l2 is released, so a TryAcquire right after could see it busy.
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := lock.Acquire(ctx, p); !errors.Is(err, lock.ErrBusy) {
		t.Fatalf("Acquire while TryAcquire holds it = %v, want ErrBusy", err)
	}
	l2.Release()
	if _, err := lock.TryAcquire(filepath.Join(t.TempDir(), "missing", "x.lock")); err == nil || errors.Is(err, lock.ErrBusy) {
		t.Fatalf("TryAcquire in a missing directory = %v, want an open error", err)
	}
}
