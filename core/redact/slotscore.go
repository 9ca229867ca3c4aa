package redact

import "strings"

// The scorer's second reach (round 7): values with no NAME=value shape whose slot is still
// named — the words before them on a command line or in a call (hash_hmac('sha256', $p, '<key>'),
// mkstore -createCredential db app <password>), or the line above them (a command or file that
// reveals a secret, then its output: cat …/initialAdminPassword, then the password). The name's
// grade must be strong there, and the value passes the same valueShape bar as generic-secret.

// revealRule finds values in slots named by the words before them.
func revealRule() *rule {
	// Every strong name holds one of these, so that the windowed run and the whole-text run
	// judge the same lines.
	r := near(lineStart(onLine(withPick(mk("generic-secret", `[^\n]+`, append(slotStems[:len(slotStems):len(slotStems)], ".key")...), revealPick), nil)), 0, 4096)
	r.lineGuard = revealGuard
	return r
}

// revealShapeMin is the bar for a line of output after a revealing line: there the slot says
// "this is the secret" more plainly than any name, so a short code (a recovery code's 5-5
// groups) passes, while words and numbers of a status line do not.
const revealShapeMin = 0.3

// maxRevealLines bounds the output lines read after a revealing line (recovery codes come ten
// or sixteen to a file).
const maxRevealLines = 16

// revealPick judges one line holding a strong secret word: the tokens after that word on the
// line, then the lines after it that hold a single value.
func revealPick(text string, m []int) [][2]int {
	ls, le := m[0], m[1]
	if strings.Contains(text[ls:le], "-----BEGIN ") {
		// An armored block's first line (git's "gpgsig -----BEGIN SSH SIGNATURE-----"): its
		// body is the armor's, judged by its label (private-key), not a value the line reveals.
		return nil
	}
	prose := proseText(text[ls:le])
	if prose && !valueLineAfter(text, le) {
		return nil // a sentence with nothing revealed after it: the common case, decided cheaply
	}
	toks := lineTokens(text, ls, le)
	var out [][2]int
	named, labelOnly := false, false
	low := strings.ToLower(text[ls:le])
	for i := 0; i < len(toks); i++ {
		t := text[toks[i][0]:toks[i][1]]
		if i+1 < len(toks) && joinedPhrase(low[toks[i][0]-ls:toks[i][1]-ls], low[toks[i+1][0]-ls:toks[i+1][1]-ls]) {
			named = true // "Your new recovery code is:", "Security Key:": a phrase names the secret
			continue
		}
		if i == len(toks)-1 && len(t) > 1 && strings.HasSuffix(t, ":") && containsAny(low[toks[i][0]-ls:toks[i][1]-ls], slotStems) && strongSlotName(strings.TrimRight(t, ":")) {
			named, labelOnly = true, !named // round 13: a label that ends its line ("Password:") names the line after it
			continue
		}
		if keyFileName(t) && commandLine(text, toks[i][0]) {
			named = true // round 15: cat config/master.key, type deploy.token: the file's content is printed below
			continue
		}
		if containsAny(low[toks[i][0]-ls:toks[i][1]-ls], slotStems) && strongSlotName(t) && !getterCall(text, toks[i]) {
			named = true
			if prose {
				continue
			}
			if p, ok := tokenAfterName(text, toks[i+1:]); ok {
				out = append(out, p)
			}
		}
	}
	// A line that assigns a value (password = …, "password": …) holds its secret itself; it
	// reveals nothing on the lines after it.
	if !named || strings.IndexByte(text[ls:le], '=') >= 0 || namedColon(low) || tableHeaderLine(text[ls:le]) {
		return out // a table's header: its rows are the table rule's to read, by column
	}
	// The lines after: each a single value, or "Label: value" (New value: …).
	item := bulletIndent(text, ls, le)
	pos := le
	var held [][2]int // values under the bar, kept if a sibling of the same shape passes
	passed := 0
	for n := 0; n < maxRevealLines && pos < len(text) && text[pos] == '\n'; n++ {
		s := pos + 1
		e := lineEnd(text, s)
		if item >= 0 && bulletIndent(text, s, e) == item {
			break // a sibling item of a list the named line is in (- ^net/http.Cookie$), not its value
		}
		vs, ve, ok := lineValue(text, s, e)
		if !ok {
			if cols := codeColumns(text, s, e); cols != nil && !labelOnly && !idLabelLine(text[ls:le]) {
				// Round 15: codes printed in columns (PyPI's and many sites' recovery codes, a
				// row of backup codes): each column a value of the same shape.
				// The columns' sameness is the evidence: hex codes, which rawShape scores
				// low as digests, are taken as the codes they are here.
				out = append(out, cols...)
				passed += len(cols)
				pos = e
				continue
			}
			break
		}
		if labelOnly {
			// A label names one value on the line after it, alone on its line: not a list of
			// fields (- **Name**: …) nor a list item (- \.New.*Error\().
			if n > 0 || strings.TrimSpace(text[s:e]) != text[vs:ve] || strings.ContainsAny(text[vs:ve], ":*`") {
				break
			}
		}
		v := text[vs:ve]
		if spacedGroups().MatchString(v) {
			v = strings.ReplaceAll(v, " ", "") // judged as the key it spells
		}
		if rawShape(v) >= revealShapeMin && !harmlessValue(v) && !(labelOnly && camelIdentifier(v)) {
			out = append(out, [2]int{vs, ve})
			passed++
		} else if !harmlessValue(v) && !labelOnly && len(v) >= 6 && codeChars(v) {
			held = append(held, [2]int{vs, ve})
		}
		pos = e
	}
	// Round 15: a list of codes is one draw: a code under the bar whose shape (length and
	// character classes) is that of a code that passed is one of them ("9jdy40qugh" among
	// "bjsfcq1w5t", "50ws6bgtma"), not a word.
	for _, h := range held {
		if passed > 0 && sameShapeAs(text, h, out) {
			out = append(out, h)
		}
	}
	return out
}

