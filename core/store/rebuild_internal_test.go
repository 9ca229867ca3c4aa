package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// A rebuild goes to the memory file system only where its scratch databases fit (a container's
// /dev/shm is 64 MB by default); elsewhere it builds in memdb.
func TestTmpfsFits(t *testing.T) {
	const mb = 1 << 20
	tests := []struct {
		name            string
		free, noteBytes int64
		want            bool
	}{
		{"10,000 notes in a container's 64 MB", 64 * mb, 20 * mb, true},
		{"30,000 notes in a container's 64 MB", 64 * mb, 60 * mb, false},
		{"just fits with the headroom", 2*20*mb + tmpfsHeadroom, 20 * mb, true},
		{"a byte short", 2*20*mb + tmpfsHeadroom - 1, 20 * mb, false},
		{"a full file system", 0, 1, false},
		{"room not known", -1, 100 * mb, true},
	}
	for _, tc := range tests {
		if got := tmpfsFits(tc.free, tc.noteBytes); got != tc.want {
			t.Errorf("%s: tmpfsFits(%d, %d) = %v, want %v", tc.name, tc.free, tc.noteBytes, got, tc.want)
		}
	}
}

// freeBytes tells the room left where a memory file system is used (Linux); it must not be
// mistaken for none.
func TestFreeBytesOfARealDirectory(t *testing.T) {
	free := freeBytes(t.TempDir())
	if runtime.GOOS != "linux" {
		if free != -1 {
			t.Fatalf("freeBytes = %d, want -1 (not told) off Linux", free)
		}
		return
	}
	if free <= 0 {
		t.Fatalf("freeBytes of a writable temporary directory = %d, want the room left", free)
	}
	if _, err := os.Stat("/dev/shm"); err == nil && freeBytes("/dev/shm") < 0 {
		t.Fatal("freeBytes cannot tell /dev/shm's room")
	}
}

// sampleChanged counts the differing pages among sampleSize spread over the index: none for
// the same pages, about the changed share otherwise, at least sampleDecline where most changed,
// and none for an index too small to sample.
func TestSampleChanged(t *testing.T) {
	tests := []struct {
		name         string
		rows         int     // rows of about a page each
		changedShare float64 // the last share of them changed in the new index
		lo, hi       int     // the count wanted
	}{
		{"the same pages", 400, 0, 0, 0},
		{"the last quarter changed", 400, 0.25, 10, sampleDecline - 1},
		{"the last three quarters changed", 400, 0.75, sampleDecline, sampleSize},
		{"too small to sample", 100, 1, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			dir := t.TempDir()
			live, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "live.db"))
			if err != nil {
				t.Fatal(err)
			}
			defer live.Close()
			live.SetMaxOpenConns(1)
			fresh := filepath.Join(dir, "fresh.db")
			err = execAll(ctx, live, "make", "CREATE TABLE t (b BLOB)",
				fmt.Sprintf("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < %d) INSERT INTO t SELECT randomblob(3500) FROM n", tc.rows),
				"VACUUM INTO '"+fresh+"'",
				"ATTACH DATABASE '"+fresh+"' AS fresh",
				fmt.Sprintf("UPDATE fresh.t SET b = randomblob(3500) WHERE rowid > %d", int(float64(tc.rows)*(1-tc.changedShare))))
			if err != nil {
				t.Fatal(err)
			}
			var pages int64
			if err := live.QueryRowContext(ctx, "PRAGMA fresh.page_count").Scan(&pages); err != nil {
				t.Fatal(err)
			}
			tx, err := live.BeginTx(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer tx.Rollback() //nolint:errcheck // read only
			got, err := sampleChanged(ctx, tx, pages)
			if err != nil {
				t.Fatal(err)
			}
			if got < tc.lo || got > tc.hi {
				t.Fatalf("%d of %d sampled pages (of %d) differ, want %d to %d", got, sampleSize, pages, tc.lo, tc.hi)
			}
		})
	}
}

// A text write queued after finish fails instead of being lost unapplied (or sent on the closed
// channel once a batch fills); the writes queued before it are applied, and wait reports none
// of them failing.
func TestTextWriteAfterFinishFails(t *testing.T) {
	ctx := context.Background()
	applied := 0
	text := startText(ctx, &textStmts{}, func() error { applied++; return nil })
	for i := 0; i < textBatch+1; i++ {
		if err := text.add(ctx, textRow{rowid: int64(i + 1)}); err != nil {
			t.Fatalf("write %d before finish: %v", i, err)
		}
	}
	text.finish()
	for i := 0; i < textBatch+1; i++ {
		if err := text.add(ctx, textRow{rowid: 1}); !errors.Is(err, errTextFinished) {
			t.Fatalf("write %d after finish: %v, want errTextFinished", i, err)
		}
	}
	if err := text.wait(); err != nil || applied != 1 {
		t.Fatalf("wait: %v, finish ran %d times; want no error, once", err, applied)
	}
}
