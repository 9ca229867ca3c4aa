package gitsync

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/anamnesis-go/anamnesis/core/config"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// cycle is the state of one Sync call.
type cycle struct {
	st     *store.Store
	g      *git
	remote string
	mid    string

	started bool   // the first locked section ran: the index reflects HEAD as it left it
	empty   string // the empty tree's id, once known

	// branch is the remote branch the notes live on: the remote's default branch when it has
	// one, "main" for an empty remote. It is remembered (branchFile) once the remote has it, so
	// a cycle asks the remote only when it changed.
	branch string
}

// branchFile (under .git) remembers the remote branch synced with, and for which remote URL:
// "<url>\n<branch>\n". It is a plain file replaced atomically, not git config, because it is
// written outside the store lock (after a fetch or a push).
const branchFile = "anamnesis-branch"

// RemoteBranch is the remote branch the repository in memoryDir was last synced with for remote,
// or "" when not known yet.
func RemoteBranch(memoryDir, remote string) string {
	b, err := os.ReadFile(filepath.Join(memoryDir, ".git", branchFile))
	if err != nil {
		return ""
	}
	url, branch, _ := strings.Cut(strings.TrimSuffix(string(b), "\n"), "\n")
	if url != remote || strings.ContainsAny(branch, " \t\n") {
		return ""
	}
	return branch
}

// rememberBranch records c.branch for c.remote. It is only a cache: a cycle that cannot write
// it asks the remote again next time.
func (c *cycle) rememberBranch() {
	if c.branch == "" || RemoteBranch(c.g.dir, c.remote) == c.branch {
		return
	}
	_ = config.WriteFileAtomic(filepath.Join(c.gitDir(), branchFile), []byte(c.remote+"\n"+c.branch+"\n"), 0o644)
}

func (c *cycle) gitDir() string { return filepath.Join(c.g.dir, ".git") }

// excludes keep temporary files of atomic note writes (and editor droppings) out of commits.
const excludes = "# written by anamnesis sync\n.tmp-anamnesis-*\n*.tmp\n*.swp\n*~\n.DS_Store\n"

// attributes outrank every .gitattributes file in the synced tree (and the user's global
// attributes), so that nothing in the notes a sync receives can choose how sync merges (a
// "merge=union" would concatenate two edits of a note), filter or convert what it records.
const attributes = "# written by anamnesis sync: attributes in the synced tree do not apply to sync\n" +
	"* !text !eol !crlf !filter !ident !merge !diff !working-tree-encoding !conflict-marker-size !whitespace\n"

// managedFiles are the files under .git that sync keeps at fixed contents.
var managedFiles = []struct{ path, content string }{
	{filepath.Join("info", "exclude"), excludes},
	{filepath.Join("info", "attributes"), attributes},
}

// prepare makes sure memory/ is a repository on branch main whose origin is the configured remote.
// It reads first and takes the store lock only when something must change, so a no-change cycle
// stays cheap.
func (c *cycle) prepare(ctx context.Context) error {
	if c.ready(ctx) {
		return nil
	}
	l, err := c.st.Lock(ctx)
	if err != nil {
		return err
	}
	defer l.Release()
	c.clearStaleLocks()
	if err := c.ensureRepo(ctx); err != nil {
		return err
	}
	for _, f := range managedFiles {
		p := filepath.Join(c.gitDir(), f.path)
		if b, _ := os.ReadFile(p); string(b) == f.content {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("write %s: %w", p, err)
		}
		if err := os.WriteFile(p, []byte(f.content), 0o644); err != nil {
			return fmt.Errorf("write %s: %w", p, err)
		}
	}
	// A repository made by hand (or by the Python reference on "master") is moved to main when
	// there is no main yet. Any other state (a merge or rebase in progress, a detached HEAD,
	// another branch beside main) is the user's: sync stops and says what to run.
	ref, renameable := headBranch(ctx, c.g)
	if err := stateProblem(ctx, c.g, c.gitDir(), renameable); err != nil {
		return err
	}
	if ref != "refs/heads/"+Branch {
		if _, err := c.g.run(ctx, "branch", "-M", Branch); err != nil {
			if _, err := c.g.run(ctx, "symbolic-ref", "HEAD", "refs/heads/"+Branch); err != nil {
				return fmt.Errorf("switch the sync repository to branch %s: %w", Branch, err)
			}
		}
	}
	if err := c.reconcileOrigin(ctx); err != nil {
		return err
	}
	c.branch = RemoteBranch(c.g.dir, c.remote)
	return nil
}

// ready is the lock-free check that prepare has nothing to do.
func (c *cycle) ready(ctx context.Context) bool {
	if _, err := os.Stat(c.gitDir()); err != nil {
		return false
	}
	for _, f := range managedFiles {
		if b, _ := os.ReadFile(filepath.Join(c.gitDir(), f.path)); string(b) != f.content {
			return false
		}
	}
	if b, _ := os.ReadFile(filepath.Join(c.gitDir(), "HEAD")); strings.TrimSpace(string(b)) != "ref: refs/heads/"+Branch {
		return false
	}
	url, err := c.g.run(ctx, "config", "--get", "remote.origin.url")
	if err != nil && exitCode(err) != 1 { // 1: no origin; anything else: not a usable repository
		return false
	}
	c.branch = RemoteBranch(c.g.dir, c.remote)
	return url == c.remote
}

