package gitsync

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"
)

// Default deadlines. Network calls get less than Claude Code's shortest hook budget so that a hung
// remote costs one clear "remote unreachable" instead of a killed hook.
const (
	DefaultNetworkTimeout = 30 * time.Second
	DefaultLocalTimeout   = 60 * time.Second
	sshConnectTimeout     = 10
)

// git runs git commands in one repository with a fixed, prompt-free environment. Every call has
// a deadline; when it passes, git and anything it spawned (ssh, credential helpers) are killed.
type git struct {
	dir       string
	machineID string
	local     time.Duration
	network   time.Duration
	env       []string // local commands: no system or global git config
	netEnv    []string // fetch and push: the user's git config (credentials, proxies, URL rewrites) applies

	// safe are "-c safe.directory=..." arguments carrying the user's own safe.directory
	// settings into local commands, which run without the user's global config. Loaded the
	// first time git refuses the repository for its owner (see trustUsersSafeDirectories).
	safe       []string
	safeLoaded bool
}

// gitError is a failed git command with what it printed, so callers can tell a rejected push from
// an unreachable remote.
type gitError struct {
	args   []string
	stderr string
	err    error
}

func (e *gitError) Error() string {
	msg := firstLine(e.stderr)
	if msg == "" {
		msg = e.err.Error()
	}
	return fmt.Sprintf("git %s: %s", e.args[0], msg)
}

func (e *gitError) Unwrap() error { return e.err }

// firstLine is the most telling line of git's stderr: the first "fatal:"/"error:" line (also as
// relayed by the remote, "remote: error: ..."), except git's summary "failed to push some refs",
// which names no cause; else the first non-empty line.
func firstLine(s string) string {
	var first, summary string
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		bare := strings.TrimSpace(strings.TrimPrefix(l, "remote:"))
		if strings.HasPrefix(bare, "fatal:") || strings.HasPrefix(bare, "error:") {
			if strings.Contains(bare, "failed to push some refs") {
				summary = l
				continue
			}
			// "fatal: unable to connect to host:" continues on the next line with the cause.
			if strings.HasSuffix(bare, ":") && i+1 < len(lines) {
				bare += " " + strings.TrimSpace(lines[i+1])
			}
			return bare
		}
		if first == "" {
			first = l
		}
	}
	if first == "" {
		return summary
	}
	return first
}

// Environment variables that would point git at another repository or index, or change identity.
var strippedEnv = []string{
	"GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY",
	"GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE", "GIT_PREFIX", "GIT_COMMON_DIR",
	"GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_AUTHOR_DATE",
	"GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL", "GIT_COMMITTER_DATE",
	"GIT_SSH_COMMAND", "GIT_PAGER", "PAGER", "GIT_EDITOR", "EDITOR", "VISUAL", "LC_ALL", "LANG",
	"GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_ATTR_SOURCE",
}

func newGit(dir, machineID string, local, network time.Duration) *git {
	if local <= 0 {
		local = DefaultLocalTimeout
	}
	if network <= 0 {
		network = DefaultNetworkTimeout
	}
	ssh := strings.TrimSpace(os.Getenv("GIT_SSH_COMMAND"))
	if ssh == "" {
		ssh = "ssh"
	}
	// BatchMode: ssh never asks for a password or a host-key confirmation; it fails instead.
	ssh += fmt.Sprintf(" -o BatchMode=yes -o ConnectTimeout=%d", sshConnectTimeout)
	env := make([]string, 0, len(os.Environ())+12)
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if !contains(strippedEnv, name) {
			env = append(env, kv)
		}
	}
	ident := "anamnesis@" + identPart(machineID)
	env = append(env,
		"LC_ALL=C", // stderr is parsed (rejected pushes), so keep it untranslated
		"GIT_TERMINAL_PROMPT=0",
		"GCM_INTERACTIVE=never",
		"SSH_ASKPASS_REQUIRE=never",
		"GIT_SSH_COMMAND="+ssh,
		"GIT_PAGER=cat",
		"GIT_EDITOR=true",
		"GIT_AUTHOR_NAME=anamnesis", "GIT_AUTHOR_EMAIL="+ident,
		"GIT_COMMITTER_NAME=anamnesis", "GIT_COMMITTER_EMAIL="+ident,
	)
	netEnv := env
	// Local commands (add, merge, commit, checkout) run with no system or global config, so that
	// nothing the user set for their own repositories (merge drivers, attributes and excludes
	// files, filters, fsmonitor, hooks) changes what sync records or how it merges. Fetch and
	// push keep them: credentials, proxies and insteadOf rewrites are needed to reach the remote.
	// (Appended last: for a duplicated variable the last value wins.)
	env = append(env[:len(env):len(env)], "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_ATTR_NOSYSTEM=1")
	return &git{dir: dir, machineID: machineID, local: local, network: network, env: env, netEnv: netEnv}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// configArgs pin every setting that could make a sync interactive, slow, signed, hooked or
