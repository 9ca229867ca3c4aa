package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// initEnv is an isolated machine: a temporary HOME with Claude Code's files in it, and the
// binaries at fixed paths. claude is not on PATH, so init edits .claude.json itself; the real
// claude command is exercised by the integration tests.
type initEnv struct {
	home, settings, global string
}

func newInitEnv(t *testing.T) *initEnv {
	t.Helper()
	home := t.TempDir()
	t.Setenv("HOME", home)
	for _, k := range []string{"ANAMNESIS_HOME", "ANAMNESIS_MACHINE_ID", "ANAMNESIS_GIT_REMOTE", "CLAUDE_CONFIG_DIR"} {
		t.Setenv(k, "")
	}
	e := &initEnv{home: home, settings: filepath.Join(home, ".claude", "settings.json"), global: filepath.Join(home, ".claude.json")}
	old := discover
	discover = func() (wiring, error) {
		return wiring{Anamnesis: "/opt/anamnesis/bin/anamnesis", MCPD: "/opt/anamnesis/bin/anamnesis-mcpd",
			Settings: e.settings, GlobalConfig: e.global}, nil
	}
	t.Cleanup(func() { discover = old })
	return e
}

func (e *initEnv) run(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Main(args, strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), code
}

func (e *initEnv) write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// referenceSettings is what the Python reference's init leaves in settings.json, next to a user's
// own hooks.
const referenceSettings = `{
  "model": "opus",
  "hooks": {
    "SessionStart": [
      {"matcher": "startup|resume|clear", "hooks": [{"type": "command", "command": "ANAMNESIS_MACHINE_ID=lap /home/u/.local/bin/anamnesis inject", "timeout": 15}]},
      {"matcher": "startup|resume", "hooks": [{"type": "command", "command": "ANAMNESIS_MACHINE_ID=lap /home/u/.local/bin/anamnesis sync", "async": true}]},
      {"hooks": [{"type": "command", "command": "echo started >> /tmp/log"}]}
    ],
    "SessionEnd": [{"hooks": [{"type": "command", "command": "ANAMNESIS_MACHINE_ID=lap uv run --project /src/anamnesis anamnesis capture", "timeout": 180}]}],
    "PreCompact": [{"hooks": [{"type": "command", "command": "ANAMNESIS_MACHINE_ID=lap anamnesis capture --source precompact --no-sync", "timeout": 60}]}],
    "PostToolUse": [{"matcher": "Write|Edit", "hooks": [{"type": "command", "command": "prettier --write \"$FILE\""}]}]
  },
  "permissions": {"allow": ["Bash(go test:*)"]},
  "unknownFutureKey": {"nested": [1, 2.5, "x"]}
}
`

func TestInitIdempotentAgainstRealSettings(t *testing.T) {
	tests := []struct {
		name     string
		settings string // "" = no file
		keep     []string
	}{
		{"no settings file", "", nil},
		{"empty file", "\n", nil},
		{"reference hooks and unrelated ones", referenceSettings,
			[]string{"echo started >> /tmp/log", `prettier --write \"$FILE\"`, `"model": "opus"`, `"Bash(go test:*)"`, `"unknownFutureKey"`, `2.5`}},
		{"our older install at another path", `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "/usr/local/bin/anamnesis hook stop", "timeout": 60}]}], "UserPromptSubmit": [{"hooks": [{"type": "command", "command": "/usr/local/bin/anamnesis hook prompt"}, {"type": "command", "command": "say hi"}]}]}}`,
			[]string{"say hi"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newInitEnv(t)
			if tt.settings != "" {
				e.write(t, e.settings, tt.settings)
			}
			e.write(t, e.global, `{"numStartups": 3, "projects": {"/src/x": {"mcpServers": {}}}}`)
			if _, errs, code := e.run(t, "init", "--yes", "--machine-id", "lap"); code != 0 {
				t.Fatalf("init: exit %d: %s", code, errs)
			}
			first := read(t, e.settings)
			firstGlobal := read(t, e.global)
			for _, k := range tt.keep {
				if !strings.Contains(first, k) {
					t.Errorf("settings lost %s:\n%s", k, first)
				}
			}
			for _, marker := range []string{"ANAMNESIS_", "anamnesis inject", "anamnesis sync", "anamnesis capture", "/usr/local/bin/anamnesis"} {
				if strings.Contains(first, marker) {
					t.Errorf("settings still hold an old hook (%s):\n%s", marker, first)
				}
			}
			checkOurHooks(t, first)
			if !strings.Contains(firstGlobal, `"numStartups": 3`) || !strings.Contains(firstGlobal, `"/opt/anamnesis/bin/anamnesis-mcpd"`) {
				t.Errorf(".claude.json:\n%s", firstGlobal)
			}
			if tt.settings != "" && read(t, e.settings+".bak") != tt.settings {
				t.Error("settings.json.bak does not hold the original file")
			}

			out, errs, code := e.run(t, "init", "--yes", "--machine-id", "lap")
			if code != 0 {
				t.Fatalf("second init: exit %d: %s", code, errs)
			}
			if read(t, e.settings) != first || read(t, e.global) != firstGlobal {
				t.Fatal("a second init changed the files")
			}
			if strings.Count(out, "up to date") != 3 {
				t.Errorf("second init should report config, MCP and hooks up to date:\n%s", out)
			}
			if tt.settings != "" && read(t, e.settings+".bak") != tt.settings {
				t.Error("the second init replaced the first backup")
			}
		})
	}
}

