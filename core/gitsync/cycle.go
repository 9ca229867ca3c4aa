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
	return c.reconcileOrigin(ctx)
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
	return url == c.remote
}

// ensureRepo makes memory/ a usable repository. A .git that git does not recognize (an init
// killed half way) is re-initialized, which fills in what is missing and keeps what is there; one
// that still does not work is moved out of the tree, next to the store, and replaced: the note
// files are the truth, and the next commit records them again.
func (c *cycle) ensureRepo(ctx context.Context) error {
	if _, err := os.Stat(c.gitDir()); err == nil {
		if _, err := c.g.run(ctx, "rev-parse", "--git-dir"); err == nil {
			return nil
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("inspect the sync repository: %w", err)
	}
	if _, err := c.g.run(ctx, "init", "-q", "-b", Branch); err == nil {
		if _, err := c.g.run(ctx, "rev-parse", "--git-dir"); err == nil {
			return nil
		}
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
	return nil
}

// clearStaleLocks removes git lock files a killed git left behind. It runs only under the store
// lock, and every anamnesis git command that takes these locks runs under the store lock too, so
// any lock file found here is stale.
func (c *cycle) clearStaleLocks() {
	for _, p := range []string{"index.lock", "HEAD.lock", "ORIG_HEAD.lock", "config.lock",
		"refs/heads/" + Branch + ".lock", "refs/remotes/origin/" + Branch + ".lock", mergeIndex} {
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

// fetchResult is the remote's head, or "" when the remote has no branch yet.
type fetchResult struct{ head string }

// fetch downloads the remote branch into a ref private to this cycle, outside the store lock, so
// that concurrent cycles never contend for a shared ref (or FETCH_HEAD) and a slow network never
// holds up note writes.
func (c *cycle) fetch(ctx context.Context) (fetchResult, error) {
	var buf [8]byte
	rand.Read(buf[:])
	name := fmt.Sprintf("%d-%s", os.Getpid(), hex.EncodeToString(buf[:]))
	ref := "refs/anamnesis/fetch/" + name
	_, err := c.g.runNet(ctx, "fetch", "--quiet", "--no-tags", "--no-write-fetch-head", "--no-auto-gc",
		"--no-recurse-submodules", c.remote, "+refs/heads/"+Branch+":"+ref)
	defer os.Remove(filepath.Join(c.gitDir(), filepath.FromSlash(ref)))
	if err != nil {
		if strings.Contains(stderrOf(err), "couldn't find remote ref") {
			return fetchResult{}, nil // reachable, but nothing pushed yet
		}
		return fetchResult{}, err
	}
	head, err := c.g.run(ctx, "rev-parse", "--verify", "-q", ref+"^{commit}")
	if err != nil {
		return fetchResult{}, fmt.Errorf("read fetched head: %w", err)
	}
	return fetchResult{head: head}, nil
}

// push sends commit head to the remote branch. It runs outside the store lock; head is an
// immutable commit id, so a concurrent cycle moving HEAD on does not change what is pushed.
func (c *cycle) push(ctx context.Context, head string) error {
	_, err := c.g.runNet(ctx, "push", "--quiet", "--no-verify", c.remote, head+":refs/heads/"+Branch)
	return err
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
