package store_test

import (
	"bufio"
	"context"
	"database/sql"
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

// envScratch says where the rebuilder builds: "files" beside the index, as a large store does;
// "memdb" in SQLite's memory databases; "tmpfs" in a directory of its own under envTmpfs, as on
// a machine with a memory file system.
const (
	envScratch = "ANAMNESIS_TEST_SCRATCH"
	envTmpfs   = "ANAMNESIS_TEST_TMPFS"
)

// useScratch makes this process's rebuilds build where envScratch's values say, with tmpfs as
// the memory file system for "tmpfs".
func useScratch(scratch, tmpfs string) (restore func()) {
	limit, dir := int64(0), ""
	switch scratch {
	case "files":
		limit = store.SetScratchInMemoryLimit(-1)
		dir = store.SetScratchTmpfsDir("")
	case "memdb":
		dir = store.SetScratchTmpfsDir("")
	case "tmpfs":
		dir = store.SetScratchTmpfsDir(tmpfs)
	}
	return func() {
		if scratch == "files" {
			store.SetScratchInMemoryLimit(limit)
		}
		store.SetScratchTmpfsDir(dir)
	}
}

// TestHelperProcessRebuilder is not a test: in helper mode it opens the store, says so on stdout
// and runs full rebuilds until it is killed.
func TestHelperProcessRebuilder(t *testing.T) {
	if os.Getenv(envHelper) != "rebuilder" {
		t.Skip("helper process for TestKilledRebuildLeavesIndexUsable")
	}
	useScratch(os.Getenv(envScratch), os.Getenv(envTmpfs))
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
	for _, scratch := range []string{"memdb", "tmpfs", "files"} {
		t.Run(scratch, func(t *testing.T) { killRebuilds(t, scratch) })
	}
}

func killRebuilds(t *testing.T, scratch string) {
	tmpfs := t.TempDir()
	t.Cleanup(useScratch(scratch, tmpfs))
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
		cmd.Env = append(os.Environ(), envHelper+"=rebuilder", envRoot+"="+root, envScratch+"="+scratch, envTmpfs+"="+tmpfs)
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
		midBuild, _ := filepath.Glob(filepath.Join(tmpfs, "anamnesis-rebuild-*", store.RebuildFile))
		if _, err := os.Stat(filepath.Join(root, store.RebuildFile)); err == nil || len(midBuild) > 0 {
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
	if scratch != "memdb" {
		t.Logf("%d of the kills fell while a scratch file was being built", killedMidBuild)
	}

	s = openAt(t, root)
	if _, err := s.Reindex(ctx, true); err != nil {
		t.Fatal(err)
	}
	left, _ := filepath.Glob(filepath.Join(root, store.RebuildFile+"*"))
	inTmpfs, _ := filepath.Glob(filepath.Join(tmpfs, "*"))
	if left = append(left, inTmpfs...); len(left) != 0 {
		t.Fatalf("scratch files left after a rebuild: %v", left)
	}
}

// A rebuild in scratch files (a large store), one in SQLite's memory databases and one on a
// memory file system make the same index, keep the semantic-search vectors, and leave no scratch
// file behind.
func TestRebuildInFilesMatchesInMemory(t *testing.T) {
	ctx := context.Background()
	s, root := newStore(t)
	for i := 0; i < 40; i++ {
		mustWrite(t, s, store.WriteInput{Title: fmt.Sprintf("note %d about colour", i), Body: fmt.Sprintf("Body %d: busyTimeout de-stress 日本語", i),
			Tags: []string{"t" + fmt.Sprint(i%3)}})
	}
	if n := embedAll(t, s, false); n != 40 {
		t.Fatalf("embedded %d notes, want 40", n)
	}
	dump := func() string {
		t.Helper()
		return dumpQueries(t, rawDB(t, s), []string{
			"SELECT rowid, * FROM memories ORDER BY rowid", "SELECT * FROM memory_tags ORDER BY 1, 2",
			"SELECT * FROM memory_supersedes ORDER BY 1, 2", "SELECT * FROM anamnesis_files ORDER BY path",
			"SELECT rowid, * FROM memories_fts ORDER BY rowid", "SELECT rowid, * FROM anamnesis_heads ORDER BY rowid",
			"SELECT id, hex(block) FROM memories_fts_data ORDER BY id", "SELECT id, model, hash, hex(vec) FROM anamnesis_vectors ORDER BY 1, 2",
			"SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_master ORDER BY name", "PRAGMA user_version",
		})
	}
	tmpfs := t.TempDir()
	var inMemdb string
	for _, scratch := range []string{"memdb", "tmpfs", "files"} {
		restore := useScratch(scratch, tmpfs)
		_, err := s.Reindex(ctx, true)
		restore()
		if err != nil {
			t.Fatalf("%s: %v", scratch, err)
		}
		got := dump()
		if scratch == "memdb" {
			inMemdb = got
		} else if got != inMemdb {
			t.Fatalf("the rebuild in %s made another index:\n%s\nin memdb:\n%s", scratch, got, inMemdb)
		}
		if jobs, err := s.StaleVectors(ctx, testModel, 0); err != nil || len(jobs) != 0 {
			t.Fatalf("%s: after the rebuild %d notes need vectors (%v), want 0", scratch, len(jobs), err)
		}
		left, _ := filepath.Glob(filepath.Join(root, store.RebuildFile+"*"))
		inTmpfs, _ := filepath.Glob(filepath.Join(tmpfs, "*"))
		if left = append(left, inTmpfs...); len(left) != 0 {
			t.Fatalf("%s: scratch files left: %v", scratch, left)
		}
	}
}

// A full rebuild writes into the live index only the pages that differ from the new index's: a
// few for an unchanged store; where the live index's B-trees moved and it grew (as one another
// version built), the moved pages, and the file ends where the new index does; where most notes
// changed, every page (by the backup API). A store open across each rebuild, whose connections
// hold the old index's schema, answers as an index built afresh from the same files.
func TestRebuildCopiesOnlyChangedPages(t *testing.T) {
	for _, scratch := range []string{"memdb", "tmpfs", "files"} {
		t.Run(scratch, func(t *testing.T) {
			t.Cleanup(useScratch(scratch, t.TempDir()))
			const n = 400
			ctx := context.Background()
			root := testcorpus.Copy(t, n)
			s := openAt(t, root)
			other := openAt(t, root)
			query := store.SearchOptions{Query: "sqlite wal checkpoint", K: 20}
			before := searchIDs(t, other, query)
			beforeList := listIDs(t, other, store.ListOptions{Limit: 50})
			if len(before) == 0 || len(beforeList) == 0 {
				t.Fatal("the query or the list finds nothing, so it checks nothing")
			}
			same := func(what string, wantSearch, wantList []string) {
				t.Helper()
				for name, st := range map[string]*store.Store{"rebuilding": s, "other": other} {
					if got := searchIDs(t, st, query); !reflect.DeepEqual(got, wantSearch) {
						t.Fatalf("%s: the %s store found\n%v\nwant\n%v", what, name, got, wantSearch)
					}
					if got := listIDs(t, st, store.ListOptions{Limit: 50}); !reflect.DeepEqual(got, wantList) {
						t.Fatalf("%s: the %s store lists\n%v\nwant\n%v", what, name, got, wantList)
					}
				}
			}
			db := rawDB(t, s)
			pageCount := func() int64 {
				t.Helper()
				var p int64
				var check string
				if err := db.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
					t.Fatalf("integrity check %q, %v", check, err)
				}
				if err := db.QueryRowContext(ctx, "PRAGMA page_count").Scan(&p); err != nil {
					t.Fatal(err)
				}
				return p
			}

			if _, err := s.Reindex(ctx, true); err != nil {
				t.Fatal(err)
			}
			written, pages, builtCookie, whole := s.LastCopy()
			if whole || pages == 0 || written > 4 {
				t.Fatalf("rebuilding an unchanged store wrote %d of %d pages (whole: %v), want a few", written, pages, whole)
			}
			same("unchanged", before, beforeList)

			// The live index's B-trees move, under the schema cookie the new index will carry,
			// and the other store reads the moved schema: the rebuild must make it read the
			// new one all the same.
			moveIndexes(t, db, false)
			if _, err := db.ExecContext(ctx, fmt.Sprintf("PRAGMA schema_version = %d", builtCookie)); err != nil {
				t.Fatal(err)
			}
			if len(listIDs(t, other, store.ListOptions{Limit: 50})) == 0 {
				t.Fatal("the other store lists nothing")
			}
			movedPages := pageCount()
			if _, err := s.Reindex(ctx, true); err != nil {
				t.Fatal(err)
			}
			written, pages, _, whole = s.LastCopy()
			if whole || written == 0 || pages != movedPages {
				t.Fatalf("over a moved index the rebuild wrote %d pages of %d (whole: %v), want some of %d", written, pages, whole, movedPages)
			}
			same("moved", before, beforeList)

			// Again, and the live index grows: the new index is shorter.
			moveIndexes(t, db, true)
			if len(listIDs(t, other, store.ListOptions{Limit: 50})) == 0 {
				t.Fatal("the other store lists nothing")
			}
			grown := pageCount()
			if _, err := s.Reindex(ctx, true); err != nil {
				t.Fatal(err)
			}
			written, pages, _, whole = s.LastCopy()
			if !whole || pages >= grown {
				t.Fatalf("over a moved, longer index the rebuild wrote %d pages of %d (whole: %v), want the whole index of fewer than %d", written, pages, whole, grown)
			}
			var pageSize int64
			if err := db.QueryRowContext(ctx, "PRAGMA page_size").Scan(&pageSize); err != nil {
				t.Fatal(err)
			}
			// Once the WAL is checkpointed, the file itself ends with the new index.
			var busy, logged, moved int
			if err := db.QueryRowContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)").Scan(&busy, &logged, &moved); err != nil || busy != 0 {
				t.Fatalf("checkpoint: busy %d, %v", busy, err)
			}
			fi, err := os.Stat(s.DBPath())
			if now := pageCount(); now != pages || err != nil || fi.Size() != pages*pageSize {
				t.Fatalf("the live index has %d pages, %v bytes (%v), want the new index's %d pages of %d bytes", now, fi.Size(), err, pages, pageSize)
			}
			same("grown", before, beforeList)

			// Every other note goes, here and in a copy of the store indexed afresh.
			fresh := testcorpus.Copy(t, n)
			notes, _ := filepath.Glob(filepath.Join(root, "memory", "*", "*.md"))
			if len(notes) < n/2 {
				t.Fatalf("found %d note files, want most of %d", len(notes), n)
			}
			for i, p := range notes {
				if i%2 == 0 {
					rel, _ := filepath.Rel(root, p)
					for _, r := range []string{root, fresh} {
						if err := os.Remove(filepath.Join(r, rel)); err != nil {
							t.Fatal(err)
						}
					}
				}
			}
			afresh := openAt(t, fresh)
			want, wantList := searchIDs(t, afresh, query), listIDs(t, afresh, store.ListOptions{Limit: 50})
			if _, err := s.Reindex(ctx, true); err != nil {
				t.Fatal(err)
			}
			if _, _, _, whole = s.LastCopy(); !whole {
				t.Fatal("with half the notes gone the rebuild copied page by page, want the whole index")
			}
			pageCount()
			same("half gone", want, wantList)
			for name, st := range map[string]*store.Store{"rebuilding": s, "other": other} {
				if stats, err := st.Stats(ctx); err != nil || stats.Total != len(notes)/2+countLocal(t, root) {
					t.Fatalf("the %s store counts %+v (%v)", name, stats, err)
				}
			}
		})
	}
}

