package app

import (
	"bytes"
	"context"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/anamnesis-go/anamnesis/core/gitsync"
	"github.com/anamnesis-go/anamnesis/core/internal/gitexec"
	"github.com/anamnesis-go/anamnesis/core/note"
)

// A note's history is the git history of its file in the portable tree (<home>/memory), where
// every sync cycle commits what changed, authored anamnesis@<machine_id>. Edits made since the
// last cycle are the working revision. Machine-local notes are not in git: their history is the
// note as it is now.

// WorkingRev names the note's file as it is on disk, committed or not.
const WorkingRev = "working"

// Revision is one version of a note.
type Revision struct {
	Rev     string `json:"rev"`     // full commit hash, or WorkingRev
	Short   string `json:"short"`   // abbreviated hash, or WorkingRev
	Machine string `json:"machine"` // the machine that committed it (from anamnesis@<machine>)
	Date    string `json:"date"`    // commit author date (the note's updated_at for WorkingRev)
	Subject string `json:"subject"`
	Path    string `json:"path"` // the note's file at that revision, relative to its tree

	blob string // git object id of the file at that revision
}

// gitBlobID is git's object id of a file's content: SHA-1, or SHA-256 in a repository that uses
// it (told apart by the length of the ids it prints).
func gitBlobID(data []byte, idLen int) string {
	header := "blob " + strconv.Itoa(len(data)) + "\x00"
	if idLen == 64 {
		h := sha256.New()
		h.Write([]byte(header))
		h.Write(data)
		return hex.EncodeToString(h.Sum(nil))
	}
	h := sha1.New() //nolint:gosec // git's object id, not a security measure
	h.Write([]byte(header))
	h.Write(data)
	return hex.EncodeToString(h.Sum(nil))
}

// History lists a note's revisions, newest first: the working revision when the file on disk
// differs from the last commit (or was never committed), then every commit that changed it,
// following the file across a change of type (which moves it to another folder).
func (a *App) History(ctx context.Context, id string) ([]Revision, error) {
	cur, err := a.Show(ctx, id)
	if err != nil {
		return nil, err
	}
	working := Revision{Rev: WorkingRev, Short: WorkingRev, Machine: a.settings().MachineID,
		Date: cur.UpdatedAt, Subject: "on disk, not yet committed by sync", Path: cur.RelPath()}
	if cur.Scope == note.MachineLocal || !a.gitReady() {
		working.Subject = "current version (machine-local notes are not kept in git)"
		if cur.Scope != note.MachineLocal {
			working.Subject = "current version (the memory folder is not a git repository yet)"
		}
		return []Revision{working}, nil
	}
	rel := cur.RelPath()
	// The file is always <type>/<id>.md, so a pattern over every folder follows it across a change
	// of type exactly, and far more cheaply than --follow's rename detection. --raw gives each
	// commit's blob id, so whether the file on disk differs from the last commit is a hash of one
	// file here rather than a second git process.
	out, err := a.git(ctx, "log", "--format=\x1e%H\x1f%h\x1f%ae\x1f%aI\x1f%s", "--raw", "--no-abbrev", "--no-renames",
		"--", "*/"+cur.ID+".md")
	if err != nil {
		return nil, fmt.Errorf("history of note %s: %w", cur.ID, err)
	}
	revs, lastBlob := parseLog(out, true), ""
	if len(revs) > 0 && revs[0].Path == rel {
		lastBlob = revs[0].blob
	}
	st, err := a.Store(ctx)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(filepath.Join(st.TreeDir(cur.Scope), filepath.FromSlash(rel)))
	if err != nil {
		return nil, fmt.Errorf("history of note %s: %w", cur.ID, err)
	}
	if lastBlob == "" || gitBlobID(data, len(lastBlob)) != lastBlob {
		revs = append([]Revision{working}, revs...)
	}
	return revs, nil
}

// parseLog reads `git log --format=\x1e%H\x1f%h\x1f%ae\x1f%aI\x1f%s [--raw]` output. With
// paths, a revision's Path is the file that exists after the commit (not one it deleted).
func parseLog(out string, withPath bool) []Revision {
	var revs []Revision
	for _, rec := range strings.Split(out, "\x1e") {
		lines := strings.Split(strings.TrimSpace(rec), "\n")
		f := strings.Split(lines[0], "\x1f")
		if len(f) < 5 {
			continue
		}
		r := Revision{Rev: f[0], Short: f[1], Machine: machineOf(f[2]), Date: f[3], Subject: f[4]}
		if withPath {
			// --raw: ":100644 100644 <old id> <new id> M\t<path>"
			for _, l := range lines[1:] {
				meta, path, ok := strings.Cut(strings.TrimSpace(l), "\t")
				f := strings.Fields(meta)
				if ok && len(f) == 5 && f[4] != "D" {
					r.Path, r.blob = path, f[3]
					break
				}
			}
		}
		revs = append(revs, r)
	}
	return revs
}

