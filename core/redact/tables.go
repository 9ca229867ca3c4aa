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
