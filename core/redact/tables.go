package redact

import "strings"

// Round 9: a table whose header names a credential column. A password manager's export (any
// of them: the columns are named, not the tool), a spreadsheet of accounts, a database's
// output: the header says which column holds the secret, and every row's cell under it is one.
// The header must also name whose the secret is (a user, a login, an e-mail, a site or a
// title), so that a table about passwords (a policy's "password,min_length,max_age") is not
// read as holding them.

// credentialColumn is a column whose cells are secrets: its name's last part is a secret word.
func credentialColumn(name string) bool {
	parts := nameParts(name)
	if len(parts) == 0 {
		return false
	}
	switch parts[len(parts)-1] {
	case "password", "passwd", "pwd", "pass", "passphrase", "secret", "token", "apikey", "pin",
		"totp", "otpauth", "otp", "seed", "credential":
		return true
	}
	return parts[len(parts)-1] == "key" && len(parts) > 1 && (parts[len(parts)-2] == "api" || parts[len(parts)-2] == "secret")
}

// ownerColumns name whose a row's secret is.
var ownerColumns = map[string]bool{"username": true, "user": true, "login": true, "email": true,
	"name": true, "title": true, "url": true, "uri": true, "site": true, "account": true, "host": true,
	"website": true, "service": true, "userid": true, "login_name": true}

// splitRow splits one table row at sep, a quoted cell ("a,b") holding its separators; it
// returns each cell's bounds in line.
func splitRow(line string, sep byte) [][2]int {
	var cells [][2]int
	start, quoted := 0, false
	for i := 0; i <= len(line); i++ {
		if i < len(line) && line[i] == '"' {
			quoted = !quoted
			continue
		}
		if i == len(line) || line[i] == sep && !quoted {
			cells = append(cells, [2]int{start, i})
			start = i + 1
		}
	}
	return cells
}

// tableHeaderPick reads the header line the rule matched: it finds the separator, the credential
// columns and an owner column, then redacts those columns' cells in the rows below, up to a
// blank line or a row of another width.
func tableHeaderPick(text string, m []int) [][2]int {
	ls, le := m[0], m[1]
	for ls < le && (text[ls] == '\n' || text[ls] == '\r') {
		ls++
	}
	header := strings.TrimRight(text[ls:le], "\r")
	var sep byte
	for _, c := range []byte{',', '\t', ';', '|'} {
		if strings.Count(header, string(c)) >= 2 {
			sep = c
			break
		}
	}
	if sep == 0 {
		return nil
	}
	cols := splitRow(header, sep)
	var secretCols []int
	owner := false
	for i, c := range cols {
		name := strings.Trim(strings.TrimSpace(header[c[0]:c[1]]), `"'`)
		if name == "" {
			continue
		}
		if strings.ContainsAny(name, "=:/") || len(name) > 32 || !headerName().MatchString(name) {
			return nil // a row of data, code or prose, not a header
		}
		if credentialColumn(name) {
			secretCols = append(secretCols, i)
		}
		owner = owner || ownerColumns[strings.ToLower(strings.ReplaceAll(name, " ", ""))] || ownerColumns[strings.Join(nameParts(name), "_")]
	}
	if len(secretCols) == 0 || !owner || len(cols) < 3 {
		return nil
	}
	var out [][2]int
	for rs, n := le+1, 0; rs < len(text) && n < 1000; n++ {
		re := lineEnd(text, rs)
		row := strings.TrimRight(text[rs:re], "\r")
		if strings.TrimSpace(row) == "" {
			break
		}
		if sep == '|' && strings.Trim(row, "-+| \t") == "" {
			rs = re + 1 // psql's rule under the header
			continue
		}
		cells := splitRow(row, sep)
		if len(cells) < len(cols) {
			break
		}
		for _, i := range secretCols {
			s, e := rs+cells[i][0], rs+cells[i][1]
			for s < e && (text[s] == ' ' || text[s] == '\t' || text[s] == '"') {
				s++
			}
			for e > s && (text[e-1] == ' ' || text[e-1] == '\t' || text[e-1] == '"') {
				e--
			}
			if v := text[s:e]; v != "" && !isPlaceholder(v) && !maskedValue(v) {
				out = append(out, [2]int{s, e})
			}
		}
		rs = re + 1
	}
	return out
}

