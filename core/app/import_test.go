package app_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/app"
)

func TestImportUseCase(t *testing.T) {
	a := newApp(t)
	ctx := context.Background()
	claude := t.TempDir()
	mem := filepath.Join(claude, "projects", "-src-app", "memory")
	if err := os.MkdirAll(mem, 0o755); err != nil {
		t.Fatal(err)
	}
	put := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(mem, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	put("MEMORY.md", "- [x](feedback_x.md)\n")
	put("feedback_x.md", "---\nname: x\ndescription: Use tabs in Makefiles\nmetadata:\n  type: feedback\n---\nTabs, never spaces.\n")
	tests := []struct {
		name                       string
		before                     func()
		imported, updated, skipped int
	}{
		{"first run", func() {}, 1, 0, 0},
		{"re-run changes nothing", func() {}, 0, 0, 1},
		{"an edited memory is updated", func() {
			put("feedback_x.md", "---\nname: x\ndescription: Use tabs in Makefiles\nmetadata:\n  type: feedback\n---\nTabs, never spaces; recipes need them.\n")
		}, 0, 1, 0},
	}
	for _, tc := range tests {
		tc.before()
		rep, err := a.Import(ctx, claude)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if rep.Imported != tc.imported || rep.Updated != tc.updated || rep.Skipped != tc.skipped || len(rep.Problems) != 0 || rep.Dir != claude {
			t.Fatalf("%s: report %+v", tc.name, rep)
		}
	}
	page, err := a.Search(ctx, app.SearchRequest{Query: "tabs makefiles"})
	if err != nil || len(page.Notes) != 1 || page.Notes[0].Type != "procedural" {
		t.Fatalf("search after import: %v %+v", err, page.Results)
	}
	if _, err := a.Import(ctx, "  "); err == nil {
		t.Fatal("an empty directory was accepted")
	}
}
