package project_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/project"
)

func TestNormalizeRemote(t *testing.T) {
	tests := []struct{ in, want string }{
		{"git@github.com:oscardvs/anamnesis.git", "github.com/oscardvs/anamnesis"},
		{"https://github.com/oscardvs/Anamnesis.git", "github.com/oscardvs/anamnesis"},
		{"https://github.com/oscardvs/anamnesis", "github.com/oscardvs/anamnesis"},
		{"https://github.com/oscardvs/anamnesis/", "github.com/oscardvs/anamnesis"},
		{"https://user:token@github.com/acme/app.git", "github.com/acme/app"},
		{"https://user@github.com/acme/app.git", "github.com/acme/app"},
		{"ssh://git@github.com/acme/app.git", "github.com/acme/app"},
		{"ssh://git@host:22/p.git", "host/22/p"}, // [quirk] the port becomes a path segment
		{"git://example.org/x/y.git", "example.org/x/y"},
		{"/srv/git/notes.git", "/srv/git/notes"},
		{"  git@GitLab.com:Group/Sub/Repo.git\n", "gitlab.com/group/sub/repo"},
		{"file:///srv/git/notes.git", "/srv/git/notes"},
		{"host.xz:path/to/repo.git/", "host.xz/path/to/repo.git"}, // reference order: .git is dropped before the slash
	}
	for _, tc := range tests {
		if got := project.NormalizeRemote(tc.in); got != tc.want {
			t.Errorf("NormalizeRemote(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func requireGit(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
}

func git(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

func mkdir(t *testing.T, parts ...string) string {
	t.Helper()
	p := filepath.Join(parts...)
	if err := os.MkdirAll(p, 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

func marker(t *testing.T, dir, text string) {
	t.Helper()
	mkdir(t, dir, ".anamnesis")
	if err := os.WriteFile(filepath.Join(dir, project.MarkerPath), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Resolve runs against real directories and real git repositories. HOME is a temporary directory
// so the "stop before $HOME" rule is exercised and no real marker can leak in.
func TestResolve(t *testing.T) {
	requireGit(t)
	ctx := context.Background()
	tests := []struct {
		name  string
		setup func(t *testing.T, top, home string) string // returns the directory to resolve
		want  string
	}{
		{"marker in cwd", func(t *testing.T, top, home string) string {
			d := mkdir(t, home, "work", "proj")
			marker(t, d, "\n  acme/explicit  \nsecond line\n")
			return d
		}, "acme/explicit"},
		{"marker in ancestor", func(t *testing.T, top, home string) string {
			marker(t, mkdir(t, home, "work", "mono"), "mono-key")
			return mkdir(t, home, "work", "mono", "pkg", "deep")
		}, "mono-key"},
		{"nearest marker wins", func(t *testing.T, top, home string) string {
			marker(t, mkdir(t, home, "a"), "outer")
			marker(t, mkdir(t, home, "a", "b"), "inner")
			return mkdir(t, home, "a", "b", "c")
		}, "inner"},
		{"marker beats git origin", func(t *testing.T, top, home string) string {
			d := mkdir(t, home, "repo")
			git(t, d, "init", "-q")
			git(t, d, "remote", "add", "origin", "git@github.com:acme/app.git")
			marker(t, d, "override")
			return d
		}, "override"},
		{"blank marker falls through", func(t *testing.T, top, home string) string {
			d := mkdir(t, home, "Blanky")
			marker(t, d, "  \n\n\t\n")
			return d
		}, "blanky"},
		{"marker at $HOME ignored", func(t *testing.T, top, home string) string {
			marker(t, home, "hijack")
			return mkdir(t, home, "Plain")
		}, "plain"},
		{"marker above $HOME ignored", func(t *testing.T, top, home string) string {
			marker(t, top, "hijack")
			return mkdir(t, home, "other")
		}, "other"},
		{"git origin", func(t *testing.T, top, home string) string {
			d := mkdir(t, home, "clone")
			git(t, d, "init", "-q")
			git(t, d, "remote", "add", "origin", "https://user:token@GitHub.com/Acme/App.git")
			return mkdir(t, d, "sub", "dir")
		}, "github.com/acme/app"},
		{"git origin ssh port quirk", func(t *testing.T, top, home string) string {
			d := mkdir(t, home, "clone2")
			git(t, d, "init", "-q")
			git(t, d, "remote", "add", "origin", "ssh://git@host:22/p.git")
			return d
		}, "host/22/p"},
		{"repo dir without origin", func(t *testing.T, top, home string) string {
			d := mkdir(t, home, "MyRepo")
			git(t, d, "init", "-q")
			git(t, d, "remote", "add", "upstream", "git@github.com:x/y.git")
			return mkdir(t, d, "nested", "Deeper")
		}, "myrepo"},
		{"worktree of a repo without origin", func(t *testing.T, top, home string) string {
			d := mkdir(t, home, "main-repo")
			git(t, d, "init", "-q")
			git(t, d, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "x")
			git(t, d, "worktree", "add", "-q", filepath.Join(home, "Feature-WT"))
			return mkdir(t, home, "Feature-WT", "src")
		}, "feature-wt"},
		{"worktree of a repo with origin", func(t *testing.T, top, home string) string {
			d := mkdir(t, home, "main-repo2")
			git(t, d, "init", "-q")
			git(t, d, "remote", "add", "origin", "git@github.com:acme/wt.git")
			git(t, d, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "x")
			git(t, d, "worktree", "add", "-q", filepath.Join(home, "wt2"))
			return filepath.Join(home, "wt2")
		}, "github.com/acme/wt"},
		{"repository above GIT_CEILING_DIRECTORIES ignored", func(t *testing.T, top, home string) string {
			d := mkdir(t, home, "outer")
			git(t, d, "init", "-q")
			git(t, d, "remote", "add", "origin", "git@github.com:acme/outer.git")
			inner := mkdir(t, d, "ceiling", "Inside")
			t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Join(d, "ceiling"))
			return inner
		}, "inside"},
		{"folder reached through a link into a repository", func(t *testing.T, top, home string) string {
			d := mkdir(t, home, "LinkedRepo")
			git(t, d, "init", "-q")
			mkdir(t, d, "deep", "sub")
			if err := os.Symlink(filepath.Join(d, "deep"), filepath.Join(home, "link")); err != nil {
				t.Fatal(err)
			}
			return filepath.Join(home, "link", "sub")
		}, "linkedrepo"},
		{"link from a repository to a folder outside it", func(t *testing.T, top, home string) string {
			d := mkdir(t, home, "HostRepo")
			git(t, d, "init", "-q")
			other := mkdir(t, home, "Other")
			if err := os.Symlink(other, filepath.Join(d, "ext")); err != nil {
				t.Fatal(err)
			}
			return filepath.Join(d, "ext")
		}, "ext"},
		{"stray empty .git inside a repository", func(t *testing.T, top, home string) string {
			d := mkdir(t, home, "Outer")
			git(t, d, "init", "-q")
			v := mkdir(t, d, "vend")
			mkdir(t, v, ".git")
			return v
		}, "outer"},
		{"basename outside git", func(t *testing.T, top, home string) string {
			return mkdir(t, home, "Scratch Space")
		}, "scratch space"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			top := t.TempDir()
			home := mkdir(t, top, "home")
			t.Setenv("HOME", home)
			t.Setenv("GIT_CEILING_DIRECTORIES", top) // never find a repository above the test tree
			t.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(top, "gitconfig"))
			dir := tc.setup(t, top, home)
			if got := project.Resolve(ctx, dir); got != tc.want {
				t.Fatalf("Resolve(%s) = %q, want %q", dir, got, tc.want)
			}
		})
	}
}

// Resolve of "." or "" uses the absolute working directory, never a literal ".".
func TestResolveRelative(t *testing.T) {
	top := t.TempDir()
	t.Setenv("HOME", top)
	t.Setenv("GIT_CEILING_DIRECTORIES", top)
	d := mkdir(t, top, "Here")
	t.Chdir(d)
	for _, in := range []string{"", "."} {
		if got := project.Resolve(context.Background(), in); got != "here" {
			t.Errorf("Resolve(%q) = %q, want %q", in, got, "here")
		}
	}
}

// Without git on PATH the git rules are skipped and the basename rule still answers.
func TestResolveWithoutGit(t *testing.T) {
	top := t.TempDir()
	t.Setenv("HOME", top)
	t.Setenv("PATH", filepath.Join(top, "no-bin"))
	d := mkdir(t, top, "NoGit")
	if got := project.Resolve(context.Background(), d); got != "nogit" {
		t.Fatalf("Resolve = %q, want nogit", got)
	}
	if got := project.Resolve(context.Background(), "/"); got != project.Global {
		t.Fatalf("Resolve(/) = %q, want %q", got, project.Global)
	}
}