// tableHeaderGuard spares the header expression most hits of its words: a header line holds
// its separator at least twice.
func tableHeaderGuard(text string, start, end int) bool {
	ls := strings.LastIndexByte(text[:start], '\n') + 1
	le := lineEnd(text, end)
	line := text[ls:le]
	if len(line) > 512 || le >= len(text) {
		return false // no row below, or a long line of prose
	}
	return strings.Count(line, ",") >= 2 || strings.Count(line, "\t") >= 2 || strings.Count(line, ";") >= 2 || strings.Count(line, "|") >= 2
}

// tableHeaderLine reports whether line is a table's header: two or more cells at one
// separator, each a short name.
func tableHeaderLine(line string) bool {
	line = strings.TrimRight(line, "\r")
	for _, sep := range []byte{',', '\t', ';', '|'} {
		if strings.Count(line, string(sep)) < 1 {
			continue
		}
		for _, c := range splitRow(line, sep) {
			name := strings.Trim(strings.TrimSpace(line[c[0]:c[1]]), `"'`)
			if len(name) > 32 || !headerName().MatchString(name) {
				return false
			}
		}
		return true
	}
	return false
}

var headerName = lazyRE(`^(?:[A-Za-z][A-Za-z0-9 _./-]*)?$`)

// plistPick redacts a property list value whose key names a secret (<key>Password</key>
// <string>…</string>): a password-named key takes any value, other secret names a value that
// looks like one, as secretAssignment judges NAME=value.
func plistPick(text string, m []int) [][2]int {
	name, vs, ve := text[m[2]:m[3]], m[4], m[5]
	for vs < ve && strings.IndexByte(" \t\r\n", text[vs]) >= 0 {
		vs++
	}
	for ve > vs && strings.IndexByte(" \t\r\n", text[ve-1]) >= 0 {
		ve--
	}
	v := text[vs:ve]
	if v == "" || isPlaceholder(v) || maskedValue(v) || publicNamed(name) {
		return nil
	}
	if passwordName(name) || secretAssignment(name, "=", v) {
		return [][2]int{{vs, ve}}
	}
	return nil
}

// dumpPick redacts a dumped value whose key names a secret, as plistPick does.
func dumpPick(text string, m []int) [][2]int {
	name, v := text[m[2]:m[3]], text[m[4]:m[5]]
	if v == "" || isPlaceholder(v) || maskedValue(v) || publicNamed(name) {
		return nil
	}
	if passwordName(name) || secretAssignment(name, "=", v) {
		return [][2]int{{m[4], m[5]}}
	}
	return nil
}

// Round 15: tables a tool prints aligned with blanks (kubectl get, docker ps, gpg
// --list-keys' columns, gcloud and az with --output table): a header of column names in
// capitals, then rows whose cells start under their column's name. A cell under a column named
// as an id, a digest, a type, a time or a status (KEY ID, IMAGE ID, TYPE, CREATED, STATUS) is
// that, whatever it looks like; a column named for a credential, or for a value whose meaning
// the row's name gives (VALUE, DATA, SECRET), is left to the rules.

