package store

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/testcorpus"
)

// cachedTexts lists the statements s keeps prepared.
func (s *Store) cachedTexts() []string {
	s.stmts.mu.Lock()
	defer s.stmts.mu.Unlock()
	var out []string
	for q := range s.stmts.m {
		out = append(out, q)
	}
	slices.Sort(out)
	return out
}

// The statement cache keeps statements by their text and never lets one go, so a text must not
// vary with what the store holds: a text that did (the common-word threshold, a tenth of the
// highest rowid, written into the statement) added a statement every ten notes written, until
// the cache was full and every statement not yet in it ran unprepared for the process's life.
// Here the store grows past a threshold step between two rounds of the same requests.
func TestStatementTextsDoNotGrowWithTheStore(t *testing.T) {
	if testing.Short() {
		t.Skip("a 2,000-note store")
	}
	ctx := context.Background()
	s, err := Open(ctx, testcorpus.Copy(t, 2000), Options{MachineID: "m"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	round := func() {
		t.Helper()
		for _, q := range []string{"sqlite wal busy timeout", "the deploy of the service"} {
			if _, err := s.Search(ctx, SearchOptions{Query: q, K: 10}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.commonWords(ctx, []string{"sqlite", "deploy"}); err != nil {
			t.Fatal(err)
		}
	}
	grow := func(n int) {
		t.Helper()
		for i := 0; i < n; i++ {
			if _, err := s.Write(ctx, WriteInput{Type: note.Semantic, Title: fmt.Sprintf("grown %d", i), Body: "sqlite"}); err != nil {
				t.Fatal(err)
			}
		}
	}
	// A first round after a write, so that every statement a round after a write runs is kept.
	round()
	grow(1)
	round()
	before := s.cachedTexts()
	if len(before) == 0 {
		t.Fatal("no statement was kept, so the test checks nothing")
	}
	grow(2 * 100 / commonShare) // the threshold moves every 100/commonShare notes
	round()
	for _, q := range s.cachedTexts() {
		if !slices.Contains(before, q) {
			t.Errorf("a statement new after the store grew:\n%s", q)
		}
	}
}

// A search or a session start's lookup of n notes or rows makes a statement of n placeholders;
// its length is rounded up so that the cache keeps a few shapes, not one for every count.
func TestGetEachShapesAreFew(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	var ids []string
	for i := 0; i < 40; i++ {
		n, err := s.Write(ctx, WriteInput{Type: note.Semantic, Title: fmt.Sprintf("note %d", i), Body: "body"})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, n.ID)
	}
	base := len(s.cachedTexts())
	for n := 1; n <= len(ids); n++ {
		got := 0
		s.GetEach(ctx, ids[:n], func(_ string, nt *note.Note, err error) bool {
			if err != nil || nt == nil {
				t.Fatalf("GetEach of %d: %v", n, err)
			}
			got++
			return true
		})
		if got != n {
			t.Fatalf("GetEach of %d notes gave %d", n, got)
		}
	}
	// 1, 2, 4, 8, 16, 32, 64 placeholders.
	if added := len(s.cachedTexts()) - base; added > 7 {
		t.Errorf("looking up 1 to %d notes kept %d statements, want at most 7", len(ids), added)
	}
}

// The caches a resident server keeps (kept statements, word counts, the drift record) are shared
// by its concurrent requests: searches, session starts' lookups and drift checks run while notes
// are written, each answers as alone, and once closed the store answers with errors, not panics.
// Run with -race.
func TestCachesUnderConcurrentRequests(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	var ids []string
	for i := 0; i < 20; i++ {
		n, err := s.Write(ctx, WriteInput{Type: note.Semantic, Title: fmt.Sprintf("gannet %d", i), Body: "a gannet dives"})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, n.ID)
	}
	errs := make(chan error, 64)
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 15; i++ {
				res, err := s.Search(ctx, SearchOptions{Query: "gannet dives", K: 50})
				if err != nil {
					errs <- err
					return
				}
				if len(res.Hits) < len(ids) {
					errs <- fmt.Errorf("a search found %d notes of at least %d", len(res.Hits), len(ids))
					return
				}
				found := 0
				s.GetEach(ctx, ids[:1+i%len(ids)], func(_ string, n *note.Note, err error) bool {
					if err == nil && n != nil {
						found++
					}
					return true
				})
				if found != 1+i%len(ids) {
					errs <- fmt.Errorf("GetEach found %d of %d", found, 1+i%len(ids))
					return
				}
				s.loadScan(ctx)
			}
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; i < 10; i++ {
			if _, err := s.Write(ctx, WriteInput{Type: note.Semantic, Title: fmt.Sprintf("gannet late %d", i), Body: "x"}); err != nil {
				errs <- err
				return
			}
		}
	}()
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Search(ctx, SearchOptions{Query: "gannet"}); err == nil {
		t.Error("a search after Close succeeded")
	}
	if _, err := s.Get(ctx, ids[0]); err == nil {
		t.Error("a Get after Close succeeded")
	}
	if n := len(s.cachedTexts()); n != 0 {
		t.Errorf("a closed store keeps %d statements", n)
	}
}
