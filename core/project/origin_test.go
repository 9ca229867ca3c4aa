package project

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// originRepo makes a repository whose origin is url, in a temporary HOME with its own global,
// XDG and system configuration files, every file dated a minute back so that it may vouch for
// its content. It returns the repository's directory and the global config's path.
func originRepo(t *testing.T, url string) (repo, global string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	origins.Lock()
	origins.m = nil
	origins.Unlock()
	t.Cleanup(func() {
		origins.Lock()
		origins.m = nil
		origins.Unlock()
	})
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "xdg"))
	for _, k := range []string{"GIT_CONFIG_GLOBAL", "GIT_CONFIG_NOSYSTEM"} {
		t.Setenv(k, "") // restored after the test
		os.Unsetenv(k)
	}
	system := filepath.Join(home, "system-gitconfig")
	t.Setenv("GIT_CONFIG_SYSTEM", system)
	global = filepath.Join(home, ".gitconfig")
	writeAged(t, global, "[user]\n\tname = Test\n")
	writeAged(t, system, "[core]\n\tautocrlf = false\n")
	repo = filepath.Join(home, "Work", "app")
	if err := os.MkdirAll(repo, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"init", "-q"}, {"remote", "add", "origin", url}} {
		if out, err := exec.Command("git", append([]string{"-C", repo}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	age(t, filepath.Join(repo, ".git", "config"), time.Minute)
	return repo, global
}

func writeAged(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	age(t, path, time.Minute)
}

func age(t *testing.T, path string, by time.Duration) {
	t.Helper()
	at := time.Now().Add(-by)
	if err := os.Chtimes(path, at, at); err != nil {
		t.Fatal(err)
	}
}

// withoutGit hides git from the process: whatever Resolve answers then came from the cache or
// from the fallback to the directory's name.
func withoutGit(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
}

func TestOriginIsKeptWhileGitsFilesAreUnchanged(t *testing.T) {
	ctx := context.Background()
	repo, _ := originRepo(t, "git@github.com:acme/app.git")
	if got := Resolve(ctx, repo); got != "github.com/acme/app" {
		t.Fatalf("first resolve = %q", got)
	}
	withoutGit(t)
	if got := Resolve(ctx, repo); got != "github.com/acme/app" {
		t.Fatalf("with git gone, resolve = %q: the origin was not kept", got)
	}
	if got := Resolve(ctx, filepath.Join(repo)); got != "github.com/acme/app" {
		t.Fatalf("second hit = %q", got)
	}
}

// Each change git would see makes the next resolve ask git again, and so see the change.
func TestOriginIsAskedAgainWhenGitsFilesChange(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name   string
		change func(t *testing.T, repo, global string)
		want   string
	}{
		{"the origin set anew", func(t *testing.T, repo, _ string) {
			cmd := exec.Command("git", "-C", repo, "remote", "set-url", "origin", "https://gitlab.com/acme/other.git")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("set-url: %v\n%s", err, out)
			}
			age(t, filepath.Join(repo, ".git", "config"), 30*time.Second)
		}, "gitlab.com/acme/other"},
		{"the repository's config edited in place, same size", func(t *testing.T, repo, _ string) {
			p := filepath.Join(repo, ".git", "config")
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			f, err := os.OpenFile(p, os.O_WRONLY|os.O_TRUNC, 0)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.Write([]byte(strings.Replace(string(data), "acme/app", "acme/apq", 1))); err != nil {
				t.Fatal(err)
			}
			f.Close()
			age(t, p, 30*time.Second)
		}, "github.com/acme/apq"},
		{"an insteadOf rule added to the global config", func(t *testing.T, _, global string) {
			writeAged(t, global, "[url \"git@gitlab.com:\"]\n\tinsteadOf = git@github.com:\n")
			age(t, global, 30*time.Second)
		}, "gitlab.com/acme/app"},
		{"an XDG config appearing", func(t *testing.T, _, _ string) {
			writeAged(t, filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "git", "config"),
				"[url \"ssh://git@example.org/\"]\n\tinsteadOf = git@github.com:\n")
		}, "example.org/acme/app"},
		{"a system config rule", func(t *testing.T, _, _ string) {
			writeAged(t, os.Getenv("GIT_CONFIG_SYSTEM"), "[url \"https://mirror.example/\"]\n\tinsteadOf = git@github.com:\n")
			age(t, os.Getenv("GIT_CONFIG_SYSTEM"), 20*time.Second)
		}, "mirror.example/acme/app"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			repo, global := originRepo(t, "git@github.com:acme/app.git")
			if got := Resolve(ctx, repo); got != "github.com/acme/app" {
				t.Fatalf("first resolve = %q", got)
			}
			tc.change(t, repo, global)
			if got := Resolve(ctx, repo); got != tc.want {
				t.Fatalf("after the change, resolve = %q, want %q", got, tc.want)
			}
		})
	}
}

