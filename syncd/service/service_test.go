package service

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestRender(t *testing.T) {
	for _, tc := range []struct {
		goos      string
		spec      Spec
		wantPath  string
		wantLines []string
	}{
		{"linux", Spec{Exe: "/usr/bin/anamnesis-syncd"}, "systemd/user/anamnesis-syncd.service",
			[]string{"ExecStart=/usr/bin/anamnesis-syncd\n", "ExecReload=/bin/kill -HUP $MAINPID", "WantedBy=default.target"}},
		{"linux", Spec{Exe: "/opt/my tools/anamnesis-syncd", Home: "/home/u/100%", Interval: 10 * time.Minute}, "anamnesis-syncd.service",
			[]string{`ExecStart="/opt/my tools/anamnesis-syncd" --home /home/u/100%% --interval 10m0s`}},
		{"darwin", Spec{Exe: "/usr/local/bin/anamnesis-syncd", Home: "/Users/u/a&b"}, "Library/LaunchAgents/dev.anamnesis.syncd.plist",
			[]string{"<string>dev.anamnesis.syncd</string>", "<string>/usr/local/bin/anamnesis-syncd</string>", "<string>/Users/u/a&amp;b</string>", "<key>RunAtLoad</key>"}},
	} {
		tc.spec.OS = tc.goos
		path, content, err := Render(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(path, tc.wantPath) {
			t.Errorf("%s path = %s, want suffix %s", tc.goos, path, tc.wantPath)
		}
		for _, l := range tc.wantLines {
			if !strings.Contains(content, l) {
				t.Errorf("%s service lacks %q:\n%s", tc.goos, l, content)
			}
		}
	}
	if _, _, err := Render(Spec{Exe: "x", OS: "plan9"}); err != ErrUnsupported {
		t.Errorf("plan9: %v", err)
	}
}

func TestInstallUninstallWritesAndRemovesTheFile(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	t.Setenv("HOME", dir)
	ctx := context.Background()
	for _, goos := range []string{"linux", "darwin"} {
		spec := Spec{Exe: "/bin/anamnesis-syncd", OS: goos}
		path, err := Install(ctx, spec, Options{NoEnable: true})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(path, dir) {
			t.Fatalf("installed outside the test home: %s", path)
		}
		if b, err := os.ReadFile(path); err != nil || !strings.Contains(string(b), "/bin/anamnesis-syncd") {
			t.Fatalf("%s: service file %s: %v", goos, path, err)
		}
		if _, err := Uninstall(ctx, spec, Options{NoEnable: true}); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(path); !os.IsNotExist(err) {
			t.Fatalf("%s: still there after uninstall: %v", goos, err)
		}
		// Uninstalling what is not installed is fine.
		if _, err := Uninstall(ctx, spec, Options{NoEnable: true}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "systemd", "user")); err != nil {
		t.Fatal(err)
	}
}
