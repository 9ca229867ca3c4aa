package app_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/app"
)

func TestEvalOnTheStoresOwnQuestions(t *testing.T) {
	a := newApp(t)
	ctx := context.Background()
	if _, err := a.Eval(ctx, ""); err == nil || !strings.Contains(err.Error(), "no approved questions") {
		t.Fatalf("eval with no set: %v", err)
	}
	wal, err := write(a, ctx, app.WriteRequest{Type: "semantic", Title: "SQLite WAL needs busy_timeout", Body: "set busy_timeout before WAL"})
	if err != nil {
		t.Fatal(err)
	}
	other, err := write(a, ctx, app.WriteRequest{Type: "procedural", Title: "Deploy with make release", Body: "tag, then make release"})
	if err != nil {
		t.Fatal(err)
	}
	lines := []string{
		fmt.Sprintf(`{"query": "database is locked when two processes open sqlite", "relevant_ids": [%q], "approved": true}`, wal.ID),
		fmt.Sprintf(`{"query": "how do I ship a release", "relevant_ids": [%q], "approved": true}`, other.ID),
		fmt.Sprintf(`{"query": "an unreviewed question", "relevant_ids": [%q], "approved": false}`, other.ID),
	}
	if err := os.MkdirAll(filepath.Dir(a.Home.Eval()), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(a.Home.Eval(), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err := a.Eval(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	if rep.Questions != 2 || rep.Notes != 2 || rep.All.RecallAt[5] != 1 {
		t.Fatalf("report: %d questions, %d notes, recall@5 %.2f", rep.Questions, rep.Notes, rep.All.RecallAt[5])
	}
}
