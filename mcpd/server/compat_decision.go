package server

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/note"
)

// Decisions of the compat profile: manage_decisions. A decision is a semantic note of the project
// titled with the decision and tagged "decision" (plus the caller's tags, and "session:<id>" when
// linked to a session); its context, rationale, session and related files are "## " sections of
// the body, so the note reads well and its rationale is searchable.

const (
	decisionTag           = "decision"
	decisionsDefaultLimit = 10
	decisionsMaxLimit     = 100
)

// decision is a decision as the compat tools return it.
type decision struct {
	DecisionID   string   `json:"decision_id"`
	Decision     string   `json:"decision"`
	Context      string   `json:"context"`
	Rationale    string   `json:"rationale"`
	SessionID    *string  `json:"session_id"`
	RelatedFiles []string `json:"related_files"`
	Tags         []string `json:"tags"`
	Project      string   `json:"project"`
	Timestamp    string   `json:"timestamp"`
}

func (d decision) body() string {
	var b strings.Builder
	for _, sec := range []struct{ title, text string }{{"Context", d.Context}, {"Rationale", d.Rationale}} {
		if strings.TrimSpace(sec.text) != "" {
			fmt.Fprintf(&b, "## %s\n%s\n\n", sec.title, strings.TrimSpace(sec.text))
		}
	}
	if d.SessionID != nil {
		fmt.Fprintf(&b, "## Session\n%s\n\n", *d.SessionID)
	}
	if len(d.RelatedFiles) > 0 {
		b.WriteString("## Related files\n")
		for _, f := range d.RelatedFiles {
			fmt.Fprintf(&b, "- %s\n", oneLine(f))
		}
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}

// parseDecision reads a decision back from its note.
func parseDecision(n *note.Note) decision {
	d := decision{DecisionID: n.ID, Decision: n.Title, Project: n.Project, Timestamp: n.CreatedAt,
		RelatedFiles: []string{}, Tags: []string{}}
	for _, t := range n.Tags {
		if id, ok := strings.CutPrefix(t, sessionLinkPrefix); ok {
			d.SessionID = &id
		} else if t != decisionTag && !strings.HasPrefix(t, app.AgentTagPrefix) {
			d.Tags = append(d.Tags, t)
		}
	}
	section := ""
	var text []string
	flush := func() {
		v := strings.TrimSpace(strings.Join(text, "\n"))
		switch section {
		case "Context":
			d.Context = v
		case "Rationale":
			d.Rationale = v
		}
		text = nil
	}
	for _, line := range strings.Split(n.Body, "\n") {
		if h, ok := strings.CutPrefix(line, "## "); ok {
			flush()
			section = strings.TrimSpace(h)
			continue
		}
		if section == "Related files" {
			if f, ok := strings.CutPrefix(line, "- "); ok {
				d.RelatedFiles = append(d.RelatedFiles, f)
			}
			continue
		}
		text = append(text, line)
	}
	flush()
	return d
}

type manageDecisionsArgs struct {
	Action       string   `json:"action"`
	Decision     string   `json:"decision"`
	Context      string   `json:"context"`
	Rationale    string   `json:"rationale"`
	SessionID    *string  `json:"session_id"`
	RelatedFiles []string `json:"related_files"`
	Tags         []string `json:"tags"`
	Limit        *int     `json:"limit"`
}

func (c compatCtx) manageDecisionsTool() tool {
	def := newTool("manage_decisions",
		mcp.WithDescription("Record or list project decisions. A recorded decision is a note of the project tagged decision, found by search and recall like any other."),
		annotations("Record or list decisions", false, false, false, false),
		mcp.WithString("action", mcp.DefaultString("list"), mcp.Enum("record", "list"), mcp.Description(`"record" to save a new decision, "list" to retrieve decisions.`)),
		mcp.WithString("decision", mcp.DefaultString(""), mcp.Description(`The decision made (required for action="record").`)),
		mcp.WithString("context", mcp.DefaultString(""), mcp.Description(`Context for the decision (e.g., "API design discussion").`)),
		mcp.WithString("rationale", mcp.DefaultString(""), mcp.Description("Why this decision was made.")),
		mcp.WithString("session_id", mcp.Description("Session to link to (record) or filter by (list).")),
		stringList("related_files", "Files related to the decision (record mode)."),
		stringList("tags", `Tags for categorization (e.g., ["security", "api"]).`),
		mcp.WithInteger("limit", mcp.DefaultNumber(decisionsDefaultLimit), mcp.Description("Maximum decisions to return when listing. Clamped to 1-100.")),
	)
	return defineCompat(def, func(ctx context.Context, x manageDecisionsArgs) (any, map[string]any, error) {
		session := ""
		if x.SessionID != nil {
			session = strings.TrimSpace(*x.SessionID)
		}
		switch strings.TrimSpace(x.Action) {
		case "", "list":
			return c.listDecisions(ctx, session, x.Tags, clamp(x.Limit, decisionsDefaultLimit, 1, decisionsMaxLimit))
		case "record":
			return c.recordDecision(ctx, x, session)
		}
		return nil, nil, invalidf(`action must be "record" or "list", not %q`, x.Action)
	})
}

func (c compatCtx) recordDecision(ctx context.Context, x manageDecisionsArgs, session string) (any, map[string]any, error) {
	if strings.TrimSpace(x.Decision) == "" {
		return nil, nil, invalidf(`decision is required for action="record"`)
	}
	if session != "" {
		if _, err := c.sessionByID(ctx, session); err != nil {
			return nil, nil, err
		}
	}
	d := decision{Decision: oneLine(x.Decision), Context: x.Context, Rationale: x.Rationale, RelatedFiles: nonNil(x.RelatedFiles)}
	tags := []string{decisionTag}
	for _, t := range x.Tags {
		if t = strings.TrimSpace(t); t != "" && t != decisionTag && !slices.Contains(tags, t) {
			tags = append(tags, t)
		}
	}
	if session != "" {
		d.SessionID = &session
		tags = append(tags, sessionLinkPrefix+session)
	}
	res, err := c.a.Write(ctx, app.WriteRequest{Type: string(note.Semantic), Title: d.Decision, Body: d.body(),
		Project: c.project, Tags: tags})
	if err != nil {
		return nil, nil, err
	}
	meta := map[string]any{"message": "decision recorded"}
	if len(res.Redacted) > 0 {
		meta["redacted"] = res.Redacted
	}
	return parseDecision(res.Note), meta, nil
}

// listDecisions lists the project's decisions newest first, those linked to session when it is
// given and those carrying every one of tags.
func (c compatCtx) listDecisions(ctx context.Context, session string, tags []string, limit int) (any, map[string]any, error) {
	keep := func(n *note.Note) bool {
		if session != "" && !n.HasTag(sessionLinkPrefix+session) {
			return false
		}
		for _, t := range tags {
			if t = strings.TrimSpace(t); t != "" && !n.HasTag(t) {
				return false
			}
		}
		return true
	}
	ns, err := c.listAll(ctx, decisionTag, limit, keep)
	if err != nil {
		return nil, nil, err
	}
	out := make([]decision, 0, len(ns))
	for _, n := range ns {
		if n, err = c.withBody(ctx, n); err != nil {
			return nil, nil, err
		}
		out = append(out, parseDecision(n))
	}
	meta := map[string]any{"total": len(out), "limit": limit}
	if session != "" {
		meta["session_id"] = session
	}
	return out, meta, nil
}
