package app_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/app"
)

// A write retried with its idempotency key returns the note the first attempt wrote, as long as
// that note is live. Once it has been forgotten, the retry reports that and writes nothing: it
// neither passes a forgotten note off as written nor undoes the forget.
func TestIdempotentRetryAfterForget(t *testing.T) {
	a := newApp(t)
	ctx := context.Background()
	req := app.WriteRequest{Type: "semantic", Title: "deploys go through the staging gate", Body: "always", IdempotencyKey: "req-7"}
	first, err := write(a, ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	again, err := write(a, ctx, req)
	if err != nil || again.ID != first.ID {
		t.Fatalf("retry before forget = %v, %v; want note %s", again, err, first.ID)
	}
	if _, err := a.Forget(ctx, first.ID); err != nil {
		t.Fatal(err)
	}
	other := req
	other.Body = "never"
	fresh := req
	fresh.IdempotencyKey = "req-8"
	tests := []struct {
		name    string
		req     app.WriteRequest
		wantErr error  // nil: the write succeeds
		wantMsg string // part of app.Problem's sentence
	}{
		{"same content after forget", req, app.ErrIdempotencyForgotten, "since been forgotten (note " + first.ID},
		{"other content after forget", other, app.ErrIdempotencyConflict, "different content (note " + first.ID},
		{"same content under a new key", fresh, nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := live(t, a)
			n, err := write(a, ctx, tc.req)
			if tc.wantErr == nil {
				if err != nil {
					t.Fatal(err)
				}
				if n.ID == first.ID || n.Deleted() {
					t.Fatalf("a new key gave note %s (deleted %v), want a new live note", n.ID, n.Deleted())
				}
				if got := live(t, a); got != before+1 {
					t.Fatalf("live notes %d -> %d, want one more", before, got)
				}
				return
			}
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("err = %v (note %v), want %v", err, n, tc.wantErr)
			}
			msg, _ := app.Problem(err, nil)
			if !strings.Contains(msg, tc.wantMsg) {
				t.Fatalf("message %q lacks %q", msg, tc.wantMsg)
			}
			if got := live(t, a); got != before {
				t.Fatalf("live notes %d -> %d: a refused retry wrote something", before, got)
			}
			if n, err := a.Show(ctx, first.ID); err != nil || !n.Deleted() {
				t.Fatalf("the forgotten note is now %+v, %v: the forget was undone", n, err)
			}
		})
	}
}

// live counts the live notes.
func live(t *testing.T, a *app.App) int {
	t.Helper()
	p, err := a.List(context.Background(), app.ListRequest{Unbounded: true})
	if err != nil {
		t.Fatal(err)
	}
	return len(p.Results)
}
