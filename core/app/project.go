package app

import (
	"context"

	"github.com/anamnesis-go/anamnesis/core/project"
)

// ProjectKey is the project key of dir, by the rules every note of a directory is filed under
// (its normalized git origin URL, else the repository's directory name, else the directory's own name). It never fails and needs no store, so
// a front end may call it before it opens one.
func ProjectKey(ctx context.Context, dir string) string { return project.Resolve(ctx, dir) }
