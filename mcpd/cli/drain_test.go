package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os/exec"
	"strings"
	"testing"
	"time"
)

func TestDrainHoldsEOFUntilAnswered(t *testing.T) {
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"tools/call"}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":"a","method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":9,"result":{}}`, // a client's answer to a server request: nothing to wait for
	}, "\n") // no newline after the last line
	var out bytes.Buffer
	d := newDrain(strings.NewReader(in), &out)
	got, err := io.ReadAll(io.LimitReader(d, int64(len(in))))
	if err != nil || string(got) != in {
		t.Fatalf("passed through %q, %v", got, err)
	}
	eof := make(chan error, 1)
	go func() {
		_, err := d.Read(make([]byte, 10))
		eof <- err
	}()
	// Responses arrive split across writes, with a notification in between.
	for _, w := range []string{`{"jsonrpc":"2.0","id":1,"res`, "ult\":{}}\n", `{"jsonrpc":"2.0","method":"notifications/progress"}` + "\n"} {
		if _, err := d.Write([]byte(w)); err != nil {
			t.Fatal(err)
		}
	}
	select {
	case err := <-eof:
		t.Fatalf("EOF (%v) passed while request \"a\" was unanswered", err)
	case <-time.After(50 * time.Millisecond):
	}
	if _, err := d.Write([]byte(`{"jsonrpc":"2.0","id":"a","result":{}}` + "\n")); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-eof:
		if err != io.EOF {
			t.Fatalf("got %v, want EOF", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("EOF held back after every request was answered")
	}
	if !strings.Contains(out.String(), `"id":"a"`) {
		t.Errorf("output not passed through: %q", out.String())
	}
}

// TestPipedStdin: a client that writes its requests and closes stdin at once still gets every
// answer, tool calls included.
func TestPipedStdin(t *testing.T) {
	home := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--home", home)
	cmd.Env = serverCmd(home, "m-pipe").Env
	cmd.Stdin = strings.NewReader(strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"sh","version":"0"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"memory_write","arguments":{"type":"semantic","title":"piped","body":"b"}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"memory_status","arguments":{}}}`,
	}, "\n") + "\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	answered := map[float64]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var m struct {
			ID     float64 `json:"id"`
			Result struct {
				IsError bool `json:"isError"`
			} `json:"result"`
		}
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("stdout line %q: %v", line, err)
		}
		if m.Result.IsError {
			t.Errorf("request %v failed: %s", m.ID, line)
		}
		answered[m.ID] = true
	}
	for _, id := range []float64{1, 2, 3} {
		if !answered[id] {
			t.Errorf("request %v was not answered; stdout: %s", id, out)
		}
	}
}
