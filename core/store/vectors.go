package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/anamnesis-go/anamnesis/core/internal/vecmath"
)

// Vectors for semantic search live in the index beside the text they were made from: one row per
// note and model, with a hash of the text embedded, so a changed note is seen as stale and a
// rebuilt index (or a model switched back) reuses what is still right. Like the rest of the index
// they are derived data, never synced. Nothing here embeds: core/app asks for the stale notes,
// embeds their text with the configured provider and stores the vectors, outside any write's lock.
//
// The tables are created on first use, so a store without semantic search has none and pays
// nothing; a full rebuild carries them over (it keeps every vector whose text is unchanged).
const vectorSchema = `
CREATE TABLE IF NOT EXISTS anamnesis_vectors (
    id TEXT NOT NULL,     -- note id
    model TEXT NOT NULL,  -- the embedder's identity: vectors of two models are never compared
    hash TEXT NOT NULL,   -- VectorHash of the text embedded
    vec BLOB NOT NULL     -- float32 little-endian, unit length
);
-- Covering: finding missing or stale vectors never reads a vector. (A rowid table, not WITHOUT
-- ROWID: rows of a kilobyte and more would fill a key-ordered tree with overflow pages.)
CREATE UNIQUE INDEX IF NOT EXISTS anamnesis_vectors_key ON anamnesis_vectors(model, id, hash);
-- Bumped on every change to a model's vectors, so a process holding them in memory reloads only
-- when they changed.
CREATE TABLE IF NOT EXISTS anamnesis_vector_gen (
    model TEXT PRIMARY KEY,
    gen INTEGER NOT NULL
) WITHOUT ROWID;
`

// VectorText is what is embedded for a note: its title, tags and body.
func VectorText(title, tags, body string) string {
	return title + "\n" + tags + "\n" + body
}

// VectorHash identifies the text a vector was made from.
func VectorHash(text string) string {
	sum := sha256.Sum256([]byte(text))
	return hex.EncodeToString(sum[:8])
}

// VectorJob is a note whose vector is missing or stale: the text to embed and its hash.
type VectorJob struct {
	ID, Text, Hash string
}

func (s *Store) ensureVectors(ctx context.Context) error {
	if _, err := s.db.ExecContext(ctx, vectorSchema); err != nil {
		return fmt.Errorf("create vector tables: %w", err)
	}
	return nil
}

