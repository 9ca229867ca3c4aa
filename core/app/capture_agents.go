package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/anamnesis-go/anamnesis/core/capture"
	"github.com/anamnesis-go/anamnesis/core/internal/atomicfile"
)

// The other coding agents' sessions are captured by a sweep: the sessions an agent changed since
// the last sweep are spooled and drained like a hook's (see capture.Discover). An agent is swept by
// every sync cycle (the sync runner, "anamnesis sync") once it is watched: "anamnesis init --agent"
// starts watching it from that moment, "anamnesis capture --agent" sweeps it at once (and starts
// watching it), and "uninstall --agent" stops.

// sweepRecord is <home>/agents/<agent>.json: when the agent's sessions were last looked for.
type sweepRecord struct {
	Since time.Time `json:"since"`
}

// CaptureAgentsRequest sweeps agents' sessions. All ignores the last sweep and captures every
// session the agent still keeps (a first backfill). Root, when set, is where the one agent named
// keeps its sessions instead of its default place.
type CaptureAgentsRequest struct {
	Agents []string
	All    bool
	Root   string
}

// AgentSweep is what one agent's sweep found.
type AgentSweep struct {
	Agent    string    `json:"agent"`
	Root     string    `json:"root"`
	Since    time.Time `json:"since,omitzero"` // sessions changed after this were looked for
	Sessions int       `json:"sessions"`       // sessions found changed and spooled
	Error    string    `json:"error,omitempty"`
}

// CaptureAgentsResult is every sweep and the drain that captured what they found.
type CaptureAgentsResult struct {
	Sweeps []AgentSweep        `json:"sweeps"`
	Drain  capture.DrainReport `json:"drain"`
}

// ParseSweptAgents reads an agent list ("codex,opencode", "all") for a sweep.
func ParseSweptAgents(s string) ([]string, error) {
	var out []string
	for _, part := range strings.Split(s, ",") {
		part = strings.ToLower(strings.TrimSpace(part))
		switch {
		case part == "all":
			return slices.Clone(capture.SweptAgents), nil
		case slices.Contains(capture.SweptAgents, part):
			if !slices.Contains(out, part) {
				out = append(out, part)
			}
		case part == capture.AgentClaude:
			return nil, invalidf("claude sessions are captured by Claude Code's own hooks (anamnesis init), not swept; --agent takes %s or all", strings.Join(capture.SweptAgents, ", "))
		default:
			return nil, invalidf("--agent must be one or more of %s, or all; not %q", strings.Join(capture.SweptAgents, ", "), part)
		}
	}
	if len(out) == 0 {
		return nil, invalidf("--agent must name an agent: %s, or all", strings.Join(capture.SweptAgents, ", "))
	}
	return out, nil
}

// CaptureAgents sweeps each agent of r for sessions changed since its last sweep, records the
// sweep, and drains the spool (with the model, when session summaries are on). An agent whose
// sessions cannot be read is reported in its AgentSweep and the others go on.
func (a *App) CaptureAgents(ctx context.Context, r CaptureAgentsRequest) (CaptureAgentsResult, error) {
	var res CaptureAgentsResult
	if r.Root != "" && len(r.Agents) != 1 {
		return res, invalidf("a sessions directory (--root) goes with exactly one --agent")
	}
	for _, agent := range r.Agents {
		res.Sweeps = append(res.Sweeps, a.sweep(ctx, agent, r.Root, r.All))
	}
	if !capture.HasPending(a.Home.Root()) {
		return res, nil
	}
	rep, err := a.Drain(ctx)
	res.Drain = rep
	return res, err
}

