package capture

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/project"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// SessionTag is the tag every session note carries; the event tag (session-end, pre-compact,
// stop) is added to it.
const SessionTag = "session"

// eventTags are the event tags a later capture replaces.
var eventTags = map[string]bool{"session-end": true, "pre-compact": true, "precompact": true, "stop": true}

// Request asks for one session to be captured.
type Request struct {
	SessionID      string
	TranscriptPath string
	Cwd            string // the hook's cwd; the transcript's own cwd wins
	Event          string
	Outcome        string // Stop's last_assistant_message, if any
	Project        string // overrides the project resolved from the cwd
}

// Result says what CaptureSession did.
type Result struct {
	ID      string
	Created bool
	Trivial bool
}

// CaptureSession parses the session's transcript, and writes or updates its one episodic note.
// The transcript being gone is reported as os.ErrNotExist (nothing to capture, ever).
func CaptureSession(ctx context.Context, st *store.Store, req Request) (Result, error) {
	s, err := ParseFile(req.TranscriptPath)
	if err != nil {
		return Result{}, err
	}
	if s.ID == "" {
		s.ID = req.SessionID
	}
	if req.SessionID != "" {
		s.ID = req.SessionID // the hook's id is authoritative; a forked transcript starts with its parent's
	}
	if s.ID == "" {
		return Result{}, errors.New("capture: the session has no id")
	}
	prev, err := st.FindBySession(ctx, s.ID, note.SourceSessionEnd)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return Result{}, err
	}
	if Trivial(s, req.Outcome) {
		// A session judged trivial now may have been captured when it was not (a rewind): keep
		// what was written.
		res := Result{Trivial: true}
		if prev != nil {
			res.ID = prev.ID
		}
		return res, nil
	}
	title, body := Summarize(s, req.Outcome)
	title, body = Redact(title), Redact(body)
	event := req.Event
	if event == "" {
		event = "session-end"
	}
	proj := req.Project
	if proj == "" {
		// The transcript's first cwd is where the session started (the hook's follows "cd"),
		// but it only resolves to the right key if it exists here.
		cwd := req.Cwd
		if s.Cwd != "" && isDir(s.Cwd) {
			cwd = s.Cwd
		}
		if cwd != "" {
			proj = project.Resolve(ctx, cwd)
		}
	}
	if prev == nil {
		n, err := st.Write(ctx, store.WriteInput{
			Type: note.Episodic, Title: title, Body: body, Project: proj,
			Tags: []string{SessionTag, event}, ProvSource: note.SourceSessionEnd, ProvSession: s.ID,
		})
		if err != nil {
			return Result{}, fmt.Errorf("write session note: %w", err)
		}
		return Result{ID: n.ID, Created: true}, nil
	}
	n := prev
	n.Title, n.Body = title, body
	if proj != "" {
		n.Project = proj
	}
	tags := []string{SessionTag, event}
	for _, t := range prev.Tags {
		if t != SessionTag && !eventTags[t] {
			tags = append(tags, t) // tags added later (reflected, a user's label) survive
		}
	}
	n.Tags = note.NormalizeTags(tags)
	n.MachineID = st.MachineID()
	n.UpdatedAt = note.Now()
	if err := st.Put(ctx, n); err != nil {
		return Result{}, fmt.Errorf("update session note %s: %w", n.ID, err)
	}
	return Result{ID: n.ID}, nil
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}
