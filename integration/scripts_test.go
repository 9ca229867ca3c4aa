package integration

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/anamnesis-go/anamnesis/hookcli/cli"
	"github.com/anamnesis-go/anamnesis/hookcli/ui"
	"github.com/anamnesis-go/anamnesis/integration/remote"
	mcpdcli "github.com/anamnesis-go/anamnesis/mcpd/cli"
	syncdcli "github.com/anamnesis-go/anamnesis/syncd/cli"
)

// programs are the binaries scripts run, by name: testscript puts the test binary on $PATH under
// each name and dispatches on os.Args[0], so a script's "exec anamnesis ..." runs the real command
// in its own process. Adding a program is one line here (plus its module's require and replace
// in go.mod).
var programs = map[string]func(){
	"anamnesis":       func() { os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	"anamnesis-mcpd":  func() { os.Exit(mcpdcli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	"anamnesis-syncd": func() { os.Exit(syncdcli.Main(os.Args[1:], os.Stdout, os.Stderr)) },
	"anamnesis-ui":    func() { os.Exit(ui.Main(os.Args[1:], os.Stdout, os.Stderr)) },
}

func TestMain(m *testing.M) {
	testscript.Main(m, programs)
}

// TestScripts runs testdata/*.txtar, then the sync scenarios in testdata/sync. Run one with:
// go test -run 'TestScripts/sync/two_machines_gitd' ./integration
func TestScripts(t *testing.T) {
	testscript.Run(t, params("testdata"))
	t.Run("sync", func(t *testing.T) {
		testscript.Run(t, params(filepath.Join("testdata", "sync")))
	})
}

func params(dir string) testscript.Params {
	return testscript.Params{
		Dir:                 dir,
		Setup:               setup,
		Cmds:                commands,
		Condition:           condition,
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
	}
}

// setup gives every script what a user's machine has and testscript's bare environment lacks:
// a git identity and configuration of its own (never the developer's), and a place for remotes.
func setup(e *testscript.Env) error {
	e.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	e.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(e.WorkDir, ".gitconfig"))
	for _, k := range []string{"GIT_AUTHOR_NAME", "GIT_COMMITTER_NAME"} {
		e.Setenv(k, "Integration Test")
	}
	for _, k := range []string{"GIT_AUTHOR_EMAIL", "GIT_COMMITTER_EMAIL"} {
		e.Setenv(k, "test@anamnesis.invalid")
	}
	e.Setenv("GIT_TERMINAL_PROMPT", "0")
	if err := os.WriteFile(filepath.Join(e.WorkDir, ".gitconfig"),
		[]byte("[init]\n\tdefaultBranch = main\n[protocol \"file\"]\n\tallow = always\n"), 0o644); err != nil {
		return err
	}
	// The container settings testcontainers needs here (see package remote) are process-wide;
	// scripts see them too, for "exec go test" style nesting.
	for _, k := range []string{"TESTCONTAINERS_RYUK_DISABLED", "TESTCONTAINERS_HOST_OVERRIDE"} {
		e.Setenv(k, os.Getenv(k))
	}
	e.Values[remotesKey{}] = &remotes{byName: map[string]*remote.Server{}}
	return nil
}

// condition adds [race] (built with -race: the programs run instrumented, much slower),
// [registered:NAME] (the program is in programs, so scripts run this build's
// binary, never one installed on the machine) and [docker]: a Docker engine answers. Without one the container scenarios skip, and
// the reason is printed once for the whole run; in CI (CI=true) a missing engine is an error,
// because CI is where these scenarios must run.
func condition(cond string) (bool, error) {
	if name, ok := strings.CutPrefix(cond, "registered:"); ok {
		_, ok := programs[name]
		return ok, nil
	}
	switch cond {
	case "race":
		return raceEnabled, nil
	case "docker":
		err := remote.Engine()
		if err == nil {
			return true, nil
		}
		if os.Getenv("CI") == "true" {
			return false, fmt.Errorf("CI=true but %v (.ci/docker.sh installs and starts one)", err)
		}
		skipNotice.Do(func() {
			fmt.Fprintf(os.Stderr, "integration: container scenarios skipped: %v\n", err)
		})
		return false, nil
	}
	return false, fmt.Errorf("unknown condition %q", cond)
}

var skipNotice sync.Once

func TestConditions(t *testing.T) {
	if ok, err := condition("registered:anamnesis"); !ok || err != nil {
		t.Errorf("registered:anamnesis = %t, %v", ok, err)
	}
	if ok, err := condition("registered:nosuchprogram"); ok || err != nil {
		t.Errorf("registered:nosuchprogram = %t, %v", ok, err)
	}
	if ok, _ := condition("race"); ok != raceEnabled {
		t.Errorf("race = %t, built with race %t", ok, raceEnabled)
	}
	if _, err := condition("bogus"); err == nil {
		t.Error("an unknown condition is accepted")
	}
}
