package store_test

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// TestGetEachIsGetForEach: GetEach gives, for every id in order, what Get gives for it: the note
// read from its file, or the same error (a malformed id, an id the index lacks, a file gone
// behind the index).
func TestGetEachIsGetForEach(t *testing.T) {
	ctx := context.Background()
	s, root := newStore(t)
	a := mustWrite(t, s, store.WriteInput{Title: "Alpha", Body: "first", Tags: []string{"x"}})
	b := mustWrite(t, s, store.WriteInput{Title: "Beta", Body: "second", Project: "p"})
	gone := mustWrite(t, s, store.WriteInput{Title: "Gone", Body: "its file is removed"})
	local := mustWrite(t, s, store.WriteInput{Title: "Local", Body: "machine-local", Scope: note.MachineLocal})
	files, _ := filepath.Glob(filepath.Join(root, store.PortableDir, "*", gone.ID+".md"))
	if len(files) != 1 {
		t.Fatalf("the file of %s: %v", gone.ID, files)
	}
	if err := os.Remove(files[0]); err != nil {
		t.Fatal(err)
	}
	missing := "01KE0000000000000000000000" // well formed, in no index
	ids := []string{b.ID, "not an id", a.ID, missing, gone.ID, local.ID, a.ID}

	type result struct {
		n   *note.Note
		err string
	}
	var got []result
	s.GetEach(ctx, ids, func(id string, n *note.Note, err error) bool {
		r := result{n: n}
		if err != nil {
			r.err = err.Error()
		}
		got = append(got, r)
		return true
	})
	if len(got) != len(ids) {
		t.Fatalf("%d calls for %d ids", len(got), len(ids))
	}
	for i, id := range ids {
		n, err := s.Get(ctx, id)
		want := result{n: n}
		if err != nil {
			want.err = err.Error()
		}
		if !reflect.DeepEqual(got[i], want) {
			t.Errorf("%s: GetEach gave %+v, Get %+v", id, got[i], want)
		}
	}
	for i, wantErr := range []bool{false, true, false, true, true, false, false} {
		if (got[i].err != "") != wantErr {
			t.Errorf("%s: error %q, want one: %t", ids[i], got[i].err, wantErr)
		}
	}

	calls := 0
	s.GetEach(ctx, ids, func(string, *note.Note, error) bool { calls++; return calls < 2 })
	if calls != 2 {
		t.Errorf("fn returned false at the second id, yet was called %d times", calls)
	}
}
