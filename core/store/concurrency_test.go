package store_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// The concurrency tests run real processes: the test binary re-executes itself in a helper mode
// selected by environment variables, so writers contend through the file system, flock and SQLite
// exactly as separate anamnesis processes do.
const (
	envHelper = "ANAMNESIS_TEST_HELPER"
	envRoot   = "ANAMNESIS_TEST_ROOT"
	envCount  = "ANAMNESIS_TEST_COUNT"
	envWorker = "ANAMNESIS_TEST_WORKER"
)

// TestHelperProcessWriter is not a test: in helper mode it opens the store and writes notes
// (ANAMNESIS_TEST_COUNT of them, or forever when 0), then exits.
func TestHelperProcessWriter(t *testing.T) {
	if os.Getenv(envHelper) != "writer" {
		t.Skip("helper process for the multi-process tests")
	}
	root, worker := os.Getenv(envRoot), os.Getenv(envWorker)
	count, _ := strconv.Atoi(os.Getenv(envCount))
	ctx := context.Background()
	// The long lock wait makes this a test of correctness, not of lock fairness under load.
	s, err := store.Open(ctx, root, store.Options{MachineID: "worker-" + worker, LockTimeout: 10 * time.Minute})
	if err != nil {
		fmt.Fprintf(os.Stderr, "worker %s: open: %v\n", worker, err)
		os.Exit(3)
	}
	for i := 0; count == 0 || i < count; i++ {
		_, err := s.Write(ctx, store.WriteInput{
			Type:  note.Types[i%3],
			Title: fmt.Sprintf("worker %s note %d cormorant", worker, i),
			Body:  strings.Repeat(fmt.Sprintf("body of %s/%d. ", worker, i), 1+i%20),
			Scope: note.Scopes[i%7/6], // mostly portable, some machine-local
			Tags:  []string{"w" + worker},
		})
		if err != nil {
			fmt.Fprintf(os.Stderr, "worker %s: write %d: %v\n", worker, i, err)
			os.Exit(4)
		}
	}
	s.Close()
	os.Exit(0)
}

func helperCmd(t *testing.T, root, worker string, count int) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcessWriter$", "-test.count=1")
	cmd.Env = append(os.Environ(), envHelper+"=writer", envRoot+"="+root, envWorker+"="+worker, envCount+"="+strconv.Itoa(count))
	return cmd
}

func TestEightProcessesWriteConcurrently(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 4,000 notes from 8 processes")
	}
	for _, existing := range []bool{true, false} {
		name := "fresh store"
		if existing {
			name = "existing store"
		}
		t.Run(name, func(t *testing.T) { eightWriters(t, existing) })
	}
}

