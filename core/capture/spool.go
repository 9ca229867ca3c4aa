package capture

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/anamnesis-go/anamnesis/core/internal/atomicfile"
	"github.com/anamnesis-go/anamnesis/core/lock"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// SpoolDir is the spool's directory under the store root. It is outside memory/, so git never
// sees it.
const SpoolDir = "spool"

// Entry is one request to capture a session, written by a hook in milliseconds and processed
// later by Drain.
type Entry struct {
	SessionID      string `json:"session_id"`
	TranscriptPath string `json:"transcript_path"`
	Cwd            string `json:"cwd"`
	Event          string `json:"event"` // session-end, pre-compact, stop
	Time           string `json:"time"`
	// Outcome is Stop's last_assistant_message, the one reliable copy of the final reply.
	Outcome string `json:"outcome,omitempty"`
	// Agent is the coding agent the session ran in (see Request.Agent); "" for Claude Code
	// entries written before agents were recorded.
	Agent string `json:"agent,omitempty"`

	file string // spool file name, set by Drain
}

// Enqueue records e in the spool under home. It writes a temporary file and renames it, so a
// drainer never reads half an entry; it skips fsync because an entry lost to a power cut only
// loses a summary the next capture of that session rewrites anyway, and the hook must return in
// milliseconds.
func Enqueue(home string, e Entry) (string, error) {
	if e.Time == "" {
		e.Time = time.Now().UTC().Format(time.RFC3339Nano)
	}
	dir := filepath.Join(home, SpoolDir)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("enqueue capture: %w", err)
	}
	data, err := json.Marshal(e)
	if err != nil {
		return "", fmt.Errorf("enqueue capture: %w", err)
	}
	// Names sort by time, so Drain processes a session's entries in the order they happened.
	name := fmt.Sprintf("%019d-%s-%s.json", time.Now().UnixNano(), safeName(e.SessionID), safeName(e.Event))
	// Atomic, so Drain never reads half an entry; not synced, as the hook must return at once and a
	// lost entry costs one capture.
	if err := atomicfile.WriteNoSync(filepath.Join(dir, name), data, 0o600); err != nil {
		return "", fmt.Errorf("enqueue capture: %w", err)
	}
	return name, nil
}

// safeName keeps a session id or event usable in a file name whatever the hook input holds.
func safeName(s string) string {
	s = strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			return r
		}
		return '_'
	}, s)
	if len(s) > 64 {
		s = s[:64]
	}
	if s == "" {
		s = "none"
	}
	return s
}

// Pending lists the spool's entries, oldest first. Unreadable entries are returned with an empty
// SessionID so the caller can discard them.
func Pending(home string) ([]Entry, error) {
	dir := filepath.Join(home, SpoolDir)
	des, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, fmt.Errorf("read spool: %w", err)
	}
	var out []Entry
	for _, de := range des {
		name := de.Name()
		if de.IsDir() || !strings.HasSuffix(name, ".json") || strings.HasPrefix(name, ".") {
			continue
		}
		var e Entry
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err == nil {
			_ = json.Unmarshal(data, &e)
		}
		e.file = name
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].file < out[j].file })
	return out, nil
}

// PendingCount returns how many captures wait in the spool under home (0 when there is no spool).
func PendingCount(home string) (int, error) {
	des, err := os.ReadDir(filepath.Join(home, SpoolDir))
	if errors.Is(err, os.ErrNotExist) {
		return 0, nil
	} else if err != nil {
		return 0, fmt.Errorf("read spool: %w", err)
	}
	n := 0
	for _, de := range des {
		if !de.IsDir() && strings.HasSuffix(de.Name(), ".json") && !strings.HasPrefix(de.Name(), ".") {
			n++
		}
	}
	return n, nil
}

