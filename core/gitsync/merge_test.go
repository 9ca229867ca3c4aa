package gitsync

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/note"
)

// notePath is the file of a portable note on m.
func (m *machine) notePath(n *note.Note) string {
	return filepath.Join(m.home, "memory", filepath.FromSlash(n.RelPath()))
}

// handAppend appends a line to a note's body the way an editor saves: the store never sees it
// and updated_at does not change.
func (m *machine) handAppend(n *note.Note, line string) {
	m.tb.Helper()
	p := m.notePath(n)
	data, err := os.ReadFile(p)
	if err != nil {
		m.tb.Fatal(err)
	}
	data = append(data, []byte(line+"\n")...)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		m.tb.Fatal(err)
	}
}

// withGitHook puts a git wrapper first on PATH that runs script (a shell command) once, just
// before the first git command whose arguments include trigger, then runs the real git. It lets a
// test act at a precise moment inside a cycle (between its commit and its checkout) without any
// hook in the engine and without timing.
func withGitHook(t *testing.T, trigger, script string) {
	t.Helper()
	real, err := exec.LookPath("git")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	once := filepath.Join(dir, "hook.sh")
	if err := os.WriteFile(once, []byte(script+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wrapper := "#!/bin/sh\nfor a in \"$@\"; do\n  if [ \"$a\" = '" + trigger + "' ] && [ -f '" + once + "' ]; then\n" +
		"    sh '" + once + "'; rm -f '" + once + "'\n  fi\ndone\nexec '" + real + "' \"$@\"\n"
	if err := os.WriteFile(filepath.Join(dir, "git"), []byte(wrapper), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
}

// Issue 10 case 1: text saved by an editor while a cycle integrates incoming notes (after its
// commit, before its checkout) is never overwritten: a note the merge does not change keeps the
// edit on disk and is committed; a note the merge does change meets the incoming version as a
// conflict, so both texts survive, on every machine.
func TestHandEditDuringIntegrationIsKept(t *testing.T) {
	remote := bareRemote(t)
	a, b := newMachine(t, "a", remote), newMachine(t, "b", remote)
	changed := a.write("incoming heron", "original")
	untouched := a.write("quiet heron", "original")
	a.sync()
	b.sync()
	a.edit(changed.ID, "edit from a", "")
	a.write("new from a", "x")
	a.sync()

	// "rev-list --count" runs after b's commit and before its checkout, in every version of the
	// engine: the moment a plain "reset --hard" would discard the edits.
	withGitHook(t, "--count", "printf 'typed kestrel\\n' >> '"+b.notePath(changed)+"'; printf 'typed plover\\n' >> '"+b.notePath(untouched)+"'")
	res := b.sync()
	if !res.Pushed {
		t.Fatalf("sync = %+v", res)
	}
	if data, _ := os.ReadFile(b.notePath(untouched)); !strings.Contains(string(data), "typed plover") {
		t.Fatalf("the edit of a note the merge did not touch was discarded:\n%s", data)
	}
	b.sync()
	a.sync()
	sameFiles(t, a, b)
	for _, m := range []*machine{a, b} {
		text := allText(t, m)
		for _, want := range []string{"typed kestrel", "typed plover", "edit from a"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: %q is in no note", m.id, want)
			}
		}
		if got := m.searchIDs("kestrel"); len(got) != 1 {
			t.Errorf("%s: the hand edit is not searchable: %v", m.id, got)
		}
	}
}

// The same, with the save landing in the last moment before a file is replaced.
func TestHandEditJustBeforeReplaceIsKept(t *testing.T) {
	remote := bareRemote(t)
	a, b := newMachine(t, "a", remote), newMachine(t, "b", remote)
	n := a.write("incoming heron", "original")
	a.sync()
	b.sync()
	a.edit(n.ID, "edit from a", "")
	a.sync()
	rel := n.RelPath()
	fired := false
	testHookReplace = func(p string) {
		if p == rel && !fired {
			fired = true
			b.handAppend(n, "typed kestrel")
		}
	}
	defer func() { testHookReplace = nil }()
	b.sync()
	testHookReplace = nil
	if !fired {
		t.Fatal("setup: the hook never ran")
	}
	a.sync()
	for _, m := range []*machine{a, b} {
		text := allText(t, m)
		if !strings.Contains(text, "typed kestrel") || !strings.Contains(text, "edit from a") {
			t.Errorf("%s lost a version of the note", m.id)
		}
	}
}

// Issue 10 case 5: a forget on one machine and a hand edit elsewhere touch different lines, so
// git alone merges them into a forgotten note holding the edit. Notes are decided as whole
// notes: the forget stands, and the edit is a visible conflict note.
func TestForgetAndHandEditOnDifferentLinesConflict(t *testing.T) {
	remote := bareRemote(t)
	a, b := newMachine(t, "a", remote), newMachine(t, "b", remote)
	n := a.write("heron roost", "original body")
	a.sync()
	b.sync()
	if _, err := a.st.Forget(context.Background(), n.ID); err != nil {
		t.Fatal(err)
	}
	a.sync()
	b.handAppend(n, "typed kestrel")
	res := b.sync()
	a.sync()
	if !res.Conflicted || len(res.Conflicts) != 1 {
		t.Fatalf("sync = %+v, want one conflict note", res)
	}
	sameFiles(t, a, b)
	for _, m := range []*machine{a, b} {
		if !m.get(n.ID).Deleted() {
			t.Errorf("%s: the forget was undone", m.id)
		}
		cp := m.get(res.Conflicts[0])
		if cp.Deleted() || !strings.Contains(cp.Body, "typed kestrel") {
			t.Errorf("%s: the hand edit should be a live conflict note: %+v", m.id, cp)
		}
		if got := m.searchIDs("kestrel"); len(got) != 1 || got[0] != cp.ID {
			t.Errorf("%s: search for the edit = %v", m.id, got)
		}
	}
}

// Issue 10 case 6, second half: a hand edit does not change updated_at, so without a stamp it
// would lose every conflict to a program write made before it. Sync stamps it when it commits.
func TestHandEditIsStampedAndBeatsAnOlderProgramWrite(t *testing.T) {
	remote := bareRemote(t)
	a, b := newMachine(t, "a", remote), newMachine(t, "b", remote)
	n := a.write("heron roost", "original body")
	// Times in the past, so that "now" (the stamp) is later than the program edit without a
	// test that waits for the clock.
	n = a.edit(n.ID, "original body", note.FormatTime(time.Now().Add(-2*time.Hour)))
	a.sync()
	b.sync()
	a.edit(n.ID, "program edit from a", note.FormatTime(time.Now().Add(-time.Hour)))
	a.sync()
	b.handAppend(n, "typed kestrel") // after a's edit, but with the original updated_at
	res := b.sync()
	a.sync()
	if !res.Conflicted || len(res.Conflicts) != 1 {
		t.Fatalf("sync = %+v, want one conflict", res)
	}
	for _, m := range []*machine{a, b} {
		if got := m.get(n.ID); !strings.Contains(got.Body, "typed kestrel") || got.UpdatedAt <= n.UpdatedAt {
			t.Errorf("%s: the later hand edit should keep the note, stamped: %+v", m.id, got)
		}
		if cp := m.get(res.Conflicts[0]); !strings.Contains(cp.Body, "program edit from a") {
			t.Errorf("%s: the program edit should be the conflict note: %+v", m.id, cp)
		}
	}
	// The stamp changed only the updated_at line: the rest of the file is as the user left it.
	data, err := os.ReadFile(b.notePath(n))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(string(data), "typed kestrel\n") {
		t.Fatalf("file after stamping:\n%s", data)
	}
}

// Issue 10 case 7: attributes in the synced tree (or the user's global attributes file) cannot
// steer sync's merges: "merge=union" would concatenate two edits with no conflict.
func TestAttributesCannotSteerMerges(t *testing.T) {
	for _, global := range []bool{false, true} {
		name := "in the tree"
		if global {
			name = "in the user's global attributes file"
		}
		t.Run(name, func(t *testing.T) {
			remote := bareRemote(t)
			a, b := newMachine(t, "a", remote), newMachine(t, "b", remote)
			n := a.write("heron roost", "original body")
			txt := filepath.Join(a.home, "memory", "plain.txt")
			if err := os.WriteFile(txt, []byte("shared line\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if global {
				attrs := filepath.Join(t.TempDir(), "attributes")
				os.WriteFile(attrs, []byte("* merge=union\n"), 0o644)
				cfg := filepath.Join(t.TempDir(), "gitconfig")
				os.WriteFile(cfg, []byte("[core]\n\tattributesFile = "+attrs+"\n"), 0o644)
				t.Setenv("GIT_CONFIG_GLOBAL", cfg)
			} else {
				os.WriteFile(filepath.Join(a.home, "memory", ".gitattributes"), []byte("*.md merge=union\n*.txt merge=union\n"), 0o644)
			}
			a.sync()
			b.sync()
			a.edit(n.ID, "edit from a", "2030-01-01T00:00:01+00:00")
			os.WriteFile(txt, []byte("line from a\n"), 0o644)
			a.sync()
			b.edit(n.ID, "edit from b", "2030-01-01T00:00:02+00:00")
			os.WriteFile(filepath.Join(b.home, "memory", "plain.txt"), []byte("line from b\n"), 0o644)
			res := b.sync()
			a.sync()
			if len(res.Conflicts) != 1 || len(res.ConflictFiles) != 1 {
				t.Fatalf("sync = %+v, want one conflict note and one conflict file", res)
			}
			sameFiles(t, a, b)
			if got := b.get(n.ID); got.Body != "edit from b" {
				t.Errorf("note body = %q, want the newer edit alone", got.Body)
			}
			if got, _ := os.ReadFile(filepath.Join(a.home, "memory", "plain.txt")); string(got) != "line from a\n" {
				t.Errorf("plain.txt = %q, want the remote's version alone", got)
			}
			if got, _ := os.ReadFile(filepath.Join(a.home, "memory", res.ConflictFiles[0])); string(got) != "line from b\n" {
				t.Errorf("conflict file = %q", got)
			}
		})
	}
}

// Issue 10 case 8: every conflict on a file that is not a note gets its own side file; a second
// one does not overwrite the first.
func TestSecondConflictOnAFileKeepsTheFirst(t *testing.T) {
	remote := bareRemote(t)
	a, b := newMachine(t, "a", remote), newMachine(t, "b", remote)
	pa, pb := filepath.Join(a.home, "memory", "plain.txt"), filepath.Join(b.home, "memory", "plain.txt")
	os.WriteFile(pa, []byte("shared\n"), 0o644)
	a.sync()
	b.sync()
	var results []Result
	for _, word := range []string{"first", "second"} {
		os.WriteFile(pa, []byte(word+" from a\n"), 0o644)
		a.sync()
		os.WriteFile(pb, []byte(word+" from b\n"), 0o644)
		results = append(results, b.sync())
		a.sync()
	}
	sameFiles(t, a, b)
	var sides []string
	text := ""
	for p := range a.files() {
		if strings.HasPrefix(p, "plain.txt.conflict-") {
			sides = append(sides, p)
			data, _ := os.ReadFile(filepath.Join(a.home, "memory", p))
			text += string(data)
		}
	}
	if len(sides) != 2 || !strings.Contains(text, "first from b") || !strings.Contains(text, "second from b") {
		t.Fatalf("side files %v hold %q; want one per conflict, each with b's version", sides, text)
	}
	for round, res := range results {
		if len(res.ConflictFiles) != 1 || !res.Conflicted || !strings.Contains(res.Detail, res.ConflictFiles[0]) {
			t.Errorf("round %d: sync = %+v; want the side file reported", round, res)
		}
	}
}