// alignedColumn returns the header of the column the byte at pos stands in, when pos is in a
// row of a blank-aligned table; "" otherwise. It reads back at most 24 lines and 2 KB.
func alignedColumn(text string, pos int) string {
	lo := max(0, pos-pickReach)
	ls := lo + strings.LastIndexByte(text[lo:pos], '\n') + 1
	col := pos - ls
	if ls == lo && lo > 0 {
		return ""
	}
	end := ls
	for n := 0; n < 24 && end > lo; n++ {
		hs := lo + strings.LastIndexByte(text[lo:end-1], '\n') + 1
		line := strings.TrimRight(text[hs:end-1], "\r")
		if strings.TrimSpace(line) == "" {
			return "" // a blank line ends the table above the row
		}
		if ruleLine(line) {
			end = hs
			continue // the dashes under a header
		}
		if cols := headerColumns(line); cols != nil && tableStart(text, lo, hs) {
			name := ""
			for _, c := range cols {
				if c[0] <= col {
					name = line[c[0]:c[1]]
				}
			}
			return name
		}
		if hs == lo && lo > 0 {
			return ""
		}
		end = hs
	}
	return ""
}

// headerColumns splits an aligned table's header into its column names: two or more, each of
// capitals, blanks single within a name (KEY ID), and two or more blanks between names. A
// lower-case letter, a digit or another mark makes it no header (COMPUTERNAME  BUILD01 is a
// row of values).
func headerColumns(line string) [][2]int {
	var cols [][2]int
	i := 0
	for i < len(line) {
		for i < len(line) && line[i] == ' ' {
			i++
		}
		if i == len(line) {
			break
		}
		j := i
		for j < len(line) && (line[j] >= 'A' && line[j] <= 'Z' || line[j] == '_' || line[j] == '-' || line[j] == '(' || line[j] == ')' ||
			line[j] == ' ' && j+1 < len(line) && line[j+1] != ' ') {
			j++
		}
		if j == i || j < len(line) && line[j] != ' ' {
			return nil
		}
		if len(cols) > 0 && i-cols[len(cols)-1][1] < 2 {
			return nil
		}
		cols = append(cols, [2]int{i, j})
		i = j
	}
	if len(cols) < 2 {
		return nil
	}
	return cols
}

// describedColumn is a column whose header says what its cells are and that they are no
// credential: an id, a digest, a name, a type, a time, a status.
func describedColumn(h string) bool {
	parts := nameParts(strings.ReplaceAll(h, " ", "_"))
	if len(parts) == 0 {
		return false
	}
	for _, p := range parts {
		if containsAny(p, strongStems) || strongParts[p] || p == "value" || p == "data" || p == "key" && len(parts) == 1 {
			return false
		}
	}
	last := parts[len(parts)-1]
	return idWords[last] || describingWords[last] || tableWords[last]
}

// tableWords head the columns of tools' listings that hold neither an id nor a secret.
var tableWords = map[string]bool{"created": true, "age": true, "status": true, "state": true,
	"ready": true, "restarts": true, "namespace": true, "kind": true, "owner": true, "image": true,
	// No "command": ps's and docker ps --no-trunc's COMMAND cells hold the arguments a
	// process was started with, -p<password> and --token=… among them (review of round 15).
	"ports": true, "names": true, "tag": true, "repository": true, "size": true,
	"date": true, "modified": true, "updated": true, "expires": true, "last": true, "uid": true}

// ruleLine is a line of dashes, equals signs and blanks drawn under a table's header.
func ruleLine(line string) bool {
	t := strings.TrimSpace(line)
	return len(t) >= 3 && strings.Trim(t, "-= +|") == ""
}

// tableStart reports whether a header line starting at hs opens its table: the text's start,
// a blank line or a command's prompt line ($, >, #, PS …>) above it.
func tableStart(text string, lo, hs int) bool {
	if hs == 0 {
		return true
	}
	if hs <= lo {
		return false
	}
	ps := lo + strings.LastIndexByte(text[lo:hs-1], '\n') + 1
	prev := strings.TrimSpace(text[ps : hs-1])
	return prev == "" || strings.HasPrefix(prev, "$") || strings.HasPrefix(prev, ">") || strings.HasPrefix(prev, "#") ||
		strings.HasPrefix(prev, "PS ") || strings.HasPrefix(prev, "%")
}
