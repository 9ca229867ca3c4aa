package ui

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/microcosm-cc/bluemonday"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

//go:embed assets
var assets embed.FS

// staticFS is the embedded CSS, JS and icon, served under /static/.
func staticFS() fs.FS {
	sub, err := fs.Sub(assets, "assets/static")
	if err != nil {
		panic(err) // the embed directive guarantees the directory
	}
	return sub
}

// pages holds one template set per page (the layout plus the page's "content").
type pages struct {
	sets map[string]*template.Template
	md   goldmark.Markdown
	san  *bluemonday.Policy
}

var pageNames = []string{"overview", "notes", "note", "edit", "history", "diff", "timeline", "fleet", "settings", "login", "error"}

func loadPages() (*pages, error) {
	p := &pages{sets: map[string]*template.Template{},
		// Raw HTML in a note is dropped by goldmark (no WithUnsafe), and what markdown itself makes is
		// sanitised again by bluemonday's user-generated-content policy: a note is untrusted text,
		// possibly written by a model from a web page.
		md:  goldmark.New(goldmark.WithExtensions(extension.GFM)),
		san: bluemonday.UGCPolicy().RequireNoReferrerOnLinks(true)}
	funcs := template.FuncMap{
		"markdown": p.markdown,
		"ago":      ago,
		"join":     strings.Join,
		"short":    func(s string) string { return shorten(s, 12) },
		"add":      func(a, b int) int { return a + b },
		"opchar":   func(b byte) string { return string(b) },
	}
	for _, name := range pageNames {
		t, err := template.New(name).Funcs(funcs).ParseFS(assets, "assets/templates/layout.html", "assets/templates/"+name+".html")
		if err != nil {
			return nil, fmt.Errorf("ui: parse template %s: %w", name, err)
		}
		p.sets[name] = t
	}
	return p, nil
}

// markdown renders a note body as sanitised HTML.
func (p *pages) markdown(src string) template.HTML {
	var b bytes.Buffer
	if err := p.md.Convert([]byte(src), &b); err != nil {
		return template.HTML(template.HTMLEscapeString(src)) //nolint:gosec // escaped just now
	}
	return template.HTML(p.san.SanitizeBytes(b.Bytes())) //nolint:gosec // sanitised by bluemonday
}

var flashes = map[string]string{
	"saved":     "Saved.",
	"forgotten": "Forgotten: the note is hidden everywhere once sync carries this. Restore it from its history.",
	"restored":  "Restored: that version is the note again.",
	"setting":   "Setting saved.",
}

// view is what every page template receives.
type view struct {
	Title string
	Nav   string // the nav entry to mark current
	CSRF  string
	Flash string
	Error string
	Data  any
	// Mark is the store's change mark when the page was made: the live stream compares it with
	// the current one, so a change between rendering and subscribing is not missed.
	Mark string
}

func (s *Server) render(w http.ResponseWriter, r *http.Request, status int, page string, v view) {
	v.CSRF = s.csrfToken(sessionOf(r))
	if v.CSRF != "" {
		v.Mark, _ = s.markOf(r.Context()) // without it the page refreshes once more than needed
	}
	if v.Flash == "" {
		v.Flash = flashes[r.URL.Query().Get("flash")] // known messages only: a link cannot put words on the page
	}
	var b bytes.Buffer
	if err := s.pages.sets[page].ExecuteTemplate(&b, "layout", v); err != nil {
		http.Error(w, "render "+page+": "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(b.Bytes())
}

// ago renders an RFC 3339 timestamp as "3m ago", keeping the timestamp for the title attribute.
func ago(ts string) string {
	t, err := time.Parse(time.RFC3339, strings.Replace(ts, " ", "T", 1))
	if err != nil {
		return ts
	}
	d := time.Since(t)
	switch {
	case d < 0:
		return t.Format("2006-01-02 15:04")
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return fmt.Sprintf("%dm ago", int(d/time.Minute))
	case d < 48*time.Hour:
		return fmt.Sprintf("%dh ago", int(d/time.Hour))
	case d < 60*24*time.Hour:
		return fmt.Sprintf("%dd ago", int(d/(24*time.Hour)))
	}
	return t.Format("2006-01-02")
}

func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}

// count is one row of a breakdown.
type count struct {
	Key string
	N   int
}

// counts sorts a breakdown largest first, keeping at most max rows (0: all).
func counts(m map[string]int, max int) []count {
	out := make([]count, 0, len(m))
	for k, n := range m {
		out = append(out, count{k, n})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].N != out[j].N {
			return out[i].N > out[j].N
		}
		return out[i].Key < out[j].Key
	})
	if max > 0 && len(out) > max {
		out = out[:max]
	}
	return out
}
