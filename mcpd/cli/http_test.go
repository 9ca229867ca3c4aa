package cli

import (
	"bufio"
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/anamnesis-go/anamnesis/core/config"
)

// bearer adds the token to every request of the go-sdk HTTP client.
type bearer struct {
	token string
	next  http.RoundTripper
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return b.next.RoundTrip(r)
}

// TestHTTPServer runs the binary with --http on an ephemeral loopback port: 401 without the token,
// 403 from a foreign origin, and with the token the go-sdk client lists and calls the tools.
func TestHTTPServer(t *testing.T) {
	home := t.TempDir()
	cmd := serverCmd(home, "m-http", "serve", "--http", "127.0.0.1:0")
	stderr, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	addr := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`serving MCP at (http://\S+/mcp)`)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
		}
	}()
	var url string
	select {
	case url = <-addr:
	case <-time.After(20 * time.Second):
		t.Fatal("the HTTP server did not report its address")
	}
	token, _ := config.ReadFile(home)["http_token"].(string)
	if len(token) < 32 {
		t.Fatalf("no token was generated into config.json: %q", token)
	}
	post := func(auth, origin string) int {
		req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
		return resp.StatusCode
	}
	if got := post("", ""); got != http.StatusUnauthorized {
		t.Errorf("no token: %d", got)
	}
	if got := post("Bearer "+token, "https://attacker.example"); got != http.StatusForbidden {
		t.Errorf("foreign origin: %d", got)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c := mcp.NewClient(&mcp.Implementation{Name: "go-sdk-http", Version: "0"}, nil)
	tr := &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: &http.Client{Transport: bearer{token, http.DefaultTransport}}, DisableStandaloneSSE: true}
	s, err := c.Connect(ctx, tr, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatalf("connect over HTTP: %v", err)
	}
	defer func() { _ = s.Close() }()
	tools, err := s.ListTools(ctx, nil)
	if err != nil || len(tools.Tools) != 8 {
		t.Fatalf("tools over HTTP: %v %v", tools, err)
	}
	var w note
	okJSON(t, s, "memory_write", map[string]any{"type": "semantic", "title": "HTTP works", "body": "over loopback"}, &w)
	if w.MachineID != "m-http" {
		t.Errorf("write over HTTP: %+v", w)
	}
	bad := call(t, s, "memory_write", map[string]any{"type": "fact", "title": "t", "body": "b"})
	if !bad.IsError || !strings.Contains(resultText(bad), "type must be one of procedural, semantic or episodic") {
		t.Errorf("bad argument over HTTP: %q", resultText(bad))
	}
}
