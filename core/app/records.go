package app

import (
	"slices"

	"github.com/anamnesis-go/anamnesis/core/capture"
	"github.com/anamnesis-go/anamnesis/core/eval"
	"github.com/anamnesis-go/anamnesis/core/gitsync"
)

// The engines' records that front ends render or pass in, named here so a front end imports
// core/app alone for them (ARCHITECTURE.md, "Who may import whom").
type (
	// SyncResult is one sync cycle's outcome, as memory_sync and "anamnesis sync --json" print it.
	SyncResult = gitsync.Result
	// SyncState is where sync stands now: remote, head, changes waiting, ahead and behind.
	SyncState = gitsync.State
	// SyncRecord is the sync status file: the last cycles' outcome and the next planned run.
	SyncRecord = gitsync.Status
	// CaptureEntry is one session handed to Enqueue.
	CaptureEntry = capture.Entry
	// DrainReport is what a drain of the capture spool did.
	DrainReport = capture.DrainReport
	// EvalMetrics are recall@k and MRR over one set of questions (all of them, or a category).
	EvalMetrics = eval.Metrics
)

// ConflictTag tags the note sync keeps as the other side of a conflicting edit.
const ConflictTag = gitsync.ConflictTag

// AgentClaude names Claude Code among the agents whose sessions capture reads.
const AgentClaude = capture.AgentClaude

// CapturableAgents are the agents whose sessions capture can read, by the names --agent takes
// (a copy: the caller may keep or change it).
func CapturableAgents() []string { return slices.Clone(capture.Agents) }

// EnvCapture is the environment variable that turns capture off for one session.
const EnvCapture = capture.EnvCapture

// CaptureOffByEnv reports whether this process's environment turns capture off (EnvCapture).
func CaptureOffByEnv() bool { return capture.OffByEnv() }

// ReadSyncRecord reads the sync status file. A store that never synced has none: that is the
// zero record and no error.
func (a *App) ReadSyncRecord() (SyncRecord, error) { return gitsync.ReadStatusFile(a.Home.Root()) }
