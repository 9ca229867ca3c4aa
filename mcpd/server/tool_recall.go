package server

import (
	"context"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/anamnesis-go/anamnesis/core/app"
)

// memory_recall: one markdown bundle of the best notes within a token budget, as prose.

type recallArgs struct {
	Query        string `json:"query"`
	Project      string `json:"project"`
	BudgetTokens *int   `json:"budget_tokens"` // nil: the default
}

func recallTool(a *app.App) tool {
	def := newTool(ToolRecall,
		mcp.WithToolTitle("Recall memory"),
		mcp.WithDescription("Return one markdown bundle of the most relevant notes, packed into a token budget (never over it): for context rather than a list of hits. With a query, notes matching it (the project's and global ones); without, the project's durable notes, newest first."),
		readOnlyTool("Recall memory"),
		mcp.WithString("query", mcp.Description("Keywords; omit to recall the project's durable notes.")),
		mcp.WithString("project", mcp.Description("Project key; omit for every project.")),
		mcp.WithInteger("budget_tokens", mcp.DefaultNumber(app.DefaultRecallBudget), mcp.Min(app.MinRecallBudget), mcp.Max(app.MaxRecallBudget), mcp.Description("Token ceiling of the bundle.")),
	)
	return define(def, func(ctx context.Context, x recallArgs) (prose, error) {
		b, err := a.Recall(ctx, app.RecallRequest{Query: x.Query, Project: x.Project, BudgetTokens: x.BudgetTokens})
		if err != nil {
			return "", err
		}
		if b.Text == "" {
			return prose(noRecall(x)), nil
		}
		return prose(b.Text), nil
	})
}

// noRecall says that nothing matched, in words the model can act on.
func noRecall(x recallArgs) string {
	what := "the project's durable notes"
	if strings.TrimSpace(x.Query) != "" {
		what = fmt.Sprintf("query %q", x.Query)
	}
	where := "any project"
	if p := strings.TrimSpace(x.Project); p != "" {
		where = fmt.Sprintf("project %q", p)
	}
	return fmt.Sprintf("No memory notes matched %s in %s.", what, where)
}
