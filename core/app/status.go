package app

import (
	"context"

	"github.com/anamnesis-go/anamnesis/core/capture"
	"github.com/anamnesis-go/anamnesis/core/gitsync"
)

// Status is the store at a glance: where it is, what it holds, and how sync stands. It is the
// shape of memory_status and of "anamnesis status --json" (the Python reference's, plus forgotten
// notes, conflict copies, workspaces and the machine id).
type Status struct {
	Root        string         `json:"root"`
	DBPath      string         `json:"db_path"`
	MachineID   string         `json:"machine_id"`
	Total       int            `json:"total"`
	Deleted     int            `json:"deleted"`
	Conflicts   int            `json:"conflicts"`
	ByType      map[string]int `json:"by_type"`
	ByProject   map[string]int `json:"by_project"`
	ByScope     map[string]int `json:"by_scope"`
	ByWorkspace map[string]int `json:"by_workspace"`
	Sync        gitsync.State  `json:"sync"`
	// CapturePending counts the sessions waiting in the capture spool to become notes.
	CapturePending int `json:"capture_pending"`
	// CaptureAgents are the other agents whose sessions sync cycles look for, and when they last did.
	CaptureAgents []WatchedAgent `json:"capture_agents,omitempty"`
	// ConfigError says config.json does not parse: the settings shown are defaults, and sync
	// and saving a setting refuse until it is fixed.
	ConfigError string `json:"config_error,omitempty"`
}

// Status counts the notes and reads the sync state. The remote is read afresh from the settings,
// so a long-running server reports a remote added since it started.
func (a *App) Status(ctx context.Context) (Status, error) {
	st, err := a.Store(ctx)
	if err != nil {
		return Status{}, err
	}
	stats, err := st.Stats(ctx)
	if err != nil {
		return Status{}, err
	}
	_ = a.Reload() // a settings file that cannot be read keeps the settings already loaded
	cfg := a.settings()
	pending, err := capture.PendingCount(a.Home.Root())
	if err != nil {
		return Status{}, err
	}
	var cfgErr string
	if cfg.FileErr != nil {
		cfgErr = cfg.FileErr.Error()
	}
	return Status{
		ConfigError: cfgErr,
		Root:        st.Root(), DBPath: st.DBPath(), MachineID: st.MachineID(),
		Total: stats.Total, Deleted: stats.Deleted, Conflicts: stats.Conflicts,
		ByType: stats.ByType, ByProject: stats.ByProject, ByScope: stats.ByScope, ByWorkspace: stats.ByWorkspace,
		Sync:           gitsync.ReadState(ctx, st.Root(), cfg.Remote),
		CapturePending: pending,
		CaptureAgents:  a.watched(),
	}, nil
}
