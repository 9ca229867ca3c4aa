package redact

import (
	"encoding/base64"
	"encoding/hex"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Round 13: a secret encoded is still a secret. A CI log prints a masked variable again through
// base64 (the runner masks the value, not its encoding), a terminal's clipboard escape (OSC 52)
// carries what was copied in base64, a Basic credential or a Kubernetes Secret's value is base64
// of user:password or of the secret itself. The escaped view (escapes.go) reads JSON and URL
// escapes; this view reads base64: each run of base64 that decodes to printable text (twice
// encoded too) is decoded into a view, the rules run on it, and when they find a secret in it the
// whole run is redacted where it stands. Hex of text is read the same way. Base64 of ordinary text stays, as it stays in the
// high-entropy rule (decodesToText): it is what the rules find in it that decides.

// minEncodedRun is the shortest base64 run read: 12 decoded bytes, shorter than any secret with
// its name (K=…) or a user:password pair the rules would take.
const minEncodedRun = 16

// maxEncodedRun bounds one run's decoding: an image or an archive in base64 decodes to binary,
// and a run longer than this is read by its first part only (its text is rejected there).
const maxEncodedRun = 8192

// encodedSpans returns the runs of base64 in text whose decoded text holds a secret the rules
// find.
func (r *Redactor) encodedSpans(text string, windowed bool) []span {
	var b strings.Builder
	var runs [][2]int // source range of each decoded run
	var starts []int  // where each run's text starts in the view
	for i := 0; i < len(text); {
		if !isBase64Byte(text[i]) {
			i++
			continue
		}
		j := i
		for j < len(text) && isBase64Byte(text[j]) {
			j++
		}
		e := j
		for e < len(text) && e-j < 2 && text[e] == '=' {
			e++
		}
		if j-i >= minEncodedRun {
			if dec, ok := decodedText(text[i:min(j, i+maxEncodedRun)]); ok {
				if dec2, ok := decodedText(strings.TrimRight(dec, "=\n")); ok && isBase64Run(strings.TrimRight(dec, "=\n")) {
					dec = dec2 // twice encoded: a masked value printed through base64 twice
				}
				starts = append(starts, b.Len())
				runs = append(runs, [2]int{i, e})
				b.WriteString(dec)
				b.WriteByte('\n')
			}
		}
		i = max(e, i+1)
	}
	if len(runs) == 0 {
		return nil
	}
	view := b.String()
	vs := r.spansOf(view, windowed)
	vs = dropKept(view, vs)
	hit := make([]string, len(runs))
	for _, s := range vs {
		if s.generic || s.end <= s.start {
			continue // a shape judged alone inside decoded text is no more than a shape
		}
		k := runAt(starts, s.start)
		if hit[k] == "" {
			hit[k] = s.rule
		}
	}
	// A run that decodes to exactly user:password is a Basic credential wherever it stands.
	for k := range runs {
		end := len(view) - 1
		if k+1 < len(starts) {
			end = starts[k+1] - 1
		}
		if hit[k] == "" && basicPair(view[starts[k]:end]) {
			hit[k] = "basic-auth"
		}
	}
	var out []span
	for k, rule := range hit {
		if rule != "" {
			out = append(out, span{runs[k][0], runs[k][1], "encoded-" + rule, 0, false})
		}
	}
	return out
}

// runAt returns the index of the run whose text holds view position p.
func runAt(starts []int, p int) int {
	lo, hi := 0, len(starts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if starts[mid] <= p {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

func isBase64Byte(c byte) bool { return base64Bytes[c] }

// base64Bytes marks the bytes of both base64 alphabets: the scan for runs looks each byte up once.
var base64Bytes = func() (t [256]bool) {
	for c := 0; c < 256; c++ {
		b := byte(c)
		t[c] = isAlnum(b) || b == '+' || b == '/' || b == '-' || b == '_'
	}
	return t
}()

func isBase64Run(s string) bool {
	if len(s) < minEncodedRun {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isBase64Byte(s[i]) {
			return false
		}
	}
	return true
}

// decodedText decodes a run of base64 (standard or URL alphabet) and returns its text when the
// bytes are printable UTF-8 text with a line's shape: a path, a word, a hex digest are runs of
// base64 letters too, and decode to bytes that are not text. The first sixteen characters are
// decoded first, so that most runs cost a few bytes.
func decodedText(run string) (string, bool) {
	if len(run) < minEncodedRun || !strings.ContainsAny(run, "0123456789") {
		return "", false // base64 and hex of text have digits; a word or a path of words has none
	}
	if len(run) >= 32 && len(run)%2 == 0 && isHex(run) {
		// Hex of text (xxd -p, a debug print of bytes, a CI log's masked value printed as
		// hex): a digest's hex decodes to bytes that are not text.
		if b, err := hex.DecodeString(run); err == nil && printableASCII(b) {
			return string(b), true
		}
		return "", false
	}
	// A path has many slashes; base64 of text has few.
	if strings.Count(run, "/") > len(run)/8 {
		return "", false
	}
	return base64Text(run)
}

// base64Text decodes s as base64 of text: the one judgement of "base64 that decodes to text"
// that the encoded view (decodedText, which reads the text) and the high-entropy rule
// (decodesToText, which keeps such a run as an encoding, not a key) share (round 14: they had
// two, with different rules). Either alphabet, padded or not; the first 12 bytes are decoded
// first, so that a key's random bytes are turned away cheaply. Text is UTF-16 of printable
// ASCII (PowerShell's -EncodedCommand, a .reg export), or valid UTF-8 of which at least 95 % is
// printable or a line break.
func base64Text(s string) (string, bool) {
	s = strings.TrimRight(s, "=")
	if len(s) < 16 {
		return "", false
	}
	enc := base64.RawStdEncoding
	if strings.ContainsAny(s, "-_") {
		if strings.ContainsAny(s, "+/") {
			return "", false
		}
		enc = base64.RawURLEncoding
	}
	var head [12]byte
	if _, err := enc.Decode(head[:], []byte(s[:16])); err != nil || !textHead(head[:]) {
		return "", false
	}
	n := len(s) / 4 * 4
	if rest := len(s) % 4; rest >= 2 {
		n = len(s)
	}
	b, err := enc.DecodeString(s[:n])
	if err != nil || len(b) < 12 {
		return "", false
	}
	if utf16Text(b) {
		out := make([]byte, 0, len(b)/2)
		for i := 0; i < len(b); i += 2 {
			out = append(out, b[i])
		}
		return string(out), true
	}
	if !utf8.Valid(b) {
		return "", false
	}
	printable, total := 0, 0
	for _, r := range string(b) {
		total++
		if unicode.IsPrint(r) || r == '\n' || r == '\t' || r == '\r' {
			printable++
		}
	}
	if float64(printable) < 0.95*float64(total) {
		return "", false
	}
	return string(b), true
}

// textHead reports whether b can start text: printable ASCII, a line break, the zero bytes of
// UTF-16, or the bytes of a UTF-8 sequence — not the control bytes random data is full of.
func textHead(b []byte) bool {
	bad := 0
	for _, c := range b {
		if c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != 0 || c == 0x7f {
			bad++
		}
	}
	return bad == 0
}

// printableASCII reports whether b is printable ASCII or a line break: the start of text.
func printableASCII(b []byte) bool {
	for _, c := range b {
		if (c < 0x20 || c > 0x7e) && c != '\n' && c != '\r' && c != '\t' {
			return false
		}
	}
	return true
}

// basicPair reports whether s is user:password and nothing else, as a Basic credential is
// encoded: a user of name characters, a colon, then a value with no blank that looks like a
// password or is random (a token as the password). "urn:ietf:…", "12:30", "key:value" words and
// GitHub's node ids ("010:Repository123") stay.
func basicPair(s string) bool {
	s = strings.TrimRight(s, "\r\n")
	k := strings.IndexByte(s, ':')
	if k < 1 || k > 64 || strings.ContainsAny(s, " \t\n") {
		return false
	}
	user, pw := s[:k], s[k+1:]
	if !isLetter(user[0]) {
		return false // GitHub's node ids are "010:Repository123": a type number, a type and an id
	}
	for i := 0; i < len(user); i++ {
		if c := user[i]; !isAlnum(c) && c != '.' && c != '_' && c != '-' && c != '@' {
			return false
		}
	}
	if len(pw) < 6 || strings.Contains(pw, ":") && !passwordish(pw) || isPlaceholder(pw) {
		return false
	}
	return passwordish(pw) || randomValue(pw) || isHex(pw) && len(pw) >= 16
}