// machineOf turns a commit author email anamnesis@<machine> into the machine id.
func machineOf(email string) string {
	if m, ok := strings.CutPrefix(email, "anamnesis@"); ok {
		return m
	}
	return email
}

// NoteAt returns a note as it was at rev (one of its History revisions) and the file's bytes.
func (a *App) NoteAt(ctx context.Context, id, rev string) (*note.Note, []byte, error) {
	revs, err := a.History(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	rev = strings.TrimSpace(rev)
	var r *Revision
	for i := range revs {
		if revs[i].Rev == rev || (rev != WorkingRev && len(rev) >= 7 && strings.HasPrefix(revs[i].Rev, rev)) {
			r = &revs[i]
			break
		}
	}
	if r == nil {
		return nil, nil, invalidf("rev must be one of the note's revisions (see its history), not %q", rev)
	}
	var data []byte
	if r.Rev == WorkingRev {
		cur, err := a.Show(ctx, id)
		if err != nil {
			return nil, nil, err
		}
		st, err := a.Store(ctx)
		if err != nil {
			return nil, nil, err
		}
		if data, err = os.ReadFile(filepath.Join(st.TreeDir(cur.Scope), filepath.FromSlash(cur.RelPath()))); err != nil {
			return nil, nil, fmt.Errorf("read note %s: %w", id, err)
		}
	} else {
		out, err := a.git(ctx, "show", r.Rev+":"+r.Path)
		if err != nil {
			return nil, nil, fmt.Errorf("read note %s at %s: %w", id, r.Short, err)
		}
		data = []byte(out)
	}
	n, err := note.Parse(data)
	if err != nil {
		return nil, nil, fmt.Errorf("note %s at %s: %w", id, r.Short, err)
	}
	return n, data, nil
}

// Restore makes an earlier revision of a note its current version, as a new edit (so it syncs and
// can itself be undone). Restoring a version from before a forget brings the note back. The
// restore is refused with ErrEditConflict when the note changed since baseVersion.
func (a *App) Restore(ctx context.Context, id, rev, baseVersion string) (*note.Note, error) {
	cur, err := a.Show(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := checkBase(cur, baseVersion); err != nil {
		return nil, err
	}
	old, _, err := a.NoteAt(ctx, id, rev)
	if err != nil {
		return nil, err
	}
	if old.ID != cur.ID {
		return nil, fmt.Errorf("revision %s of note %s holds note %s; not restoring it", rev, cur.ID, old.ID)
	}
	next := *old
	next.Scope = cur.Scope
	return a.put(ctx, cur, &next)
}

// Commit is one sync commit of the portable tree. Its subject says what changed ("anamnesis: 3
// added, 1 edited on laptop"); counting files would mean diffing every commit, too slow for a page.
type Commit struct {
	Revision
}

// TimelineRequest selects commits, newest first: Machine "" means every machine; Skip pages.
type TimelineRequest struct {
	Machine     string
	Limit, Skip int
}

// Timeline lists the commits of the portable tree, newest first. A store without git has none.
func (a *App) Timeline(ctx context.Context, r TimelineRequest) ([]Commit, error) {
	if !a.gitReady() {
		return []Commit{}, nil
	}
	if r.Limit <= 0 {
		r.Limit = 50
	}
	args := []string{"log", "-n", strconv.Itoa(r.Limit), "--skip", strconv.Itoa(max(r.Skip, 0)),
		"--format=\x1e%H\x1f%h\x1f%ae\x1f%aI\x1f%s"}
	if m := strings.TrimSpace(r.Machine); m != "" {
		args = append(args, "--fixed-strings", "--author=<anamnesis@"+m+">")
	}
	out, err := a.git(ctx, args...)
	if err != nil {
		if strings.Contains(err.Error(), "does not have any commits") {
			return []Commit{}, nil
		}
		return nil, fmt.Errorf("read the sync timeline: %w", err)
	}
	cs := []Commit{}
	for _, rec := range strings.Split(out, "\x1e") {
		rs := parseLog(rec, false)
		if len(rs) == 0 {
			continue
		}
		cs = append(cs, Commit{Revision: rs[0]})
	}
	return cs, nil
}

// Machine is one machine of the fleet sharing this memory.
type Machine struct {
	ID          string `json:"id"`
	This        bool   `json:"this"`
	Notes       int    `json:"notes"`   // live notes it wrote
	Commits     int    `json:"commits"` // sync commits it made (of the last FleetWindow)
	LastCommit  string `json:"last_commit,omitempty"`
	LastSubject string `json:"last_subject,omitempty"`
}

// FleetWindow bounds how many recent commits the fleet view reads.
const FleetWindow = 5000

// Fleet lists every machine known from the notes' machine ids and the sync commits' authors,
// this machine first, then by latest commit.
func (a *App) Fleet(ctx context.Context) ([]Machine, error) {
	st, err := a.Store(ctx)
	if err != nil {
		return nil, err
	}
	counts, err := st.CountByMachine(ctx)
	if err != nil {
		return nil, err
	}
	byID := map[string]*Machine{}
	get := func(id string) *Machine {
		if m := byID[id]; m != nil {
			return m
		}
		m := &Machine{ID: id}
		byID[id] = m
		return m
	}
	for id, n := range counts {
		get(id).Notes = n
	}
	self := a.settings().MachineID
	get(self).This = true
	if a.gitReady() {
		out, err := a.git(ctx, "log", "-n", strconv.Itoa(FleetWindow), "--format=%ae\x1f%aI\x1f%s")
		if err != nil && !strings.Contains(err.Error(), "does not have any commits") {
			return nil, fmt.Errorf("read the sync commits: %w", err)
		}
		for _, line := range strings.Split(out, "\n") {
			f := strings.Split(line, "\x1f")
			if len(f) < 3 {
				continue
			}
			m := get(machineOf(f[0]))
			m.Commits++
			if m.LastCommit == "" {
				m.LastCommit, m.LastSubject = f[1], f[2]
			}
		}
	}
	out := make([]Machine, 0, len(byID))
	for _, m := range byID {
		out = append(out, *m)
	}
	sortMachines(out)
	return out, nil
}

func sortMachines(ms []Machine) {
	sort.Slice(ms, func(i, j int) bool {
		a, b := ms[i], ms[j]
		if a.This != b.This {
			return a.This
		}
		if a.LastCommit != b.LastCommit {
			return a.LastCommit > b.LastCommit
		}
		return a.ID < b.ID
	})
}

// gitReady reports whether the portable tree is a git repository.
func (a *App) gitReady() bool {
	_, err := os.Stat(filepath.Join(a.Home.Memory(), ".git"))
	return err == nil
}

// git runs a read-only git command in the portable tree. It takes no lock: reads never change the
// repository (GIT_OPTIONAL_LOCKS=0 keeps even `status` from refreshing the index file).
func (a *App) git(ctx context.Context, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	full := append([]string{"-C", a.Home.Memory(), "-c", "core.quotepath=off", "--no-pager"}, args...)
	cmd := exec.CommandContext(ctx, "git", full...)
	cmd.Env = append(gitexec.Env(), "LC_ALL=C") // never another repository named by GIT_DIR & co.
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		var ee *exec.ExitError
		if errors.As(err, &ee) && msg != "" {
			return "", fmt.Errorf("git %s: %s", args[0], msg)
		}
		return "", fmt.Errorf("git %s: %w", args[0], err)
	}
	return string(out), nil
}

// AheadBehind counts the commits of the portable tree not yet on the remote and the remote's not
// yet integrated, as of the last sync (which records the remote's head as origin/<branch>). ok is
// false when there is nothing to compare with.
func (a *App) AheadBehind(ctx context.Context) (ahead, behind int, ok bool) {
	if !a.gitReady() {
		return 0, 0, false
	}
	branch := gitsync.RemoteBranch(a.Home.Memory(), a.settings().Remote)
	if branch == "" {
		branch = gitsync.Branch
	}
	out, err := a.git(ctx, "rev-list", "--left-right", "--count", "HEAD...refs/remotes/origin/"+branch)
	if err != nil {
		return 0, 0, false
	}
	f := strings.Fields(out)
	if len(f) != 2 {
		return 0, 0, false
	}
	ahead, _ = strconv.Atoi(f[0])
	behind, _ = strconv.Atoi(f[1])
	return ahead, behind, true
}
