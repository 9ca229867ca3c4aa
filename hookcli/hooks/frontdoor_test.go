package hooks

import (
	"context"
	"os"
	"testing"

	"github.com/anamnesis-go/anamnesis/core/note"
	"github.com/anamnesis-go/anamnesis/core/store"
)

// TestUserFrontDoor runs "anamnesis ARGS" as a user or a script does: every command answers
// exactly as anamnesis-cli does (output, errors, exit status), whether the front door hands it over
// or the resident server runs it; a search starts the server, and once it runs, searches are
// answered even when anamnesis-cli itself could not have run.
func TestUserFrontDoor(t *testing.T) {
	root, st := newHome(t)
	stopServer(t, root)
	ctx := context.Background()
	st.Write(ctx, store.WriteInput{Type: note.Procedural, Title: "Rotate the signing keys with make rotate-keys", Body: "Runs quarterly; the old key stays valid for a week.", Project: "global"})
	st.Write(ctx, store.WriteInput{Type: note.Semantic, Title: "Signing happens in CI", Body: "The release job signs artefacts.", Project: "tools", Tags: []string{"ci"}})

	cases := []struct {
		name   string
		args   []string
		search bool // a command the server runs
	}{
		{name: "search --json", args: []string{"search", "--json", "signing keys"}, search: true},
		{name: "search, text", args: []string{"search", "signing", "--k", "1"}, search: true},
		{name: "search --explain", args: []string{"search", "--explain", "rotate keys"}, search: true},
		{name: "search with --home", args: []string{"--home", root, "search", "--project", "tools", "signing"}, search: true},
		{name: "search, no match", args: []string{"search", "--json", "zeppelin"}, search: true},
		{name: "search without a query", args: []string{"search"}, search: true},
		{name: "search with a bad flag", args: []string{"search", "--k", "zero", "signing"}, search: true},
		{name: "search --help", args: []string{"search", "--help"}, search: true},
		{name: "list", args: []string{"list", "--json"}},
		{name: "show of an unknown id", args: []string{"show", "01J9Z8YPM7Q3X2V4WT6B5N0KGD"}},
		{name: "unknown command", args: []string{"frobnicate"}},
		{name: "version", args: []string{"version"}},
	}
	direct := map[string]hookRun{}
	for _, c := range cases {
		direct[c.name] = runProcess(t, binary, root, c.args, "")
	}
	same := func(t *testing.T, name string, got hookRun) {
		t.Helper()
		if want := direct[name]; got != want {
			t.Fatalf("anamnesis %s:\n got exit %d, stdout %q, stderr %q\nwant exit %d, stdout %q, stderr %q",
				name, got.code, got.stdout, got.stderr, want.code, want.stdout, want.stderr)
		}
	}
	if direct["search --json"].code != 0 || direct["search without a query"].code != 2 || direct["show of an unknown id"].code == 0 {
		t.Fatalf("the cases do not exercise what they are meant to: %+v", direct)
	}

	// No server yet: each command is handed to anamnesis-cli; the first search starts a server.
	for _, c := range cases {
		t.Run("handed over/"+c.name, func(t *testing.T) { same(t, c.name, runProcess(t, userDoor, root, c.args, "")) })
	}
	sock := serverSocket(t, root)
	waitFor(t, func() bool { return exists(sock) }, "the server a search starts")

	// With anamnesis-cli unrunnable (its size and time, which name the server, unchanged), only
	// the server can answer a search.
	if err := os.Chmod(binary, 0o600); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(binary, 0o755) })
	for _, c := range cases {
		if c.search {
			t.Run("served/"+c.name, func(t *testing.T) { same(t, c.name, runProcess(t, userDoor, root, c.args, "")) })
		}
	}
	if err := os.Chmod(binary, 0o755); err != nil {
		t.Fatal(err)
	}

	// A note written meanwhile is found by the server's next search.
	st.Write(ctx, store.WriteInput{Type: note.Semantic, Title: "Zeppelin hangar key lives in the vault", Body: "Ask ops.", Project: "global"})
	got := runProcess(t, userDoor, root, []string{"search", "--json", "zeppelin"}, "")
	if want := runProcess(t, binary, root, []string{"search", "--json", "zeppelin"}, ""); got != want || got.code != 0 {
		t.Fatalf("after a write: got %+v, want %+v", got, want)
	}
}
