package gitsync

import (
	"context"
	"crypto/sha1"
	"encoding/binary"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// contentsUnder17 returns n file contents whose git blob ids start with 0x17: the directory
// git (and maintain) sample to estimate the number of loose objects.
func contentsUnder17(n int) []string {
	var out []string
	for i := 0; len(out) < n; i++ {
		c := fmt.Sprintf("filler %d\n", i)
		sum := sha1.Sum([]byte("blob " + strconv.Itoa(len(c)) + "\x00" + c))
		if sum[0] == 0x17 {
			out = append(out, c)
		}
	}
	return out
}

// largeUnder17 returns n incompressible contents of size bytes whose blob ids start with 0x17.
func largeUnder17(n, size int) [][]byte {
	var out [][]byte
	data := make([]byte, size)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	for try := uint64(0); len(out) < n; try++ {
		binary.LittleEndian.PutUint64(data, try) // a new content each try, still incompressible
		sum := sha1.Sum(append([]byte("blob "+strconv.Itoa(size)+"\x00"), data...))
		if sum[0] == 0x17 {
			out = append(out, append([]byte(nil), data...))
		}
	}
	return out
}

// Issue 10 case 13: a cycle that leaves more loose objects than the limit packs them; with
// packing off (the old behaviour) they stay loose.
func TestCyclePacksLooseObjects(t *testing.T) {
	for _, tc := range []struct {
		name   string
		limit  int
		packed bool
		big    bool // few objects, but large: the size bound packs them
	}{{"default limit", 0, true, false}, {"never", -1, false, false}, {"few large objects", 0, true, true}} {
		t.Run(tc.name, func(t *testing.T) {
			remote := bareRemote(t)
			m := newMachine(t, "a", remote)
			m.write("a note", "x")
			dir := filepath.Join(m.home, "memory")
			// Enough files whose objects land in objects/17 for the estimate to pass the limit.
			os.MkdirAll(filepath.Join(dir, "extra"), 0o755)
			if tc.big {
				for i, c := range largeUnder17(2, looseBytes/2+64<<10) {
					os.WriteFile(filepath.Join(dir, "extra", fmt.Sprintf("big%d.bin", i)), c, 0o644)
				}
			} else {
				for i, c := range contentsUnder17(8) {
					os.WriteFile(filepath.Join(dir, "extra", fmt.Sprintf("f%d.txt", i)), []byte(c), 0o644)
				}
			}
			res, err := Sync(context.Background(), m.st, Options{Remote: remote, MachineID: m.id, LooseObjects: tc.limit})
			if err != nil || !res.Pushed {
				t.Fatalf("sync = %+v, %v", res, err)
			}
			loose := countObjects(t, dir)
			if tc.packed && (loose["count"] != 0 || loose["packs"] == 0) {
				t.Fatalf("not packed after the cycle: %v", loose)
			}
			if !tc.packed && loose["count"] < 8 {
				t.Fatalf("packed although packing is off: %v", loose)
			}
			// Still a working repository.
			if got := gitOut(t, dir, "fsck", "--no-progress"); got != "" && !strings.Contains(got, "dangling") {
				t.Fatalf("fsck: %s", got)
			}
		})
	}
}

func countObjects(tb testing.TB, dir string) map[string]int {
	out := map[string]int{}
	for _, l := range strings.Split(gitOut(tb, dir, "count-objects", "-v"), "\n") {
		k, v, _ := strings.Cut(l, ": ")
		out[k], _ = strconv.Atoi(v)
	}
	return out
}

// BenchmarkManySyncs measures issue 10 case 13: .git after 1,000 single-note syncs (a note
// written, then a cycle against a local bare remote, each time), with packing as shipped and with
// packing off, and the no-change cycle then (ns/op). ANAMNESIS_BENCH_SYNCS changes the count;
// ANAMNESIS_BENCH_MODE=packed|never-packed runs one mode. The syncs run once, in the parent
// benchmark (the sub-benchmarks time only no-change cycles, and Go runs those twice); progress
// is printed every 250 syncs. Run it with -benchtime=20x.
func BenchmarkManySyncs(b *testing.B) {
	syncs := 1000
	if s := os.Getenv("ANAMNESIS_BENCH_SYNCS"); s != "" {
		syncs, _ = strconv.Atoi(s)
	}
	for _, mode := range []struct {
		name  string
		limit int
	}{{"packed", 0}, {"never-packed", -1}} {
		if only := os.Getenv("ANAMNESIS_BENCH_MODE"); only != "" && only != mode.name {
			continue
		}
		remote := bareRemote(b)
		m := newMachine(b, "a-"+mode.name, remote)
		ctx := context.Background()
		opts := Options{Remote: remote, MachineID: m.id, LooseObjects: mode.limit}
		dir := filepath.Join(m.home, "memory")
		report := func(done int, took time.Duration) (int64, int64, int) {
			size := dirSize(b, filepath.Join(dir, ".git"))
			var disk int64
			if out, err := exec.Command("du", "-sk", filepath.Join(dir, ".git")).Output(); err == nil {
				kb, _ := strconv.Atoi(strings.Fields(string(out))[0])
				disk = int64(kb) * 1024
			}
			loose := countObjects(b, dir)["count"]
			fmt.Fprintf(os.Stderr, "%s: after %d single-note syncs (%.0f ms each): .git %d bytes (%d on disk), %d loose objects\n",
				mode.name, done, took.Seconds()/float64(done)*1000, size, disk, loose)
			return size, disk, loose
		}
		start := time.Now()
		var peak int64 // the largest .git seen after a sync
		peakAt := 0
		for i := 1; i <= syncs; i++ {
			if _, err := m.st.Write(ctx, store.WriteInput{Type: note.Semantic, Title: fmt.Sprintf("note %d", i),
				Body: "a body of a few words about nothing in particular, number " + strconv.Itoa(i)}); err != nil {
				b.Fatal(err)
			}
			if res, err := Sync(ctx, m.st, opts); err != nil || !res.Pushed {
				b.Fatalf("sync %d = %+v, %v", i, res, err)
			}
			if sz := dirSize(b, filepath.Join(dir, ".git")); sz > peak {
				peak, peakAt = sz, i
			}
			if i%250 == 0 && i < syncs {
				report(i, time.Since(start))
			}
		}
		size, disk, loose := report(syncs, time.Since(start))
		fmt.Fprintf(os.Stderr, "%s: peak .git %d bytes after sync %d\n", mode.name, peak, peakAt)
		b.Run(mode.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if res, err := Sync(ctx, m.st, opts); err != nil || res.Committed != "" || res.Pushed {
					b.Fatalf("no-change cycle did something: %+v, %v", res, err)
				}
			}
			b.ReportMetric(float64(size), "git-bytes")
			b.ReportMetric(float64(peak), "git-peak-bytes")
			b.ReportMetric(float64(disk), "git-disk-bytes")
			b.ReportMetric(float64(loose), "loose-objects")
		})
	}
}

