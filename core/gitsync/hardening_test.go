package gitsync

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Issue 10 case 9: a lock file an interrupted push left on the remote makes every push fail
// with "cannot lock ref". That is not the remote moving: the cycle fails (it is never a
// success), says which file to remove, keeps the notes committed, and pushes once it is gone.
func TestStaleRemoteLockIsAFailureNotASuccess(t *testing.T) {
	remote := bareRemote(t)
	a := newMachine(t, "a", remote)
	a.write("first", "x")
	a.sync()
	lock := filepath.Join(remote, "refs", "heads", "main.lock")
	if err := os.WriteFile(lock, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	n := a.write("second", "y")
	start := time.Now()
	res, err := Sync(context.Background(), a.st, Options{Remote: remote, MachineID: a.id})
	if !errors.Is(err, ErrNotPushed) || res.Pushed || res.Offline {
		t.Fatalf("push over a stale lock = %+v, %v; want an ErrNotPushed failure", res, err)
	}
	if !strings.Contains(err.Error(), lock) || !strings.Contains(err.Error(), "remove it") {
		t.Errorf("the error should name the lock file and the fix: %v", err)
	}
	if res.Detail != err.Error() {
		t.Errorf("detail %q should say what the error says", res.Detail)
	}
	// Reported after a few attempts, not after every retry the cycle allows (logged, not asserted:
	// timing depends on the machine).
	t.Logf("stale lock reported after %s", time.Since(start))
	if strings.Contains(gitOut(t, remote, "ls-tree", "-r", "--name-only", "main"), n.ID) {
		t.Fatal("the note reached the remote through a locked ref?")
	}
	dir := filepath.Join(a.home, "memory")
	if !strings.Contains(gitOut(t, dir, "ls-tree", "-r", "--name-only", "HEAD"), n.ID) {
		t.Fatal("the note was not kept committed locally")
	}
	// Recorded as a failure: no last_success.
	home := t.TempDir()
	s, rerr := RecordCycle(home, res, err, time.Now(), time.Time{})
	if rerr != nil || s.LastSuccess != "" || s.Failures != 1 || !strings.Contains(s.LastError, "main.lock") {
		t.Fatalf("status after a stale lock = %+v, %v", s, rerr)
	}

	os.Remove(lock)
	if res := a.sync(); !res.Pushed {
		t.Fatalf("sync after the lock is gone = %+v", res)
	}
	if !strings.Contains(gitOut(t, remote, "ls-tree", "-r", "--name-only", "main"), n.ID) {
		t.Fatal("note not pushed once the lock was removed")
	}
	s, _ = RecordCycle(home, Result{Detail: "synced", Pushed: true}, nil, time.Now(), time.Time{})
	if s.LastSuccess == "" || s.LastError != "" || s.Failures != 0 {
		t.Fatalf("status after recovering = %+v; the old error should be cleared", s)
	}
}

// classifyPush decides from what git printed; the stderr below is what git 2.39 prints in each
// case (the integration tests below produce them for real).
func TestClassifyPush(t *testing.T) {
	for _, tc := range []struct {
		name, stderr string
		want         pushOutcome
	}{
		{"non-fast-forward", " ! [rejected]        main -> main (fetch first)\nerror: failed to push some refs to 'x'\n", pushRejected},
		{"lost a race", "remote: error: cannot lock ref 'refs/heads/main': is at 1a but expected 2b\n ! [remote rejected] main -> main (failed to update ref)\n", pushRejected},
		{"stale lock", "remote: error: cannot lock ref 'refs/heads/main': Unable to create '/r.git/./refs/heads/main.lock': File exists.\n ! [remote rejected] main -> main (failed to update ref)\n", pushLocked},
		{"hook", "remote: no pushes today\n ! [remote rejected] main -> main (pre-receive hook declined)\n", pushFailed},
		{"checked out", "remote: error: refusing to update checked out branch: refs/heads/main\n ! [remote rejected] main -> main (branch is currently checked out)\n", pushFailed},
		{"early EOF", "remote: fatal: early EOF\nerror: remote unpack failed: index-pack abnormal exit\n ! [remote rejected] main -> main (unpacker error)\n", pushTransient},
		{"reset", "client_loop: send disconnect: Connection reset by peer\nfatal: the remote end hung up unexpectedly\n", pushTransient},
		{"refused", "fatal: unable to connect to 127.0.0.1:\n127.0.0.1[0: 127.0.0.1]: errno=Connection refused\n", pushTransient},
		{"dns", "ssh: Could not resolve hostname nohost.invalid: Name or service not known\nfatal: Could not read from remote repository.\n", pushTransient},
		{"timeout", "timed out after 30s", pushTransient},
		{"auth", "git@host: Permission denied (publickey).\nfatal: Could not read from remote repository.\n", pushFailed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := &gitError{args: []string{"push"}, stderr: tc.stderr, err: errors.New("exit status 1")}
			if got := classifyPush(err); got != tc.want {
				t.Errorf("classifyPush = %d, want %d", got, tc.want)
			}
		})
	}
}

