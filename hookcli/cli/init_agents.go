package cli

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/anamnesis-go/anamnesis/core/home"
	"github.com/anamnesis-go/anamnesis/hookcli/agentconf"
	"github.com/anamnesis-go/anamnesis/hookcli/claudeconf"
	"github.com/anamnesis-go/anamnesis/hookcli/hooks"
)

// The coding agents other than Claude Code: init --agent registers the MCP server in each one's
// own configuration file (agentconf), running "anamnesis-mcpd serve --agent <name>" so the notes
// written through it are tagged agent:<name>; uninstall --agent removes exactly that entry.

// agentServer is the MCP server entry for agent over the store at h.
func agentServer(mcpd string, h home.Home, agent string) agentconf.Server {
	return agentconf.Server{Command: mcpd, Args: []string{"serve", "--agent", agent},
		Env: map[string]string{home.EnvHome: h.Root()}}
}

// geminiHooks are the hooks Gemini CLI gets: its SessionStart and BeforeAgent events carry the
// fields Claude Code's SessionStart and UserPromptSubmit do (session_id, cwd, source, prompt) and
// take the same hookSpecificOutput.additionalContext answer, so the same handlers inject memory at
// the start of a session and recall it for each prompt. Timeouts are the hook table's, in
// milliseconds as Gemini counts them. Its SessionEnd carries transcript_path, the chat file,
// which "hook --agent gemini session-end" spools for capture in Gemini's format.
func geminiHooks(command string) []agentconf.Hook {
	var out []agentconf.Hook
	for _, e := range hooks.Events {
		ev := map[string]string{"session-start": "SessionStart", "prompt": "BeforeAgent", "session-end": "SessionEnd"}[e.Name]
		if ev == "" {
			continue
		}
		cmd := command + " hook " + e.Name
		if e.Name == "session-end" {
			cmd = command + " hook --agent " + agentconf.Gemini + " " + e.Name
		}
		out = append(out, agentconf.Hook{Event: ev, Command: cmd,
			Name: agentconf.HookNamePrefix + e.Name, Timeout: int(e.Timeout / time.Millisecond)})
	}
	return out
}

// codexHooks are the hooks Codex CLI gets, in its hooks.json: Codex's events and payloads are Claude
// Code's (session_id, transcript_path, cwd, source, prompt; hookSpecificOutput.additionalContext),
// so the same handlers inject and recall; the capture events run with --agent codex, so the
// transcript, Codex's rollout file, is read in Codex's format. Timeouts are the hook table's, in
// seconds, except SessionEnd, which Codex clamps to 3 s.
func codexHooks(command string) []claudeconf.Hook {
	var out []claudeconf.Hook
	for _, e := range hooks.Events {
		if e.Claude == "" {
			continue
		}
		cmd := command + " hook " + e.Name
		switch e.Name {
		case "stop", "pre-compact", "session-end":
			cmd = command + " hook --agent " + agentconf.Codex + " " + e.Name
		}
		timeout := int(e.Timeout / time.Second)
		if e.Claude == "SessionEnd" {
			timeout = min(timeout, 3)
		}
		out = append(out, claudeconf.Hook{Event: e.Claude, Matcher: e.Matcher, Command: cmd, Timeout: timeout})
	}
	return out
}

// planAgents works out the registration with every agent of agents other than Claude. A file that
// exists but cannot be read stops init before anything is written. anamnesis is the binary hooks
// run: the front door when it is installed, as for Claude Code.
func planAgents(h home.Home, mcpd, anamnesis string, agents []string) ([]*agentconf.Edit, error) {
	var out []*agentconf.Edit
	for _, a := range agents {
		if a == agentconf.Claude {
			continue
		}
		path, err := agentconf.ConfigPath(a)
		if err != nil {
			return nil, err
		}
		var hks []agentconf.Hook
		if a == agentconf.Gemini {
			hks = geminiHooks(hookCommand(anamnesis, h.Root()))
		}
		e, err := agentconf.Plan(a, path, claudeconf.ServerName, agentServer(mcpd, h, a), hks)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
		if a == agentconf.Codex {
			hp, err := agentconf.CodexHooksPath()
			if err != nil {
				return nil, err
			}
			he, err := agentconf.PlanCodexHooks(hp, codexHooks(hookCommand(anamnesis, h.Root())))
			if err != nil {
				return nil, err
			}
			out = append(out, he)
		}
	}
	return out, nil
}

// unplanAgents works out the removal of the server from every agent of agents other than Claude.
func unplanAgents(agents []string) ([]*agentconf.Edit, error) {
	var out []*agentconf.Edit
	for _, a := range agents {
		if a == agentconf.Claude {
			continue
		}
		path, err := agentconf.ConfigPath(a)
		if err != nil {
			return nil, err
		}
		e, err := agentconf.Unplan(a, path, claudeconf.ServerName)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
		if a == agentconf.Codex {
			hp, err := agentconf.CodexHooksPath()
			if err != nil {
				return nil, err
			}
			he, err := agentconf.UnplanCodexHooks(hp)
			if err != nil {
				return nil, err
			}
			out = append(out, he)
		}
	}
	return out, nil
}

// applyAgents writes every planned agent edit.
func applyAgents(edits []*agentconf.Edit) error {
	for _, e := range edits {
		if err := e.Apply(); err != nil {
			return fmt.Errorf("%s: %w", e.Agent, err)
		}
	}
	return nil
}

// printAgents shows each agent's edit: verb is what a change does ("register", "remove").
func printAgents(w io.Writer, edits []*agentconf.Edit, written bool, verb, past string) {
	for _, e := range edits {
		state := "up to date"
		switch {
		case !e.Changed && verb == "remove":
			state = "not registered"
		case e.Changed && written:
			state = past
		case e.Changed:
			state = "will " + verb
		}
		what := claudeconf.ServerName
		if e.Key == "hooks" {
			what = "hooks"
		}
		fmt.Fprintf(w, "%-11s %s in %s [%s] (%s)\n", e.Agent+":", what, e.Path, e.Key, state)
		for _, hk := range e.Hooks {
			fmt.Fprintf(w, "            hook %-16s %s (timeout %dms)\n", hk.Event, hk.Command, hk.Timeout)
		}
		if e.Note != "" && verb == "register" {
			fmt.Fprintf(w, "            note: %s\n", e.Note)
		}
	}
}

// wantsClaude reports whether agents includes Claude Code.
func wantsClaude(agents []string) bool { return slices.Contains(agents, agentconf.Claude) }

// offerInstalled asks, at a terminal, whether to wire up the other agents found on this machine as
// well as Claude Code, and returns agents with them added when the answer is yes.
func offerInstalled(e *cmdEnv, agents []string) []string {
	var found []string
	for _, a := range agentconf.Installed() {
		if !slices.Contains(agents, a) {
			found = append(found, a)
		}
	}
	if len(found) == 0 {
		return agents
	}
	if confirm(e.stdout, bufio.NewReader(e.stdin), "Also give "+strings.Join(found, ", ")+" this memory (anamnesis init --agent)?") {
		return append(agents, found...)
	}
	return agents
}