// checkOurHooks asserts exactly one handler of ours per event with the wanted matcher and timeout.
func checkOurHooks(t *testing.T, settings string) {
	t.Helper()
	checkHooksRun(t, settings, "/opt/anamnesis/bin/anamnesis")
}

// checkHooksRun checks that each Claude Code event has exactly one handler of ours, running bin.
func checkHooksRun(t *testing.T, settings, bin string) {
	t.Helper()
	var doc struct {
		Hooks map[string][]struct {
			Matcher string `json:"matcher"`
			Hooks   []struct {
				Command string `json:"command"`
				Timeout int    `json:"timeout"`
			} `json:"hooks"`
		} `json:"hooks"`
	}
	if err := json.Unmarshal([]byte(settings), &doc); err != nil {
		t.Fatal(err)
	}
	want := map[string]struct {
		matcher, sub string
		timeout      int
	}{
		"SessionStart":     {"startup|resume|clear|compact", "session-start", 5},
		"UserPromptSubmit": {"", "prompt", 2},
		"PreCompact":       {"", "pre-compact", 5},
		"SessionEnd":       {"", "session-end", 5},
		"Stop":             {"", "stop", 5},
	}
	for event, w := range want {
		n := 0
		for _, g := range doc.Hooks[event] {
			for _, h := range g.Hooks {
				if strings.Contains(h.Command, "/opt/anamnesis/bin/anamnesis") {
					n++
					if h.Command != bin+" hook "+w.sub || h.Timeout != w.timeout || g.Matcher != w.matcher {
						t.Errorf("%s: matcher %q command %q timeout %d", event, g.Matcher, h.Command, h.Timeout)
					}
				}
			}
		}
		if n != 1 {
			t.Errorf("%s has %d handlers of ours, want 1", event, n)
		}
	}
}

func TestInitAbortsOnBadJSON(t *testing.T) {
	for _, bad := range []string{`{"hooks": {`, `[1, 2]`, `{"hooks": []}`, "// comment\n{}"} {
		t.Run(bad, func(t *testing.T) {
			e := newInitEnv(t)
			e.write(t, e.settings, bad)
			_, errs, code := e.run(t, "init", "--yes")
			if code != 1 || !strings.Contains(errs, e.settings) || !strings.Contains(errs, "run again") {
				t.Fatalf("exit %d, stderr %q", code, errs)
			}
			if read(t, e.settings) != bad {
				t.Fatal("the bad settings file was changed")
			}
			for _, p := range []string{e.settings + ".bak", e.global, filepath.Join(e.home, ".anamnesis")} {
				if _, err := os.Stat(p); err == nil {
					t.Errorf("%s was created", p)
				}
			}
		})
	}
	t.Run("bad .claude.json without claude", func(t *testing.T) {
		e := newInitEnv(t)
		e.write(t, e.global, "{oops")
		if _, _, code := e.run(t, "init", "--yes"); code != 1 {
			t.Fatalf("exit %d", code)
		}
		if _, err := os.Stat(e.settings); err == nil {
			t.Fatal("settings.json written although init aborted")
		}
	})
}

