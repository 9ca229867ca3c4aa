package store_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// referenceSchema is the Python reference's index (schema v3), as its store.py creates it.
const referenceSchema = `
CREATE TABLE IF NOT EXISTS memories (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL CHECK (type IN ('procedural','semantic','episodic')),
  title TEXT NOT NULL,
  body_path TEXT NOT NULL,
  project TEXT NOT NULL DEFAULT 'global',
  machine_id TEXT NOT NULL,
  scope TEXT NOT NULL DEFAULT 'portable' CHECK (scope IN ('portable','machine-local')),
  user_id TEXT NOT NULL DEFAULT 'self',
  workspace_id TEXT NOT NULL DEFAULT 'personal',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  prov_source TEXT NOT NULL DEFAULT 'human'
    CHECK (prov_source IN ('human','session-end','reflection','import','merge')),
  prov_model TEXT,
  prov_session TEXT,
  confidence REAL NOT NULL DEFAULT 1.0
);
CREATE INDEX IF NOT EXISTS idx_mem_scope ON memories(project, type, scope);
CREATE INDEX IF NOT EXISTS idx_mem_recency ON memories(updated_at DESC);
CREATE INDEX IF NOT EXISTS idx_mem_prov ON memories(prov_source);
CREATE INDEX IF NOT EXISTS idx_mem_tenant ON memories(user_id, workspace_id, project, type);
CREATE TABLE IF NOT EXISTS memory_tags (
  memory_id TEXT NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
  tag TEXT NOT NULL,
  PRIMARY KEY (memory_id, tag)
);
CREATE TABLE IF NOT EXISTS memory_supersedes (
  memory_id TEXT NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
  superseded_id TEXT NOT NULL,
  PRIMARY KEY (memory_id, superseded_id)
);
CREATE VIRTUAL TABLE IF NOT EXISTS memories_fts USING fts5(
  id UNINDEXED, title, body, tags, tokenize='porter unicode61'
);
PRAGMA user_version = 3;
`

