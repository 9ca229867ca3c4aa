// Package runner runs sync cycles for anamnesis-syncd: one at a time, on an interval, sooner on
// request (SIGHUP), backing off while the remote is down, and recording each cycle in the status
// file that "anamnesis status" and memory_status read.
package runner

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/anamnesis-go/anamnesis/core/config"
	"github.com/anamnesis-go/anamnesis/core/gitsync"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// DefaultInterval is the time between cycles while all is well.
const DefaultInterval = 5 * time.Minute

// SpoolDrainer turns pending capture records into notes before a cycle syncs them. It reports how
// many records it processed. The capture package provides one; until it is wired in, the runner
// simply skips the step.
type SpoolDrainer func(ctx context.Context, st *store.Store, cfg *config.Config) (int, error)

// Runner runs sync cycles for one store.
type Runner struct {
	Home       string        // store home; "" means $ANAMNESIS_HOME or ~/.anamnesis
	Interval   time.Duration // zero means DefaultInterval
	MaxBackoff time.Duration // longest wait while failing; zero means max(Interval, 1h)
	Drain      SpoolDrainer  // optional: drains the capture spool before each cycle
	Log        io.Writer     // one line per cycle; nil discards
	now        func() time.Time
}

func (r *Runner) clock() time.Time {
	if r.now != nil {
		return r.now()
	}
	return time.Now()
}

func (r *Runner) logf(format string, args ...any) {
	if r.Log != nil {
		fmt.Fprintf(r.Log, "%s anamnesis-syncd: %s\n", r.clock().UTC().Format(time.RFC3339), fmt.Sprintf(format, args...))
	}
}

// Cycle runs one cycle: re-read the configuration (so a remote set since the last cycle is used),
// drain the capture spool, sync. An unreachable remote is a result (Offline), not an error.
func (r *Runner) Cycle(ctx context.Context) (gitsync.Result, *config.Config, error) {
	res := gitsync.Result{Conflicts: []string{}}
	cfg, err := config.Load(r.Home)
	if err != nil {
		return res, nil, err
	}
	st, err := store.Open(ctx, cfg.Home, store.Options{MachineID: cfg.MachineID})
	if err != nil {
		return res, cfg, err
	}
	defer st.Close()
	if r.Drain != nil {
		n, err := r.Drain(ctx, st, cfg)
		if err != nil {
			// A capture problem must not stop notes from syncing.
			r.logf("capture spool: %v", err)
		} else if n > 0 {
			r.logf("capture spool: %d record(s) processed", n)
		}
	}
	res, err = gitsync.Sync(ctx, st, gitsync.Options{Remote: cfg.Remote, MachineID: cfg.MachineID})
	return res, cfg, err
}

// Once runs one cycle and records it.
func (r *Runner) Once(ctx context.Context) (gitsync.Result, error) {
	res, cfg, err := r.Cycle(ctx)
	r.record(cfg, res, err, time.Time{})
	return res, err
}

// Run runs cycles until ctx ends: one at once, then one per interval, or after the backoff delay
// while cycles fail. A value on wake starts the next cycle immediately. It returns nil when ctx
// ends, since that is how the runner is asked to stop.
func (r *Runner) Run(ctx context.Context, wake <-chan struct{}) error {
	failures := 0
	for {
		res, cfg, err := r.Cycle(ctx)
		if ctx.Err() != nil {
			return nil
		}
		if err != nil || res.Offline {
			failures++
		} else {
			failures = 0
		}
		delay := Backoff(r.Interval, r.MaxBackoff, failures)
		r.record(cfg, res, err, r.clock().Add(delay))
		switch {
		case err != nil:
			r.logf("sync failed: %v; next try in %s", err, delay)
		default:
			r.logf("%s; next cycle in %s", res.Detail, delay)
		}
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil
		case <-wake:
			t.Stop()
			r.logf("woken up: syncing now")
		case <-t.C:
		}
	}
}

func (r *Runner) record(cfg *config.Config, res gitsync.Result, err error, next time.Time) {
	home := r.Home
	if cfg != nil {
		home = cfg.Home
	}
	if home == "" {
		h, herr := config.ResolveHome()
		if herr != nil {
			return
		}
		home = h
	}
	if _, werr := gitsync.RecordCycle(home, res, err, r.clock(), next); werr != nil {
		r.logf("status file: %v", werr)
	}
}
