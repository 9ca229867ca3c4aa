// Package project resolves the project key a working directory belongs to. Keys group notes, so
// they must be the same for one repository on every machine: an explicit marker file wins, then the
// normalized git origin URL, then the repository's directory name, then the directory's own name.
package project

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/anamnesis-go/anamnesis/core/internal/gitexec"
)

// MarkerPath is the marker file, relative to a directory, that names its project explicitly.
const MarkerPath = ".anamnesis/project"

// Global is the key of notes that belong to no project.
const Global = "global"

// gitTimeout bounds each git call: resolution runs inside hooks that must stay fast.
const gitTimeout = 2 * time.Second

// Resolve returns the project key for dir. It never fails: anything unreadable falls through to
// the next rule, and the last rule always yields a key.
func Resolve(ctx context.Context, dir string) string {
	if dir == "" {
		dir = "."
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	if key := readMarker(dir); key != "" {
		return key
	}
	// Find the repository by its .git entry rather than by running git: outside a repository
	// (a scratch directory, the home directory) no git process is started at all, and inside
	// one only "remote get-url", which applies the user's insteadOf rewrites. A git process
	// costs a hook several milliseconds, so its answer is kept while git's configuration files
	// are unchanged (origin.go).
	if top, ok := gitTop(dir); ok {
		if out, ok := originURL(ctx, dir, top); ok && out != "" {
			return NormalizeRemote(out)
		}
		if real, err := filepath.EvalSymlinks(top); err == nil {
			top = real
		}
		return strings.ToLower(filepath.Base(top))
	}
	base := strings.ToLower(filepath.Base(dir))
	if base == "" || base == "/" || base == "." {
		return Global
	}
	return base
}

// readMarker looks for the marker in dir and each parent, stopping before $HOME and before the
// filesystem root, so a stray marker in the home directory cannot claim every project.
func readMarker(dir string) string {
	home, _ := os.UserHomeDir()
	for d := dir; ; {
		parent := filepath.Dir(d)
		if d == parent || (home != "" && d == filepath.Clean(home)) {
			return ""
		}
		if key := firstLine(filepath.Join(d, MarkerPath)); key != "" {
			return key
		}
		d = parent
	}
}

// gitTop returns the working tree's top directory as git finds it: the nearest of dir (with
// symbolic links resolved, as git walks the real path) and its parents holding a real .git entry
// (a folder with HEAD, or the "gitdir:" file a worktree or submodule has; an empty or stray
// .git is passed over, as git does). Like git, it does not climb into a directory listed in
// GIT_CEILING_DIRECTORIES. A bare repository (no .git entry) and a walk across filesystems are
// not detected: such a directory keys by its name.
func gitTop(dir string) (string, bool) {
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	ceilings := map[string]bool{}
	for _, c := range filepath.SplitList(os.Getenv("GIT_CEILING_DIRECTORIES")) {
		if c == "" {
			continue
		}
		ceilings[filepath.Clean(c)] = true
		if real, err := filepath.EvalSymlinks(c); err == nil {
			ceilings[real] = true
		}
	}
	for d := dir; ; {
		if isGitEntry(filepath.Join(d, ".git")) {
			return d, true
		}
		parent := filepath.Dir(d)
		if parent == d || ceilings[parent] {
			return "", false
		}
		d = parent
	}
}

// isGitEntry reports whether p is a .git entry git would take: a folder holding HEAD, or a file
// pointing at one ("gitdir: ...").
func isGitEntry(p string) bool {
	info, err := os.Lstat(p)
	switch {
	case err != nil:
		return false
	case info.IsDir():
		_, err := os.Stat(filepath.Join(p, "HEAD"))
		return err == nil
	case info.Mode().IsRegular():
		line := firstLine(p)
		return strings.HasPrefix(line, "gitdir:")
	}
	return false
}

func firstLine(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if line := strings.TrimSpace(s.Text()); line != "" {
			return line
		}
	}
	return ""
}

func git(ctx context.Context, dir string, args ...string) (string, bool) {
	out, err := gitexec.Output(ctx, dir, gitTimeout, args...)
	return out, err == nil
}

// NormalizeRemote turns a git remote URL into a stable key: no scheme, no credentials, scp form
// turned into a path, no trailing ".git" or "/", lower case. The same repository cloned over ssh
// on one machine and https on another gets the same key.
func NormalizeRemote(url string) string {
	s := strings.TrimSpace(url)
	if i := strings.Index(s, "://"); i >= 0 {
		s = s[i+3:]
	}
	if at := strings.Index(s, "@"); at >= 0 && !strings.Contains(s[:at], "/") {
		s = s[at+1:]
	}
	if c := strings.Index(s, ":"); c >= 0 && !strings.Contains(s[:c], "/") {
		s = s[:c] + "/" + s[c+1:]
	}
	s = strings.TrimSuffix(s, ".git")
	s = strings.TrimRight(s, "/")
	return strings.ToLower(s)
}