// ensureRepo makes memory/ a usable repository. A .git that git does not recognize (an init
// killed half way) is re-initialized, which fills in what is missing and keeps what is there; one
// that still does not work is moved out of the tree, next to the store, and replaced: the note
// files are the truth, and the next commit records them again.
func (c *cycle) ensureRepo(ctx context.Context) error {
	// An error that is not damage (a repository owned by another user) is reported, never
	// "repaired": moving a healthy repository aside would lose its history.
	if _, err := os.Stat(c.gitDir()); err == nil {
		_, err := c.g.run(ctx, "rev-parse", "--git-dir")
		if err == nil || errors.Is(err, ErrRepositoryState) {
			return err
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("inspect the sync repository: %w", err)
	}
	if _, err := c.g.run(ctx, "init", "-q", "-b", Branch); err == nil {
		if _, err := c.g.run(ctx, "rev-parse", "--git-dir"); err == nil || errors.Is(err, ErrRepositoryState) {
			return err
		}
	} else if errors.Is(err, ErrRepositoryState) {
		return err
	}
	aside := filepath.Join(c.st.Root(), fmt.Sprintf("broken-git-%d", time.Now().UnixNano()))
	if err := os.Rename(c.gitDir(), aside); err != nil {
		return fmt.Errorf("the sync repository %s is damaged and could not be moved aside: %w", c.gitDir(), err)
	}
	if _, err := c.g.run(ctx, "init", "-q", "-b", Branch); err != nil {
		return fmt.Errorf("create the sync repository in %s: %w", c.g.dir, err)
	}
	return nil
}

// reconcileOrigin adds, updates or removes origin to match the configured remote, so that a
// remote configured (or changed) after the first sync just works.
func (c *cycle) reconcileOrigin(ctx context.Context) error {
	url, err := c.g.run(ctx, "config", "--get", "remote.origin.url")
	has := err == nil
	switch {
	case c.remote == "" && has:
		_, err = c.g.run(ctx, "remote", "remove", "origin")
	case c.remote == "" || url == c.remote:
		return nil
	case has:
		_, err = c.g.run(ctx, "remote", "set-url", "origin", c.remote)
	default:
		_, err = c.g.run(ctx, "remote", "add", "origin", c.remote)
	}
	if err != nil {
		return fmt.Errorf("set the sync remote: %w", err)
	}
	// What was recorded of the old remote (its head, to detect rewrites) says nothing about the
	// new one: a new remote's different history is not a rewrite of the old one's.
	refs, err := c.g.run(ctx, "for-each-ref", "--format=%(refname)", "refs/remotes/origin/")
	if err != nil {
		return fmt.Errorf("set the sync remote: %w", err)
	}
	for _, ref := range strings.Fields(refs) {
		if _, err := c.g.run(ctx, "update-ref", "-d", ref); err != nil {
			return fmt.Errorf("set the sync remote: %w", err)
		}
	}
	return nil
}

// clearStaleLocks removes git lock files a killed git left behind. It runs only under the store
// lock, and every anamnesis git command that takes these locks runs under the store lock too, so
// any lock file found here is stale.
func (c *cycle) clearStaleLocks() {
	for _, p := range []string{"index.lock", "HEAD.lock", "ORIG_HEAD.lock", "config.lock",
		"refs/heads/" + Branch + ".lock", "refs/remotes/origin/" + c.remoteBranch() + ".lock", mergeIndex} {
		os.Remove(filepath.Join(c.gitDir(), p))
	}
	// Fetch refs of cycles that were killed between fetching and cleaning up.
	dir := filepath.Join(c.gitDir(), "refs", "anamnesis", "fetch")
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if info, err := e.Info(); err == nil && time.Since(info.ModTime()) > time.Hour {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// remoteBranch is the branch synced on the remote: the one found, else main.
func (c *cycle) remoteBranch() string {
	if c.branch != "" {
		return c.branch
	}
	return Branch
}

// fetchResult is the remote's head, or "" when the remote has no branch yet.
type fetchResult struct{ head string }

// fetch downloads the remote branch into a ref private to this cycle, outside the store lock, so
// that concurrent cycles never contend for a shared ref (or FETCH_HEAD) and a slow network never
// holds up note writes. When the remote branch is not known yet, or is gone, it asks the remote
// which branch holds the notes first (see discoverBranch).
func (c *cycle) fetch(ctx context.Context) (fetchResult, error) {
	known := c.branch != ""
	if !known {
		if err := c.discoverBranch(ctx); err != nil {
			return fetchResult{}, err
		}
	}
	res, found, err := c.fetchBranch(ctx)
	if err != nil || found || !known {
		return res, err
	}
	// The remembered branch is gone from the remote (renamed, or the remote replaced): look again.
	if err := c.discoverBranch(ctx); err != nil {
		return fetchResult{}, err
	}
	res, _, err = c.fetchBranch(ctx)
	return res, err
}

// fetchBranch fetches c.remoteBranch(); found is false when the remote does not have it.
func (c *cycle) fetchBranch(ctx context.Context) (fetchResult, bool, error) {
	var buf [8]byte
	rand.Read(buf[:])
	name := fmt.Sprintf("%d-%s", os.Getpid(), hex.EncodeToString(buf[:]))
	ref := "refs/anamnesis/fetch/" + name
	_, err := c.g.runNet(ctx, "fetch", "--quiet", "--no-tags", "--no-write-fetch-head", "--no-auto-gc",
		"--no-recurse-submodules", c.remote, "+refs/heads/"+c.remoteBranch()+":"+ref)
	defer os.Remove(filepath.Join(c.gitDir(), filepath.FromSlash(ref)))
	if err != nil {
		if strings.Contains(stderrOf(err), "couldn't find remote ref") {
			return fetchResult{}, false, nil // reachable, but nothing pushed yet
		}
		return fetchResult{}, false, err
	}
	head, err := c.g.run(ctx, "rev-parse", "--verify", "-q", ref+"^{commit}")
	if err != nil {
		return fetchResult{}, false, fmt.Errorf("read fetched head: %w", err)
	}
	return fetchResult{head: head}, true, nil
}

// discoverBranch asks the remote which branch holds the notes: the branch its HEAD names, when
// that branch exists (a remote made with "git init --bare" on a machine whose default is master,
// or by the Python reference); else main; else master; else, for a remote with no branch yet,
// main. A found branch is remembered, so later cycles fetch it directly.
func (c *cycle) discoverBranch(ctx context.Context) error {
	out, err := c.g.runNet(ctx, "ls-remote", "--symref", c.remote, "HEAD", "refs/heads/*")
	if err != nil {
		return err
	}
	heads := map[string]bool{}
	var headRef string
	for _, line := range strings.Split(out, "\n") {
		left, right, ok := strings.Cut(line, "\t")
		if !ok {
			continue
		}
		if target, sym := strings.CutPrefix(left, "ref: "); sym && right == "HEAD" {
			headRef = strings.TrimPrefix(target, "refs/heads/")
		} else if b, isHead := strings.CutPrefix(right, "refs/heads/"); isHead {
			heads[b] = true
		}
	}
	branch := ""
	switch {
	case headRef != "" && heads[headRef]:
		branch = headRef
	case heads[Branch]:
		branch = Branch
	case heads["master"]:
		branch = "master"
	}
	c.branch = branch
	c.rememberBranch()
	return nil
}

// push sends commit head to the remote branch. It runs outside the store lock; head is an
// immutable commit id, so a concurrent cycle moving HEAD on does not change what is pushed.
func (c *cycle) push(ctx context.Context, head string) error {
	_, err := c.g.runNet(ctx, "push", "--quiet", "--no-verify", c.remote, head+":refs/heads/"+c.remoteBranch())
	return err
}

// trackingRef records the remote head this machine last integrated or pushed: the base from
// which a rewrite of the remote's history is detected and integrated (see integrate).
func (c *cycle) trackingRef() string { return "refs/remotes/origin/" + c.remoteBranch() }

// pushed records a pushed commit as the remote's head, and remembers the branch pushed to (an
// empty remote now has it).
func (c *cycle) pushed(ctx context.Context, head string) {
	// Both are bookkeeping that the next cycle can do without: failures change nothing now.
	_, _ = c.g.run(ctx, "update-ref", c.trackingRef(), head)
	if c.branch == "" {
		c.branch = Branch
	}
	c.rememberBranch()
}

// head is the current commit, or "" on an unborn branch.
func (c *cycle) head(ctx context.Context) (string, error) {
	out, err := c.g.run(ctx, "rev-parse", "--verify", "-q", "HEAD^{commit}")
	if err != nil {
		if exitCode(err) == 1 {
			return "", nil
		}
		return "", fmt.Errorf("read HEAD: %w", err)
	}
	return out, nil
}

// changedPaths lists the store-relative paths ("memory/<type>/<id>.md") that differ between two
// commits; from "" it lists every file of to. Renames appear as a removal and an addition.
func (c *cycle) changedPaths(ctx context.Context, from, to string) ([]string, error) {
	var out string
	var err error
	if from == "" {
		out, err = c.g.run(ctx, "ls-tree", "-r", "-z", "--name-only", to)
	} else {
		out, err = c.g.run(ctx, "diff", "--name-only", "-z", "--no-renames", from, to)
	}
	if err != nil {
		return nil, fmt.Errorf("list synced changes: %w", err)
	}
	var paths []string
	for _, p := range strings.Split(out, "\x00") {
		if p != "" {
			paths = append(paths, store.PortableDir+"/"+p)
		}
	}
	return paths, nil
}
