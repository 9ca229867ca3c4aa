package gitsync

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// hostilePush clones remote into a scratch repository, lets edit add entries by hand with
// git update-index (what no anamnesis machine would write), commits and pushes them.
func hostilePush(t *testing.T, remote string, edit func(dir string)) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "hostile")
	gitOut(t, filepath.Dir(dir), "clone", "-q", remote, dir)
	edit(dir)
	handGit(t, dir, "commit", "-q", "-m", "hand-made entries")
	if out := handGit(t, dir, "push", "-q", "origin", "HEAD:main"); strings.Contains(out, "error") || strings.Contains(out, "fatal") {
		t.Fatalf("push: %s", out)
	}
}

// cacheInfo records an entry of the given mode holding blob content (or, for a gitlink, pointing
// at commit) in dir's index, without anything on disk.
func cacheInfo(t *testing.T, dir, mode, content, path string) {
	t.Helper()
	oid := content
	if mode != gitlinkMode {
		cmd := handCmd(dir, "hash-object", "-w", "--stdin")
		cmd.Stdin = strings.NewReader(content)
		out, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		oid = strings.TrimSpace(string(out))
	}
	gitOut(t, dir, "update-index", "--add", "--cacheinfo", mode+","+oid+","+path)
}

// lstatKind says what is at p without following a link: "link", "dir", "file" or "none".
func lstatKind(p string) string {
	info, err := os.Lstat(p)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "none"
	case err != nil:
		return err.Error()
	case info.Mode()&fs.ModeSymlink != 0:
		return "link"
	case info.IsDir():
		return "dir"
	}
	return "file"
}

// Review hole 2: a remote tree holding symbolic links (mode 120000) and a submodule (160000),
// made by hand. Checkout creates none of them in memory/, the notes beside them sync and are
// indexed, the cycle is an error naming each path (recorded, so status says so), and the
// machine removes them from the synced tree so no other machine meets them; the next cycle is
// clean.
func TestSymlinksAndSubmodulesFromTheRemoteAreRefused(t *testing.T) {
	remote := bareRemote(t)
	a, b := newMachine(t, "a", remote), newMachine(t, "b", remote)
	a.write("first", "x")
	a.sync()
	b.sync()
	n := a.write("beside the links", "a note pushed before the hostile commit")
	a.sync()
	outside := t.TempDir()
	head := gitOut(t, remote, "rev-parse", "main")
	hostilePush(t, remote, func(dir string) {
		cacheInfo(t, dir, symlinkMode, filepath.Join(outside, "passwd"), "semantic/evil.md")
		cacheInfo(t, dir, symlinkMode, outside, "episodic")
		cacheInfo(t, dir, gitlinkMode, head, "vendor")
	})

	ctx := context.Background()
	res, err := Sync(ctx, b.st, Options{Remote: remote, MachineID: b.id})
	var re *RefusedError
	if !errors.As(err, &re) || re.From != "remote" || len(re.Entries) != 3 {
		t.Fatalf("sync over hand-made links = %+v, %v; want a RefusedError naming 3 entries", res, err)
	}
	for _, want := range []string{"semantic/evil.md (symbolic link to " + outside, "episodic (symbolic link", "vendor (submodule)"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error does not name %q: %v", want, err)
		}
	}
	mem := filepath.Join(b.home, "memory")
	for _, p := range []string{"semantic/evil.md", "episodic", "vendor"} {
		if k := lstatKind(filepath.Join(mem, p)); k != "none" {
			t.Errorf("%s is a %s in memory/, want nothing", p, k)
		}
	}
	if got := b.get(n.ID); got.Body != "a note pushed before the hostile commit" {
		t.Fatalf("the note beside the links did not sync: %+v", got)
	}
	if ids := b.searchIDs("hostile"); len(ids) != 1 || ids[0] != n.ID {
		t.Fatalf("search on b = %v, want the note beside the links indexed", ids)
	}
	if !res.Pushed {
		t.Fatalf("the removal was not pushed: %+v", res)
	}
	tree := gitOut(t, remote, "ls-tree", "-r", "main")
	if strings.Contains(tree, "120000") || strings.Contains(tree, "160000") {
		t.Fatalf("remote still holds refused entries:\n%s", tree)
	}
	if status := gitOut(t, mem, "status", "--porcelain"); status != "" {
		t.Fatalf("working tree not clean after refusing: %q", status)
	}

	// What status shows: the cycle recorded as failed, naming the paths.
	if _, werr := RecordCycle(b.home, res, err, time.Now(), time.Time{}); werr != nil {
		t.Fatal(werr)
	}
	if st := ReadState(ctx, b.home, remote); st.Syncing || !strings.Contains(st.Problem, "semantic/evil.md") {
		t.Fatalf("status after refusing = syncing %v, problem %q", st.Syncing, st.Problem)
	}
	if res := b.sync(); len(res.Refused) != 0 {
		t.Fatalf("next cycle = %+v", res)
	}
	if res := a.sync(); res.Pulled == 0 {
		t.Fatalf("a did not pull the removal: %+v", res)
	}
	for _, p := range []string{"semantic/evil.md", "episodic", "vendor"} {
		if k := lstatKind(filepath.Join(a.home, "memory", p)); k != "none" {
			t.Errorf("%s is a %s on a, want nothing", p, k)
		}
	}
	sameFiles(t, a, b)
}

