package ui_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/anamnesis-go/anamnesis/core/app"
)

// EnvScreenshots names the directory the browser test saves its screenshots in (default: a
// temporary directory, removed after the test).
const EnvScreenshots = "ANAMNESIS_UI_SCREENSHOTS"

// chromiumPath finds headless Chromium, or stops the test: skipped on a developer's machine
// without it, failed under CI=true, where the suite must run whole.
func chromiumPath(tb testing.TB) string {
	tb.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		tb.Fatal("chromium is required under CI=true (apt-get install -y chromium)")
	}
	tb.Skip("chromium not installed: the real-browser test needs it (apt-get install -y chromium)")
	return ""
}

// newBrowser starts a fresh headless Chromium (its own profile, no network beyond loopback
// services) and returns a tab's context.
func newBrowser(tb testing.TB) context.Context {
	tb.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath(tb)),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(tb.TempDir()),
		chromedp.WindowSize(1280, 900),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelTab := chromedp.NewContext(actx)
	ctx, cancelTime := context.WithTimeout(ctx, 3*time.Minute) // a guard against a hung browser
	tb.Cleanup(func() { cancelTime(); cancelTab(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil { // start the browser
		tb.Fatalf("start chromium: %v", err)
	}
	// Accept the dashboard's confirm() dialogs (forget, restore), as a user clicking OK.
	dialogs := chromedp.Events(ctx, page.JavascriptDialogOpening)
	go func() {
		for _, err := range dialogs {
			if err != nil {
				return
			}
			_, _ = chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: true})
		}
	}()
	return ctx
}

func screenshotDir(t *testing.T) string {
	if d := os.Getenv(EnvScreenshots); d != "" {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		return d
	}
	return t.TempDir()
}

