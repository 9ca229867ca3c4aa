package integration

import (
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// repoRoot is the repository's top directory (this package lives one level below it).
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// TestDistAndInstallScript builds this platform's release archive with the same script `make
// dist` runs, checks what is in it by running it, then installs it the way a user without Go
// would: install.sh against a release server on 127.0.0.1. A tampered checksum must stop the
// install before anything is written.
func TestDistAndInstallScript(t *testing.T) {
	if runtime.GOOS != "linux" && runtime.GOOS != "darwin" {
		t.Skip("install.sh is for Linux and macOS")
	}
	root := repoRoot(t)
	dist := t.TempDir()
	const version = "v9.8.7-test"
	cmd := exec.Command("sh", filepath.Join(root, "scripts", "dist.sh"))
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "VERSION="+version, "DIST="+dist, "PLATFORMS="+runtime.GOOS+"/"+runtime.GOARCH)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("dist.sh: %v\n%s", err, out)
	}
	archive := "anamnesis_9.8.7-test_" + runtime.GOOS + "_" + runtime.GOARCH + ".tar.gz"
	sums, err := os.ReadFile(filepath.Join(dist, "SHA256SUMS"))
	if err != nil || !strings.Contains(string(sums), archive) {
		t.Fatalf("SHA256SUMS does not list %s: %v\n%s", archive, err, sums)
	}

	// The archive unpacks to four binaries that run and say their version.
	unpack := t.TempDir()
	if out, err := exec.Command("tar", "-C", unpack, "-xzf", filepath.Join(dist, archive)).CombinedOutput(); err != nil {
		t.Fatalf("tar: %v\n%s", err, out)
	}
	dir := filepath.Join(unpack, strings.TrimSuffix(archive, ".tar.gz"))
	for _, b := range []string{"anamnesis", "anamnesis-cli", "anamnesis-hook", "anamnesis-mcpd", "anamnesis-syncd", "anamnesis-ui"} {
		// anamnesis-cli is the whole of "anamnesis", and says so.
		want := strings.TrimSuffix(b, "-cli") + " " + version
		out, err := exec.Command(filepath.Join(dir, b), "--version").CombinedOutput()
		if err != nil || strings.TrimSpace(string(out)) != want {
			t.Fatalf("%s --version: %v %q, want %q", b, err, out, want)
		}
	}
	home := t.TempDir()
	plan := exec.Command(filepath.Join(dir, "anamnesis"), "init", "--print")
	plan.Env = append(cleanEnv(), "HOME="+home, "ANAMNESIS_HOME="+filepath.Join(home, ".anamnesis"))
	if out, err := plan.CombinedOutput(); err != nil || !strings.Contains(string(out), "hook") {
		t.Fatalf("init --print from the archive: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(home, ".anamnesis")); err == nil {
		t.Fatal("init --print created the store")
	}
	// "anamnesis ui" finds the dashboard binary beside it in the archive (PATH holds neither).
	ui := exec.Command(filepath.Join(dir, "anamnesis"), "ui", "--addr", "0.0.0.0:7822")
	ui.Env = append(cleanEnv(), "HOME="+home, "PATH=/nonexistent")
	if out, err := ui.CombinedOutput(); err == nil || !strings.Contains(string(out), "loopback only") {
		t.Fatalf("anamnesis ui from the archive: %v\n%s", err, out)
	}

	// install.sh against a local release server.
	srv := httptest.NewServer(http.FileServer(http.Dir(dist)))
	defer srv.Close()
	install := func(t *testing.T, prefix string) (string, error) {
		c := exec.Command("sh", filepath.Join(root, "scripts", "install.sh"))
		c.Env = append(cleanEnv(), "HOME="+home, "PREFIX="+prefix, "ANAMNESIS_RELEASE_URL="+srv.URL,
			"ANAMNESIS_HOME="+filepath.Join(home, ".anamnesis"), "ANAMNESIS_MACHINE_ID=installtest", "PATH="+os.Getenv("PATH"))
		out, err := c.CombinedOutput()
		return string(out), err
	}
	prefix := filepath.Join(home, ".local")
	out, err := install(t, prefix)
	if err != nil {
		t.Fatalf("install.sh: %v\n%s", err, out)
	}
	for _, b := range []string{"anamnesis", "anamnesis-cli", "anamnesis-hook", "anamnesis-mcpd", "anamnesis-syncd", "anamnesis-ui"} {
		if fi, err := os.Stat(filepath.Join(prefix, "bin", b)); err != nil || fi.Mode()&0o111 == 0 {
			t.Fatalf("%s not installed as an executable: %v", b, err)
		}
	}
	if _, err := os.Stat(filepath.Join(home, ".anamnesis", "config.json")); err != nil {
		t.Fatalf("install.sh did not run init (no store config): %v\n%s", err, out)
	}

	// A checksum that does not match stops the install before anything is written.
	bad := strings.Replace(string(sums), strings.Fields(string(sums))[0], strings.Repeat("0", 64), 1)
	if err := os.WriteFile(filepath.Join(dist, "SHA256SUMS"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	prefix2 := filepath.Join(home, "other")
	out, err = install(t, prefix2)
	if err == nil || !strings.Contains(out, "checksum mismatch") {
		t.Fatalf("a bad checksum was not refused: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(prefix2, "bin")); err == nil {
		t.Fatal("a refused install left files behind")
	}
}

// cleanEnv is the environment without Anamnesis and Claude Code settings of the machine running
// the tests.
func cleanEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "ANAMNESIS_") || strings.HasPrefix(kv, "CLAUDE_") || strings.HasPrefix(kv, "HOME=") {
			continue
		}
		env = append(env, kv)
	}
	return env
}