// codeColumns splits a line of two to eight codes separated by blanks (recovery codes printed
// in columns) into the codes, or returns nil: every column the same length, 6 to 40 letters,
// digits and dashes, a digit in each, 8 or more if only digits — a row of words or of short
// numbers of a table is none.
func codeColumns(text string, s, e int) [][2]int {
	var cols [][2]int
	for i := s; i < e; {
		for i < e && (text[i] == ' ' || text[i] == '\t') {
			i++
		}
		j := i
		for j < e && (isAlnum(text[j]) || text[j] == '-') {
			j++
		}
		if j < e && text[j] != ' ' && text[j] != '\t' {
			return nil
		}
		if j > i {
			cols = append(cols, [2]int{i, j})
		}
		i = j
	}
	if len(cols) < 2 || len(cols) > 8 {
		return nil
	}
	n := cols[0][1] - cols[0][0]
	for _, c := range cols {
		if v := text[c[0]:c[1]]; c[1]-c[0] != n || n < 6 || n > 40 || !hasDigit(v) || isDigits(v) && n < 8 || isoDate().MatchString(v) {
			return nil
		}
	}
	return cols
}

// sameShapeAs reports whether the value at h has the length and the character classes of one
// of the values in vs.
func sameShapeAs(text string, h [2]int, vs [][2]int) bool {
	v := text[h[0]:h[1]]
	for _, o := range vs {
		w := text[o[0]:o[1]]
		if len(w) == len(v) && charClasses(w) == charClasses(v) {
			return true
		}
	}
	return false
}

// charClasses is a bit set of the classes a value's characters fall in: lower, upper, digit,
// other.
func charClasses(v string) int {
	c := 0
	for i := 0; i < len(v); i++ {
		switch b := v[i]; {
		case b >= 'a' && b <= 'z':
			c |= 1
		case b >= 'A' && b <= 'Z':
			c |= 2
		case b >= '0' && b <= '9':
			c |= 4
		default:
			c |= 8
		}
	}
	return c
}

// strongSlotName is a token that names a credential strongly: a flag, a subcommand, a file name
// or a function (--password, reset-admin-password, zabbix_agentd.psk, hash_hmac). A token that
// also carries its value (password=…) is the assignment rules' to judge.
func strongSlotName(t string) bool {
	if strings.ContainsAny(t, "=[") || strings.HasSuffix(t, ":") || len(t) > 80 {
		return false // name=value, name: value: the assignment rules judge those
	}
	if len(t) >= 24 && rawShape(t) >= revealShapeMin && valueShape(t) >= strongShapeMin {
		return false // a line of base64 or a key (…/PwJ0xAXpM): drawn, not a name, though "pw" stands in it
	}
	t = strings.TrimLeft(t, "-/$.")
	if i := strings.LastIndexByte(t, '/'); i >= 0 {
		t = t[i+1:]
	}
	return t != "" && nameGrade(nameParts(strings.NewReplacer(".", "_", ":", "_").Replace(t))) == gradeStrong
}

