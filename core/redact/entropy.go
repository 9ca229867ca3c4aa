package redact

import (
	"math"
	"math/big"
	"regexp"
	"strings"
	"unicode"
)

// harmless are shapes that look random but are not secrets: content hashes in lockfiles
// (integrity sha512-…, go.sum h1:…), digests, public PEM blocks. Generic rules yield to them;
// rules that recognise a credential by its issuer or its context do not.
var harmlessHash = lazyRE(`\bsha(?:1|256|384|512)-[A-Za-z0-9+/]{20,}={0,2}` +
	`|\bh1:[A-Za-z0-9+/]{43}=` +
	`|\b(?:sha1|sha256|sha384|sha512|md5|blake2b|blake3):[a-fA-F0-9]{32,128}\b` +
	// SSH key fingerprints (ssh-keygen -l, "key fingerprint is").
	`|\bSHA256:[A-Za-z0-9+/]{43}(?:[^A-Za-z0-9+/=]|$)` +
	// Public addresses whose encoding names them: age recipients, bech32 Bitcoin addresses,
	// IPFS content ids (CIDv1 base32, CIDv0 base58). An age plugin's recipient names its plugin
	// (age1yubikey1…, age1tpm1…) and is as public as a plain one.
	`|\bage1(?:[a-z0-9]{2,16}1)?[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{50,}\b|\bbc1[qp][qpzry9x8gf2tvdw0s3jn54khce6mua7l]{38,58}\b` +
	`|\bbaf[a-z][a-z2-7]{50,}\b|\bQm[1-9A-HJ-NP-Za-km-z]{44}\b` +
	// Tor v3 onion addresses are public.
	`|\b[a-z2-7]{56}\.onion\b` +
	// A digest behind its algorithm's name in Nix's base32 (sha256:1l2c9gk…), and Amazon
	// resource names, whose last part is a resource's id (arn:aws:kms:…:key/<uuid>).
	`|\b(?:sha1|sha256|sha512|md5):[0-9a-df-np-sv-z]{26,103}\b` +
	`|\barn:aws[a-z-]*:[a-z0-9-]+:[a-z0-9-]*:\d{0,12}:[A-Za-z0-9/_.:+=@-]+` +
	// Publishable keys are public by design: Stripe's pk_live_/pk_test_ go into web pages.
	`|\bpk_(?:live|test)_[A-Za-z0-9]{20,}` +
	// SOPS values are encrypted so that they may be committed: ENC[AES256_GCM,data:…,iv:…].
	`|\bENC\[[A-Za-z0-9_]+,data:[^\]\s]*\]` +
	// So are hiera-eyaml's ENC[PKCS7,…] and jasypt's ENC(…), each readable only with a key
	// kept elsewhere.
	`|\bENC\[(?:PKCS7|GPG),[A-Za-z0-9+/=\s]+\]|\bENC\([A-Za-z0-9+/=]{16,}\)`)

// harmlessNear are shapes around a candidate that make it public: SSH public keys, data: URIs,
// Nix store paths.
var harmlessNear = lazyRE(`\b(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@openssh\.com|sk-ecdsa-sha2-nistp256@openssh\.com) AAAA[A-Za-z0-9+/]+={0,3}` +
	`|\bdata:[a-z]+/[a-z0-9.+-]+(?:;[a-z0-9=.-]+)*;base64,[A-Za-z0-9+/=]+` +
	`|/nix/store/[0-9a-df-np-sv-z]{32}-` +
	// Hashed known_hosts entries (|1|salt|hash) publish a host's name hashed.
	`|\|1\|[A-Za-z0-9+/]{27}=\|[A-Za-z0-9+/]{27}=`)

var harmlessPEM = lazyRE(`(?s)-----BEGIN (?:[A-Z0-9 ]*PUBLIC KEY(?: BLOCK)?|PGP SIGNATURE|CERTIFICATE|CERTIFICATE REQUEST|X509 CRL)-----.*?-----END [A-Z0-9 ]+-----`)

// harmlessMarks are literals (lower-cased) one of which every match of harmlessHash, and of
// harmlessNear, holds.
var harmlessMarks = [2][]string{
	{"sha1", "sha256", "sha384", "sha512", "h1:", "md5:", "blake", "age1", "bc1", "baf", "qm", ".onion", "arn:", "pk_", "enc[", "enc("},
	{"ssh-", "ecdsa-", "data:", "/nix/store/", "|1|"},
}

