package capture

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// What makes a session long enough to be worth a note without any action in it.
const (
	longAsks     = 3    // user turns
	longAskChars = 1500 // characters the user typed or pasted, all asks together
)

// Why a session is kept: the first of these that holds is recorded in Result.Reason.
const (
	ReasonFiles     = "files changed"
	ReasonCommands  = "commands run"
	ReasonDecision  = "decision"
	ReasonLong      = "long exchange"
	ReasonCompacted = "compacted"
)

// decisionRe finds a user stating a decision or a rule in an ask: what a later session needs to
// know even if nothing was edited. Questions ("should we go with X?") are not decisions.
var decisionRe = regexp.MustCompile(`(?i)\b(we decided|i decided|decided to|decision:|let'?s go with|we'?ll go with|we will go with|let'?s use|we'?ll use|we will use|from now on|going forward)`)

// Assess decides whether a session is worth a note: something happened that could matter later.
// Files changed, commands that did something (not only looked around), a decision stated, a long
// exchange or a compacted session are kept; a short question and its answer, however long the
// answer, is not: the answer is in the model or in a durable note already, and a note per asking
// only buries the durable notes in search. It returns the reason, or "" for a session not kept.
func Assess(s *Session) string {
	switch {
	case len(s.Files) > 0:
		return ReasonFiles
	case hasAction(s.Commands):
		return ReasonCommands
	case anyStatement(decisionRe, s.Asks):
		return ReasonDecision
	case len(s.Asks) >= longAsks || askChars(s) >= longAskChars:
		return ReasonLong
	case s.Compactions > 0:
		return ReasonCompacted
	}
	return ""
}

// Trivial reports whether a session is not worth a note. The outcome is not part of the
// decision (a long answer to a one-line question is still a one-line question); it is kept in the
// signature for callers.
func Trivial(s *Session, outcome string) bool {
	_ = outcome
	return Assess(s) == ""
}

// anyStatement reports whether a text that is not a question matches re.
func anyStatement(re *regexp.Regexp, texts []string) bool {
	for _, t := range texts {
		if !strings.HasSuffix(strings.TrimSpace(t), "?") && re.MatchString(t) {
			return true
		}
	}
	return false
}

func askChars(s *Session) int {
	n := 0
	for _, a := range s.Asks {
		n += utf8.RuneCountInString(a)
	}
	return n
}

// lookOnly are programs that only inspect: a session that ran nothing else changed nothing.
var lookOnly = map[string]bool{
	"ls": true, "cat": true, "head": true, "tail": true, "less": true, "more": true, "pwd": true,
	"echo": true, "grep": true, "rg": true, "ag": true, "find": true, "fd": true, "tree": true,
	"wc": true, "which": true, "type": true, "file": true, "stat": true, "du": true, "df": true,
	"env": true, "printenv": true, "date": true, "whoami": true, "uname": true, "id": true,
	"hostname": true, "cd": true, "true": true, "sort": true, "uniq": true, "cut": true, "jq": true,
	"awk": true, "realpath": true, "dirname": true, "basename": true, "readlink": true,
}

// lookOnlySub are subcommands that only inspect, per program.
var lookOnlySub = map[string]map[string]bool{
	"git": {"status": true, "log": true, "diff": true, "show": true, "branch": true, "remote": true,
		"blame": true, "rev-parse": true, "ls-files": true, "grep": true, "describe": true, "shortlog": true},
	"go":        {"version": true, "env": true, "doc": true, "list": true},
	"anamnesis": {"search": true, "list": true, "show": true, "status": true, "version": true},
}

// harmlessRedirect matches redirections that write no file: to /dev/null, or one descriptor to
// another (2>&1).
var harmlessRedirect = regexp.MustCompile(`[0-9]*(>>?|&>)\s*/dev/null|[0-9]*>&[0-9]+`)

// hasAction reports whether any command does more than look around.
func hasAction(cmds []string) bool {
	for _, c := range cmds {
		for _, seg := range splitShell(harmlessRedirect.ReplaceAllString(c, " ")) {
			if !inspects(seg) {
				return true
			}
		}
	}
	return false
}

// splitShell cuts a command line at its control operators (;, &&, ||, |, newlines). Quotes are
// not honoured: a separator inside quotes only makes a segment more, which errs towards keeping.
func splitShell(c string) []string {
	return strings.FieldsFunc(c, func(r rune) bool { return r == ';' || r == '&' || r == '|' || r == '\n' })
}

func inspects(seg string) bool {
	f := strings.Fields(seg)
	for len(f) > 0 && (strings.Contains(f[0], "=") || f[0] == "sudo" || f[0] == "time" || f[0] == "command") {
		f = f[1:] // VAR=value prefixes and wrappers
	}
	if len(f) == 0 {
		return true
	}
	prog := f[0]
	if i := strings.LastIndexByte(prog, '/'); i >= 0 {
		prog = prog[i+1:]
	}
	if lookOnly[prog] {
		for _, a := range f[1:] {
			if strings.Contains(a, ">") || a == "-exec" || a == "-delete" || a == "-i" {
				return false // a redirect writes; find -exec / -delete acts
			}
		}
		return true
	}
	if subs, ok := lookOnlySub[prog]; ok {
		args := f[1:]
		for i := 0; i < len(args); i++ {
			if args[i] == "-C" || args[i] == "-c" {
				i++ // git -C dir, git -c key=value: the option's value is not the subcommand
				continue
			}
			if strings.HasPrefix(args[i], "-") {
				continue
			}
			return subs[args[i]]
		}
	}
	return false
}
