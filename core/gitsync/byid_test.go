package gitsync

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/anamnesis-go/anamnesis/core/note"
)

// retype changes a note's type (which moves its file), with body and updated_at.
func (m *machine) retype(id string, t note.Type, body, updatedAt string) {
	m.tb.Helper()
	n := m.get(id)
	n.Type, n.Body, n.UpdatedAt, n.MachineID = t, body, updatedAt, m.id
	if err := m.st.Put(context.Background(), n); err != nil {
		m.tb.Fatalf("retype %s on %s: %v", id, m.id, err)
	}
}

// filesOf lists the files of m's portable tree whose name holds id.
func (m *machine) filesOf(id string) []string {
	var out []string
	for p := range m.files() {
		if strings.Contains(p, id) {
			out = append(out, p)
		}
	}
	return out
}

// Review hole 1: a type change moves a note's file, so to git it is a rename. Against an edit, a
// forget or another type change of the same note on another machine, the two versions are one
// note, decided as a whole (a forget wins over an edit that had not seen it, else the newer
// edit): one file for the id on every machine, the other version a visible, indexed conflict
// note, never a second live file with the same id nor an unindexed side file. Run in both
// orders: the retyping machine pushing first, and second.
func TestTypeChangeAgainstAnotherChangeIsOneNote(t *testing.T) {
	at := func(d time.Duration) string { return note.FormatTime(time.Now().Add(d)) }
	for _, tc := range []struct {
		name        string
		other       func(b *machine, n *note.Note) // b's change while a retypes to procedural
		otherText   string                         // a word of b's version that must stay searchable ("" for a forget)
		wantType    note.Type                      // where the id ends
		wantDeleted bool
		wantCopy    note.Type // the conflict note's type
	}{
		{"newer edit wins over the type change", func(b *machine, n *note.Note) { b.edit(n.ID, "plover edit", at(-30*time.Minute)) },
			"plover", note.Semantic, false, note.Procedural},
		{"type change wins over an older edit", func(b *machine, n *note.Note) { b.edit(n.ID, "plover edit", at(-2*time.Hour)) },
			"plover", note.Procedural, false, note.Semantic},
		{"forget wins over the type change", func(b *machine, n *note.Note) {
			if _, err := b.st.Forget(context.Background(), n.ID); err != nil {
				b.tb.Fatal(err)
			}
		}, "", note.Semantic, true, note.Procedural},
		{"hand edit, stamped, wins", func(b *machine, n *note.Note) { b.handAppend(n, "plover typed") },
			"plover", note.Semantic, false, note.Procedural},
		{"two type changes: the newer wins", func(b *machine, n *note.Note) { b.retype(n.ID, note.Episodic, "plover edit", at(-30*time.Minute)) },
			"plover", note.Episodic, false, note.Procedural},
	} {
		for _, retyperFirst := range []bool{true, false} {
			name := tc.name + map[bool]string{true: "/retype pushed first", false: "/retype pushed second"}[retyperFirst]
			t.Run(name, func(t *testing.T) {
				remote := bareRemote(t)
				a, b := newMachine(t, "a", remote), newMachine(t, "b", remote)
				n := a.write("heron roost", "original body")
				n = a.edit(n.ID, "original body", at(-3*time.Hour))
				a.sync()
				b.sync()
				a.retype(n.ID, note.Procedural, "original body, kestrel", at(-time.Hour))
				tc.other(b, n)
				first, second := a, b
				if !retyperFirst {
					first, second = b, a
				}
				first.sync()
				res := second.sync()
				first.sync()
				if len(res.Conflicts) != 1 {
					t.Fatalf("integrating sync = %+v, want one conflict note", res)
				}
				sameFiles(t, a, b)
				for _, m := range []*machine{a, b} {
					if got := m.filesOf(n.ID); len(got) != 1 || got[0] != string(tc.wantType)+"/"+n.ID+".md" {
						t.Fatalf("%s: files of the note = %v, want one, in %s", m.id, got, tc.wantType)
					}
					for p := range m.files() {
						if strings.Contains(p, ".conflict-") {
							t.Errorf("%s: unindexed side file %s", m.id, p)
						}
					}
					got := m.get(n.ID)
					if got.Type != tc.wantType || got.Deleted() != tc.wantDeleted {
						t.Errorf("%s: note = type %s deleted %v, want %s %v", m.id, got.Type, got.Deleted(), tc.wantType, tc.wantDeleted)
					}
					cp := m.get(res.Conflicts[0])
					if cp.Type != tc.wantCopy || cp.Deleted() {
						t.Errorf("%s: conflict note = type %s deleted %v, want a live %s note", m.id, cp.Type, cp.Deleted(), tc.wantCopy)
					}
					for _, word := range []string{"kestrel", tc.otherText} {
						if word == "" {
							continue
						}
						if ids := m.searchIDs(word); len(ids) != 1 {
							t.Errorf("%s: search %q = %v, want the one live version holding it", m.id, word, ids)
						}
					}
					// The index holds the note once, as the file says.
					if _, err := os.Stat(filepath.Join(m.home, "memory", string(tc.wantType), n.ID+".md")); err != nil {
						t.Error(err)
					}
				}
			})
		}
	}
}

// merge-tree pairs a note removed on one side with a similar note added there as a rename, and
// would apply the other side's edit of the first to the second. Notes are never paired: the new
// note stays as its machine wrote it, and the edit stays with its own note (removed there,
// changed here: the change is kept).
func TestRenameDetectionNeverPairsTwoNotes(t *testing.T) {
	remote := bareRemote(t)
	a, b := newMachine(t, "a", remote), newMachine(t, "b", remote)
	long := strings.Repeat("a line about herons and their roosts along the river bank\n", 30)
	x := a.write("heron roost", long)
	a.sync()
	b.sync()
	// b removes x's file by hand and writes a near copy of it as a new note.
	if err := os.Remove(b.notePath(x)); err != nil {
		t.Fatal(err)
	}
	y := b.write("heron roost", long+"one more line\n")
	yBefore, err := os.ReadFile(b.notePath(y))
	if err != nil {
		t.Fatal(err)
	}
	b.sync()
	a.edit(x.ID, "plover edit on a\n"+long, "") // lines apart from b's, so git merges them quietly
	a.sync()
	b.sync()
	sameFiles(t, a, b)
	for _, m := range []*machine{a, b} {
		if got, err := os.ReadFile(m.notePath(y)); err != nil || string(got) != string(yBefore) {
			t.Errorf("%s: the new note was changed by the merge (err %v):\n%s", m.id, err, got)
		}
		if got := m.get(x.ID); !strings.Contains(got.Body, "plover edit on a") {
			t.Errorf("%s: the edit left its note: %+v", m.id, got)
		}
		for p := range m.files() {
			if strings.Contains(p, ".conflict-") {
				t.Errorf("%s: side file %s", m.id, p)
			}
		}
	}
}
