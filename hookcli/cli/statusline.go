package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/mattn/go-isatty"

	"github.com/anamnesis-go/anamnesis/core/app"
)

// statuslineCmd prints one line for Claude Code's status line: the notes of the session's project
// and the sync state. Claude Code runs it on every refresh with the session as JSON on stdin, so
// it reads only the index and the sync record (no git, no walk over the notes) and never fails
// loudly: a status line has room for one short line, not for an error report.
var statuslineCmd = &command{
	name:    "statusline",
	summary: "Print one line for Claude Code's status line: notes for this project, captures waiting, sync state (reads the status line's JSON on stdin).",
	usage:   "[--json]",
	setup: func(fs *flag.FlagSet) func(context.Context, *cmdEnv, []string) error {
		asJSON := fs.Bool("json", false, "print the figures as JSON")
		return func(ctx context.Context, e *cmdEnv, args []string) error {
			dir := statuslineDir(e.stdin)
			a, err := e.open(app.Options{Fast: true})
			if err != nil {
				fmt.Fprintf(e.stdout, "anamnesis: %v\n", err)
				return nil
			}
			defer a.Close()
			if !a.Home.Exists() {
				fmt.Fprintln(e.stdout, "anamnesis: no store yet (run anamnesis init)")
				return nil
			}
			s, err := a.StatusLine(ctx, dir)
			if err != nil {
				fmt.Fprintf(e.stdout, "anamnesis: %v\n", firstLine(err.Error()))
				return nil
			}
			if *asJSON {
				return e.printJSON(s)
			}
			fmt.Fprintln(e.stdout, renderStatusLine(s, time.Now()))
			return nil
		}
	},
}

// statuslineDir is the session's directory from Claude Code's status line JSON
// (workspace.current_dir, else cwd), else the process's own.
func statuslineDir(stdin io.Reader) string {
	var in struct {
		Cwd       string `json:"cwd"`
		Workspace struct {
			CurrentDir string `json:"current_dir"`
		} `json:"workspace"`
	}
	if f, ok := stdin.(*os.File); !ok || !isatty.IsTerminal(f.Fd()) {
		data, _ := io.ReadAll(io.LimitReader(stdin, 1<<20))
		_ = json.Unmarshal(data, &in)
	}
	switch {
	case in.Workspace.CurrentDir != "":
		return in.Workspace.CurrentDir
	case in.Cwd != "":
		return in.Cwd
	}
	d, _ := os.Getwd()
	return d
}

// renderStatusLine is the line: "anamnesis: 12 notes here (340 in all) · synced 3m ago".
func renderStatusLine(s app.StatusLine, now time.Time) string {
	parts := []string{fmt.Sprintf("anamnesis: %s here (%d in all)", plural(s.ProjectNotes, "note"), s.Total)}
	if s.Pending > 0 {
		parts = append(parts, plural(s.Pending, "capture")+" waiting")
	}
	switch {
	case !s.Remote:
		parts = append(parts, "local only")
	case s.Failures > 0:
		msg := firstLine(s.LastError)
		if r := []rune(msg); len(r) > 60 {
			msg = string(r[:57]) + "..."
		}
		parts = append(parts, fmt.Sprintf("sync failing (%dx): %s", s.Failures, msg))
	case s.LastSuccess == "":
		parts = append(parts, "never synced")
	default:
		parts = append(parts, "synced "+ago(s.LastSuccess, now))
	}
	return strings.Join(parts, " · ")
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	if strings.HasSuffix(word, "y") && !strings.HasSuffix(word, "ey") {
		return fmt.Sprintf("%d %sies", n, strings.TrimSuffix(word, "y")) // "conflict copies"
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// ago says how long before now an RFC 3339 time was, in the largest whole unit.
func ago(when string, now time.Time) string {
	t, err := time.Parse(time.RFC3339, when)
	if err != nil {
		return when
	}
	d := now.Sub(t)
	switch {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return fmt.Sprintf("%dm ago", int(d/time.Minute))
	case d < 48*time.Hour:
		return fmt.Sprintf("%dh ago", int(d/time.Hour))
	}
	return fmt.Sprintf("%dd ago", int(d/(24*time.Hour)))
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
