package store_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/store"
	"github.com/anamnesis-go/anamnesis/core/testcorpus"
)

// TestHelperProcessRebuilder is not a test: in helper mode it opens the store, says so on stdout
// and runs full rebuilds until it is killed.
func TestHelperProcessRebuilder(t *testing.T) {
	if os.Getenv(envHelper) != "rebuilder" {
		t.Skip("helper process for TestKilledRebuildLeavesIndexUsable")
	}
	ctx := context.Background()
	s, err := store.Open(ctx, os.Getenv(envRoot), store.Options{NoDriftCheck: true})
	if err != nil {
		fmt.Fprintf(os.Stderr, "rebuilder: open: %v\n", err)
		os.Exit(3)
	}
	fmt.Println("open")
	for {
		if _, err := s.Reindex(ctx, true); err != nil {
			fmt.Fprintf(os.Stderr, "rebuilder: %v\n", err)
			os.Exit(4)
		}
	}
}

// A rebuild killed at any point (loading its scratch files, copying them into the index, or
// between rebuilds) leaves the index as it was or as rebuilt: complete, and answering without a
// repair. The next rebuild clears the scratch files a killed one left.
func TestKilledRebuildLeavesIndexUsable(t *testing.T) {
	if testing.Short() {
		t.Skip("kills rebuilding processes")
	}
	const n = 2000
	ctx := context.Background()
	root := testcorpus.Copy(t, n)
	query := store.SearchOptions{Query: "sqlite wal checkpoint", K: 20}
	s := openAt(t, root)
	want := searchIDs(t, s, query)
	if len(want) == 0 {
		t.Fatal("the query finds nothing, so it checks nothing")
	}
	s.Close()
	killedMidBuild := 0
	for i, delay := range []time.Duration{0, 10, 40, 80, 120, 160, 200, 260, 330, 420, 520, 650} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcessRebuilder$", "-test.count=1")
		cmd.Env = append(os.Environ(), envHelper+"=rebuilder", envRoot+"="+root)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if line, err := bufio.NewReader(out).ReadString('\n'); err != nil || line != "open\n" {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
			t.Fatalf("rebuilder did not open the store: %q, %v", line, err)
		}
		time.Sleep(delay * time.Millisecond)
		if err := cmd.Process.Kill(); err != nil {
			t.Fatal(err)
		}
		_ = cmd.Wait()
		if _, err := os.Stat(filepath.Join(root, store.RebuildFile)); err == nil {
			killedMidBuild++
		}

		// Opened as a hook opens it: no drift check, so the index is used as the kill left it.
		s, err := store.Open(ctx, root, store.Options{NoDriftCheck: true})
		if err != nil {
			t.Fatalf("kill %d (after %dms): open: %v", i, delay, err)
		}
		if s.Opened.Rebuilt {
			t.Fatalf("kill %d (after %dms): the index had to be rebuilt: %s", i, delay, s.Opened.Reason)
		}
		st, err := s.Stats(ctx)
		if err != nil || st.Total != n {
			t.Fatalf("kill %d (after %dms): stats %+v, %v; want %d notes", i, delay, st, err, n)
		}
		if got := searchIDs(t, s, query); !reflect.DeepEqual(got, want) {
			t.Fatalf("kill %d (after %dms): search found\n%v\nwant\n%v", i, delay, got, want)
		}
		var check string
		if err := rawDB(t, s).QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
			t.Fatalf("kill %d (after %dms): integrity check %q, %v", i, delay, check, err)
		}
		s.Close()
	}
	t.Logf("%d of the kills fell while a scratch file was being built", killedMidBuild)

	s = openAt(t, root)
	if _, err := s.Reindex(ctx, true); err != nil {
		t.Fatal(err)
	}
	left, _ := filepath.Glob(filepath.Join(root, store.RebuildFile+"*"))
	if len(left) != 0 {
		t.Fatalf("scratch files left after a rebuild: %v", left)
	}
}
