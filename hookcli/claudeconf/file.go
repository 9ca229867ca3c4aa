// Package claudeconf edits Claude Code's configuration files: the hooks in settings.json and the
// user-scope MCP servers in .claude.json. Edits keep every key they do not own, in its place,
// back a file up once before its first change, and replace files atomically.
package claudeconf

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/anamnesis-go/anamnesis/core/config"
)

// ConfigDir is Claude Code's configuration directory: $CLAUDE_CONFIG_DIR (tilde-expanded) or
// ~/.claude.
func ConfigDir() (string, error) {
	if d := strings.TrimSpace(os.Getenv("CLAUDE_CONFIG_DIR")); d != "" {
		return config.ExpandHome(d)
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("find the home directory: %w", err)
	}
	return filepath.Join(home, ".claude"), nil
}

// GlobalConfigPath is the file where Claude Code keeps user-scope MCP servers: .claude.json in
// $CLAUDE_CONFIG_DIR when that is set, else in the home directory.
func GlobalConfigPath() (string, error) {
	if d := strings.TrimSpace(os.Getenv("CLAUDE_CONFIG_DIR")); d != "" {
		dir, err := config.ExpandHome(d)
		if err != nil {
			return "", err
		}
		return filepath.Join(dir, ".claude.json"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("find the home directory: %w", err)
	}
	return filepath.Join(home, ".claude.json"), nil
}

// File is a JSON configuration file loaded for editing.
type File struct {
	Path   string
	Exists bool
	Doc    *Object
	mode   fs.FileMode
}

// ErrNotJSON is wrapped when a file exists but is not a JSON object; callers abort without
// touching anything, since rewriting it would lose what the user wrote.
var ErrNotJSON = errors.New("not a valid JSON object")

// Load reads path. A missing or empty file is an empty object.
func Load(path string) (*File, error) {
	f := &File{Path: path, Doc: NewObject(), mode: 0o600}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return f, nil
	} else if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	f.Exists = true
	if info, err := os.Stat(path); err == nil {
		f.mode = info.Mode().Perm()
	}
	doc, err := ParseObject(data)
	if err != nil {
		return nil, fmt.Errorf("%s is %w (%v); fix or move it and run again", path, ErrNotJSON, err)
	}
	f.Doc = doc
	return f, nil
}

// BackupPath is where Save keeps the copy of the file as it was before its first edit.
func (f *File) BackupPath() string { return f.Path + ".bak" }

// Backup copies the file to BackupPath unless a backup already exists: the first backup is the
// state before Anamnesis ever touched the file, the one worth keeping.
func (f *File) Backup() error {
	if !f.Exists {
		return nil
	}
	if _, err := os.Stat(f.BackupPath()); err == nil {
		return nil
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("back up %s: %w", f.Path, err)
	}
	data, err := os.ReadFile(f.Path)
	if err != nil {
		return fmt.Errorf("back up %s: %w", f.Path, err)
	}
	if err := config.WriteFileAtomic(f.BackupPath(), data, f.mode); err != nil {
		return fmt.Errorf("back up %s: %w", f.Path, err)
	}
	return nil
}

// Save backs the file up (once) and replaces it atomically with Doc, indented by two spaces.
func (f *File) Save() error {
	if err := f.Backup(); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(f.Path), 0o755); err != nil {
		return fmt.Errorf("create %s: %w", filepath.Dir(f.Path), err)
	}
	if err := config.WriteFileAtomic(f.Path, Marshal(f.Doc), f.mode); err != nil {
		return err
	}
	f.Exists = true
	return nil
}