// HasPending reports cheaply whether anything waits in the spool.
func HasPending(home string) bool {
	des, err := os.ReadDir(filepath.Join(home, SpoolDir))
	if err != nil {
		return false
	}
	for _, de := range des {
		if strings.HasSuffix(de.Name(), ".json") && !strings.HasPrefix(de.Name(), ".") {
			return true
		}
	}
	return false
}

// DrainReport says what a Drain did.
type DrainReport struct {
	Written   []string // ids of notes created
	Updated   []string // ids of notes updated
	Trivial   int      // sessions judged not worth a note
	Discarded int      // entries dropped: unreadable, or their transcript is gone
	Disabled  int      // sessions of projects in capture.disabled_projects
	Repeats   int      // sessions that updated an earlier session's note of the same ask
	Left      int      // entries left for the next drain (deadline reached, or lease lost)
	Busy      bool     // another process was draining; nothing done
	TookOver  bool     // the previous drainer was dead or stuck; its lease was taken over
	Errors    []string // one sentence per failed session (their entries stay in the spool)
	// Summarized counts the notes a model wrote; Fallbacks say why the model did not write one
	// it was asked for (the heuristic note was written instead).
	Summarized int `json:",omitempty"`
	// LeftForModel counts the entries of Left that LeaveForModel kept for the worker.
	LeftForModel int      `json:",omitempty"`
	Fallbacks    []string `json:",omitempty"`
}

// DrainOptions are what a drain worker adds to a plain Drain.
type DrainOptions struct {
	// Summarizer writes session notes with a model (see Request.Summarizer); nil keeps the
	// heuristic notes. Never set it where a hook waits: a model takes seconds.
	Summarizer Summarizer
	// Redact is the application's redactor (see Request.Redact); nil means the built-in rules.
	Redact func(string) string
	// LeaveForModel leaves the sessions a model would write (ended or compacted ones) in the
	// spool, counted in Left, for the detached worker that has the model: a drain where a hook
	// waits sets it when summaries are on, so the heuristic does not take them first.
	LeaveForModel bool
}

// Drain processes the spool under home until it is empty, ctx is done or MaxDrain has passed: it
// groups entries by session, captures each session once from its newest entry, and removes the
// entries. Only one process drains at a time; a second one returns at once with Busy set, unless
// the first is gone or stuck, whose lease it then takes over (TookOver).
func Drain(ctx context.Context, home string, st *store.Store) (DrainReport, error) {
	return DrainWith(ctx, home, st, DrainOptions{})
}

