package app_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/config"
	"github.com/anamnesis-go/anamnesis/core/note"
)

func newApp(t *testing.T) *app.App {
	t.Helper()
	t.Setenv("ANAMNESIS_MACHINE_ID", "testbox")
	t.Setenv("ANAMNESIS_GIT_REMOTE", "")
	a, err := app.New(t.TempDir(), app.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return a
}

func intp(n int) *int { return &n }

// write writes a note and returns it, for tests that do not look at redactions.
func write(a *app.App, ctx context.Context, r app.WriteRequest) (*note.Note, error) {
	res, err := a.Write(ctx, r)
	return res.Note, err
}

func TestWriteValidation(t *testing.T) {
	a := newApp(t)
	ctx := context.Background()
	tests := []struct {
		name string
		req  app.WriteRequest
		want string // part of the one-sentence error; "" means it must succeed
	}{
		{"ok with defaults", app.WriteRequest{Type: "semantic", Title: "t", Body: "b"}, ""},
		{"bad type", app.WriteRequest{Type: "fact", Title: "t"}, "type must be one of procedural, semantic or episodic"},
		{"missing type", app.WriteRequest{Title: "t"}, "type must be one of"},
		{"blank title", app.WriteRequest{Type: "semantic", Title: "  "}, "title must not be empty"},
		{"bad scope", app.WriteRequest{Type: "semantic", Title: "t", Scope: "x"}, "scope must be portable or machine-local"},
		{"bad supersedes", app.WriteRequest{Type: "semantic", Title: "t", Supersedes: []string{"x"}}, "each supersedes entry must be a note id"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, err := write(a, ctx, tt.req)
			if tt.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				if n.Project != note.DefaultProject || n.Scope != note.Portable || n.MachineID != "testbox" {
					t.Fatalf("defaults: project %q scope %q machine %q", n.Project, n.Scope, n.MachineID)
				}
				return
			}
			msg, invalid := app.Problem(err, nil)
			if !invalid || !strings.Contains(msg, tt.want) || !errors.Is(err, note.ErrInvalid) {
				t.Fatalf("error %v (invalid=%t), want an invalid-input error containing %q", err, invalid, tt.want)
			}
		})
	}
}

func TestNotesRoundTrip(t *testing.T) {
	a := newApp(t)
	ctx := context.Background()
	n, err := write(a, ctx, app.WriteRequest{Type: "procedural", Title: "Rotate database credentials",
		Body: "Use vault lease renew, then restart the pool.", Project: "github.com/acme/api",
		UserID: "alice", WorkspaceID: "work", Tags: []string{"ops"}})
	if err != nil {
		t.Fatal(err)
	}
	if n.UserID != "alice" || n.WorkspaceID != "work" {
		t.Fatalf("tenancy fields not kept: %q %q", n.UserID, n.WorkspaceID)
	}
	if _, err := write(a, ctx, app.WriteRequest{Type: "semantic", Title: "Unrelated", Body: "credentials elsewhere"}); err != nil {
		t.Fatal(err)
	}
	page, err := a.Search(ctx, app.SearchRequest{Query: "rotate credentials", K: intp(1)})
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Results) != 1 || page.Results[0].ID != n.ID || page.Results[0].Body == nil || page.NextCursor == "" {
		t.Fatalf("search: %+v", page)
	}
	byTenant, err := a.Search(ctx, app.SearchRequest{Query: "credentials", Filter: app.Filter{WorkspaceID: "work"}})
	if err != nil || len(byTenant.Results) != 1 {
		t.Fatalf("workspace filter: %v %+v", err, byTenant.Results)
	}
	if _, err := a.Search(ctx, app.SearchRequest{Query: "x", K: intp(0)}); err == nil || !strings.Contains(err.Error(), "k must be between 1 and 100, not 0") {
		t.Fatalf("k=0: %v", err)
	}
	list, err := a.List(ctx, app.ListRequest{Filter: app.Filter{Type: "procedural"}})
	if err != nil || len(list.Results) != 1 || list.Results[0].Body != nil {
		t.Fatalf("list: %v %+v", err, list.Results)
	}
	got, err := a.Show(ctx, n.ID)
	if err != nil || got.Body != n.Body {
		t.Fatalf("show: %v", err)
	}
	if _, err := a.Show(ctx, "../../etc/passwd"); err == nil || !strings.Contains(err.Error(), "id must be a note id") {
		t.Fatalf("show of a path: %v", err)
	}
	fr, err := a.Forget(ctx, n.ID)
	if err != nil || fr.Status != "deleted" || fr.DeletedAt == "" {
		t.Fatalf("forget: %v %+v", err, fr)
	}
	after, _ := a.Search(ctx, app.SearchRequest{Query: "rotate credentials"})
	for _, r := range after.Results {
		if r.ID == n.ID {
			t.Fatal("a forgotten note is still found")
		}
	}
	st, err := a.Status(ctx)
	if err != nil || st.Total != 1 || st.Deleted != 1 || st.MachineID != "testbox" {
		t.Fatalf("status: %v %+v", err, st)
	}
	if _, err := a.Show(ctx, "01J9Z8YPM7Q3X2V4WT6B5N0KGD"); !errors.Is(err, app.ErrNotFound) {
		t.Fatalf("unknown id: %v", err)
	}
}