// tokenAfterName is the value after a secret's name among the tokens that follow it: up to two plain
// words (a user, a database: AUTH default <pw>, -createCredential db app <pw>), a digest's
// name or a variable may stand between.
func tokenAfterName(text string, toks [][2]int) ([2]int, bool) {
	skipped := 0
	for _, tk := range toks {
		v := text[tk[0]:tk[1]]
		switch {
		case typeBeforeValue(text, tk[0], tk[1]):
			return [2]int{}, false // v_password VARCHAR2(30) := '…': a declaration's type (declarations.go)
		case strings.HasPrefix(v, "-") || strings.HasPrefix(v, "|") || strings.HasPrefix(v, ">"):
			return [2]int{}, false // the next option or a redirection: no value here
		case tk[1] < len(text) && text[tk[1]] == '(' && !isPlainWord(v):
			// Round 14: a call stands where the value would (az.getSecret('<subscription>', …),
			// vault.read(…)): its arguments are what it looks up, not the secret.
			return [2]int{}, false
		case strings.HasPrefix(v, "$") || digestName(strings.ToLower(v)):
			continue
		case accountPrincipal(v) && skipped < 2:
			// Round 15: DOMAIN\user, user@REALM, HTTP/host@REALM: an account named before its
			// password (Get-Credential ACME\svc, runas /user:…), never the secret itself.
			skipped++
			continue
		case isPlainWord(v) && skipped < 2:
			skipped++
			continue
		}
		if valueShape(v) >= strongShapeMin {
			return tk, true
		}
		return [2]int{}, false
	}
	return [2]int{}, false
}

// lineTokens splits text[s:e] at blanks, commas, parentheses, semicolons and quotes.
func lineTokens(text string, s, e int) [][2]int {
	var out [][2]int
	start := -1
	for i := s; i <= e; i++ {
		sep := i == e || strings.IndexByte(" \t,;()'\"`", text[i]) >= 0
		if !sep {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			out = append(out, [2]int{start, i})
			start = -1
		}
	}
	return out
}

// lineEnd is the end of the line holding text[i]: the index of the next newline from i, or the
// text's end.
func lineEnd(text string, i int) int {
	if k := strings.IndexByte(text[i:], '\n'); k >= 0 {
		return i + k
	}
	return len(text)
}

// bulletIndent is the indentation of the list item text[s:e] ("  - x", "* x"), or -1 when the
// line is no list item.
func bulletIndent(text string, s, e int) int {
	i := s
	for i < e && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	if listMarker(text, i, e) > 0 {
		return i - s
	}
	return -1
}

// listMarker is the length of the list marker text[i:e] starts with, bullet or number and the
// space after it ("- ", "* ", "3. ", "12) "), or 0: codes are printed both ways.
func listMarker(text string, i, e int) int {
	if e-i > 2 && (text[i] == '*' || text[i] == '-' || text[i] == '+') && text[i+1] == ' ' {
		return 2
	}
	j := i
	for j < e && j-i < 3 && text[j] >= '0' && text[j] <= '9' {
		j++
	}
	if j > i && j+2 < e && (text[j] == '.' || text[j] == ')') && text[j+1] == ' ' {
		return j + 2 - i
	}
	return 0
}

// lineValue is the one value a line holds: the whole line trimmed, or what follows a short
// label and a colon (New value: …). A line of several words is prose and ends the output.
func lineValue(text string, s, e int) (int, int, bool) {
	for s < e && (text[s] == ' ' || text[s] == '\t') {
		s++
	}
	for e > s && (text[e-1] == ' ' || text[e-1] == '\t' || text[e-1] == '\r') {
		e--
	}
	if s == e {
		return 0, 0, false
	}
	if n := replEcho(text[s:e]); n > 0 {
		s += n // round 15: a REPL's echo of what the line above evaluated (=> "…", = "…")
	}
	if k := strings.Index(text[s:e], ": "); k > 0 && k <= 24 && strings.Count(text[s:s+k], " ") <= 2 {
		s += k + 2
		for s < e && text[s] == ' ' {
			s++
		}
	}
	if n := listMarker(text, s, e); n > 0 {
		s += n // a list's bullet or number: recovery codes printed as "* abcd-efgh", "1. abcd-efgh"
	}
	if spacedGroups().MatchString(text[s:e]) {
		return s, e, true // a key printed in groups for reading aloud: EsTa b3U8 Ry7D …
	}
	if s == e || strings.ContainsAny(text[s:e], " \t=") || text[e-1] == ':' {
		return 0, 0, false // prose, an assignment or the next key: the output has ended
	}
	if e-s >= 2 && (text[s] == '"' || text[s] == '\'') && text[e-1] == text[s] {
		s, e = s+1, e-1 // a quoted value: the quotes are not the secret's
	}
	return s, e, true
}