// DrainWith is Drain with options.
func DrainWith(ctx context.Context, home string, st *store.Store, opts DrainOptions) (DrainReport, error) {
	var rep DrainReport
	dir := filepath.Join(home, SpoolDir)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return rep, fmt.Errorf("drain spool: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, MaxDrain)
	defer cancel()
	_, hadLease := readLease(filepath.Join(dir, leaseFile))
	l, err := acquireLease(ctx, dir)
	if errors.Is(err, errLeaseBusy) || errors.Is(err, lock.ErrBusy) {
		rep.Busy = true
		return rep, nil
	} else if err != nil {
		return rep, fmt.Errorf("drain spool: %w", err)
	}
	rep.TookOver = hadLease
	defer l.release()
	// Hooks keep enqueueing while this runs; a drainer they spawn finds the lock taken and exits,
	// so new entries are picked up here, in a few more rounds.
	for round := 0; round < 5 && ctx.Err() == nil; round++ {
		entries, err := Pending(home)
		if err != nil {
			return rep, err
		}
		if len(entries) == 0 {
			break
		}
		// Group by session, keeping first-seen order; the newest entry of a session describes it
		// best, and the newest Stop outcome is its final reply.
		var order []string
		groups := map[string][]Entry{}
		removed := 0
		for _, e := range entries {
			if e.SessionID == "" || e.TranscriptPath == "" {
				os.Remove(filepath.Join(dir, e.file))
				rep.Discarded++
				removed++
				continue
			}
			if _, ok := groups[e.SessionID]; !ok {
				order = append(order, e.SessionID)
			}
			groups[e.SessionID] = append(groups[e.SessionID], e)
		}
		for i, sid := range order {
			group := groups[sid]
			if ctx.Err() != nil || !l.held() {
				for _, g := range order[i:] {
					rep.Left += len(groups[g])
				}
				return rep, nil
			}
			if opts.LeaveForModel && group[len(group)-1].Event != "stop" {
				rep.Left += len(group)
				rep.LeftForModel += len(group)
				continue
			}
			res, err := captureGroup(ctx, group, st, opts)
			switch {
			case err != nil && ctx.Err() != nil:
				// Out of time (SessionStart's budget, MaxDrain): not the session's fault.
				for _, g := range order[i:] {
					rep.Left += len(groups[g])
				}
				return rep, nil
			case errors.Is(err, os.ErrNotExist):
				rep.Discarded += len(group)
			case errors.Is(err, ErrNotRegular), errors.Is(err, ErrReadTimeout):
				// Never a transcript, or one that cannot be read (a dead mount): retrying would
				// cost every later drain the same wait. The session's next capture tries again.
				rep.Errors = append(rep.Errors, fmt.Sprintf("session %s: %v (entry dropped)", sid, err))
				rep.Discarded += len(group)
			case err != nil:
				rep.Errors = append(rep.Errors, fmt.Sprintf("session %s: %v", sid, err))
				if time.Since(group[0].queued()) < maxEntryAge {
					continue // keep its entries for a later attempt
				}
				rep.Discarded += len(group) // failing for a week: it will not succeed
			case res.Skipped == SkipDisabled:
				rep.Disabled++
			case res.Trivial:
				rep.Trivial++
			case res.Created:
				rep.Written = append(rep.Written, res.ID)
				rep.count(sid, res)
			case res.ID != "":
				rep.Updated = append(rep.Updated, res.ID)
				rep.count(sid, res)
				if res.Repeat {
					rep.Repeats++
				}
			}
			for _, e := range group {
				os.Remove(filepath.Join(dir, e.file))
				removed++
			}
		}
		if removed == 0 {
			break // only failing sessions are left; they wait for the next drain
		}
	}
	return rep, nil
}

// count records whether a model wrote the session's note.
func (rep *DrainReport) count(sid string, res Result) {
	if res.Summarized {
		rep.Summarized++
	}
	if res.SummaryErr != "" {
		rep.Fallbacks = append(rep.Fallbacks, fmt.Sprintf("session %s: %s", sid, res.SummaryErr))
	}
}

// maxEntryAge is how long entries of a session that keeps failing to capture are retried.
const maxEntryAge = 7 * 24 * time.Hour

// queued is when the entry was enqueued, from its file name (nanoseconds first).
func (e Entry) queued() time.Time {
	var ns int64
	if _, err := fmt.Sscanf(e.file, "%d-", &ns); err != nil {
		return time.Now()
	}
	return time.Unix(0, ns)
}

func captureGroup(ctx context.Context, group []Entry, st *store.Store, opts DrainOptions) (Result, error) {
	last := group[len(group)-1]
	outcome := ""
	for _, e := range group {
		if strings.TrimSpace(e.Outcome) != "" {
			outcome = e.Outcome
		}
	}
	// A Stop outcome is only the final reply if nothing happened after it: a later entry of
	// another kind means the transcript is newer and wins.
	if last.Outcome == "" {
		outcome = ""
	}
	// A model writes the note when the session ends or compacts, not after every turn's Stop:
	// one request per session, not one per reply.
	sum := opts.Summarizer
	if last.Event == "stop" {
		sum = nil
	}
	return CaptureSession(ctx, st, Request{
		SessionID: last.SessionID, TranscriptPath: last.TranscriptPath, Cwd: last.Cwd,
		Event: last.Event, Outcome: outcome, Agent: last.Agent, Summarizer: sum, Redact: opts.Redact,
	})
}