// What the cache cannot vouch for is never kept: git is asked every time.
func TestOriginIsNotKeptWhenItCannotBeVouchedFor(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name  string
		setup func(t *testing.T, repo, global string)
	}{
		{"a config file written just now", func(t *testing.T, repo, _ string) {
			p := filepath.Join(repo, ".git", "config")
			now := time.Now()
			if err := os.Chtimes(p, now, now); err != nil {
				t.Fatal(err)
			}
		}},
		{"an include in the global config", func(t *testing.T, _, global string) {
			writeAged(t, global, "[includeIf \"gitdir:~/Work/\"]\n\tpath = ~/.gitconfig-work\n")
		}},
		{"an include in the repository's config", func(t *testing.T, repo, _ string) {
			p := filepath.Join(repo, ".git", "config")
			f, err := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.WriteString("[include]\n\tpath = ../shared.gitconfig\n"); err != nil {
				t.Fatal(err)
			}
			f.Close()
			age(t, p, time.Minute)
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			repo, global := originRepo(t, "git@github.com:acme/app.git")
			tc.setup(t, repo, global)
			if got := Resolve(ctx, repo); got != "github.com/acme/app" {
				t.Fatalf("first resolve = %q", got)
			}
			withoutGit(t)
			if got := Resolve(ctx, repo); got != "app" {
				t.Fatalf("with git gone, resolve = %q, want the directory's name: the origin was kept", got)
			}
		})
	}
}

// TestAnExpiredOriginIsServedWhileGitIsAskedAgain: past originTTL a kept origin URL whose files
// are unchanged is still the answer, so the first prompt after a pause does not wait for git
// (read back from disk then), and git is asked again in the background: its answer replaces the
// kept one, so a change only git could see shows one request late.
func TestAnExpiredOriginIsServedWhileGitIsAskedAgain(t *testing.T) {
	ctx := context.Background()
	repo, _ := originRepo(t, "git@github.com:acme/app.git")
	if got := Resolve(ctx, repo); got != "github.com/acme/app" {
		t.Fatalf("first resolve = %q", got)
	}
	gitDir := filepath.Join(repo, ".git")
	files := configFiles(gitDir)
	if _, expired, ok := cachedOrigin(gitDir, files, time.Now()); !ok || expired {
		t.Fatalf("a new entry: kept %v, expired %v", ok, expired)
	}
	if _, expired, ok := cachedOrigin(gitDir, files, time.Now().Add(originTTL)); !ok || !expired {
		t.Fatalf("an entry %v old: kept %v, expired %v", originTTL, ok, expired)
	}
	// An old answer git no longer gives (as a configuration file outside the known places could
	// leave one): served once, then replaced by what git says now.
	origins.Lock()
	e := origins.m[gitDir]
	e.url, e.at = "git@github.com:acme/old-name.git", time.Now().Add(-originTTL)
	origins.m[gitDir] = e
	origins.Unlock()
	if got := Resolve(ctx, repo); got != "github.com/acme/old-name" {
		t.Fatalf("the expired entry was not served: %q", got)
	}
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		url, expired, ok := cachedOrigin(gitDir, files, time.Now())
		if ok && !expired && url == "git@github.com:acme/app.git" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("git was not asked again: kept %q (%v), expired %v", url, ok, expired)
		}
	}
	if got := Resolve(ctx, repo); got != "github.com/acme/app" {
		t.Fatalf("after git was asked again, resolve = %q", got)
	}
}