// TestBrowserSession drives the dashboard in headless Chromium on a seeded store: sign in,
// search as you type, the command palette, open a note, edit and save it, see another process's
// write appear live, forget a note, view a diff and restore. After each change the note files
// on disk are checked.
func TestBrowserSession(t *testing.T) {
	h := newHarness(t)
	ctx := newBrowser(t) // after the server, so that its cleanup (closing the browser) runs first
	bg := context.Background()
	target := h.write(app.WriteRequest{Type: "procedural", Title: "Rotate the Postgres credentials", Project: "acme/db",
		Body: "## Steps\n\n1. `vault lease renew`\n2. Restart the **pool**.\n\n| env | ttl |\n|---|---|\n| prod | 1h |", Tags: []string{"ops"}})
	doomed := h.write(app.WriteRequest{Type: "episodic", Title: "Debugged flaky CI on Tuesday", Body: "It was the clock.", Project: "acme/api"})
	for _, s := range []string{"WAL needs busy_timeout", "Prefer table-driven tests", "Cache TTL is five minutes"} {
		h.write(app.WriteRequest{Type: "semantic", Title: s, Body: s + ".", Project: "acme/api"})
	}
	if _, err := h.app.Sync(bg, app.SyncRequest{}); err != nil {
		t.Fatal(err)
	}
	shots := screenshotDir(t)
	shoot := func(name string) {
		t.Helper()
		buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatalf("screenshot %s: %v", name, err)
		}
		if err := os.WriteFile(filepath.Join(shots, name+".png"), buf, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	do := func(what string, steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		sctx, cancel := context.WithTimeout(ctx, 30*time.Second) // a guard per step
		defer cancel()
		for i, st := range steps {
			if err := chromedp.Do(sctx, st); err != nil {
				loc, _ := chromedp.Run(ctx, chromedp.Location())
				shoot("failed-" + strings.ReplaceAll(what, " ", "-"))
				main, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector('#main') || document.body).innerText`))
				t.Fatalf("%s, step %d (at %s): %v\npage:\n%s", what, i+1, loc, err, main)
			}
		}
	}
	text := func(sel string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
		if err != nil {
			t.Fatalf("text of %s: %v", sel, err)
		}
		return s
	}

	// Sign in with the one-time code: the overview.
	do("sign in", chromedp.Navigate(h.base+"/login?code="+h.srv.LoginCode()), chromedp.WaitVisible(chromedp.CSS("#total")))
	if got := text("#total"); got != "5" {
		t.Fatalf("overview total %q", got)
	}
	shoot("overview")

	// Search as you type.
	do("search", chromedp.Navigate(h.base+"/notes"), chromedp.SendKeys(chromedp.CSS("#browse-q"), "postgres creds"),
		chromedp.Poll[chromedp.Void](`document.querySelector('#results a[href="/notes/`+target+`"]') && !document.querySelector('#results').textContent.includes('Cache TTL')`))
	if loc, _ := chromedp.Run(ctx, chromedp.Location()); !strings.Contains(loc, "q=postgres") {
		t.Fatalf("search as you type did not update the address: %s", loc)
	}
	shoot("search")

	// The command palette finds the note too.
	do("palette", chromedp.KeyEvent("k", chromedp.KeyModifiers(chromedp.ModifierCtrl)), chromedp.WaitVisible(chromedp.CSS("#palette-q")),
		chromedp.SendKeys(chromedp.CSS("#palette-q"), "postgres"),
		// The palette lists its commands at once; wait for the search hits to replace them.
		chromedp.Poll[chromedp.Void](`document.querySelector('#palette-list li[aria-selected="true"]') &&
			document.querySelector('#palette-list li[aria-selected="true"]').textContent.includes('Rotate the Postgres credentials')`))
	do("palette opens the note", chromedp.KeyEvent("\r"), chromedp.WaitVisible(chromedp.CSS("#note-title")))

	// The note page renders the markdown.
	if got := text("#note-body"); !strings.Contains(got, "vault lease renew") || !strings.Contains(got, "prod") {
		t.Fatalf("note body %q", got)
	}
	shoot("note")

	// Edit and save: the file on disk changes.
	do("edit", chromedp.Click(chromedp.CSS("#edit")), chromedp.WaitVisible(chromedp.CSS("#f-body")),
		chromedp.SetValue(chromedp.CSS("#f-body"), "## Steps\n\n1. `vault lease renew -increment=1h`\n2. Restart the **pool**."),
		chromedp.Click(chromedp.CSS("#save")), chromedp.WaitVisible(chromedp.CSS(".flash")))
	if got := text("#note-body"); !strings.Contains(got, "-increment=1h") {
		t.Fatalf("after save the page shows %q", got)
	}
	if n := readNote(t, notePath(h, target)); !strings.Contains(n.Body, "-increment=1h") || n.Title != "Rotate the Postgres credentials" {
		t.Fatalf("file after the browser's edit: %+v", n)
	}

	// Live: a note written by another process appears on the open list without a reload.
	do("open list", chromedp.Navigate(h.base+"/notes"), chromedp.WaitVisible(chromedp.CSS("#results")))
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](`window.__sameDocument = true`)); err != nil {
		t.Fatal(err)
	}
	h.write(app.WriteRequest{Type: "semantic", Title: "Written by a hook meanwhile", Body: "live"})
	do("live refresh", chromedp.WaitVisible(chromedp.CSS(`#main a.title[href^="/notes/"]`)),
		chromedp.Poll[chromedp.Void](`document.querySelector('#main').textContent.includes('Written by a hook meanwhile')`))
	if same, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.__sameDocument === true`)); err != nil || !same {
		t.Fatalf("the page reloaded instead of refreshing in place: %v", err)
	}

	// Forget a note (the confirm dialog is accepted): its file is marked deleted.
	do("forget", chromedp.Navigate(h.base+"/notes/"+doomed), chromedp.Click(chromedp.CSS("#forget")),
		chromedp.WaitVisible(chromedp.CSS(".flash")))
	if n := readNote(t, notePath(h, doomed)); !n.Deleted() {
		t.Fatalf("file after the browser's forget: %+v", n)
	}

	// History: compare the committed version with the edit, then restore the committed one.
	do("diff", chromedp.Navigate(h.base+"/notes/"+target+"/history"), chromedp.Click(chromedp.CSS("#compare-btn")),
		chromedp.WaitVisible(chromedp.CSS("#diff")))
	if got := text("#diff"); !strings.Contains(got, "+ 1. `vault lease renew -increment=1h`") || !strings.Contains(got, "- 1. `vault lease renew`") {
		t.Fatalf("diff %q", got)
	}
	shoot("diff")
	do("restore", chromedp.Click(chromedp.CSS(`form[action$="/restore"] button`)), chromedp.WaitVisible(chromedp.CSS(".flash")))
	if n := readNote(t, notePath(h, target)); strings.Contains(n.Body, "-increment") || !strings.Contains(n.Body, "| prod | 1h |") {
		t.Fatalf("file after the browser's restore: %q", n.Body)
	}

	for _, p := range []string{"timeline", "fleet", "settings"} {
		do(p, chromedp.Navigate(h.base+"/"+p), chromedp.WaitVisible(chromedp.CSS("h1")))
		shoot(p)
	}
	t.Logf("screenshots in %s", shots)
}
