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
			IdempotencyKey: "k1", ProvSource: note.SourceSessionEnd, ProvSession: "sess-1"}
		if deleted {
			n.Status, n.DeletedAt = note.StatusDeleted, updated
		}
		n.ApplyDefaults()
		return note.Marshal(n)
	}
	live := base("a", "2030-01-01T00:00:00+00:00", "original", false)
	forgotten := base("a", "2030-01-01T00:00:00+00:00", "original", true)
	for _, tc := range []struct {
		name          string
		base          []byte
		ours, theirs  []byte
		wantOursWins  bool
		wantCopyState string // "" when no copy is wanted
		wantCopyLive  bool
	}{
		{"newer remote wins", live, base("a", "2030-01-01T00:00:01+00:00", "ours", false), base("b", "2030-01-01T00:00:02+00:00", "theirs", false), false, "edited", true},
		{"newer local wins", live, base("b", "2030-01-01T00:00:03+00:00", "ours", false), base("a", "2030-01-01T00:00:02+00:00", "theirs", false), true, "edited", true},
		{"no base: newer wins", nil, base("b", "2030-01-01T00:00:03+00:00", "ours", false), base("a", "2030-01-01T00:00:02+00:00", "theirs", false), true, "edited", true},
		{"hand-written time compares like the T form", live, base("a", "2030-01-01 00:00:03+00:00", "ours", false), base("b", "2030-01-01T00:00:02+00:00", "theirs", false), true, "edited", true},
		{"tie: greater machine id wins", live, base("zeta", "2030-01-01T00:00:02+00:00", "ours", false), base("alpha", "2030-01-01T00:00:02+00:00", "theirs", false), true, "edited", true},
		{"full tie: bytes decide", live, base("a", "2030-01-01T00:00:02+00:00", "ours-b", false), base("a", "2030-01-01T00:00:02+00:00", "ours-a", false), true, "edited", true},
		// Newest wall clock does not undo a forget: the edit had not seen it, and lives on as a
		// visible conflict note.
		{"a forget wins over a newer edit that had not seen it", live, base("a", "2030-01-01T00:00:01+00:00", "ours", true), base("b", "2030-01-01T00:00:02+00:00", "theirs", false), true, "edited", true},
		{"a forget wins over an older edit", live, base("a", "2030-01-01T00:00:03+00:00", "ours", true), base("b", "2030-01-01T00:00:02+00:00", "theirs", false), true, "edited", true},
		{"a restore made after seeing the forget wins", forgotten, base("a", "2030-01-01T00:00:03+00:00", "ours", true), base("b", "2030-01-01T00:00:02+00:00", "theirs", false), false, "forgotten", false},
		{"two forgets of the same text: no copy", live, base("a", "2030-01-01T00:00:03+00:00", "original", true), base("b", "2030-01-01T00:00:02+00:00", "original", true), true, "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := resolveNote(tc.base, tc.ours, tc.theirs)
			if err != nil {
				t.Fatal(err)
			}
			if r.oursWins != tc.wantOursWins {
				t.Fatalf("oursWins = %v", r.oursWins)
			}
			// The same pair resolved from the other machine's side picks the same file.
			if back, _ := resolveNote(tc.base, tc.theirs, tc.ours); back.oursWins == r.oursWins {
				t.Fatal("resolution depends on which side resolves it")
			}
			c := r.copy
			if tc.wantCopyState == "" {
				if c != nil {
					t.Fatalf("copy made of a version that says nothing new: %+v", c)
				}
				return
			}
			if c.Deleted() == tc.wantCopyLive {
				t.Fatalf("copy deleted = %v, want live = %v", c.Deleted(), tc.wantCopyLive)
			}
			if c.ID == "01JZ0000000000000000000000" || note.ValidateID(c.ID) != nil {
				t.Fatalf("copy id %q", c.ID)
			}
			// The original keeps what finds it: a retried write's key, and the session a later
			// capture of it updates.
			if !c.HasTag(ConflictTag) || !c.HasTag("birds") || c.IdempotencyKey != "" || c.ProvSession != "" {
				t.Fatalf("copy tags/key/session = %v %q %q", c.Tags, c.IdempotencyKey, c.ProvSession)
			}
			if !strings.Contains(c.Title, "01JZ0000000000000000000000") || !strings.Contains(c.Body, tc.wantCopyState) {
				t.Fatalf("copy does not name the original or its state: %q / %q", c.Title, c.Body)
			}
			if err := c.Validate(); err != nil {
				t.Fatalf("copy invalid: %v", err)
			}
		})
	}
	if _, err := resolveNote(nil, []byte("not a note"), base("a", "x", "y", false)); err == nil {
		t.Fatal("an unreadable version should be reported, so the caller keeps both files")
	}
}
