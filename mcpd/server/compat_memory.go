package server

import (
	"context"
	"errors"
	"regexp"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/note"
)

// Named memories of the compat profile: write_memory, read_memory, edit_memory, delete_memory and
// search_memories. A named memory is a semantic note of the project titled with its name and
// tagged "memory" and "memory:<name>"; the tag is the key it is found by.

const (
	memoryTag       = "memory"
	memoryNamePrefx = "memory:"
	// maxNameLen bounds a memory name: it becomes a tag and a title.
	maxNameLen = 128

	searchDefaultLimit = 5
	searchMaxLimit     = 100
)

// memoryName is the reference's rule for names: letters, numbers, hyphens, underscores, dots.
var memoryName = regexp.MustCompile(`^[A-Za-z0-9._-]+$`)

func checkName(name string) (string, error) {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return "", invalidf("name must not be empty")
	case len(name) > maxNameLen:
		return "", invalidf("name must be at most %d characters, not %d", maxNameLen, len(name))
	case !memoryName.MatchString(name):
		return "", invalidf("name %q may contain only letters, numbers, hyphens, underscores and dots", name)
	}
	return name, nil
}

// memoryView is a named memory as the compat tools return it.
type memoryView struct {
	Name      string   `json:"name"`
	ID        string   `json:"id"`
	Project   string   `json:"project"`
	Content   *string  `json:"content,omitempty"`
	Size      int      `json:"size"`
	Tags      []string `json:"tags"`
	CreatedAt string   `json:"created_at"`
	UpdatedAt string   `json:"updated_at"`
}

func viewMemory(name string, n *note.Note, withContent bool) memoryView {
	v := memoryView{Name: name, ID: n.ID, Project: n.Project, Size: len(n.Body), Tags: n.Tags,
		CreatedAt: n.CreatedAt, UpdatedAt: n.UpdatedAt}
	if v.Tags == nil {
		v.Tags = []string{}
	}
	if withContent {
		b := n.Body
		v.Content = &b
	}
	return v
}

// memoryNameOf is the name of a named-memory note ("" for any other note).
func memoryNameOf(n *note.Note) string {
	for _, t := range n.Tags {
		if name, ok := strings.CutPrefix(t, memoryNamePrefx); ok {
			return name
		}
	}
	return ""
}

// findMemory returns the newest live note named name in the project, with its body, or a
// not_found error. (Two machines may each create the same name before they sync; the newest wins
// for reading and editing, and both stay in the store.)
func (c compatCtx) findMemory(ctx context.Context, name string) (*note.Note, error) {
	ns, err := c.listAll(ctx, memoryNamePrefx+name, 1, nil)
	if err != nil {
		return nil, err
	}
	if len(ns) == 0 {
		return nil, notFoundf("memory %q not found in project %s; search_memories lists the memories", name, c.project)
	}
	return c.withBody(ctx, ns[0])
}

type writeMemoryArgs struct {
	Name    string `json:"name"`
	Content string `json:"content"`
}

func (c compatCtx) writeMemoryTool() tool {
	def := newTool("write_memory",
		mcp.WithDescription("Write information about this project that can be useful for future tasks. Stored as a note of the project (it syncs to the user's other machines); writing an existing name replaces its content."),
		annotations("Write a named memory", false, false, true, false),
		mcp.WithString("name", mcp.Required(), mcp.Description(`Name for the memory (e.g., "architecture-decisions"). Letters, numbers, hyphens, underscores, dots only.`)),
		mcp.WithString("content", mcp.Required(), mcp.Description("The content to write (markdown format recommended).")),
	)
	return defineCompat(def, func(ctx context.Context, x writeMemoryArgs) (any, map[string]any, error) {
		name, err := checkName(x.Name)
		if err != nil {
			return nil, nil, err
		}
		cur, err := c.findMemory(ctx, name)
		var ce *compatError
		switch {
		case err == nil:
			n, rules, err := c.update(ctx, cur, x.Content, cur.Tags)
			if err != nil {
				return nil, nil, err
			}
			meta := map[string]any{"created": false, "message": "memory " + name + " updated"}
			if len(rules) > 0 {
				meta["redacted"] = rules
			}
			return viewMemory(name, n, false), meta, nil
		case !errors.As(err, &ce) || ce.code != codeNotFound:
			return nil, nil, err
		}
		res, err := c.a.Write(ctx, app.WriteRequest{Type: string(note.Semantic), Title: name, Body: x.Content,
			Project: c.project, Tags: []string{memoryTag, memoryNamePrefx + name}})
		if err != nil {
			return nil, nil, err
		}
		meta := map[string]any{"created": true, "message": "memory " + name + " written"}
		if len(res.Redacted) > 0 {
			meta["redacted"] = res.Redacted
		}
		return viewMemory(name, res.Note, false), meta, nil
	})
}

type nameArgs struct {
	Name string `json:"name"`
}

func (c compatCtx) readMemoryTool() tool {
	def := newTool("read_memory",
		mcp.WithDescription("Read the content of a memory. Error if not found."),
		readOnlyTool("Read a named memory"),
		mcp.WithString("name", mcp.Required(), mcp.Description("Name of the memory to read.")),
	)
	return defineCompat(def, func(ctx context.Context, x nameArgs) (any, map[string]any, error) {
		name, err := checkName(x.Name)
		if err != nil {
			return nil, nil, err
		}
		n, err := c.findMemory(ctx, name)
		if err != nil {
			return nil, nil, err
		}
		return viewMemory(name, n, true), nil, nil
	})
}