func dirSize(tb testing.TB, root string) int64 {
	var n int64
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			info, err := d.Info()
			if err != nil {
				return err
			}
			n += info.Size()
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return n
}

// Unreachable loose objects (trees of merges that were patched, stand-in commits) survive a
// packing until gc prunes them weeks later. They count towards the size bound once: the packing
// they triggered is not repeated by every later cycle.
func TestUnreachableLooseObjectsDoNotRepackEveryCycle(t *testing.T) {
	remote := bareRemote(t)
	m := newMachine(t, "a", remote)
	m.write("first", "x")
	m.sync()
	dir := filepath.Join(m.home, "memory")
	// Unreachable objects bigger than the bound, as hash-object -w leaves them.
	for _, c := range largeUnder17(3, looseBytes/2) {
		cmd := exec.Command("git", "-C", dir, "hash-object", "-w", "--stdin")
		cmd.Stdin = strings.NewReader(string(c))
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("hash-object: %v\n%s", err, out)
		}
	}
	m.write("second", "y")
	m.sync() // packs what is reachable; the unreachable objects stay loose
	after1 := countObjects(t, dir)
	if after1["count"] < 3 || after1["packs"] == 0 {
		t.Fatalf("after the first packing: %v", after1)
	}
	m.write("third", "z")
	m.sync()
	after2 := countObjects(t, dir)
	if after2["packs"] != after1["packs"] {
		t.Fatalf("a later cycle packed again for the same unreachable objects: %v, then %v", after1, after2)
	}
}