// referenceReindex does what the reference's reindex does to an index: clear its four tables, then
// insert every note of both trees (portable first, sorted; scope forced from the tree) with its
// own columns only, INSERT OR REPLACE, tags and supersedes rows, and an FTS row keyed by id.
func referenceReindex(t *testing.T, db *sql.DB, root string) {
	t.Helper()
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	for _, q := range []string{"DELETE FROM memories", "DELETE FROM memory_tags", "DELETE FROM memory_supersedes", "DELETE FROM memories_fts"} {
		if _, err := tx.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	for _, rel := range noteFiles(t, root) {
		data, err := os.ReadFile(filepath.Join(root, rel))
		if err != nil {
			t.Fatal(err)
		}
		n, err := note.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		tree, bodyPath, _ := strings.Cut(rel, "/")
		n.Scope = note.Portable
		if tree == store.LocalDir {
			n.Scope = note.MachineLocal
		}
		if _, err := tx.Exec(`INSERT OR REPLACE INTO memories (id, type, title, body_path, project, machine_id, scope,
			user_id, workspace_id, created_at, updated_at, prov_source, prov_model, prov_session, confidence)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, n.ID, string(n.Type), n.Title, bodyPath, n.Project,
			n.MachineID, string(n.Scope), n.UserID, n.WorkspaceID, n.CreatedAt, n.UpdatedAt, string(n.ProvSource),
			nil, nil, n.Confidence); err != nil {
			t.Fatal(err)
		}
		for _, tag := range n.Tags {
			if _, err := tx.Exec("INSERT OR IGNORE INTO memory_tags (memory_id, tag) VALUES (?, ?)", n.ID, tag); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := tx.Exec("DELETE FROM memories_fts WHERE id = ?", n.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := tx.Exec("INSERT INTO memories_fts (id, title, body, tags) VALUES (?, ?, ?, ?)",
			n.ID, n.Title, n.Body, strings.Join(n.Tags, " ")); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
}

// An index the reference wrote, or rewrote, is detected on open and rebuilt: after the reference's
// reindex of a store this project also uses, forgotten notes stay hidden and tags stay listed
// without a manual `reindex --full`, although no note file changed.
func TestIndexWrittenByReferenceIsRebuilt(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name  string
		spoil func(t *testing.T, s *store.Store, root string)
	}{
		{"reference reindex over this index", func(t *testing.T, s *store.Store, root string) {
			referenceReindex(t, rawDB(t, s), root)
		}},
		{"reference writes one note", func(t *testing.T, s *store.Store, root string) {
			db := rawDB(t, s)
			// The reference's put of an existing note: INSERT OR REPLACE with its columns.
			if _, err := db.Exec(`INSERT OR REPLACE INTO memories (id, type, title, body_path, project, machine_id,
				scope, created_at, updated_at) SELECT id, type, title, body_path, project, machine_id, scope,
				created_at, updated_at FROM memories WHERE title = 'tagged ibis'`); err != nil {
				t.Fatal(err)
			}
		}},
		{"reference deletes rows", func(t *testing.T, s *store.Store, root string) {
			if _, err := rawDB(t, s).Exec("DELETE FROM memories WHERE title = 'tagged ibis'"); err != nil {
				t.Fatal(err)
			}
		}},
		{"index created by the reference", func(t *testing.T, s *store.Store, root string) {
			s.Close()
			for _, suffix := range []string{"", "-wal", "-shm"} {
				os.Remove(filepath.Join(root, store.IndexFile+suffix))
			}
			db, err := sql.Open("sqlite", "file:"+filepath.Join(root, store.IndexFile))
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			if _, err := db.Exec("PRAGMA journal_mode=WAL; " + referenceSchema); err != nil {
				t.Fatal(err)
			}
			referenceReindex(t, db, root)
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			s := openAt(t, root)
			tagged := mustWrite(t, s, store.WriteInput{Title: "tagged ibis", Body: "wading", Tags: []string{"bird", "marsh"}})
			forgotten := mustWrite(t, s, store.WriteInput{Title: "forgotten ibis", Body: "wading"})
			if _, err := s.Forget(ctx, forgotten.ID); err != nil {
				t.Fatal(err)
			}
			tc.spoil(t, s, root)
			s.Close()

			s2 := openAt(t, root)
			if !s2.Opened.Rebuilt || s2.Opened.Reason == "" {
				t.Fatalf("Open did not rebuild the index: %+v", s2.Opened)
			}
			if got := searchIDs(t, s2, store.SearchOptions{Query: "ibis wading"}); !sameSet(got, []string{tagged.ID}) {
				t.Fatalf("search = %v, want only %s (forgotten note hidden)", got, tagged.ID)
			}
			page, err := s2.List(ctx, store.ListOptions{Filter: store.Filter{IncludeDeleted: true}})
			if err != nil {
				t.Fatal(err)
			}
			for _, n := range page.Notes {
				switch n.ID {
				case tagged.ID:
					if strings.Join(n.Tags, ",") != "bird,marsh" {
						t.Errorf("tags of %s = %v, want [bird marsh]", n.ID, n.Tags)
					}
				case forgotten.ID:
					if !n.Deleted() {
						t.Errorf("forgotten note listed as live")
					}
				}
			}
			if len(page.Notes) != 2 {
				t.Fatalf("list has %d notes, want 2", len(page.Notes))
			}
			// Rebuilt, the index is this program's again: the next open rebuilds nothing.
			s2.Close()
			if s3 := openAt(t, root); s3.Opened.Rebuilt {
				t.Fatalf("second open rebuilt again: %+v", s3.Opened)
			}
		})
	}
}

// This program's own changes never look foreign: writes, puts that move a note, forgets and
// drift repairs leave the index as it is on the next open.
func TestOwnChangesAreNotForeign(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	s := openAt(t, root)
	n := mustWrite(t, s, store.WriteInput{Title: "stork"})
	moved := *n
	moved.Type, moved.Scope = note.Procedural, note.MachineLocal
	if err := s.Put(ctx, &moved); err != nil {
		t.Fatal(err)
	}
	gone := mustWrite(t, s, store.WriteInput{Title: "stork gone"})
	if _, err := s.Forget(ctx, n.ID); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if err := os.Remove(filepath.Join(root, store.PortableDir, filepath.FromSlash(gone.RelPath()))); err != nil {
		t.Fatal(err)
	}
	s2 := openAt(t, root)
	if s2.Opened.Rebuilt || s2.Opened.Drift.Removed != 1 {
		t.Fatalf("open after own changes = %+v, want one file removed by drift, no rebuild", s2.Opened)
	}
	if _, err := s2.IndexPaths(ctx, []string{"memory/semantic/" + gone.ID + ".md"}); err != nil {
		t.Fatal(err)
	}
	s2.Close()
	if s3 := openAt(t, root); s3.Opened.Rebuilt {
		t.Fatalf("own changes taken for another program's: %+v", s3.Opened)
	}
}
