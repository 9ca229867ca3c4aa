package ui_test

import (
	"bufio"
	"context"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/gitsync"
	"github.com/anamnesis-go/anamnesis/core/note"
)

var versionRe = regexp.MustCompile(`name="base_version" value="([0-9a-f]+)"`)

func notePath(h *harness, id string) string {
	n, err := h.app.Show(context.Background(), id)
	if err != nil {
		h.t.Fatal(err)
	}
	return filepath.Join(h.app.Home.Memory(), filepath.FromSlash(n.RelPath()))
}

func readNote(t *testing.T, path string) *note.Note {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	n, err := note.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestOverviewBrowseSearchAndPaging(t *testing.T) {
	h := newHarness(t).login()
	for i := 0; i < 60; i++ {
		h.write(app.WriteRequest{Type: "semantic", Title: "Filler note " + string(rune('A'+i%26)), Body: "padding", Project: "acme/api"})
	}
	target := h.write(app.WriteRequest{Type: "procedural", Title: "Rotate the Postgres credentials", Body: "Use **vault** lease renew.",
		Project: "acme/db", Tags: []string{"ops"}})
	h.must(h.get("/"), http.StatusOK, "Overview", `id="total">61<`, "Rotate the Postgres credentials", "acme/api", "local only")

	// Browse pages with a cursor: 50, then the rest, and no note twice.
	first := h.must(h.get("/notes"), http.StatusOK, `id="next-page"`)
	next := regexp.MustCompile(`href="(/notes\?[^"]*cursor=[^"]+)"`).FindStringSubmatch(first.body)
	if next == nil {
		t.Fatal("no next-page link")
	}
	second := h.must(h.get(strings.ReplaceAll(next[1], "&amp;", "&")), http.StatusOK)
	ids := regexp.MustCompile(`href="/notes/([0-9A-Z]{26})" class="title"`)
	seen := map[string]bool{}
	for _, body := range []string{first.body, second.body} {
		for _, m := range ids.FindAllStringSubmatch(body, -1) {
			if seen[m[1]] {
				t.Fatalf("note %s on two pages", m[1])
			}
			seen[m[1]] = true
		}
	}
	if len(seen) != 61 || strings.Contains(second.body, `id="next-page"`) {
		t.Fatalf("paging showed %d notes", len(seen))
	}
	// Search uses the store's ranking; filters narrow it.
	h.must(h.get("/notes?q=postgres+credentials"), http.StatusOK, "/notes/"+target, "Use **vault** lease renew.")
	if r := h.get("/notes?q=postgres&type=semantic"); strings.Contains(r.body, "/notes/"+target) {
		t.Fatal("type filter ignored in search")
	}
	h.must(h.get("/notes?tag=ops"), http.StatusOK, "/notes/"+target)
	if r := h.get("/notes?tag=ops&project=acme/api"); strings.Contains(r.body, "/notes/"+target) {
		t.Fatal("project filter ignored with a tag")
	}
	h.must(h.get("/notes?type=fact"), http.StatusBadRequest, "type must be one of")
	h.must(h.get("/notes?cursor=garbage"), http.StatusBadRequest, "cursor")
	// The palette answers with the same search.
	h.must(h.get("/api/palette?q=postgres"), http.StatusOK, `"url":"/notes/`+target+`"`)
	h.must(h.get("/api/palette"), http.StatusOK, "[]")
}

func TestNotePageEditConflictForget(t *testing.T) {
	h := newHarness(t).login()
	old := h.write(app.WriteRequest{Type: "semantic", Title: "Old TTL", Body: "60s"})
	id := h.write(app.WriteRequest{Type: "semantic", Title: "Cache TTL", Body: "# TTL\n\nThe cache TTL is **60s**.", Tags: []string{"cache"}, Supersedes: []string{old}})
	page := h.must(h.get("/notes/"+id), http.StatusOK, "<h1>TTL</h1>", "<strong>60s</strong>", "machine_id", "workspace_id", "/notes/"+old)
	_ = page
	h.must(h.get("/notes/"+old), http.StatusOK, "superseded by", "/notes/"+id)
	h.must(h.get("/notes/01J9Z8YPM7Q3X2V4WT6B5N0KGD"), http.StatusNotFound)
	h.must(h.get("/notes/not-an-id"), http.StatusBadRequest, "id must be a note id")

	// New note form, then create.
	h.must(h.get("/notes/new"), http.StatusOK, `action="/notes"`)
	h.must(h.post("/notes", url.Values{"type": {"nonsense"}, "title": {"x"}}), http.StatusBadRequest, "type must be one of", `value="x"`)
	r := h.post("/notes", url.Values{"type": {"episodic"}, "title": {"Made in the browser"}, "body": {"line one\r\nline two"}, "tags": {"a, b"}})
	if r.status != http.StatusSeeOther {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	page2, _ := h.app.List(context.Background(), app.ListRequest{Filter: app.Filter{Type: "episodic"}})
	if len(page2.Notes) != 1 {
		t.Fatal("created note not listed")
	}
	created, _ := h.app.Show(context.Background(), page2.Notes[0].ID)
	if created.Body != "line one\nline two" || strings.Join(created.Tags, ",") != "a,b" {
		t.Fatalf("created: %q %v", created.Body, created.Tags)
	}

	// Edit: the form carries the version; saving changes the file on disk.
	form := h.must(h.get("/notes/"+id+"/edit"), http.StatusOK)
	base := versionRe.FindStringSubmatch(form.body)[1]
	edit := url.Values{"base_version": {base}, "type": {"semantic"}, "title": {"Cache TTL"}, "body": {"The cache TTL is 300s."}, "tags": {"cache"}, "supersedes": {old}}
	h.must(h.post("/notes/"+id+"/edit", edit), http.StatusSeeOther)
	if n := readNote(t, notePath(h, id)); n.Body != "The cache TTL is 300s." {
		t.Fatalf("file after edit: %q", n.Body)
	}
	// A second tab still holding the old version is refused, and sees what changed.
	stale := url.Values{"base_version": {base}, "type": {"semantic"}, "title": {"Cache TTL"}, "body": {"The cache TTL is 5s."}}
	h.must(h.post("/notes/"+id+"/edit", stale), http.StatusConflict, "Not saved", "The cache TTL is 5s.", `class="d-">- The cache TTL is 300s.`)
	if n := readNote(t, notePath(h, id)); n.Body != "The cache TTL is 300s." {
		t.Fatalf("a stale edit overwrote the file: %q", n.Body)
	}
	h.must(h.post("/notes/"+id+"/edit", url.Values{"base_version": {"x"}, "type": {"semantic"}, "title": {" "}}), http.StatusBadRequest, "title must not be empty")

	// Forget: the file keeps the note, marked deleted.
	h.must(h.post("/notes/"+id+"/forget", nil), http.StatusSeeOther)
	if n := readNote(t, notePath(h, id)); !n.Deleted() || n.DeletedAt == "" {
		t.Fatalf("file after forget: %+v", n)
	}
	h.must(h.get("/notes/"+id+"?flash=forgotten"), http.StatusOK, "Forgotten", "restore a version")
	h.must(h.get("/notes/"+id+"?flash=<b>phish</b>"), http.StatusOK)
	if r := h.get("/notes/" + id + "?flash=Call+us"); strings.Contains(r.body, "Call us") {
		t.Fatal("an arbitrary flash message was shown")
	}
}

func TestHistoryDiffRestoreTimelineFleet(t *testing.T) {
	h := newHarness(t).login()
	ctx := context.Background()
	id := h.write(app.WriteRequest{Type: "semantic", Title: "Deploy", Body: "make deploy"})
	h.write(app.WriteRequest{Type: "semantic", Title: "Conflict copy", Body: "other side", Tags: []string{gitsync.ConflictTag}})
	if _, err := h.app.Sync(ctx, app.SyncRequest{}); err != nil {
		t.Fatal(err)
	}
	h.must(h.get("/notes/"+id+"/history"), http.StatusOK, "One version so far")
	h.must(h.get("/notes/"+id+"/diff"), http.StatusBadRequest, "one version only")
	form := h.must(h.get("/notes/"+id+"/edit"), http.StatusOK)
	base := versionRe.FindStringSubmatch(form.body)[1]
	h.must(h.post("/notes/"+id+"/edit", url.Values{"base_version": {base}, "type": {"semantic"}, "title": {"Deploy"}, "body": {"make release"}}), http.StatusSeeOther)
	hist := h.must(h.get("/notes/"+id+"/history"), http.StatusOK, "working", "desk", `id="compare-btn"`)
	revs, err := h.app.History(ctx, id)
	if err != nil || len(revs) != 2 {
		t.Fatalf("history: %v %+v", err, revs)
	}
	_ = hist
	h.must(h.get("/notes/"+id+"/diff"), http.StatusOK, `<span class="d-">- make deploy`, `<span class="d&#43;">&#43; make release`)
	h.must(h.get("/notes/"+id+"/diff?from=nothex&to=working"), http.StatusBadRequest, "rev must be one of")
	// Restore the committed version: the file holds the old body again.
	cur, _ := h.app.Show(ctx, id)
	h.must(h.post("/notes/"+id+"/restore", url.Values{"rev": {revs[1].Rev}, "base_version": {app.Version(cur)}}), http.StatusSeeOther)
	if n := readNote(t, notePath(h, id)); n.Body != "make deploy" {
		t.Fatalf("file after restore: %q", n.Body)
	}
	h.must(h.post("/notes/"+id+"/restore", url.Values{"rev": {revs[1].Rev}, "base_version": {app.Version(cur)}}), http.StatusConflict, "changed")

	h.must(h.get("/timeline"), http.StatusOK, "anamnesis: 2 added on desk", revs[1].Rev[:7])
	h.must(h.get("/timeline?machine=desk"), http.StatusOK, "2 added")
	h.must(h.get("/timeline?machine=laptop"), http.StatusOK, "No sync commits from laptop")
	h.must(h.get("/fleet"), http.StatusOK, "desk", "this machine", "Conflict copy", "Conflicts to resolve")
}

func TestSettingsSecretsAreWriteOnly(t *testing.T) {
	h := newHarness(t).login()
	page := h.must(h.get("/settings"), http.StatusOK, "inject_budget_tokens", "http_token", "(set)")
	if strings.Contains(page.body, testToken) {
		t.Fatal("the settings page shows the secret")
	}
	h.must(h.post("/settings", url.Values{"key": {"inject_budget_tokens"}, "value": {"-3"}}), http.StatusBadRequest, "positive whole number")
	h.must(h.post("/settings", url.Values{"key": {"bogus"}, "value": {"1"}}), http.StatusBadRequest, "unknown setting")
	h.must(h.post("/settings", url.Values{"key": {"inject_budget_tokens"}, "value": {"3000"}}), http.StatusSeeOther)
	if h.app.Settings().InjectBudget != 3000 {
		t.Fatalf("inject budget %d", h.app.Settings().InjectBudget)
	}
	// An empty secret keeps the current one.
	h.must(h.post("/settings", url.Values{"key": {"http_token"}, "value": {""}}), http.StatusSeeOther)
	if v, _ := h.app.Settings().Value("http_token"); v.Value != testToken {
		t.Fatal("an empty secret field erased the token")
	}
	h.must(h.post("/settings", url.Values{"key": {"inject_budget_tokens"}, "clear": {"1"}}), http.StatusSeeOther)
	if h.app.Settings().InjectBudget != 2000 {
		t.Fatalf("reset inject budget %d", h.app.Settings().InjectBudget)
	}
}

func TestEventsReportChanges(t *testing.T) {
	h := newHarness(t).login()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second) // a guard, not an assertion
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, h.base+"/events", nil)
	res, err := h.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("events: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	sc := bufio.NewScanner(res.Body)
	wait := func(event string) {
		for sc.Scan() {
			if sc.Text() == "event: "+event {
				return
			}
		}
		t.Fatalf("stream ended before %q: %v", event, sc.Err())
	}
	wait("hello")
	h.write(app.WriteRequest{Type: "semantic", Title: "written by another process", Body: "b"})
	wait("change")
}

func TestStaticAndUnknown(t *testing.T) {
	h := newHarness(t).login()
	h.must(h.get("/static/app.js"), http.StatusOK, "Command palette")
	h.must(h.get("/static/app.css"), http.StatusOK, "--accent")
	h.must(h.get("/static/icon.svg"), http.StatusOK, "<svg")
	h.must(h.get("/static/nope.js"), http.StatusNotFound)
	h.must(h.get("/no/such/page"), http.StatusNotFound, "not found")
	h.must(h.get("/login"), http.StatusOK, "Sign in")
}
