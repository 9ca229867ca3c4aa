package app

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/anamnesis-go/anamnesis/core/capture"
	"github.com/anamnesis-go/anamnesis/core/project"
	"github.com/anamnesis-go/anamnesis/core/recall"
)

// Bounds of memory_recall's token budget.
const (
	DefaultRecallBudget = 2000
	MinRecallBudget     = 100
	MaxRecallBudget     = ResultChars / 4 // 8,000: Claude Code warns above 10,000 tokens of tool output and cuts at 25,000
)

// RecallRequest asks for a context bundle: notes relevant to Query (or, without one, the
// project's durable notes), packed into a token budget. BudgetTokens nil means the default.
type RecallRequest struct {
	Query, Project string
	BudgetTokens   *int
}

// Recall packs the notes most relevant to the request. An empty Text means nothing matched.
func (a *App) Recall(ctx context.Context, r RecallRequest) (recall.Bundle, error) {
	budget, err := IntIn("budget_tokens", r.BudgetTokens, DefaultRecallBudget, MinRecallBudget, MaxRecallBudget)
	if err != nil {
		return recall.Bundle{}, err
	}
	st, err := a.Store(ctx)
	if err != nil {
		return recall.Bundle{}, err
	}
	return recall.Recall(ctx, st, recall.Query{Text: r.Query, Project: strings.TrimSpace(r.Project), Budget: recall.Budget{Tokens: budget}})
}

// SessionStartRequest is a Claude Code session starting (or resuming, or cleared) in Cwd.
type SessionStartRequest struct {
	SessionID, Cwd string
	Source         string // startup, resume, clear or compact
	// DrainBudget bounds the capture work done first (so the session that just ended is a note
	// this one can see); zero skips it.
	DrainBudget time.Duration
}

// SessionStartReport is what SessionStart did: the injection and the capture before it.
type SessionStartReport struct {
	recall.Injection
	Capture    capture.DrainReport
	CaptureErr error
}

// SessionStart turns pending captures into notes (within the drain budget), then selects the
// project's memory for the new session and remembers what the session was given, so prompt
// recall does not repeat it. A resumed session keeps what it was given before.
func (a *App) SessionStart(ctx context.Context, r SessionStartRequest) (SessionStartReport, error) {
	var rep SessionStartReport
	st, err := a.Store(ctx)
	if err != nil {
		return rep, err
	}
	if r.DrainBudget > 0 && capture.HasPending(a.Home.Root()) {
		dctx, cancel := context.WithTimeout(ctx, r.DrainBudget)
		// With model summaries on, ended sessions are the detached worker's (see Drain).
		rep.Capture, rep.CaptureErr = capture.DrainWith(dctx, a.Home.Root(), st, capture.DrainOptions{
			Redact: a.redactText, LeaveForModel: a.sessionSummarizer() != nil})
		cancel()
	}
	inj, err := recall.Inject(ctx, st, project.Resolve(ctx, r.Cwd), a.settings().InjectBudget)
	if err != nil {
		return rep, err
	}
	rep.Injection = inj
	if err := recall.GivenFor(a.Home, r.SessionID).Add(inj.IDs, r.Source != "resume"); err != nil {
		return rep, errGivenRecord{err}
	}
	return rep, nil
}

// PromptRequest is a prompt the user submitted in a session working in Cwd.
type PromptRequest struct {
	SessionID, Cwd, Prompt string
}

// Prompt selects the few notes relevant to the prompt that the session does not have yet, and
// records them as given.
func (a *App) Prompt(ctx context.Context, r PromptRequest) (recall.Injection, error) {
	st, err := a.Store(ctx)
	if err != nil {
		return recall.Injection{}, err
	}
	given := recall.GivenFor(a.Home, r.SessionID)
	inj, err := recall.ForPrompt(ctx, st, r.Prompt, project.Resolve(ctx, r.Cwd), given.Read(), a.settings().PromptBudget)
	if err != nil || inj.Text == "" {
		return inj, err
	}
	if err := given.Add(inj.IDs, false); err != nil {
		return inj, errGivenRecord{err}
	}
	return inj, nil
}

// errGivenRecord is a failure to update the session's record of given notes: the answer is still
// good (at worst a note is repeated later), so callers log it and go on.
type errGivenRecord struct{ err error }

func (e errGivenRecord) Error() string {
	return "remember the notes given to the session: " + e.err.Error()
}
func (e errGivenRecord) Unwrap() error { return e.err }

// IsGivenRecordError reports whether err only failed to record what a session was given; the
// result returned with it is complete.
func IsGivenRecordError(err error) bool {
	var g errGivenRecord
	return errors.As(err, &g)
}
