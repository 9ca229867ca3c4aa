// Package config resolves Anamnesis settings: environment (when non-empty) over <home>/config.json
// over built-in defaults. Reads never fail on a bad file: a missing, malformed or non-object
// config.json is treated as empty, so a hook or server can always start.
package config

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/anamnesis-go/anamnesis/core/home"
	"github.com/anamnesis-go/anamnesis/core/internal/atomicfile"
)

// Environment variables read by every Anamnesis binary.
const (
	EnvHome      = home.EnvHome
	EnvMachineID = "ANAMNESIS_MACHINE_ID"
	EnvRemote    = "ANAMNESIS_GIT_REMOTE"
)

// FileName is the machine-local settings file under the store root. It is never synced.
const FileName = home.ConfigFile

// Config is the resolved configuration of one machine's store.
type Config struct {
	Home      string // store root
	MachineID string // author of notes written here
	Remote    string // git remote for sync; empty means local-only

	// InjectBudget and PromptBudget are the hooks' token budgets.
	InjectBudget, PromptBudget int

	// Sources says where each value came from: "env", "file" or "default".
	Sources map[string]string

	// File holds every key of config.json as read, including ones this version does not know,
	// so that Update can write them back untouched.
	File map[string]any
	// FileErr is set when config.json exists but does not parse (it wraps ErrBadFile): the
	// values above are then the environment's and the defaults.
	FileErr error

	values map[string]Value // every setting of Settings, resolved
}

// ResolveHome returns ANAMNESIS_HOME (tilde-expanded) when set, else ~/.anamnesis.
func ResolveHome() (string, error) {
	h, err := home.Resolve("")
	return h.Root(), err
}

// ExpandHome turns a leading "~" into the user's home directory and makes p absolute.
func ExpandHome(p string) (string, error) { return home.ExpandPath(p) }

// Load resolves the configuration for the store at home. An empty home means ResolveHome.
func Load(home string) (*Config, error) {
	if home == "" {
		var err error
		if home, err = ResolveHome(); err != nil {
			return nil, err
		}
	} else {
		var err error
		if home, err = ExpandHome(home); err != nil {
			return nil, err
		}
	}
	// Reads never fail, as the Python reference's: a hook must run whatever the file holds. A
	// file that does not parse is kept in FileErr, so that what would act on the missing values
	// (sync, saving a setting) refuses instead of syncing nowhere or writing the file over.
	file, ferr := readStrict(home)
	if ferr != nil {
		file = map[string]any{}
	}
	c := &Config{Home: home, Sources: map[string]string{}, File: file, FileErr: ferr}
	c.values = resolveAll(c.File)
	for k, v := range c.values {
		c.Sources[k] = v.Source
	}
	c.MachineID = c.values[KeyMachineID].Value
	c.Remote = c.values[KeyRemote].Value
	c.InjectBudget = c.Int(KeyInjectBudget)
	c.PromptBudget = c.Int(KeyPromptBudget)
	return c, nil
}

func defaultMachineID() string {
	if h, err := os.Hostname(); err == nil && h != "" {
		return h
	}
	return "unknown"
}

// Path is the config file of the store at home.
func Path(home string) string { return filepath.Join(home, FileName) }

// ReadFile returns config.json's keys, or an empty map when it is missing or unreadable. It is
// for readers that must never fail (a hook's optional setting); Load and Update refuse a file
// that does not parse.
func ReadFile(home string) map[string]any {
	m, err := readStrict(home)
	if err != nil {
		return map[string]any{}
	}
	return m
}

// ErrBadFile is a config.json that exists but is not a JSON object.
var ErrBadFile = errors.New("config.json is not a valid JSON object")

// readStrict returns config.json's keys: an empty map when there is no file, an error wrapping
// ErrBadFile when it cannot be read or parsed.
func readStrict(home string) (map[string]any, error) {
	m := map[string]any{}
	data, err := os.ReadFile(Path(home))
	if errors.Is(err, fs.ErrNotExist) {
		return m, nil
	} else if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrBadFile, Path(home), err)
	}
	if err := json.Unmarshal(data, &m); err != nil || m == nil {
		why := "null"
		if err != nil {
			why = err.Error()
		}
		return nil, fmt.Errorf("%w: %s: %s (fix it by hand or move it aside; nothing was changed)", ErrBadFile, Path(home), why)
	}
	return m, nil
}

// Update applies set (a nil value removes the key) to config.json atomically, with mode 0600.
// The first time it replaces an existing file it keeps a copy as config.json.bak.
func Update(home string, set map[string]any) error {
	if err := os.MkdirAll(home, 0o700); err != nil {
		return fmt.Errorf("create store directory: %w", err)
	}
	m, err := readStrict(home)
	if err != nil {
		return err
	}
	for k, v := range set {
		if v == nil {
			delete(m, k)
		} else {
			m[k] = v
		}
	}
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return fmt.Errorf("encode config: %w", err)
	}
	p := Path(home)
	if _, err := os.Stat(p + ".bak"); errors.Is(err, fs.ErrNotExist) {
		if old, err := os.ReadFile(p); err == nil {
			if err := os.WriteFile(p+".bak", old, 0o600); err != nil {
				return fmt.Errorf("back up config: %w", err)
			}
		}
	}
	return WriteFileAtomic(p, append(data, '\n'), 0o600)
}

// WriteFileAtomic writes data to path through a temporary file in the same directory, synced and
// renamed into place, so a reader sees the old file or the new one and never a partial one. It is
// core/internal/atomicfile.Write, exported for the other modules.
func WriteFileAtomic(path string, data []byte, perm os.FileMode) error {
	return atomicfile.Write(path, data, perm)
}
