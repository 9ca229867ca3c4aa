package project

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// A process that resolves directories over and over (the resident hook server resolves one for
// every prompt and session start) would start a git process each time, for an answer that changes
// only when git's configuration does: "remote get-url origin" costs a hook 1.5–2 ms of CPU and
// more of wall time, most of what is left of a warm prompt hook's work besides the search. So the
// URL git printed is kept, per repository, for as long as it can be vouched for:
//   - every configuration file git reads for that query is unchanged: the repository's config
//     (and config.worktree), the global ones ($GIT_CONFIG_GLOBAL, or ~/.gitconfig and the XDG
//     one) and the system one ($GIT_CONFIG_SYSTEM or /etc/gitconfig), each the same file with the
//     same size and modification time as when git ran, or still absent;
//   - none of them is younger than racyWindow when it is checked, since a file rewritten within
//     the clock's granularity can keep its size and time (git's own "racy" rule, as the index's
//     stamp uses);
//   - none of them holds an include (include.path, includeIf): the files an include names, and
//     when includeIf applies, are git's to judge, so such a setup always asks git;
//   - the repository's .git is a folder (a worktree's or submodule's .git file points elsewhere:
//     asked every time).
//
// Anything else asks git, exactly as before. An entry older than originTTL, whose files are
// unchanged, is still served, and git is asked again in the background: the TTL bounds what a
// configuration file outside the known places (a system file git was built to read elsewhere)
// could hold back, and asking git in the request itself would cost the first prompt after a
// pause the most: git's program is read back from disk then, 10-13 ms on this project's test
// machines against 1.5 ms warm. So such a change shows once git has answered in the background:
// the request that found the entry expired, and any while git runs, get the kept answer.

// originTTL is how long a kept origin URL is trusted before git is asked again (see above).
const originTTL = 10 * time.Minute

// refreshDeadline bounds git asked again in the background.
const refreshDeadline = 10 * time.Second

// racyWindow is how recent a file may be and still not vouch for its content.
const racyWindow = 2 * time.Second

// maxOrigins bounds the repositories kept; past it the cache starts again.
const maxOrigins = 256

type fileSig struct {
	path string
	info os.FileInfo // nil: the file did not exist
}

type originEntry struct {
	url   string
	files []fileSig
	at    time.Time
}

var origins = struct {
	sync.Mutex
	m map[string]originEntry
	// asking holds the repositories whose expired entry git is being asked about again.
	asking map[string]bool
}{}

// originURL returns what "git remote get-url origin" prints for the repository whose top is top,
// from the cache when it can vouch for it (see above), else from git.
func originURL(ctx context.Context, dir, top string) (string, bool) {
	gitDir := filepath.Join(top, ".git")
	files := configFiles(gitDir)
	if url, expired, ok := cachedOrigin(gitDir, files, time.Now()); ok {
		if expired {
			askAgain(ctx, dir, gitDir, files)
		}
		return url, true
	}
	return askGit(ctx, dir, gitDir, files)
}

// askGit runs "git remote get-url origin" and keeps the answer when its files can vouch for it.
func askGit(ctx context.Context, dir, gitDir string, files []string) (string, bool) {
	// The files are looked at before git runs: a change made while it runs shows as a new
	// signature next time, never as an old one vouching for a new answer.
	asked := time.Now()
	sigs, cacheable := signatures(gitDir, files, asked)
	url, ok := git(ctx, dir, "remote", "get-url", "origin")
	if !ok || url == "" {
		forgetOrigin(gitDir, asked)
		return url, ok
	}
	if cacheable {
		keepOrigin(gitDir, originEntry{url: url, files: sigs, at: time.Now()})
	}
	return url, true
}

// askAgain asks git about an expired entry in the background, once at a time per repository,
// past the request that found it expired.
func askAgain(ctx context.Context, dir, gitDir string, files []string) {
	origins.Lock()
	defer origins.Unlock()
	if origins.asking[gitDir] {
		return
	}
	if origins.asking == nil {
		origins.asking = map[string]bool{}
	}
	origins.asking[gitDir] = true
	go func() {
		defer func() {
			origins.Lock()
			delete(origins.asking, gitDir)
			origins.Unlock()
		}()
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), refreshDeadline)
		defer cancel()
		askGit(ctx, dir, gitDir, files)
	}()
}

