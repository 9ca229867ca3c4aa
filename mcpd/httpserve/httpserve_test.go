package httpserve

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/mcpd/server"
)

func TestLoopbackAddr(t *testing.T) {
	cases := []struct {
		in, want string
		ok       bool
	}{
		{"127.0.0.1:7821", "127.0.0.1:7821", true},
		{"localhost:7821", "127.0.0.1:7821", true},
		{"[::1]:7821", "[::1]:7821", true},
		{"127.0.0.2:0", "127.0.0.2:0", true},
		{"0.0.0.0:7821", "", false},
		{":7821", "", false},
		{"[::]:7821", "", false},
		{"192.168.1.2:7821", "", false},
		{"example.com:7821", "", false},
		{"127.0.0.1", "", false},
	}
	for _, c := range cases {
		got, err := LoopbackAddr(c.in)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("LoopbackAddr(%q) = %q, %v", c.in, got, err)
		}
	}
	if _, err := Listen("0.0.0.0:0"); err == nil || !strings.Contains(err.Error(), "loopback") {
		t.Errorf("Listen on all interfaces: %v", err)
	}
}

// TestGuard runs the real MCP handler behind the guard on a loopback httptest server.
func TestGuard(t *testing.T) {
	t.Setenv("ANAMNESIS_MACHINE_ID", "m-http")
	a, err := app.New(t.TempDir(), app.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = a.Close() }()
	a.Preopen(context.Background())
	srv, err := server.New(server.Config{App: a, Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	const token = "s3cret"
	ts := httptest.NewServer(Handler(srv, token))
	defer ts.Close()
	host := strings.TrimPrefix(ts.URL, "http://")
	initialize := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`
	cases := []struct {
		name, auth, origin string
		want               int
	}{
		{"no token", "", "", http.StatusUnauthorized},
		{"wrong token", "Bearer nope", "", http.StatusUnauthorized},
		{"token without scheme", token, "", http.StatusUnauthorized},
		{"foreign origin", "Bearer " + token, "http://evil.example", http.StatusForbidden},
		{"foreign origin, no token", "", "http://evil.example", http.StatusForbidden},
		{"other local port", "Bearer " + token, "http://127.0.0.1:1", http.StatusForbidden},
		{"null origin", "Bearer " + token, "null", http.StatusForbidden},
		{"same origin", "Bearer " + token, "http://" + host, http.StatusOK},
		{"no origin", "Bearer " + token, "", http.StatusOK},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req, _ := http.NewRequest(http.MethodPost, ts.URL+EndpointPath, strings.NewReader(initialize))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
			if c.auth != "" {
				req.Header.Set("Authorization", c.auth)
			}
			if c.origin != "" {
				req.Header.Set("Origin", c.origin)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			_ = resp.Body.Close()
			if resp.StatusCode != c.want {
				t.Errorf("status %d, want %d", resp.StatusCode, c.want)
			}
			if c.want == http.StatusUnauthorized && !strings.HasPrefix(resp.Header.Get("WWW-Authenticate"), "Bearer") {
				t.Errorf("401 without a WWW-Authenticate challenge")
			}
		})
	}
}
