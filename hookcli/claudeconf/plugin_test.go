package claudeconf

import (
	"os"
	"path/filepath"
	"testing"
)

func TestOwnHookInstalled(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	initFile := write("init.json", `{"hooks":{"SessionStart":[{"matcher":"startup","hooks":[{"type":"command","command":"/home/u/.local/bin/anamnesis --home '/x y' hook session-start","timeout":5}]}]}}`)
	reference := write("reference.json", `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"ANAMNESIS_HOME=/x uv run anamnesis capture"}]}]}}`)
	plugin := write("plugin.json", `{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"\"${CLAUDE_PLUGIN_ROOT}/scripts/anamnesis-shim\" anamnesis hook --plugin session-start"}]}]}}`)
	other := write("other.json", `{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"echo anamnesis hook"}]}]}}`)
	broken := write("broken.json", `{"hooks": [`)
	tests := []struct {
		name  string
		files []string
		event string
		want  bool
	}{
		{"init's handler", []string{initFile}, "SessionStart", true},
		{"another event", []string{initFile}, "Stop", false},
		{"the reference's handler", []string{reference}, "Stop", true},
		{"the plugin's own handler does not count", []string{plugin}, "SessionStart", false},
		{"someone else's command", []string{other}, "SessionStart", false},
		{"broken and missing files are skipped", []string{broken, filepath.Join(dir, "none.json"), initFile}, "SessionStart", true},
		{"nothing", nil, "SessionStart", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := OwnHookInstalled(tc.files, tc.event); got != tc.want {
				t.Fatalf("OwnHookInstalled = %v, want %v", got, tc.want)
			}
		})
	}
}
