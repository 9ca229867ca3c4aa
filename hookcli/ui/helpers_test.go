package ui_test

import (
	"context"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/config"
	"github.com/anamnesis-go/anamnesis/hookcli/ui"
)

// harness is a dashboard served over real HTTP on loopback, on a real store in a temp dir.
type harness struct {
	t      *testing.T
	app    *app.App
	srv    *ui.Server
	base   string // http://127.0.0.1:PORT
	host   string // 127.0.0.1:PORT
	client *http.Client
	csrf   string
}

const testToken = "tok-3a1f0c9e2b7d4a6f8e1c0b2d"

func newHarness(t *testing.T) *harness {
	t.Helper()
	t.Setenv("ANAMNESIS_MACHINE_ID", "desk")
	t.Setenv("ANAMNESIS_GIT_REMOTE", "")
	dir := t.TempDir()
	if err := config.Update(dir, map[string]any{config.KeyHTTPToken: testToken}); err != nil {
		t.Fatal(err)
	}
	a, err := app.New(dir, app.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return serve(t, a)
}

func serve(t testing.TB, a *app.App) *harness {
	l, port, err := ui.Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s, err := ui.New(ui.Options{App: a, Port: port, PollInterval: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(s)
	ts.Listener.Close()
	ts.Listener = l
	ts.Start()
	t.Cleanup(func() {
		ts.CloseClientConnections() // open event streams would hold Close up
		ts.Close()
	})
	h := &harness{app: a, srv: s, base: ts.URL, host: strings.TrimPrefix(ts.URL, "http://"), client: noRedirect(nil)}
	if tt, ok := t.(*testing.T); ok {
		h.t = tt
	}
	return h
}

func noRedirect(jar http.CookieJar) *http.Client {
	return &http.Client{Jar: jar, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// login signs the harness's client in with a one-time code and reads the CSRF token.
func (h *harness) login() *harness {
	h.t.Helper()
	jar, _ := cookiejar.New(nil)
	h.client = noRedirect(jar)
	res := h.get("/login?code=" + h.srv.LoginCode())
	if res.status != http.StatusSeeOther {
		h.t.Fatalf("login: %d %s", res.status, res.body)
	}
	page := h.get("/")
	m := regexp.MustCompile(`name="csrf-token" content="([0-9a-f]+)"`).FindStringSubmatch(page.body)
	if m == nil {
		h.t.Fatalf("no csrf token on the overview:\n%s", page.body)
	}
	h.csrf = m[1]
	return h
}

type resp struct {
	status int
	body   string
	header http.Header
}

func (h *harness) do(method, path string, form url.Values, hdr map[string]string) resp {
	h.t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequestWithContext(context.Background(), method, h.base+path, body)
	if err != nil {
		h.t.Fatal(err)
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if method == http.MethodPost {
		req.Header.Set("Origin", h.base)
	}
	for k, v := range hdr {
		if k == "Host" {
			// The client's jar would look cookies up under this name; the browser being simulated
			// holds the cookie the server set for its own address, so send that.
			req.Host = v
			if h.client.Jar != nil {
				for _, c := range h.client.Jar.Cookies(req.URL) {
					req.AddCookie(c)
				}
			}
			continue
		}
		if v == "" {
			req.Header.Del(k)
			continue
		}
		req.Header.Set(k, v)
	}
	res, err := h.client.Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return resp{status: res.StatusCode, body: string(b), header: res.Header}
}

func (h *harness) get(path string) resp { return h.do(http.MethodGet, path, nil, nil) }

// post sends a form with the session's CSRF token.
func (h *harness) post(path string, form url.Values) resp {
	if form == nil {
		form = url.Values{}
	}
	form.Set("csrf", h.csrf)
	return h.do(http.MethodPost, path, form, nil)
}

func (h *harness) must(r resp, status int, contains ...string) resp {
	h.t.Helper()
	if r.status != status {
		h.t.Fatalf("status %d, want %d; body:\n%s", r.status, status, r.body)
	}
	for _, c := range contains {
		if !strings.Contains(r.body, c) {
			h.t.Fatalf("body lacks %q:\n%s", c, r.body)
		}
	}
	return r
}

func (h *harness) write(req app.WriteRequest) string {
	h.t.Helper()
	res, err := h.app.Write(context.Background(), req)
	n := res.Note
	if err != nil {
		h.t.Fatal(err)
	}
	return n.ID
}
