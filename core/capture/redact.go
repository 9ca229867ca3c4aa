package capture

import (
	"math"
	"regexp"
	"strings"
	"unicode"
)

// Redacted replaces every secret Redact finds.
const Redacted = "[REDACTED]"

// rule finds candidate secrets; keep, when set, decides on each match (RE2 has no look-around, so
// the judgement that a regexp cannot express lives in Go). group, when non-zero, is the submatch
// replaced; the rest of the match (a key name, "Bearer ") stays readable.
type rule struct {
	name  string
	re    *regexp.Regexp
	group int
	check func(m string) bool
}

// rules run in order; earlier rules replace text before later ones see it.
var rules = []rule{
	// PEM private keys, also when the END line was cut off.
	{name: "pem", re: regexp.MustCompile(`(?s)-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----.*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|\z)`)},
	// Passwords in URLs: scheme://user:password@host keeps the user and host.
	{name: "url-password", re: regexp.MustCompile(`(?i)\b[a-z][a-z0-9+.-]*://[^/\s:@]*:([^/\s@]+)@`), group: 1,
		check: func(m string) bool { return !isPlaceholder(m) }},
	// Authorization headers and bearer tokens.
	{name: "authorization", re: regexp.MustCompile(`(?i)\bauthorization["']?\s*[:=]\s*["']?(?:(?:bearer|basic|token|digest)\s+)?([^\s"',;]{8,})`), group: 1,
		check: func(m string) bool { return !isPlaceholder(m) }},
	{name: "bearer", re: regexp.MustCompile(`(?i)\bbearer\s+([A-Za-z0-9._~+/-]{12,}=*)`), group: 1,
		check: func(m string) bool { return !isPlaceholder(m) && hasDigit(m) }},
	// JSON Web Tokens: three base64url parts, the first two JSON objects ("eyJ").
	{name: "jwt", re: regexp.MustCompile(`\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}`)},
	// Provider keys with a recognizable prefix.
	{name: "anthropic", re: regexp.MustCompile(`\bsk-ant-[A-Za-z0-9_-]{16,}`)},
	{name: "openai", re: regexp.MustCompile(`\bsk-(?:proj|svcacct|admin|live|test)?-?[A-Za-z0-9_-]{8,}`), check: looksKeyBody},
	{name: "stripe", re: regexp.MustCompile(`\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{10,}|\bwhsec_[A-Za-z0-9]{16,}`)},
	{name: "aws-access-key", re: regexp.MustCompile(`\b(?:AKIA|ASIA|ABIA|ACCA|AIDA|AROA)[A-Z0-9]{16}\b`)},
	{name: "github", re: regexp.MustCompile(`\bgh[pousr]_[A-Za-z0-9]{20,}|\bgithub_pat_[A-Za-z0-9_]{20,}`)},
	{name: "gitlab", re: regexp.MustCompile(`\bgl(?:pat|dt|ptt|rt|cbt|imt|oas|ft)-[A-Za-z0-9_-]{20,}`)},
	{name: "slack", re: regexp.MustCompile(`\bxox[abposre]-[A-Za-z0-9-]{10,}|https://hooks\.slack\.com/services/[A-Za-z0-9/]+`)},
	{name: "google", re: regexp.MustCompile(`\bAIza[0-9A-Za-z_-]{30,}|\bya29\.[0-9A-Za-z_-]{20,}`)},
	{name: "misc-prefixed", re: regexp.MustCompile(`\b(?:hf_[A-Za-z0-9]{30,}|npm_[A-Za-z0-9]{36}|pypi-AgE[A-Za-z0-9_-]{50,}|dop_v1_[a-f0-9]{64}|SG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{20,}|gsk_[A-Za-z0-9]{40,}|xai-[A-Za-z0-9]{40,}|r8_[A-Za-z0-9]{30,}|shpat_[a-fA-F0-9]{32}|lin_api_[A-Za-z0-9]{30,}|dp\.pt\.[A-Za-z0-9]{30,}|sq0atp-[A-Za-z0-9_-]{20,}|AccountKey=[A-Za-z0-9+/=]{40,})`)},
	// Secret-looking assignments: NAME=value, NAME: value, "name": "value", where the name's last
	// part says secret. Only the value is replaced.
	{name: "assignment", re: regexp.MustCompile(`(?i)\b([A-Za-z][A-Za-z0-9]*(?:[_.-][A-Za-z0-9]+)*)(["']?[ \t]*(?::=|=|:)[ \t]*)("[^"\n]*"|'[^'\n]*'|[^\s,;'"}\])]+)`), group: 3},
	// Anything else that looks random enough to be a credential.
	{name: "entropy", re: regexp.MustCompile(`[A-Za-z0-9+=_-]{24,}`), check: highEntropy},
}

