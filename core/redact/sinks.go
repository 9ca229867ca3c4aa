package redact

import "strings"

// Credential sinks (issue 15, sixth round): a literal that a shell writes into something that
// takes a credential is one, whatever it looks like. echo/printf piped into a command whose own
// words name a credential (smbpasswd -s, kinit, docker secret create, passwd --stdin, vault
// login -), or redirected into a file whose name does (> ~/.vault_pass, > token.txt). Text
// filters (grep, jq, base64, tee, …) are no sink: `echo x | grep token` looks for a word.
// printf's format ('%s\n') is skipped: the argument after it is the literal.
func sinkRules() []*rule {
	return []*rule{
		// A here-string into a command whose words name a credential (gpg --passphrase-fd 0
		// … <<< 'x', cryptsetup … <<< "x"): the same judgement as a pipe's.
		// Round 15: a literal echoed into a process substitution given as a flag's file whose
		// name says credential (ansible-vault --vault-password-file <(echo X), curl --netrc-file
		// <(printf …), --password-file=<(echo X)): the file's content is the secret.
		lineStart(onLine(withPick(mk("stdin-password", `(?i)-{1,2}[a-z0-9-]*(?:`+fileFlagWords+`)[a-z0-9-]*[= ][ \t]*<\([ \t]*(?:echo|printf)[ \t]+(?:-[a-zA-Z]+[ \t]+)*(?:'([^'\n]{1,256})'|"([^"\n]{1,256})"|([^\s)'"]{1,256}))[ \t]*\)`, "<("), firstGroup(func(v string) bool { return len(v) >= 4 && slotValue(v) }, 1, 2, 3)), nil)),
		onLine(withPick(mk("stdin-password", `<<<[ \t]*(?:'([^'\n]{1,256})'|"([^"\n]{1,256})"|([^\s|;&'"()<>\x60]{1,256}))`, "<<<"), hereStringPick), nil),
		onLine(withPick(mk("stdin-password", `\b(?:echo|printf)[ \t]+(?:-[a-zA-Z]+[ \t]+)*(?:(?:'%[^'\n]*'|"%[^"\n]*")[ \t]+)?(?:'([^'\n]{1,256})'|"([^"\n]{1,256})"|([^\s|;&'"()<>\x60]{1,256}))`, "echo", "printf"), sinkPick), nil),
	}
}

// textFilters read stdin as text to transform or search, not as a secret to keep.
var textFilters = map[string]bool{"grep": true, "egrep": true, "rg": true, "jq": true, "yq": true, "sed": true,
	"awk": true, "tee": true, "cat": true, "head": true, "tail": true, "wc": true, "sort": true, "uniq": true,
	"base64": true, "xxd": true, "od": true, "hexdump": true, "cut": true, "tr": true, "less": true, "more": true,
	"column": true, "fmt": true, "python": true, "python3": true, "node": true, "sha256sum": true, "md5sum": true,
	"sha1sum": true, "shasum": true, "xargs": true, "pbcopy": true, "xclip": true, "iconv": true}

// clipboardTools put stdin on the system clipboard: macOS, X11, Wayland, Windows, WSL, tmux,
// termux.
var clipboardTools = map[string]bool{"pbcopy": true, "xclip": true, "xsel": true, "wl-copy": true,
	"clip": true, "clip.exe": true, "Set-Clipboard": true, "scb": true, "termux-clipboard-set": true,
	"copyq": true, "lemonade": true, "win32yank": true, "win32yank.exe": true}

// credentialWords in a sink's command or a file's name say it takes a credential.
var credentialWords = []string{"pass", "secret", "token", "cred", "kinit", "login", "auth", "keyring", "keychain", "vault"}