// A symbolic link in the working tree (a folder of notes linked elsewhere by hand) is never
// recorded: git would commit it as one link in place of every note in that folder, which is a
// removal of all of them on every machine. The cycle stops with an error naming it; nothing is
// committed or pushed; and nothing is written through it.
func TestSymlinkInTheWorkingTreeIsNotRecordedNorFollowed(t *testing.T) {
	remote := bareRemote(t)
	a, b := newMachine(t, "a", remote), newMachine(t, "b", remote)
	kept := a.write("kept", "x")
	a.sync()
	b.sync()
	before := gitOut(t, remote, "rev-parse", "main")

	outside := t.TempDir()
	mem := filepath.Join(b.home, "memory")
	sem := filepath.Join(mem, "semantic")
	if err := os.Rename(sem, filepath.Join(outside, "semantic")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "semantic"), sem); err != nil {
		t.Fatal(err)
	}
	_, err := Sync(context.Background(), b.st, Options{Remote: remote, MachineID: b.id})
	var re *RefusedError
	if !errors.As(err, &re) || re.From != "local" || !strings.Contains(err.Error(), "semantic (symbolic link to "+outside) {
		t.Fatalf("sync with a linked folder = %v, want a RefusedError naming semantic", err)
	}
	if after := gitOut(t, remote, "rev-parse", "main"); after != before {
		t.Fatal("a cycle with a linked folder pushed")
	}
	if tree := gitOut(t, mem, "ls-tree", "-r", "--name-only", "HEAD"); !strings.Contains(tree, kept.ID) {
		t.Fatalf("the linked folder's notes were committed as removed:\n%s", tree)
	}
	if staged := gitOut(t, mem, "diff", "--cached", "--name-only"); staged != "" {
		t.Fatalf("left staged: %q", staged)
	}
}

// A folder replaced by a symbolic link after the cycle committed (so the commit did not see it)
// and before it checks out incoming notes: the checkout looks at every parent folder with Lstat
// and writes nothing through the link.
func TestCheckoutDoesNotWriteThroughALinkedFolder(t *testing.T) {
	remote := bareRemote(t)
	a, b := newMachine(t, "a", remote), newMachine(t, "b", remote)
	a.write("first", "x")
	a.sync()
	b.sync()
	incoming := a.write("incoming", "must not land outside the store")
	a.sync()

	outside := t.TempDir()
	sem := filepath.Join(b.home, "memory", "semantic")
	// "rev-list --count" runs after b's commit and before its checkout.
	withGitHook(t, "--count", "mv '"+sem+"' '"+outside+"/semantic' && ln -s '"+outside+"/semantic' '"+sem+"'")
	_, err := Sync(context.Background(), b.st, Options{Remote: remote, MachineID: b.id})
	if !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), "semantic (symbolic link") {
		t.Fatalf("sync through a linked folder = %v", err)
	}
	if _, serr := os.Stat(filepath.Join(outside, "semantic", incoming.ID+".md")); serr == nil {
		t.Fatal("the incoming note was written through the link, outside the store")
	}
}

// handCmd is git in dir as the user would run it by hand.
func handCmd(dir string, args ...string) *exec.Cmd {
	return exec.Command("git", append([]string{"-C", dir, "-c", "user.name=me", "-c", "user.email=me@example.com"}, args...)...)
}

// Curation's Commit of named note paths refuses a note that became a symbolic link, as a sync
// cycle does, and leaves nothing committed or staged.
func TestCommitRefusesANoteThatIsALink(t *testing.T) {
	remote := bareRemote(t)
	a := newMachine(t, "a", remote)
	n := a.write("linked", "x")
	a.sync()
	mem := filepath.Join(a.home, "memory")
	before := gitOut(t, mem, "rev-parse", "HEAD")
	p := filepath.Join(mem, "semantic", n.ID+".md")
	if err := os.Remove(p); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/etc/passwd", p); err != nil {
		t.Fatal(err)
	}
	_, err := Commit(context.Background(), a.st, Options{Remote: remote, MachineID: a.id}, "curate",
		[]string{"memory/semantic/" + n.ID + ".md"})
	if !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), "/etc/passwd") {
		t.Fatalf("Commit of a linked note = %v, want a refusal naming its target", err)
	}
	if after := gitOut(t, mem, "rev-parse", "HEAD"); after != before {
		t.Fatal("a linked note was committed")
	}
	if staged := gitOut(t, mem, "diff", "--cached", "--name-only"); staged != "" {
		t.Fatalf("left staged: %q", staged)
	}
}