// configFiles lists the configuration files git reads for a query in the repository at gitDir,
// in the environment git will be given (see gitexec.Env, which keeps these variables).
func configFiles(gitDir string) []string {
	files := []string{filepath.Join(gitDir, "config"), filepath.Join(gitDir, "config.worktree")}
	// As git reads them: GIT_CONFIG_GLOBAL and GIT_CONFIG_SYSTEM replace the usual places even
	// when set to nothing (then no file is read), while an empty XDG_CONFIG_HOME counts as unset.
	if g, set := os.LookupEnv("GIT_CONFIG_GLOBAL"); set {
		if g != "" {
			files = append(files, g)
		}
	} else {
		if home, err := os.UserHomeDir(); err == nil {
			files = append(files, filepath.Join(home, ".gitconfig"))
		}
		xdg := os.Getenv("XDG_CONFIG_HOME")
		if xdg == "" {
			if home, err := os.UserHomeDir(); err == nil {
				xdg = filepath.Join(home, ".config")
			}
		}
		if xdg != "" {
			files = append(files, filepath.Join(xdg, "git", "config"))
		}
	}
	if !truthy(os.Getenv("GIT_CONFIG_NOSYSTEM")) {
		if s, set := os.LookupEnv("GIT_CONFIG_SYSTEM"); set {
			if s != "" {
				files = append(files, s)
			}
		} else {
			files = append(files, "/etc/gitconfig")
		}
	}
	return files
}

// truthy reads a boolean variable as git does: true, yes, on or a non-zero number.
func truthy(v string) bool {
	v = strings.ToLower(strings.TrimSpace(v))
	if n, err := strconv.Atoi(v); err == nil {
		return n != 0
	}
	return v == "true" || v == "yes" || v == "on"
}

// signatures stats files (and reads those that exist, for includes) and reports whether together
// they may vouch for an answer: gitDir is a folder, no file is recent, none includes another.
func signatures(gitDir string, files []string, now time.Time) ([]fileSig, bool) {
	if info, err := os.Lstat(gitDir); err != nil || !info.IsDir() {
		return nil, false
	}
	sigs := make([]fileSig, 0, len(files))
	for _, f := range files {
		info, err := os.Stat(f)
		switch {
		case os.IsNotExist(err):
			sigs = append(sigs, fileSig{path: f})
			continue
		case err != nil, !info.Mode().IsRegular(), now.Sub(info.ModTime()) < racyWindow:
			return nil, false
		}
		data, err := os.ReadFile(f)
		if err != nil || strings.Contains(strings.ToLower(string(data)), "include") {
			return nil, false
		}
		sigs = append(sigs, fileSig{path: f, info: info})
	}
	return sigs, true
}

// cachedOrigin returns the URL kept for gitDir if its entry still vouches for it at now, and
// whether the entry has outlived originTTL.
func cachedOrigin(gitDir string, files []string, now time.Time) (url string, expired, ok bool) {
	origins.Lock()
	e, ok := origins.m[gitDir]
	origins.Unlock()
	if !ok || len(e.files) != len(files) {
		return "", false, false
	}
	for i, s := range e.files {
		if s.path != files[i] || !sameFile(s, now) {
			return "", false, false
		}
	}
	return e.url, now.Sub(e.at) >= originTTL, true
}

// sameFile reports whether the file at s.path is still the one s describes (or still absent),
// and old enough to vouch for its content.
func sameFile(s fileSig, now time.Time) bool {
	info, err := os.Stat(s.path)
	if s.info == nil {
		return os.IsNotExist(err)
	}
	return err == nil && os.SameFile(s.info, info) && info.Size() == s.info.Size() &&
		info.ModTime().Equal(s.info.ModTime()) && now.Sub(info.ModTime()) >= racyWindow
}

// forgetOrigin drops what is kept for gitDir from before asked: git named no origin when asked
// then. An answer kept since, by a request that asked git meanwhile, stays.
func forgetOrigin(gitDir string, asked time.Time) {
	origins.Lock()
	defer origins.Unlock()
	if e, ok := origins.m[gitDir]; ok && e.at.Before(asked) {
		delete(origins.m, gitDir)
	}
}

func keepOrigin(gitDir string, e originEntry) {
	origins.Lock()
	defer origins.Unlock()
	if origins.m == nil || len(origins.m) >= maxOrigins {
		origins.m = map[string]originEntry{}
	}
	origins.m[gitDir] = e
}
