package ui_test

import (
	"golang.org/x/net/html"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/hookcli/ui"
)

func TestListenRefusesNonLoopback(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:0", ":0", "192.168.1.10:0", "example.com:0", "[::]:0", "nonsense"} {
		if l, _, err := ui.Listen(addr); err == nil {
			l.Close()
			t.Errorf("Listen(%q) accepted a non-loopback address", addr)
		}
	}
	for _, addr := range []string{"127.0.0.1:0", "localhost:0"} {
		l, port, err := ui.Listen(addr)
		if err != nil {
			t.Fatalf("Listen(%q): %v", addr, err)
		}
		if port == 0 {
			t.Errorf("Listen(%q) did not report the port", addr)
		}
		l.Close()
	}
}

func TestSecurityRules(t *testing.T) {
	h := newHarness(t)
	anon := *h // same server, no session
	h.login()
	form := func() url.Values {
		return url.Values{"type": {"semantic"}, "title": {"sneaky"}, "body": {"b"}}
	}
	tests := []struct {
		name   string
		req    func() resp
		status int
	}{
		{"page without a session redirects to login", func() resp { return anon.get("/") }, http.StatusSeeOther},
		{"api without a session is refused", func() resp { return anon.get("/api/palette?q=x") }, http.StatusUnauthorized},
		{"events without a session is refused", func() resp { return anon.get("/events") }, http.StatusUnauthorized},
		{"post without a session is refused", func() resp {
			return anon.do(http.MethodPost, "/notes", form(), nil)
		}, http.StatusUnauthorized},
		{"foreign Host (DNS rebinding)", func() resp {
			return h.do(http.MethodGet, "/", nil, map[string]string{"Host": "evil.example:" + port(h)})
		}, http.StatusMisdirectedRequest},
		{"loopback Host on another port", func() resp {
			return h.do(http.MethodGet, "/", nil, map[string]string{"Host": "127.0.0.1:1"})
		}, http.StatusMisdirectedRequest},
		{"localhost Host is fine", func() resp {
			return h.do(http.MethodGet, "/", nil, map[string]string{"Host": "localhost:" + port(h)})
		}, http.StatusOK},
		{"post without CSRF token", func() resp { return h.do(http.MethodPost, "/notes", form(), nil) }, http.StatusForbidden},
		{"post with a wrong CSRF token", func() resp {
			f := form()
			f.Set("csrf", strings.Repeat("0", 32))
			return h.do(http.MethodPost, "/notes", f, nil)
		}, http.StatusForbidden},
		{"post from a foreign Origin", func() resp {
			f := form()
			f.Set("csrf", h.csrf)
			return h.do(http.MethodPost, "/notes", f, map[string]string{"Origin": "http://evil.example"})
		}, http.StatusForbidden},
		{"post with Origin null (sandboxed frame)", func() resp {
			f := form()
			f.Set("csrf", h.csrf)
			return h.do(http.MethodPost, "/notes", f, map[string]string{"Origin": "null"})
		}, http.StatusForbidden},
		{"post without an Origin", func() resp {
			f := form()
			f.Set("csrf", h.csrf)
			return h.do(http.MethodPost, "/notes", f, map[string]string{"Origin": ""})
		}, http.StatusForbidden},
		{"post marked cross-site by the browser", func() resp {
			f := form()
			f.Set("csrf", h.csrf)
			return h.do(http.MethodPost, "/notes", f, map[string]string{"Sec-Fetch-Site": "cross-site"})
		}, http.StatusForbidden},
		{"other methods", func() resp { return h.do(http.MethodPut, "/notes", nil, nil) }, http.StatusMethodNotAllowed},
		{"bearer http_token reads", func() resp {
			return anon.do(http.MethodGet, "/api/palette?q=x", nil, map[string]string{"Authorization": "Bearer " + testToken})
		}, http.StatusOK},
		{"wrong bearer token", func() resp {
			return anon.do(http.MethodGet, "/api/palette?q=x", nil, map[string]string{"Authorization": "Bearer nope"})
		}, http.StatusUnauthorized},
		{"bearer http_token writes without CSRF", func() resp {
			return anon.do(http.MethodPost, "/notes", url.Values{"type": {"semantic"}, "title": {"by script"}},
				map[string]string{"Authorization": "Bearer " + testToken, "Origin": ""})
		}, http.StatusSeeOther},
		{"the same post with CSRF succeeds", func() resp { return h.post("/notes", form()) }, http.StatusSeeOther},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h.t, anon.t = t, t
			if r := tt.req(); r.status != tt.status {
				t.Fatalf("status %d, want %d:\n%s", r.status, tt.status, r.body)
			}
		})
	}
	h.t, anon.t = t, t
	// Refused posts wrote nothing: only the two accepted ones did.
	page, err := h.app.List(t.Context(), app.ListRequest{})
	if err != nil || len(page.Notes) != 2 {
		t.Fatalf("notes after the security table: %v %d", err, len(page.Notes))
	}
}

func port(h *harness) string { return h.host[strings.LastIndexByte(h.host, ':')+1:] }

