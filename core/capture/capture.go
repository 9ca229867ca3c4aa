package capture

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/project"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// SessionTag is the tag every session note carries; the event tag (session-end, pre-compact,
// stop) is added to it.
const SessionTag = "session"

// eventTags are the event tags a later capture replaces.
var eventTags = map[string]bool{"session-end": true, "pre-compact": true, "precompact": true, "stop": true}

// askKeyPrefix starts the idempotency key of a session note: one note per project and ask.
const askKeyPrefix = "capture-ask:"

// Request asks for one session to be captured.
type Request struct {
	SessionID      string
	TranscriptPath string
	Cwd            string // the hook's cwd; the transcript's own cwd wins
	Event          string
	Outcome        string // Stop's last_assistant_message, if any
	Project        string // overrides the project resolved from the cwd
	// Agent is the coding agent whose session this is (AgentClaude, AgentCodex, ...): it picks
	// the reader of TranscriptPath's format and tags the note agent:<name>. "" reads Claude
	// Code's format and adds no agent tag (entries spooled before agents were recorded).
	Agent string
	// Summarizer, when set, writes the note's title and body with a model; any error from it
	// keeps the heuristic note. Only the drain worker sets it, never a hook.
	Summarizer Summarizer
	// Redact replaces secrets before anything is stored or sent; nil means the built-in rules.
	// The application passes its redactor, which adds the user's redact.patterns.
	Redact func(string) string
}

// Summarizer rewrites a session's heuristic title and body with a model (core/curate has one).
type Summarizer interface {
	// Label names the model, recorded as the note's prov_model.
	Label() string
	SummarizeSession(ctx context.Context, s *Session, title, body string) (newTitle, newBody string, err error)
}

// Skip reasons: why a capture wrote nothing.
const (
	SkipTrivial  = "trivial"  // nothing happened that could matter later
	SkipDisabled = "disabled" // the project is in capture.disabled_projects
)

// Result says what CaptureSession did.
type Result struct {
	ID      string
	Created bool
	Trivial bool   // nothing written: the session is not worth a note (Skipped says why)
	Skipped string // SkipTrivial or SkipDisabled when nothing was written
	Reason  string // why the session was worth a note (ReasonFiles, ...)
	Repeat  bool   // an earlier session's note of the same ask was updated
	// Summarized: the model wrote the note; SummaryErr says why it did not when it was asked to
	// (the heuristic note was written instead).
	Summarized bool
	SummaryErr string
}

