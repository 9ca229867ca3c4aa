package ui

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"
)

const (
	sessionCookie = "anamnesis_ui"
	csrfField     = "csrf"         // form field
	csrfHeader    = "X-CSRF-Token" // header, for fetch
	sessionMaxAge = 30 * 24 * time.Hour
)

// contentSecurityPolicy allows the page's own embedded script, styles and images and nothing
// else: no inline script, no third-party origin, no framing.
const contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

// guard applies, in order: security headers; the Host check; the method check; authentication
// (static assets and the login page excepted); for state-changing requests, Origin and CSRF.
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		// Not no-referrer: with it, browsers send "Origin: null" on form posts, and the Origin check
		// could not tell our own forms from a sandboxed attacker's.
		h.Set("Referrer-Policy", "same-origin")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Cross-Origin-Resource-Policy", "same-origin")
		if !s.hostAllowed(r.Host) {
			// A page on another site that rebinds its DNS name to 127.0.0.1 arrives with its own name.
			http.Error(w, "unknown Host header: the dashboard answers only to 127.0.0.1, localhost or [::1] on its port", http.StatusMisdirectedRequest)
			return
		}
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodPost:
		default:
			w.Header().Set("Allow", "GET, HEAD, POST")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		public := strings.HasPrefix(r.URL.Path, "/static/") || r.URL.Path == "/login"
		mutating := r.Method == http.MethodPost
		if mutating && !s.sameOrigin(r) {
			http.Error(w, "cross-origin request refused: the Origin header must be this dashboard's", http.StatusForbidden)
			return
		}
		sid, bearer := s.authenticate(r)
		if !public && sid == "" && !bearer {
			if r.Method == http.MethodGet && !strings.HasPrefix(r.URL.Path, "/api/") && r.URL.Path != "/events" {
				http.Redirect(w, r, "/login", http.StatusSeeOther)
				return
			}
			http.Error(w, "sign in first: open the URL anamnesis ui printed, or send the http_token as a bearer token", http.StatusUnauthorized)
			return
		}
		// A bearer token is never sent by a browser on its own, so it needs no CSRF token; a
		// cookie is, so every change made with one must carry the session's token.
		if mutating && !public && !bearer && !s.csrfValid(sid, r) {
			http.Error(w, "missing or wrong CSRF token: reload the page and try again", http.StatusForbidden)
			return
		}
		next.ServeHTTP(w, withMarkBox(withSession(r, sid)))
	})
}

// hostAllowed accepts the loopback names of this server's port only.
func (s *Server) hostAllowed(host string) bool {
	h, p, err := net.SplitHostPort(host)
	if err != nil || p != strconv.Itoa(s.port) {
		return false
	}
	return h == "localhost" || h == "127.0.0.1" || h == "::1"
}

// sameOrigin requires an Origin (browsers send one on every POST) naming this server, and refuses
// requests a browser marks as cross-site.
func (s *Server) sameOrigin(r *http.Request) bool {
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" && site != "same-origin" && site != "none" {
		return false
	}
	o := r.Header.Get("Origin")
	if o == "" {
		// Scripts using the bearer token need not send one; browsers always do.
		return r.Header.Get("Authorization") != "" && r.Header.Get("Cookie") == ""
	}
	rest, ok := strings.CutPrefix(o, "http://")
	return ok && rest == r.Host && s.hostAllowed(rest)
}

// authenticate returns the request's live session id, or bearer=true for a request carrying the
// configured http_token.
func (s *Server) authenticate(r *http.Request) (sid string, bearer bool) {
	if tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok {
		return "", s.tokenValid(strings.TrimSpace(tok))
	}
	c, err := r.Cookie(sessionCookie)
	if err != nil || c.Value == "" {
		return "", false
	}
	mark := s.tokenMark()
	s.mu.Lock()
	defer s.mu.Unlock()
	ses, ok := s.sessions[c.Value]
	// A session was granted under the token of its day: once the token is changed or removed
	// (rotated because it leaked, say), every session from before ends with it.
	if !ok || s.now().Sub(ses.created) > sessionMaxAge || !hmac.Equal([]byte(ses.token), []byte(mark)) {
		delete(s.sessions, c.Value)
		return "", false
	}
	return c.Value, false
}

// tokenValid compares tok with the configured http_token in constant time. No token configured
// means bearer authentication is off.
func (s *Server) tokenValid(tok string) bool {
	want := s.app.HTTPToken()
	if want == "" || tok == "" {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(tok), []byte(want)) == 1
}

// tokenMark is a keyed digest of the http_token now in force ("" included): sessions keep it
// instead of the token itself, and compare it with the current one on every request.
func (s *Server) tokenMark() string {
	m := hmac.New(sha256.New, s.secret)
	m.Write([]byte("http_token\x00" + s.app.HTTPToken()))
	return hex.EncodeToString(m.Sum(nil))
}

// redeemCode exchanges an unexpired one-time code for a new session. It is the only sign-in a
// URL can carry: the http_token is long-lived, and a URL ends up in the browser's history and in
// logs, so the token is accepted from a form's body (redeem) or an Authorization header only.
func (s *Server) redeemCode(code string) (string, bool) {
	code = strings.TrimSpace(code)
	now := s.now()
	s.mu.Lock()
	expires, ok := s.codes[code]
	delete(s.codes, code)
	s.pruneCodes(now)
	s.mu.Unlock()
	if !ok || code == "" || !now.Before(expires) {
		return "", false
	}
	return s.newSession(), true
}

// redeem exchanges a one-time code, or the http_token, posted in a form for a new session.
func (s *Server) redeem(code string) (string, bool) {
	if sid, ok := s.redeemCode(code); ok {
		return sid, true
	}
	if !s.tokenValid(strings.TrimSpace(code)) {
		return "", false
	}
	return s.newSession(), true
}

func (s *Server) newSession() string {
	sid := hex.EncodeToString(randomBytes(32))
	ses := session{created: s.now(), token: s.tokenMark()}
	s.mu.Lock()
	s.sessions[sid] = ses
	s.mu.Unlock()
	return sid
}

// pruneCodes drops the codes that expired unused. The caller holds s.mu.
func (s *Server) pruneCodes(now time.Time) {
	for c, exp := range s.codes {
		if !now.Before(exp) {
			delete(s.codes, c)
		}
	}
}

func (s *Server) endSession(sid string) {
	s.mu.Lock()
	delete(s.sessions, sid)
	s.mu.Unlock()
}

// csrfToken is the session's CSRF token: an HMAC of the session id under the server's secret.
func (s *Server) csrfToken(sid string) string {
	if sid == "" {
		return ""
	}
	m := hmac.New(sha256.New, s.secret)
	m.Write([]byte("csrf\x00" + sid))
	return hex.EncodeToString(m.Sum(nil)[:16])
}

func (s *Server) csrfValid(sid string, r *http.Request) bool {
	got := r.Header.Get(csrfHeader)
	if got == "" {
		got = r.PostFormValue(csrfField)
	}
	want := s.csrfToken(sid)
	return want != "" && hmac.Equal([]byte(got), []byte(want))
}

func setSessionCookie(w http.ResponseWriter, sid string) {
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: sid, Path: "/", HttpOnly: true,
		SameSite: http.SameSiteStrictMode, MaxAge: int(sessionMaxAge / time.Second)})
}
