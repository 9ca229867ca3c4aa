package gitsync

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// handGit runs git in dir as the user would by hand (with an identity), tolerating failure:
// a pull that stops on a conflict exits non-zero, which is the point.
func handGit(tb testing.TB, dir string, args ...string) string {
	tb.Helper()
	full := append([]string{"-C", dir, "-c", "user.name=me", "-c", "user.email=me@example.com"}, args...)
	out, _ := exec.Command("git", full...).CombinedOutput()
	return string(out)
}

// Issue 10 cases 2–4: a repository the user left in a state sync does not understand (an old
// version checked out, another branch, a merge or rebase stopped on a conflict) stops the cycle
// with one sentence that says what to run. Nothing is committed, moved or pushed, the error is
// an error (and is recorded as such), and after the fix the next cycle syncs everything.
func TestRepositoryStatesSyncDoesNotBuildOn(t *testing.T) {
	for _, tc := range []struct {
		name    string
		setup   func(t *testing.T, dir string) // in a's memory/, with three synced notes and b's edit on the remote
		problem string                         // in the error
		fix     string                         // what the test runs (as the user would) before syncing again
	}{
		{"detached HEAD looking at old notes", func(t *testing.T, dir string) {
			gitOut(t, dir, "checkout", "-q", "HEAD~2")
		}, "HEAD is detached", "switch -q main"},
		{"another branch beside main with unpushed commits", func(t *testing.T, dir string) {
			gitOut(t, dir, "checkout", "-q", "-b", "old", "HEAD~1")
		}, `branch "old" is checked out`, "switch -q main"},
		{"a pull stopped on a conflict", func(t *testing.T, dir string) {
			out := handGit(t, dir, "pull", "--no-rebase", "origin", "main")
			if !strings.Contains(out, "CONFLICT") {
				t.Fatalf("setup: pull did not stop on a conflict:\n%s", out)
			}
		}, "a git merge is in progress", "merge --abort"},
		{"a rebasing pull stopped half way", func(t *testing.T, dir string) {
			out := handGit(t, dir, "pull", "--rebase", "origin", "main")
			if !strings.Contains(out, "CONFLICT") {
				t.Fatalf("setup: pull --rebase did not stop on a conflict:\n%s", out)
			}
		}, "a git rebase is in progress", "rebase --abort"},
		{"conflicts left in the index with no operation recorded", func(t *testing.T, dir string) {
			handGit(t, dir, "pull", "--no-rebase", "origin", "main")
			if err := os.Remove(filepath.Join(dir, ".git", "MERGE_HEAD")); err != nil {
				t.Fatal(err)
			}
		}, "unresolved git conflicts", "reset -q --merge"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			remote := bareRemote(t)
			a, b := newMachine(t, "a", remote), newMachine(t, "b", remote)
			n1 := a.write("first heron", "one")
			a.sync()
			n2 := a.write("second heron", "two")
			a.sync()
			b.sync()
			b.edit(n1.ID, "edit from b", "2030-01-01T00:00:05+00:00")
			b.sync()
			a.edit(n1.ID, "edit from a", "2030-01-01T00:00:04+00:00") // unpushed, conflicts with b
			n3 := a.write("third heron", "three")                     // unpushed
			_, err := Sync(ctx, a.st, Options{MachineID: a.id})       // committed locally only
			if err != nil {
				t.Fatal(err)
			}
			dir := filepath.Join(a.home, "memory")
			gitOut(t, dir, "remote", "add", "origin", remote) // as a user pulling by hand has it
			mainBefore := gitOut(t, dir, "rev-parse", "refs/heads/main")
			remoteBefore := gitOut(t, remote, "rev-parse", "main")

			tc.setup(t, dir)
			headBefore := gitOut(t, dir, "rev-parse", "HEAD")
			filesBefore := a.files()
			res, err := Sync(ctx, a.st, Options{Remote: remote, MachineID: a.id})
			var se *RepositoryStateError
			if !errors.Is(err, ErrRepositoryState) || !errors.As(err, &se) || !strings.Contains(err.Error(), tc.problem) ||
				!strings.Contains(err.Error(), "git -C") || res.Detail != err.Error() {
				t.Fatalf("sync in state %q = %+v, %v; want a repository-state error naming %q and what to run", tc.name, res, err, tc.problem)
			}
			if res.Pushed || res.Committed != "" {
				t.Fatalf("sync built on the state: %+v", res)
			}
			if got := gitOut(t, dir, "rev-parse", "HEAD"); got != headBefore {
				t.Fatalf("HEAD moved from %s to %s", headBefore, got)
			}
			if got := gitOut(t, dir, "rev-parse", "refs/heads/main"); got != mainBefore {
				t.Fatalf("main moved: the unpushed commits survive only in the reflog")
			}
			if got := gitOut(t, remote, "rev-parse", "main"); got != remoteBefore {
				t.Fatalf("something was pushed")
			}
			if got := a.files(); len(got) != len(filesBefore) {
				t.Fatalf("files changed: %d before, %d after", len(filesBefore), len(got))
			}
			// The status record and "anamnesis status" carry it as an error.
			s, rerr := RecordCycle(a.home, res, err, time.Now(), time.Time{})
			if rerr != nil || s.Failures != 1 || !strings.Contains(s.LastError, tc.problem) {
				t.Fatalf("status record = %+v, %v", s, rerr)
			}
			if st := ReadState(ctx, a.home, remote); !strings.Contains(st.Detail, tc.problem) || !strings.Contains(st.LastError, tc.problem) {
				t.Fatalf("state = %+v", st)
			}

			// The user does what the sentence says; the next cycle syncs everything.
			gitOut(t, dir, strings.Fields(tc.fix)...)
			a.sync()
			b.sync()
			files := sameFiles(t, a, b)
			for _, id := range []string{n1.ID, n2.ID, n3.ID} {
				if _, ok := files["semantic/"+id+".md"]; !ok {
					t.Errorf("note %s is missing after the fix", id)
				}
			}
			text := allText(t, a)
			for _, want := range []string{"edit from a", "edit from b", "two", "three"} {
				if !strings.Contains(text, want) {
					t.Errorf("%q is missing from every note after the fix", want)
				}
			}
		})
	}
}

// A repository made by hand (or by the Python reference) on "master", with no main, is still
// moved to main: only a branch beside an existing main is the user's.
func TestRepositoryOnMasterIsMovedToMain(t *testing.T) {
	remote := bareRemote(t)
	a := newMachine(t, "a", remote)
	dir := filepath.Join(a.home, "memory")
	gitOut(t, dir, "init", "-q", "-b", "master")
	n := a.write("kept", "x")
	handGit(t, dir, "add", "-A")
	handGit(t, dir, "commit", "-qm", "by hand")
	if res := a.sync(); !res.Pushed {
		t.Fatalf("sync = %+v", res)
	}
	if got := gitOut(t, dir, "symbolic-ref", "HEAD"); got != "refs/heads/main" {
		t.Fatalf("HEAD = %s", got)
	}
	if !strings.Contains(gitOut(t, remote, "ls-tree", "-r", "--name-only", "main"), n.ID) {
		t.Fatal("the note did not reach the remote")
	}
}

// allText is every file of a machine's portable tree, concatenated.
func allText(tb testing.TB, m *machine) string {
	tb.Helper()
	var b strings.Builder
	for p := range m.files() {
		data, err := os.ReadFile(filepath.Join(m.home, "memory", filepath.FromSlash(p)))
		if err != nil {
			tb.Fatal(err)
		}
		b.Write(data)
	}
	return b.String()
}
