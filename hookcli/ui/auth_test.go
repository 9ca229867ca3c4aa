package ui_test

import (
	"net/http"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/config"
	"github.com/anamnesis-go/anamnesis/hookcli/ui"
)

// hasSession reports whether h's client has a live session: a page answers, not a redirect.
func hasSession(h *harness) bool {
	h.t.Helper()
	switch r := h.get("/"); r.status {
	case http.StatusOK:
		return true
	case http.StatusSeeOther:
		return false
	default:
		h.t.Fatalf("GET /: %d %s", r.status, r.body)
		return false
	}
}

// The http_token is long-lived: a URL carrying it would leave it in the browser's history and in
// logs, so only a one-time code signs in from a URL. The token signs in from the form's body.
func TestTokenIsNotTakenFromTheURL(t *testing.T) {
	h := newHarness(t)
	r := h.must(h.get("/login?code="+url.QueryEscape(testToken)), http.StatusUnauthorized, "paste the http_token")
	if c := r.header.Get("Set-Cookie"); c != "" {
		t.Fatalf("a token in the URL set a cookie: %q", c)
	}
	h.must(h.get("/"), http.StatusSeeOther)
	if r := h.do(http.MethodPost, "/login", url.Values{"code": {testToken}}, nil); r.status != http.StatusSeeOther || r.header.Get("Set-Cookie") == "" {
		t.Fatalf("token posted in the form: %d %q", r.status, r.header.Get("Set-Cookie"))
	}
}

// clock is a settable time for the server's login codes and sessions.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// An unused login code lasts LoginCodeTTL, and expired ones are not kept.
func TestLoginCodesExpire(t *testing.T) {
	h := newHarness(t)
	c := &clock{t: time.Now()}
	ui.SetClock(h.srv, c.now)
	tests := []struct {
		name string
		age  time.Duration
		ok   bool
	}{
		{"fresh", 0, true},
		{"a second short of the limit", ui.LoginCodeTTL - time.Second, true},
		{"at the limit", ui.LoginCodeTTL, false},
		{"an hour old", time.Hour, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h.t = t
			code := h.srv.LoginCode()
			c.add(tc.age)
			r := h.get("/login?code=" + code)
			if got := r.status == http.StatusSeeOther; got != tc.ok {
				t.Fatalf("code aged %v: status %d, want signed in %v\n%s", tc.age, r.status, tc.ok, r.body)
			}
			if !tc.ok {
				h.must(r, http.StatusUnauthorized, "has expired")
			}
		})
	}
	h.t = t
	for range 3 {
		h.srv.LoginCode()
	}
	c.add(ui.LoginCodeTTL)
	h.srv.LoginCode()
	if n := ui.PendingCodes(h.srv); n != 1 {
		t.Fatalf("%d codes held after three expired and one was issued, want 1", n)
	}
}

// A changed or removed http_token ends every session granted before, including those a one-time
// code opened, even when the change is made by another process ("anamnesis config set").
func TestTokenChangeEndsSessions(t *testing.T) {
	h := newHarness(t)
	root := h.app.Home.Root()
	setToken := func(v any) {
		t.Helper()
		if err := config.Update(root, map[string]any{config.KeyHTTPToken: v}); err != nil {
			t.Fatal(err)
		}
	}
	bearer := func(tok string) int {
		return h.do(http.MethodGet, "/api/palette?q=x", nil, map[string]string{"Authorization": "Bearer " + tok}).status
	}
	tests := []struct {
		name   string
		change func()
		bearer map[string]int // token -> status of a bearer request after the change
	}{
		{"rotated", func() { setToken("tok-rotated-9c1e") }, map[string]int{testToken: 401, "tok-rotated-9c1e": 200}},
		{"removed", func() { setToken(nil) }, map[string]int{"tok-rotated-9c1e": 401}},
		{"set where there was none", func() { setToken("tok-new-77aa") }, map[string]int{"tok-new-77aa": 200}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h.t = t
			h.login()
			if !hasSession(h) {
				t.Fatal("not signed in before the change")
			}
			tc.change()
			if hasSession(h) {
				t.Fatal("the session outlived the token change")
			}
			for tok, want := range tc.bearer {
				if got := bearer(tok); got != want {
					t.Errorf("bearer %s after the change: %d, want %d", tok, got, want)
				}
			}
			// A new sign-in works under the new token.
			h.login()
			if !hasSession(h) {
				t.Fatal("cannot sign in again after the change")
			}
		})
	}
}

// Changing the token on the settings page ends the other sessions; the one that made the change
// goes on under a new session bound to the new token.
func TestTokenChangedOnTheSettingsPage(t *testing.T) {
	h := newHarness(t).login()
	other := *h
	other.login()
	h.must(h.post("/settings", url.Values{"key": {config.KeyHTTPToken}, "value": {"tok-from-page-5b2"}}), http.StatusSeeOther)
	if !hasSession(h) {
		t.Fatal("the session that changed the token was signed out")
	}
	if hasSession(&other) {
		t.Fatal("another session outlived the token change")
	}
	if v, _ := h.app.Settings().Value(config.KeyHTTPToken); v.Value != "tok-from-page-5b2" {
		t.Fatalf("http_token = %q", v.Value)
	}
}