// StaleVectors returns the live notes whose vector under model is missing or was made from other
// text, at most limit of them (0: all). It reads every live note's text.
func (s *Store) StaleVectors(ctx context.Context, model string, limit int) ([]VectorJob, error) {
	if err := s.ensureVectors(ctx); err != nil {
		return nil, err
	}
	rows, err := s.query(ctx, `SELECT m.id, m.title, f.tags, f.body,
		COALESCE((SELECT v.hash FROM anamnesis_vectors v WHERE v.model = ? AND v.id = m.id), '')
		FROM memories m JOIN memories_fts f ON f.rowid = m.rowid WHERE m.status <> 'deleted'`, model)
	if err != nil {
		return nil, fmt.Errorf("find notes to embed: %w", err)
	}
	defer rows.Close()
	var jobs []VectorJob
	for rows.Next() {
		var id, title, tags, body, have string
		if err := rows.Scan(&id, &title, &tags, &body, &have); err != nil {
			return nil, fmt.Errorf("find notes to embed: %w", err)
		}
		text := VectorText(title, tags, body)
		if h := VectorHash(text); h != have {
			jobs = append(jobs, VectorJob{ID: id, Text: text, Hash: h})
			if limit > 0 && len(jobs) >= limit {
				break
			}
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("find notes to embed: %w", err)
	}
	return jobs, nil
}

// MissingVectors returns live notes that have no vector under model at all, at most limit of
// them: the cheap check a search runs. It answers from the index's keys alone, and not at all
// while no note was added since it last found none (new notes take new rowids; an edit keeps its
// note's, and is left to StaleVectors).
func (s *Store) MissingVectors(ctx context.Context, model string, limit int) ([]VectorJob, error) {
	var top int64
	if err := s.queryRow(ctx, `SELECT COALESCE(MAX(rowid), 0) FROM memories`).Scan(&top); err != nil {
		return nil, fmt.Errorf("find notes to embed: %w", err)
	}
	c := &s.vecs
	c.mu.Lock()
	done := c.checkedModel == model && c.checkedTop == top
	c.mu.Unlock()
	if done {
		return nil, nil
	}
	if err := s.ensureVectors(ctx); err != nil {
		return nil, err
	}
	rows, err := s.query(ctx, `SELECT m.id, m.title, f.tags, f.body FROM memories m
		JOIN memories_fts f ON f.rowid = m.rowid
		WHERE m.status <> 'deleted' AND NOT EXISTS (SELECT 1 FROM anamnesis_vectors v WHERE v.model = ? AND v.id = m.id)
		LIMIT ?`, model, limit)
	if err != nil {
		return nil, fmt.Errorf("find notes to embed: %w", err)
	}
	defer rows.Close()
	var jobs []VectorJob
	for rows.Next() {
		var id, title, tags, body string
		if err := rows.Scan(&id, &title, &tags, &body); err != nil {
			return nil, fmt.Errorf("find notes to embed: %w", err)
		}
		text := VectorText(title, tags, body)
		jobs = append(jobs, VectorJob{ID: id, Text: text, Hash: VectorHash(text)})
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("find notes to embed: %w", err)
	}
	if len(jobs) == 0 {
		c.mu.Lock()
		c.checkedModel, c.checkedTop = model, top
		c.mu.Unlock()
	}
	return jobs, nil
}

// PutVectors stores the vectors of jobs (vecs[i] for jobs[i]) under model, in one transaction.
// It takes no store lock: vectors are written beside notes, never instead of them, and SQLite
// orders this short transaction with any note write.
func (s *Store) PutVectors(ctx context.Context, model string, jobs []VectorJob, vecs [][]float32) error {
	if len(jobs) != len(vecs) {
		return fmt.Errorf("store vectors: %d vectors for %d notes", len(vecs), len(jobs))
	}
	if len(jobs) == 0 {
		return nil
	}
	if err := s.ensureVectors(ctx); err != nil {
		return err
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store vectors: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	del, err := tx.PrepareContext(ctx, `DELETE FROM anamnesis_vectors WHERE model = ? AND id = ?`)
	if err != nil {
		return fmt.Errorf("store vectors: %w", err)
	}
	defer del.Close()
	put, err := tx.PrepareContext(ctx, `INSERT INTO anamnesis_vectors (id, model, hash, vec) VALUES (?, ?, ?, ?)`)
	if err != nil {
		return fmt.Errorf("store vectors: %w", err)
	}
	defer put.Close()
	dim := -1
	for i, j := range jobs {
		if dim >= 0 && len(vecs[i]) != dim {
			return fmt.Errorf("store vectors: note %s has %d numbers, the others %d", j.ID, len(vecs[i]), dim)
		}
		dim = len(vecs[i])
		if _, err := del.ExecContext(ctx, model, j.ID); err != nil {
			return fmt.Errorf("store vector of %s: %w", j.ID, err)
		}
		if _, err := put.ExecContext(ctx, j.ID, model, j.Hash, vecmath.AppendLE(make([]byte, 0, 4*len(vecs[i])), vecs[i])); err != nil {
			return fmt.Errorf("store vector of %s: %w", j.ID, err)
		}
	}
	if err := bumpGen(ctx, tx, model); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store vectors: %w", err)
	}
	return nil
}

func bumpGen(ctx context.Context, tx *sql.Tx, model string) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO anamnesis_vector_gen (model, gen) VALUES (?, 1)
		ON CONFLICT (model) DO UPDATE SET gen = gen + 1`, model)
	if err != nil {
		return fmt.Errorf("store vectors: %w", err)
	}
	return nil
}

// PruneVectors deletes the vectors of other models (a switched provider leaves them behind) and
// of notes no longer in the index, and reports how many went.
func (s *Store) PruneVectors(ctx context.Context, model string) (int, error) {
	if err := s.ensureVectors(ctx); err != nil {
		return 0, err
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("prune vectors: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	res, err := tx.ExecContext(ctx, `DELETE FROM anamnesis_vectors WHERE model <> ?
		OR id NOT IN (SELECT id FROM memories WHERE status <> 'deleted')`, model)
	if err != nil {
		return 0, fmt.Errorf("prune vectors: %w", err)
	}
	n, _ := res.RowsAffected()
	if _, err := tx.ExecContext(ctx, `DELETE FROM anamnesis_vector_gen WHERE model <> ?`, model); err != nil {
		return 0, fmt.Errorf("prune vectors: %w", err)
	}
	if n > 0 {
		if err := bumpGen(ctx, tx, model); err != nil {
			return 0, err
		}
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("prune vectors: %w", err)
	}
	return int(n), nil
}

// DropVectors deletes every vector of every model, for a re-embedding from scratch.
func (s *Store) DropVectors(ctx context.Context) error {
	if _, err := s.db.ExecContext(ctx, `DROP TABLE IF EXISTS anamnesis_vectors; DROP TABLE IF EXISTS anamnesis_vector_gen`); err != nil {
		return fmt.Errorf("drop vectors: %w", err)
	}
	s.vecs.reset()
	return nil
}

// VectorStats is how far the vectors of one model cover the live notes.
type VectorStats struct {
	Model  string `json:"model"`
	Notes  int    `json:"notes"`  // live notes
	Stored int    `json:"stored"` // vectors of this model for live notes, current or stale
	Dim    int    `json:"dim"`
	Bytes  int64  `json:"bytes"` // vector data of this model in the index
}

// VectorStats counts the model's vectors against the live notes.
func (s *Store) VectorStats(ctx context.Context, model string) (VectorStats, error) {
	st := VectorStats{Model: model}
	if err := s.ensureVectors(ctx); err != nil {
		return st, err
	}
	err := s.queryRow(ctx, `SELECT
		(SELECT count(*) FROM memories WHERE status <> 'deleted'),
		(SELECT count(*) FROM anamnesis_vectors v JOIN memories m ON m.id = v.id WHERE v.model = ? AND m.status <> 'deleted'),
		(SELECT COALESCE(sum(length(vec)), 0) FROM anamnesis_vectors WHERE model = ?),
		(SELECT COALESCE(max(length(vec)), 0) / 4 FROM anamnesis_vectors WHERE model = ?)`,
		model, model, model).Scan(&st.Notes, &st.Stored, &st.Bytes, &st.Dim)
	if err != nil {
		return st, fmt.Errorf("count vectors: %w", err)
	}
	return st, nil
}

// vectorCache holds one model's vectors in memory as one matrix: loading 10,000 of them from
// SQLite costs tens of milliseconds, scoring them a millisecond, so a long-running process (the
// MCP server, the dashboard) loads them once and again only when their generation moves.
type vectorCache struct {
	mu sync.Mutex
	// checkedModel and checkedTop: the largest note rowid when MissingVectors last found none.
	checkedModel string
	checkedTop   int64
	model        string
	gen          int64
	dim          int
	ids          []string
	mat          []float32 // len(ids) × dim
}

func (c *vectorCache) reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.model, c.gen, c.dim, c.ids, c.mat = "", 0, 0, nil, nil
	c.checkedModel, c.checkedTop = "", 0
}

// loaded returns the model's vectors, reloading them when they changed since the last call.
func (s *Store) loadedVectors(ctx context.Context, model string) (ids []string, mat []float32, dim int, err error) {
	c := &s.vecs
	c.mu.Lock()
	defer c.mu.Unlock()
	var gen int64
	err = s.queryRow(ctx, `SELECT gen FROM anamnesis_vector_gen WHERE model = ?`, model).Scan(&gen)
	switch {
	case errors.Is(err, sql.ErrNoRows) || isNoSuchTable(err):
		return nil, nil, 0, nil // never embedded under this model
	case err != nil:
		return nil, nil, 0, fmt.Errorf("read vectors: %w", err)
	}
	if c.model == model && c.gen == gen {
		return c.ids, c.mat, c.dim, nil
	}
	var count int
	if err := s.queryRow(ctx, `SELECT count(*) FROM anamnesis_vectors WHERE model = ?`, model).Scan(&count); err != nil {
		return nil, nil, 0, fmt.Errorf("read vectors: %w", err)
	}
	rows, err := s.query(ctx, `SELECT id, vec FROM anamnesis_vectors WHERE model = ? ORDER BY id`, model)
	if err != nil {
		return nil, nil, 0, fmt.Errorf("read vectors: %w", err)
	}
	defer rows.Close()
	ids, mat, dim = nil, nil, 0
	for rows.Next() {
		var id string
		var raw sql.RawBytes
		if err := rows.Scan(&id, &raw); err != nil {
			return nil, nil, 0, fmt.Errorf("read vectors: %w", err)
		}
		if dim == 0 {
			dim = len(raw) / 4
			ids, mat = make([]string, 0, count), make([]float32, 0, count*dim)
		}
		if len(raw) != 4*dim || dim == 0 {
			continue // a vector of another width: stale, replaced by the next embedding pass
		}
		ids = append(ids, id)
		mat = vecmath.AppendFromLE(mat, raw)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, 0, fmt.Errorf("read vectors: %w", err)
	}
	c.model, c.gen, c.dim, c.ids, c.mat = model, gen, dim, ids, mat
	return ids, mat, dim, nil
}

// vecScore is one note's cosine with the query.
type vecScore struct {
	idx   int
	score float32
}

// nearest scores every vector against q (unit vectors: the dot product is the cosine) and
// returns the best top of them, best first, or all of them when top is 0 or not smaller.
func nearest(q, mat []float32, dim, top int) []vecScore {
	n := len(mat) / dim
	if top <= 0 || top >= n {
		out := make([]vecScore, n)
		for i := range n {
			out[i] = vecScore{i, vecmath.Dot(q, mat[i*dim:(i+1)*dim])}
		}
		sortScores(out)
		return out
	}
	// A min-heap of the best top so far: most vectors lose to its root with one comparison.
	h := make([]vecScore, 0, top)
	for i := range n {
		sc := vecScore{i, vecmath.Dot(q, mat[i*dim:(i+1)*dim])}
		switch {
		case len(h) < top:
			h = append(h, sc)
			siftUp(h, len(h)-1)
		case worse(h[0], sc):
			h[0] = sc
			siftDown(h, 0)
		}
	}
	sortScores(h)
	return h
}

// worse reports whether a ranks below b: a lower cosine, or an equal one further down the matrix.
func worse(a, b vecScore) bool {
	return a.score < b.score || a.score == b.score && a.idx > b.idx
}

func siftUp(h []vecScore, i int) {
	for i > 0 {
		p := (i - 1) / 2
		if !worse(h[i], h[p]) {
			return
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
}

func siftDown(h []vecScore, i int) {
	for {
		l, least := 2*i+1, i
		if l < len(h) && worse(h[l], h[least]) {
			least = l
		}
		if r := l + 1; r < len(h) && worse(h[r], h[least]) {
			least = r
		}
		if least == i {
			return
		}
		h[i], h[least] = h[least], h[i]
		i = least
	}
}

// placeholders is "?,?,...,?" for n values.
func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?,", n), ",")
}
