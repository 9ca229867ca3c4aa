package claudeconf

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestParseMarshalKeepsOrderAndValues(t *testing.T) {
	in := "{\n  \"zeta\": 1,\n  \"alpha\": {\n    \"b\": [\n      1.50,\n      true,\n      null,\n      \"<a & b>\"\n    ],\n    \"a\": {}\n  },\n  \"mid\": \"ünï\",\n  \"big\": 12345678901234567890,\n  \"empty\": []\n}\n"
	o, err := ParseObject([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(Marshal(o)); got != in {
		t.Fatalf("round trip changed the file:\n%s\nwant\n%s", got, in)
	}
	if !slices.Equal(o.Keys(), []string{"zeta", "alpha", "mid", "big", "empty"}) {
		t.Fatalf("keys %v", o.Keys())
	}
}

func TestParseObjectRejects(t *testing.T) {
	for _, in := range []string{"[1,2]", "{", `{"a":1} {"b":2}`, `"x"`, "{'a':1}", "{\"a\":1,}"} {
		if _, err := ParseObject([]byte(in)); err == nil {
			t.Errorf("ParseObject(%q) accepted it", in)
		}
	}
	for _, in := range []string{"", "  \n", "{}"} {
		o, err := ParseObject([]byte(in))
		if err != nil || o.Len() != 0 {
			t.Errorf("ParseObject(%q) = %v, %v; want an empty object", in, o, err)
		}
	}
}

func TestCommandRecognition(t *testing.T) {
	tests := []struct {
		cmd        string
		own, pyRef bool
	}{
		{"/usr/local/bin/anamnesis hook session-start", true, false},
		{"'/home/u/My Tools/anamnesis' --home '/home/u/mem' hook prompt", true, false},
		{"anamnesis hook stop", true, false},
		{"FOO=1 /x/anamnesis hook stop", true, false},
		{"ANAMNESIS_MACHINE_ID=lap anamnesis inject", false, true},
		{"ANAMNESIS_MACHINE_ID=lap ANAMNESIS_HOME=/m uv run --project /src/anamnesis anamnesis capture", false, true},
		{"anamnesis sync", false, true},
		{"anamnesis capture --source precompact --no-sync", false, true},
		{"/x/anamnesis --home=/m hook stop", true, false},
		{"/x/anamnesis-hook hook prompt", true, false},
		{"'/x y/anamnesis-hook.exe' --home /m hook stop", true, false},
		{"/x/anamnesis-hook search hook", false, false},
		{"/x/anamnesis search hook", false, false},
		{"/x/anamnesis status", false, false},
		{"echo anamnesis hook", false, false},
		{"/x/anamnesis-mcpd hook", false, false},
		{"prettier --write", false, false},
	}
	for _, tt := range tests {
		if got := IsOwnCommand(tt.cmd); got != tt.own {
			t.Errorf("IsOwnCommand(%q) = %v", tt.cmd, got)
		}
		if got := IsReferenceCommand(tt.cmd); got != tt.pyRef {
			t.Errorf("IsReferenceCommand(%q) = %v", tt.cmd, got)
		}
	}
}

func TestShellQuoteRoundTrip(t *testing.T) {
	for _, s := range []string{"/usr/bin/anamnesis", "/home/u/My Tools/x", "it's", `a"b\c$d`, ""} {
		if got := ShellFields(ShellQuote(s) + " hook"); len(got) != 2 || got[0] != s {
			t.Errorf("ShellFields(ShellQuote(%q)) = %q", s, got)
		}
	}
}

func TestMergeHooksRejectsWrongShapes(t *testing.T) {
	for _, in := range []string{`{"hooks": []}`, `{"hooks": "x"}`, `{"hooks": {"Stop": {}}}`} {
		o, err := ParseObject([]byte(in))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := MergeHooks(o, ourHooks("/x/anamnesis")); err == nil {
			t.Errorf("MergeHooks(%s) accepted it", in)
		}
	}
}

func TestMergeAndRemove(t *testing.T) {
	in := `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "notify-send done"}, {"type": "command", "command": "/old/anamnesis hook stop", "timeout": 60}]}]}}`
	o, _ := ParseObject([]byte(in))
	want := ourHooks("/new/anamnesis")
	if changed, err := MergeHooks(o, want); err != nil || !changed {
		t.Fatalf("MergeHooks = %v, %v", changed, err)
	}
	out := string(Marshal(o))
	if strings.Contains(out, "/old/anamnesis") || strings.Count(out, "/new/anamnesis hook") != 5 || !strings.Contains(out, "notify-send done") {
		t.Fatalf("merged:\n%s", out)
	}
	if changed, _ := MergeHooks(o, want); changed {
		t.Fatal("a second merge changed the settings")
	}
	n, err := RemoveHooks(o)
	if err != nil || n != 5 {
		t.Fatalf("RemoveHooks = %d, %v", n, err)
	}
	if got := string(Marshal(o)); strings.Contains(got, "anamnesis") || !strings.Contains(got, "notify-send done") {
		t.Fatalf("after remove:\n%s", got)
	}
}

func TestFileBackupKeepsFirst(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "settings.json")
	os.WriteFile(p, []byte(`{"a": 1}`), 0o644)
	for i, v := range []string{"2", "3"} {
		f, err := Load(p)
		if err != nil {
			t.Fatal(err)
		}
		f.Doc.Set("a", v)
		if err := f.Save(); err != nil {
			t.Fatal(err)
		}
		bak, _ := os.ReadFile(p + ".bak")
		if string(bak) != `{"a": 1}` {
			t.Fatalf("save %d: backup holds %q", i, bak)
		}
	}
	info, _ := os.Stat(p)
	if info.Mode().Perm() != 0o644 {
		t.Fatalf("mode changed to %v", info.Mode().Perm())
	}
	os.WriteFile(p, []byte("{nope"), 0o644)
	if _, err := Load(p); err == nil || !strings.Contains(err.Error(), "not a valid JSON object") {
		t.Fatalf("Load of bad JSON: %v", err)
	}
}

// ourHooks is a set of handlers shaped like those init registers (package hooks owns the real
// list; it imports this package, so this test cannot import it).
func ourHooks(bin string) []Hook {
	return []Hook{
		{Event: "SessionStart", Matcher: "startup|resume|clear|compact", Command: bin + " hook session-start", Timeout: 5},
		{Event: "UserPromptSubmit", Command: bin + " hook prompt", Timeout: 2},
		{Event: "PreCompact", Command: bin + " hook pre-compact", Timeout: 5},
		{Event: "SessionEnd", Command: bin + " hook session-end", Timeout: 5},
		{Event: "Stop", Command: bin + " hook stop", Timeout: 5},
	}
}
