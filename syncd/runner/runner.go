// Package runner runs sync cycles for anamnesis-syncd: one at a time, on an interval, sooner on
// request (SIGHUP), backing off while the remote is down, and recording each cycle in the status
// file that "anamnesis status" and memory_status read. A cycle is the application layer's
// (core/app): it turns pending session captures into notes first, so they travel in the same
// cycle, then commits, integrates, pushes and indexes.
package runner

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/anamnesis-go/anamnesis/core/app"
)

// DefaultInterval is the time between cycles while all is well.
const DefaultInterval = 5 * time.Minute

// Runner runs sync cycles for one store.
type Runner struct {
	Home       string        // store home; "" means $ANAMNESIS_HOME or ~/.anamnesis
	Interval   time.Duration // zero means DefaultInterval
	MaxBackoff time.Duration // longest wait while failing; zero means max(Interval, 1h)
	// AfterSync, when set, runs after each cycle that succeeded (the automatic reflection of
	// core/app); it is never in a hook's path. It returns a line to log.
	AfterSync func(ctx context.Context, home string) string
	Log       io.Writer // one line per cycle; nil discards
	now       func() time.Time
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

// Each cycle runs in an application of its own, opened for the cycle and closed after it, so that
// it sees the store as it is now (settings changed since the last cycle, notes edited by hand, an
// index another process rebuilt), as a one-shot "anamnesis sync" would.
func (r *Runner) open() (*app.App, error) { return app.New(r.Home, app.Options{}) }

// sync runs one cycle: drain the capture spool, commit, integrate, push, index. An unreachable
// remote is a result (Offline), not an error.
func (r *Runner) sync(ctx context.Context, a *app.App) (app.SyncReport, error) {
	rep, err := a.SyncCycle(ctx, app.SyncRequest{})
	switch n := len(rep.Capture.Written) + len(rep.Capture.Updated); {
	case rep.CaptureErr != nil:
		r.logf("capture spool: %v", rep.CaptureErr) // it did not stop the notes from syncing
	case n > 0:
		r.logf("capture spool: %d record(s) processed", n)
	}
	if err == nil {
		r.embed(ctx, a)
	}
	if err == nil && r.AfterSync != nil {
		if line := r.AfterSync(ctx, a.Home.Root()); line != "" {
			r.logf("%s", line)
		}
	}
	return rep, err
}

// embed brings semantic-search vectors up to date after a cycle, when a provider is configured:
// notes that arrived from other machines get theirs here, off every hook's path.
func (r *Runner) embed(ctx context.Context, a *app.App) {
	if e, err := a.Embedder(); err == nil && e == nil {
		return
	}
	rep, err := a.Embed(ctx, app.EmbedRequest{})
	switch {
	case err != nil:
		r.logf("semantic vectors: %v", err)
	case rep.Embedded > 0:
		r.logf("semantic vectors: %d note(s) embedded", rep.Embedded)
	}
}

// record writes the cycle's outcome, and when the next one is due (after delay; zero: none is
// scheduled), to the status file. The last run and the next are stamped from one reading of the
// clock, so that they stand exactly delay apart.
func (r *Runner) record(a *app.App, rep app.SyncReport, err error, delay time.Duration) {
	now := r.clock()
	var next time.Time
	if delay > 0 {
		next = now.Add(delay)
	}
	if werr := a.RecordSync(rep, err, now, next); werr != nil {
		r.logf("status file: %v", werr)
	}
}

// Once runs one cycle and records it.
func (r *Runner) Once(ctx context.Context) (app.SyncResult, error) {
	a, err := r.open()
	if err != nil {
		return app.SyncResult{Conflicts: []string{}}, err
	}
	defer a.Close()
	rep, err := r.sync(ctx, a)
	r.record(a, rep, err, 0)
	return rep.Result, err
}

// Run runs cycles until ctx ends: one at once, then one per interval, or after the backoff delay
// while cycles fail. A value on wake starts the next cycle immediately. It returns nil when ctx
// ends, since that is how the runner is asked to stop.
func (r *Runner) Run(ctx context.Context, wake <-chan struct{}) error {
	failures := 0
	for {
		delay := r.step(ctx, &failures)
		if ctx.Err() != nil {
			return nil
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

// step runs one cycle of the loop, records it with its next run and logs it, and returns the
// wait before the next one.
func (r *Runner) step(ctx context.Context, failures *int) time.Duration {
	var rep app.SyncReport
	a, err := r.open()
	if err == nil {
		defer a.Close()
		rep, err = r.sync(ctx, a)
	}
	if ctx.Err() != nil {
		return 0 // stopped mid-cycle: not a failure to record
	}
	if err != nil || rep.Offline {
		*failures++
	} else {
		*failures = 0
	}
	delay := Backoff(r.Interval, r.MaxBackoff, *failures)
	if a != nil { // without a home there is no status file to record into either
		r.record(a, rep, err, delay)
	}
	if err != nil {
		r.logf("sync failed: %v; next try in %s", err, delay)
	} else {
		r.logf("%s; next cycle in %s", rep.Detail, delay)
	}
	return delay
}
