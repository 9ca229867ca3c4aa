package integration

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/sumdb/dirhash"
	modzip "golang.org/x/mod/zip"
)

const modulePrefix = "github.com/anamnesis-go/anamnesis/"

// TestGoInstallFromAModuleProxy is "go install <binary>@<version>" as a user without a checkout
// runs it, against a module proxy on disk serving this tree as it would be published: each
// module zipped as the go command zips it, at the version of core the front ends require, and
// the front ends' go.sum completed with core's hashes (the release step "go get core@vX" after
// tagging core). It fails if a go.mod holds a replace directive (go install refuses those), if a
// front end requires a core version the others do not, or if a binary does not build and run.
func TestGoInstallFromAModuleProxy(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every binary from zipped modules")
	}
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Dir(filepath.Dir(file))
	fronts := []string{"hookcli", "mcpd", "syncd"}

	// The version of core every front end requires; none may replace it.
	version := ""
	for _, m := range fronts {
		data, err := os.ReadFile(filepath.Join(root, m, "go.mod"))
		if err != nil {
			t.Fatal(err)
		}
		mf, err := modfile.Parse(m+"/go.mod", data, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(mf.Replace) > 0 {
			t.Fatalf("%s/go.mod has replace directives; go install <pkg>@<version> refuses such a module", m)
		}
		for _, r := range mf.Require {
			if r.Mod.Path == modulePrefix+"core" {
				if version != "" && r.Mod.Version != version {
					t.Fatalf("%s requires core %s, another front end %s", m, r.Mod.Version, version)
				}
				version = r.Mod.Version
			}
		}
	}
	if version == "" {
		t.Fatal("no front end requires core")
	}

	proxy := t.TempDir()
	publish := func(m string, extraSum string) (zipHash, modHash string) {
		t.Helper()
		mv := module.Version{Path: modulePrefix + m, Version: version}
		dir := filepath.Join(proxy, modulePrefix+m, "@v")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		src := filepath.Join(root, m)
		if extraSum != "" {
			// The published tree's go.sum, completed as the release step completes it.
			stage := filepath.Join(t.TempDir(), m)
			if err := os.CopyFS(stage, os.DirFS(src)); err != nil {
				t.Fatal(err)
			}
			sum, _ := os.ReadFile(filepath.Join(stage, "go.sum"))
			if err := os.WriteFile(filepath.Join(stage, "go.sum"), append(sum, extraSum...), 0o644); err != nil {
				t.Fatal(err)
			}
			src = stage
		}
		zf, err := os.Create(filepath.Join(dir, version+".zip"))
		if err != nil {
			t.Fatal(err)
		}
		if err := modzip.CreateFromDir(zf, mv, src); err != nil {
			t.Fatalf("zip %s: %v", m, err)
		}
		if err := zf.Close(); err != nil {
			t.Fatal(err)
		}
		gomod, err := os.ReadFile(filepath.Join(src, "go.mod"))
		if err != nil {
			t.Fatal(err)
		}
		for name, data := range map[string][]byte{
			version + ".mod":  gomod,
			version + ".info": []byte(`{"Version":"` + version + `","Time":"` + time.Now().UTC().Format(time.RFC3339) + `"}`),
			"list":            []byte(version + "\n"),
		} {
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		zipHash, err = dirhash.HashZip(zf.Name(), dirhash.Hash1)
		if err != nil {
			t.Fatal(err)
		}
		modHash, err = dirhash.Hash1([]string{"go.mod"}, func(string) (io.ReadCloser, error) {
			return io.NopCloser(bytes.NewReader(gomod)), nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return zipHash, modHash
	}
	zh, mh := publish("core", "")
	coreSum := modulePrefix + "core " + version + " " + zh + "\n" + modulePrefix + "core " + version + "/go.mod " + mh + "\n"
	for _, m := range fronts {
		publish(m, coreSum)
	}

	gobin := t.TempDir()
	// A module cache of its own: the one of the machine must never hold these unpublished
	// versions (it would serve them in place of the real ones later), and a version it already
	// holds would hide this tree's code. The dependencies come from the machine's cache of
	// downloads, which is itself a module proxy, else from the real proxy; -trimpath lets the
	// build cache serve what the other tests already compiled.
	modcache := t.TempDir()
	t.Cleanup(func() {
		// The go command leaves its module cache read-only; only it removes one cleanly.
		clean := exec.Command("go", "clean", "-modcache")
		clean.Env = append(os.Environ(), "GOMODCACHE="+modcache, "GOFLAGS=")
		_ = clean.Run()
	})
	env := append(os.Environ(), "GOWORK=off", "GOBIN="+gobin, "GOFLAGS=-trimpath", "CGO_ENABLED=0",
		"GOMODCACHE="+modcache,
		"GOPROXY=file://"+filepath.ToSlash(proxy)+",file://"+filepath.ToSlash(filepath.Join(goEnv(t, "GOMODCACHE"), "cache", "download"))+
			","+goEnv(t, "GOPROXY"),
		// No checksum database for modules never published; the others are checked as usual.
		"GONOSUMDB="+modulePrefix+"*", "GOPRIVATE=", "GONOPROXY=")
	pkgs := []string{"hookcli/cmd/anamnesis", "hookcli/cmd/anamnesis-cli", "hookcli/cmd/anamnesis-hook", "hookcli/cmd/anamnesis-ui", "mcpd/cmd/anamnesis-mcpd", "syncd/cmd/anamnesis-syncd"}
	for _, pkg := range pkgs {
		cmd := exec.Command("go", "install", modulePrefix+pkg+"@latest")
		cmd.Env, cmd.Dir = env, t.TempDir()
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go install %s@latest: %v\n%s", pkg, err, out)
		}
	}
	// Built without make's stamp, each binary still knows its version: the module's. The front
	// door "anamnesis" hands --version to anamnesis-cli beside it, the whole of "anamnesis".
	for _, pkg := range pkgs {
		bin := filepath.Join(gobin, filepath.Base(pkg))
		out, err := exec.Command(bin, "--version").CombinedOutput()
		if want := strings.TrimSuffix(filepath.Base(pkg), "-cli") + " " + version; err != nil || strings.TrimSpace(string(out)) != want {
			t.Fatalf("%s --version: %v %q, want %q", bin, err, out, want)
		}
	}
}

func goEnv(t *testing.T, key string) string {
	out, err := exec.Command("go", "env", key).Output()
	if err != nil {
		t.Fatalf("go env %s: %v", key, err)
	}
	return strings.TrimSpace(string(out))
}