type editMemoryArgs struct {
	Name    string `json:"name"`
	OldText string `json:"old_text"`
	NewText string `json:"new_text"`
}

func (c compatCtx) editMemoryTool() tool {
	def := newTool("edit_memory",
		mcp.WithDescription("Edit an existing memory by replacing text: every occurrence of old_text becomes new_text. Error if the memory or the text is not found."),
		annotations("Edit a named memory", false, false, false, false),
		mcp.WithString("name", mcp.Required(), mcp.Description("Name of the memory to edit.")),
		mcp.WithString("old_text", mcp.Required(), mcp.Description("The exact text to find and replace.")),
		mcp.WithString("new_text", mcp.Required(), mcp.Description("The replacement text.")),
	)
	return defineCompat(def, func(ctx context.Context, x editMemoryArgs) (any, map[string]any, error) {
		name, err := checkName(x.Name)
		if err != nil {
			return nil, nil, err
		}
		if x.OldText == "" {
			return nil, nil, invalidf("old_text must not be empty")
		}
		cur, err := c.findMemory(ctx, name)
		if err != nil {
			return nil, nil, err
		}
		count := strings.Count(cur.Body, x.OldText)
		if count == 0 {
			return nil, nil, invalidf("old_text was not found in memory %q; read_memory shows its content", name)
		}
		n, rules, err := c.update(ctx, cur, strings.ReplaceAll(cur.Body, x.OldText, x.NewText), cur.Tags)
		if err != nil {
			return nil, nil, err
		}
		meta := map[string]any{"replacements": count}
		if len(rules) > 0 {
			meta["redacted"] = rules
		}
		return viewMemory(name, n, true), meta, nil
	})
}

func (c compatCtx) deleteMemoryTool() tool {
	def := newTool("delete_memory",
		mcp.WithDescription("Delete a memory. It is forgotten on every machine (a soft delete: the note file stays, marked deleted). Error if not found."),
		annotations("Delete a named memory", false, true, false, false),
		mcp.WithString("name", mcp.Required(), mcp.Description("Name of the memory to delete.")),
	)
	return defineCompat(def, func(ctx context.Context, x nameArgs) (any, map[string]any, error) {
		name, err := checkName(x.Name)
		if err != nil {
			return nil, nil, err
		}
		n, err := c.findMemory(ctx, name)
		if err != nil {
			return nil, nil, err
		}
		r, err := c.a.Forget(ctx, n.ID)
		if err != nil {
			return nil, nil, err
		}
		return map[string]any{"name": name, "id": r.ID, "deleted": true, "deleted_at": r.DeletedAt}, nil, nil
	})
}

type searchMemoriesArgs struct {
	Query *string `json:"query"`
	Limit *int    `json:"limit"`
}

// searchHit is one search_memories result: any note of the project, with its name when it is a
// named memory.
type searchHit struct {
	Name      string   `json:"name,omitempty"`
	ID        string   `json:"id"`
	Title     string   `json:"title"`
	Type      string   `json:"type"`
	Content   string   `json:"content"`
	Tags      []string `json:"tags"`
	UpdatedAt string   `json:"updated_at"`
}

func (c compatCtx) searchMemoriesTool() tool {
	def := newTool("search_memories",
		mcp.WithDescription("Search project memories or list all memories. With a query, ranks every note of the project (named memories, sessions, decisions and the notes Anamnesis keeps) by relevance. Without a query, lists all named memories with metadata."),
		readOnlyTool("Search or list memories"),
		mcp.WithString("query", mcp.Description(`What you are looking for (e.g., "authentication decisions"). Omit to list all memories.`)),
		mcp.WithInteger("limit", mcp.DefaultNumber(searchDefaultLimit), mcp.Description("Maximum results to return. Clamped to 1-100. Applies to search only.")),
	)
	return defineCompat(def, func(ctx context.Context, x searchMemoriesArgs) (any, map[string]any, error) {
		if x.Query == nil || strings.TrimSpace(*x.Query) == "" {
			ns, err := c.listAll(ctx, memoryTag, 0, func(n *note.Note) bool { return memoryNameOf(n) != "" })
			if err != nil {
				return nil, nil, err
			}
			out := make([]memoryView, len(ns))
			for i, n := range ns {
				out[i] = viewMemory(memoryNameOf(n), n, false)
			}
			return out, map[string]any{"total": len(out), "project": c.project}, nil
		}
		limit := clamp(x.Limit, searchDefaultLimit, 1, searchMaxLimit)
		p, err := c.a.Search(ctx, app.SearchRequest{Filter: app.Filter{Project: c.project}, Query: *x.Query, K: &limit})
		if err != nil {
			return nil, nil, err
		}
		out := make([]searchHit, len(p.Notes))
		for i, n := range p.Notes {
			tags := n.Tags
			if tags == nil {
				tags = []string{}
			}
			body := n.Body
			if p.Results[i].Body != nil {
				body = *p.Results[i].Body // bounded for the client when the page is large
			}
			out[i] = searchHit{Name: memoryNameOf(n), ID: n.ID, Title: n.Title, Type: string(n.Type), Content: body,
				Tags: tags, UpdatedAt: n.UpdatedAt}
		}
		return out, map[string]any{"total": len(out), "query": *x.Query, "limit": limit, "project": c.project}, nil
	})
}
