// Package httpserve serves the MCP server over streamable HTTP for clients that cannot spawn a
// process. It is a local service, so it is guarded three ways: it only ever listens on a loopback
// address, every request must carry the machine's bearer token, and a request from a web page of
// another origin is refused (DNS-rebinding defense; mcp-go also refuses a non-loopback Host).
package httpserve

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"log"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/anamnesis-go/anamnesis/core/config"
)

// TokenKey is the config.json key holding the bearer token.
const TokenKey = config.KeyHTTPToken

// EndpointPath is where the MCP endpoint is served.
const EndpointPath = "/mcp"

// LoopbackAddr checks that addr (host:port) names a loopback interface and returns it with
// "localhost" replaced by 127.0.0.1. An empty host would listen on every interface, so it is
// refused like any other non-loopback address.
func LoopbackAddr(addr string) (string, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("--http %q is not host:port (for example 127.0.0.1:7821)", addr)
	}
	if strings.EqualFold(host, "localhost") {
		host = "127.0.0.1"
	}
	ip := net.ParseIP(host)
	if ip == nil || !ip.IsLoopback() {
		return "", fmt.Errorf("refusing to listen on %q: the HTTP server only binds a loopback address (127.0.0.1, ::1 or localhost), never one other machines can reach", addr)
	}
	return net.JoinHostPort(ip.String(), port), nil
}

// Listen binds addr after checking that it is loopback.
func Listen(addr string) (net.Listener, error) {
	a, err := LoopbackAddr(addr)
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", a)
	if err != nil {
		return nil, fmt.Errorf("listen on %s: %w", a, err)
	}
	return ln, nil
}

// Handler serves s at EndpointPath behind the Origin and token checks.
func Handler(s *mcpserver.MCPServer, token string) http.Handler {
	mux := http.NewServeMux()
	mux.Handle(EndpointPath, mcpserver.NewStreamableHTTPServer(s, mcpserver.WithEndpointPath(EndpointPath)))
	return Guard(mux, token)
}

// Guard refuses a request from a foreign Origin with 403, then one without the bearer token with
// 401, before next sees it. The Origin check comes first: a browser page must learn nothing, not
// even whether its guess at a token was right.
func Guard(next http.Handler, token string) http.Handler {
	want := []byte("Bearer " + token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if o := r.Header.Get("Origin"); o != "" && !sameLoopbackOrigin(o, r.Host) {
			http.Error(w, "Forbidden: requests from another origin are refused.", http.StatusForbidden)
			return
		}
		got := []byte(r.Header.Get("Authorization"))
		if token == "" || subtle.ConstantTimeCompare(got, want) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="anamnesis"`)
			http.Error(w, "Unauthorized: send Authorization: Bearer <http_token from config.json>.", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// sameLoopbackOrigin accepts an Origin only when it is this server itself: a loopback host at the
// Host the request was sent to. Claude Code and other native clients send no Origin at all; a web
// page always does, and no page has a reason to call this server.
func sameLoopbackOrigin(origin, host string) bool {
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return false
	}
	if !strings.EqualFold(u.Host, host) {
		return false
	}
	h := u.Hostname()
	if strings.EqualFold(h, "localhost") {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}

// Serve serves h on ln until ctx is cancelled, then shuts down gracefully.
func Serve(ctx context.Context, ln net.Listener, h http.Handler, logger *log.Logger) error {
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, ErrorLog: logger}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serve HTTP: %w", err)
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shut); err != nil {
		return fmt.Errorf("shut down HTTP: %w", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve HTTP: %w", err)
	}
	return nil
}
