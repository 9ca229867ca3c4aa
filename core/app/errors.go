package app

import (
	"errors"
	"fmt"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/lock"
	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// InvalidError is bad input. Its message is one sentence saying what was wrong and what is
// allowed, worded so that every front end can show it as it is: it begins with the parameter's
// name as a caller spells it ("k must be between 1 and 100, not 0").
type InvalidError struct{ Msg string }

func (e *InvalidError) Error() string { return e.Msg }

// Unwrap makes every InvalidError a note.ErrInvalid, like the note package's own validation.
func (e *InvalidError) Unwrap() error { return note.ErrInvalid }

func invalidf(format string, args ...any) error {
	return &InvalidError{Msg: fmt.Sprintf(format, args...)}
}

// Problem is the one sentence a front end shows for err, and whether it is the caller's mistake
// (bad input, an unknown id) rather than a failure. The hint names what to do next, in the
// front end's own words (a tool name, a command).
func Problem(err error, hint map[error]string) (msg string, invalid bool) {
	var ie *InvalidError
	switch {
	case errors.As(err, &ie):
		return ie.Msg, true
	case errors.Is(err, note.ErrInvalid):
		return strings.TrimPrefix(err.Error(), note.ErrInvalid.Error()+": "), true
	}
	for target, h := range hint {
		if errors.Is(err, target) {
			return err.Error() + "; " + h, true
		}
	}
	return err.Error(), false
}

// Errors a caller can act on, re-exported so front ends need not import the store for them.
var (
	ErrNotFound            = store.ErrNotFound
	ErrIdempotencyConflict = store.ErrIdempotencyConflict
	// ErrIdempotencyForgotten: a retried write whose note was forgotten since; nothing is written.
	ErrIdempotencyForgotten = store.ErrIdempotencyForgotten
	// ErrBusy: another process held the store lock past the wait; the call may be retried.
	ErrBusy = lock.ErrBusy
)
