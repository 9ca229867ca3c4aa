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
	"strings"
)

// Environment variables read by every Anamnesis binary.
const (
	EnvHome      = "ANAMNESIS_HOME"
	EnvMachineID = "ANAMNESIS_MACHINE_ID"
	EnvRemote    = "ANAMNESIS_GIT_REMOTE"
)

// FileName is the machine-local settings file under the store root. It is never synced.
const FileName = "config.json"

// Config is the resolved configuration of one machine's store.
type Config struct {
	Home      string // store root
	MachineID string // author of notes written here
	Remote    string // git remote for sync; empty means local-only

	// Sources says where each value came from: "env", "file" or "default".
	Sources map[string]string

	// File holds every key of config.json as read, including ones this version does not know,
	// so that Update can write them back untouched.
	File map[string]any
}

// ResolveHome returns ANAMNESIS_HOME (tilde-expanded) when set, else ~/.anamnesis.
func ResolveHome() (string, error) {
	if h := strings.TrimSpace(os.Getenv(EnvHome)); h != "" {
		return ExpandHome(h)
	}
	u, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("find home directory (set %s): %w", EnvHome, err)
	}
	return filepath.Join(u, ".anamnesis"), nil
}

// ExpandHome turns a leading "~" into the user's home directory and makes p absolute.
func ExpandHome(p string) (string, error) {
	if p == "~" || strings.HasPrefix(p, "~/") {
		u, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("expand %q: %w", p, err)
		}
		p = filepath.Join(u, p[1:])
	}
	return filepath.Abs(p)
}

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
	c := &Config{Home: home, Sources: map[string]string{}, File: ReadFile(home)}
	c.MachineID = c.resolve("machine_id", EnvMachineID, defaultMachineID)
	c.Remote = c.resolve("remote", EnvRemote, func() string { return "" })
	return c, nil
}

func (c *Config) resolve(key, env string, def func() string) string {
	if v := strings.TrimSpace(os.Getenv(env)); v != "" {
		c.Sources[key] = "env"
		return v
	}
	if v, ok := c.File[key].(string); ok && strings.TrimSpace(v) != "" {
		c.Sources[key] = "file"
		return strings.TrimSpace(v)
	}
	c.Sources[key] = "default"
	return def()
}

func defaultMachineID() string {
	if h, err := os.Hostname(); err == nil && h != "" {
		return h
	}
	return "unknown"
}

// Path is the config file of the store at home.
func Path(home string) string { return filepath.Join(home, FileName) }

// ReadFile returns config.json's keys, or an empty map when it is missing or unreadable.
func ReadFile(home string) map[string]any {
	m := map[string]any{}
	data, err := os.ReadFile(Path(home))
	if err != nil {
		return m
	}
	if err := json.Unmarshal(data, &m); err != nil || m == nil {
		return map[string]any{}
	}
	return m
}

// Update applies set (a nil value removes the key) to config.json atomically, with mode 0600.
// The first time it replaces an existing file it keeps a copy as config.json.bak.
func Update(home string, set map[string]any) error {
	if err := os.MkdirAll(home, 0o700); err != nil {
		return fmt.Errorf("create store directory: %w", err)
	}
	m := ReadFile(home)
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
// renamed into place, so a reader sees the old file or the new one and never a partial one.
func WriteFileAtomic(path string, data []byte, perm os.FileMode) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, ".tmp-anamnesis-*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	tmp := f.Name()
	ok := false
	defer func() {
		if !ok {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if err := f.Chmod(perm); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if _, err := f.Write(data); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	ok = true
	return nil
}
