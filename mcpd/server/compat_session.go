package server

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/note"
)

// Work sessions of the compat profile: start_session, end_session, get_sessions. A session is an
// episodic note of the project tagged "session" and "session-active" (or "session-ended"); its id
// is the note's id. Its fields live in the note's body as "- key: value" lines followed by Files
// and Tasks lists, readable as markdown and read back by parseSession.

const (
	sessionTag    = "session"
	sessionActive = "session-active"
	sessionEnded  = "session-ended"
	// sessionLinkPrefix tags a decision with the session it was recorded in.
	sessionLinkPrefix = "session:"

	sessionsDefaultLimit = 10
	sessionsMaxLimit     = 100
)

// session is a work session as the compat tools return it.
type session struct {
	SessionID string   `json:"session_id"`
	Name      string   `json:"name"`
	Feature   string   `json:"feature"`
	Files     []string `json:"files"`
	Tasks     []string `json:"tasks"`
	Status    string   `json:"status"` // active or ended
	StartedAt string   `json:"started_at"`
	EndedAt   string   `json:"ended_at,omitempty"`
	Project   string   `json:"project"`
}

// body renders s as a note body.
func (s session) body() string {
	var b strings.Builder
	b.WriteString("Work session recorded through start_session.\n\n")
	fmt.Fprintf(&b, "- name: %s\n- feature: %s\n- status: %s\n- started_at: %s\n", oneLine(s.Name), oneLine(s.Feature), s.Status, s.StartedAt)
	if s.EndedAt != "" {
		fmt.Fprintf(&b, "- ended_at: %s\n", s.EndedAt)
	}
	for _, sec := range []struct {
		title string
		items []string
	}{{"Files", s.Files}, {"Tasks", s.Tasks}} {
		if len(sec.items) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n## %s\n", sec.title)
		for _, it := range sec.items {
			fmt.Fprintf(&b, "- %s\n", oneLine(it))
		}
	}
	return b.String()
}

// parseSession reads a session back from its note. The tags decide the status, so a note edited
// by hand keeps the status sync and search see.
func parseSession(n *note.Note) session {
	s := session{SessionID: n.ID, Project: n.Project, StartedAt: n.CreatedAt, Files: []string{}, Tasks: []string{}, Status: "active"}
	if n.HasTag(sessionEnded) {
		s.Status = "ended"
	}
	section := ""
	for _, line := range strings.Split(n.Body, "\n") {
		if h, ok := strings.CutPrefix(line, "## "); ok {
			section = strings.TrimSpace(h)
			continue
		}
		item, ok := strings.CutPrefix(line, "- ")
		if !ok {
			continue
		}
		switch section {
		case "Files":
			s.Files = append(s.Files, item)
		case "Tasks":
			s.Tasks = append(s.Tasks, item)
		case "":
			key, val, _ := strings.Cut(item, ": ")
			switch strings.TrimSuffix(key, ":") {
			case "name":
				s.Name = val
			case "feature":
				s.Feature = val
			case "started_at":
				s.StartedAt = val
			case "ended_at":
				s.EndedAt = val
			}
		}
	}
	return s
}

type startSessionArgs struct {
	Name    string   `json:"name"`
	Feature string   `json:"feature"`
	Files   []string `json:"files"`
	Tasks   []string `json:"tasks"`
}

func (c compatCtx) startSessionTool() tool {
	def := newTool("start_session",
		mcp.WithDescription("Start a new work session to track development context. Stored as a session note of the project."),
		annotations("Start a work session", false, false, false, false),
		mcp.WithString("name", mcp.DefaultString(""), mcp.Description("Name or description of the session.")),
		mcp.WithString("feature", mcp.DefaultString(""), mcp.Description(`Feature being worked on (e.g., "authentication", "search").`)),
		stringList("files", "Initial list of files being worked on."),
		stringList("tasks", "Initial list of tasks to complete."),
	)
	return defineCompat(def, func(ctx context.Context, x startSessionArgs) (any, map[string]any, error) {
		s := session{Name: oneLine(x.Name), Feature: oneLine(x.Feature), Files: nonNil(x.Files), Tasks: nonNil(x.Tasks),
			Status: "active", StartedAt: note.Now(), Project: c.project}
		title := "Work session"
		if s.Name != "" {
			title += ": " + s.Name
		}
		if s.Feature != "" {
			title += " (" + s.Feature + ")"
		}
		res, err := c.a.Write(ctx, app.WriteRequest{Type: string(note.Episodic), Title: title, Body: s.body(),
			Project: c.project, Tags: []string{sessionTag, sessionActive}})
		if err != nil {
			return nil, nil, err
		}
		out := parseSession(res.Note)
		return out, map[string]any{"active_session_id": out.SessionID, "message": "session started"}, nil
	})
}

