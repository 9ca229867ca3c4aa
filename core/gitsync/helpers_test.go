package gitsync

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// TestMain isolates git from the developer's configuration, as a fresh user machine would be.
func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeSSHEnv); mode != "" && len(os.Args) > 1 && !strings.HasPrefix(os.Args[1], "-test.") {
		os.Exit(fakeSSH(mode, os.Args[1:]))
	}
	dir, err := os.MkdirTemp("", "gitsync-gitconfig")
	if err != nil {
		panic(err)
	}
	os.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	os.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(dir, "gitconfig"))
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// machine is one user machine: its own store home and machine id, sharing a remote with others.
type machine struct {
	tb     testing.TB
	id     string
	home   string
	remote string
	st     *store.Store
}

func newMachine(tb testing.TB, id, remote string) *machine {
	tb.Helper()
	m := &machine{tb: tb, id: id, home: filepath.Join(tb.TempDir(), id), remote: remote}
	st, err := store.Open(context.Background(), m.home, store.Options{MachineID: id})
	if err != nil {
		tb.Fatalf("open store %s: %v", id, err)
	}
	tb.Cleanup(func() { st.Close() })
	m.st = st
	return m
}

// bareRemote makes an empty bare repository, the way a user would on their server.
func bareRemote(tb testing.TB) string {
	tb.Helper()
	dir := filepath.Join(tb.TempDir(), "remote.git")
	if out, err := exec.Command("git", "init", "-q", "--bare", "-b", "main", dir).CombinedOutput(); err != nil {
		tb.Fatalf("git init --bare: %v\n%s", err, out)
	}
	return dir
}

func (m *machine) sync() Result {
	m.tb.Helper()
	res, err := Sync(context.Background(), m.st, Options{Remote: m.remote, MachineID: m.id})
	if err != nil {
		m.tb.Fatalf("sync on %s: %v", m.id, err)
	}
	return res
}

func (m *machine) write(title, body string) *note.Note {
	m.tb.Helper()
	return m.writeScope(title, body, note.Portable)
}

func (m *machine) writeScope(title, body string, sc note.Scope) *note.Note {
	m.tb.Helper()
	n, err := m.st.Write(context.Background(), store.WriteInput{Type: note.Semantic, Title: title, Body: body, Scope: sc})
	if err != nil {
		m.tb.Fatalf("write on %s: %v", m.id, err)
	}
	return n
}

// edit replaces a note's body, stamping updated_at (given, or now).
func (m *machine) edit(id, body, updatedAt string) *note.Note {
	m.tb.Helper()
	n, err := m.st.Get(context.Background(), id)
	if err != nil {
		m.tb.Fatalf("get %s on %s: %v", id, m.id, err)
	}
	n.Body = body
	n.MachineID = m.id
	n.UpdatedAt = updatedAt
	if n.UpdatedAt == "" {
		n.UpdatedAt = note.Now()
	}
	if err := m.st.Put(context.Background(), n); err != nil {
		m.tb.Fatalf("put %s on %s: %v", id, m.id, err)
	}
	return n
}

func (m *machine) get(id string) *note.Note {
	m.tb.Helper()
	n, err := m.st.Get(context.Background(), id)
	if err != nil {
		m.tb.Fatalf("get %s on %s: %v", id, m.id, err)
	}
	return n
}

// searchIDs is what search finds on this machine.
func (m *machine) searchIDs(q string) []string {
	m.tb.Helper()
	r, err := m.st.Search(context.Background(), store.SearchOptions{Query: q, K: store.MaxK})
	if err != nil {
		m.tb.Fatalf("search on %s: %v", m.id, err)
	}
	var ids []string
	for _, h := range r.Hits {
		ids = append(ids, h.ID)
	}
	sort.Strings(ids)
	return ids
}

// files maps every file of the portable tree (outside .git) to a hash of its content.
func (m *machine) files() map[string]string {
	m.tb.Helper()
	root := filepath.Join(m.home, store.PortableDir)
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == ".git" {
				return filepath.SkipDir
			}
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		sum := sha256.Sum256(b)
		out[filepath.ToSlash(rel)] = hex.EncodeToString(sum[:8])
		return nil
	})
	if err != nil {
		m.tb.Fatalf("walk %s: %v", root, err)
	}
	return out
}

// gitOut runs git in dir (a working tree or a bare repository) for assertions.
func gitOut(tb testing.TB, dir string, args ...string) string {
	tb.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		tb.Fatalf("git %s in %s: %v\n%s", strings.Join(args, " "), dir, err, out)
	}
	return strings.TrimSpace(string(out))
}

func sameFiles(tb testing.TB, ms ...*machine) map[string]string {
	tb.Helper()
	want := ms[0].files()
	for _, m := range ms[1:] {
		got := m.files()
		if len(got) != len(want) {
			tb.Fatalf("%s has %d files, %s has %d", ms[0].id, len(want), m.id, len(got))
		}
		for p, h := range want {
			if got[p] != h {
				tb.Fatalf("%s differs between %s and %s", p, ms[0].id, m.id)
			}
		}
	}
	return want
}
