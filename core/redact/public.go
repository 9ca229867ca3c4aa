package redact

import (
	"encoding/base64"
	"strings"
)

// Shapes and names that make a random-looking string public or harmless (issue 15, fifth
// round): cache keys ending in a digest, signing tools' public keys, a JSON Web Key's public
// members.

// wordsThenHex is a name made of words with a hex digest at its end (Linux-node-<sha256>,
// build-cache-<sha1>): a composed cache key or resource name, not a credential — unless a
// word marks a credential's prefix (test, live, key, pub: shippo_test_<hex>).
func wordsThenHex(v string) bool {
	v = strings.Trim(v, `"'`)
	k := strings.LastIndexAny(v, "-_.")
	if k <= 0 || len(v)-k-1 < 7 || !isHex(v[k+1:]) {
		return false // cheap test first: most runs end in no digest
	}
	parts := strings.FieldsFunc(strings.Trim(v, `"'`), func(r rune) bool { return r == '-' || r == '_' || r == '.' })
	if len(parts) < 2 {
		return false
	}
	last := parts[len(parts)-1]
	if !isHex(last) || len(last) < 7 {
		return false
	}
	words := 0
	for _, p := range parts[:len(parts)-1] {
		low := strings.ToLower(p)
		for _, mark := range prefixMarks {
			if low == mark || len(mark) > 2 && strings.Contains(low, mark) {
				return false // shippo_test_<hex>, test_pub_<hex>: a credential's prefix
			}
		}
		switch {
		case len(p) >= 3 && pronounceable(strings.ToLower(p)):
			words++
		case len(p) <= 4 && (isDigits(p) || versionPart().MatchString(p)):
		default:
			return false
		}
	}
	return words > 0
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// publicKeyShape recognizes a signing tool's public key by its structure: minisign and signify
// public keys are base64 of 42 bytes starting with the algorithm "Ed".
func publicKeyShape(v string) bool {
	if len(v) != 56 {
		return false
	}
	b, err := base64.StdEncoding.DecodeString(v)
	return err == nil && len(b) == 42 && b[0] == 'E' && b[1] == 'd'
}

// jwkPublic reports whether a candidate is a public member (n, e, x, y) of a JSON Web Key: the
// key before it is one of those, and the object names its key type ("kty").
func jwkPublic(text string, start, end int) bool {
	i := start
	for i > 0 && start-i < 8 && strings.IndexByte(" \t:\"", text[i-1]) >= 0 {
		i--
	}
	if i < 2 || text[i-2] != '"' {
		return false
	}
	switch text[i-1] {
	case 'n', 'e', 'x', 'y':
	default:
		return false
	}
	lo, hi := max(0, start-2048), min(len(text), end+2048)
	return strings.Contains(text[lo:hi], `"kty"`)
}

// prefixMarks are secretMarks and the public-key marks: a word among them makes a prefix a
// credential's (test_pub_<hex>, acme_live_<hex>), not a cache key's.
var prefixMarks = append(append([]string(nil), secretMarks...), "pub", "pk")