// replEcho is the length of the mark a REPL prints before the value of the expression it
// evaluated: irb's and pry's "=> ", PsySH's (Laravel Tinker's) "= ", Clojure's and some
// shells' "-> ". The output line holds the value, as a command's output line does.
func replEcho(line string) int {
	for _, p := range []string{"=> ", "= ", "-> "} {
		if strings.HasPrefix(line, p) && len(line) > len(p) {
			return len(p)
		}
	}
	return 0
}

// proseText reports whether at least half of a line's tokens (split as lineTokens splits) are
// plain lower-case words and none is a flag: a sentence ("token counting uses tiktoken
// cl100k_base"), where a word after a secret's name is rarely its value. A flag makes it a
// command line, whose words are its arguments. It runs on every line holding a stem, so it
// scans once and allocates nothing.
func proseText(line string) bool {
	tokens, plain := 0, 0
	inTok, allLower := false, true
	end := func() {
		tokens++
		if allLower {
			plain++
		}
	}
	for i := 0; i < len(line); i++ {
		c := line[i]
		if tokenSep[c] {
			if inTok {
				end()
			}
			inTok = false
			continue
		}
		if !inTok {
			inTok, allLower = true, true
			if c == '-' && i+1 < len(line) && strings.IndexByte(" \t", line[i+1]) < 0 {
				return false // a flag
			}
		}
		if c < 'a' || c > 'z' {
			allLower = false
		}
	}
	if inTok {
		end()
	}
	return 2*plain >= tokens
}

// valueLineAfter reports whether the line after the one ending at le holds a single value.
func valueLineAfter(text string, le int) bool {
	if le >= len(text) || text[le] != '\n' {
		return false
	}
	e := lineEnd(text, le+1)
	_, _, ok := lineValue(text, le+1, e)
	return ok || codeColumns(text, le+1, e) != nil
}

// slotStems are revealRule's keywords: every strong name holds one of them, so that the windowed
// run and the whole-text run judge the same lines.
var slotStems = append(append([]string(nil), strongStems...), "pass", "pw", "otp", "salt", "sig", "cred", "priv", "recovery", "seed", "pin", "security", "backup", "community")

// spacedGroups is a key printed in groups of letters and digits for reading aloud or typing
// (a Matrix security key, a spaced TOTP setup key): four or more groups, digits among them.
var spacedGroups = lazyRE(`^(?:[A-Za-z0-9]{3,8} ){3,}[A-Za-z0-9]{3,8}$`)

// joinedPhrase reports whether two words of a line spell a joined stem (recovery code, security
// key, backup codes), as a label or in a sentence that announces the secret.
func joinedPhrase(a, b string) bool {
	b = strings.TrimRight(b, ":.")
	if len(a) < 4 || len(b) < 3 {
		return false
	}
	j := a + strings.TrimSuffix(b, "s")
	if j == "securitykey" {
		// Said of a secret to write down ("Your Security Key is:"); as one name it is a class's
		// (SymmetricSecurityKey), and a hardware key's in prose: only the phrase counts.
		return true
	}
	for _, s := range joinedStems {
		if j == s {
			return true
		}
	}
	return false
}

// revealGuard spares the expression and revealPick a keyword on a prose line with nothing
// revealed after it, the common case (a note saying "the token budget is 2000 tokens"). It
// judges the line [ls, le), once per line (see rule.lineGuard).
func revealGuard(text string, ls, le int) bool {
	countWork(le - ls)
	return !proseText(text[ls:le]) || valueLineAfter(text, le)
}

// tokenSep are the bytes lineTokens splits at, as a table for proseText's loop.
var tokenSep = func() (t [256]bool) {
	for _, c := range []byte(" \t,;()'\"`") {
		t[c] = true
	}
	return t
}()

// containsFold reports, without allocating, whether s holds any of the lower-case ASCII words
// in any letter case.
func containsFold(s string, words []string) bool {
	for _, w := range words {
		for i := 0; i+len(w) <= len(s); i++ {
			j := 0
			for ; j < len(w); j++ {
				c := s[i+j]
				if 'A' <= c && c <= 'Z' {
					c += 'a' - 'A'
				}
				if c != w[j] {
					break
				}
			}
			if j == len(w) {
				return true
			}
		}
	}
	return false
}