// sweep spools agent's sessions changed since its record (all of them with all) and moves the
// record to the time the sweep began: a session written to while it runs is seen again next time.
func (a *App) sweep(ctx context.Context, agent, root string, all bool) AgentSweep {
	sw := AgentSweep{Agent: agent, Root: root}
	if sw.Root == "" {
		r, err := capture.DefaultRoot(agent)
		if err != nil {
			sw.Error = err.Error()
			return sw
		}
		sw.Root = r
	}
	rec, _, err := a.readSweep(agent)
	if err != nil {
		sw.Error = err.Error()
		return sw
	}
	if !all {
		sw.Since = rec.Since
	}
	began := time.Now()
	entries, err := capture.Discover(ctx, agent, sw.Root, sw.Since)
	if err != nil {
		sw.Error = err.Error()
		return sw
	}
	for _, e := range entries {
		if err := a.Enqueue(e); err != nil {
			sw.Error = err.Error()
			return sw // the record stays: the next sweep looks again
		}
		sw.Sessions++
	}
	if err := a.writeSweep(agent, sweepRecord{Since: began}); err != nil {
		sw.Error = err.Error()
	}
	return sw
}

// WatchAgent makes sync cycles sweep agent's sessions from now on (init --agent): sessions from
// before are left alone unless "anamnesis capture --agent X --all" asks for them. An agent already
// watched keeps its record.
func (a *App) WatchAgent(agent string) error {
	if !slices.Contains(capture.SweptAgents, agent) {
		return nil // Claude Code and Cursor: nothing to sweep
	}
	if _, ok, err := a.readSweep(agent); err != nil || ok {
		return err
	}
	return a.writeSweep(agent, sweepRecord{Since: time.Now()})
}

// UnwatchAgent stops sweeping agent (uninstall --agent).
func (a *App) UnwatchAgent(agent string) error {
	err := os.Remove(a.Home.AgentSweep(agent))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("stop capturing %s sessions: %w", agent, err)
	}
	return nil
}

// WatchedAgent is an agent sync cycles sweep, and when its sessions were last looked for.
type WatchedAgent struct {
	Agent string    `json:"agent"`
	Since time.Time `json:"since,omitzero"`
}

// watched lists the watched agents with their last look (a damaged record shows no time).
func (a *App) watched() []WatchedAgent {
	var out []WatchedAgent
	for _, agent := range a.WatchedAgents() {
		rec, _, _ := a.readSweep(agent)
		out = append(out, WatchedAgent{Agent: agent, Since: rec.Since})
	}
	return out
}

// WatchedAgents lists the agents sync cycles sweep.
func (a *App) WatchedAgents() []string {
	var out []string
	for _, agent := range capture.SweptAgents {
		if _, err := os.Stat(a.Home.AgentSweep(agent)); err == nil {
			out = append(out, agent)
		}
	}
	return out
}

// sweepWatched spools the watched agents' changed sessions; a sync cycle's drain then captures
// them. An agent that fails is skipped, as a failed capture never stops a sync.
func (a *App) sweepWatched(ctx context.Context) []AgentSweep {
	var out []AgentSweep
	for _, agent := range a.WatchedAgents() {
		out = append(out, a.sweep(ctx, agent, "", false))
	}
	return out
}

func (a *App) readSweep(agent string) (sweepRecord, bool, error) {
	var rec sweepRecord
	data, err := os.ReadFile(a.Home.AgentSweep(agent))
	if errors.Is(err, fs.ErrNotExist) {
		return rec, false, nil
	} else if err != nil {
		return rec, false, fmt.Errorf("read the %s sweep record: %w", agent, err)
	}
	if err := json.Unmarshal(data, &rec); err != nil {
		// A damaged record: look again from the start rather than never.
		return sweepRecord{}, true, nil
	}
	return rec, true, nil
}

func (a *App) writeSweep(agent string, rec sweepRecord) error {
	path := a.Home.AgentSweep(agent)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("record the %s sweep: %w", agent, err)
	}
	data, _ := json.Marshal(rec)
	if err := atomicfile.WriteNoSync(path, data, 0o600); err != nil {
		return fmt.Errorf("record the %s sweep: %w", agent, err)
	}
	return nil
}
