package capture

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

func openStore(t *testing.T) (*store.Store, string) {
	t.Helper()
	home := t.TempDir()
	st, err := store.Open(context.Background(), home, store.Options{MachineID: "test"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st, home
}

func fixture(t *testing.T, name string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func sessionNotes(t *testing.T, st *store.Store) []*note.Note {
	t.Helper()
	page, err := st.List(context.Background(), store.ListOptions{Filter: store.Filter{Type: note.Episodic}})
	if err != nil {
		t.Fatal(err)
	}
	return page.Notes
}

func TestSameSessionCapturedThreeTimesIsOneNote(t *testing.T) {
	ctx := context.Background()
	st, home := openStore(t)
	const sid = "5f1c2d3e-0000-4000-8000-00000000abcd"
	// A copy of the transcript that grows between captures, as a live session's does.
	tr := filepath.Join(t.TempDir(), sid+".jsonl")
	full, _ := os.ReadFile(fixture(t, "tools.jsonl"))
	lines := strings.SplitAfter(string(full), "\n")
	var ids []string
	for i, ev := range []string{"pre-compact", "stop", "session-end"} {
		upto := len(lines) * (i + 1) / 3
		if err := os.WriteFile(tr, []byte(strings.Join(lines[:upto], "")), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := Enqueue(home, Entry{SessionID: sid, TranscriptPath: tr, Cwd: "/home/u/src/proj", Event: ev}); err != nil {
			t.Fatal(err)
		}
		rep, err := Drain(ctx, home, st)
		if err != nil || len(rep.Errors) > 0 {
			t.Fatalf("drain %d: %v %v", i, err, rep.Errors)
		}
		ids = append(ids, append(rep.Written, rep.Updated...)...)
	}
	notes := sessionNotes(t, st)
	if len(notes) != 1 {
		t.Fatalf("got %d episodic notes, want 1", len(notes))
	}
	if len(ids) != 3 || ids[0] != ids[1] || ids[1] != ids[2] || ids[0] != notes[0].ID {
		t.Errorf("captures touched %v, want the same note three times", ids)
	}
	n, err := st.Get(ctx, notes[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if n.ProvSource != note.SourceSessionEnd || n.ProvSession != sid || n.Type != note.Episodic {
		t.Errorf("provenance = %s %s %s", n.ProvSource, n.ProvSession, n.Type)
	}
	if !n.HasTag("session") || !n.HasTag("session-end") || n.HasTag("pre-compact") {
		t.Errorf("tags = %v, want [session session-end]", n.Tags)
	}
	if !strings.Contains(n.Body, "**Outcome:** Done: busy_timeout") {
		t.Errorf("the last capture should see the whole transcript:\n%s", n.Body)
	}
	if strings.Contains(n.Body, "abc123xyz") || !strings.Contains(n.Body, "MY_APP_TOKEN=[REDACTED:") {
		t.Errorf("the token in a command was not redacted:\n%s", n.Body)
	}
	if strings.Contains(n.Body, "SECRET INJECTED CONTEXT") || strings.Contains(n.Body, "SUBAGENT") {
		t.Errorf("injected context or a subagent leaked into the note:\n%s", n.Body)
	}
	if p, _ := Pending(home); len(p) != 0 {
		t.Errorf("spool not empty after drain: %d entries", len(p))
	}
}

func TestDrainUpdateKeepsLaterTagsAndBumpsUpdatedAt(t *testing.T) {
	ctx := context.Background()
	st, _ := openStore(t)
	req := Request{SessionID: "S1", TranscriptPath: fixture(t, "compaction.jsonl"), Event: "pre-compact", Project: "p"}
	r1, err := CaptureSession(ctx, st, req)
	if err != nil || !r1.Created {
		t.Fatalf("first capture: %+v %v", r1, err)
	}
	n, _ := st.Get(ctx, r1.ID)
	n.Tags = append(n.Tags, "reflected")
	n.UpdatedAt = "2020-01-01T00:00:00+00:00"
	if err := st.Put(ctx, n); err != nil {
		t.Fatal(err)
	}
	req.Event = "session-end"
	r2, err := CaptureSession(ctx, st, req)
	if err != nil || r2.Created || r2.ID != r1.ID {
		t.Fatalf("second capture: %+v %v", r2, err)
	}
	n, _ = st.Get(ctx, r1.ID)
	if !n.HasTag("reflected") || !n.HasTag("session-end") || n.HasTag("pre-compact") {
		t.Errorf("tags = %v", n.Tags)
	}
	if n.UpdatedAt <= "2020-01-01T00:00:00+00:00" {
		t.Errorf("updated_at not bumped: %s", n.UpdatedAt)
	}
}

func TestDrainSkipsTrivialAndMissing(t *testing.T) {
	ctx := context.Background()
	st, home := openStore(t)
	Enqueue(home, Entry{SessionID: "trivial", TranscriptPath: fixture(t, "slash-only.jsonl"), Event: "session-end"})
	Enqueue(home, Entry{SessionID: "gone", TranscriptPath: filepath.Join(t.TempDir(), "nope.jsonl"), Event: "session-end"})
	Enqueue(home, Entry{SessionID: "", TranscriptPath: "", Event: "stop"})
	os.WriteFile(filepath.Join(home, SpoolDir, "0-garbage.json"), []byte("{not json"), 0o600)
	rep, err := Drain(ctx, home, st)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Trivial != 1 || rep.Discarded != 3 || len(rep.Written) != 0 {
		t.Errorf("report = %+v, want 1 trivial, 3 discarded, nothing written", rep)
	}
	if n := len(sessionNotes(t, st)); n != 0 {
		t.Errorf("%d notes written for trivial or missing sessions", n)
	}
	if HasPending(home) {
		t.Error("spool not emptied")
	}
}

func TestStopOutcomeUsedOnlyWhenNewest(t *testing.T) {
	ctx := context.Background()
	st, home := openStore(t)
	tr := fixture(t, "compaction.jsonl")
	Enqueue(home, Entry{SessionID: "S", TranscriptPath: tr, Event: "stop", Outcome: "Reply from the Stop hook."})
	if _, err := Drain(ctx, home, st); err != nil {
		t.Fatal(err)
	}
	n, err := st.FindBySession(ctx, "S", note.SourceSessionEnd)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(n.Body, "**Outcome:** Reply from the Stop hook.") {
		t.Errorf("Stop's last_assistant_message not used:\n%s", n.Body)
	}
}

func TestDrainIsExclusive(t *testing.T) {
	st, home := openStore(t)
	Enqueue(home, Entry{SessionID: "S", TranscriptPath: fixture(t, "compaction.jsonl"), Event: "stop"})
	// Hold the drain lease as another live drainer would.
	l, err := acquireLease(context.Background(), filepath.Join(home, SpoolDir))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Drain(context.Background(), home, st)
	if err != nil {
		t.Fatal(err)
	}
	l.release()
	if !rep.Busy || !HasPending(home) {
		t.Errorf("a second drainer must back off: %+v", rep)
	}
}

func TestEntryQueuedTime(t *testing.T) {
	home := t.TempDir()
	before := time.Now()
	if _, err := Enqueue(home, Entry{SessionID: "S", TranscriptPath: "/x", Event: "stop"}); err != nil {
		t.Fatal(err)
	}
	es, err := Pending(home)
	if err != nil || len(es) != 1 {
		t.Fatalf("pending: %v %v", es, err)
	}
	if q := es[0].queued(); q.Before(before.Add(-time.Second)) || q.After(time.Now().Add(time.Second)) {
		t.Errorf("queued() = %v, enqueued at %v", q, before)
	}
}
