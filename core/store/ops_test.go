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

func TestSupersedesHidesFromSearchOnly(t *testing.T) {
	ctx := context.Background()
	s, _ := newStore(t)
	old := mustWrite(t, s, store.WriteInput{Title: "kestrel setting old"})
	other := mustWrite(t, s, store.WriteInput{Title: "kestrel unrelated"})
	if got := searchIDs(t, s, store.SearchOptions{Query: "kestrel"}); !sameSet(got, []string{old.ID, other.ID}) {
		t.Fatalf("before: %v", got)
	}
	repl := mustWrite(t, s, store.WriteInput{Title: "kestrel setting new", Supersedes: []string{old.ID}})
	if got := searchIDs(t, s, store.SearchOptions{Query: "kestrel"}); !sameSet(got, []string{repl.ID, other.ID}) {
		t.Fatalf("superseded note still searchable: %v", got)
	}
	if got := listIDs(t, s, store.ListOptions{}); !contains(got, old.ID) {
		t.Fatalf("superseded note missing from list: %v", got)
	}
	if n, err := s.Get(ctx, old.ID); err != nil || n.ID != old.ID {
		t.Fatalf("superseded note not gettable: %v", err)
	}
	st, err := s.Stats(ctx)
	if err != nil || st.Total != 3 {
		t.Fatalf("stats total = %d (%v), want 3 (superseded counted)", st.Total, err)
	}
	// Forgetting the superseder brings the old note back to search.
	if _, err := s.Forget(ctx, repl.ID); err != nil {
		t.Fatal(err)
	}
	if got := searchIDs(t, s, store.SearchOptions{Query: "kestrel"}); !sameSet(got, []string{old.ID, other.ID}) {
		t.Fatalf("after forgetting the superseder: %v", got)
	}
}

func TestForget(t *testing.T) {
	ctx := context.Background()
	s, root := newStore(t)
	n := mustWrite(t, s, store.WriteInput{Title: "osprey secret", Tags: []string{"x"}, Body: "body kept"})
	live := mustWrite(t, s, store.WriteInput{Title: "osprey public"})
	f, err := s.Forget(ctx, n.ID)
	if err != nil {
		t.Fatal(err)
	}
	if f.Status != note.StatusDeleted || f.DeletedAt == "" || f.UpdatedAt != f.DeletedAt {
		t.Fatalf("Forget returned %+v", f)
	}
	if got := searchIDs(t, s, store.SearchOptions{Query: "osprey"}); !sameSet(got, []string{live.ID}) {
		t.Fatalf("forgotten note searchable: %v", got)
	}
	if got := listIDs(t, s, store.ListOptions{}); contains(got, n.ID) {
		t.Fatalf("forgotten note listed: %v", got)
	}
	if got := listIDs(t, s, store.ListOptions{Filter: store.Filter{IncludeDeleted: true}}); !contains(got, n.ID) {
		t.Fatalf("IncludeDeleted list lacks the forgotten note: %v", got)
	}
	if got := searchIDs(t, s, store.SearchOptions{Query: "osprey", Filter: store.Filter{IncludeDeleted: true}}); !contains(got, n.ID) {
		t.Fatalf("IncludeDeleted search lacks the forgotten note: %v", got)
	}
	// The file stays, with everything, plus status and deleted_at.
	data, err := os.ReadFile(filepath.Join(root, store.PortableDir, filepath.FromSlash(n.RelPath())))
	if err != nil {
		t.Fatalf("forgotten note's file is gone: %v", err)
	}
	if !strings.Contains(string(data), "\nstatus: deleted\n") || !strings.Contains(string(data), "\ndeleted_at: '") {
		t.Fatalf("file lacks the deletion marks:\n%s", data)
	}
	fromFile, _ := note.Parse(data)
	want := *n
	want.Status, want.DeletedAt, want.UpdatedAt = note.StatusDeleted, f.DeletedAt, f.UpdatedAt
	if !reflect.DeepEqual(fromFile, &want) {
		t.Fatalf("file after forget\n got: %#v\nwant: %#v", fromFile, &want)
	}
	// Idempotent: forgetting again changes nothing.
	again, err := s.Forget(ctx, n.ID)
	if err != nil || again.DeletedAt != f.DeletedAt {
		t.Fatalf("second Forget = %+v, %v", again, err)
	}
	data2, _ := os.ReadFile(filepath.Join(root, store.PortableDir, filepath.FromSlash(n.RelPath())))
	if string(data2) != string(data) {
		t.Fatal("second Forget rewrote the file")
	}
	// It survives a rebuild: the file, not the index, carries the forget.
	if _, err := s.Reindex(ctx, true); err != nil {
		t.Fatal(err)
	}
	if got := listIDs(t, s, store.ListOptions{}); contains(got, n.ID) {
		t.Fatal("forgotten note came back after a full reindex")
	}
	if _, err := s.Forget(ctx, "01J9Z8YPM7Q3X2V4WT6B5N0KGD"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("Forget(unknown) = %v, want ErrNotFound", err)
	}
}

