package cli

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/anamnesis-go/anamnesis/core/app"
)

// renderStatus prints "anamnesis status" for people: counts in words, biggest first, and the sync
// state as a sentence saying what, if anything, to do. --json prints the raw record instead.
func renderStatus(w io.Writer, st app.Status, spool string, now time.Time) {
	fmt.Fprintf(w, "Store:    %s (machine %s)\n", st.Root, st.MachineID)
	if st.ConfigError != "" {
		fmt.Fprintf(w, "Warning:  %s; settings are the defaults until it is fixed\n", st.ConfigError)
	}
	notes := plural(st.Total, "note")
	if st.Total > 0 {
		notes += " — " + counts(st.ByType, 0) + "; " + plural(len(st.ByProject), "project")
		if local := st.ByScope["machine-local"]; local > 0 {
			notes += fmt.Sprintf("; %d machine-local (never synced)", local)
		}
	}
	fmt.Fprintf(w, "Notes:    %s\n", notes)
	var extra []string
	if st.Deleted > 0 {
		extra = append(extra, fmt.Sprintf("%d forgotten", st.Deleted))
	}
	if st.Conflicts > 0 {
		extra = append(extra, plural(st.Conflicts, "conflict copy")+" to resolve (tag conflict)")
	}
	if len(extra) > 0 {
		fmt.Fprintf(w, "          %s\n", strings.Join(extra, ", "))
	}
	if len(st.ByProject) > 1 {
		fmt.Fprintf(w, "          by project: %s\n", counts(st.ByProject, 5))
	}
	switch st.CapturePending {
	case 0:
		fmt.Fprintln(w, "Capture:  nothing waiting")
	default:
		fmt.Fprintf(w, "Capture:  %s waiting in %s (they become notes at the next session start, or now with: anamnesis hook drain)\n",
			plural(st.CapturePending, "session"), spool)
	}
	if len(st.CaptureAgents) > 0 {
		var parts, names []string
		for _, wa := range st.CaptureAgents {
			names = append(names, wa.Agent)
			p := wa.Agent
			if !wa.Since.IsZero() {
				p += " (last looked " + ago(wa.Since.UTC().Format(time.RFC3339), now) + ")"
			}
			parts = append(parts, p)
		}
		fmt.Fprintf(w, "          sessions of %s are captured at each sync or session start (now with: anamnesis capture --agent %s)\n",
			strings.Join(parts, ", "), strings.Join(names, ","))
	}
	fmt.Fprintf(w, "Sync:     %s\n", syncSentence(st, now))
}

// syncSentence is the sync state in one line, with the action it calls for.
func syncSentence(st app.Status, now time.Time) string {
	s := st.Sync
	if s.Remote == nil {
		return "local only (no remote; add one with: anamnesis init --remote URL)"
	}
	var b strings.Builder
	b.WriteString("remote " + *s.Remote)
	if s.Branch != "" {
		b.WriteString(" (branch " + s.Branch + ")")
	}
	if !s.Initialized {
		b.WriteString("; not set up yet (the first anamnesis sync sets it up)")
		return b.String()
	}
	if s.Head != "" {
		b.WriteString(", at " + s.Head)
	}
	if s.Dirty {
		b.WriteString(", changes not yet committed")
	}
	if s.Detail != "" && s.Detail != "ok" {
		b.WriteString("; " + s.Detail)
	}
	switch {
	case !s.Syncing && s.Problem != "":
		// One plain sentence on why this machine is not syncing (the engine's judgement).
		fmt.Fprintf(&b, "\n          NOT SYNCING: %s; last success: %s", s.Problem, whenAgo(s.LastSuccess, now))
	case s.LastError != "":
		fmt.Fprintf(&b, "\n          last success: %s; failing since: %s", whenAgo(s.LastSuccess, now), firstLine(s.LastError))
	case s.LastSuccess != "":
		b.WriteString("; syncing, last synced " + whenAgo(s.LastSuccess, now))
	default:
		b.WriteString("; never synced yet (run: anamnesis sync)")
	}
	if s.NextRun != "" {
		b.WriteString("; next run " + s.NextRun)
	}
	return b.String()
}

// whenAgo is an RFC 3339 time as "2026-11-23 10:02 UTC (3m ago)", or "never".
func whenAgo(ts string, now time.Time) string {
	if ts == "" {
		return "never"
	}
	t, err := time.Parse(time.RFC3339, ts)
	if err != nil {
		return ts
	}
	return fmt.Sprintf("%s (%s)", t.UTC().Format("2006-01-02 15:04 UTC"), ago(ts, now))
}

// counts lists a count map biggest first ("5 procedural, 4 semantic"), at most limit entries
// (0: all; the rest summed as "N in M more").
func counts(m map[string]int, limit int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	n := len(keys)
	if limit > 0 && limit < n {
		n = limit
	}
	parts := make([]string, 0, n+1)
	for _, k := range keys[:n] {
		parts = append(parts, fmt.Sprintf("%d %s", m[k], k))
	}
	if rest := len(keys) - n; rest > 0 {
		left := 0
		for _, k := range keys[n:] {
			left += m[k]
		}
		parts = append(parts, fmt.Sprintf("%d in %d more", left, rest))
	}
	return strings.Join(parts, ", ")
}
