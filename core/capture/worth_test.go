package capture

import (
	"strings"
	"testing"
)

func TestAssess(t *testing.T) {
	cases := []struct {
		name string
		s    Session
		want string
	}{
		{"empty", Session{}, ""},
		{"slash only", Session{Slash: []string{"/clear"}}, ""},
		{"one-line Q&A", Session{Asks: []string{"say hi"}, Outcome: "Hi there."}, ""},
		{"one-line Q&A, long answer", Session{Asks: []string{"how do I rotate the database credentials?"},
			Outcome: strings.Repeat("Run vault write -f database/rotate-root/app, then restart. ", 40)}, ""},
		{"Q&A after looking around", Session{Asks: []string{"what does the sync engine do?"},
			Commands: []string{"ls core/sync", "grep -rn Rebase core/ 2>/dev/null | head", "git log --oneline -5", "cat go.mod"}}, ""},
		{"files changed", Session{Asks: []string{"add a flag"}, Files: []string{"main.go"}}, ReasonFiles},
		{"slash and files", Session{Slash: []string{"/init"}, Files: []string{"CLAUDE.md"}}, ReasonFiles},
		{"a command that acts", Session{Asks: []string{"run the tests"}, Commands: []string{"go test ./..."}}, ReasonCommands},
		{"looking, then acting", Session{Asks: []string{"deploy"}, Commands: []string{"git status && make deploy"}}, ReasonCommands},
		{"a redirect writes", Session{Asks: []string{"save the log"}, Commands: []string{"cat app.log > /tmp/saved.log"}}, ReasonCommands},
		{"find -delete acts", Session{Asks: []string{"clean"}, Commands: []string{"find . -name '*.orig' -delete"}}, ReasonCommands},
		{"git commit acts", Session{Asks: []string{"commit"}, Commands: []string{"git commit -am wip"}}, ReasonCommands},
		{"a decision", Session{Asks: []string{"We decided to keep SQLite in WAL mode; note the reasons"}}, ReasonDecision},
		{"from now on", Session{Asks: []string{"from now on, run golangci-lint before committing"}}, ReasonDecision},
		{"a question about a decision", Session{Asks: []string{"should we go with Postgres or MySQL? we decided nothing yet?"}}, ""},
		{"decision label", Session{Asks: []string{"Decision: retries use exponential backoff with jitter"}}, ReasonDecision},
		{"three asks", Session{Asks: []string{"why is it slow", "and on Linux?", "what about the index?"}}, ReasonLong},
		{"a long paste", Session{Asks: []string{"explain this trace:\n" + strings.Repeat("goroutine 1 [running]:\n", 80)}}, ReasonLong},
		{"compacted", Session{Asks: []string{"go on"}, Compactions: 1}, ReasonCompacted},
		{"memory searched only", Session{Asks: []string{"how do we deploy?"},
			MemorySearches: []MemorySearch{{Tool: "memory_search", Query: "deploy"}}}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Assess(&c.s); got != c.want {
				t.Errorf("Assess = %q, want %q", got, c.want)
			}
			if Trivial(&c.s, "") != (c.want == "") {
				t.Errorf("Trivial disagrees with Assess")
			}
		})
	}
	if got := Assess(parseFixture(t, "slash-only.jsonl")); got != "" {
		t.Errorf("a transcript holding only /clear is kept: %q", got)
	}
	if got := Assess(parseFixture(t, "tools.jsonl")); got != ReasonFiles {
		t.Errorf("tools.jsonl: %q", got)
	}
}

func TestInspects(t *testing.T) {
	cases := map[string]bool{
		"ls -la":                          true,
		"cat README.md | head -20":        true,
		"grep -rn foo . 2>&1":             true,
		"rg TODO 2> /dev/null":            true,
		"LC_ALL=C sort x.txt":             true,
		"/usr/bin/git status":             true,
		"git -C sub log --oneline":        true,
		"go version":                      true,
		"go test ./...":                   false,
		"git push":                        false,
		"echo hi > out.txt":               false,
		"sed -i s/a/b/ x":                 false,
		"npm install":                     false,
		"docker compose up -d":            false,
		"anamnesis write --title x":       false,
		"anamnesis search rotate secrets": true,
	}
	for cmd, want := range cases {
		if got := !hasAction([]string{cmd}); got != want {
			t.Errorf("%q: inspect-only = %v, want %v", cmd, got, want)
		}
	}
}
