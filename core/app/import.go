package app

import (
	"context"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/importer"
)

// ImportReport and ImportProblem are what an import of Claude Code's own memory did, named here
// so front ends render them without importing the importer.
type (
	ImportReport  = importer.Report
	ImportProblem = importer.Problem
)

// Import brings Claude Code's native auto-memory (claudeDir/projects/*/memory/*.md) into the
// store. It is safe to re-run: a note already imported with the same content is skipped, a changed
// one updated. One file that cannot be read is a Problem in the report, not a failure.
func (a *App) Import(ctx context.Context, claudeDir string) (ImportReport, error) {
	claudeDir = strings.TrimSpace(claudeDir)
	if claudeDir == "" {
		return ImportReport{}, invalidf("give Claude Code's directory, the one holding projects/ (such as ~/.claude)")
	}
	st, err := a.Store(ctx)
	if err != nil {
		return ImportReport{}, err
	}
	return importer.Import(ctx, st, claudeDir)
}
