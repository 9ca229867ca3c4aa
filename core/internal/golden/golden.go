// Package golden compares a test's output with a file kept beside the test, for outputs pinned
// whole (a ranking's ids and scores, an injected block). `go test -update` rewrites the files; the
// diff then shows in review what a change did to them.
package golden

import (
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// Check compares got with the file at path, rewriting the file first under -update.
func Check(t testing.TB, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file (go test -update rewrites it):\n--- got\n%s", path, got)
	}
}
