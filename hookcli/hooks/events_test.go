package hooks

import (
	"strings"
	"testing"
	"time"
)

// A hook Claude Code kills at its timeout loses its output: every handler's own deadline must end
// well before the timeout init registers, leaving room for starting the process and printing.
func TestDeadlinesInsideTimeouts(t *testing.T) {
	const margin = 500 * time.Millisecond
	for _, e := range Events {
		if e.Claude == "" {
			continue
		}
		if e.Timeout%time.Second != 0 {
			t.Errorf("%s: timeout %s is not whole seconds, as settings.json holds it", e.Name, e.Timeout)
		}
		if e.Deadline+margin > e.Timeout {
			t.Errorf("%s: deadline %s leaves less than %s of its %s timeout", e.Name, e.Deadline, margin, e.Timeout)
		}
	}
}

func TestRegistrations(t *testing.T) {
	got := Registrations("/bin/anamnesis --home /h")
	want := []struct {
		event, matcher, command string
		timeout                 int
	}{
		{"SessionStart", "startup|resume|clear|compact", "/bin/anamnesis --home /h hook session-start", 5},
		{"UserPromptSubmit", "", "/bin/anamnesis --home /h hook prompt", 2},
		{"PreCompact", "", "/bin/anamnesis --home /h hook pre-compact", 5},
		{"SessionEnd", "", "/bin/anamnesis --home /h hook session-end", 5},
		{"Stop", "", "/bin/anamnesis --home /h hook stop", 5},
	}
	if len(got) != len(want) {
		t.Fatalf("%d registrations, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		g := got[i]
		if g.Event != w.event || g.Matcher != w.matcher || g.Command != w.command || g.Timeout != w.timeout {
			t.Errorf("registration %d = %+v, want %+v", i, g, w)
		}
	}
	if u := Usage(); u != "session-start|prompt|pre-compact|session-end|stop|drain" {
		t.Errorf("Usage() = %q", u)
	}
	if !strings.HasSuffix(expected(), "stop or drain") {
		t.Errorf("expected() = %q", expected())
	}
}