func containsAny(s string, words []string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// harmlessSpans returns the harmless shapes that overlap any of the generic spans. Hash shapes
// are short, so each is looked for only near a span; public PEM blocks are found by their
// literal BEGIN line.
func harmlessSpans(text string, spans []span) [][]int {
	var out [][]int
	if strings.Contains(text, "-----BEGIN ") {
		out = harmlessPEM().FindAllStringIndex(text, -1)
	}
	if strings.Contains(text, "BEGIN ") {
		out = append(out, armoredPublic(text)...)
	}
	const reach = 200 // longer than any hash shape
	for _, s := range spans {
		if !s.generic {
			continue
		}
		lo, hi := max(0, s.start-reach), min(len(text), s.end+reach)
		for lo > 0 && lo > s.start-2*reach && !isDelimiter(text[lo-1]) {
			lo--
		}
		low := strings.ToLower(text[lo:hi])
		for i, re := range []func() *regexp.Regexp{harmlessHash, harmlessNear} {
			// The expressions are large, and most windows hold none of their literal marks:
			// look for a mark first, so that a span beside no hash costs a few substring scans.
			if !containsAny(low, harmlessMarks[i]) {
				continue
			}
			for _, m := range re().FindAllStringIndex(text[lo:hi], -1) {
				out = append(out, []int{m[0] + lo, m[1] + lo})
			}
		}
		if v := text[s.start:s.end]; envTagged(v[strings.LastIndexAny(v, "=:")+1:]) {
			continue // an environment-tagged key (preprod…, live_…) under an id's name is a key
		}
		// The line checks below read back to their line's start (a label, a record's type, a
		// comment's mark) and some ahead: on one long line of assignments that is the whole
		// text for every span. They read within a pick's reach of the span, as the rules'
		// picks do, so the work stays linear (the review of round 13).
		wlo, whi := max(0, s.start-pickReach), min(len(text), s.end+pickReach)
		countWork(whi - wlo)
		w, st, en := text[wlo:whi], s.start-wlo, s.end-wlo
		if inURLPath(w, st, en) || namedID(w, st, en) || windowsSID(w, st, en) || fileInPath(w, st, en) || jwkPublic(w, st, en) ||
			dottedNamespace(w, st) || sdkInitKey(w, st) || encryptedLine(w, st) ||
			urlHost(w, st, en) || lineLabelPublic(w, st) || publicRecord(w, st) ||
			binaryMagic(text[s.start:s.end]) || escapedBase64Text(w, st, en) || proofLabel(w, st) || affinityValue(w, st) ||
			cipherEnvelope(w, st) || signedFileLine(w, st) || encryptedSetting(w, st) ||
			inBrowserURL(w, st) || publicComment(w, en) || encryptedFileOutput(w, st) || gitRefName(text[s.start:s.end]) {
			out = append(out, []int{s.start, s.end})
		}
	}
	return out
}

// highEntropy judges a long run of token characters. Guards, chosen deliberately:
//   - all-hex strings (git SHAs, content hashes, hex digests, UUIDs) are kept: sessions quote them
//     all the time. A hex credential is caught by its prefix (SK…, dapi…, key-…) or its name.
//   - ULIDs (note ids) are kept, and so are generated resource names (payments-api-7d9f8c6b5-x2x9q):
//     lower-case words and short random segments joined by hyphens.
//   - base64 that decodes to ordinary text is kept: it is an encoding, not a key.
//   - identifiers (snake_case, camelCase, kebab-case, paths) are kept: they are mostly words of
//     three or more lower-case letters and switch between lower case, upper case and digits
//     rarely, while a random string switches on most characters.
func highEntropy(m string) bool {
	core := strings.Trim(m, "=-_/+")
	if strings.HasPrefix(core, "0x") && isHex(core[2:]) {
		return false // a hex number: an address, a transaction or a hash
	}
	if len(core) < 24 || isULID(core) || isKSUID(core) || alphabetListing(core) || publicKeyShape(m) || publicValuePrefix(core) || typedHexID(core) {
		return false
	}
	if segs, ok := pathSegments(core); ok {
		// A path (/var/lib/docker/overlay2/<digest>/merged) is judged segment by segment: its
		// words are not a key's letters, and a digest in it is kept as any digest is.
		for i, seg := range segs {
			// /.well-known/acme-challenge/<token>, /commit/<sha>: a segment named as an id by
			// the one before is kept.
			if len(seg) >= 24 && !(i > 0 && namedBySegment(segs[i-1])) && highEntropy(seg) {
				return true
			}
		}
		return false
	}
	squeezed := strings.Map(func(r rune) rune {
		if r == '_' || r == '-' || r == '/' {
			return -1
		}
		return r
	}, core)
	if isHex(squeezed) || wordsThenHex(core) || isResourceName(core) || isCloudID(core) || isObjectID(core) || namedUUID().MatchString(core) {
		return false
	}
	if derPublic(core) || bech32Public(core) {
		return false // public by structure: a DER public key, a bech32 address, pk_/pk. keys
	}
	letters, digitCount := 0, 0
	for _, r := range core {
		switch {
		case unicode.IsDigit(r):
			digitCount++
		case unicode.IsLetter(r):
			letters++
		}
	}
	if digitCount == 0 || letters == 0 {
		return false
	}
	if readableShare(squeezed) >= 0.5 || decodesToText(strings.TrimLeft(m, "-_")) {
		return false
	}
	// A payment address passes its checksum (addresses.go): asked last, of random strings only.
	return entropy(squeezed) >= 3.8 && (switchRate(squeezed) >= 0.35 || longestSegment(core) >= 24 && switchesLikeRandom(squeezed)) &&
		!base58Address(core)
}

// longestSegment is the length of the longest part of s between separators (_ - / .): a key
// with a prefix keeps a long random part (ACMEKEY_FFZV…); an identifier is short words and
// numbers (SHA256_DIGEST_LENGTH_IS_32, cp312-manylinux_2_17_x86_64).
func longestSegment(s string) int {
	best, cur := 0, 0
	for i := 0; i < len(s); i++ {
		if strings.IndexByte("_-/.", s[i]) >= 0 {
			cur = 0
			continue
		}
		cur++
		best = max(best, cur)
	}
	return best
}

// switchesLikeRandom compares how often adjacent characters change class (lower, upper, digit)
// with what a random string of the same mix would do. Identifiers change rarely (words, then a
// number); a random string changes on most pairs. A string of two classes only (upper case and
// digits, lower case and digits: 92JHLYYLBJ5YX1BB…, csk-viqco04wg6…) cannot change as often as
// one of three, so it is held to its own expectation, 1 - Σ share², and must be long and varied.
func switchesLikeRandom(s string) bool {
	sr := switchRate(s)
	if sr >= 0.35 {
		return true
	}
	var counts [4]int
	n := 0
	for _, r := range s {
		switch {
		case unicode.IsLower(r):
			counts[0]++
		case unicode.IsUpper(r):
			counts[1]++
		case unicode.IsDigit(r):
			counts[2]++
		default:
			counts[3]++
		}
		n++
	}
	if n < 24 || float64(counts[2]) < 0.12*float64(n) || entropy(s) < 4.0 || allDistinct(s) {
		return false
	}
	expected := 1.0
	for _, c := range counts {
		p := float64(c) / float64(n)
		expected -= p * p
	}
	return sr >= 0.55*expected
}

// allDistinct reports whether no character repeats: an alphabet written out (bech32's
// qpzry9x8gf2tvdw0s3jn54khce6mua7l), not a draw from one — 24 random draws from 36 characters
// repeat one with a probability above 99.9 %.
func allDistinct(s string) bool {
	var seen [256]bool
	for i := 0; i < len(s); i++ {
		if seen[s[i]] {
			return false
		}
		seen[s[i]] = true
	}
	return true
}

// alphabetListing is an alphabet written out: no character repeats in 24 or more of one case
// and digits (bech32's qpzry9x8gf2tvdw0s3jn54khce6mua7l), or in 32 or more of both cases. Random
// draws that long repeat a character with a probability above 99.9 %.
func alphabetListing(s string) bool {
	if !allDistinct(s) {
		return false
	}
	return len(s) >= 32 || strings.ToLower(s) == s || strings.ToUpper(s) == s
}

// readableShare is wordShare counting only runs that could be read aloud: with a vowel and no
// five consonants in a row. Random lower-case text holds many runs of three letters, few of
// them pronounceable ("kmasogcadikbhwzme" is not a word; "transcript" is).
func readableShare(s string) float64 {
	if s == "" {
		return 0
	}
	n := 0
	for _, m := range wordRun().FindAllString(s, -1) {
		if pronounceable(m) {
			n += len(m)
		}
	}
	return float64(n) / float64(len(s))
}

func pronounceable(w string) bool {
	vowel, run := false, 0
	for _, r := range strings.ToLower(w) {
		if strings.ContainsRune("aeiouy", r) {
			vowel, run = true, 0
			continue
		}
		if run++; run >= 5 {
			return false
		}
	}
	return vowel
}

// objectID is an API object's public id: a type word, an underscore or hyphen, and a short
// random tail (cus_…, pi_…, evt_…). Credentials carry longer tails (32 or more), and their
// prefixes say so (sk_, key-, tok_, pat_ …).
var objectID = lazyRE(`^([a-z]{1,12}(?:[_-][a-z]{1,12})?)[_-]([A-Za-z0-9]{8,29})$`)

// secretMarks in an id's prefix make it a credential's prefix, not an object type.
var secretMarks = []string{"sk", "rk", "key", "secret", "tok", "pat", "pass", "pw", "auth", "api", "live", "test", "prod", "sess", "cred", "priv", "ak", "sig"}

func isObjectID(s string) bool {
	m := objectID().FindStringSubmatch(s)
	if m == nil {
		return false
	}
	for _, part := range strings.FieldsFunc(m[1], func(r rune) bool { return r == '_' || r == '-' }) {
		for _, mark := range secretMarks {
			if part == mark || len(mark) > 2 && strings.Contains(part, mark) {
				return false
			}
		}
	}
	return true
}

// namedUUID is a UUID behind a type word (request-<uuid>, tenant_<uuid>): an id. A credential
// prefix before a UUID is prefixed-uuid's to judge.
var namedUUID = lazyRE(`^[A-Za-z][A-Za-z0-9]*(?:[_-][A-Za-z][A-Za-z0-9]*){0,2}[_-][0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// pathSegments splits a run that reads as a path: two or more slashes and at least two segments
// that are plain words (lower case, digits allowed, hyphens or dots inside). Random base64 holds
// slashes too, but rarely two word segments.
func pathSegments(s string) ([]string, bool) {
	if !strings.Contains(s, "/") {
		return nil, false
	}
	segs := strings.Split(s, "/")
	words, long, nonEmpty := 0, 0, 0
	for _, seg := range segs {
		if seg != "" {
			nonEmpty++
		}
		if isPathWord(seg) {
			words++
			if len(seg) >= 4 {
				long++
			}
		}
	}
	// Two word segments, or words of four letters or more and one other segment
	// (messages/-NpV0butKfs4…, an id under a collection's name). A long segment is still
	// judged on its own; random base64 seldom holds an all-lower-case run between slashes.
	return segs, strings.Count(s, "/") >= 2 && words >= 2 || long >= 1 && long == nonEmpty-1
}

// isPathWord is a path segment made of words: [a-z][a-z0-9]*[a-z], then any number of
// [._-][a-z0-9]+ (lib, overlay2.d, spring-core-6).
func isPathWord(s string) bool {
	i := 0
	for i < len(s) && (s[i] >= 'a' && s[i] <= 'z' || i > 0 && s[i] >= '0' && s[i] <= '9') {
		i++
	}
	if i < 2 || s[i-1] < 'a' || s[i-1] > 'z' {
		return false
	}
	for i < len(s) {
		if s[i] != '.' && s[i] != '_' && s[i] != '-' {
			return false
		}
		i++
		j := i
		for i < len(s) && (s[i] >= 'a' && s[i] <= 'z' || s[i] >= '0' && s[i] <= '9') {
			i++
		}
		if i == j {
			return false
		}
	}
	return true
}

// cloudID is a resource id: a type word and hex (subnet-0bb1c79de3e4f5a6b, ami-…,
// batch_22bd7cd0…). A type word with a secret mark (key-, sk_, token_) is a credential's prefix.
// Behind an underscore the type word must read as a word (three letters or more, a vowel):
// credential prefixes are short abbreviations (sqp_, pul_).
var cloudID = lazyRE(`^([a-z]+)([-_])[0-9a-f]{8,}$`)

func isCloudID(s string) bool {
	m := cloudID().FindStringSubmatch(s)
	if m == nil || m[2] == "_" && (len(m[1]) < 3 || !strings.ContainsAny(m[1], "aeiou")) {
		return false
	}
	for _, mark := range secretMarks {
		if m[1] == mark || len(mark) > 2 && strings.Contains(m[1], mark) {
			return false
		}
	}
	return true
}

// isResourceName recognises generated names of the Kubernetes kind: lower-case letters and
// digits in hyphen-joined segments of at most ten characters (deployment-replicaset-pod).
func isResourceName(s string) bool {
	if !strings.Contains(s, "-") {
		return false
	}
	for _, seg := range strings.Split(s, "-") {
		if len(seg) == 0 || len(seg) > 10 {
			return false
		}
		for _, r := range seg {
			if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
				return false
			}
		}
	}
	return true
}

// decodesToText reports whether s is base64 (standard or URL alphabet, padded or not) of
// printable UTF-8 text.
func decodesToText(s string) bool {
	_, ok := base64Text(s)
	return ok
}

// utf16Text reports whether b is little-endian UTF-16 of printable ASCII text (every second
// byte zero), as Windows encodes a command or a registry string.
func utf16Text(b []byte) bool {
	if len(b) < 16 || len(b)%2 != 0 {
		return false
	}
	for i := 0; i+1 < len(b); i += 2 {
		if b[i+1] != 0 || b[i] < 0x20 && b[i] != '\n' && b[i] != '\r' && b[i] != '\t' || b[i] > 0x7e {
			return false
		}
	}
	return true
}

// wordRun is a capitalized or lower-case word of at least four letters inside an identifier.
var wordRun = lazyRE(`[A-Z]?[a-z]{3,}`)

// wordShare is the share of s made of word runs: most of an identifier, little of a random string.
func wordShare(s string) float64 {
	if s == "" {
		return 0
	}
	n := 0
	for _, m := range wordRun().FindAllString(s, -1) {
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

// isKSUID recognises a K-Sortable Unique ID: 27 base62 characters encoding 20 bytes whose first
// four are seconds since 2014-05-13 — a time between 2017 and 2035 for an id made by a running
// system. About one random 27-character string in ten passes, so only strings of exactly that
// length are kept this way.
func isKSUID(s string) bool {
	if len(s) != 27 {
		return false
	}
	v := new(big.Int)
	base := big.NewInt(62)
	for i := 0; i < len(s); i++ {
		d := strings.IndexByte("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", s[i])
		if d < 0 {
			return false
		}
		v.Mul(v, base).Add(v, big.NewInt(int64(d)))
	}
	if v.BitLen() > 160 {
		return false
	}
	ts := new(big.Int).Rsh(v, 128).Int64() + 1400000000
	return ts >= 1483228800 && ts < 2051222400
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

// namedBySegment reports whether a path segment names the next one as an id or a public
// protocol value: its last word is an id word (acme-challenge, commit, object).
func namedBySegment(seg string) bool {
	parts := nameParts(seg)
	return len(parts) > 0 && idWords[parts[len(parts)-1]]
}

// typedHexID is a hex digest behind a short upper-case type tag (PN…, AC…, CA…, MG…: the SIDs
// of a phone number, an account, a call, a messaging service): an object's id, kept as hex is
// kept. A tag that marks a secret (SK, RK) is a key's, and a key is judged by its issuer's rule.
func typedHexID(s string) bool {
	t := 0
	for t < len(s) && t < 5 && s[t] >= 'A' && s[t] <= 'Z' {
		t++
	}
	if t < 1 || t > 4 || len(s)-t < 24 || strings.ToLower(s[t:]) != s[t:] || !isHex(s[t:]) {
		return false
	}
	tag := strings.ToLower(s[:t])
	for _, m := range secretMarks {
		if tag == m {
			return false
		}
	}
	return true
}

// inURLPath reports whether position i stands in the path of a URL (after "scheme://host/"): a
// generated id there names a document or a resource; a secret in a URL is caught by its issuer
// (webhook URLs), its query parameter's name or its userinfo.
func inURLPath(text string, start, end int) bool {
	ws := start
	for ws > 0 && !isDelimiter(text[ws-1]) && start-ws < 2048 {
		ws--
	}
	word := text[ws:end]
	k := strings.Index(word, "://")
	// The candidate must start after "scheme://" — or be the run that starts with its "//"
	// (s3://bucket/<id>/…: ":" ends a run of token characters, "/" does not).
	if k < 0 || k+3 > start-ws && k+1 != start-ws {
		return false
	}
	rest := word[k+3:]
	slash := strings.IndexByte(rest, '/')
	return slash >= 0 && slash < len(rest)-1 && !strings.ContainsAny(rest[:slash], "?#@")
}

// idWords name what follows them as an identifier, a digest or a public protocol value: "build
// id X", "upload id: X", "job id=X", "blob X", "cursor=X" (a page cursor), "nonce X". A session id is a credential, and secretWords before the word say so.
var idWords = map[string]bool{"id": true, "ids": true, "identifier": true, "uuid": true, "guid": true,
	"hash": true, "digest": true, "checksum": true, "fingerprint": true, "etag": true, "commit": true,
	// Round 13: a key's thumbprint (RFC 7638) is a digest; an index (Outlook's Thread-Index) is
	// a position or an id.
	"thumbprint": true, "index": true,
	// A JOSE header's key id and certificate thumbprint (kid, x5t), and a queue's receipt or an
	// API's object handle: what a key or a message is called, not the key.
	"kid": true, "x5t": true, "handle": true, "accessor": true,
	"revision": true, "blob": true, "object": true, "cursor": true, "continuation": true, "nonce": true,
	"state": true, "integrity": true, "sha": true,
	// Id formats and public values named as such: "ksuid …", "wallet address …", "account …".
	"ksuid": true, "ulid": true, "xid": true, "nanoid": true, "cuid": true, "snowflake": true,
	"objectid": true, "oid": true, "txid": true, "tx": true, "address": true, "addr": true,
	"account": true, "wallet": true, "pubkey": true, "publickey": true,
	// Objects of orchestrators and clouds named before their generated ids: "swarm node …",
	// "task …", "container …".
	"node": true, "task": true, "container": true, "network": true, "volume": true, "instance": true,
	"service": true, "image": true, "layer": true, "pod": true, "replica": true,
	// Round 13: what a deploy platform names before its generated ids ("resource …",
	// "application …", "server …", "stack …").
	"resource": true, "application": true, "server": true, "stack": true, "cluster": true,
	"bucket": true,
	// Records of business systems and trackers named before their generated ids (round 11): "row
	// …", "incident …", "payment …", "ticket …" — what a log line or a chat about an app says
	// about one record; a credential is named by what it opens, not by a record's kind.
	"row": true, "record": true, "table": true, "incident": true, "payment": true, "order": true,
	"invoice": true, "ticket": true, "issue": true, "event": true, "transaction": true,
	"charge": true, "refund": true, "customer": true, "subscription": true, "deal": true,
	"document": true, "message": true, "entry": true, "item": true, "deployment": true,
	"alert": true, "case": true, "shipment": true, "booking": true, "receipt": true,
	"job": true, "build": true, "run": true, "workflow": true, "pipeline": true, "request": true,
	"trace": true, "span": true, "project": true, "workspace": true, "channel": true, "thread": true,
	"conversation": true, "comment": true, "post": true, "upload": true, "artifact": true,
	"release": true, "device": true,
	// Content named before its id: "playlist …", "video …", "folder …", "sheet …".
	"playlist": true, "video": true, "track": true, "album": true, "folder": true, "file": true,
	"page": true, "doc": true, "sheet": true, "spreadsheet": true, "photo": true, "clip": true,
	// An address format named before its address (SS58 of Substrate chains, like "address").
	"ss58": true,
	// Values published on purpose: a domain's verification token in DNS, a captcha's site key
	// in a page.
	"verification": true, "sitekey": true,
	// A challenge is public by protocol: a PKCE code_challenge travels in the browser's URL, an
	// ACME http-01 token is served to anyone who asks.
	"challenge": true,
	// Round 15: a party named by its public identity (a WireGuard or IPsec peer's key in
	// `wg show`, an age or GPG recipient), and a certificate named as one (X509Certificate,
	// ca_cert, client-certificate): published to every party that checks it.
	"peer": true, "recipient": true, "certificate": true, "cert": true, "crt": true,
	// A cipher's initialization vector travels with the ciphertext; a serial number and a
	// version name an object.
	"iv": true, "serial": true, "version": true,
	// A git branch's name, and a MIME multipart boundary (a protocol's delimiter, as a
	// nonce or a state is a protocol's value).
	"branch": true, "boundary": true}

// publicWords before "key" make it a public key: "public key …", "publishable key: …".
var publicWords = map[string]bool{"public": true, "publishable": true, "pub": true, "verifying": true, "verification": true}

var idSecretWords = map[string]bool{"session": true, "secret": true, "api": true, "access": true,
	"auth": true, "private": true, "key": true, "token": true, "sid": true, "cookie": true}

// namedID reports whether the text before a generic candidate names it an id: an id word
// (not after a secret word), then blanks, a colon, an equals sign or a quote; or the candidate
// itself starts with "id=".
func namedID(text string, start, end int) bool {
	if k := strings.IndexAny(text[start:end], "=:"); k > 0 {
		// id=…, google-site-verification=…: the name's last part says what the value is.
		if parts := nameParts(text[start : start+k]); len(parts) > 0 && idWords[parts[len(parts)-1]] {
			return !idSecretWords[lastWord(text, start)]
		}
	}
	i := start
	for i > 0 && start-i < 8 && strings.IndexByte(" \t:=\"'#", text[i-1]) >= 0 {
		i--
	}
	if i == start {
		return false
	}
	// Round 13: a remark in parentheses between a label and its colon is the label's ("JWK
	// thumbprint (RFC 7638): …", "SHA-256 fingerprint (hex): …"); the label is the word before it.
	if i < start && text[i-1] == ')' {
		if o := strings.LastIndexByte(text[max(0, i-48):i], '('); o >= 0 && !strings.ContainsAny(text[max(0, i-48)+o:i], "\n:=") {
			i = max(0, i-48) + o
			for i > 0 && (text[i-1] == ' ' || text[i-1] == '\t') {
				i--
			}
		}
	}
	w := lastWord(text, i)
	if camelID(text, i) {
		return true
	}
	if j := i; j > 0 {
		for j > 0 && isAlnum(text[j-1]) && i-j < 8 {
			j--
		}
		if raw := strings.ToLower(text[j:i]); raw != w && idWords[raw] {
			return true // x5t: a name with a digit in it
		}
	}
	if (w == "key" || w == "keys") && publicWords[lastWord(text, strings.LastIndex(strings.ToLower(text[:i]), w))] {
		return true
	}
	if low := strings.ToLower(text[max(0, i-14):i]); strings.HasSuffix(low, "code_verifier") || strings.HasSuffix(low, "code-verifier") || strings.HasSuffix(low, "codeverifier") {
		// PKCE's code_verifier is spent with the authorization code it proves, in the same
		// token request (RFC 7636): a one-time proof like the challenge, not a standing secret.
		return true
	}
	if prev := lastWord(text, i-len(w)); w == "token" && pagingWords[prev] || w == "key" && notCredentialKeys[prev] {
		return true // "continuation token: …", "object key: …" (round 13)
	}
	if w == "key" {
		// Round 15: up to three words of the label before it ("Restored cache from key: …",
		// "Encrypted data key: …"): a cache's key, or ciphertext under another key.
		for _, p := range labelWords(text, i-len(w), 3) {
			if keyQualifiers[p] {
				break // review of round 15: "Cache server API key: …" is an API key, whatever serves it
			}
			if notCredentialKeys[p] || ciphertextWords[p] {
				return true
			}
		}
	}
	if !idWords[w] {
		return clauseNamesID(text, i)
	}
	if w == "thumbprint" || w == "fingerprint" || w == "checksum" || w == "accessor" {
		return true // a key's thumbprint is a digest of its public half, a token's accessor names it: neither grants
	}
	return !idSecretWords[lastWord(text, i-len(w))]
}

// camelID reports whether the name ending at end (quotes and blanks skipped by the caller) is an
// id field written in camel case: NetworkID, nodeId, ServiceID — but not SessionID, SecretId,
// TokenID, whose words say credential.
func camelID(text string, end int) bool {
	for end > 0 && (text[end-1] == '"' || text[end-1] == '\'') {
		end--
	}
	i := end
	for i > 0 && (isAlnum(text[i-1]) || text[i-1] == '_') {
		i--
	}
	name := text[i:end]
	if len(name) < 4 || !(strings.HasSuffix(name, "ID") || strings.HasSuffix(name, "Id")) {
		return false
	}
	low := strings.ToLower(name)
	for w := range idSecretWords {
		if strings.Contains(low, w) {
			return false
		}
	}
	return !strings.Contains(low, "pass")
}

// lastWord returns the lower-cased word of letters ending at end, after skipping blanks,
// underscores and hyphens before end.
func lastWord(text string, end int) string {
	for end > 0 && strings.IndexByte(" \t_-", text[end-1]) >= 0 {
		end--
	}
	// A numbered header or field (x-amz-id-2, id_2) is named by its word.
	if d := end; d > 0 && text[d-1] >= '0' && text[d-1] <= '9' {
		for d > 0 && text[d-1] >= '0' && text[d-1] <= '9' {
			d--
		}
		if d > 0 && (text[d-1] == '-' || text[d-1] == '_') {
			end = d - 1
		} else if d > 0 && (text[d-1] >= 'a' && text[d-1] <= 'z' || text[d-1] >= 'A' && text[d-1] <= 'Z') {
			end = d // cuid2, uuid4, sha256: the word without its version
		}
	}
	i := end
	for i > 0 && (text[i-1] >= 'a' && text[i-1] <= 'z' || text[i-1] >= 'A' && text[i-1] <= 'Z') {
		i--
	}
	return strings.ToLower(text[i:end])
}

// envWords tag a key with the environment or network it works in, glued to its random part:
// sk_live_…, Blockfrost's mainnet…/preprod…, a sandbox_… key. An id has no environment in it.
var envWords = []string{"live", "test", "prod", "preprod", "preview", "mainnet", "testnet", "devnet", "sandbox", "staging"}

// envTagged reports whether v is an environment word followed by a random part of 24 or more
// characters (round 13).
func envTagged(v string) bool {
	low := strings.ToLower(v)
	for _, w := range envWords {
		if strings.HasPrefix(low, w) {
			if strings.HasPrefix(v[len(w):], "-") {
				return false // test-…, prod-…: a resource's name is joined by hyphens, a key's tag by _ or nothing
			}
			rest := strings.TrimLeft(v[len(w):], "_")
			return len(rest) >= 24 && randomValue16(rest)
		}
	}
	return false
}

// windowsSID reports whether the candidate lies in a Windows security identifier
// (S-1-5-21-<three numbers>-<rid>): a principal's name, printed by whoami, icacls and event logs.
func windowsSID(text string, start, end int) bool {
	lo := max(0, start-12)
	k := strings.LastIndex(text[lo:end], "S-1-")
	if k < 0 {
		return false
	}
	v := text[lo+k : end]
	for i := 4; i < len(v); i++ {
		if !(v[i] >= '0' && v[i] <= '9' || v[i] == '-') {
			return false
		}
	}
	return true
}

// fileInPath reports whether the candidate is a file's generated name in a path: after a slash,
// before an extension (uploads/2026/11/<id>.png, assets/<hash>.js). A key is not named with an
// extension.
func fileInPath(text string, start, end int) bool {
	if start == 0 || text[start-1] != '/' && !strings.Contains(text[start:end], "/") || end >= len(text) || text[end] != '.' {
		return false
	}
	e := end + 1
	for e < len(text) && e-end <= 6 && isAlnum(text[e]) {
		e++
	}
	ext := text[end+1 : e]
	return len(ext) >= 2 && len(ext) <= 5 && (e == len(text) || !isAlnum(text[e])) && strings.IndexFunc(ext, unicode.IsLetter) >= 0
}

// clauseIDWords name an identifier anywhere in a clause before its value. The review of round 14
// found digests' words (commit, sha, hash) too common in a clause before a pasted secret ("the
// commit message said the new one: X"): only an id's words are read this far back.
var clauseIDWords = map[string]bool{"id": true, "ids": true, "identifier": true, "uuid": true}

// clauseNamesID reports whether the clause that ends at i (before a value's colon or "is")
// named an id earlier than its last word (round 14, as round 13 reads a credential named
// earlier in its clause): "the build id you asked for: X", "the trace id from the logs is X".
// The clause is read back at most 48 bytes, within its line and sentence; a credential's word
// anywhere in it (session id, api key id) leaves the value to the other rules.
func clauseNamesID(text string, i int) bool {
	lo := max(0, i-48)
	clause := text[lo:i]
	if k := strings.LastIndexAny(clause, "\n.;!?:="); k >= 0 {
		clause = clause[k+1:]
	}
	if !strings.Contains(clause, " ") || strings.ContainsAny(clause, "\"/()[]{}|\\=") {
		return false // a clause of prose: words and blanks, not code's or a record's punctuation
	}
	fields := strings.Fields(strings.ToLower(clause))
	named := false
	for k, f := range fields {
		if idSecretWords[f] || f == "password" || f == "passwd" || f == "secret" || f == "credential" || f == "credentials" || f == "apikey" {
			return false
		}
		named = named || clauseIDWords[f] && k < len(fields)-1
	}
	return named
}

// gitRefName is a git reference's full name (refs/heads/<branch>, refs/tags/<tag>,
// refs/remotes/…, refs/pull/…): a branch's name, whatever it looks like.
func gitRefName(v string) bool {
	for _, p := range []string{"refs/heads/", "refs/tags/", "refs/remotes/", "refs/pull/", "refs/merge-requests/"} {
		if strings.HasPrefix(v, p) {
			return true
		}
	}
	return false
}