func TestInitPrintWritesNothing(t *testing.T) {
	e := newInitEnv(t)
	e.write(t, e.settings, referenceSettings)
	out, errs, code := e.run(t, "init", "--print", "--remote", "git@example.com:me/notes.git")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"nothing written", "will create", "git@example.com:me/notes.git", "hook session-start", "timeout 5s"} {
		if !strings.Contains(out, want) {
			t.Errorf("plan lacks %q:\n%s", want, out)
		}
	}
	if read(t, e.settings) != referenceSettings {
		t.Fatal("--print changed settings.json")
	}
	entries, _ := os.ReadDir(e.home)
	if len(entries) != 1 { // only .claude
		t.Fatalf("--print created files: %v", entries)
	}
	out, _, _ = e.run(t, "init", "--print", "--json")
	var plan initPlan
	if err := json.Unmarshal([]byte(out), &plan); err != nil || plan.Written || !plan.Hooks.Changed || plan.MCP.Method != "file" {
		t.Fatalf("--json plan %+v, %v", plan, err)
	}
}

func TestInitRemoteLaterAndHome(t *testing.T) {
	e := newInitEnv(t)
	cfg := func(home string) map[string]any {
		m := map[string]any{}
		json.Unmarshal([]byte(read(t, filepath.Join(home, "config.json"))), &m)
		return m
	}
	def := filepath.Join(e.home, ".anamnesis")
	steps := []struct {
		args   []string
		remote any
	}{
		{[]string{"--local-only"}, nil},
		{[]string{"--remote", "https://git.example.com/a.git"}, "https://git.example.com/a.git"},
		{nil, "https://git.example.com/a.git"}, // kept when not given
		{[]string{"--remote", "git@example.com:b.git"}, "git@example.com:b.git"},
		{[]string{"--local-only"}, nil},
	}
	for i, s := range steps {
		if _, errs, code := e.run(t, append([]string{"init", "--yes", "--machine-id", "m1"}, s.args...)...); code != 0 {
			t.Fatalf("step %d: %s", i, errs)
		}
		if got := cfg(def)["remote"]; got != s.remote {
			t.Fatalf("step %d: remote %v, want %v", i, got, s.remote)
		}
	}
	if _, _, code := e.run(t, "init", "--remote", "x", "--local-only"); code != 2 {
		t.Fatalf("contradictory flags: exit %d", code)
	}

	// A store elsewhere: hooks and the MCP entry name it explicitly.
	other := filepath.Join(e.home, "my notes")
	if _, errs, code := e.run(t, "--home", other, "init", "--yes"); code != 0 {
		t.Fatal(errs)
	}
	if s := read(t, e.settings); !strings.Contains(s, `/opt/anamnesis/bin/anamnesis --home '`+other+`' hook prompt`) {
		t.Fatalf("hooks do not name the store:\n%s", s)
	}
	if g := read(t, e.global); !strings.Contains(g, `"ANAMNESIS_HOME": "`+other+`"`) {
		t.Fatalf(".claude.json:\n%s", g)
	}
	if strings.Count(read(t, e.settings), "hook prompt") != 1 {
		t.Fatal("re-init with another store duplicated a hook")
	}
}