// Issue 10 case 14: the connection is cut while the pack is on its way (the remote's
// receive-pack sees its input end early and reports "unpacker error"). That is the network,
// not a refusal: the cycle is offline ("remote unreachable, will retry"), the notes stay
// committed, and the next cycle pushes them.
//
// The transport is ssh as git runs it (GIT_SSH_COMMAND), with this test binary in place of the
// ssh client: it runs the command git asks for on "the remote" (here, this machine), and in
// "cut" mode cuts the pack stream of a push short.
func TestPushCutShortIsTransient(t *testing.T) {
	remote := bareRemote(t)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("GIT_SSH_COMMAND", exe)
	t.Setenv(fakeSSHEnv, "cut")
	a := newMachine(t, "a", "ssh://localhost"+remote)
	a.write("first", strings.Repeat("a longer body so that the pack has some bytes in it ", 50))
	res, err := Sync(context.Background(), a.st, Options{Remote: a.remote, MachineID: a.id})
	if err != nil || !res.Offline || res.Pushed || !strings.HasPrefix(res.Detail, "remote unreachable: ") || !strings.Contains(res.Detail, "will retry") {
		t.Fatalf("push cut short = %+v, %v; want offline, will retry", res, err)
	}
	if strings.Contains(res.Detail, "refused") {
		t.Errorf("a cut connection reported as a refusal: %s", res.Detail)
	}
	t.Setenv(fakeSSHEnv, "pass")
	if res := a.sync(); !res.Pushed {
		t.Fatalf("sync once the network is back = %+v", res)
	}
}

// Issue 10 case 14, other transient failures as they really happen: a host name that does not
// resolve (ssh), a port where nothing listens (git://).
func TestUnreachableRemotesAreTransient(t *testing.T) {
	for _, url := range []string{"ssh://nohost.invalid/notes.git", "git://127.0.0.1:1/notes.git"} {
		t.Run(url, func(t *testing.T) {
			m := newMachine(t, "a", url)
			m.write("note", "x")
			res, err := Sync(context.Background(), m.st, Options{Remote: url, MachineID: m.id})
			if err != nil || !res.Offline || !strings.HasPrefix(res.Detail, "remote unreachable: ") || !strings.Contains(res.Detail, "will retry") || res.Committed == "" {
				t.Fatalf("sync = %+v, %v", res, err)
			}
		})
	}
}

// fakeSSHEnv selects the ssh stand-in mode of the test binary (see fakeSSH).
const fakeSSHEnv = "ANAMNESIS_TEST_FAKE_SSH"

// fakeSSH is the test binary acting as the ssh client git starts: "ssh [options] host command".
// It runs command with sh, as sshd would on the remote. Mode "cut" cuts a push short: the
// client's stream reaches git-receive-pack only up to a little past the start of the pack, then
// ends, as when a connection drops mid-transfer.
func fakeSSH(mode string, args []string) int {
	if len(args) == 0 {
		return 255
	}
	command := args[len(args)-1]
	cmd := exec.Command("sh", "-c", command)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if mode != "cut" || !strings.HasPrefix(command, "git-receive-pack") {
		cmd.Stdin = os.Stdin
		return exitOf(cmd.Run())
	}
	in, err := cmd.StdinPipe()
	if err != nil {
		return 255
	}
	if err := cmd.Start(); err != nil {
		return 255
	}
	var seen []byte
	buf := make([]byte, 1)
	for {
		n, err := os.Stdin.Read(buf)
		if n > 0 {
			seen = append(seen, buf[0])
			in.Write(buf[:n])
			if i := strings.Index(string(seen), "PACK"); i >= 0 && len(seen) >= i+16 {
				break // the pack has started: cut it here
			}
		}
		if err != nil {
			break
		}
	}
	in.Close()
	go io.Copy(io.Discard, os.Stdin)
	return exitOf(cmd.Wait())
}

