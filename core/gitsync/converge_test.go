package gitsync

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// TestRandomizedConvergence drives N machines through random writes, edits, forgets and syncs,
// then a final round of syncs, and checks that every machine holds the same files, that every
// note written still exists, and that every edit is still somewhere (in its note or in a
// conflict copy) unless a machine knowingly replaced it. ANAMNESIS_SYNC_SEED replays a run.
func TestRandomizedConvergence(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv("ANAMNESIS_SYNC_SEED"); s != "" {
		seed, _ = strconv.ParseUint(s, 10, 64)
	}
	t.Logf("seed %d (set ANAMNESIS_SYNC_SEED to replay)", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	ops := 120
	if testing.Short() {
		ops = 40
	}

	remote := bareRemote(t)
	ms := []*machine{newMachine(t, "m1", remote), newMachine(t, "m2", remote), newMachine(t, "m3", remote)}
	var written []string
	tokens := 0
	replaced := map[string]bool{} // tokens a machine overwrote while it could see them
	tokenRE := regexp.MustCompile(`<tok-\d+>`)
	newToken := func() string { tokens++; return fmt.Sprintf("<tok-%d>", tokens) }
	ctx := context.Background()

	for i := 0; i < ops; i++ {
		m := ms[rng.IntN(len(ms))]
		page, err := m.st.List(ctx, store.ListOptions{Filter: store.Filter{IncludeDeleted: true}})
		if err != nil {
			t.Fatal(err)
		}
		known := page.Notes
		switch r := rng.IntN(10); {
		case r < 4 || len(known) == 0:
			written = append(written, m.write("random note", newToken()).ID)
		case r < 6:
			n := m.get(known[rng.IntN(len(known))].ID)
			for _, tok := range tokenRE.FindAllString(n.Body, -1) {
				replaced[tok] = true
			}
			m.edit(n.ID, newToken(), "")
		case r < 7:
			if _, err := m.st.Forget(ctx, known[rng.IntN(len(known))].ID); err != nil {
				t.Fatal(err)
			}
		case r < 9:
			m.sync()
		default:
			// Every machine at once: pushes race, and the losers re-fetch and rebase.
			var wg sync.WaitGroup
			errs := make([]error, len(ms))
			for k, mm := range ms {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, errs[k] = Sync(ctx, mm.st, Options{Remote: mm.remote, MachineID: mm.id})
				}()
			}
			wg.Wait()
			for k, err := range errs {
				if err != nil {
					t.Fatalf("concurrent sync on %s: %v", ms[k].id, err)
				}
			}
		}
	}
	for round := 0; round < 2; round++ {
		for _, m := range ms {
			m.sync()
		}
	}

	files := sameFiles(t, ms...)
	bodies := ""
	for p := range files {
		b, err := os.ReadFile(filepath.Join(ms[0].home, "memory", filepath.FromSlash(p)))
		if err != nil {
			t.Fatal(err)
		}
		bodies += string(b)
	}
	for _, id := range written {
		if _, ok := files["semantic/"+id+".md"]; !ok {
			t.Errorf("note %s was written but is gone", id)
		}
	}
	for k := 1; k <= tokens; k++ {
		tok := fmt.Sprintf("<tok-%d>", k)
		if !replaced[tok] && !strings.Contains(bodies, tok) {
			t.Errorf("edit %s was lost", tok)
		}
	}
	// The index on every machine describes exactly the files.
	for _, m := range ms {
		page, err := m.st.List(ctx, store.ListOptions{Filter: store.Filter{IncludeDeleted: true}})
		if err != nil {
			t.Fatal(err)
		}
		if len(page.Notes) != len(files) {
			t.Errorf("%s indexes %d notes, the tree has %d files", m.id, len(page.Notes), len(files))
		}
		for _, n := range page.Notes {
			data, err := os.ReadFile(filepath.Join(m.home, "memory", filepath.FromSlash(n.RelPath())))
			if err != nil {
				t.Errorf("%s: indexed note %s has no file: %v", m.id, n.ID, err)
				continue
			}
			fn, err := note.Parse(data)
			if err != nil || fn.UpdatedAt != n.UpdatedAt || fn.Status != n.Status {
				t.Errorf("%s: index of %s is stale (index %s %q, file %+v, %v)", m.id, n.ID, n.UpdatedAt, n.Status, fn, err)
			}
		}
	}
	t.Logf("%d ops, %d notes written, %d files converged", ops, len(written), len(files))
}
