package gitsync

import (
	"context"
	"errors"
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

// TestRandomizedConvergence drives N machines through random writes, edits, type changes, forgets and syncs,
// with editors saving notes while syncs run, then a final round of syncs, and checks that every machine holds the same files, that every
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
	raced := 0                    // hand edits saved just as the cycle was about to replace that file
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
		switch r := rng.IntN(12); {
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
		case r == 10:
			// An editor saves a note while this machine syncs: the save must survive whatever
			// the cycle is doing (committing, merging, checking out incoming notes).
			// Half the time the save lands at a random moment; half the time exactly when the
			// cycle is about to replace an incoming note's file (that file is the one edited).
			n := known[rng.IntN(len(known))]
			path := filepath.Join(m.home, "memory", filepath.FromSlash(n.RelPath()))
			line := "hand " + newToken()
			if rng.IntN(2) == 0 {
				delay := time.Duration(rng.IntN(120)) * time.Millisecond
				done := make(chan error, 1)
				go func() { time.Sleep(delay); done <- handAppendAtomically(path, line) }()
				m.sync()
				if err := <-done; err != nil {
					t.Fatal(err)
				}
				break
			}
			var hookErr error
			fired := false
			testHookReplace = func(rel string) {
				full := filepath.Join(m.home, "memory", filepath.FromSlash(rel))
				if _, err := os.Stat(full); fired || err != nil || !strings.HasSuffix(rel, ".md") {
					return // an incoming new note has no file to edit yet
				}
				fired = true
				raced++
				hookErr = handAppendAtomically(full, line)
			}
			m.sync()
			testHookReplace = nil
			if !fired {
				hookErr = handAppendAtomically(path, line) // nothing came in: an ordinary edit
			}
			if hookErr != nil {
				t.Fatal(hookErr)
			}
		case r == 11:
			// A type change moves the note's file: to git, a rename; to sync, the same note.
			n := m.get(known[rng.IntN(len(known))].ID)
			for _, tok := range tokenRE.FindAllString(n.Body, -1) {
				replaced[tok] = true
			}
			types := []note.Type{}
			for _, ty := range note.Types {
				if ty != n.Type {
					types = append(types, ty)
				}
			}
			m.retype(n.ID, types[rng.IntN(len(types))], newToken(), note.Now())
		case r < 10:
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
		var at []string
		for _, p := range notePaths(id) {
			if _, ok := files[p]; ok {
				at = append(at, p)
			}
		}
		if len(at) != 1 {
			t.Errorf("note %s was written; its files now: %v (want exactly one)", id, at)
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
	t.Logf("%d ops, %d notes written, %d files converged, %d hand edits raced a checkout", ops, len(written), len(files), raced)
}

// handAppendAtomically appends a line to a file as a careful editor does: append in place, then
// make sure the file written is still the one at path; if a sync replaced it meanwhile, the
// editor saw the change and saves again into the new file. (An editor that overwrites a file it
// did not reload loses the other text whatever sync does; that is not what this tests.)
func handAppendAtomically(path, line string) error {
	for {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			return err
		}
		_, werr := f.WriteString(line + "\n")
		st, serr := f.Stat()
		cerr := f.Close()
		if err := errors.Join(werr, serr, cerr); err != nil {
			return err
		}
		now, err := os.Stat(path)
		if err != nil {
			return err
		}
		if os.SameFile(st, now) {
			return nil
		}
	}
}
