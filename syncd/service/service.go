// Package service installs anamnesis-syncd as a per-user background service: a systemd user unit
// on Linux, a launchd agent on macOS.
package service

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// Names of the installed service.
const (
	UnitName    = "anamnesis-syncd.service"
	LaunchLabel = "dev.anamnesis.syncd"
)

// Spec is what the service runs.
type Spec struct {
	Exe      string        // absolute path of anamnesis-syncd
	Home     string        // store home; "" leaves ANAMNESIS_HOME / ~/.anamnesis to the service
	Interval time.Duration // zero leaves the default
	OS       string        // "linux" or "darwin"; "" means this machine's
}

func (s Spec) goos() string {
	if s.OS != "" {
		return s.OS
	}
	return runtime.GOOS
}

// args is the service's command line.
func (s Spec) args() []string {
	a := []string{s.Exe}
	if s.Home != "" {
		a = append(a, "--home", s.Home)
	}
	if s.Interval > 0 {
		a = append(a, "--interval", s.Interval.String())
	}
	return a
}

// ErrUnsupported is returned on systems with neither systemd nor launchd support here.
var ErrUnsupported = errors.New("installing the sync service is supported on Linux (systemd) and macOS (launchd) only; run anamnesis-syncd from your own scheduler instead")

// Render returns the service file for spec and where it belongs.
func Render(spec Spec) (path string, content string, err error) {
	switch spec.goos() {
	case "linux":
		dir := os.Getenv("XDG_CONFIG_HOME")
		if dir == "" {
			h, err := os.UserHomeDir()
			if err != nil {
				return "", "", fmt.Errorf("find the systemd user directory: %w", err)
			}
			dir = filepath.Join(h, ".config")
		}
		return filepath.Join(dir, "systemd", "user", UnitName), systemdUnit(spec), nil
	case "darwin":
		h, err := os.UserHomeDir()
		if err != nil {
			return "", "", fmt.Errorf("find the LaunchAgents directory: %w", err)
		}
		return filepath.Join(h, "Library", "LaunchAgents", LaunchLabel+".plist"), launchdPlist(spec), nil
	}
	return "", "", ErrUnsupported
}

func systemdUnit(spec Spec) string {
	quoted := make([]string, 0, 4)
	for _, a := range spec.args() {
		quoted = append(quoted, systemdQuote(a))
	}
	return "[Unit]\n" +
		"Description=Anamnesis memory sync (git) between your machines\n" +
		"After=network-online.target\nWants=network-online.target\n\n" +
		"[Service]\nType=simple\n" +
		"ExecStart=" + strings.Join(quoted, " ") + "\n" +
		"ExecReload=/bin/kill -HUP $MAINPID\n" +
		"Restart=on-failure\nRestartSec=30\n\n" +
		"[Install]\nWantedBy=default.target\n"
}

// systemdQuote quotes one ExecStart argument; systemd splits on spaces and expands % and $.
func systemdQuote(s string) string {
	s = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "%", "%%", "$", "$$").Replace(s)
	if strings.ContainsAny(s, " \t'") || s == "" {
		return `"` + s + `"`
	}
	return s
}

func launchdPlist(spec Spec) string {
	var args strings.Builder
	for _, a := range spec.args() {
		args.WriteString("    <string>" + html.EscapeString(a) + "</string>\n")
	}
	return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>Label</key>
  <string>` + LaunchLabel + `</string>
  <key>ProgramArguments</key>
  <array>
` + args.String() + `  </array>
  <key>RunAtLoad</key>
  <true/>
  <key>KeepAlive</key>
  <dict>
    <key>SuccessfulExit</key>
    <false/>
  </dict>
  <key>ProcessType</key>
  <string>Background</string>
</dict>
</plist>
`
}

// Options controls Install and Uninstall.
type Options struct {
	// NoEnable writes or removes the file only, without asking systemd or launchd to (un)load it.
	NoEnable bool
}

// Install writes the service file and enables and starts the service. It returns the file path.
func Install(ctx context.Context, spec Spec, opts Options) (string, error) {
	path, content, err := Render(spec)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return path, fmt.Errorf("install the sync service: %w", err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		return path, fmt.Errorf("install the sync service: %w", err)
	}
	if opts.NoEnable {
		return path, nil
	}
	for _, c := range enableCommands(spec.goos(), path) {
		if err := run(ctx, c...); err != nil {
			return path, fmt.Errorf("the service file is written at %s, but enabling it failed: %w", path, err)
		}
	}
	return path, nil
}

// Uninstall stops and disables the service and removes its file. A service that is not installed
// is not an error.
func Uninstall(ctx context.Context, spec Spec, opts Options) (string, error) {
	path, _, err := Render(spec)
	if err != nil {
		return "", err
	}
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return path, nil
	}
	if !opts.NoEnable {
		// Stopping a service that is not running fails; removing the file is what matters.
		for _, c := range disableCommands(spec.goos(), path) {
			_ = run(ctx, c...)
		}
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return path, fmt.Errorf("remove the sync service: %w", err)
	}
	if !opts.NoEnable && spec.goos() == "linux" {
		_ = run(ctx, "systemctl", "--user", "daemon-reload") // the unit is gone either way
	}
	return path, nil
}

func enableCommands(goos, path string) [][]string {
	if goos == "darwin" {
		return [][]string{{"launchctl", "bootstrap", "gui/" + strconv.Itoa(os.Getuid()), path}}
	}
	return [][]string{{"systemctl", "--user", "daemon-reload"}, {"systemctl", "--user", "enable", "--now", UnitName}}
}

func disableCommands(goos, path string) [][]string {
	if goos == "darwin" {
		return [][]string{{"launchctl", "bootout", "gui/" + strconv.Itoa(os.Getuid()) + "/" + LaunchLabel}}
	}
	return [][]string{{"systemctl", "--user", "disable", "--now", UnitName}}
}

func run(ctx context.Context, args ...string) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return fmt.Errorf("%s: %s", strings.Join(args, " "), msg)
	}
	return nil
}