// Redact replaces secrets in s with [REDACTED]. It errs towards redacting: a false positive costs
// a word of a session summary, a false negative puts a credential into git history on every
// machine.
func Redact(s string) string {
	for _, r := range rules {
		if r.name == "assignment" {
			s = redactAssignments(r.re, s)
			continue
		}
		s = replace(r, s)
	}
	return s
}

// publicBlocks are PEM blocks that are meant to be shared (public keys, certificates): their
// base64 is random-looking but not secret.
var publicBlocks = regexp.MustCompile(`(?s)-----BEGIN (?:[A-Z0-9 ]*PUBLIC KEY|CERTIFICATE|CERTIFICATE REQUEST)-----.*?-----END [A-Z0-9 ]+-----`)

func replace(r rule, s string) string {
	idx := r.re.FindAllStringSubmatchIndex(s, -1)
	if idx == nil {
		return s
	}
	var public [][]int
	if r.name == "entropy" {
		public = publicBlocks.FindAllStringIndex(s, -1)
	}
	inPublic := func(i int) bool {
		for _, p := range public {
			if i >= p[0] && i < p[1] {
				return true
			}
		}
		return false
	}
	var b strings.Builder
	last := 0
	for _, m := range idx {
		start, end := m[0], m[1]
		if r.group > 0 {
			start, end = m[2*r.group], m[2*r.group+1]
		}
		if start < 0 || start < last || inPublic(start) {
			continue
		}
		if r.check != nil && !r.check(s[start:end]) {
			continue
		}
		b.WriteString(s[last:start])
		b.WriteString(Redacted)
		last = end
	}
	b.WriteString(s[last:])
	return b.String()
}

// secretNames are the last parts of a name that mark its value as a secret.
var secretNames = map[string]bool{
	"token": true, "secret": true, "password": true, "passwd": true, "pwd": true, "passphrase": true,
	"apikey": true, "credential": true, "credentials": true, "pat": true, "auth": true,
}

// redactAssignments replaces values assigned to secret-sounding names.
func redactAssignments(re *regexp.Regexp, s string) string {
	idx := re.FindAllStringSubmatchIndex(s, -1)
	if idx == nil {
		return s
	}
	var b strings.Builder
	last := 0
	for _, m := range idx {
		name := s[m[2]:m[3]]
		sep := s[m[4]:m[5]]
		vs, ve := m[6], m[7]
		val := strings.Trim(s[vs:ve], `"'`)
		if vs < last || !secretAssignment(name, sep, val) {
			continue
		}
		if q := s[vs]; q == '"' || q == '\'' {
			vs, ve = vs+1, ve-1
		}
		b.WriteString(s[last:vs])
		b.WriteString(Redacted)
		last = ve
	}
	b.WriteString(s[last:])
	return b.String()
}

// secretAssignment decides whether name = val is a secret being set.
func secretAssignment(name, sep, val string) bool {
	parts := nameParts(name)
	if len(parts) == 0 || isPlaceholder(val) || len(val) < 4 {
		return false
	}
	lastPart := parts[len(parts)-1]
	switch {
	case secretNames[lastPart]:
	case lastPart == "key" && len(parts) > 1:
		// FOO_KEY is a secret only when the value looks like one: sort_key=created_at is not.
		if len(val) < 12 || !(hasDigit(val) || entropy(val) >= 3.5) {
			return false
		}
	case len(parts) > 1 && parts[len(parts)-2] == "secret" && lastPart == "key":
	default:
		return false
	}
	// In prose ("token: expired", "password: see below") a colon is followed by a plain word.
	if strings.Contains(sep, ":") && !strings.Contains(sep, "=") && isPlainWord(val) {
		return false
	}
	return true
}