// otherwise different from one user's machine to the next.
var configArgs = []string{
	"-c", "user.name=anamnesis",
	"-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false",
	"-c", "core.hooksPath=/dev/null",
	"-c", "core.pager=cat", "-c", "core.editor=true",
	"-c", "core.autocrlf=false", "-c", "core.safecrlf=false",
	"-c", "core.fsmonitor=false", "-c", "core.quotePath=false",
	// Attributes from the user's global attributes file never apply; those in the synced tree are
	// neutralized by $GIT_DIR/info/attributes (see attributes in cycle.go).
	"-c", "core.attributesFile=" + os.DevNull, "-c", "core.excludesFile=" + os.DevNull,
	"-c", "merge.conflictStyle=merge",
	"-c", "gc.auto=0", "-c", "maintenance.auto=false",
	"-c", "fetch.recurseSubmodules=false", "-c", "submodule.recurse=false",
	"-c", "advice.detachedHead=false", "-c", "init.defaultBranch=main",
	"-c", "http.lowSpeedLimit=1000", "-c", "http.lowSpeedTime=20",
	"-c", "credential.interactive=false",
	"-c", "pull.rebase=false", "-c", "rebase.autoStash=false",
	"-c", "diff.renames=false", "-c", "merge.renames=false", "-c", "status.renames=false",
	// Checking out a large pull is bound by file-system latency; parallel workers hide some of it.
	"-c", "checkout.workers=4", "-c", "checkout.thresholdForParallelism=100",
}

// run executes one local git command and returns its trimmed stdout.
func (g *git) run(ctx context.Context, args ...string) (string, error) {
	out, err := g.exec(ctx, g.local, nil, nil, args...)
	return strings.TrimSpace(string(out)), err
}

// runNet executes a command that talks to the remote, under the network deadline.
func (g *git) runNet(ctx context.Context, args ...string) (string, error) {
	out, err := g.execEnv(ctx, g.network, g.netEnv, nil, nil, args...)
	return strings.TrimSpace(string(out)), err
}

// exec is the one place git is started. stdin may be nil; extraEnv is appended to the environment.
func (g *git) exec(ctx context.Context, timeout time.Duration, stdin []byte, extraEnv []string, args ...string) ([]byte, error) {
	return g.execEnv(ctx, timeout, g.env, stdin, extraEnv, args...)
}

// execEnv runs git with the base environment env (g.env or g.netEnv).
func (g *git) execEnv(ctx context.Context, timeout time.Duration, env []string, stdin []byte, extraEnv []string, args ...string) ([]byte, error) {
	out, err := g.execOnce(ctx, timeout, env, stdin, extraEnv, args...)
	if err == nil || !strings.Contains(stderrOf(err), "dubious ownership") {
		return out, err
	}
	// The repository belongs to another user. The user may have trusted it in their global
	// config (what git's message tells them to do), which local commands do not read: honour
	// that, and say plainly what is wrong when they have not.
	if g.trustUsersSafeDirectories(ctx) {
		if out, err = g.execOnce(ctx, timeout, env, stdin, extraEnv, args...); err == nil || !strings.Contains(stderrOf(err), "dubious ownership") {
			return out, err
		}
	}
	return out, ownershipError(g.dir)
}

// trustUsersSafeDirectories loads the user's safe.directory settings (system and global config,
// the only places git reads them from) once, and reports whether there are any new ones.
func (g *git) trustUsersSafeDirectories(ctx context.Context) bool {
	if g.safeLoaded {
		return false
	}
	g.safeLoaded = true
	ctx, cancel := context.WithTimeout(ctx, g.local)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", "config", "--get-all", "safe.directory")
	cmd.Env = g.netEnv // the user's config
	cmd.Dir = os.TempDir()
	out, err := cmd.Output()
	if err != nil {
		return false
	}
	for _, v := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if v = strings.TrimSpace(v); v != "" {
			g.safe = append(g.safe, "-c", "safe.directory="+v)
		}
	}
	return len(g.safe) > 0
}

// ownershipError says that git refuses dir because another user owns it, and how to fix it.
func ownershipError(dir string) error {
	problem := "the repository belongs to another user than the one running sync, and git refuses to work in it (\"dubious ownership\")"
	if owner := fileOwner(dir); owner != "" {
		problem = "the repository belongs to " + owner + ", not to the user running sync, and git refuses to work in it (\"dubious ownership\")"
	}
	return &RepositoryStateError{Dir: dir, Problem: problem,
		Fix: "make it yours with `chown -R \"$(id -u)\" " + shellQuote(dir) + "`, or trust it with `git config --global --add safe.directory " + shellQuote(dir) + "`"}
}

func (g *git) execOnce(ctx context.Context, timeout time.Duration, env []string, stdin []byte, extraEnv []string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	full := make([]string, 0, len(configArgs)+len(g.safe)+len(args)+4)
	full = append(full, "-C", g.dir, "-c", "user.email=anamnesis@"+identPart(g.machineID))
	full = append(full, configArgs...)
	full = append(full, g.safe...)
	full = append(full, args...)
	cmd := exec.CommandContext(ctx, "git", full...)
	cmd.Env = env
	if len(extraEnv) > 0 {
		cmd.Env = append(append([]string{}, env...), extraEnv...)
	}
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	// Own process group, so a deadline kills ssh and helpers too, not only git.
	cmd.SysProcAttr = procAttr()
	cmd.Cancel = func() error { return killTree(cmd.Process) }
	cmd.WaitDelay = 2 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if err != nil {
		if ctx.Err() != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
			err = fmt.Errorf("timed out after %s: %w", timeout, ctx.Err())
			return stdout.Bytes(), &gitError{args: args, stderr: "timed out after " + timeout.String(), err: err}
		}
		return stdout.Bytes(), &gitError{args: args, stderr: stderr.String(), err: err}
	}
	return stdout.Bytes(), nil
}

// exitCode is the git exit status of err, or -1 when git did not run to an exit.
func exitCode(err error) int {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	return -1
}

// stderrOf is what a failed git command printed.
func stderrOf(err error) string {
	var ge *gitError
	if errors.As(err, &ge) {
		return ge.stderr
	}
	return ""
}
