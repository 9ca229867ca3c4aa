package home

import (
	"os"
	"path/filepath"
	"testing"
)

func TestResolve(t *testing.T) {
	user, err := os.UserHomeDir()
	if err != nil {
		t.Skip("no user home directory")
	}
	cwd, _ := os.Getwd()
	tests := []struct {
		name, flag, env, want string
	}{
		{"flag wins over env", "/tmp/a", "/tmp/b", "/tmp/a"},
		{"env when no flag", "", "/tmp/b", "/tmp/b"},
		{"default", "", "", filepath.Join(user, ".anamnesis")},
		{"tilde", "~/notes", "", filepath.Join(user, "notes")},
		{"relative made absolute", "rel", "", filepath.Join(cwd, "rel")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv(EnvHome, tt.env)
			h, err := Resolve(tt.flag)
			if err != nil {
				t.Fatal(err)
			}
			if h.Root() != tt.want {
				t.Errorf("Resolve(%q) with %s=%q = %q, want %q", tt.flag, EnvHome, tt.env, h.Root(), tt.want)
			}
		})
	}
}

func TestLayoutAndExists(t *testing.T) {
	h := At(t.TempDir())
	if h.Exists() {
		t.Fatal("an empty directory is not a store")
	}
	for got, want := range map[string]string{
		h.Memory(): "memory", h.Local(): "local", h.Index(): "index.db", h.Config(): "config.json",
		h.Lock(): "store.lock", h.Spool(): "spool", h.Log("hooks.log"): filepath.Join("logs", "hooks.log"),
		h.Sessions(): "sessions", h.SyncStatus(): "sync-status.json", h.Eval(): filepath.Join("eval", "eval.jsonl"),
	} {
		if got != filepath.Join(h.Root(), want) {
			t.Errorf("path %q, want %q under the root", got, want)
		}
	}
	if err := os.MkdirAll(h.Local(), 0o755); err != nil {
		t.Fatal(err)
	}
	if !h.Exists() {
		t.Fatal("a directory with local/ is a store")
	}
}