func sinkPick(text string, m []int) [][2]int {
	vs, ve := firstSet(m, 3)
	if vs >= 0 && commandFlagBefore(text, m[0]) && !isPlaceholder(text[vs:ve]) && len(text[vs:ve]) >= 4 {
		return [][2]int{{vs, ve}} // --password-command "echo x": the command prints the password
	}
	if vs < 0 || !strongValue(text[vs:ve]) || !passwordish(text[vs:ve]) && !weakPassword(text[vs:ve]) {
		return nil
	}
	le := strings.IndexByte(text[m[1]:], '\n')
	if le < 0 {
		le = len(text) - m[1]
	}
	rest := text[m[1] : m[1]+le]
	// Skip the rest of a group of echoes: (echo a; echo b) | cmd.
	k := strings.IndexAny(rest, "|>")
	if k < 0 || strings.Contains(rest[:k], "&") {
		return nil
	}
	for _, piece := range strings.Split(rest[:k], ";") {
		p := strings.TrimSpace(strings.Trim(strings.TrimSpace(piece), "()"))
		if p != "" && !strings.HasPrefix(p, "echo ") && !strings.HasPrefix(p, "printf ") {
			return nil
		}
	}
	after := rest[k+1:]
	if rest[k] == '|' {
		if strings.HasPrefix(after, "|") {
			return nil // ||: a fallback, not a pipe
		}
		if e := strings.IndexAny(after, "|;&"); e >= 0 {
			after = after[:e]
		}
		words := strings.Fields(after)
		for len(words) > 0 && (words[0] == "sudo" || strings.HasPrefix(words[0], "-") && len(words) > 1 && words[0] != "-") {
			words = words[1:]
		}
		if len(words) > 0 && clipboardTools[words[0]] && passwordish(text[vs:ve]) && !isVersion(text[vs:ve]) {
			// Round 13: a literal put on the clipboard is there to be pasted, most often into
			// a password field: a clipboard is a sink for a value that looks like a password
			// (a word, a version, a command stay).
			return [][2]int{{vs, ve}}
		}
		if len(words) == 0 || textFilters[words[0]] {
			return nil
		}
		for _, w := range words {
			if strings.ContainsAny(w, "/.@") {
				continue // a path, a file or a principal: an argument, not the command's words
			}
			if containsAny(strings.ToLower(w), credentialWords) {
				return [][2]int{{vs, ve}}
			}
		}
		return nil
	}
	// A redirection: the file's name says what it holds.
	file := strings.TrimLeft(after, "> \t")
	if e := strings.IndexAny(file, " \t;&|"); e >= 0 {
		file = file[:e]
	}
	base := file[strings.LastIndexByte(file, '/')+1:]
	base = strings.TrimLeft(base, ".")
	for _, p := range nameParts(base) {
		if containsAny(p, []string{"pass", "secret", "token", "cred"}) || p == "pw" || p == "pwd" || p == "key" && !strings.Contains(base, ".pub") {
			return [][2]int{{vs, ve}}
		}
	}
	return nil
}

// commandFlagBefore reports whether the echo at pos opens the quoted value of a flag or key
// that names a command printing a credential (restic's --password-command, password_cmd =,
// passcmd): what the echo prints is the credential.
func commandFlagBefore(text string, pos int) bool {
	i := pos
	if i == 0 || text[i-1] != '"' && text[i-1] != '\'' {
		return false
	}
	i--
	for i > 0 && (text[i-1] == ' ' || text[i-1] == '\t' || text[i-1] == '=') {
		i--
	}
	e := i
	for i > 0 && (isAlnum(text[i-1]) || text[i-1] == '-' || text[i-1] == '_') {
		i--
	}
	parts := nameParts(strings.TrimLeft(text[i:e], "-"))
	if len(parts) < 2 {
		return false
	}
	switch parts[len(parts)-1] {
	case "command", "cmd", "eval", "script":
	default:
		return false
	}
	return containsAny(strings.Join(parts[:len(parts)-1], ""), []string{"pass", "secret", "token", "cred"})
}

// firstSet is the first of a match's groups 1 to n that is set and not empty (the quoted forms
// of one value: '…', "…", bare), or -1, -1.
func firstSet(m []int, n int) (int, int) {
	for g := 1; g <= n; g++ {
		if m[2*g] >= 0 && m[2*g+1] > m[2*g] {
			return m[2*g], m[2*g+1]
		}
	}
	return -1, -1
}

// hereStringPick redacts a here-string's literal when the command it feeds names a credential.
func hereStringPick(text string, m []int) [][2]int {
	vs, ve := firstSet(m, 3)
	if vs < 0 || isPlaceholder(text[vs:ve]) || !strongValue(text[vs:ve]) {
		return nil
	}
	ls := strings.LastIndexAny(text[:m[0]], "\n|;&") + 1
	words := strings.Fields(text[ls:m[0]])
	for len(words) > 0 && words[0] == "sudo" {
		words = words[1:]
	}
	if len(words) == 0 || textFilters[words[0]] {
		return nil
	}
	for _, w := range words {
		if strings.ContainsAny(w, "/.@") {
			continue
		}
		if containsAny(strings.ToLower(w), credentialWords) || strings.Contains(strings.ToLower(w), "phrase") {
			return [][2]int{{vs, ve}}
		}
	}
	return nil
}

// fileFlagWords are the words of a flag naming a file that holds a credential
// (--vault-password-file, --token-file, --key-file).
const fileFlagWords = "pass|secret|token|key|cred|auth"
