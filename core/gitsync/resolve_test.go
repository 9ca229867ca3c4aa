package gitsync

import (
	"strings"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/note"
)

func TestResolveNote(t *testing.T) {
	base := func(mid, updated, body string, deleted bool) []byte {
		n := &note.Note{ID: "01JZ0000000000000000000000", Type: note.Semantic, Title: "heron", Project: "global",
			MachineID: mid, Body: body, CreatedAt: "2030-01-01T00:00:00+00:00", UpdatedAt: updated, Tags: []string{"birds"},
			IdempotencyKey: "k1"}
		if deleted {
			n.Status, n.DeletedAt = note.StatusDeleted, updated
		}
		n.ApplyDefaults()
		return note.Marshal(n)
	}
	for _, tc := range []struct {
		name          string
		ours, theirs  []byte
		wantOursWins  bool
		wantCopyState string
	}{
		{"newer remote wins", base("a", "2030-01-01T00:00:01+00:00", "ours", false), base("b", "2030-01-01T00:00:02+00:00", "theirs", false), false, "edited"},
		{"newer local wins", base("b", "2030-01-01T00:00:03+00:00", "ours", false), base("a", "2030-01-01T00:00:02+00:00", "theirs", false), true, "edited"},
		{"hand-written time compares like the T form", base("a", "2030-01-01 00:00:03+00:00", "ours", false), base("b", "2030-01-01T00:00:02+00:00", "theirs", false), true, "edited"},
		{"tie: greater machine id wins", base("zeta", "2030-01-01T00:00:02+00:00", "ours", false), base("alpha", "2030-01-01T00:00:02+00:00", "theirs", false), true, "edited"},
		{"full tie: bytes decide", base("a", "2030-01-01T00:00:02+00:00", "ours-b", false), base("a", "2030-01-01T00:00:02+00:00", "ours-a", false), true, "edited"},
		{"older forget loses and is kept", base("a", "2030-01-01T00:00:01+00:00", "ours", true), base("b", "2030-01-01T00:00:02+00:00", "theirs", false), false, "forgotten"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := resolveNote(tc.ours, tc.theirs)
			if err != nil {
				t.Fatal(err)
			}
			if r.oursWins != tc.wantOursWins {
				t.Fatalf("oursWins = %v", r.oursWins)
			}
			// The same pair resolved from the other machine's side picks the same file.
			if back, _ := resolveNote(tc.theirs, tc.ours); back.oursWins == r.oursWins {
				t.Fatal("resolution depends on which side resolves it")
			}
			c := r.copy
			if c.ID == "01JZ0000000000000000000000" || note.ValidateID(c.ID) != nil {
				t.Fatalf("copy id %q", c.ID)
			}
			if !c.HasTag(ConflictTag) || !c.HasTag("birds") || c.IdempotencyKey != "" {
				t.Fatalf("copy tags/key = %v %q", c.Tags, c.IdempotencyKey)
			}
			if !strings.Contains(c.Title, "01JZ0000000000000000000000") || !strings.Contains(c.Body, tc.wantCopyState) {
				t.Fatalf("copy does not name the original or its state: %q / %q", c.Title, c.Body)
			}
			if err := c.Validate(); err != nil {
				t.Fatalf("copy invalid: %v", err)
			}
		})
	}
	if _, err := resolveNote([]byte("not a note"), base("a", "x", "y", false)); err == nil {
		t.Fatal("an unreadable version should be reported, so the caller keeps both files")
	}
}
