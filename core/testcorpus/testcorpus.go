// Package testcorpus gives tests and benchmarks synthetic stores made by the project's shared
// generator (shared/tools/gencorpus.py, beside the repository): the same corpus the performance
// targets are stated on. Like net/http/httptest it exists for tests only.
package testcorpus

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// EnvGenerator overrides where the generator is found.
const EnvGenerator = "ANAMNESIS_GENCORPUS"

// Generator returns the generator's path: $ANAMNESIS_GENCORPUS, else shared/tools/gencorpus.py
// in the repository's parent directory, found by walking up from the working directory.
func Generator() (string, error) {
	if p := os.Getenv(EnvGenerator); p != "" {
		return p, nil
	}
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		p := filepath.Join(dir, "shared", "tools", "gencorpus.py")
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("shared/tools/gencorpus.py not found above the working directory (set %s)", EnvGenerator)
		}
		dir = parent
	}
}

// Need returns the generator and python3, or stops the test: skipped on a developer's machine
// without them, failed under CI=true, where the suite must run whole.
func Need(tb testing.TB) (python, generator string) {
	tb.Helper()
	stop := tb.Skipf
	if os.Getenv("CI") == "true" {
		stop = tb.Fatalf
	}
	gen, err := Generator()
	if err != nil {
		stop("%v", err)
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		stop("python3 is needed to generate the synthetic corpus")
	}
	return py, gen
}

// Generate writes an n-note store into dir (which must not hold notes yet).
func Generate(tb testing.TB, dir string, n int) {
	tb.Helper()
	py, gen := Need(tb)
	if out, err := exec.Command(py, gen, dir, fmt.Sprint(n)).CombinedOutput(); err != nil {
		tb.Fatalf("gencorpus %d notes: %v\n%s", n, err, out)
	}
}

// Cached returns a store directory of n generated notes, made once per machine under the user's
// cache directory and shared by every test package. Callers may open and index it but must not
// write notes into it; Copy gives a private one.
func Cached(tb testing.TB, n int) string {
	tb.Helper()
	Need(tb)
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	dir := filepath.Join(cache, "anamnesis-test", fmt.Sprintf("corpus-%d", n))
	if _, err := os.Stat(filepath.Join(dir, ".complete")); err == nil {
		return dir
	}
	// Generate beside the final place and rename, so a concurrent or killed run never leaves
	// a half-made corpus where another package would take it for a whole one.
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		tb.Fatal(err)
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), fmt.Sprintf(".corpus-%d-*", n))
	if err != nil {
		tb.Fatal(err)
	}
	Generate(tb, tmp, n)
	if err := os.WriteFile(filepath.Join(tmp, ".complete"), nil, 0o644); err != nil {
		tb.Fatal(err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		os.RemoveAll(tmp) // another package finished first; use its copy
		if _, serr := os.Stat(filepath.Join(dir, ".complete")); serr != nil {
			tb.Fatal(err)
		}
	}
	return dir
}

// Copy returns a private copy of the cached n-note corpus's note trees in a temporary directory.
func Copy(tb testing.TB, n int) string {
	tb.Helper()
	src := Cached(tb, n)
	dst := tb.TempDir()
	for _, tree := range []string{"memory", "local"} {
		err := os.CopyFS(filepath.Join(dst, tree), os.DirFS(filepath.Join(src, tree)))
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			tb.Fatal(err)
		}
	}
	return dst
}