func exitOf(err error) int {
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee):
		return ee.ExitCode()
	}
	return 255
}

// Issue 10 case 10: notes kept on "master" (a remote made with a default branch of master, or by
// the Python reference) are followed: pulled, pushed back to master, and no separate main made.
func TestRemoteOnMasterIsFollowed(t *testing.T) {
	remote := filepath.Join(t.TempDir(), "remote.git")
	gitOut(t, filepath.Dir(remote), "init", "-q", "--bare", "-b", "master", remote)
	// Another tool's machine: notes committed locally, pushed to master by hand.
	py := newMachine(t, "py", "")
	n := py.write("kept on master", "the python reference pushed this")
	py.sync()
	gitOut(t, filepath.Join(py.home, "memory"), "push", "-q", remote, "main:master")

	b := newMachine(t, "b", remote)
	mine := b.write("from b", "y")
	res := b.sync()
	if res.Branch != "master" || res.Pulled != 1 || !res.Pushed {
		t.Fatalf("sync with a master remote = %+v", res)
	}
	if got := b.get(n.ID); got.Body != "the python reference pushed this" {
		t.Fatalf("master's note not pulled: %+v", got)
	}
	tree := gitOut(t, remote, "ls-tree", "-r", "--name-only", "master")
	if !strings.Contains(tree, mine.ID) || !strings.Contains(tree, n.ID) {
		t.Fatalf("master on the remote lacks the notes:\n%s", tree)
	}
	if refs := gitOut(t, remote, "for-each-ref", "--format=%(refname)", "refs/heads/"); refs != "refs/heads/master" {
		t.Fatalf("remote branches = %q, want only master", refs)
	}
	if got := RemoteBranch(filepath.Join(b.home, "memory"), remote); got != "master" {
		t.Fatalf("remembered branch = %q", got)
	}
	// A later cycle keeps to master, and a new machine finds it too.
	if res := b.sync(); res.Branch != "master" || res.Pushed {
		t.Fatalf("second sync = %+v", res)
	}
	c := newMachine(t, "c", remote)
	if res := c.sync(); res.Branch != "master" || res.Pulled == 0 {
		t.Fatalf("new machine = %+v", res)
	}
	sameFiles(t, b, c)
}

// A remote whose HEAD names another branch than main (its default branch) is synced on that
// branch, even when a main exists beside it.
func TestRemoteDefaultBranchIsFollowed(t *testing.T) {
	remote := bareRemote(t)
	a := newMachine(t, "a", remote)
	old := a.write("on main", "x")
	a.sync()
	// The owner moves the notes to "notes" and makes it the default branch.
	gitOut(t, remote, "branch", "notes", "main")
	gitOut(t, remote, "symbolic-ref", "HEAD", "refs/heads/notes")
	b := newMachine(t, "b", remote)
	n := b.write("from b", "y")
	if res := b.sync(); res.Branch != "notes" || !res.Pushed || res.Pulled != 1 {
		t.Fatalf("sync = %+v", res)
	}
	if tree := gitOut(t, remote, "ls-tree", "-r", "--name-only", "notes"); !strings.Contains(tree, n.ID) || !strings.Contains(tree, old.ID) {
		t.Fatalf("notes branch lacks the notes:\n%s", tree)
	}
	if strings.Contains(gitOut(t, remote, "ls-tree", "-r", "--name-only", "main"), n.ID) {
		t.Fatal("pushed to main, not to the default branch")
	}
}

