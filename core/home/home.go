// Package home owns the layout of a store directory: every file and folder Anamnesis keeps under
// <home>, by name, in one place. Packages that read or write one of them ask a Home for its path
// instead of joining names of their own, so the layout can be read (and changed) here alone.
package home

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// EnvHome names the store directory; --home on a command line overrides it.
const EnvHome = "ANAMNESIS_HOME"

// Names under the store root. The first five are shared with the Python reference's layout.
const (
	PortableDir    = "memory"           // portable notes: a git repository, synced
	LocalDir       = "local"            // machine-local notes, never synced
	IndexFile      = "index.db"         // the derived SQLite index (+ -wal, -shm)
	ConfigFile     = "config.json"      // this machine's settings (0600), never synced
	EvalDir        = "eval"             // the store's own retrieval question set (eval.jsonl)
	LockFile       = "store.lock"       // advisory lock serializing changes to the note trees
	SpoolDir       = "spool"            // capture requests waiting for the drain worker
	LogsDir        = "logs"             // hooks.log, drain.log, sync.log, reindex.log
	SessionsDir    = "sessions"         // per Claude Code session, the notes already given to it
	SyncStatusFile = "sync-status.json" // the last sync cycle's record
	AgentsDir      = "agents"           // per other coding agent, when its sessions were last swept for capture
	RunDir         = "run"              // the resident hook server's socket and lock (never synced)
)

// Home is one store directory. The zero Home is not usable; get one from Resolve or At.
type Home struct{ root string }

// Resolve returns the store directory: dir when given (from --home), else $ANAMNESIS_HOME, else
// ~/.anamnesis. A leading "~" is expanded and the result is absolute.
func Resolve(dir string) (Home, error) {
	if strings.TrimSpace(dir) == "" {
		dir = strings.TrimSpace(os.Getenv(EnvHome))
	}
	if dir == "" {
		u, err := os.UserHomeDir()
		if err != nil {
			return Home{}, fmt.Errorf("find home directory (set %s): %w", EnvHome, err)
		}
		return Home{root: filepath.Join(u, ".anamnesis")}, nil
	}
	abs, err := ExpandPath(dir)
	if err != nil {
		return Home{}, err
	}
	return Home{root: abs}, nil
}

// At is the store directory root, made absolute. It does not read the environment.
func At(root string) Home {
	if abs, err := filepath.Abs(root); err == nil {
		root = abs
	}
	return Home{root: root}
}

// ExpandPath turns a leading "~" into the user's home directory and makes p absolute.
func ExpandPath(p string) (string, error) {
	if p == "~" || strings.HasPrefix(p, "~/") {
		u, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("expand %q: %w", p, err)
		}
		p = filepath.Join(u, p[1:])
	}
	return filepath.Abs(p)
}

// Root is the store directory itself.
func (h Home) Root() string { return h.root }

// String is the store directory, for messages.
func (h Home) String() string { return h.root }

// Path joins names under the store root.
func (h Home) Path(names ...string) string {
	return filepath.Join(append([]string{h.root}, names...)...)
}

// Memory is the portable note tree (a git repository).
func (h Home) Memory() string { return h.Path(PortableDir) }

// Local is the machine-local note tree.
func (h Home) Local() string { return h.Path(LocalDir) }

// Index is the SQLite index file.
func (h Home) Index() string { return h.Path(IndexFile) }

// Config is config.json.
func (h Home) Config() string { return h.Path(ConfigFile) }

// Lock is the store lock file.
func (h Home) Lock() string { return h.Path(LockFile) }

// Spool is the capture spool directory.
func (h Home) Spool() string { return h.Path(SpoolDir) }

// Logs is the log directory; Log names one log file in it.
func (h Home) Logs() string { return h.Path(LogsDir) }

// Log is one log file under Logs.
func (h Home) Log(name string) string { return h.Path(LogsDir, name) }

// Sessions is the directory of per-session records.
func (h Home) Sessions() string { return h.Path(SessionsDir) }

// AgentSweep is the record of when agent's sessions were last looked for (capture's sweep).
func (h Home) AgentSweep(agent string) string { return h.Path(AgentsDir, agent+".json") }

// SyncStatus is the sync status record.
func (h Home) SyncStatus() string { return h.Path(SyncStatusFile) }

// Run is a file of the resident hook server's (its socket, its lock) under <home>/run.
func (h Home) Run(name string) string { return h.Path(RunDir, name) }

// Eval is the store's retrieval question set.
func (h Home) Eval() string { return h.Path(EvalDir, "eval.jsonl") }

// Exists reports whether a store lives here. Hooks never create one: Claude Code may run them
// before "anamnesis init", or for a store the user deleted.
func (h Home) Exists() bool {
	for _, p := range []string{h.Memory(), h.Local(), h.Index()} {
		if _, err := os.Stat(p); err == nil {
			return true
		}
	}
	return false
}