// CaptureSession parses the session's transcript and, when the session is worth it, writes or
// updates its one episodic note. A session updates the note it wrote before; a new session whose
// first ask, in the same project, is the same as an earlier session's updates that note instead
// of adding another. The transcript being gone is reported as os.ErrNotExist, a path that is not
// a regular file as ErrNotRegular (nothing to capture, ever).
func CaptureSession(ctx context.Context, st *store.Store, req Request) (Result, error) {
	s, err := parseSession(ctx, req)
	if err != nil {
		return Result{}, err
	}
	if req.SessionID != "" {
		s.ID = req.SessionID // the hook's id is authoritative; a forked transcript starts with its parent's
	}
	if s.ID == "" {
		return Result{}, errors.New("capture: the session has no id")
	}
	outcome := stripPrivate(s, req.Outcome)
	// The transcript's first cwd is where the session started (the hook's follows "cd"), but it
	// only says something if it exists here.
	cwd := req.Cwd
	if s.Cwd != "" && isDir(s.Cwd) {
		cwd = s.Cwd
	}
	proj := req.Project
	if proj == "" && cwd != "" {
		proj = project.Resolve(ctx, cwd)
	}
	if proj != "" && projectDisabled(proj, DisabledProjects(st.Root())) {
		return Result{Trivial: true, Skipped: SkipDisabled}, nil
	}
	prev, err := st.FindBySession(ctx, s.ID, note.SourceSessionEnd)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return Result{}, err
	}
	reason := Assess(s)
	if reason == "" {
		// A session judged trivial now may have been captured when it was not (a rewind): keep
		// what was written.
		res := Result{Trivial: true, Skipped: SkipTrivial}
		if prev != nil {
			res.ID = prev.ID
		}
		return res, nil
	}
	relativize(s, repoRoot(cwd))
	key := askKey(proj, s)
	repeat := false
	if prev == nil && key != "" {
		if prev, err = findByAskKey(ctx, st, proj, key); err != nil {
			return Result{}, err
		}
		repeat = prev != nil
	}
	title, body := Summarize(s, outcome)
	redactText := req.Redact
	if redactText == nil {
		redactText = Redact
	}
	var model, summaryErr string
	if req.Summarizer != nil {
		// The secrets go before anything leaves the machine (the summarizer redacts too).
		t, b, err := req.Summarizer.SummarizeSession(ctx, s, redactText(title), redactText(body))
		if err == nil {
			title, body, model = t, b, req.Summarizer.Label()
		} else {
			summaryErr = fmt.Sprintf("model summary failed (%v); the heuristic note was written", err)
		}
	}
	sessions := 1
	if prev != nil {
		sessions = sessionCount(prev.Body)
		if repeat {
			sessions++
		}
	}
	if sessions > 1 {
		body += fmt.Sprintf("\n\n**Sessions:** %d with this ask in this project; this note describes the latest.", sessions)
	}
	title, body = redactText(title), redactText(body)
	event := req.Event
	if event == "" {
		event = "session-end"
	}
	if prev == nil {
		in := store.WriteInput{
			Type: note.Episodic, Title: title, Body: body, Project: proj,
			Tags: sessionTags(event, req.Agent), ProvSource: note.SourceSessionEnd, ProvSession: s.ID,
			ProvModel: model, IdempotencyKey: key,
		}
		n, err := st.Write(ctx, in)
		if errors.Is(err, store.ErrIdempotencyConflict) || errors.Is(err, store.ErrIdempotencyForgotten) {
			// The note of this ask was forgotten (search no longer shows it, the key still names
			// it): this session gets a note of its own.
			in.IdempotencyKey = ""
			n, err = st.Write(ctx, in)
		}
		if err != nil {
			return Result{}, fmt.Errorf("write session note: %w", err)
		}
		return Result{ID: n.ID, Created: true, Reason: reason, Summarized: model != "", SummaryErr: summaryErr}, nil
	}
	// The note was read before the transcript was summarised (seconds, with a model): a forget,
	// an edit or a tag (reflected) made since must not be written over. The write re-checks the
	// note under the store lock; a changed note is read again and capture's fields re-applied.
	for attempt := 0; ; attempt++ {
		n := *prev
		n.Title, n.Body, n.ProvModel = title, body, model
		if proj != "" {
			n.Project = proj
		}
		// The note now describes this session, so this session's later captures find it by its id.
		n.ProvSession = s.ID
		if n.IdempotencyKey == "" || strings.HasPrefix(n.IdempotencyKey, askKeyPrefix) {
			n.IdempotencyKey = key
		}
		tags := sessionTags(event, req.Agent)
		for _, t := range prev.Tags {
			if t != SessionTag && !eventTags[t] {
				tags = append(tags, t) // tags added later (reflected, a user's label) survive
			}
		}
		n.Tags = note.NormalizeTags(tags)
		n.MachineID = st.MachineID()
		n.UpdatedAt = note.Now()
		base := note.Marshal(prev)
		err := st.PutChecked(ctx, &n, func(cur *note.Note) error {
			if !bytes.Equal(note.Marshal(cur), base) {
				return errNoteChanged
			}
			return nil
		})
		if errors.Is(err, errNoteChanged) && attempt < 3 {
			if prev, err = st.Get(ctx, prev.ID); err != nil {
				return Result{}, fmt.Errorf("re-read session note: %w", err)
			}
			continue
		}
		if err != nil {
			return Result{}, fmt.Errorf("update session note %s: %w", n.ID, err)
		}
		return Result{ID: n.ID, Reason: reason, Repeat: repeat, Summarized: model != "", SummaryErr: summaryErr}, nil
	}
}

// errNoteChanged: the session note changed between capture reading it and writing it.
var errNoteChanged = errors.New("the session note changed while the session was being captured")

// askKey identifies "the same ask in the same project": the first ask, lower-cased, reduced to
// its words. "Run the tests." and "run the tests" are one ask. It is "" without an ask.
func askKey(proj string, s *Session) string {
	if len(s.Asks) == 0 {
		return ""
	}
	words := strings.FieldsFunc(strings.ToLower(s.Asks[0]), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	if len(words) == 0 {
		return ""
	}
	sum := sha256.Sum256([]byte(proj + "\x00" + strings.Join(words, " ")))
	return askKeyPrefix + hex.EncodeToString(sum[:12])
}

// findByAskKey returns the project's live session note of the same ask, or nil.
func findByAskKey(ctx context.Context, st *store.Store, proj, key string) (*note.Note, error) {
	page, err := st.List(ctx, store.ListOptions{Filter: store.Filter{Project: proj, Type: note.Episodic}})
	if err != nil {
		return nil, fmt.Errorf("look up earlier sessions of the same ask: %w", err)
	}
	for _, m := range page.Notes {
		if m.IdempotencyKey == key && m.ProvSource == note.SourceSessionEnd {
			n, err := st.Get(ctx, m.ID)
			if err != nil {
				return nil, fmt.Errorf("read session note %s: %w", m.ID, err)
			}
			return n, nil
		}
	}
	return nil, nil
}

var sessionsRe = regexp.MustCompile(`\*\*Sessions:\*\* (\d+)`)

// sessionCount reads how many sessions a note already stands for (1 when it does not say).
func sessionCount(body string) int {
	if m := sessionsRe.FindStringSubmatch(body); m != nil {
		if n, err := strconv.Atoi(m[1]); err == nil && n > 0 {
			return n
		}
	}
	return 1
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}