func TestLoginCodeIsOneTimeAndCookieIsStrict(t *testing.T) {
	h := newHarness(t)
	code := h.srv.LoginCode()
	r := h.get("/login?code=" + code)
	if r.status != http.StatusSeeOther {
		t.Fatalf("first use: %d", r.status)
	}
	c := r.header.Get("Set-Cookie")
	for _, want := range []string{"HttpOnly", "SameSite=Strict", "Path=/"} {
		if !strings.Contains(c, want) {
			t.Fatalf("cookie %q lacks %s", c, want)
		}
	}
	h.must(h.get("/login?code="+code), http.StatusUnauthorized, "already used")
	h.must(h.do(http.MethodPost, "/login", url.Values{"code": {"wrong"}}, nil), http.StatusUnauthorized)
	// The http_token signs in too.
	if r := h.do(http.MethodPost, "/login", url.Values{"code": {testToken}}, nil); r.status != http.StatusSeeOther {
		t.Fatalf("token login: %d %s", r.status, r.body)
	}
	// Logging out ends the session.
	h.login()
	h.must(h.post("/logout", nil), http.StatusSeeOther)
	if r := h.get("/"); r.status != http.StatusSeeOther {
		t.Fatalf("after logout: %d", r.status)
	}
}

func TestHeadersOnEveryPage(t *testing.T) {
	h := newHarness(t).login()
	id := h.write(app.WriteRequest{Type: "semantic", Title: "t", Body: "b"})
	for _, p := range []string{"/", "/notes", "/notes/" + id, "/settings", "/login", "/static/app.js", "/nope"} {
		r := h.get(p)
		csp := r.header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe") || !strings.Contains(csp, "default-src 'none'") {
			t.Errorf("%s: CSP %q", p, csp)
		}
		if r.header.Get("X-Content-Type-Options") != "nosniff" || r.header.Get("X-Frame-Options") != "DENY" {
			t.Errorf("%s: headers %v", p, r.header)
		}
		// No page refers to another origin: every asset is embedded.
		if strings.Contains(r.body, "src=\"http") || strings.Contains(r.body, "href=\"https://") && p != "/notes/"+id {
			t.Errorf("%s refers to a third party", p)
		}
	}
}

// TestXSSInNotesIsInert writes a note whose title and body carry script, event handlers and
// javascript: links, and checks every page that shows it: the only <script> element left is the
// dashboard's own, and nothing executable comes back.
func TestXSSInNotesIsInert(t *testing.T) {
	h := newHarness(t).login()
	title := `<script>alert("title")</script><img src=x onerror=alert(1)>`
	body := "Hello <script>alert('body')</script>\n\n<img src=x onerror=alert(2)>\n\n" +
		"[click](javascript:alert(3)) <a href=\"javascript:alert(4)\">raw</a>\n\n<iframe src=\"https://evil.example\"></iframe>\n\n" +
		"<svg onload=alert(5)></svg> `<script>in code</script>`"
	id := h.write(app.WriteRequest{Type: "semantic", Title: title, Body: body, Tags: []string{"<b>x</b>"}, Project: `"><script>alert(6)</script>`})
	pages := []string{"/", "/notes", "/notes?q=hello", "/notes/" + id, "/notes/" + id + "/edit", "/notes/" + id + "/history", "/fleet"}
	for _, p := range pages {
		r := h.must(h.get(p), http.StatusOK)
		for _, problem := range executable(r.body) {
			t.Errorf("%s: %s", p, problem)
		}
	}
	// JSON escapes markup, so the palette's answer cannot become markup either.
	r := h.must(h.get("/api/palette?q=hello"), http.StatusOK)
	if strings.Contains(r.body, "<") || r.header.Get("Content-Type") != "application/json" {
		t.Errorf("palette: %s %s", r.header.Get("Content-Type"), r.body)
	}
	// The text is still there, shown as text.
	h.must(h.get("/notes/"+id), http.StatusOK, "&lt;script&gt;alert(&#34;title&#34;)&lt;/script&gt;", "Hello")
}

// executable parses a page as a browser would and lists whatever in it could run script: script
// elements other than the dashboard's own, event-handler attributes, javascript: URLs, frames and
// inline SVG.
func executable(page string) []string {
	var out []string
	z := html.NewTokenizer(strings.NewReader(page))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return out
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		tok := z.Token()
		switch tok.Data {
		case "script":
			if len(tok.Attr) == 0 || tok.Attr[0].Key != "src" || tok.Attr[0].Val != "/static/app.js" {
				out = append(out, "script element "+tok.String())
			}
		case "iframe", "svg", "object", "embed", "frame":
			out = append(out, "element "+tok.String())
		}
		for _, a := range tok.Attr {
			v := strings.ToLower(strings.TrimSpace(a.Val))
			if strings.HasPrefix(a.Key, "on") || strings.HasPrefix(v, "javascript:") || strings.HasPrefix(v, "data:text/html") {
				out = append(out, "attribute "+a.Key+"="+a.Val+" in "+tok.String())
			}
		}
	}
}