func TestUninstallRoundTrip(t *testing.T) {
	e := newInitEnv(t)
	user := `{
  "model": "opus",
  "hooks": {
    "Stop": [
      {
        "hooks": [
          {
            "type": "command",
            "command": "notify-send done"
          }
        ]
      }
    ]
  }
}
`
	global := "{\n  \"numStartups\": 3\n}\n"
	e.write(t, e.settings, user)
	e.write(t, e.global, global)
	if _, errs, code := e.run(t, "init", "--yes"); code != 0 {
		t.Fatal(errs)
	}
	out, errs, code := e.run(t, "uninstall", "--print")
	if code != 0 || !strings.Contains(out, "would remove 5") || read(t, e.settings) == user {
		t.Fatalf("uninstall --print: %d %s %s", code, out, errs)
	}
	if out, errs, code = e.run(t, "uninstall"); code != 0 {
		t.Fatalf("uninstall: %s", errs)
	}
	if got := read(t, e.settings); got != user {
		t.Fatalf("settings after uninstall:\n%s\nwant\n%s", got, user)
	}
	if got := read(t, e.global); got != global {
		t.Fatalf(".claude.json after uninstall:\n%s", got)
	}
	store := filepath.Join(e.home, ".anamnesis")
	if _, err := os.Stat(filepath.Join(store, "index.db")); err != nil {
		t.Fatal("uninstall without --purge removed the store")
	}
	if !strings.Contains(out, "kept") {
		t.Errorf("output: %s", out)
	}
	// Nothing left: a second uninstall changes nothing.
	if out, _, _ = e.run(t, "uninstall"); !strings.Contains(out, "removed 0") || read(t, e.settings) != user {
		t.Fatalf("second uninstall: %s", out)
	}
	// Not at a terminal, --purge without --yes deletes nothing.
	if _, errs, code = e.run(t, "uninstall", "--purge"); code != 2 || !strings.Contains(errs, "--yes") {
		t.Fatalf("--purge without --yes and no terminal: exit %d, %s", code, errs)
	}
	if _, err := os.Stat(filepath.Join(store, "index.db")); err != nil {
		t.Fatal("--purge without --yes deleted the store")
	}
	if _, errs, code = e.run(t, "uninstall", "--purge", "--yes"); code != 0 {
		t.Fatal(errs)
	}
	if _, err := os.Stat(store); !os.IsNotExist(err) {
		t.Fatal("--purge kept the store")
	}
	// --purge refuses a directory that is not a store.
	notStore := t.TempDir()
	os.WriteFile(filepath.Join(notStore, "thesis.tex"), []byte("x"), 0o644)
	os.WriteFile(filepath.Join(notStore, "config.json"), []byte("{}"), 0o644) // another program's
	if _, errs, code = e.run(t, "--home", notStore, "uninstall", "--purge", "--yes"); code != 1 || !strings.Contains(errs, "does not look like") {
		t.Fatalf("purge of a non-store: %d %s", code, errs)
	}
}

func TestImportCommand(t *testing.T) {
	e := newInitEnv(t)
	claude := filepath.Join(e.home, ".claude")
	e.write(t, filepath.Join(claude, "projects", "-src-app", "memory", "MEMORY.md"), "- [x](feedback_x.md)\n")
	e.write(t, filepath.Join(claude, "projects", "-src-app", "memory", "feedback_x.md"),
		"---\nname: x\ndescription: Use tabs in Makefiles\nmetadata:\n  type: feedback\n---\nTabs, never spaces.\n")
	out, errs, code := e.run(t, "import")
	if code != 0 || out != "import: imported=1 updated=0 skipped=0 (from "+claude+")\n" {
		t.Fatalf("import: %d %q %s", code, out, errs)
	}
	out, _, _ = e.run(t, "import", "--claude-home", claude, "--json")
	var rep struct{ Imported, Skipped int }
	if err := json.Unmarshal([]byte(out), &rep); err != nil || rep.Imported != 0 || rep.Skipped != 1 {
		t.Fatalf("re-import: %s", out)
	}
	out, _, _ = e.run(t, "search", "tabs", "--json")
	if !strings.Contains(out, "Use tabs in Makefiles") || !strings.Contains(out, `"kind:feedback"`) || !strings.Contains(out, `"procedural"`) {
		t.Fatalf("search after import: %s", out)
	}
}

func TestInitReplacesReferenceMCPEntry(t *testing.T) {
	e := newInitEnv(t)
	e.write(t, e.global, `{"mcpServers": {"other": {"command": "x"}, "anamnesis": {"type": "stdio", "command": "uv", "args": ["run", "--project", "/src/anamnesis", "anamnesis", "serve"], "env": {"ANAMNESIS_MACHINE_ID": "lap"}}}}`)
	if _, errs, code := e.run(t, "init", "--yes"); code != 0 {
		t.Fatal(errs)
	}
	var doc struct {
		MCPServers map[string]struct {
			Type, Command string
			Args          []string
			Env           map[string]string
		} `json:"mcpServers"`
	}
	if err := json.Unmarshal([]byte(read(t, e.global)), &doc); err != nil {
		t.Fatal(err)
	}
	got := doc.MCPServers["anamnesis"]
	if got.Type != "stdio" || got.Command != "/opt/anamnesis/bin/anamnesis-mcpd" || !slices.Equal(got.Args, []string{"serve", "--agent", "claude"}) ||
		len(got.Env) != 1 || got.Env["ANAMNESIS_HOME"] != filepath.Join(e.home, ".anamnesis") {
		t.Fatalf("anamnesis entry: %+v", got)
	}
	if doc.MCPServers["other"].Command != "x" {
		t.Fatal("another server's entry was lost")
	}
}

