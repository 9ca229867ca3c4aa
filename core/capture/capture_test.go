package capture

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/config"
	"github.com/anamnesis-go/anamnesis/core/note"
)

// noteFiles returns the text of every note file under home, for asserting what reached disk
// (and so git).
func noteFiles(t *testing.T, home string) string {
	t.Helper()
	var all strings.Builder
	err := filepath.WalkDir(home, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
			return err
		}
		b, err := os.ReadFile(p)
		all.Write(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return all.String()
}

func TestOneLineQAWritesNothing(t *testing.T) {
	ctx := context.Background()
	st, home := openStore(t)
	repo := gitRepo(t, "github.com/acme/app")
	dir := t.TempDir()
	for i, tr := range []*transcript{
		newTranscript("qa-hi", repo).ask("say hi").reply("Hi there."),
		newTranscript("qa-creds", repo).ask("how do I rotate the database credentials?").
			memorySearch("rotate database credentials").
			reply("Run `vault write -f database/rotate-root/app`, then restart the app pods."),
		newTranscript("qa-look", repo).ask("what does sync do?").bash("ls core/sync", "engine.go").
			read("core/sync/engine.go").reply("It fetches, rebases and pushes."),
	} {
		if _, err := Enqueue(home, Entry{SessionID: tr.sid, TranscriptPath: tr.save(t, dir), Cwd: repo, Event: "session-end"}); err != nil {
			t.Fatal(i, err)
		}
	}
	rep, err := Drain(ctx, home, st)
	if err != nil || len(rep.Errors) > 0 {
		t.Fatalf("drain: %v %v", err, rep.Errors)
	}
	if rep.Trivial != 3 || len(rep.Written) != 0 {
		t.Errorf("report = %+v, want 3 trivial and nothing written", rep)
	}
	if n := len(sessionNotes(t, st)); n != 0 {
		t.Errorf("%d session notes for three one-line questions", n)
	}
}

func TestRepeatedAskUpdatesOneNote(t *testing.T) {
	ctx := context.Background()
	st, _ := openStore(t)
	repo := gitRepo(t, "github.com/acme/app")
	other := gitRepo(t, "github.com/acme/other")
	dir := t.TempDir()
	asks := []string{"Run the tests", "run the tests.", "  RUN   the tests!  "}
	var ids []string
	for i, ask := range asks {
		tr := newTranscript("rep-"+string(rune('a'+i)), repo).ask(ask).bash("go test ./...", "ok").reply("All green.")
		res, err := CaptureSession(ctx, st, Request{SessionID: tr.sid, TranscriptPath: tr.save(t, dir), Event: "session-end"})
		if err != nil {
			t.Fatal(err)
		}
		if res.Created != (i == 0) || res.Repeat != (i > 0) || res.Reason != ReasonCommands {
			t.Errorf("capture %d: %+v", i, res)
		}
		ids = append(ids, res.ID)
	}
	if ids[0] != ids[1] || ids[1] != ids[2] {
		t.Errorf("repeated asks touched notes %v, want one", ids)
	}
	// The same ask in another project is another note.
	tr := newTranscript("rep-other", other).ask("run the tests").bash("go test ./...", "ok")
	res, err := CaptureSession(ctx, st, Request{SessionID: tr.sid, TranscriptPath: tr.save(t, dir)})
	if err != nil || !res.Created {
		t.Fatalf("other project: %+v %v", res, err)
	}
	if n := len(sessionNotes(t, st)); n != 2 {
		t.Errorf("%d session notes, want 2 (one per project)", n)
	}
	n, err := st.Get(ctx, ids[0])
	if err != nil {
		t.Fatal(err)
	}
	if n.ProvSession != "rep-c" || !strings.Contains(n.Body, "**Sessions:** 3 with this ask") {
		t.Errorf("prov_session %q, body:\n%s", n.ProvSession, n.Body)
	}
	// The latest session's own later capture finds the note by its session id: no recount.
	res, err = CaptureSession(ctx, st, Request{SessionID: "rep-c", TranscriptPath: filepath.Join(dir, "rep-c.jsonl")})
	if err != nil || res.ID != ids[0] || res.Repeat {
		t.Fatalf("recapture: %+v %v", res, err)
	}
	if n, _ = st.Get(ctx, ids[0]); !strings.Contains(n.Body, "**Sessions:** 3 with") {
		t.Errorf("recapture changed the count:\n%s", n.Body)
	}
	// A forgotten note of the ask: the next session gets a note of its own, no error.
	if _, err := st.Forget(ctx, ids[0]); err != nil {
		t.Fatal(err)
	}
	tr = newTranscript("rep-d", repo).ask("run the tests").bash("go test ./...", "ok")
	if res, err = CaptureSession(ctx, st, Request{SessionID: tr.sid, TranscriptPath: tr.save(t, dir)}); err != nil || !res.Created {
		t.Fatalf("after forget: %+v %v", res, err)
	}
}

func TestPrivateSpansNeverStored(t *testing.T) {
	ctx := context.Background()
	st, home := openStore(t)
	repo := gitRepo(t, "github.com/acme/app")
	tr := newTranscript("priv", repo).
		ask("Connect to staging, the password is <private>hunter2-staging</private>, and fix the migration.").
		bash("PGPASSWORD=hunter2-staging psql -h staging -c 'select 1'", "1").
		edit("db/migrate/0042.sql").
		ask("<private>my manager is Dana and she wants it today</private>").
		ask("also note <PRIVATE>the vpn pin 8812-1199").
		reply("Fixed the migration on staging using hunter2-staging.")
	p := tr.save(t, t.TempDir())
	res, err := CaptureSession(ctx, st, Request{SessionID: tr.sid, TranscriptPath: p,
		Outcome: "Done. <private>Dana</private> will be happy; used hunter2-staging."})
	if err != nil || !res.Created {
		t.Fatalf("%+v %v", res, err)
	}
	disk := noteFiles(t, home)
	for _, secret := range []string{"hunter2", "Dana", "manager", "8812-1199", "vpn pin", "<private>", "INJECTED-CONTEXT-MARKER"} {
		if strings.Contains(disk, secret) {
			t.Errorf("%q reached the note:\n%s", secret, disk)
		}
	}
	for _, kept := range []string{"Connect to staging, the password is", "fix the migration", "db/migrate/0042.sql", "also note"} {
		if !strings.Contains(disk, kept) {
			t.Errorf("%q lost from the note:\n%s", kept, disk)
		}
	}
}

func TestDisabledProjectsAreNotCaptured(t *testing.T) {
	ctx := context.Background()
	st, home := openStore(t)
	secret := gitRepo(t, "github.com/acme/secret-lab")
	open := gitRepo(t, "github.com/acme/app")
	if err := config.Update(home, map[string]any{ConfigKey: map[string]any{
		"disabled_projects": []any{"github.com/acme/secret-*", "github.com/other/x"}}}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, repo := range []string{secret, open} {
		tr := newTranscript(filepath.Base(repo), repo).ask("fix the build").edit("main.go")
		if _, err := Enqueue(home, Entry{SessionID: tr.sid, TranscriptPath: tr.save(t, dir), Cwd: repo, Event: "stop"}); err != nil {
			t.Fatal(err)
		}
	}
	rep, err := Drain(ctx, home, st)
	if err != nil || len(rep.Errors) > 0 {
		t.Fatalf("drain: %v %+v", err, rep)
	}
	if rep.Disabled != 1 || len(rep.Written) != 1 {
		t.Errorf("report = %+v, want 1 disabled, 1 written", rep)
	}
	notes := sessionNotes(t, st)
	if len(notes) != 1 || notes[0].Project != "github.com/acme/app" {
		t.Errorf("notes = %v", notes)
	}
}

func TestOffByEnv(t *testing.T) {
	for v, want := range map[string]bool{"off": true, "OFF": true, "0": true, "false": true, "no": true, "": false, "on": false, "1": false} {
		t.Setenv(EnvCapture, v)
		if OffByEnv() != want {
			t.Errorf("%s=%q: OffByEnv = %v", EnvCapture, v, !want)
		}
	}
}

func TestSessionNoteReadsWell(t *testing.T) {
	ctx := context.Background()
	st, _ := openStore(t)
	repo := gitRepo(t, "github.com/acme/app")
	const written = "01JD3Z5Y9QK2M8N4P6R7S8T9VW"
	tr := newTranscript("well", repo).
		ask("The deploy fails with 'permission denied' on the artifact bucket; fix it").
		memorySearch("deploy artifact bucket permission").
		tool("mcp__plugin_anamnesis_anamnesis__memory_recall", map[string]any{}, "# notes", false).
		edit("deploy/iam.tf").
		bash("cd "+repo+" && terraform plan -out plan.bin", "Plan: 1 to change").
		memoryWrite("Deploy needs storage.objects.create on the artifact bucket", written).
		reply("Fixed: the deploy role lacked `storage.objects.create`.\n\n```hcl\nrole = \"roles/storage.objectCreator\"")
	res, err := CaptureSession(ctx, st, Request{SessionID: tr.sid, TranscriptPath: tr.save(t, t.TempDir())})
	if err != nil {
		t.Fatal(err)
	}
	n, err := st.Get(ctx, res.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := "**Ask:** The deploy fails with 'permission denied' on the artifact bucket; fix it\n\n" +
		"**Branch:** main\n\n" +
		"**Files changed (1):**\n\n- `deploy/iam.tf`\n\n" +
		"**Commands run (1):**\n\n- `cd " + repo + " && terraform plan -out plan.bin`\n\n" +
		"**Memory searched:**\n\n- memory_search `deploy artifact bucket permission`\n- memory_recall (the project's notes)\n\n" +
		"**Notes written:**\n\n- Deploy needs storage.objects.create on the artifact bucket (" + written + ")\n\n" +
		"**Outcome:** Fixed: the deploy role lacked `storage.objects.create`.\n\n```hcl\nrole = \"roles/storage.objectCreator\"\n```"
	if n.Body != want {
		t.Errorf("body:\n%s\n\nwant:\n%s", n.Body, want)
	}
	if n.Type != note.Episodic || n.Project != "github.com/acme/app" || !n.HasTag(SessionTag) {
		t.Errorf("note = %+v", n)
	}
}

func TestRelativize(t *testing.T) {
	home, _ := os.UserHomeDir()
	s := &Session{
		Files:    []string{"/r/proj/a/b.go", "/r/proj/c.md", "/r/projx/d.go", "/etc/hosts", filepath.Join(home, "notes.txt"), "rel/e.go"},
		Commands: []string{"go test /r/proj/a/...", "cat /r/projx/y"},
	}
	relativize(s, "/r/proj")
	want := []string{"a/b.go", "c.md", "/r/projx/d.go", "/etc/hosts", "~/notes.txt", "rel/e.go"}
	if strings.Join(s.Files, ",") != strings.Join(want, ",") {
		t.Errorf("files = %q, want %q", s.Files, want)
	}
	if s.Commands[0] != "go test a/..." || s.Commands[1] != "cat /r/projx/y" {
		t.Errorf("commands = %q", s.Commands)
	}
}

// meddler is a Summarizer that, while "the model" works, changes the session note the way a user
// or another process might in those seconds.
type meddler struct {
	during func()
}

func (m meddler) Label() string { return "test/meddler" }
func (m meddler) SummarizeSession(_ context.Context, _ *Session, title, body string) (string, string, error) {
	m.during()
	return "Model title", body, nil
}

// A forget or a tag made while a session is being captured is never written over: the update
// re-checks the note under the store lock and re-applies only capture's own fields.
func TestCaptureKeepsChangesMadeMeanwhile(t *testing.T) {
	ctx := context.Background()
	st, _ := openStore(t)
	repo := gitRepo(t, "github.com/acme/app")
	dir := t.TempDir()
	tr := newTranscript("race-1", repo).ask("fix the build").bash("make build", "ok").reply("Fixed.")
	path := tr.save(t, dir)
	first, err := CaptureSession(ctx, st, Request{SessionID: tr.sid, TranscriptPath: path, Event: "stop"})
	if err != nil || !first.Created {
		t.Fatalf("first capture: %+v %v", first, err)
	}
	// A tag added meanwhile (reflect marking the note) survives, and the capture still lands.
	tag := meddler{during: func() {
		n, err := st.Get(ctx, first.ID)
		if err != nil {
			t.Error(err)
			return
		}
		n.Tags = append(n.Tags, "reflected")
		if err := st.Put(ctx, n); err != nil {
			t.Error(err)
		}
	}}
	if _, err := CaptureSession(ctx, st, Request{SessionID: tr.sid, TranscriptPath: path, Event: "session-end", Summarizer: tag}); err != nil {
		t.Fatal(err)
	}
	n, err := st.Get(ctx, first.ID)
	if err != nil || n.Title != "Model title" || !strings.Contains(strings.Join(n.Tags, ","), "reflected") {
		t.Fatalf("after a tag added during capture: %+v %v", n, err)
	}
	// A forget made meanwhile stays a forget.
	forget := meddler{during: func() {
		if _, err := st.Forget(ctx, first.ID); err != nil {
			t.Error(err)
		}
	}}
	if _, err := CaptureSession(ctx, st, Request{SessionID: tr.sid, TranscriptPath: path, Event: "session-end", Summarizer: forget}); err != nil {
		t.Fatal(err)
	}
	if n, err := st.Get(ctx, first.ID); err != nil || !n.Deleted() {
		t.Fatalf("a forget made during capture was undone: %+v %v", n, err)
	}
}