// Issue 10 case 11: another machine rewrites the remote's history (squashes it into one commit
// and purges a note). A machine with the old history integrates the new one note by note: no
// conflict copies for notes it did not change, its own edit kept, the purged note stays purged.
func TestRewrittenRemoteHistoryIsIntegratedByTree(t *testing.T) {
	remote := bareRemote(t)
	a, b := newMachine(t, "a", remote), newMachine(t, "b", remote)
	keep := a.write("keep me", "unchanged everywhere")
	edited := a.write("edit me", "original text")
	purged := a.write("purge me", "a secret that must go")
	a.sync()
	b.write("from b", "b's own note")
	b.sync()
	a.sync()

	// b edits a note and adds one, not synced yet.
	b.edit(edited.ID, "b's edit after the rewrite was made", "")
	fresh := b.write("new on b", "made before b saw the rewrite")

	// Elsewhere the history is squashed into one commit without the purged note, and force-pushed.
	scratch := filepath.Join(t.TempDir(), "rewrite")
	gitOut(t, filepath.Dir(scratch), "clone", "-q", remote, scratch)
	gitOut(t, scratch, "checkout", "-q", "--orphan", "squashed")
	gitOut(t, scratch, "rm", "-q", "--cached", "semantic/"+purged.ID+".md")
	gitOut(t, scratch, "-c", "user.name=x", "-c", "user.email=x@x", "commit", "-q", "-m", "squash and purge")
	gitOut(t, scratch, "push", "-q", "--force", "origin", "squashed:main")

	res := b.sync()
	if !res.Rewritten || res.Conflicted || len(res.Conflicts) != 0 || !res.Pushed {
		t.Fatalf("sync after a rewrite = %+v; want rewritten, no conflicts, pushed", res)
	}
	a.sync()
	files := sameFiles(t, a, b)
	if _, ok := files["semantic/"+purged.ID+".md"]; ok {
		t.Fatal("the purged note came back")
	}
	for _, id := range []string{keep.ID, edited.ID, fresh.ID} {
		if _, ok := files["semantic/"+id+".md"]; !ok {
			t.Fatalf("note %s lost", id)
		}
	}
	if got := a.get(edited.ID); got.Body != "b's edit after the rewrite was made" {
		t.Fatalf("b's edit not kept: %q", got.Body)
	}
	if got := a.searchIDs("secret"); len(got) != 0 {
		t.Fatalf("the purged note is still searchable on a: %v", got)
	}
	// History is linear on top of the rewritten commit: the old history is not merged back.
	if n := gitOut(t, remote, "rev-list", "--count", "main"); n != "2" {
		t.Fatalf("remote history has %s commits, want the squashed one and b's", n)
	}
}

// A note the rewrite purged but this machine changed since it last synced is kept: the change
// is newer than anything the rewrite saw.
func TestRewriteDoesNotDropALocalChange(t *testing.T) {
	remote := bareRemote(t)
	a, b := newMachine(t, "a", remote), newMachine(t, "b", remote)
	n := a.write("purge me", "first")
	a.write("other", "x")
	a.sync()
	b.sync()
	b.edit(n.ID, "b changed it after", "")
	scratch := filepath.Join(t.TempDir(), "rewrite")
	gitOut(t, filepath.Dir(scratch), "clone", "-q", remote, scratch)
	gitOut(t, scratch, "checkout", "-q", "--orphan", "squashed")
	gitOut(t, scratch, "rm", "-q", "--cached", "semantic/"+n.ID+".md")
	gitOut(t, scratch, "-c", "user.name=x", "-c", "user.email=x@x", "commit", "-q", "-m", "purge")
	gitOut(t, scratch, "push", "-q", "--force", "origin", "squashed:main")
	if res := b.sync(); !res.Rewritten || !res.Pushed {
		t.Fatalf("sync = %+v", res)
	}
	a.sync()
	sameFiles(t, a, b)
	if got := a.get(n.ID); got.Body != "b changed it after" {
		t.Fatalf("b's change lost: %q", got.Body)
	}
}