func TestIdempotencyKey(t *testing.T) {
	ctx := context.Background()
	s, root := newStore(t)
	in := store.WriteInput{Type: note.Semantic, Title: "retry me", Body: "b", Tags: []string{"a"}, IdempotencyKey: "req-1"}
	first := mustWrite(t, s, in)
	second := mustWrite(t, s, in)
	if second.ID != first.ID {
		t.Fatalf("same key, same content: got a new note %s (first %s)", second.ID, first.ID)
	}
	changed := in
	changed.Body = "different"
	if _, err := s.Write(ctx, changed); !errors.Is(err, store.ErrIdempotencyConflict) {
		t.Fatalf("same key, different content: %v, want ErrIdempotencyConflict", err)
	}
	other := in
	other.IdempotencyKey = "req-2"
	if n := mustWrite(t, s, other); n.ID == first.ID {
		t.Fatal("a different key returned the first note")
	}
	if files := noteFiles(t, root); len(files) != 2 {
		t.Fatalf("want 2 files, got %v", files)
	}
	// The key lives in the file, so it works after a rebuild too.
	if _, err := s.Reindex(ctx, true); err != nil {
		t.Fatal(err)
	}
	if n := mustWrite(t, s, in); n.ID != first.ID {
		t.Fatalf("after rebuild the key maps to %s, want %s", n.ID, first.ID)
	}
}

func TestPut(t *testing.T) {
	ctx := context.Background()
	s, root := newStore(t)
	n := &note.Note{ID: "01J9Z8YPM7Q3X2V4WT6B5N0KGD", Type: note.Semantic, Title: "imported grebe", Body: "v1",
		ProvSource: note.SourceImport, CreatedAt: "2025-01-01T00:00:00+00:00", UpdatedAt: "2025-01-02T00:00:00+00:00"}
	if err := s.Put(ctx, n); err != nil {
		t.Fatal(err)
	}
	got, err := s.Get(ctx, n.ID)
	if err != nil || got.CreatedAt != n.CreatedAt || got.UpdatedAt != n.UpdatedAt || got.Body != "v1" || got.Project != "global" {
		t.Fatalf("Get after Put = %+v, %v", got, err)
	}
	// Changing type (and scope) moves the file; the old one goes.
	up := *got
	up.Type, up.Scope, up.Body = note.Procedural, note.MachineLocal, "v2"
	if err := s.Put(ctx, &up); err != nil {
		t.Fatal(err)
	}
	want := []string{"local/procedural/" + n.ID + ".md"}
	if files := noteFiles(t, root); !reflect.DeepEqual(files, want) {
		t.Fatalf("files after a type change = %v, want %v", files, want)
	}
	got, err = s.Get(ctx, n.ID)
	if err != nil || got.Type != note.Procedural || got.Scope != note.MachineLocal || got.Body != "v2" {
		t.Fatalf("Get after retype = %+v, %v", got, err)
	}
	if got := searchIDs(t, s, store.SearchOptions{Query: "grebe"}); !reflect.DeepEqual(got, []string{n.ID}) {
		t.Fatalf("search after retype = %v (want one hit)", got)
	}
	if ids := listIDs(t, s, store.ListOptions{}); len(ids) != 1 {
		t.Fatalf("list after retype = %v", ids)
	}
	bad := &note.Note{ID: "../../evil", Type: note.Semantic, Title: "x"}
	if err := s.Put(ctx, bad); !errors.Is(err, note.ErrInvalid) {
		t.Fatalf("Put with a traversal id = %v, want ErrInvalid", err)
	}
}

