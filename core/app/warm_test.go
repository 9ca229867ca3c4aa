package app_test

import (
	"context"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/app"
)

// Warm runs a prompt's and a search's queries and leaves the store as it found it: no note marked
// as given to any session, no log, no file written or touched (the index's own files aside, which
// a read may checkpoint).
func TestWarmWritesNothing(t *testing.T) {
	a := newApp(t)
	ctx := context.Background()
	for _, title := range []string{"Build fails after config change", "Config of the build cache", "Last release notes"} {
		if _, err := write(a, ctx, app.WriteRequest{Type: "semantic", Title: title, Body: "why the build broke"}); err != nil {
			t.Fatal(err)
		}
	}
	before := snapshot(t, a.Home.Root())
	for i := 0; i < 3; i++ {
		if err := a.Warm(ctx); err != nil {
			t.Fatalf("Warm: %v", err)
		}
	}
	after := snapshot(t, a.Home.Root())
	for p, v := range after {
		if before[p] != v {
			t.Errorf("%s changed: %q -> %q", p, before[p], v)
		}
	}
	for p := range before {
		if _, ok := after[p]; !ok {
			t.Errorf("%s removed", p)
		}
	}
}

// snapshot maps each file under root, the index's files aside, to its size and modification time.
func snapshot(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasPrefix(d.Name(), "index.db") {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		out[p] = fmt.Sprint(fi.ModTime(), fi.Mode(), fi.Size())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
