package agents

import (
	"net"
	"net/http"
	"os/exec"
	"slices"
	"sync"
	"testing"
	"time"
)

// recorder keeps the request bodies a stand-in model API received, for the test to read after
// the client has finished.
type recorder struct {
	mu       sync.Mutex
	requests []string
}

// record adds one request body and returns how many have arrived, this one included.
func (r *recorder) record(body []byte) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.requests = append(r.requests, string(body))
	return len(r.requests)
}

// all is every request body received so far.
func (r *recorder) all() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.requests)
}

// serve runs h on 127.0.0.1 until the test ends and returns its base URL ("http://host:port").
func serve(t *testing.T, h http.Handler) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return "http://" + ln.Addr().String()
}

// runClient runs an agent's CLI to its end and returns its output. It fails the test, with the
// output's last lines, when the client exits non-zero or is still running after limit.
func runClient(t *testing.T, name string, cmd *exec.Cmd, limit time.Duration) []byte {
	t.Helper()
	done := make(chan struct{})
	var out []byte
	var err error
	go func() { out, err = cmd.CombinedOutput(); close(done) }()
	select {
	case <-done:
	case <-time.After(limit):
		_ = cmd.Process.Kill()
		t.Fatalf("%s did not finish", name)
	}
	if err != nil {
		t.Fatalf("%s: %v\n%s", name, err, lastLines(string(out), 20))
	}
	return out
}
