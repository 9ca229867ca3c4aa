package store

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/internal/atomicfile"
	"github.com/anamnesis-go/anamnesis/core/note"
)

// ErrIdempotencyConflict is returned when an idempotency key is reused for different content.
var ErrIdempotencyConflict = errors.New("idempotency key was already used for a note with different content")

// ErrIdempotencyForgotten is returned when an idempotency key names a note written with the same
// content and forgotten since. The retry is not honoured either way: returning the note would
// report a forgotten note as written, and writing it again would undo a deliberate forget. A new
// key writes the content anew.
var ErrIdempotencyForgotten = errors.New("idempotency key was already used for a note that has since been forgotten")

// WriteInput is a new note as a caller describes it. The store assigns the id, the timestamps and
// the machine id.
type WriteInput struct {
	Type        note.Type
	Title       string
	Body        string
	Project     string     // empty means "global"
	Scope       note.Scope // empty means portable
	Tags        []string
	Supersedes  []string
	ProvSource  note.Source // empty means human
	ProvModel   string
	ProvSession string
	Confidence  float64 // zero means 1.0
	// UserID and WorkspaceID place the note in a tenant, as the reference's tools do; empty means
	// "self" and "personal".
	UserID      string
	WorkspaceID string
	// IdempotencyKey, when set, makes a repeated write with the same content return the first note
	// instead of creating another. It is kept in the note's front matter, so it survives a rebuild
	// of the index and works across processes and machines.
	IdempotencyKey string
}

// Write creates a note: validate, write the file atomically, index it. If indexing fails the
// file is removed, so nothing half-written is ever visible.
func (s *Store) Write(ctx context.Context, in WriteInput) (*note.Note, error) {
	n := &note.Note{
		ID:             note.NewID(),
		Type:           in.Type,
		Title:          strings.TrimSpace(in.Title),
		Body:           in.Body,
		Project:        strings.TrimSpace(in.Project),
		MachineID:      s.machineID,
		Scope:          in.Scope,
		Tags:           note.NormalizeTags(in.Tags),
		Supersedes:     in.Supersedes,
		ProvSource:     in.ProvSource,
		ProvModel:      in.ProvModel,
		ProvSession:    in.ProvSession,
		Confidence:     in.Confidence,
		IdempotencyKey: strings.TrimSpace(in.IdempotencyKey),
		UserID:         strings.TrimSpace(in.UserID),
		WorkspaceID:    strings.TrimSpace(in.WorkspaceID),
	}
	if n.Confidence == 0 {
		n.Confidence = 1.0
	}
	n.ApplyDefaults()
	n.CreatedAt = note.Now()
	n.UpdatedAt = n.CreatedAt
	if err := n.Validate(); err != nil {
		return nil, err
	}
	l, err := s.Lock(ctx)
	if err != nil {
		return nil, err
	}
	defer l.Release()
	if n.IdempotencyKey != "" {
		prev, err := s.byIdempotencyKey(ctx, n.IdempotencyKey)
		if err != nil && !errors.Is(err, ErrNotFound) {
			return nil, err
		}
		if prev != nil {
			if contentHash(prev) != contentHash(n) {
				return nil, fmt.Errorf("%w (note %s)", ErrIdempotencyConflict, prev.ID)
			}
			if prev.Deleted() {
				return nil, fmt.Errorf("%w (note %s, forgotten at %s)", ErrIdempotencyForgotten, prev.ID, prev.DeletedAt)
			}
			return prev, nil
		}
	}
	if err := s.save(ctx, n, ""); err != nil {
		return nil, err
	}
	return n, nil
}

// contentHash identifies what a caller asked to store, for idempotent retries.
func contentHash(n *note.Note) string {
	h := sha256.New()
	for _, part := range []string{string(n.Type), n.Title, n.Body, n.Project, string(n.Scope), strings.Join(n.Tags, "\x1f"),
		n.UserID, n.WorkspaceID} {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}

func (s *Store) byIdempotencyKey(ctx context.Context, key string) (*note.Note, error) {
	var id string
	// Two machines can write under one key before they sync; a live note answers before a
	// forgotten one, then the oldest, so every machine answers alike.
	err := s.queryRow(ctx, `SELECT id FROM memories WHERE idempotency_key = ?
		ORDER BY status = 'deleted', created_at, id LIMIT 1`, key).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	} else if err != nil {
		return nil, fmt.Errorf("look up idempotency key: %w", err)
	}
	return s.Get(ctx, id)
}

// Put writes a complete note under its own id, replacing any note with that id. Importers and
// capture use it to update in place. Timestamps are kept as given; empty ones are set to now.
func (s *Store) Put(ctx context.Context, n *note.Note) error { return s.PutChecked(ctx, n, nil) }

// PutChecked is Put with a precondition: check sees the note as it is on disk, read under the
// store lock the write then holds, and an error from it stops the write. An editor uses it so
// that a change made between loading the note and saving it is never overwritten.
func (s *Store) PutChecked(ctx context.Context, n *note.Note, check func(cur *note.Note) error) error {
	n.ApplyDefaults()
	if n.CreatedAt == "" {
		n.CreatedAt = note.Now()
	}
	if n.UpdatedAt == "" {
		n.UpdatedAt = n.CreatedAt
	}
	if err := n.Validate(); err != nil {
		return err
	}
	l, err := s.Lock(ctx)
	if err != nil {
		return err
	}
	defer l.Release()
	if check != nil {
		cur, err := s.Get(ctx, n.ID)
		if err != nil {
			return err
		}
		if err := check(cur); err != nil {
			return err
		}
	}
	var oldKey string
	var scope, bodyPath string
	err = s.queryRow(ctx, "SELECT scope, body_path FROM memories WHERE id = ?", n.ID).Scan(&scope, &bodyPath)
	switch {
	case err == nil:
		oldKey = relKey(note.Scope(scope), bodyPath)
	case !errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("look up note %s: %w", n.ID, err)
	}
	return s.save(ctx, n, oldKey)
}