// PutChecked's check sees the note as it is on disk at the moment of the write (here: edited by
// hand after it was loaded), and a refusal leaves the file as it was.
func TestPutChecked(t *testing.T) {
	ctx := context.Background()
	s, root := newStore(t)
	n := mustWrite(t, s, store.WriteInput{Title: "heron", Body: "v1"})
	path := filepath.Join(root, "memory", "semantic", n.ID+".md")
	handEdited := *n
	handEdited.Body = "edited by hand"
	if err := os.WriteFile(path, note.Marshal(&handEdited), 0o644); err != nil {
		t.Fatal(err)
	}
	stale := errors.New("stale")
	next := *n
	next.Body = "v2 from an editor that loaded v1"
	var seen string
	err := s.PutChecked(ctx, &next, func(cur *note.Note) error {
		seen = cur.Body
		if cur.Body != n.Body {
			return stale
		}
		return nil
	})
	if !errors.Is(err, stale) || seen != "edited by hand" {
		t.Fatalf("PutChecked = %v (check saw %q), want the check's error after seeing the hand edit", err, seen)
	}
	if got, err := s.Get(ctx, n.ID); err != nil || got.Body != "edited by hand" {
		t.Fatalf("after a refused PutChecked the note is %+v, %v", got, err)
	}
	if err := s.PutChecked(ctx, &next, func(*note.Note) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Get(ctx, n.ID); err != nil || got.Body != next.Body {
		t.Fatalf("after an accepted PutChecked the note is %+v, %v", got, err)
	}
}

// Modify's change is applied to the note as it is when written: a forget that lands between its
// read and its write is kept, and the change applied again on top of it.
func TestModifyKeepsAChangeMadeMeanwhile(t *testing.T) {
	ctx := context.Background()
	s, _ := newStore(t)
	n := mustWrite(t, s, store.WriteInput{Title: "plover", Body: "v1"})
	calls := 0
	got, err := s.Modify(ctx, n.ID, func(cur *note.Note) error {
		calls++
		if calls == 1 {
			if _, err := s.Forget(ctx, n.ID); err != nil { // another process, meanwhile
				t.Fatal(err)
			}
		}
		cur.Tags = append(cur.Tags, "reviewed")
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	disk, err := s.Get(ctx, n.ID)
	if err != nil || calls != 2 || !disk.Deleted() || !disk.HasTag("reviewed") || !got.Deleted() {
		t.Fatalf("after a forget raced Modify: calls %d, note %+v, %v; want the forget kept and the tag added", calls, disk, err)
	}
	stop := errors.New("no")
	if _, err := s.Modify(ctx, n.ID, func(*note.Note) error { return stop }); !errors.Is(err, stop) {
		t.Fatalf("a change's error = %v", err)
	}
}

func TestFiltersNarrowSearchAndList(t *testing.T) {
	s, _ := newStore(t)
	type spec struct {
		typ   note.Type
		proj  string
		scope note.Scope
	}
	specs := []spec{
		{note.Semantic, "p1", note.Portable}, {note.Semantic, "p2", note.Portable},
		{note.Procedural, "p1", note.MachineLocal}, {note.Episodic, "p2", note.MachineLocal},
		{note.Episodic, "p1", note.Portable},
	}
	ids := make([]string, len(specs))
	for i, sp := range specs {
		ids[i] = mustWrite(t, s, store.WriteInput{Type: sp.typ, Project: sp.proj, Scope: sp.scope, Title: "puffin note"}).ID
	}
	tests := []struct {
		name string
		f    store.Filter
		want []int
	}{
		{"none", store.Filter{}, []int{0, 1, 2, 3, 4}},
		{"project", store.Filter{Project: "p1"}, []int{0, 2, 4}},
		{"type", store.Filter{Type: note.Episodic}, []int{3, 4}},
		{"scope", store.Filter{Scope: note.MachineLocal}, []int{2, 3}},
		{"project+type", store.Filter{Project: "p2", Type: note.Semantic}, []int{1}},
		{"all three", store.Filter{Project: "p1", Type: note.Procedural, Scope: note.MachineLocal}, []int{2}},
		{"workspace default", store.Filter{WorkspaceID: "personal", UserID: "self"}, []int{0, 1, 2, 3, 4}},
		{"no match", store.Filter{Project: "nope"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var want []string
			for _, i := range tc.want {
				want = append(want, ids[i])
			}
			if got := searchIDs(t, s, store.SearchOptions{Filter: tc.f, Query: "puffin"}); !sameSet(got, want) {
				t.Errorf("search = %v, want %v", got, want)
			}
			if got := listIDs(t, s, store.ListOptions{Filter: tc.f}); !sameSet(got, want) {
				t.Errorf("list = %v, want %v", got, want)
			}
		})
	}
	for _, f := range []store.Filter{{Type: "fact"}, {Scope: "cloud"}} {
		if _, err := s.List(context.Background(), store.ListOptions{Filter: f}); !errors.Is(err, note.ErrInvalid) {
			t.Errorf("List(%+v) = %v, want ErrInvalid", f, err)
		}
		if _, err := s.Search(context.Background(), store.SearchOptions{Filter: f, Query: "x"}); !errors.Is(err, note.ErrInvalid) {
			t.Errorf("Search(%+v) = %v, want ErrInvalid", f, err)
		}
	}
}

// Paging through every result with the cursor sees each exactly once, in order.
func TestCursorPaging(t *testing.T) {
	ctx := context.Background()
	s, _ := newStore(t)
	const total = 23
	var all []string
	for i := 0; i < total; i++ {
		title := "gannet"
		if i%3 == 0 {
			title = "gannet gannet colony"
		}
		all = append(all, mustWrite(t, s, store.WriteInput{Title: title, Body: strings.Repeat("word ", i)}).ID)
	}
	for _, k := range []int{1, 4, 7, 23, 100} {
		// Search.
		var seen []string
		cur := ""
		for pages := 0; ; pages++ {
			if pages > total+1 {
				t.Fatalf("k=%d: search paging does not end", k)
			}
			res, err := s.Search(ctx, store.SearchOptions{Query: "gannet", K: k, Cursor: cur})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Hits) > k {
				t.Fatalf("k=%d: page of %d", k, len(res.Hits))
			}
			for _, h := range res.Hits {
				seen = append(seen, h.ID)
			}
			if res.NextCursor == "" {
				break
			}
			cur = res.NextCursor
		}
		if len(seen) != total || !sameSet(seen, all) {
			t.Fatalf("k=%d: search pages saw %d notes (%d distinct wanted)", k, len(seen), total)
		}
		// One page of everything is the same order as the pages joined.
		if k <= store.MaxK {
			full := searchIDs(t, s, store.SearchOptions{Query: "gannet", K: store.MaxK})
			if !reflect.DeepEqual(full, seen) {
				t.Fatalf("k=%d: paged order differs from one page", k)
			}
		}
		// List.
		seen, cur = nil, ""
		for pages := 0; ; pages++ {
			if pages > total+1 {
				t.Fatalf("k=%d: list paging does not end", k)
			}
			page, err := s.List(ctx, store.ListOptions{Limit: k, Cursor: cur})
			if err != nil {
				t.Fatal(err)
			}
			for _, n := range page.Notes {
				seen = append(seen, n.ID)
			}
			if page.NextCursor == "" {
				break
			}
			cur = page.NextCursor
		}
		if full := listIDs(t, s, store.ListOptions{}); !reflect.DeepEqual(seen, full) || len(seen) != total {
			t.Fatalf("k=%d: list pages %v\nwant %v", k, seen, full)
		}
	}
}

func TestBadCursorAndK(t *testing.T) {
	ctx := context.Background()
	s, _ := newStore(t)
	for i := 0; i < 3; i++ {
		mustWrite(t, s, store.WriteInput{Title: "tern"})
	}
	res, err := s.Search(ctx, store.SearchOptions{Query: "tern", K: 1})
	if err != nil || res.NextCursor == "" {
		t.Fatalf("search: %v, cursor %q", err, res.NextCursor)
	}
	page, err := s.List(ctx, store.ListOptions{Limit: 1})
	if err != nil || page.NextCursor == "" {
		t.Fatalf("list: %v, cursor %q", err, page.NextCursor)
	}
	badCursors := []struct {
		name string
		run  func() error
	}{
		{"garbage search cursor", func() error {
			_, err := s.Search(ctx, store.SearchOptions{Query: "tern", Cursor: "!!not base64!!"})
			return err
		}},
		{"base64 of junk", func() error {
			_, err := s.Search(ctx, store.SearchOptions{Query: "tern", Cursor: "eyJrIjoxfQ"})
			return err
		}},
		{"search cursor for another query", func() error {
			_, err := s.Search(ctx, store.SearchOptions{Query: "other", Cursor: res.NextCursor})
			return err
		}},
		{"search cursor with other filters", func() error {
			_, err := s.Search(ctx, store.SearchOptions{Query: "tern", Cursor: res.NextCursor, Filter: store.Filter{Project: "x"}})
			return err
		}},
		{"list cursor given to search", func() error {
			_, err := s.Search(ctx, store.SearchOptions{Query: "tern", Cursor: page.NextCursor})
			return err
		}},
		{"search cursor given to list", func() error {
			_, err := s.List(ctx, store.ListOptions{Cursor: res.NextCursor})
			return err
		}},
		{"garbage list cursor", func() error {
			_, err := s.List(ctx, store.ListOptions{Cursor: "zzz"})
			return err
		}},
	}
	for _, tc := range badCursors {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.run()
			if !errors.Is(err, note.ErrInvalid) || !strings.Contains(err.Error(), "cursor") {
				t.Fatalf("got %v, want an ErrInvalid about the cursor", err)
			}
		})
	}
	for _, k := range []int{-1, store.MaxK + 1, 1 << 30} {
		if _, err := s.Search(ctx, store.SearchOptions{Query: "tern", K: k}); !errors.Is(err, note.ErrInvalid) || !strings.Contains(err.Error(), "k must be") {
			t.Errorf("Search k=%d = %v, want ErrInvalid", k, err)
		}
	}
	for _, k := range []int{0, 1, store.MaxK} {
		if _, err := s.Search(ctx, store.SearchOptions{Query: "tern", K: k}); err != nil {
			t.Errorf("Search k=%d = %v", k, err)
		}
	}
	// A query with no words is an empty result, not an error.
	for _, q := range []string{"", "   ", "-", "!!! ???", `"`, "*"} {
		res, err := s.Search(ctx, store.SearchOptions{Query: q})
		if err != nil || len(res.Hits) != 0 {
			t.Errorf("Search(%q) = %d hits, %v; want none, nil", q, len(res.Hits), err)
		}
	}
}