// namedColon reports whether a lower-cased line holds a secret's name followed by a colon and a
// value ("password": "…", db_password: x): an assignment, not a revealing line.
func namedColon(low string) bool {
	for _, st := range slotStems {
		for i := strings.Index(low, st); i >= 0; {
			j := i + len(st)
			for j < len(low) && (isAlnum(low[j]) || low[j] == '_' || low[j] == '-' || low[j] == '"' || low[j] == '\'') {
				j++
			}
			// Round 15: a colon glued to a word is a subcommand's (secrets:reveal, config:get),
			// not a key's separator.
			if j+1 < len(low) && low[j] == ':' && strings.TrimSpace(low[j+1:]) != "" && !isLetter(low[j+1]) {
				return true
			}
			k := strings.Index(low[i+1:], st)
			if k < 0 {
				break
			}
			i += 1 + k
		}
	}
	return false
}

// getterCall reports whether the token is a call that fetches a secret (az.getSecret(…),
// vault.readSecret(…), get_password(…)) rather than a secret's name (round 14): its literal
// arguments are what it looks up — a subscription, a vault, a secret's name.
func getterCall(text string, tk [2]int) bool {
	if tk[1] >= len(text) || text[tk[1]] != '(' {
		return false
	}
	name := text[tk[0]:tk[1]]
	if k := strings.LastIndexAny(name, ".:>"); k >= 0 {
		name = name[k+1:]
	}
	parts := nameParts(name)
	return len(parts) > 1 && fetchWords[parts[0]]
}

// fetchWords start the names of calls that fetch a value from a store.
var fetchWords = map[string]bool{"get": true, "fetch": true, "read": true, "load": true, "lookup": true,
	"find": true, "retrieve": true, "resolve": true}

// keyFileName is a file whose name says it holds one key or one token and nothing else:
// master.key, deploy.token, app.secret, vault_pass, .vault-password. A certificate, a public
// key or a key's id is no such file.
func keyFileName(t string) bool {
	t = strings.Trim(t, "\"'`")
	if i := strings.LastIndexAny(t, "/\\"); i >= 0 {
		t = t[i+1:]
	}
	t = strings.ToLower(strings.TrimPrefix(t, "."))
	k := strings.LastIndexByte(t, '.')
	if k <= 0 {
		return false
	}
	switch t[k+1:] {
	case "key", "token", "secret", "passwd", "password", "pass", "psk":
		return !strings.Contains(t[:k], "pub") && !strings.Contains(t[:k], "cert")
	}
	return false
}

// accountPrincipal is an account written as Windows or Kerberos name it: DOMAIN\user (one
// backslash, or two as a string escapes it) or a principal with a realm in capitals
// (alice@ACME.IO, HTTP/web01.acme.io@ACME.IO).
func accountPrincipal(v string) bool {
	return principalShape().MatchString(v)
}

var principalShape = lazyRE(`^(?:[A-Za-z][A-Za-z0-9.-]{0,30}\\{1,2}[A-Za-z0-9._$-]{1,64}|[A-Za-z0-9._/-]{1,128}@[A-Z0-9][A-Z0-9.-]*\.[A-Z]{2,}:?)$`)

// codeChars reports whether v is made only of letters, digits, dashes and underscores, as a
// printed code is: code's punctuation (Token{, fnName,) makes it a line of source.
func codeChars(v string) bool {
	for i := 0; i < len(v); i++ {
		if c := v[i]; !isAlnum(c) && c != '-' && c != '_' {
			return false
		}
	}
	return true
}

// isoDate is a calendar date as machines print one (2024-01-02): a row of them under a
// password's or a backup's name is a list of when, not of codes (review of round 15).
var isoDate = lazyRE(`^\d{4}-\d{2}-\d{2}$`)

// idLabelLine reports whether a revealing line ends in a word that names an id ("Recovery key
// ID:", "Backup code fingerprint:"): the columns below it are ids, as BitLocker prints its
// recovery keys' ids, not the codes (review of round 15).
func idLabelLine(line string) bool {
	f := strings.Fields(strings.TrimRight(strings.TrimSpace(line), ":"))
	if len(f) == 0 {
		return false
	}
	w := strings.ToLower(f[len(f)-1])
	return idWords[w] || w == "ids" || w == "fingerprint" || w == "fingerprints"
}