// TestSyncOverRealRemote runs the one sync use case every front end calls against a real bare
// repository: a second store sees the note, and the cycle is recorded for status.
func TestSyncOverRealRemote(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	ctx := context.Background()
	remote := filepath.Join(t.TempDir(), "remote.git")
	if out, err := exec.Command("git", "init", "--bare", "-b", "main", remote).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	t.Setenv("ANAMNESIS_GIT_REMOTE", remote)
	t.Setenv("ANAMNESIS_MACHINE_ID", "desk")
	desk, err := app.New(t.TempDir(), app.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer desk.Close()
	n, err := write(desk, ctx, app.WriteRequest{Type: "semantic", Title: "WAL needs busy_timeout", Body: "set it before WAL"})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := desk.Sync(ctx, app.SyncRequest{})
	if err != nil || !rep.Pushed || rep.Offline {
		t.Fatalf("desk sync: %v %+v", err, rep.Result)
	}
	st, err := desk.Status(ctx)
	if err != nil || st.Sync.LastSuccess == "" || st.Sync.Remote == nil || *st.Sync.Remote != remote {
		t.Fatalf("status after sync: %v %+v", err, st.Sync)
	}

	t.Setenv("ANAMNESIS_MACHINE_ID", "laptop")
	laptop, err := app.New(t.TempDir(), app.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer laptop.Close()
	if _, err := laptop.Sync(ctx, app.SyncRequest{Force: true}); err != nil {
		t.Fatal(err)
	}
	got, err := laptop.Show(ctx, n.ID)
	if err != nil || got.Title != n.Title {
		t.Fatalf("laptop does not have the note: %v", err)
	}
}

func TestSessionStartAndPromptRememberWhatWasGiven(t *testing.T) {
	a := newApp(t)
	ctx := context.Background()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, ".anamnesis"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".anamnesis", "project"), []byte("acme/api\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	durable, err := write(a, ctx, app.WriteRequest{Type: "procedural", Title: "Deploy with make release", Body: "make release, then tag.", Project: "acme/api"})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := a.SessionStart(ctx, app.SessionStartRequest{SessionID: "s1", Cwd: dir, Source: "startup"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rep.Text, "Deploy with make release") {
		t.Fatalf("injection lacks the project's note:\n%s", rep.Text)
	}
	// The prompt asks about the same note: the session has it, so it is not repeated.
	inj, err := a.Prompt(ctx, app.PromptRequest{SessionID: "s1", Cwd: dir, Prompt: "how do I deploy a release?"})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(inj.Text, durable.ID) {
		t.Fatalf("prompt recall repeated an injected note:\n%s", inj.Text)
	}
	// Another session, never injected, gets it.
	inj2, err := a.Prompt(ctx, app.PromptRequest{SessionID: "s2", Cwd: dir, Prompt: "how do I deploy a release?"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(inj2.Text, "Deploy with make release") {
		t.Fatalf("a new session's prompt did not recall the note:\n%s", inj2.Text)
	}
}

// TestWriteRedactsSecrets: a note travels to every machine, so a secret the model pastes into
// memory_write is replaced before the file is written, and the caller is told which rule fired.
func TestWriteRedactsSecrets(t *testing.T) {
	a := newApp(t)
	ctx := context.Background()
	secret := "ghp_" + strings.Repeat("aB3dE5fG7h", 3) + "k9L1mN"
	res, err := a.Write(ctx, app.WriteRequest{Type: "procedural", Title: "Push with the bot token",
		Body: "export GITHUB_TOKEN=" + secret + " then git push"})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(res.Note.Body, secret) || !strings.Contains(res.Note.Body, "[REDACTED:") || len(res.Redacted) == 0 {
		t.Fatalf("body %q, redacted %v", res.Note.Body, res.Redacted)
	}
	data, err := os.ReadFile(filepath.Join(a.Home.Memory(), "procedural", res.Note.ID+".md"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), secret) {
		t.Fatal("the secret reached the note file")
	}
	clean, err := a.Write(ctx, app.WriteRequest{Type: "semantic", Title: "Plain note", Body: "sha256 of go.sum h1:abc= is fine"})
	if err != nil || clean.Redacted != nil {
		t.Fatalf("a note without secrets reported redactions: %v %v", err, clean.Redacted)
	}
}

// TestUpdateRedactsSecrets: an edit (the dashboard's editor) is a write like any other, so a secret
// pasted into it never reaches the note file either.
func TestUpdateRedactsSecrets(t *testing.T) {
	a := newApp(t)
	ctx := context.Background()
	res, err := a.Write(ctx, app.WriteRequest{Type: "procedural", Title: "Push", Body: "git push"})
	if err != nil {
		t.Fatal(err)
	}
	secret := "ghp_" + strings.Repeat("aB3dE5fG7h", 3) + "k9L1mN"
	edited, err := a.Update(ctx, app.UpdateRequest{ID: res.Note.ID, BaseVersion: app.Version(res.Note),
		Type: "procedural", Title: "Push " + secret, Body: "GITHUB_TOKEN=" + secret + " git push"})
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(a.Home.Memory(), "procedural", res.Note.ID+".md"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), secret) || !strings.Contains(edited.Body, "[REDACTED:") {
		t.Fatalf("the edit stored the secret:\n%s", data)
	}
}

// TestUserRedactPatterns: patterns from the settings join the built-in rules.
func TestUserRedactPatterns(t *testing.T) {
	a := newApp(t)
	if err := config.Set(a.Home.Root(), config.KeyRedactPatterns, `ACME-[0-9]{6}`); err != nil {
		t.Fatal(err)
	}
	if err := a.Reload(); err != nil {
		t.Fatal(err)
	}
	out, rules := a.Redact("customer ACME-123456 called")
	if strings.Contains(out, "ACME-123456") || len(rules) != 1 || rules[0] != "user" {
		t.Fatalf("user pattern: %q %v", out, rules)
	}
}
