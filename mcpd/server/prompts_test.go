package server

import (
	"context"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
)

func (h *harness) prompt(name string, args map[string]string) string {
	h.t.Helper()
	req := mcp.GetPromptRequest{}
	req.Params.Name, req.Params.Arguments = name, args
	res, err := h.c.GetPrompt(context.Background(), req)
	if err != nil {
		h.t.Fatalf("prompts/get %s: %v", name, err)
	}
	if len(res.Messages) != 1 || res.Messages[0].Role != mcp.RoleUser {
		h.t.Fatalf("%s: want one user message, got %+v", name, res.Messages)
	}
	tc, ok := res.Messages[0].Content.(mcp.TextContent)
	if !ok {
		h.t.Fatalf("%s: content %T", name, res.Messages[0].Content)
	}
	return tc.Text
}

func TestPrompts(t *testing.T) {
	h := newHarness(t, setup{project: "github.com/acme/app"})
	list, err := h.c.ListPrompts(context.Background(), mcp.ListPromptsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range list.Prompts {
		names = append(names, p.Name)
		if p.Description == "" || p.Title == "" {
			t.Errorf("%s: no title or description", p.Name)
		}
	}
	if strings.Join(names, ",") != "recall-project,remember" {
		t.Fatalf("prompts %v", names)
	}

	if got := h.prompt(PromptRecallProject, nil); !strings.Contains(got, "no durable notes") {
		t.Fatalf("recall-project on an empty store: %q", got)
	}
	h.ok(ToolWrite, map[string]any{"type": "procedural", "title": "Deploy with make release", "body": "Run make release from main; it tags and pushes.", "project": "github.com/acme/app"}, nil)
	h.ok(ToolWrite, map[string]any{"type": "procedural", "title": "Other project's deploy", "body": "Use the other script.", "project": "github.com/acme/other"}, nil)
	tests := []struct {
		name      string
		prompt    string
		args      map[string]string
		want, not []string
	}{
		{"project's durable notes", PromptRecallProject, nil, []string{"Deploy with make release", `"github.com/acme/app"`}, []string{"Other project's deploy"}},
		{"with a query", PromptRecallProject, map[string]string{"query": "release"}, []string{"Run make release from main"}, nil},
		{"query with no match", PromptRecallProject, map[string]string{"query": "kubernetes"}, []string{`no notes matching "kubernetes"`}, nil},
		{"remember what the user says", PromptRemember, map[string]string{"what": "staging uses port 8443"}, []string{"Remember this: staging uses port 8443", "memory_write", `"github.com/acme/app" (this project)`}, nil},
		{"remember the lesson", PromptRemember, nil, []string{"most useful thing learned", "supersedes"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := h.prompt(tc.prompt, tc.args)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("lacks %q:\n%s", w, got)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(got, n) {
					t.Errorf("has %q:\n%s", n, got)
				}
			}
		})
	}
}
