package app_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/anamnesis-go/anamnesis/core/app"
)

// TestHugeNoteIsTrimmedAndReadableInWindows: a pasted multi-megabyte log answers a search with a
// bounded result that says how to read the rest, and Get reads it back whole, window by window.
func TestHugeNoteIsTrimmedAndReadableInWindows(t *testing.T) {
	a := newApp(t)
	ctx := context.Background()
	body := strings.Repeat("kernel panic trace línea ", 80_000) // 2 MB, with a non-ASCII rune
	n, err := write(a, ctx, app.WriteRequest{Type: "episodic", Title: "Pasted build log", Body: body})
	if err != nil {
		t.Fatal(err)
	}
	page, err := a.Search(ctx, app.SearchRequest{Query: "kernel panic"})
	if err != nil || len(page.Results) != 1 {
		t.Fatalf("search: %v %d results", err, len(page.Results))
	}
	got := *page.Results[0].Body
	if utf8.RuneCountInString(got) > app.BodyChars+300 || !strings.Contains(got, "more characters not shown") || !strings.Contains(got, n.ID) {
		t.Fatalf("search body not bounded with a marker: %d characters, ends %q", utf8.RuneCountInString(got), got[len(got)-200:])
	}
	unbounded, err := a.Search(ctx, app.SearchRequest{Query: "kernel panic", Unbounded: true})
	if err != nil || *unbounded.Results[0].Body != body {
		t.Fatal("an unbounded search must return the whole body")
	}

	var whole strings.Builder
	offset, calls := 0, 0
	for {
		r, err := a.Get(ctx, app.GetRequest{ID: n.ID, Offset: offset})
		if err != nil {
			t.Fatal(err)
		}
		if utf8.RuneCountInString(*r.Body) > app.ResultChars {
			t.Fatalf("a window of %d characters", utf8.RuneCountInString(*r.Body))
		}
		whole.WriteString(*r.Body)
		calls++
		if r.NextOffset == 0 {
			break
		}
		offset = r.NextOffset
	}
	if whole.String() != body {
		t.Fatalf("the windows do not add up to the body (%d calls)", calls)
	}
	if _, err := a.Get(ctx, app.GetRequest{ID: n.ID, Offset: -1}); err == nil || !strings.Contains(err.Error(), "offset must be 0 or more") {
		t.Fatalf("negative offset: %v", err)
	}
	zero := 0
	if _, err := a.Get(ctx, app.GetRequest{ID: n.ID, MaxChars: &zero}); err == nil || !strings.Contains(err.Error(), "max_chars must be between") {
		t.Fatalf("max_chars 0: %v", err)
	}
}

// TestLargePageIsShortenedNotCut: when a page of long notes would flood the client, fewer notes
// come back and the cursor continues right after them, so paging still sees every note once.
func TestLargePageIsShortenedNotCut(t *testing.T) {
	a := newApp(t)
	ctx := context.Background()
	want := map[string]bool{}
	for i := 0; i < 10; i++ {
		n, err := write(a, ctx, app.WriteRequest{Type: "semantic", Title: "Retry policy note",
			Body: strings.Repeat("retry with backoff ", 7000/19+1)})
		if err != nil {
			t.Fatal(err)
		}
		want[n.ID] = true
	}
	seen := map[string]bool{}
	cursor, pages := "", 0
	for {
		p, err := a.Search(ctx, app.SearchRequest{Query: "retry backoff", K: intp(8), Cursor: cursor})
		if err != nil {
			t.Fatal(err)
		}
		pages++
		total := 0
		for _, r := range p.Results {
			if seen[r.ID] {
				t.Fatalf("note %s returned twice", r.ID)
			}
			seen[r.ID] = true
			total += utf8.RuneCountInString(*r.Body)
		}
		if total > app.ResultChars {
			t.Fatalf("page of %d characters", total)
		}
		if p.NextCursor == "" {
			break
		}
		cursor = p.NextCursor
	}
	if len(seen) != len(want) || pages < 3 {
		t.Fatalf("saw %d of %d notes in %d pages; want all, in at least 3 pages", len(seen), len(want), pages)
	}
}

// TestLongTitlesShortenListPages: titles from hand-edited files can be anything; a listing of
// them is trimmed per title and shortened per page, and paging still sees every note once.
func TestLongTitlesShortenListPages(t *testing.T) {
	a := newApp(t)
	ctx := context.Background()
	for i := 0; i < 100; i++ {
		if _, err := write(a, ctx, app.WriteRequest{Type: "semantic", Title: strings.Repeat("long title ", 300), Body: "b"}); err != nil {
			t.Fatal(err)
		}
	}
	seen, cursor, pages := map[string]bool{}, "", 0
	for {
		p, err := a.List(ctx, app.ListRequest{Limit: intp(500), Cursor: cursor})
		if err != nil {
			t.Fatal(err)
		}
		pages++
		b, _ := json.Marshal(p)
		if utf8.RuneCount(b) > app.ResultChars+2_000 {
			t.Fatalf("a list page of %d characters", utf8.RuneCount(b))
		}
		for _, r := range p.Results {
			if seen[r.ID] || utf8.RuneCountInString(r.Title) > app.TitleChars+40 {
				t.Fatalf("note %s seen twice or title of %d characters", r.ID, utf8.RuneCountInString(r.Title))
			}
			seen[r.ID] = true
		}
		if p.NextCursor == "" {
			break
		}
		cursor = p.NextCursor
	}
	if len(seen) != 100 || pages < 2 {
		t.Fatalf("saw %d of 100 notes in %d pages", len(seen), pages)
	}
	whole, err := a.List(ctx, app.ListRequest{Limit: intp(500), Unbounded: true})
	if err != nil || len(whole.Results) != 100 {
		t.Fatalf("unbounded list: %v, %d notes", err, len(whole.Results))
	}
}
