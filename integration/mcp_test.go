package integration

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// mcpEnv is the part of a script's environment an MCP server needs; testscript does not expose
// the whole of it to custom commands.
var mcpEnv = []string{"PATH", "HOME", "TMPDIR", "WORK", "ANAMNESIS_HOME", "ANAMNESIS_MACHINE_ID",
	"ANAMNESIS_GIT_REMOTE", "GIT_SSH_COMMAND", "GIT_CONFIG_NOSYSTEM", "GIT_CONFIG_GLOBAL",
	"GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL", "GIT_TERMINAL_PROMPT"}

const mcpCallTimeout = time.Minute

// mcpsession FILE: one stdio session with the real anamnesis-mcpd, as Claude Code holds one:
// initialize, then a tools/call per line of FILE ("TOOL {json arguments}"), each answered before
// the next is sent. Prints one line per call: "TOOL ok|error <result JSON>". Fails if the server
// dies or does not answer.
func cmdMCPSession(ts *testscript.TestScript, neg bool, args []string) {
	usage(ts, neg, len(args) == 1, "mcpsession FILE")
	var calls [][2]string
	for _, line := range strings.Split(ts.ReadFile(args[0]), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		tool, arg, _ := strings.Cut(line, " ")
		if strings.TrimSpace(arg) == "" {
			arg = "{}"
		}
		if !json.Valid([]byte(arg)) {
			ts.Fatalf("mcpsession: arguments of %s are not JSON: %s", tool, arg)
		}
		calls = append(calls, [2]string{tool, arg})
	}

	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(len(calls)+1)*mcpCallTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "anamnesis-mcpd")
	cmd.Dir = ts.MkAbs(".")
	for _, k := range mcpEnv {
		if v := ts.Getenv(k); v != "" {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	in, err := cmd.StdinPipe()
	ts.Check(err)
	outPipe, err := cmd.StdoutPipe()
	ts.Check(err)
	if err := cmd.Start(); err != nil {
		ts.Fatalf("mcpsession: start anamnesis-mcpd: %v", err)
	}
	defer func() {
		_ = in.Close()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				ts.Logf("anamnesis-mcpd exited: %v", err)
			}
		case <-time.After(10 * time.Second):
			cancel()
			ts.Fatalf("mcpsession: anamnesis-mcpd did not exit when its stdin closed")
		}
		if stderr.Len() > 0 {
			ts.Logf("[anamnesis-mcpd stderr]\n%s", stderr.String())
		}
	}()
	s := &rpc{w: in, r: bufio.NewReader(outPipe)}

	if _, err := s.call("initialize", map[string]any{
		"protocolVersion": "2025-06-18",
		"capabilities":    map[string]any{},
		"clientInfo":      map[string]any{"name": "anamnesis-integration", "version": "1"},
	}); err != nil {
		ts.Fatalf("mcpsession: initialize: %v", err)
	}
	ts.Check(s.notify("notifications/initialized"))
	out := ts.Stdout()
	for _, c := range calls {
		res, err := s.call("tools/call", map[string]any{"name": c[0], "arguments": json.RawMessage(c[1])})
		if err != nil {
			ts.Fatalf("mcpsession: %s: %v", c[0], err)
		}
		var r struct {
			IsError bool `json:"isError"`
		}
		_ = json.Unmarshal(res, &r)
		status := "ok"
		if r.IsError {
			status = "error"
		}
		_, _ = fmt.Fprintf(out, "%s %s %s\n", c[0], status, res)
	}
}

// rpc is a minimal JSON-RPC 2.0 client over newline-delimited JSON (MCP's stdio transport).
// Responses may arrive out of order and interleaved with notifications; call waits for its id.
type rpc struct {
	w      io.Writer
	r      *bufio.Reader
	nextID int
}

func (c *rpc) notify(method string) error {
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": method})
	_, err := c.w.Write(append(b, '\n'))
	return err
}

func (c *rpc) call(method string, params any) (json.RawMessage, error) {
	c.nextID++
	id := c.nextID
	b, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	if err != nil {
		return nil, err
	}
	if _, err := c.w.Write(append(b, '\n')); err != nil {
		return nil, fmt.Errorf("send: %w", err)
	}
	for {
		line, err := c.r.ReadBytes('\n')
		if err != nil {
			return nil, fmt.Errorf("the server closed its output before answering: %w", err)
		}
		var msg struct {
			ID     *int            `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  *struct {
				Code    int    `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal(line, &msg); err != nil {
			return nil, fmt.Errorf("the server wrote something that is not JSON-RPC: %q", line)
		}
		if msg.ID == nil || *msg.ID != id {
			continue // a notification, or a request of the server's we do not serve
		}
		if msg.Error != nil {
			return nil, fmt.Errorf("error %d: %s", msg.Error.Code, msg.Error.Message)
		}
		return msg.Result, nil
	}
}
