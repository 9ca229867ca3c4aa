package redact

import "strings"

// Round 14: values whose slot is said by a structure around them rather than a name on their
// own line.
//
// A YAML list under a key that names credentials in the plural (api_keys, authorizedKeys,
// tokens, secrets, passwords), also one or two mapping levels down (authorizedKeys:
// evaluation: - <key>): each item is a credential when it is generated — a UUID, or random
// as a key is. Items with blanks (an SSH public key line), digests' lengths of hex (a key's
// fingerprint: 40 or 64 hex digits) and words stay, and so do lists whose name says public or
// id. The walk is bounded: at most maxListLines lines after the key.
//
// A symbol an assembler lays a string under (wifi_psk: .asciz "…", db_password db "…", 0): the
// symbol's name names the string as a variable's does, judged as an assignment.
const maxListLines = 24

func credentialListRules() []*rule {
	return []*rule{
		lineStart(near(withPick(mk("secret-assignment", `(?m)^([ \t]*)["']?([A-Za-z_][A-Za-z0-9_.-]*)["']?[ \t]*:[ \t]*\r?$`, "keys:", "tokens:", "secrets:", "passwords:", "credentials:", "keys\":", "tokens\":"), credentialListPick), 0, 2048)),
		// A key written as a sized or based number literal, as hardware description and
		// low-level code write one: FW_AES_KEY = 128'h5a65…; (Verilog), x"…" (VHDL), 0x… of 32
		// hex digits or more (a 128-bit key, not a mask or an address). The name judges it.
		onLine(near(withPick(mk("secret-assignment", `\b([A-Za-z_][A-Za-z0-9_]*)(?:[ \t]*\[[^\]\n]{1,16}\])?(?:[ \t]*:[ \t]*[A-Za-z_][A-Za-z0-9_]*(?:[ \t]*\([^()\n]{1,40}\))?)?[ \t]*(?:<=|:=|=)[ \t]*(?:\d{1,4}'[hH]|0[xX]|[xX]")([0-9a-fA-F_]{32,256})\b`, "'h", "'H", "0x", "x\""), hexLiteralPick), 96, 320), nil),
		lineStart(near(withPick(mk("secret-assignment", `(?m)^[ \t]*([A-Za-z_][A-Za-z0-9_]*)(?::[ \t]*(?:\r?\n[ \t]*)?|[ \t]+)\.?(?i:asciz|ascii|string|db|dc\.b|defb|byte)[ \t]+"([^"\n]*)"`, "asciz", "ascii", ".string", " db ", "dc.b", "defb", ".byte"), asmStringPick), 96, 256)),
	}
}

// credentialListName reports whether a key names a list of credentials: its last part is a
// secret word in the plural, and no part says public or id.
func credentialListName(name string) bool {
	parts := nameParts(name)
	if len(parts) == 0 {
		return false
	}
	for _, p := range parts {
		if publicNameWords[p] || p == "id" || p == "ids" || p == "ssh" || p == "gpg" || p == "pgp" || p == "host" || p == "known" {
			return false
		}
	}
	n := len(parts)
	if n >= 2 && parts[n-1] == "keys" && (notCredentialKeys[parts[n-2]] || notCredentialKeys[strings.TrimSuffix(parts[n-2], "s")]) {
		return false // the review of round 14: partition_keys, sort_keys, idempotency_keys open nothing
	}
	switch parts[n-1] {
	case "keys", "apikeys", "tokens", "secrets", "passwords", "credentials", "passphrases":
		return true
	}
	return false
}

// bareListName is a list named only keys: or tokens:, which says less than api_keys: does
// (a map's keys, a lexer's tokens): its items must be UUIDs or random by the stricter test.
func bareListName(name string) bool {
	parts := nameParts(name)
	return len(parts) == 1 && (parts[0] == "keys" || parts[0] == "tokens")
}

func credentialListPick(text string, m []int) [][2]int {
	if !credentialListName(text[m[4]:m[5]]) {
		return nil
	}
	strict := bareListName(text[m[4]:m[5]])
	indent := m[3] - m[2]
	var out [][2]int
	pos := m[1]
	for n := 0; n < maxListLines && pos < len(text); n++ {
		if text[pos] == '\r' {
			pos++
		}
		if pos >= len(text) || text[pos] != '\n' {
			break
		}
		s := pos + 1
		e := lineEnd(text, s)
		pos = e
		line := text[s:e]
		body := strings.TrimLeft(line, " \t")
		if strings.TrimSpace(body) == "" {
			continue
		}
		if len(line)-len(body) <= indent && !strings.HasPrefix(body, "- ") {
			break // the next key of the parent's level
		}
		if strings.HasPrefix(body, "- ") {
			item := strings.TrimSpace(strings.TrimRight(body[2:], "\r"))
			is := s + (len(line) - len(body)) + 2 + strings.Index(body[2:], item)
			if q := strings.Trim(item, `"'`); len(q) < len(item) {
				is += strings.IndexAny(item, `"'`) + 1
				item = q
			}
			if generatedItem(item, strict) {
				out = append(out, [2]int{is, is + len(item)})
			}
			continue
		}
		if strings.HasSuffix(strings.TrimRight(body, " \t\r"), ":") {
			continue // a sub-group: evaluation:
		}
		break // a mapping of values: the assignment rules read it
	}
	return out
}

// generatedItem is a list item that is a generated credential: a UUID, or a random value of 16
// or more characters that is not a digest's hex; under a bare keys: or tokens: (strict), a
// random value of 20 or more with entropy (ENDOFFILE_MARKER_1 and IDENTIFIER12345678 stay).
func generatedItem(v string, strict bool) bool {
	if v == "" || strings.ContainsAny(v, " \t:") || isPlaceholder(v) {
		return false
	}
	if uuidShape().MatchString(v) && len(v) == 36 {
		return true
	}
	if isHex(v) && (len(v) == 40 || len(v) == 64) {
		return false
	}
	if strict {
		// A name with a number at its end (a constant, a marker) is letters then digits; a
		// generated value mixes them.
		return randomValue(v) && !nameThenNumber().MatchString(v)
	}
	return randomValue16(v)
}

var nameThenNumber = lazyRE(`^[A-Za-z][A-Za-z_]*[0-9_]*$`)

func asmStringPick(text string, m []int) [][2]int {
	name, v := text[m[2]:m[3]], text[m[4]:m[5]]
	if v == "" || !secretAssignment(name, "=", v) && !(passwordName(name) && weakPassword(v)) {
		return nil
	}
	return [][2]int{{m[4], m[5]}}
}

// hexLiteralPick judges a number literal's digits under its name: a key's name (AES_KEY,
// hmac_secret) makes them the key; a mask's, an address's or a hash's stays.
func hexLiteralPick(text string, m []int) [][2]int {
	name := text[m[2]:m[3]]
	digits := strings.ReplaceAll(text[m[4]:m[5]], "_", "")
	if len(digits) < 32 || publicNamed(name) || !secretAssignment(name, "=", digits) {
		return nil
	}
	return [][2]int{{m[4], m[5]}}
}