func eightWriters(t *testing.T, existing bool) {
	const procs = 8
	each := 500
	if raceEnabled {
		each = 100
	}
	root := t.TempDir()
	if existing {
		openAt(t, root).Close()
	}
	var wg sync.WaitGroup
	errs := make([]string, procs)
	for p := 0; p < procs; p++ {
		wg.Add(1)
		go func(p int) {
			defer wg.Done()
			cmd := helperCmd(t, root, strconv.Itoa(p), each)
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			if err := cmd.Run(); err != nil {
				errs[p] = fmt.Sprintf("process %d: %v\n%s", p, err, out.String())
			}
		}(p)
	}
	wg.Wait()
	for _, e := range errs {
		if e != "" {
			t.Error(e)
		}
	}
	if t.Failed() {
		t.FailNow()
	}
	files := noteFiles(t, root)
	if len(files) != procs*each {
		t.Fatalf("%d note files on disk, want %d", len(files), procs*each)
	}
	// The index as the writers left it, before any drift repair, must hold every note.
	ctx := context.Background()
	s, err := store.Open(ctx, root, store.Options{NoDriftCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	page, err := s.List(ctx, store.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Notes) != procs*each {
		t.Errorf("list has %d notes, want %d (the index lost writes)", len(page.Notes), procs*each)
	}
	perWorker := map[string]int{}
	seen := map[string]bool{}
	for _, n := range page.Notes {
		if seen[n.ID] {
			t.Fatalf("duplicate id %s", n.ID)
		}
		seen[n.ID] = true
		perWorker[n.MachineID]++
	}
	for p := 0; p < procs; p++ {
		if got := perWorker["worker-"+strconv.Itoa(p)]; got != each {
			t.Errorf("worker %d: %d notes listed, want %d", p, got, each)
		}
	}
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		n, err := note.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if !seen[n.ID] {
			t.Errorf("%s is on disk but not in the index", f)
		}
	}
	res, err := s.Search(ctx, store.SearchOptions{Query: "cormorant", K: store.MaxK})
	if err != nil || len(res.Hits) != store.MaxK {
		t.Fatalf("search after the concurrent writes: %d hits, %v", len(res.Hits), err)
	}
}

// A writer killed at arbitrary points leaves no partial note: every note file parses, temp files
// are never taken for notes, and the index agrees with the files after a reopen.
func TestKilledWriterLeavesNoPartialNote(t *testing.T) {
	root := t.TempDir()
	ctx := context.Background()
	// Create the store first so the writer spends its life writing.
	s0 := openAt(t, root)
	s0.Close()
	for round, threshold := range []int{15, 40, 70, 100} {
		cmd := helperCmd(t, root, strconv.Itoa(round), 0)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(2 * time.Minute) // a guard against a stuck writer, not a timing assertion
		for len(noteFiles(t, root)) < threshold {
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				cmd.Wait()
				t.Fatalf("round %d: the writer made no progress\n%s", round, out.String())
			}
			time.Sleep(time.Millisecond)
		}
		if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		err := cmd.Wait()
		if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
			t.Fatalf("round %d: writer ended on its own (%v) before the kill\n%s", round, err, out.String())
		}
	}
	files := noteFiles(t, root)
	ids := map[string]bool{}
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		n, err := note.Parse(data)
		if err != nil {
			t.Fatalf("partial note %s: %v\n%q", f, err, data)
		}
		if err := n.Validate(); err != nil {
			t.Fatalf("invalid note %s: %v", f, err)
		}
		if !strings.HasSuffix(f, "/"+n.RelPath()) {
			t.Fatalf("%s holds note %s", f, n.RelPath())
		}
		ids[n.ID] = true
	}
	// Leftover temp files may exist (a kill between create and rename) but never look like notes.
	var temps int
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.HasPrefix(d.Name(), ".tmp-anamnesis-") {
			temps++
			if strings.HasSuffix(d.Name(), ".md") {
				t.Errorf("temp file %s ends in .md", p)
			}
		}
		return nil
	})
	t.Logf("%d notes written across 4 kills, %d temp files left behind", len(files), temps)

	s := openAt(t, root)
	if s.Opened.Drift.Skipped != 0 {
		t.Fatalf("reopen skipped files: %+v", s.Opened.Drift.Bad)
	}
	listed := listIDs(t, s, store.ListOptions{})
	if len(listed) != len(ids) {
		t.Fatalf("after reopen list has %d notes, disk has %d", len(listed), len(ids))
	}
	for _, id := range listed {
		if !ids[id] {
			t.Fatalf("index lists %s, which has no file", id)
		}
		if _, err := s.Get(ctx, id); err != nil {
			t.Fatalf("Get(%s): %v", id, err)
		}
	}
	rep, err := s.Reindex(ctx, true)
	if err != nil || rep.Indexed != len(ids) || rep.Skipped != 0 {
		t.Fatalf("full reindex: %+v, %v; want %d indexed", rep, err, len(ids))
	}
}

// Opening the store (which runs the drift check) while another process writes must not drop the
// other process's notes from the index.
func TestOpenDuringWritesKeepsNotes(t *testing.T) {
	if testing.Short() {
		t.Skip("multi-process")
	}
	const each = 300
	root := t.TempDir()
	openAt(t, root).Close()
	cmd := helperCmd(t, root, "0", each)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	ctx := context.Background()
	opens := 0
loop:
	for {
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("writer: %v\n%s", err, out.String())
			}
			break loop
		default:
		}
		s, err := store.Open(ctx, root, store.Options{})
		if err != nil {
			t.Fatalf("Open during writes: %v", err)
		}
		s.Close()
		opens++
	}
	s, err := store.Open(ctx, root, store.Options{NoDriftCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	page, err := s.List(ctx, store.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d opens ran during the writes", opens)
	if len(page.Notes) != each {
		t.Fatalf("index holds %d of %d notes after opens raced the writer", len(page.Notes), each)
	}
}
