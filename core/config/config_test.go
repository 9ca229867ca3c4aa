package config_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/config"
)

func writeConfig(t *testing.T, home, text string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(home, config.FileName), []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestPrecedence(t *testing.T) {
	host, _ := os.Hostname()
	if host == "" {
		host = "unknown"
	}
	tests := []struct {
		name                    string
		file                    string // "" means no file
		envMachine, envRemote   string
		wantMachine, wantRemote string
		wantSources             map[string]string
	}{
		{"defaults", "", "", "", host, "", map[string]string{"machine_id": "default", "remote": "default"}},
		{"file", `{"machine_id": "thinkpad", "remote": "git@h:me/mem.git"}`, "", "", "thinkpad", "git@h:me/mem.git",
			map[string]string{"machine_id": "file", "remote": "file"}},
		{"env beats file", `{"machine_id": "thinkpad", "remote": "git@h:me/mem.git"}`, "desk", "ssh://x/y.git", "desk", "ssh://x/y.git",
			map[string]string{"machine_id": "env", "remote": "env"}},
		{"blank env falls through", `{"machine_id": "thinkpad"}`, "   ", "", "thinkpad", "",
			map[string]string{"machine_id": "file", "remote": "default"}},
		{"blank file value falls through", `{"machine_id": "  ", "remote": ""}`, "", "", host, "",
			map[string]string{"machine_id": "default", "remote": "default"}},
		{"non-string file value ignored", `{"machine_id": 42, "remote": ["x"]}`, "", "", host, "",
			map[string]string{"machine_id": "default", "remote": "default"}},
		{"malformed file = empty", `{"machine_id": "thinkpad",`, "", "", host, "",
			map[string]string{"machine_id": "default", "remote": "default"}},
		{"non-object file = empty", `["machine_id", "thinkpad"]`, "", "", host, "",
			map[string]string{"machine_id": "default", "remote": "default"}},
		{"null file = empty", `null`, "", "", host, "",
			map[string]string{"machine_id": "default", "remote": "default"}},
		{"values trimmed", `{"machine_id": " laptop "}`, "", " git@h:r.git ", "laptop", "git@h:r.git",
			map[string]string{"machine_id": "file", "remote": "env"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			home := t.TempDir()
			if tc.file != "" {
				writeConfig(t, home, tc.file)
			}
			t.Setenv(config.EnvMachineID, tc.envMachine)
			t.Setenv(config.EnvRemote, tc.envRemote)
			c, err := config.Load(home)
			if err != nil {
				t.Fatal(err)
			}
			if c.MachineID != tc.wantMachine || c.Remote != tc.wantRemote {
				t.Fatalf("Load: machine %q remote %q, want %q %q", c.MachineID, c.Remote, tc.wantMachine, tc.wantRemote)
			}
			got := map[string]string{"machine_id": c.Sources["machine_id"], "remote": c.Sources["remote"]}
			if !reflect.DeepEqual(got, tc.wantSources) {
				t.Fatalf("sources = %v, want %v", got, tc.wantSources)
			}
			if c.Home != home || c.File == nil {
				t.Fatalf("Home %q File %v", c.Home, c.File)
			}
		})
	}
}

func TestResolveHome(t *testing.T) {
	user := t.TempDir()
	t.Setenv("HOME", user)
	tests := []struct{ env, want string }{
		{"", filepath.Join(user, ".anamnesis")},
		{"   ", filepath.Join(user, ".anamnesis")},
		{"~", user},
		{"~/mem", filepath.Join(user, "mem")},
		{"/srv/anamnesis", "/srv/anamnesis"},
	}
	for _, tc := range tests {
		t.Setenv(config.EnvHome, tc.env)
		got, err := config.ResolveHome()
		if err != nil || got != tc.want {
			t.Errorf("ResolveHome with %s=%q = %q, %v; want %q", config.EnvHome, tc.env, got, err, tc.want)
		}
	}
	// Load("") uses it; Load(dir) ignores it.
	t.Setenv(config.EnvHome, "~/from-env")
	if c, err := config.Load(""); err != nil || c.Home != filepath.Join(user, "from-env") {
		t.Errorf("Load(\"\").Home = %v, %v", c, err)
	}
	if c, err := config.Load("~/explicit"); err != nil || c.Home != filepath.Join(user, "explicit") {
		t.Errorf("Load(~/explicit).Home = %v, %v", c, err)
	}
}

func TestUpdate(t *testing.T) {
	home := filepath.Join(t.TempDir(), "store") // does not exist yet
	if err := config.Update(home, map[string]any{"machine_id": "m1", "remote": "r1"}); err != nil {
		t.Fatal(err)
	}
	p := config.Path(home)
	info, err := os.Stat(p)
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("config.json mode %v (%v), want 0600", info.Mode().Perm(), err)
	}
	if _, err := os.Stat(p + ".bak"); !os.IsNotExist(err) {
		t.Fatalf("a first write must not make a backup (%v)", err)
	}
	first, _ := os.ReadFile(p)
	if !strings.HasSuffix(string(first), "\n") || !strings.Contains(string(first), "\n  \"machine_id\": \"m1\"") {
		t.Fatalf("config.json is not 2-space JSON with a newline:\n%s", first)
	}
	// A second write keeps unknown keys, removes nil ones, and backs up the first version once.
	raw := map[string]any{}
	json.Unmarshal(first, &raw)
	raw["future_key"] = map[string]any{"nested": true}
	b, _ := json.Marshal(raw)
	writeConfig(t, home, string(b))
	withFuture, _ := os.ReadFile(p)
	if err := config.Update(home, map[string]any{"remote": nil, "machine_id": "m2"}); err != nil {
		t.Fatal(err)
	}
	got := config.ReadFile(home)
	want := map[string]any{"machine_id": "m2", "future_key": map[string]any{"nested": true}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("after update: %v, want %v", got, want)
	}
	bak, err := os.ReadFile(p + ".bak")
	if err != nil || string(bak) != string(withFuture) {
		t.Fatalf("backup = %q (%v), want the previous file", bak, err)
	}
	if info, _ := os.Stat(p + ".bak"); info.Mode().Perm() != 0o600 {
		t.Fatalf("backup mode %v, want 0600", info.Mode().Perm())
	}
	// The backup is taken once: a third write leaves it alone.
	if err := config.Update(home, map[string]any{"machine_id": "m3"}); err != nil {
		t.Fatal(err)
	}
	if bak2, _ := os.ReadFile(p + ".bak"); string(bak2) != string(bak) {
		t.Fatal("the backup was overwritten")
	}
	// No temp files are left behind.
	entries, _ := os.ReadDir(home)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".tmp-anamnesis-") {
			t.Fatalf("temp file left: %s", e.Name())
		}
	}
	// A malformed existing file is refused, not written over: it may hold the remote, the machine
	// id and a key that a one-key file would lose. Reading it still works (on defaults).
	writeConfig(t, home, `{"remote": "git@h:notes.git", "machine_id": "m3",}`)
	if err := config.Update(home, map[string]any{"machine_id": "m4"}); !errors.Is(err, config.ErrBadFile) {
		t.Fatalf("Update over a malformed file = %v, want ErrBadFile", err)
	}
	if err := config.Set(home, "reflection.model", "m"); !errors.Is(err, config.ErrBadFile) {
		t.Fatalf("Set of a dotted key over a malformed file = %v, want ErrBadFile", err)
	}
	if data, _ := os.ReadFile(config.Path(home)); string(data) != `{"remote": "git@h:notes.git", "machine_id": "m3",}` {
		t.Fatalf("the malformed file was changed: %s", data)
	}
	c, err := config.Load(home)
	if err != nil || !errors.Is(c.FileErr, config.ErrBadFile) || c.Remote != "" {
		t.Fatalf("Load of a malformed file = %+v, %v; want defaults and FileErr", c, err)
	}
}

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f")
	for i, content := range []string{"one", "two, longer", ""} {
		if err := config.WriteFileAtomic(p, []byte(content), 0o640); err != nil {
			t.Fatal(err)
		}
		got, _ := os.ReadFile(p)
		info, _ := os.Stat(p)
		if string(got) != content || info.Mode().Perm() != 0o640 {
			t.Fatalf("write %d: %q mode %v", i, got, info.Mode().Perm())
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("temp files left: %v", entries)
	}
	// A directory that does not exist is an error, not a panic, and creates nothing.
	if err := config.WriteFileAtomic(filepath.Join(dir, "missing", "f"), []byte("x"), 0o600); err == nil {
		t.Fatal("WriteFileAtomic into a missing directory succeeded")
	}
}