type endSessionArgs struct {
	SessionID *string `json:"session_id"`
}

func (c compatCtx) endSessionTool() tool {
	def := newTool("end_session",
		mcp.WithDescription("End a work session. If no session_id is provided, ends the currently active session (the project's most recent active one). Error if no active session."),
		annotations("End a work session", false, false, false, false),
		mcp.WithString("session_id", mcp.Description("Session ID to end. Defaults to active session.")),
	)
	return defineCompat(def, func(ctx context.Context, x endSessionArgs) (any, map[string]any, error) {
		var cur *note.Note
		var err error
		if x.SessionID != nil && strings.TrimSpace(*x.SessionID) != "" {
			cur, err = c.sessionByID(ctx, *x.SessionID)
			if err == nil && !cur.HasTag(sessionActive) {
				err = invalidf("session %s has already ended", cur.ID)
			}
		} else {
			cur, err = c.activeSession(ctx)
		}
		if err != nil {
			return nil, nil, err
		}
		s := parseSession(cur)
		s.Status, s.EndedAt = "ended", note.Now()
		tags := slices.DeleteFunc(slices.Clone(cur.Tags), func(t string) bool { return t == sessionActive })
		n, _, err := c.update(ctx, cur, s.body(), append(tags, sessionEnded))
		if err != nil {
			return nil, nil, err
		}
		return parseSession(n), map[string]any{"message": "session ended"}, nil
	})
}

// sessionByID is a session note of this store by id, or not_found.
func (c compatCtx) sessionByID(ctx context.Context, id string) (*note.Note, error) {
	id = strings.TrimSpace(id)
	n, err := c.a.Show(ctx, id)
	switch {
	case errors.Is(err, note.ErrInvalid), errors.Is(err, app.ErrNotFound):
		return nil, notFoundf("session %q not found", id)
	case err != nil:
		return nil, err
	case n.Deleted() || !n.HasTag(sessionTag):
		return nil, notFoundf("session %q not found", id)
	}
	return n, nil
}

// activeSession is the project's most recently updated active session, or not_found.
func (c compatCtx) activeSession(ctx context.Context) (*note.Note, error) {
	ns, err := c.listAll(ctx, sessionActive, 1, nil)
	if err != nil {
		return nil, err
	}
	if len(ns) == 0 {
		return nil, notFoundf("no active session in project %s; start one with start_session", c.project)
	}
	return c.withBody(ctx, ns[0])
}

type getSessionsArgs struct {
	SessionID  *string `json:"session_id"`
	ActiveOnly bool    `json:"active_only"`
	Limit      *int    `json:"limit"`
}

func (c compatCtx) getSessionsTool() tool {
	def := newTool("get_sessions",
		mcp.WithDescription("Get work sessions by ID, active status, or recent history (newest first)."),
		readOnlyTool("Get work sessions"),
		mcp.WithString("session_id", mcp.Description("Get a specific session by ID.")),
		mcp.WithBoolean("active_only", mcp.DefaultBool(false), mcp.Description("Only return active sessions.")),
		mcp.WithInteger("limit", mcp.DefaultNumber(sessionsDefaultLimit), mcp.Description("Maximum number of sessions to return. Clamped to 1-100.")),
	)
	return defineCompat(def, func(ctx context.Context, x getSessionsArgs) (any, map[string]any, error) {
		active := ""
		if n, err := c.activeSession(ctx); err == nil {
			active = n.ID
		}
		if x.SessionID != nil && strings.TrimSpace(*x.SessionID) != "" {
			n, err := c.sessionByID(ctx, *x.SessionID)
			if err != nil {
				return nil, nil, err
			}
			return []session{parseSession(n)}, map[string]any{"total": 1, "active_session_id": nilIfEmpty(active)}, nil
		}
		limit := clamp(x.Limit, sessionsDefaultLimit, 1, sessionsMaxLimit)
		tag := sessionTag
		if x.ActiveOnly {
			tag = sessionActive
		}
		ns, err := c.listAll(ctx, tag, limit, nil)
		if err != nil {
			return nil, nil, err
		}
		out := make([]session, 0, len(ns))
		for _, n := range ns {
			if n, err = c.withBody(ctx, n); err != nil {
				return nil, nil, err
			}
			out = append(out, parseSession(n))
		}
		return out, map[string]any{"total": len(out), "limit": limit, "active_session_id": nilIfEmpty(active)}, nil
	})
}

func nonNil(xs []string) []string {
	if xs == nil {
		return []string{}
	}
	return xs
}

// nilIfEmpty is nil (JSON null, the reference's None) for "".
func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}
