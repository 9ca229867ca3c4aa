package redact

import "strings"

// References, ciphertext and dummies (issue 15, sixth round): values that stand where a secret
// stands without being one in the clear.
//   - a reference to a secret kept elsewhere, written as a URI of words: op://vault/item/field,
//     vault:secret/data/app#password, ref+awssecrets://prod/api#/key, sm://project/name. A URI
//     with a generated segment (a webhook's token) or user info is not a reference;
//   - a value under a key that says it is encrypted (a Sealed Secret's encryptedData, a
//     ciphertext field): encrypted so that it may be committed, and useless without the key;
//   - the dummies of documentation: AWS's …EXAMPLE keys and a prefix followed by one character
//     repeated (sk_live_xxxxxxxx…, ghp_000000…).

// secretReference reports whether v is a URI made of words naming where a secret is kept.
func secretReference(v string) bool {
	k := strings.IndexByte(v, ':')
	if k < 2 || k > 24 || !isLetter(v[0]) {
		return false
	}
	for i := 1; i < k; i++ {
		if b := v[i]; !isAlnum(b) && b != '+' && b != '-' && b != '.' {
			return false
		}
	}
	rest := v[k+1:]
	if !strings.Contains(rest, "/") || strings.ContainsAny(rest, "@ \t\"'") {
		return false
	}
	segs := strings.FieldsFunc(rest, func(r rune) bool { return strings.ContainsRune("/#:.?=&", r) })
	if len(segs) < 2 {
		return false
	}
	for _, seg := range segs {
		if generatedSegment(seg, false) || !nameWord(seg) {
			return false
		}
	}
	return true
}

func isLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

// nameWord is a segment of a name: letters, digits, "-" and "_", mostly readable.
func nameWord(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isAlnum(s[i]) && s[i] != '-' && s[i] != '_' {
			return false
		}
	}
	return len(s) <= 4 || readableShare(s) >= 0.5
}

// underEncryptedKey reports whether the YAML key at pos sits in a mapping whose parent key says
// encrypted (encryptedData, encrypted_values, ciphertext): walk up to the first line indented
// less than pos's own.
func underEncryptedKey(text string, pos int) bool {
	ls := strings.LastIndexByte(text[:pos], '\n') + 1
	indent := 0
	for ls+indent < pos && (text[ls+indent] == ' ' || text[ls+indent] == '\t') {
		indent++
	}
	if ls+indent != pos || indent == 0 {
		return false
	}
	for n, p := 0, ls; n < 64 && p > 0; n++ {
		s := strings.LastIndexByte(text[:p-1], '\n') + 1
		line := text[s : p-1]
		p = s
		trimmed := strings.TrimLeft(line, " \t")
		if trimmed == "" || len(line)-len(trimmed) >= indent {
			continue
		}
		name, _, ok := strings.Cut(trimmed, ":")
		if !ok {
			return false
		}
		for _, part := range nameParts(strings.Trim(strings.TrimSpace(name), `"'-`)) {
			if part == "encrypted" || part == "ciphertext" || part == "sealed" || strings.HasPrefix(part, "encrypted") {
				return true
			}
		}
		return false
	}
	return false
}

// dummyValue is documentation's stand-in for a credential: it spells EXAMPLE (AWS's
// AKIAIOSFODNN7EXAMPLE and its secret key), or after its prefix one character repeats to the
// end (sk_live_xxxxxxxxxxxxxxxx, ghp_0000000000…).
func dummyValue(v string) bool {
	if strings.Contains(v, "EXAMPLE") || maskedValue(v) || maskShape(v) || instructionValue(v) {
		return true
	}
	n := 1
	for i := len(v) - 1; i > 0 && v[i-1] == v[len(v)-1]; i-- {
		n++
	}
	if n < 8 {
		return false
	}
	body := v[:len(v)-n]
	// The rest is a prefix (sk_live_, ghp_) or nothing: a key that merely ends in a run of one
	// character still has its random body.
	return len(body) <= 12 && (body == "" || strings.ContainsAny(body, "_-."))
}

// maskShape is a value whose every letter or digit is one repeated mask character (x, X, *, 0)
// between separators: a masked UUID (xxxxxxxx-xxxx-…), a key's layout written out (XXXX-XXXX).
func maskShape(v string) bool {
	var c byte
	n := 0
	for i := 0; i < len(v); i++ {
		switch b := v[i]; b {
		case '-', '_', '.', ' ':
		case 'x', 'X', '*', '0':
			if c != 0 && b != c {
				return false
			}
			c = b
			n++
		default:
			return false
		}
	}
	return n >= 8 && strings.ContainsAny(v, "-_. ")
}

// encryptedLine reports whether the generic run at start is the value of a YAML key whose
// parent says encrypted (encryptedData:\n  password: AgB…).
func encryptedLine(text string, start int) bool {
	ls := strings.LastIndexByte(text[:start], '\n') + 1
	k := ls
	for k < start && (text[k] == ' ' || text[k] == '\t') {
		k++
	}
	return k > ls && k < start && strings.IndexByte(text[k:start], ':') > 0 && underEncryptedKey(text, k)
}

// namesASecret reports whether a setting that says which credential or secret to use
// (systemd's LoadCredential=, a workflow's secret:, credentials_id) is given a secret's name
// rather than a secret: lower-case words joined by hyphens or underscores, one of them a secret
// word (db-password, deploy_token). A password slot is not such a setting: there an ordinary
// phrase (correct-horse-battery) is the password.
func namesASecret(name, val string) bool {
	parts := nameParts(name)
	if len(parts) == 0 {
		return false
	}
	switch parts[len(parts)-1] {
	case "credential", "credentials", "secret", "secrets":
	default:
		return false
	}
	return secretLabel(val) && containsAny(val, []string{"passw", "secret", "token", "key", "credential", "cred", "pass"})
}

// instructionValue is documentation telling the reader what to put where a secret goes
// (round 15): a constant spelled as an instruction (PASTE_TOKEN_HERE, INSERT_API_KEY,
// ENTER_YOUR_PASSWORD, SET_ME), or a note to do it later ("TODO: set me", "FIXME").
func instructionValue(v string) bool {
	v = strings.Trim(v, `"' `)
	low := strings.ToLower(v)
	for _, p := range []string{"todo", "fixme", "tbd", "xxx"} {
		if strings.HasPrefix(low, p) && (len(low) == len(p) || strings.IndexByte(":- (", low[len(p)]) >= 0) {
			return true
		}
	}
	if !upperSnake().MatchString(v) || !strings.Contains(v, "_") {
		return false
	}
	parts := strings.Split(low, "_")
	switch parts[0] {
	case "paste", "insert", "enter", "put", "fill", "set", "add", "replace", "change", "your", "my":
		return true
	}
	return parts[len(parts)-1] == "here" || parts[len(parts)-1] == "me"
}
