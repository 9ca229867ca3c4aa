package agents

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// sessionNote waits up to wait for the episodic note capture wrote for a session of agent (tags
// session and agent:<agent>) and returns its id and body. Capture may run in a detached worker
// (Gemini's SessionEnd hook), so the store is read again until the note is there.
func sessionNote(t *testing.T, m *machine, agent string, wait time.Duration) (string, string) {
	t.Helper()
	start := time.Now()
	deadline := start.Add(wait)
	var last string
	for {
		last = m.run(t, "anamnesis", "list", "--type", "episodic", "--json")
		var notes []struct {
			ID   string   `json:"id"`
			Tags []string `json:"tags"`
		}
		if err := json.Unmarshal([]byte(last), &notes); err != nil {
			t.Fatalf("list --json: %v\n%s", err, last)
		}
		for _, n := range notes {
			if slices.Contains(n.Tags, "session") && slices.Contains(n.Tags, "agent:"+agent) {
				t.Logf("%s session note %s in the store %.1fs after the client exited (or the capture ran)", agent, n.ID, time.Since(start).Seconds())
				return n.ID, m.run(t, "anamnesis", "show", n.ID)
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no session note tagged agent:%s after %s; episodic notes: %s", agent, wait, last)
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// checkCaptured checks a captured session's note: the user's ask, the command the model ran
// (really run by the client), the note it wrote, and none of the memory the hooks injected.
func checkCaptured(t *testing.T, body, ask string) {
	t.Helper()
	for _, want := range []string{ask, "touch zanzibar.txt"} {
		if !strings.Contains(body, want) {
			t.Errorf("the session note does not mention %q:\n%s", want, body)
		}
	}
	if strings.Contains(body, "Never deploy by hand") {
		t.Errorf("the session note holds the memory the hook injected:\n%s", body)
	}
}

// captureJSON runs "anamnesis capture --agent agent --json" and returns how many sessions it
// found and how many notes it wrote or updated.
func captureJSON(t *testing.T, m *machine, agent string) (found, notes int) {
	t.Helper()
	out := m.run(t, "anamnesis", "capture", "--agent", agent, "--json")
	var res struct {
		Sweeps []struct {
			Sessions int    `json:"sessions"`
			Error    string `json:"error"`
		} `json:"sweeps"`
		Drain struct {
			Written []string
			Updated []string
		} `json:"drain"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("capture --json: %v\n%s", err, out)
	}
	for _, s := range res.Sweeps {
		if s.Error != "" {
			t.Fatalf("capture --agent %s: %s", agent, s.Error)
		}
		found += s.Sessions
	}
	return found, len(res.Drain.Written) + len(res.Drain.Updated)
}

func fmtReqs(reqs []string) string {
	var b strings.Builder
	for i, r := range reqs {
		if len(r) > 400 {
			r = r[:400] + "…"
		}
		fmt.Fprintf(&b, "request %d: %s\n", i+1, r)
	}
	return b.String()
}
