package capture

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/anamnesis-go/anamnesis/core/internal/atomicfile"
	"github.com/anamnesis-go/anamnesis/core/lock"
)

// The drain is exclusive through a lease, not a lock held for the drain's whole length: a kernel
// lock is freed when its holder dies, but not when its holder hangs (a read stuck on a dead
// mount), and then every later session would wait in the spool forever. The lease file records
// who holds it and since when; a lease whose process is gone, or that is older than any drain can
// last, is taken over. A short kernel lock (the guard) makes reading and replacing the lease
// atomic; it is never held across any other I/O.
const (
	leaseFile = ".drain.lease"
	guardFile = ".drain.guard"
	// MaxDrain bounds one Drain; it stops taking new sessions after this.
	MaxDrain = 2 * time.Minute
	// staleAfter is when a lease is taken over even though its process still exists: a drain
	// takes at most MaxDrain plus one transcript read, so a holder older than this is stuck.
	staleAfter = MaxDrain + ReadTimeout + 30*time.Second
	guardWait  = 2 * time.Second
)

// leaseRecord is the lease file's content.
type leaseRecord struct {
	PID     int    `json:"pid"`
	Started string `json:"started"` // RFC 3339, UTC
	Token   string `json:"token"`   // tells this holder's lease from a later one of the same pid
}

// lease is a held drain lease.
type lease struct {
	dir   string
	token string
}

// errLeaseBusy means a live drain holds the lease.
var errLeaseBusy = errors.New("another drain is running")

// acquireLease takes the drain lease in the spool directory, taking over a stale one.
func acquireLease(ctx context.Context, dir string) (*lease, error) {
	g, err := guard(ctx, dir)
	if err != nil {
		return nil, err
	}
	defer g.Release()
	p := filepath.Join(dir, leaseFile)
	if cur, ok := readLease(p); ok && !cur.stale(time.Now()) {
		return nil, fmt.Errorf("%w (pid %d since %s)", errLeaseBusy, cur.PID, cur.Started)
	}
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		return nil, fmt.Errorf("drain lease: %w", err)
	}
	rec := leaseRecord{PID: os.Getpid(), Started: time.Now().UTC().Format(time.RFC3339Nano), Token: hex.EncodeToString(b[:])}
	data, _ := json.Marshal(rec)
	if err := atomicfile.WriteNoSync(p, data, 0o600); err != nil {
		return nil, fmt.Errorf("drain lease: %w", err)
	}
	return &lease{dir: dir, token: rec.Token}, nil
}

// held reports whether this lease is still ours: a drain that was stuck long enough to be taken
// over must not go on writing next to its successor.
func (l *lease) held() bool {
	cur, ok := readLease(filepath.Join(l.dir, leaseFile))
	return ok && cur.Token == l.token
}

// release gives the lease up, if it is still ours.
func (l *lease) release() {
	g, err := guard(context.Background(), l.dir)
	if err != nil {
		return // the lease goes stale and is taken over
	}
	defer g.Release()
	if l.held() {
		_ = os.Remove(filepath.Join(l.dir, leaseFile))
	}
}

func guard(ctx context.Context, dir string) (*lock.Lock, error) {
	ctx, cancel := context.WithTimeout(ctx, guardWait)
	defer cancel()
	g, err := lock.Acquire(ctx, filepath.Join(dir, guardFile))
	if err != nil {
		return nil, fmt.Errorf("drain lease: %w", err)
	}
	return g, nil
}

// readLease reads the lease file; ok is false when there is none or it is unreadable (a torn or
// foreign file is no lease).
func readLease(p string) (leaseRecord, bool) {
	var rec leaseRecord
	data, err := os.ReadFile(p)
	if err != nil || json.Unmarshal(data, &rec) != nil || rec.PID <= 0 || rec.Token == "" {
		return rec, false
	}
	return rec, true
}

// stale reports whether the lease can be taken over: its process is gone, or it has held the
// lease longer than a drain can last (a hung process, or the pid reused by another one).
func (r leaseRecord) stale(now time.Time) bool {
	started, err := time.Parse(time.RFC3339Nano, r.Started)
	if err != nil || now.Sub(started) > staleAfter || started.After(now.Add(time.Minute)) {
		return true
	}
	return !processAlive(r.PID)
}
