package server

import (
	"context"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/anamnesis-go/anamnesis/core/app"
)

// MCP prompts. Claude Code shows a server's prompts as slash commands
// (/mcp__anamnesis__recall-project), so these are the memory's two everyday moves, one keystroke
// away: bring this project's memory into the conversation, and save something to it.

// Prompt names.
const (
	PromptRecallProject = "recall-project"
	PromptRemember      = "remember"
)

type prompt struct {
	def     mcp.Prompt
	handler mcpserver.PromptHandlerFunc
}

func prompts(a *app.App, project string) []prompt {
	return []prompt{recallProjectPrompt(a, project), rememberPrompt(project)}
}

// recallProjectPrompt puts the project's memory (or what matches a query) into the conversation
// as a user message: the same bundle memory_recall returns, bounded the same way.
func recallProjectPrompt(a *app.App, project string) prompt {
	def := mcp.NewPrompt(PromptRecallProject,
		mcp.WithPromptTitle("Recall this project's memory"),
		mcp.WithPromptDescription("Bring this project's memory into the conversation: its conventions, procedures and recent sessions, or the notes matching a few keywords."),
		mcp.WithArgument("query", mcp.ArgumentDescription("Keywords to recall (optional; without them, the project's durable notes).")),
	)
	return prompt{def: def, handler: func(ctx context.Context, req mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		query := strings.TrimSpace(req.Params.Arguments["query"])
		b, err := a.Recall(ctx, app.RecallRequest{Query: query, Project: project})
		if err != nil {
			return nil, fmt.Errorf("recall: %w", err)
		}
		where := "this project"
		if project != "" {
			where = fmt.Sprintf("project %q", project)
		}
		var text string
		switch {
		case b.Text == "" && query != "":
			text = fmt.Sprintf("Memory holds no notes matching %q for %s. Say so, and offer to search with other keywords (memory_search).", query, where)
		case b.Text == "":
			text = fmt.Sprintf("Memory holds no durable notes for %s yet. Say so briefly; offer to remember conventions and fixes as they come up.", where)
		default:
			text = fmt.Sprintf("Here is what my long-term memory holds for %s. Read it, then summarize in a few lines what matters for the work at hand, citing note titles.\n\n%s", where, b.Text)
		}
		return mcp.NewGetPromptResult("Memory of "+where, []mcp.PromptMessage{
			mcp.NewPromptMessage(mcp.RoleUser, mcp.NewTextContent(text)),
		}), nil
	}}
}

// rememberPrompt asks the model to save something with memory_write, following the same rules
// the server's instructions give.
func rememberPrompt(project string) prompt {
	def := mcp.NewPrompt(PromptRemember,
		mcp.WithPromptTitle("Remember this"),
		mcp.WithPromptDescription("Save something to long-term memory as one well-formed note: what you say, or else the most useful thing learned in this conversation."),
		mcp.WithArgument("what", mcp.ArgumentDescription("What to remember (optional; without it, the most useful lesson of this conversation).")),
	)
	return prompt{def: def, handler: func(_ context.Context, req mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		what := strings.TrimSpace(req.Params.Arguments["what"])
		subject := "the most useful thing learned in this conversation so far (a fix that worked, a decision and why, a convention or preference)"
		if what != "" {
			subject = "this: " + what
		}
		key := `"global" if it is not tied to this repository`
		if project != "" && project != "global" {
			key = fmt.Sprintf("%q (this project), or \"global\" if it is not tied to this repository", project)
		}
		text := fmt.Sprintf(`Remember %s

Save it with the memory_write tool as one note holding one idea: a title stating the point in one line; a body with the why and the exact commands, paths or values; type procedural (how to), semantic (fact, convention, preference) or episodic (what happened); project %s; a few lower-case tags. Search memory first (memory_search) and, if an older note says otherwise, pass its id in supersedes. Never include secrets. Then tell me in one line what you saved and its id.`, subject, key)
		return mcp.NewGetPromptResult("Remember", []mcp.PromptMessage{
			mcp.NewPromptMessage(mcp.RoleUser, mcp.NewTextContent(text)),
		}), nil
	}}
}