// Issue 10 case 12: memory/ belongs to another user, so git refuses it ("dubious ownership").
// The healthy repository is never moved aside; sync says what is wrong and how to fix it, and
// the fix git itself suggests (safe.directory in the user's global config) works.
func TestRepositoryOwnedByAnotherUser(t *testing.T) {
	remote := bareRemote(t)
	a := newMachine(t, "a", remote)
	a.write("first", "x")
	a.sync()
	dir := filepath.Join(a.home, "memory")
	if os.Geteuid() == 0 {
		// Really owned by someone else: root may chown (git refuses root too, since 2.35.2).
		if err := filepath.WalkDir(dir, func(p string, _ fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			return os.Lchown(p, 54321, 54321)
		}); err != nil {
			t.Fatal(err)
		}
	} else {
		t.Setenv("GIT_TEST_ASSUME_DIFFERENT_OWNER", "1")
	}
	n := a.write("second", "y")
	res, err := Sync(context.Background(), a.st, Options{Remote: remote, MachineID: a.id})
	if !errors.Is(err, ErrRepositoryState) || res.Pushed {
		t.Fatalf("sync in a repository of another user = %+v, %v", res, err)
	}
	for _, want := range []string{"dubious ownership", "git config --global --add safe.directory " + dir, "chown"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q should say %q", err, want)
		}
	}
	if res.Detail != err.Error() {
		t.Errorf("detail = %q", res.Detail)
	}
	entries, _ := os.ReadDir(a.home)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "broken-git") {
			t.Fatalf("the healthy repository was moved aside as %s", e.Name())
		}
	}
	if st := ReadState(context.Background(), a.home, remote); !strings.Contains(st.Detail, "safe.directory") {
		t.Errorf("state detail = %q, want the ownership problem", st.Detail)
	}

	// The fix git suggests, in the user's global config.
	gitOut(t, t.TempDir(), "config", "--global", "--add", "safe.directory", dir)
	t.Cleanup(func() { exec.Command("git", "config", "--global", "--unset-all", "safe.directory").Run() })
	if res := a.sync(); !res.Pushed {
		t.Fatalf("sync once trusted = %+v", res)
	}
	if !strings.Contains(gitOut(t, remote, "ls-tree", "-r", "--name-only", "main"), n.ID) {
		t.Fatal("note not pushed once trusted")
	}
}

// A remote replaced by an unrelated one (pointed elsewhere, or recreated and filled by another
// store) is not a rewrite: nothing it lacks is deleted here.
func TestReplacedRemoteIsNotARewrite(t *testing.T) {
	first := bareRemote(t)
	a := newMachine(t, "a", first)
	var ids []string
	for i := 0; i < 3; i++ {
		ids = append(ids, a.write("old remote note", "x").ID)
	}
	a.sync()
	// A different store's history on another remote, and a switched to it.
	second := bareRemoteAtTemp(t)
	o := newMachine(t, "o", second)
	other := o.write("other store", "y")
	o.sync()
	a.remote = second
	if res := a.sync(); res.Rewritten || !res.Pushed {
		t.Fatalf("sync to a new remote = %+v", res)
	}
	o.sync()
	files := sameFiles(t, a, o)
	for _, id := range append(ids, other.ID) {
		if _, ok := files["semantic/"+id+".md"]; !ok {
			t.Fatalf("note %s lost when switching remotes", id)
		}
	}
}

func bareRemoteAtTemp(t *testing.T) string {
	dir := filepath.Join(t.TempDir(), "second.git")
	bareRemoteAt(t, dir)
	return dir
}

// The same URL, but the remote was recreated and another store pushed its own history there:
// most of what this machine last saw is missing from it, so it is merged as unrelated history
// (everything kept), not integrated as a rewrite that would delete the missing notes.
func TestRecreatedRemoteIsNotARewrite(t *testing.T) {
	remote := bareRemote(t)
	a := newMachine(t, "a", remote)
	var ids []string
	for i := 0; i < replacedMin+2; i++ {
		ids = append(ids, a.write("note before the remote was recreated", "x").ID)
	}
	a.sync()
	os.RemoveAll(remote)
	bareRemoteAt(t, remote)
	o := newMachine(t, "o", remote)
	other := o.write("other store", "y")
	o.sync()
	if res := a.sync(); res.Rewritten || !res.Pushed {
		t.Fatalf("sync to the recreated remote = %+v", res)
	}
	o.sync()
	files := sameFiles(t, a, o)
	for _, id := range append(ids, other.ID) {
		if _, ok := files["semantic/"+id+".md"]; !ok {
			t.Fatalf("note %s lost to a recreated remote", id)
		}
	}
}
