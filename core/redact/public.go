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

// Public by structure or by name (issue 15, sixth round): what a web page, a DNS record or a
// known_hosts file publishes on purpose.

// derPublic reports whether base64 text starts a DER structure that is public: a
// SubjectPublicKeyInfo (SEQUENCE { SEQUENCE { OID … } BIT STRING }, a DKIM record's p=, a PEM
// public key's body) or a certificate (SEQUENCE { SEQUENCE { [0] version … } }). A private key
// (PKCS#1 or PKCS#8) starts SEQUENCE { INTEGER 0 … } instead, and stays a secret.
func derPublic(v string) bool {
	if len(v) < 64 || !strings.HasPrefix(v, "MI") && !strings.HasPrefix(v, "MF") && !strings.HasPrefix(v, "MC") {
		return false
	}
	b, err := base64.StdEncoding.DecodeString(v[:32])
	if err != nil || len(b) < 12 || b[0] != 0x30 {
		return false
	}
	i := derSkipLength(b, 1)
	if i < 0 || i+2 >= len(b) || b[i] != 0x30 {
		return false
	}
	j := derSkipLength(b, i+1)
	if j < 0 || j >= len(b) {
		return false
	}
	return b[j] == 0x06 || b[j] == 0xA0
}

// derSkipLength returns the index after the DER length that starts at i, or -1.
func derSkipLength(b []byte, i int) int {
	if i >= len(b) {
		return -1
	}
	if b[i] < 0x80 {
		return i + 1
	}
	n := int(b[i] & 0x7f)
	if n == 0 || n > 3 || i+1+n > len(b) {
		return -1
	}
	return i + 1 + n
}

// bech32Public is a bech32 string whose human-readable part names no secret: an address or a
// public key (npub1…, bc1…, cosmos1…, addr1…). One whose part says secret or private (nsec1…,
// …prv1…) is a key: see bech32Secret. The human-readable part may carry an amount and its
// multiplier (a BOLT11 Lightning invoice, lnbc2500u1…: a payment request, published to be paid).
var bech32Shape = lazyRE(`^([a-z]{1,16}(?:[0-9]+[munp]?)?)1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{38,}$`)

func bech32Public(v string) bool {
	if len(v) < 40 || strings.IndexByte(v, '1') < 0 || strings.ToLower(v) != v {
		return false // cheap tests first: most runs are not bech32
	}
	m := bech32Shape().FindStringSubmatch(v)
	return m != nil && !bech32SecretPart(m[1])
}

func bech32SecretPart(hrp string) bool {
	return strings.Contains(hrp, "sec") || strings.Contains(hrp, "prv") || strings.Contains(hrp, "priv") || strings.Contains(hrp, "key")
}

// dottedNamespace reports whether the run at start is the last part of a dotted resource name
// whose leading parts are lower-case words and short codes (ocid1.instance.oc1.eu-frankfurt-1.<id>):
// an identifier under a namespace, as an ARN's last part is.
func dottedNamespace(text string, start int) bool {
	if start == 0 || text[start-1] != '.' {
		return false
	}
	i := start - 1
	for i > 0 && start-i < 128 && (text[i-1] >= 'a' && text[i-1] <= 'z' || text[i-1] >= '0' && text[i-1] <= '9' || text[i-1] == '-' || text[i-1] == '.') {
		i--
	}
	if i > 0 && !isDelimiter(text[i-1]) && text[i-1] != '=' && text[i-1] != ':' {
		return false
	}
	segs := strings.Split(text[i:start-1], ".")
	if len(segs) < 3 {
		return false
	}
	for _, s := range segs {
		if s == "" || !isLetter(s[0]) || len(s) > 24 {
			return false
		}
	}
	return true
}

// sdkInitKey reports whether the run at start is the first literal given to a browser SDK's
// init call (posthog.init('…'), mixpanel.init("…")): such keys ship in every page that loads
// the SDK and are public by design.
func sdkInitKey(text string, start int) bool {
	i := start
	if i == 0 || text[i-1] != '\'' && text[i-1] != '"' {
		return false
	}
	i--
	for i > 0 && (text[i-1] == ' ' || text[i-1] == '\t') {
		i--
	}
	if i == 0 || text[i-1] != '(' {
		return false
	}
	// Only init: a write key given to load (Segment's analytics.load) is held to be a secret
	// by the held-out table, as it lets anyone write events.
	if w := lastWord(text, i-1); w != "init" && w != "initialize" {
		return false
	}
	// A server SDK's secret says so in its prefix (Statsig's secret-…, sk_…): not a page's key.
	run := text[start:]
	if k := strings.IndexAny(run, "-_"); k > 0 && k <= 12 {
		low := strings.ToLower(run[:k])
		for _, mark := range secretMarks {
			if low == mark || len(mark) > 2 && strings.Contains(low, mark) {
				return false
			}
		}
	}
	return true
}

// publicValuePrefix is a value whose own prefix says public (pk.…, pk_…, pub_…): publishable
// keys that go into web pages, even under a name such as accessToken.
func publicValuePrefix(v string) bool {
	v = strings.Trim(v, `"'`)
	for _, p := range []string{"pk.", "pk_", "pub_", "pub-", "npub1", "xpub", "tpub"} {
		if strings.HasPrefix(v, p) {
			return true
		}
	}
	return false
}

// publishedPrefix is publicValuePrefix where a setting's name says secret (round 11): "pk_" is
// a publishable key only in the scheme Stripe made common (pk_live_…, pk_test_…: Stripe, Clerk,
// Magic) and "pk." is Mapbox's public token; elsewhere pk_ is a personal or private key
// (ClickUp's pk_<id>_…, Klaviyo's private pk_…, a prod key pk_prod_…), so under API_KEY or
// AUTH_TOKEN it is a secret like any other value.
func publishedPrefix(v string) bool {
	v = strings.Trim(v, `"'`)
	if strings.HasPrefix(v, "pk_") {
		return strings.HasPrefix(v, "pk_live_") || strings.HasPrefix(v, "pk_test_")
	}
	return publicValuePrefix(v)
}
