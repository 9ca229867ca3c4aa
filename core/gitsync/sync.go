package gitsync

import (
	"context"

	"github.com/anamnesis-go/anamnesis/core/store"
)

// Options configures one sync cycle.
type Options struct {
	Remote    string // git remote URL; empty means commit locally only
	MachineID string // commit author: anamnesis <anamnesis@MACHINE_ID>
}

// Result is what one cycle did, in the Python reference's shape plus the conflict copies made.
type Result struct {
	Pushed     bool     `json:"pushed"`
	Pulled     int      `json:"pulled"` // commits that came from the remote
	Conflicted bool     `json:"conflicted"`
	Head       string   `json:"head"`
	Indexed    int      `json:"indexed"`
	Detail     string   `json:"detail"`
	Conflicts  []string `json:"conflicts"` // ids of notes made to keep the losing side of a conflict
}

// Sync runs one cycle. This placeholder only reports that syncing is not available yet; the git
// engine replaces it.
func Sync(ctx context.Context, st *store.Store, opts Options) (Result, error) {
	return Result{Detail: "sync is not available in this build; nothing was committed", Conflicts: []string{}}, nil
}