// nameParts splits an identifier into lower-case words: MY_APP_TOKEN, myAppToken, my-app.token.
func nameParts(name string) []string {
	var parts []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			parts = append(parts, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	rs := []rune(name)
	for i, r := range rs {
		switch {
		case r == '_' || r == '-' || r == '.':
			flush()
		case unicode.IsUpper(r) && i > 0 && unicode.IsLower(rs[i-1]):
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
	}
	flush()
	// "apiKey" and "api_key" both end in "key" after "api": treat the pair as apikey.
	if n := len(parts); n >= 2 && parts[n-1] == "key" && parts[n-2] == "api" {
		parts = append(parts[:n-2], "apikey")
	}
	return parts
}

var placeholders = regexp.MustCompile(`(?i)^(?:\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|<[^>]*>|\{\{[^}]*\}\}|%[A-Za-z_]+%|x{3,}|\*{3,}|\.{3,}|…|null|none|nil|true|false|undefined|changeme|redacted|\[redacted\]|your[_-].*|os\.getenv.*|process\.env.*|env\..*)$`)

// isPlaceholder recognizes values that stand for a secret without being one.
func isPlaceholder(v string) bool { return placeholders.MatchString(strings.TrimSpace(v)) }

func isPlainWord(v string) bool {
	for _, r := range v {
		if !unicode.IsLower(r) {
			return false
		}
	}
	return true
}

func hasDigit(s string) bool { return strings.IndexFunc(s, unicode.IsDigit) >= 0 }

// looksKeyBody accepts an "sk-" match as a key unless it reads like a hyphenated word
// ("sk-learn", "sk-ip-list"): a key body has digits or is long.
func looksKeyBody(m string) bool {
	body := m[3:]
	return len(body) >= 20 || hasDigit(body) && len(body) >= 8
}

// highEntropy judges a long run of token characters. Guards, chosen deliberately:
//   - all-hex strings (git SHAs, content hashes, hex digests) are kept: sessions quote them all the
//     time and they are how a summary points at commits. A hex credential is caught only when it is
//     assigned to a secret-sounding name.
//   - ULIDs (our own note ids) and UUIDs (session ids) are kept; paths never reach this rule whole
//     because "/" and "." are not token characters, so their segments are judged one by one.
//   - identifiers (snake_case, camelCase, kebab-case) are kept: they are mostly words of three or
//     more lower-case letters and switch between lower case, upper case and digits rarely, while a
//     random string is not and switches on most characters.
func highEntropy(m string) bool {
	core := strings.Trim(m, "=-_")
	if len(core) < 24 || isULID(core) {
		return false
	}
	squeezed := strings.Map(func(r rune) rune {
		if r == '_' || r == '-' {
			return -1
		}
		return r
	}, core)
	if isHex(squeezed) {
		return false // hashes, SHAs, UUIDs
	}
	letters, digits := 0, 0
	for _, r := range core {
		switch {
		case unicode.IsDigit(r):
			digits++
		case unicode.IsLetter(r):
			letters++
		}
	}
	if digits == 0 || letters == 0 {
		return false
	}
	if wordShare(squeezed) >= 0.5 {
		return false
	}
	return entropy(squeezed) >= 3.8 && switchRate(squeezed) >= 0.35
}

// wordRun is a capitalized or lower-case word of at least four letters inside an identifier.
var wordRun = regexp.MustCompile(`[A-Z]?[a-z]{3,}`)

// wordShare is the share of s made of word runs: most of an identifier, little of a random string.
func wordShare(s string) float64 {
	n := 0
	for _, m := range wordRun.FindAllString(s, -1) {
		n += len(m)
	}
	return float64(n) / float64(len(s))
}

// entropy is the Shannon entropy of s in bits per character.
func entropy(s string) float64 {
	if s == "" {
		return 0
	}
	counts := map[rune]int{}
	n := 0
	for _, r := range s {
		counts[r]++
		n++
	}
	h := 0.0
	for _, c := range counts {
		p := float64(c) / float64(n)
		h -= p * math.Log2(p)
	}
	return h
}

// switchRate is the share of adjacent character pairs that change class (lower, upper, digit,
// other).
func switchRate(s string) float64 {
	class := func(r rune) int {
		switch {
		case unicode.IsLower(r):
			return 0
		case unicode.IsUpper(r):
			return 1
		case unicode.IsDigit(r):
			return 2
		}
		return 3
	}
	rs := []rune(s)
	if len(rs) < 2 {
		return 0
	}
	n := 0
	for i := 1; i < len(rs); i++ {
		if class(rs[i]) != class(rs[i-1]) {
			n++
		}
	}
	return float64(n) / float64(len(rs)-1)
}

func isHex(s string) bool {
	for _, r := range s {
		if !strings.ContainsRune("0123456789abcdefABCDEF", r) {
			return false
		}
	}
	return true
}

func isULID(s string) bool {
	if len(s) != 26 {
		return false
	}
	for _, r := range s {
		if !strings.ContainsRune("0123456789ABCDEFGHJKMNPQRSTVWXYZ", r) {
			return false
		}
	}
	return true
}
