package store_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// Write → file → Parse → Get must carry every field unchanged.
func TestWriteRoundTripEveryField(t *testing.T) {
	ctx := context.Background()
	s, root := newStore(t)
	older := mustWrite(t, s, store.WriteInput{Title: "older"})
	tests := []struct {
		name string
		in   store.WriteInput
	}{
		{"defaults", store.WriteInput{Type: note.Semantic, Title: "Dashboard grid minmax convention", Body: "Wrap every track."}},
		{"everything", store.WriteInput{Type: note.Procedural, Title: "Run reflect safely", Body: "Commit first.\n\nThen sync.\n",
			Project: "github.com/oscardvs/anamnesis", Scope: note.MachineLocal, Tags: []string{"reflection", "git"},
			Supersedes: []string{older.ID}, ProvSource: note.SourceReflection, ProvModel: "claude-opus-4-8",
			ProvSession: "3bf75f14-4c3f", Confidence: 0.6, IdempotencyKey: "k-1"}},
		{"awkward title", store.WriteInput{Type: note.Episodic, Title: "yes: null # 123 — 東京", Body: ""}},
		{"date title", store.WriteInput{Type: note.Episodic, Title: "2026-01-01", Body: "---\nbody: with delimiters\n---"}},
		{"trailing newlines", store.WriteInput{Type: note.Semantic, Title: "t", Body: "a\n\n"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n, err := s.Write(ctx, tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if err := note.ValidateID(n.ID); err != nil {
				t.Fatalf("Write assigned a bad id: %v", err)
			}
			if n.MachineID != "testbox" || n.CreatedAt == "" || n.CreatedAt != n.UpdatedAt {
				t.Fatalf("Write must stamp machine id and equal timestamps: %#v", n)
			}
			// On disk, in the right tree, parseable to the same note.
			data, err := os.ReadFile(filepath.Join(s.TreeDir(n.Scope), filepath.FromSlash(n.RelPath())))
			if err != nil {
				t.Fatalf("note file: %v", err)
			}
			fromFile, err := note.Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(fromFile, n) {
				t.Fatalf("file differs from the written note\nfile: %#v\nnote: %#v", fromFile, n)
			}
			got, err := s.Get(ctx, n.ID)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, n) {
				t.Fatalf("Get differs from Write\n got: %#v\nwant: %#v", got, n)
			}
			// List carries the same metadata (without the body).
			page, err := s.List(ctx, store.ListOptions{Filter: store.Filter{Project: n.Project}})
			if err != nil {
				t.Fatal(err)
			}
			var listed *note.Note
			for _, l := range page.Notes {
				if l.ID == n.ID {
					listed = l
				}
			}
			if listed == nil {
				t.Fatalf("List lacks %s", n.ID)
			}
			want := *n
			want.Body = ""
			if !reflect.DeepEqual(listed, &want) {
				t.Fatalf("List metadata differs\n got: %#v\nwant: %#v", listed, &want)
			}
		})
	}
	// Machine-local notes live under local/, portable ones under memory/.
	for _, f := range noteFiles(t, root) {
		data, _ := os.ReadFile(filepath.Join(root, f))
		n, err := note.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		wantTree := store.PortableDir
		if n.Scope == note.MachineLocal {
			wantTree = store.LocalDir
		}
		if want := wantTree + "/" + n.RelPath(); f != want {
			t.Errorf("note %s is at %s, want %s", n.ID, f, want)
		}
	}
}

func TestWriteRejectsBadInputAndLeavesNoFile(t *testing.T) {
	ctx := context.Background()
	s, root := newStore(t)
	tests := []struct {
		name string
		in   store.WriteInput
		want string
	}{
		{"bad type", store.WriteInput{Type: "fact", Title: "t"}, "procedural, semantic, episodic"},
		{"no title", store.WriteInput{Type: note.Semantic, Title: "  "}, "title"},
		{"bad scope", store.WriteInput{Type: note.Semantic, Title: "t", Scope: "cloud"}, "portable, machine-local"},
		{"bad source", store.WriteInput{Type: note.Semantic, Title: "t", ProvSource: "robot"}, "prov_source"},
		{"bad supersedes", store.WriteInput{Type: note.Semantic, Title: "t", Supersedes: []string{"../x"}}, "ULID"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := s.Write(ctx, tc.in)
			if err == nil || !errors.Is(err, note.ErrInvalid) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Write = %v, want ErrInvalid mentioning %q", err, tc.want)
			}
		})
	}
	if files := noteFiles(t, root); len(files) != 0 {
		t.Fatalf("rejected writes left files: %v", files)
	}
}

// A note whose indexing fails must not leave its file behind: the FTS table is dropped behind the
// store's back, so the index step fails after the file was written.
func TestWriteIndexFailureRemovesFile(t *testing.T) {
	ctx := context.Background()
	s, root := newStore(t)
	keep := mustWrite(t, s, store.WriteInput{Title: "kept"})
	if _, err := rawDB(t, s).ExecContext(ctx, "DROP TABLE memories_fts"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Write(ctx, store.WriteInput{Type: note.Semantic, Title: "doomed"}); err == nil {
		t.Fatal("Write succeeded with a broken index")
	}
	if files := noteFiles(t, root); len(files) != 1 || !strings.Contains(files[0], keep.ID) {
		t.Fatalf("failed write left files: %v", files)
	}
	// Put over an existing note must restore the old file when indexing fails.
	before, _ := os.ReadFile(filepath.Join(root, store.PortableDir, filepath.FromSlash(keep.RelPath())))
	changed := *keep
	changed.Title = "changed"
	if err := s.Put(ctx, &changed); err == nil {
		t.Fatal("Put succeeded with a broken index")
	}
	after, _ := os.ReadFile(filepath.Join(root, store.PortableDir, filepath.FromSlash(keep.RelPath())))
	if string(before) != string(after) {
		t.Fatalf("failed Put changed the file\nbefore: %s\nafter: %s", before, after)
	}
}