// errModifyRace: the note changed between Modify reading it and writing it back.
var errModifyRace = errors.New("the note changed while it was being modified")

// Modify applies change to the note with id as it is on disk and writes the result: a
// read-modify-write that no other writer can undo or be undone by. The write re-checks the note
// under the store lock; if it changed since it was read (a forget, an edit, a sync), change is
// applied again to the new version. Timestamps are the caller's to set in change.
func (s *Store) Modify(ctx context.Context, id string, change func(n *note.Note) error) (*note.Note, error) {
	for attempt := 0; ; attempt++ {
		cur, err := s.Get(ctx, id)
		if err != nil {
			return nil, err
		}
		base := note.Marshal(cur)
		if err := change(cur); err != nil {
			return nil, err
		}
		err = s.PutChecked(ctx, cur, func(disk *note.Note) error {
			if !bytes.Equal(note.Marshal(disk), base) {
				return errModifyRace
			}
			return nil
		})
		if errors.Is(err, errModifyRace) && attempt < 3 {
			continue
		}
		if err != nil {
			return nil, err
		}
		return cur, nil
	}
}

// save writes n's file and indexes it; the caller holds the lock. A previous file of the same note
// at another path (its type or scope changed) is removed once the new one is indexed.
func (s *Store) save(ctx context.Context, n *note.Note, oldKey string) error {
	rel := n.RelPath()
	key := relKey(n.Scope, rel)
	abs := filepath.Join(s.TreeDir(n.Scope), filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
		return fmt.Errorf("write note %s: %w", n.ID, err)
	}
	var previous []byte
	if oldKey == key {
		previous, _ = os.ReadFile(abs)
	}
	dir := filepath.Dir(abs)
	_, dirBefore := dirMtime(dir)
	if err := atomicfile.Write(abs, note.Marshal(n), 0o644); err != nil {
		return fmt.Errorf("write note %s: %w", n.ID, err)
	}
	info, err := os.Stat(abs)
	if err == nil {
		err = s.withIndexer(ctx, func(ix *indexer) error {
			if oldKey != "" && oldKey != key {
				if err := ix.removeFile(ctx, oldKey); err != nil {
					return err
				}
			}
			return ix.put(ctx, n, fileInfo{key: key, abs: abs, scope: n.Scope, rel: rel, size: info.Size(), mtime: info.ModTime().UnixNano()}, "")
		})
	}
	if err != nil {
		// Leave the disk as the index describes it: the new file never existed, an overwritten one
		// is restored.
		if previous != nil {
			if rerr := atomicfile.Write(abs, previous, 0o644); rerr != nil {
				return fmt.Errorf("index note %s: %w (restoring its previous file failed too: %v; the next open re-reads it)", n.ID, err, rerr)
			}
		} else {
			os.Remove(abs)
		}
		return fmt.Errorf("index note %s: %w", n.ID, err)
	}
	// The note's directory changed by this write alone (and the old file's by its removal):
	// record that, so the next open need not re-check them.
	s.ownChange(ctx, dir, dirBefore)
	if oldKey != "" && oldKey != key {
		old := filepath.Join(s.root, filepath.FromSlash(oldKey))
		_, oldBefore := dirMtime(filepath.Dir(old))
		os.Remove(old)
		s.ownChange(ctx, filepath.Dir(old), oldBefore)
	}
	return nil
}

// Forget soft-deletes a note: its file keeps everything and gains status "deleted" and
// deleted_at, so sync carries the forget to other machines as an ordinary edit and no machine
// can resurrect the note. Forgetting a forgotten note returns it unchanged.
func (s *Store) Forget(ctx context.Context, id string) (*note.Note, error) {
	if err := note.ValidateID(id); err != nil {
		return nil, err
	}
	l, err := s.Lock(ctx)
	if err != nil {
		return nil, err
	}
	defer l.Release()
	n, key, err := s.read(ctx, id)
	if err != nil {
		return nil, err
	}
	if n.Deleted() {
		return n, nil
	}
	n.Status = note.StatusDeleted
	n.DeletedAt = note.Now()
	n.UpdatedAt = n.DeletedAt
	if err := s.save(ctx, n, key); err != nil {
		return nil, err
	}
	return n, nil
}

// FindBySession returns the newest note captured from the given Claude Code session, so a later
// capture of the same session updates it instead of adding another.
func (s *Store) FindBySession(ctx context.Context, session string, source note.Source) (*note.Note, error) {
	var id string
	err := s.queryRow(ctx, `SELECT id FROM memories WHERE prov_session = ? AND prov_source = ?
		ORDER BY updated_at DESC, id DESC LIMIT 1`, session, string(source)).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	} else if err != nil {
		return nil, fmt.Errorf("look up session %s: %w", session, err)
	}
	return s.Get(ctx, id)
}
