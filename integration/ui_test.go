package integration

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

var loginURL = regexp.MustCompile(`^open (http://\S+/login\?code=[0-9a-f]+)$`)

// uisession: start "anamnesis ui --addr 127.0.0.1:0" as a user would (anamnesis runs the separate
// anamnesis-ui binary), sign in with the one-time URL it prints, fetch the overview page, then
// interrupt the anamnesis process alone, the way a service manager stops it. Prints
// "login <status>", the page's text, "stopped <exit code>" and "port closed" or "port open".
func cmdUISession(ts *testscript.TestScript, neg bool, args []string) {
	usage(ts, neg, len(args) == 0, "uisession")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "anamnesis", "ui", "--addr", "127.0.0.1:0")
	cmd.Dir = ts.MkAbs(".")
	for _, k := range mcpEnv {
		if v := ts.Getenv(k); v != "" {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	outPipe, err := cmd.StdoutPipe()
	ts.Check(err)
	if err := cmd.Start(); err != nil {
		ts.Fatalf("uisession: start anamnesis ui: %v", err)
	}
	defer func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
		if stderr.Len() > 0 {
			ts.Logf("[anamnesis ui stderr]\n%s", stderr.String())
		}
	}()

	urls := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(outPipe)
		for sc.Scan() {
			if m := loginURL.FindStringSubmatch(sc.Text()); m != nil {
				urls <- m[1]
			}
		}
		close(urls)
		_, _ = io.Copy(io.Discard, outPipe)
	}()
	var login string
	select {
	case u, ok := <-urls:
		if !ok {
			ts.Fatalf("uisession: anamnesis ui ended without printing a login URL")
		}
		login = u
	case <-ctx.Done():
		ts.Fatalf("uisession: no login URL within the deadline")
	}

	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar, Timeout: 30 * time.Second}
	resp, err := client.Get(login)
	if err != nil {
		ts.Fatalf("uisession: GET %s: %v", login, err)
	}
	body, _ := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	out := ts.Stdout()
	_, _ = fmt.Fprintf(out, "login %d\n%s\n", resp.StatusCode, body)

	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		ts.Fatalf("uisession: interrupt: %v", err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		code := 0
		if err != nil {
			code = -1
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			}
		}
		_, _ = fmt.Fprintf(out, "stopped %d\n", code)
	case <-time.After(30 * time.Second):
		ts.Fatalf("uisession: anamnesis ui did not stop within 30 s of an interrupt")
	}
	host := strings.TrimPrefix(strings.SplitN(login, "/login", 2)[0], "http://")
	if c, err := net.DialTimeout("tcp", host, 2*time.Second); err == nil {
		_ = c.Close()
		_, _ = fmt.Fprintln(out, "port open")
	} else {
		_, _ = fmt.Fprintln(out, "port closed")
	}
}
