package ui

import (
	"context"
	"errors"
	"net/http"

	"github.com/anamnesis-go/anamnesis/core/app"
)

func (s *Server) routes() {
	m := http.NewServeMux()
	m.Handle("GET /static/", http.StripPrefix("/static/", staticHandler()))
	m.HandleFunc("GET /login", s.loginPage)
	m.HandleFunc("POST /login", s.login)
	m.HandleFunc("POST /logout", s.logout)

	m.HandleFunc("GET /{$}", s.overview)
	m.HandleFunc("GET /notes", s.browse)
	m.HandleFunc("POST /notes", s.create)
	m.HandleFunc("GET /notes/new", s.newNote)
	m.HandleFunc("GET /notes/{id}", s.show)
	m.HandleFunc("GET /notes/{id}/edit", s.editForm)
	m.HandleFunc("POST /notes/{id}/edit", s.update)
	m.HandleFunc("POST /notes/{id}/forget", s.forget)
	m.HandleFunc("GET /notes/{id}/history", s.history)
	m.HandleFunc("GET /notes/{id}/diff", s.diff)
	m.HandleFunc("POST /notes/{id}/restore", s.restore)
	m.HandleFunc("GET /timeline", s.timeline)
	m.HandleFunc("GET /fleet", s.fleet)
	m.HandleFunc("GET /settings", s.settings)
	m.HandleFunc("POST /settings", s.saveSetting)
	m.HandleFunc("GET /events", s.events)
	m.HandleFunc("GET /api/palette", s.palette)
	m.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		s.fail(w, r, app.ErrNotFound)
	})
	s.mux = m
}

func staticHandler() http.Handler {
	fsrv := http.FileServerFS(staticFS())
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		fsrv.ServeHTTP(w, r)
	})
}

type sessionKey struct{}

type markKey struct{}

// markBox holds a request's change mark once read: a page asks for it up to three times (its
// caches and the live stream's baseline) and one read is enough.
type markBox struct {
	done bool
	mark string
	err  error
}

func withMarkBox(r *http.Request) *http.Request {
	return r.WithContext(context.WithValue(r.Context(), markKey{}, &markBox{}))
}

// markOf returns the store's change mark, read at most once per request.
func (s *Server) markOf(ctx context.Context) (string, error) {
	b, ok := ctx.Value(markKey{}).(*markBox)
	if !ok {
		return s.app.ChangeMark(ctx)
	}
	if !b.done {
		b.mark, b.err = s.app.ChangeMark(ctx)
		b.done = true
	}
	return b.mark, b.err
}

func withSession(r *http.Request, sid string) *http.Request {
	if sid == "" {
		return r
	}
	return r.WithContext(context.WithValue(r.Context(), sessionKey{}, sid))
}

func sessionOf(r *http.Request) string {
	sid, _ := r.Context().Value(sessionKey{}).(string)
	return sid
}

// fail renders err as an error page with the status its kind calls for.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	msg, invalid := app.Problem(err, nil)
	status := http.StatusInternalServerError
	switch {
	case errors.Is(err, app.ErrNotFound):
		status, msg = http.StatusNotFound, "not found: "+msg
	case errors.Is(err, app.ErrEditConflict):
		status = http.StatusConflict
	case invalid:
		status = http.StatusBadRequest
	}
	s.render(w, r, status, "error", view{Title: http.StatusText(status), Error: msg})
}

func (s *Server) loginPage(w http.ResponseWriter, r *http.Request) {
	// A URL takes one-time codes only, never the http_token (see redeemCode).
	if code := r.URL.Query().Get("code"); code != "" {
		if sid, ok := s.redeemCode(code); ok {
			setSessionCookie(w, sid)
			http.Redirect(w, r, "/", http.StatusSeeOther)
			return
		}
		s.render(w, r, http.StatusUnauthorized, "login", view{Title: "Sign in", Error: "That code was already used, has expired (codes last " + codeLife() + ") or is not one this server issued. Run anamnesis ui again for a new one, or paste the http_token below."})
		return
	}
	s.render(w, r, http.StatusOK, "login", view{Title: "Sign in"})
}

func (s *Server) login(w http.ResponseWriter, r *http.Request) {
	sid, ok := s.redeem(r.PostFormValue("code"))
	if !ok {
		s.render(w, r, http.StatusUnauthorized, "login", view{Title: "Sign in", Error: "Wrong, used or expired code, or not this machine's http_token."})
		return
	}
	setSessionCookie(w, sid)
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

func (s *Server) logout(w http.ResponseWriter, r *http.Request) {
	s.endSession(sessionOf(r))
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteStrictMode})
	http.Redirect(w, r, "/login", http.StatusSeeOther)
}
