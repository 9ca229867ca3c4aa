package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"
)

// claudeCLI runs the user's own Claude Code non-interactively: their login, no API key to set up.
// It runs with no tools and no MCP servers, in an empty directory, so the model can only answer.
type claudeCLI struct {
	exe, model string
	timeout    time.Duration
}

func (p *claudeCLI) Label() string {
	if p.model == "" {
		return "claude/default"
	}
	return "claude/" + p.model
}

func (p *claudeCLI) Complete(ctx context.Context, r Request) (string, error) {
	exe := p.exe
	if exe == "" {
		var err error
		if exe, err = exec.LookPath("claude"); err != nil {
			return "", errors.New("the claude provider needs Claude Code's claude command on PATH")
		}
	}
	ctx, cancel := context.WithTimeout(ctx, p.timeout)
	defer cancel()
	dir, err := os.MkdirTemp("", "anamnesis-llm-*")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	args := []string{"-p", "--output-format", "json", "--max-turns", "1", "--strict-mcp-config",
		"--disallowedTools", "Bash,Edit,Write,Read,Glob,Grep,WebFetch,WebSearch,Task,NotebookEdit",
		"--append-system-prompt", r.System}
	if p.model != "" {
		args = append(args, "--model", p.model)
	}
	cmd := exec.CommandContext(ctx, exe, args...)
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(r.Prompt)
	// The hooks of the user's own settings must neither inject memory into this run nor capture
	// it as a session (ANAMNESIS_HOOKS, hookcli/hooks; ANAMNESIS_CAPTURE for older binaries).
	cmd.Env = append(os.Environ(), "ANAMNESIS_HOOKS=off", "ANAMNESIS_CAPTURE=off")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	if ctx.Err() == context.DeadlineExceeded {
		return "", fmt.Errorf("claude -p did not answer within %s", p.timeout)
	}
	var out struct {
		Type    string `json:"type"`
		Subtype string `json:"subtype"`
		IsError bool   `json:"is_error"`
		Result  string `json:"result"`
	}
	if jerr := json.Unmarshal(bytes.TrimSpace(stdout.Bytes()), &out); jerr != nil {
		if err != nil {
			return "", fmt.Errorf("claude -p failed: %v: %s", err, snippet(stderr.Bytes()))
		}
		return "", fmt.Errorf("claude -p printed no result object: %s", snippet(stdout.Bytes()))
	}
	if out.IsError || err != nil {
		return "", fmt.Errorf("claude -p failed (%s): %s", out.Subtype, snippet([]byte(out.Result+" "+stderr.String())))
	}
	if strings.TrimSpace(out.Result) == "" {
		return "", errors.New("claude -p answered with no text")
	}
	return out.Result, nil
}
