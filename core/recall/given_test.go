package recall

import (
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/home"
)

func TestGivenRecord(t *testing.T) {
	h := home.At(t.TempDir())
	g := GivenFor(h, "s1")
	if err := g.Add([]string{"a", "b"}, true); err != nil {
		t.Fatal(err)
	}
	if err := g.Add([]string{"b", "c"}, false); err != nil {
		t.Fatal(err)
	}
	if got, want := ids(g.Read()), []string{"a", "b", "c"}; !reflect.DeepEqual(got, want) {
		t.Errorf("after adding: %v, want %v", got, want)
	}
	if err := g.Add([]string{"d"}, true); err != nil {
		t.Fatal(err)
	}
	if got, want := ids(g.Read()), []string{"d"}; !reflect.DeepEqual(got, want) {
		t.Errorf("after a reset: %v, want %v", got, want)
	}
	if err := GivenFor(h, "").Add([]string{"x"}, true); err != nil || len(GivenFor(h, "").Read()) != 0 {
		t.Errorf("a session without an id keeps a record (%v)", err)
	}
}

// TestGivenPrunesWeekOldRecords: a session start removes the records of sessions idle for a week,
// at most once an hour per store within a process.
func TestGivenPrunesWeekOldRecords(t *testing.T) {
	h := home.At(t.TempDir())
	old := filepath.Join(h.Sessions(), "old.json")
	recent := filepath.Join(h.Sessions(), "recent.json")
	write := func(p string, age time.Duration) {
		t.Helper()
		if err := os.MkdirAll(h.Sessions(), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(`["x"]`), 0o600); err != nil {
			t.Fatal(err)
		}
		at := time.Now().Add(-age)
		if err := os.Chtimes(p, at, at); err != nil {
			t.Fatal(err)
		}
	}
	exists := func(p string) bool { _, err := os.Stat(p); return err == nil }
	write(old, 8*24*time.Hour)
	write(recent, 6*24*time.Hour)
	if err := GivenFor(h, "new").Add([]string{"a"}, false); err != nil {
		t.Fatal(err)
	}
	if !exists(old) {
		t.Fatal("a prompt (no reset) pruned the records")
	}
	if err := GivenFor(h, "new").Add([]string{"a"}, true); err != nil {
		t.Fatal(err)
	}
	if exists(old) || !exists(recent) {
		t.Fatalf("after a session start: old kept %t, recent kept %t; want false, true", exists(old), exists(recent))
	}
	// Within the hour the next start leaves the directory alone.
	write(old, 8*24*time.Hour)
	if err := GivenFor(h, "other").Add([]string{"b"}, true); err != nil {
		t.Fatal(err)
	}
	if !exists(old) {
		t.Error("pruned again within the hour")
	}
}

func TestPruneDue(t *testing.T) {
	dir := t.TempDir()
	t0 := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	cases := []struct {
		name string
		dir  string
		at   time.Time
		want bool
	}{
		{"first time", dir, t0, true},
		{"a minute later", dir, t0.Add(time.Minute), false},
		{"another store", dir + "-b", t0.Add(time.Minute), true},
		{"just under the hour", dir, t0.Add(pruneEvery - time.Second), false},
		{"an hour later", dir, t0.Add(pruneEvery), true},
		{"the clock went back", dir, t0, true},
	}
	for _, c := range cases {
		if got := pruneDue(c.dir, c.at); got != c.want {
			t.Errorf("%s: pruneDue = %t, want %t", c.name, got, c.want)
		}
	}
}

func ids(m map[string]bool) []string {
	var out []string
	for id := range m {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}
