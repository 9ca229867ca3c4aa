package cli

import (
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/app"
)

func TestRenderStatusLine(t *testing.T) {
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		in   app.StatusLine
		want string
	}{
		{"local only", app.StatusLine{ProjectNotes: 1, Total: 1}, "anamnesis: 1 note here (1 in all) · local only"},
		{"synced", app.StatusLine{ProjectNotes: 12, Total: 340, Remote: true, LastSuccess: "2026-11-23T11:57:00Z"}, "anamnesis: 12 notes here (340 in all) · synced 3m ago"},
		{"captures waiting, never synced", app.StatusLine{Total: 5, Pending: 2, Remote: true}, "anamnesis: 0 notes here (5 in all) · 2 captures waiting · never synced"},
		{"failing", app.StatusLine{Total: 5, Remote: true, LastSuccess: "2026-11-20T00:00:00Z", Failures: 3, LastError: "fetch: ssh: connect to host example.invalid port 22: Connection refused and more text\nsecond line"},
			"anamnesis: 0 notes here (5 in all) · sync failing (3x): fetch: ssh: connect to host example.invalid port 22: Conn..."},
		{"days", app.StatusLine{Total: 5, Remote: true, LastSuccess: "2026-11-20T11:00:00Z"}, "anamnesis: 0 notes here (5 in all) · synced 3d ago"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := renderStatusLine(tc.in, now); got != tc.want {
				t.Fatalf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}