func TestAsk(t *testing.T) {
	tests := []struct{ input, want string }{{"\n", "def"}, {"", "def"}, {"  lap \n", "lap"}}
	for _, tt := range tests {
		var out bytes.Buffer
		if got := ask(&out, bufio.NewReader(strings.NewReader(tt.input)), "Machine id", "def"); got != tt.want {
			t.Errorf("ask(%q) = %q, want %q", tt.input, got, tt.want)
		}
		if out.String() != "Machine id [def]: " {
			t.Errorf("prompt %q", out.String())
		}
	}
}

// /dev/null is a character device but not a terminal: init run with it as stdin (from a script,
// from make) takes the defaults instead of printing questions nobody answers.
func TestInitDevNullIsNotATerminal(t *testing.T) {
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	if isTerminal(null) || isTerminal(strings.NewReader("")) {
		t.Fatal("isTerminal is true for /dev/null or a reader")
	}
	e := newInitEnv(t)
	var out, errb bytes.Buffer
	if code := Main([]string{"init", "--machine-id", "lap"}, null, &out, &errb); code != 0 {
		t.Fatalf("init: exit %d: %s", code, errb.String())
	}
	if strings.Contains(out.String(), "[none]:") || !strings.Contains(out.String(), "init: done") {
		t.Fatalf("init asked with /dev/null as stdin:\n%s", out.String())
	}
	if !strings.Contains(read(t, e.settings), "hook session-start") {
		t.Fatal("init did not register the hooks")
	}
}

// TestInitWiresTheFrontDoor: with anamnesis-hook installed beside anamnesis, the hooks run it; an
// install that ran anamnesis itself is replaced by one run, and uninstall removes every handler.
func TestInitWiresTheFrontDoor(t *testing.T) {
	e := newInitEnv(t)
	discover = func() (wiring, error) {
		return wiring{Anamnesis: "/opt/anamnesis/bin/anamnesis", Hook: "/opt/anamnesis/bin/anamnesis-hook",
			MCPD: "/opt/anamnesis/bin/anamnesis-mcpd", Settings: e.settings, GlobalConfig: e.global}, nil
	}
	e.write(t, e.settings, `{"hooks": {"UserPromptSubmit": [{"hooks": [{"type": "command", "command": "/opt/anamnesis/bin/anamnesis hook prompt", "timeout": 2}]}]}}`)
	if _, errs, code := e.run(t, "init", "--yes"); code != 0 {
		t.Fatalf("init: %s", errs)
	}
	checkHooksRun(t, read(t, e.settings), "/opt/anamnesis/bin/anamnesis-hook")
	if _, errs, code := e.run(t, "uninstall", "--yes"); code != 0 {
		t.Fatalf("uninstall: %s", errs)
	}
	if got := read(t, e.settings); strings.Contains(got, "anamnesis") {
		t.Fatalf("settings after uninstall still run anamnesis:\n%s", got)
	}

	// The other agents' hooks go through the front door too.
	t.Setenv("CODEX_HOME", "")
	if _, errs, code := e.run(t, "init", "--yes", "--agent", "codex"); code != 0 {
		t.Fatalf("init --agent codex: %s", errs)
	}
	codex := read(t, filepath.Join(e.home, ".codex", "hooks.json"))
	for _, want := range []string{"/opt/anamnesis/bin/anamnesis-hook hook prompt", "/opt/anamnesis/bin/anamnesis-hook hook --agent codex session-end"} {
		if !strings.Contains(codex, want) {
			t.Errorf("codex hooks.json lacks %q:\n%s", want, codex)
		}
	}
}

func TestBesideSelf(t *testing.T) {
	dir, other := t.TempDir(), t.TempDir()
	self := filepath.Join(dir, "anamnesis")
	for _, p := range []string{self, filepath.Join(other, HookName)} {
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", other)
	if got := besideSelf(self, HookName); got != "" {
		t.Fatalf("a front door found only on PATH was taken: %q", got)
	}
	if err := os.WriteFile(filepath.Join(dir, HookName), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if got := besideSelf(self, HookName); got != filepath.Join(dir, HookName) {
		t.Fatalf("besideSelf = %q, want the one beside anamnesis", got)
	}
}
