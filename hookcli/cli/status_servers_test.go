package cli

import (
	"bytes"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/hookcli/resident"
)

func TestRenderServers(t *testing.T) {
	now := time.Date(2026, 11, 23, 10, 5, 30, 0, time.UTC)
	up := resident.State{PID: 4242, Started: now.Add(-5*time.Minute - 30*time.Second), Answered: 1, Binary: "/opt/bin/anamnesis-cli",
		Kept: "own pages locked as used"}
	cases := []struct {
		name   string
		states []resident.State
		on     bool
		want   string
	}{
		{name: "off", on: false, states: []resident.State{up},
			want: "Server:   off (hooks.server); every hook and search starts anamnesis-cli\n"},
		{name: "none running", on: true,
			want: "Server:   not running; the next hook or search starts it\n"},
		{name: "one running", on: true, states: []resident.State{up},
			want: "Server:   running (pid 4242, up 5m30s, 1 request answered) for /opt/bin/anamnesis-cli\n" +
				"          own pages locked as used\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var b bytes.Buffer
			renderServers(&b, c.states, c.on, now)
			if b.String() != c.want {
				t.Fatalf("got\n%s\nwant\n%s", b.String(), c.want)
			}
		})
	}
}

func TestPlural(t *testing.T) {
	for _, c := range []struct {
		n          int
		word, want string
	}{{1, "note", "1 note"}, {2, "note", "2 notes"}, {98, "conflict copy", "98 conflict copies"}, {1, "conflict copy", "1 conflict copy"}, {3, "key", "3 keys"}} {
		if got := plural(c.n, c.word); got != c.want {
			t.Errorf("plural(%d, %q) = %q, want %q", c.n, c.word, got, c.want)
		}
	}
}
