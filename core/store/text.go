package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
)

// textRow is a note's searchable text, keyed by its memories rowid.
type textRow struct {
	rowid                      int64
	id, title, body, tags, alt string
}

// textWriter writes and deletes notes' rows in the two FTS5 tables. Tokenizing is most of what an
// index write costs, so a full rebuild gives it a connection and a goroutine of its own (textAsync);
// every other write runs the statements in the indexer's transaction (textStmts).
type textWriter interface {
	add(ctx context.Context, r textRow) error
	del(ctx context.Context, rowid int64) error
	close()
}

// textStmts writes the text tables within one transaction: both, or one of them (textParts).
type textStmts struct {
	delFTS, addFTS, delHead, addHead *sql.Stmt // nil for a table left out
}

// textParts says which of the two text tables a textStmts writes.
type textParts int

const (
	partFTS   textParts = 1 << iota // memories_fts
	partHeads                       // anamnesis_heads
	bothParts = partFTS | partHeads
)

func newTextStmts(ctx context.Context, tx *sql.Tx, parts textParts) (*textStmts, error) {
	t := &textStmts{}
	for _, p := range []struct {
		part textParts
		st   **sql.Stmt
		q    string
	}{
		{partFTS, &t.delFTS, `DELETE FROM memories_fts WHERE rowid = ?`},
		{partFTS, &t.addFTS, `INSERT INTO memories_fts (rowid, id, title, body, tags, alt) VALUES (?, ?, ?, ?, ?, ?)`},
		{partHeads, &t.delHead, `DELETE FROM anamnesis_heads WHERE rowid = ?`},
		{partHeads, &t.addHead, `INSERT INTO anamnesis_heads (rowid, title, tags) VALUES (?, ?, ?)`},
	} {
		if parts&p.part == 0 {
			continue
		}
		st, err := tx.PrepareContext(ctx, p.q)
		if err != nil {
			t.close()
			return nil, fmt.Errorf("prepare index statement %q: %w", firstWords(p.q), err)
		}
		*p.st = st
	}
	return t, nil
}

func (t *textStmts) add(ctx context.Context, r textRow) error {
	if t.addFTS != nil {
		if err := exec(ctx, t.addFTS, "add text", r.rowid, r.id, r.title, r.body, r.tags, r.alt); err != nil {
			return err
		}
	}
	if t.addHead != nil {
		return exec(ctx, t.addHead, "add head", r.rowid, r.title, r.tags)
	}
	return nil
}

func (t *textStmts) del(ctx context.Context, rowid int64) error {
	if t.delFTS != nil {
		if err := exec(ctx, t.delFTS, "delete text", rowid); err != nil {
			return err
		}
	}
	if t.delHead != nil {
		return exec(ctx, t.delHead, "delete head", rowid)
	}
	return nil
}

func (t *textStmts) close() {
	for _, st := range []*sql.Stmt{t.delFTS, t.addFTS, t.delHead, t.addHead} {
		if st != nil {
			st.Close()
		}
	}
}

// textPair writes through two writers, in order: a full rebuild writes the titles' table on
// the tables connection and the full text on its own.
type textPair struct{ first, second textWriter }

func (p textPair) add(ctx context.Context, r textRow) error {
	if err := p.first.add(ctx, r); err != nil {
		return err
	}
	return p.second.add(ctx, r)
}

func (p textPair) del(ctx context.Context, rowid int64) error {
	if err := p.first.del(ctx, rowid); err != nil {
		return err
	}
	return p.second.del(ctx, rowid)
}

func (p textPair) close() {
	p.first.close()
	p.second.close()
}

// textOp is one add (row set) or delete (row.rowid only) for textAsync.
type textOp struct {
	row textRow
	del bool
}

// textBatch is how many writes textAsync hands over at once. One hand-over per note woke the
// writing goroutine for each note; with the parsing workers' hand-overs also batched (parseChunk),
// a 10,000-note rebuild made 3,100 context switches instead of 4,450, and 3-5% less CPU.
const textBatch = 64

// textAsync hands the text writes to a goroutine that applies them, in order, through its own
// statements (on another connection and database file), so tokenizing runs beside the indexer's
// other writes instead of after them. Writes are queued by one goroutine (the indexer's) and
// handed over in batches. Errors surface at the latest from wait.
type textAsync struct {
	ops      chan []textOp
	pending  []textOp  // queued, not yet handed over; only the sending goroutine touches it
	finished bool      // finish ran: writes are refused; only the sending goroutine touches it
	stop     sync.Once // closes ops
	done     chan struct{}
	err      error // set by the goroutine before done closes
}

// errTextFinished is a text write queued after finish: it would never be applied.
var errTextFinished = errors.New("text write after the text writer finished")

// startText starts applying ops with w; once wait stops the writes, it runs finish (unless a
// write failed) in the same goroutine.
func startText(ctx context.Context, w *textStmts, finish func() error) *textAsync {
	ops := make(chan []textOp, 8)
	t := &textAsync{ops: ops, done: make(chan struct{}), pending: make([]textOp, 0, textBatch)}
	// As in indexFiles, the statements run without the driver's per-statement watch of ctx, which
	// is checked between batches instead.
	sctx := context.WithoutCancel(ctx)
	go func() {
		defer close(t.done)
		for batch := range ops {
			if t.err != nil {
				continue // keep draining so the sender never blocks on a dead writer
			}
			if t.err = ctx.Err(); t.err != nil {
				continue
			}
			for _, op := range batch {
				if op.del {
					t.err = w.del(sctx, op.row.rowid)
				} else {
					t.err = w.add(sctx, op.row)
				}
				if t.err != nil {
					break
				}
			}
		}
		if t.err == nil && finish != nil {
			t.err = finish()
		}
	}()
	return t
}

// queue adds op to the pending batch and hands the batch over when it is full.
func (t *textAsync) queue(ctx context.Context, op textOp) error {
	if t.finished {
		return errTextFinished
	}
	t.pending = append(t.pending, op)
	if len(t.pending) < textBatch {
		return nil
	}
	return t.flush(ctx)
}

// flush hands the pending batch over.
func (t *textAsync) flush(ctx context.Context) error {
	if len(t.pending) == 0 {
		return nil
	}
	batch := t.pending
	t.pending = make([]textOp, 0, textBatch)
	select {
	case t.ops <- batch:
		return nil
	case <-t.done:
		return t.err
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (t *textAsync) add(ctx context.Context, r textRow) error {
	return t.queue(ctx, textOp{row: r})
}

func (t *textAsync) del(ctx context.Context, rowid int64) error {
	return t.queue(ctx, textOp{row: textRow{rowid: rowid}, del: true})
}

// finish hands over what is pending and stops taking writes, without waiting for them: the
// goroutine applies them and runs its finish function while the caller goes on. A write queued
// after it fails with errTextFinished (rather than being lost unapplied, or sent on the closed
// channel). Like queue, it runs on the goroutine that queues the writes (wait and close call it
// too, and so belong to that goroutine as well).
func (t *textAsync) finish() {
	t.finished = true
	t.stop.Do(func() {
		// A failed hand-over means the writer stopped on an error, which wait returns.
		_ = t.flush(context.Background())
		close(t.ops)
	})
}

// wait stops taking writes and returns the first error of those applied.
func (t *textAsync) wait() error {
	t.finish()
	<-t.done
	return t.err
}

// close is wait for callers that already have an error to report.
func (t *textAsync) close() { _ = t.wait() }