// Ids that could escape the tree are refused before any path is built from them.
func TestPathTraversalIDsRejected(t *testing.T) {
	ctx := context.Background()
	s, root := newStore(t)
	// A file a traversal would reach, to prove nothing touched it.
	sentinel := writeFile(t, root, "evil.md", noteText("01J9Z8YPM7Q3X2V4WT6B5N0KGD", note.Semantic, "sentinel", "x"))
	before, _ := os.Stat(sentinel)
	ids := []string{
		"../evil", "../../evil", "..%2Fevil", "..%2F..%2Fevil", "/etc/passwd", sentinel,
		"semantic/../../evil", "01j9z8ypm7q3x2v4wt6b5n0kgd", "01J9Z8YPM7Q3X2V4WT6B5N0KG", "01J9Z8YPM7Q3X2V4WT6B5N0KGDX",
		"", ".", "..", "01J9Z8YPM7Q3X2V4WT6B5N0K/.", "01J9Z8YPM7Q3X2V4WT6B5N0KG\x00",
	}
	for _, id := range ids {
		t.Run(id, func(t *testing.T) {
			if err := note.ValidateID(id); !errors.Is(err, note.ErrInvalid) {
				t.Errorf("ValidateID = %v", err)
			}
			if _, err := s.Get(ctx, id); !errors.Is(err, note.ErrInvalid) {
				t.Errorf("Get = %v, want ErrInvalid", err)
			}
			if _, err := s.Forget(ctx, id); !errors.Is(err, note.ErrInvalid) {
				t.Errorf("Forget = %v, want ErrInvalid", err)
			}
		})
	}
	after, err := os.Stat(sentinel)
	if err != nil || !after.ModTime().Equal(before.ModTime()) || after.Size() != before.Size() {
		t.Fatalf("the sentinel outside the trees was touched: %v", err)
	}
}

func TestStats(t *testing.T) {
	ctx := context.Background()
	s, _ := newStore(t)
	mustWrite(t, s, store.WriteInput{Type: note.Semantic, Project: "a", Title: "x"})
	mustWrite(t, s, store.WriteInput{Type: note.Semantic, Project: "b", Title: "x", Scope: note.MachineLocal})
	mustWrite(t, s, store.WriteInput{Type: note.Episodic, Project: "a", Title: "x", Tags: []string{"conflict"}})
	gone := mustWrite(t, s, store.WriteInput{Type: note.Procedural, Project: "a", Title: "x"})
	if _, err := s.Forget(ctx, gone.ID); err != nil {
		t.Fatal(err)
	}
	st, err := s.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := store.Stats{Total: 3, Deleted: 1, Conflicts: 1,
		ByType:      map[string]int{"semantic": 2, "episodic": 1},
		ByProject:   map[string]int{"a": 2, "b": 1},
		ByScope:     map[string]int{"portable": 2, "machine-local": 1},
		ByWorkspace: map[string]int{"personal": 3}}
	if !reflect.DeepEqual(st, want) {
		t.Fatalf("Stats = %+v\nwant %+v", st, want)
	}
}
