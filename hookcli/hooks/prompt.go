package hooks

import (
	"context"

	"github.com/anamnesis-go/anamnesis/core/app"
)

// prompt adds the few notes relevant to the user's prompt that the session does not have yet.
func prompt(ctx context.Context, h *env) error {
	defer h.catchUp() // after the answer is written: the prompt never waits for the walk
	h.logIgnored()
	inj, err := h.app.Prompt(ctx, app.PromptRequest{SessionID: h.in.SessionID, Cwd: h.cwd(), Prompt: h.in.Prompt})
	switch {
	case app.IsGivenRecordError(err):
		h.logf("%v", err) // the recall is complete; at worst a note is repeated later
	case err != nil:
		return err
	}
	if inj.Text == "" {
		return nil
	}
	return h.printContext("UserPromptSubmit", inj.Text)
}
