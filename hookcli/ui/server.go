// Package ui is the dashboard: "anamnesis ui" serves the memory to a browser on this machine. It
// is one more front end on the application layer (core/app): every page is a call there, rendered
// with html/template; saves go through the store's atomic write and single-row index update.
//
// It listens on loopback only and trusts nothing it receives: every request needs a session
// (a cookie set by a one-time login code, or the http_token as a bearer token), a Host naming
// this server (against DNS rebinding), and, when it changes anything, a same-origin Origin and
// the session's CSRF token. Pages carry a strict Content-Security-Policy: the only script is the
// embedded app.js, and no request leaves for a third party.
package ui

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/config"
)

// DefaultAddr is where "anamnesis ui" listens unless told otherwise.
const DefaultAddr = "127.0.0.1:7822"

// Options configures a Server.
type Options struct {
	App *app.App
	// Port is the port the server is reached on; the Host header must name it. Listen sets it.
	Port int
	// PollInterval is how often the live-refresh stream checks for changed notes (default 2s).
	PollInterval time.Duration
}

// Server is the dashboard's HTTP handler with its sessions.
type Server struct {
	app       *app.App
	port      int
	poll      time.Duration
	secret    []byte // keys the CSRF tokens
	pages     *pages
	mux       *http.ServeMux
	handler   http.Handler // mux behind the security rules
	writeMux  sync.Mutex   // one dashboard edit at a time: its check-then-write cannot interleave
	syncC     syncCache
	fleetC    fleetCache
	overviewC overviewCache

	now func() time.Time // the clock login codes and sessions age by; tests move it

	mu       sync.Mutex
	codes    map[string]time.Time // unused one-time login codes -> when they expire
	sessions map[string]session   // session id -> what it was granted under
}

// session is one signed-in browser: when it began, and a keyed digest of the http_token in force
// then, so a changed or removed token ends it (see tokenMark).
type session struct {
	created time.Time
	token   string
}

// New builds a Server for o.App.
func New(o Options) (*Server, error) {
	if o.App == nil {
		return nil, errors.New("ui: no app")
	}
	pg, err := loadPages()
	if err != nil {
		return nil, err
	}
	s := &Server{app: o.App, port: o.Port, poll: o.PollInterval, secret: randomBytes(32), pages: pg,
		codes: map[string]time.Time{}, sessions: map[string]session{}, now: time.Now}
	if s.poll <= 0 {
		s.poll = 2 * time.Second
	}
	s.routes()
	s.handler = s.guard(s.mux)
	return s, nil
}

// LoginCodeTTL is how long a login code stays good if nobody uses it. The URL carrying it is
// printed to a terminal and opened at once; a code found later in a scrollback, a history or a log
// must not still open the dashboard.
const LoginCodeTTL = 5 * time.Minute

// codeLife is LoginCodeTTL in words.
func codeLife() string { return fmt.Sprintf("%d minutes", int(LoginCodeTTL/time.Minute)) }

// LoginCode issues a one-time code, good for LoginCodeTTL; /login?code=… exchanges it for a
// session cookie.
func (s *Server) LoginCode() string {
	c := hex.EncodeToString(randomBytes(16))
	now := s.now()
	s.mu.Lock()
	s.pruneCodes(now)
	s.codes[c] = now.Add(LoginCodeTTL)
	s.mu.Unlock()
	return c
}

// ServeHTTP applies the security rules, then routes.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }

// Listen checks that addr is a loopback address and binds it. Any other address is refused: the
// dashboard can rewrite the user's memory and must not be reachable from another machine.
func Listen(addr string) (net.Listener, int, error) {
	host, port, err := loopbackListenAddr(addr)
	if err != nil {
		return nil, 0, err
	}
	if host == "localhost" {
		host = "127.0.0.1"
	}
	l, err := net.Listen("tcp", net.JoinHostPort(host, port))
	if err != nil {
		return nil, 0, fmt.Errorf("listen on %s: %w", addr, err)
	}
	p, _ := strconv.Atoi(port)
	if ta, ok := l.Addr().(*net.TCPAddr); ok {
		p = ta.Port
	}
	return l, p, nil
}

// loopbackListenAddr splits addr into host and port and refuses any host but a loopback one.
func loopbackListenAddr(addr string) (host, port string, err error) {
	host, port, err = net.SplitHostPort(addr)
	if err != nil {
		return "", "", fmt.Errorf("--addr %q: %w (want host:port, such as %s)", addr, err, DefaultAddr)
	}
	if !loopbackHost(host) {
		return "", "", fmt.Errorf("--addr %q: the dashboard listens on loopback only (127.0.0.1, ::1 or localhost), never on %q", addr, host)
	}
	return host, port, nil
}

func loopbackHost(h string) bool {
	if h == "localhost" {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}

// RunOptions configures Run.
type RunOptions struct {
	App  *app.App
	Addr string
	// Open starts the user's browser on the login URL.
	Open bool
	Out  io.Writer
}

// Run serves the dashboard until ctx ends, printing the login URL.
func Run(ctx context.Context, o RunOptions) error {
	if o.Addr == "" {
		o.Addr = DefaultAddr
	}
	l, port, err := Listen(o.Addr)
	if err != nil {
		return err
	}
	s, err := New(Options{App: o.App, Port: port})
	if err != nil {
		_ = l.Close()
		return err
	}
	o.App.Preopen(ctx)
	base := "http://" + hostFor(l.Addr())
	login := base + "/login?code=" + s.LoginCode()
	fmt.Fprintf(o.Out, "anamnesis ui: serving %s on %s\n", o.App.Home, base)
	fmt.Fprintf(o.Out, "open %s\n(the code works once, within %s; with http_token set in config you can also sign in with it)\n", login, codeLife())
	if v, ok := o.App.Settings().Value(config.KeyHTTPToken); !ok || v.Value == "" {
		fmt.Fprintln(o.Out, "to sign in again later, run anamnesis ui again for a new code, or set http_token with 'anamnesis config set'.")
	}
	if o.Open {
		if err := openBrowser(login); err != nil {
			fmt.Fprintf(o.Out, "could not start a browser (%v); open the URL above yourself\n", err)
		}
	}
	srv := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute,
		BaseContext: func(net.Listener) context.Context { return ctx }}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(l) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
		return nil
	}
}

func hostFor(a net.Addr) string {
	ta, ok := a.(*net.TCPAddr)
	if !ok {
		return a.String()
	}
	return net.JoinHostPort(ta.IP.String(), strconv.Itoa(ta.Port))
}

func randomBytes(n int) []byte {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic("ui: no randomness: " + err.Error()) // crypto/rand never fails on supported systems
	}
	return b
}