// countLocal is how many machine-local note files root holds.
func countLocal(t *testing.T, root string) int {
	t.Helper()
	local, err := filepath.Glob(filepath.Join(root, "local", "*", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	return len(local)
}

// moveIndexes drops and recreates every secondary index of memories, so that each gets another
// root page.
func moveIndexes(t *testing.T, db *sql.DB, grow bool) {
	t.Helper()
	ctx := context.Background()
	rows, err := db.QueryContext(ctx, "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'memories' AND sql IS NOT NULL ORDER BY rootpage DESC")
	if err != nil {
		t.Fatal(err)
	}
	var names, defs []string
	for rows.Next() {
		var name, def string
		if err := rows.Scan(&name, &def); err != nil {
			t.Fatal(err)
		}
		names, defs = append(names, name), append(defs, def)
	}
	rows.Close()
	if len(names) == 0 {
		t.Fatal("no index to move")
	}
	for i := range names {
		if _, err := db.ExecContext(ctx, "DROP INDEX "+names[i]); err != nil {
			t.Fatal(err)
		}
	}
	// Made again in reverse order, they take each other's pages; with grow, the freed pages go
	// to a table first, and the indexes are made past them.
	if grow {
		if _, err := db.ExecContext(ctx, "CREATE TABLE zz_pad AS SELECT randomblob(3000) AS b FROM memories"); err != nil {
			t.Fatal(err)
		}
	}
	for i := range names {
		if _, err := db.ExecContext(ctx, defs[i]); err != nil {
			t.Fatal(err)
		}
	}
}

// A full rebuild leaves the index a WAL database once its last connection closes, whichever way
// it was copied in (page by page or by the backup API): bytes 18 and 19 of the header say so, and
// a program that opens it without asking for WAL gets WAL.
func TestRebuildKeepsTheIndexInWALMode(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	s := openAt(t, root)
	for i := 0; i < 200; i++ {
		mustWrite(t, s, store.WriteInput{Title: fmt.Sprintf("note %d about gannets", i), Body: "body", Tags: []string{"bird"}})
	}
	paged := false
	for round := 0; round < 2; round++ {
		if _, err := s.Reindex(ctx, true); err != nil {
			t.Fatal(err)
		}
		_, _, _, whole := s.LastCopy()
		paged = paged || !whole
		path := s.DBPath()
		s.Close() // the last connection: the WAL is checkpointed into the file and removed
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		db, err := sql.Open("sqlite", "file:"+path)
		if err != nil {
			t.Fatal(err)
		}
		var mode string
		err = db.QueryRow("PRAGMA journal_mode").Scan(&mode)
		db.Close()
		if err != nil {
			t.Fatal(err)
		}
		if b[18] != 2 || b[19] != 2 || mode != "wal" {
			t.Fatalf("rebuild %d (whole copy: %v): header versions %d/%d, a plain open's journal_mode %q; want 2/2 and wal",
				round+1, whole, b[18], b[19], mode)
		}
		s = openAt(t, root)
	}
	if !paged {
		t.Fatal("no rebuild was copied page by page, so the test checks only the backup API")
	}
}

// A rebuild leaves the WAL empty even while another store keeps the index open (as the hook
// server does, which locks the index's files in memory): SQLite deletes the WAL only when the
// last connection closes, so without emptying it a copy of the whole index would leave a second
// index-sized file behind. Connections keep the store's own busy timeout afterwards, and every
// connection trims the WAL to the same limit when a write starts it over.
func TestRebuildEmptiesTheWAL(t *testing.T) {
	ctx := context.Background()
	root := testcorpus.Copy(t, 200)
	s := openAt(t, root)
	other := openAt(t, root)
	if len(searchIDs(t, other, store.SearchOptions{Query: "sqlite wal checkpoint", K: 5})) == 0 {
		t.Fatal("the other store finds nothing, so it holds no connection")
	}
	for round := range 2 {
		if round == 1 { // every note changed: the whole index is copied
			notes, _ := filepath.Glob(filepath.Join(root, "memory", "*", "*.md"))
			for _, p := range notes {
				b, err := os.ReadFile(p)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, append(b, "\nOne more line.\n"...), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		if _, err := s.Reindex(ctx, true); err != nil {
			t.Fatal(err)
		}
		fi, err := os.Stat(filepath.Join(root, store.IndexFile+"-wal"))
		if err != nil {
			t.Fatal(err) // the other store's connections keep it
		}
		_, _, _, whole := s.LastCopy()
		if fi.Size() != 0 {
			t.Fatalf("round %d (whole copy: %v): the WAL holds %d bytes after the rebuild, want 0", round, whole, fi.Size())
		}
		if round == 1 && !whole {
			t.Fatal("with every note changed the rebuild copied page by page; the test wants the whole index")
		}
	}
	for _, q := range []struct {
		pragma string
		want   int64
	}{{"busy_timeout", 10000}, {"journal_size_limit", 4194304}} {
		got, err := s.PoolPragma(ctx, q.pragma)
		if err != nil || len(got) == 0 {
			t.Fatalf("%s: %v, %v", q.pragma, got, err)
		}
		for _, v := range got {
			if v != q.want {
				t.Fatalf("after a rebuild the store's connections have %s %v, want %d on each", q.pragma, got, q.want)
			}
		}
	}
}
