package redact

import (
	"encoding/base64"
	"strings"
)

// Known-harmless structure, round 7: shapes that look random because they are encodings of
// public data, recognised by what they are rather than by a listed string. Each is checked only
// for a generic span (high-entropy, judged by shape alone); a credential found by its issuer,
// its name or its slot is never dropped here.

// armoredPublic returns the bodies of armored blocks (-----BEGIN X----- or RFC 4716's
// ---- BEGIN X ----) whose label does not say secret: certificates, public keys, DH parameters,
// any vendor's CERTIFICATE. A label naming a private, secret or encrypted thing, or a key that
// is not a public one (OPENVPN Static key V1), keeps its body a secret.
func armoredPublic(text string) [][]int {
	var out [][]int
	for off := 0; ; {
		i := strings.Index(text[off:], "BEGIN ")
		if i < 0 {
			return out
		}
		i += off
		off = i + len("BEGIN ")
		ls := strings.LastIndexByte(text[:i], '\n') + 1
		head := strings.TrimSpace(text[ls:i])
		if k := strings.LastIndexAny(head, " \t"); k >= 0 && strings.Trim(head[k+1:], "-") == "" {
			// A header that carries the block (git's "gpgsig -----BEGIN SSH SIGNATURE-----",
			// "mergetag", an email's folded field): the field's name comes before the dashes.
			head = head[k+1:]
		}
		if len(head) < 4 || strings.Trim(head, "-") != "" {
			continue
		}
		le := strings.IndexByte(text[off:], '\n')
		if le < 0 {
			return out
		}
		label := strings.Trim(strings.TrimSpace(text[off:off+le]), "- ")
		end := strings.Index(text[off+le:], "END "+label)
		if end < 0 {
			continue
		}
		up := strings.ToUpper(label)
		// ENCRYPTED alone (AGE ENCRYPTED FILE, an encrypted message) is ciphertext for a key held
		// elsewhere; an encrypted private key is still a key, caught by KEY.
		secret := containsAny(up, []string{"PRIVATE", "SECRET", "TOKEN", "PASSWORD"}) ||
			strings.Contains(up, "KEY") && !strings.Contains(up, "PUBLIC")
		if !secret {
			out = append(out, []int{off + le, off + le + end})
		}
		off += le + end
	}
}

// publicRecord reports whether the line holding pos is a DNS resource record of a type that
// publishes its data (DNSKEY, DS, RRSIG, TLSA, SSHFP, CAA, CDNSKEY, NSEC3PARAM): zone data is
// public by definition.
func publicRecord(text string, pos int) bool {
	ls := strings.LastIndexByte(text[:pos], '\n') + 1
	line := text[ls:pos]
	for _, t := range []string{" IN DNSKEY ", " IN DS ", " IN RRSIG ", " IN TLSA ", " IN SSHFP ", " IN CAA ", " IN CDNSKEY ", " IN CDS ", " IN NSEC3PARAM "} {
		if strings.Contains(line, t) || strings.Contains(strings.ReplaceAll(line, "\t", " "), t) {
			return true
		}
	}
	return false
}

// urlHost reports whether the run at start is a URL's host (https://<run>.netlify.app): a host
// name is public, whatever its labels look like.
func urlHost(text string, start, end int) bool {
	if start == 0 || text[start-1] != ':' || !strings.HasPrefix(text[start:end], "//") {
		return false
	}
	return end < len(text) && text[end] == '.' && !strings.Contains(text[start+2:end], "/")
}

// lineLabelPublic reports whether the generic span at start is the value of a key, on its line,
// whose name says digest or id (ETag: W/"…", "ChecksumSHA256": "…", x-request-id: …): the
// label's words decide, and a secret word among them (SessionID, secret_id) keeps it secret.
func lineLabelPublic(text string, start int) bool {
	ls := strings.LastIndexByte(text[:start], '\n') + 1
	line := text[ls:start]
	k := strings.IndexAny(line, ":=")
	if el := elementName(line); el != "" {
		line, k = el+":", len(el) // round 15: <ds:X509Certificate>…, <PeerKey>…: the element names the value
	}
	if k <= 0 {
		return false
	}
	label := strings.Trim(strings.TrimSpace(line[:k]), `"'`)
	name := label
	if j := strings.LastIndexAny(name, " \t\"'{,"); j >= 0 {
		name = name[j+1:]
	}
	parts := nameParts(name)
	if len(parts) == 0 {
		return false
	}
	public := idWords[parts[len(parts)-1]] || idWords[strings.Join(parts, "")] || strings.HasSuffix(parts[len(parts)-1], "certificate")
	// A label that ends in a digest's algorithm (sign-key-sha3-384, cert_sha256) names a digest
	// of the thing before it, a fingerprint: only a strong secret word (a password's hash) vetoes.
	digestOf := digestName(parts[len(parts)-1])
	// A label that says public (PASETO_PUBLIC_KEY, verify_pubkey) names the public half, in
	// whatever encoding the value comes.
	publicOf := publicNamed(name)
	public = public || publicOf
	// Round 15: a nonce, a version, a thumbprint or a serial is that whoever's it is
	// (session_nonce, secretVersion, key_thumbprint), and a token's, a key's or a
	// credential's id names it (token_id): the secret word before them does not veto.
	n := len(parts)
	if ownerlessPublic[parts[n-1]] || parts[n-1] == "id" && n > 1 && idOfSecret[parts[n-2]] && parts[0] != "private" {
		return true
	}
	// Every word of the label counts against it: "session id=…" is a session's credential.
	for _, p := range nameParts(strings.Map(func(r rune) rune {
		if r == ' ' || r == '\t' || r == '"' || r == '\'' || r == '{' || r == ',' {
			return '_'
		}
		return r
	}, label)) {
		if containsAny(p, strongStems) || strongParts[p] || idSecretWords[p] && !digestOf && !publicOf {
			return false
		}
		// Round 15: a digest's name elsewhere in the label ("the sha for the pipeline, the new
		// value: …") vouches only for a value shaped as a digest — hex, or base64 of a digest's
		// length; a random string of another shape after it is what the sentence hands over.
		public = public || digestName(p) && digestShaped(tokenAt(text, start))
	}
	return public
}

// tokenAt is the run of token characters starting at start.
func tokenAt(text string, start int) string {
	e := start
	for e < len(text) && e-start < 512 && (isTokenByte(text[e]) || text[e] == '.') {
		e++
	}
	return text[start:e]
}

// digestShaped reports whether v has a digest's shape: hex of 7 to 12 digits (a short commit)
// or of 32, 40, 56, 64, 96 or 128; or base64 (standard or URL-safe, padded or not) of 16, 20,
// 28, 32, 48 or 64 bytes.
func digestShaped(v string) bool {
	v = strings.TrimRight(v, ".,;")
	if isHex(v) {
		switch n := len(v); {
		case n >= 7 && n <= 12, n == 32, n == 40, n == 56, n == 64, n == 96, n == 128:
			return true
		}
		return false
	}
	bytes := len(strings.TrimRight(v, "=")) * 6 / 8
	switch bytes {
	case 16, 20, 28, 32, 48, 64:
		return true
	}
	return false
}

// publicArmorLabel reports whether a PEM label names public material (CERTIFICATE, PUBLIC KEY,
// X509 CRL, CERTIFICATE REQUEST, PGP SIGNATURE) and nothing secret.
func publicArmorLabel(label string) bool {
	if containsAny(label, []string{"PRIVATE", "SECRET", "ENCRYPTED", "TOKEN", "PASSWORD"}) {
		return false
	}
	return containsAny(label, []string{"CERTIFICATE", "PUBLIC KEY", "X509 CRL", "SIGNATURE"})
}

// proofLabel reports whether the value at pos stands on a line labelled as a per-request proof
// or a protocol value, not a credential (round 8): a header or field whose name ends in
// "signature" (X-Hub-Signature-256, Stripe-Signature, an rpm package's Signature), a WebSocket
// handshake header (Sec-WebSocket-Accept/Key), or a trace context header (traceparent,
// grpc-trace-bin, sentry-trace). A signature proves one request or one payload and is useless
// for any other; a trace id names a request. A secret word in the label (a Signing-Secret
// header) keeps it secret, and a signature in a URL's query (a presigned URL's) is on a line
// whose label is the URL's scheme, so it stays a credential.
func proofLabel(text string, pos int) bool {
	ls := strings.LastIndexByte(text[:pos], '\n') + 1
	line := text[ls:pos]
	k := strings.IndexByte(line, ':')
	if k <= 0 || k+1 < len(line) && line[k+1] == '/' {
		return false
	}
	label := strings.TrimRight(strings.TrimLeft(line[:k], " \t\"'-*•"), " \t\"'")
	// Round 13: a label in prose names a proof too ("Solana signature: …", "the webhook's
	// signature: …"), up to four words; an assignment (=) is no label.
	if label == "" || len(label) > 48 || strings.ContainsAny(label, "=") || strings.Count(label, " ") > 3 {
		return false
	}
	low := strings.ToLower(label)
	if transportHeader(low) && !strings.ContainsAny(label, " \t") {
		// One header's name (Received, X-MS-Exchange-…): "thread notes" or a sentence is none.
		return !containsAny(low, []string{"secret", "token", "pass", "key"})
	}
	if strings.Contains(low, "websocket") || strings.HasPrefix(low, "trace") {
		return !containsAny(low, []string{"secret", "token", "pass"})
	}
	if !strings.Contains(low, "sig") && !strings.Contains(low, "trace") {
		return false // the cheap test first: most labels name neither
	}
	parts := nameParts(strings.ReplaceAll(label, " ", "_"))
	for len(parts) > 1 && isDigits(parts[len(parts)-1]) {
		parts = parts[:len(parts)-1] // X-Hub-Signature-256: named by its word
	}
	if len(parts) == 0 {
		return false
	}
	proof := false
	header := !strings.ContainsAny(label, " \t") // one header's name, not words of prose
	for i, p := range parts {
		switch {
		case i == len(parts)-1 && (p == "signature" || p == "sig"):
			proof = true
		case p == "trace" && len(parts) > 1:
			proof = true
		case p == "sas" || p == "shared":
			// A shared access signature (Azure's SAS) is a bearer credential for whatever it
			// grants, however its label is written.
			return false
		case idSecretWords[p] && !proofQualifiers[p] && !(header && headerQualifiers[p]) || strongParts[p] || containsAny(p, strongStems):
			return false
		}
	}
	return proof
}

// labelledProof reports whether the value of a name at pos is the proof its line's label names:
// proofLabel, and the value stands right after the label's colon, or after a name of its own
// that is no secret's (Stripe-Signature: t=…,v1=…). On "Webhook signature: client_secret=…",
// "trace from prod: api_key=…" or "Received: by relay; DB_PASSWORD=…" the value belongs to a
// secret's name written after the label, and stays a secret (the review of round 13).
func labelledProof(text string, pos int) bool {
	if !proofLabel(text, pos) {
		return false
	}
	ls := strings.LastIndexByte(text[:pos], '\n') + 1
	k := strings.IndexByte(text[ls:pos], ':')
	if k < 0 {
		return false
	}
	between := text[ls+k+1 : pos]
	if strings.Trim(between, " \t\"'") == "" {
		return true
	}
	if strings.ContainsAny(strings.TrimSpace(between), " \t;") {
		return false // words or fields between the label and the value: the value is theirs
	}
	name := strings.TrimRight(between, " \t\"':=")
	if j := strings.LastIndexAny(name, "\"',&?{("); j >= 0 {
		name = name[j+1:]
	}
	return name != "" && nameGrade(nameParts(name)) == gradeNone
}

// transportHeaders open the names of the headers mail servers add in transit: seals, source
// ids, routing and thread indexes, spam verdicts (ARC-Seal, X-Google-Smtp-Source,
// X-MS-Exchange-…, X-Received, Thread-Index). What they hold proves or routes one message; no one
// logs in with it (round 13).
var transportHeaders = []string{"arc-", "x-google-", "x-gm-", "x-ms-", "x-microsoft-", "x-received", "received",
	"dkim-", "x-forefront-", "x-ses-", "x-sg-", "x-mailgun-sid", "x-pm-", "thread-", "x-originating", "x-mimeole"}

func transportHeader(low string) bool {
	for _, h := range transportHeaders {
		if strings.HasPrefix(low, h) {
			return true
		}
	}
	return false
}

// proofQualifiers say what a signature is for without naming a credential held: a key's
// signature (X-Key-Signature), an auth header's. A secret, a token, a session or a password in
// the label still make it a credential.
var proofQualifiers = map[string]bool{"key": true, "auth": true}

// headerQualifiers qualify a signature only in a header's name (X-Api-Sig, X-App-Access-Sig):
// in prose, "api signature" and "access signature" are how people name a signed credential,
// an Azure shared access signature above all (the review of round 13).
var headerQualifiers = map[string]bool{"api": true, "access": true}

// binaryMagic reports whether s is base64 of bytes that open with a file format's magic number
// or a length-prefixed frame (zip, gzip, PNG, PDF, JPEG, GIF; a gRPC-web frame whose length is
// the rest): an attachment or a message body, not a key.
func binaryMagic(s string) bool {
	s = strings.TrimRight(s, "=")
	n := len(s) / 4 * 4
	if n < 8 {
		return false
	}
	b, err := base64.StdEncoding.DecodeString(s[:n])
	if err != nil {
		if b, err = base64.URLEncoding.DecodeString(s[:n]); err != nil {
			return false
		}
	}
	for _, m := range []string{"PK\x03\x04", "\x1f\x8b\x08", "\x89PNG", "%PDF", "\xff\xd8\xff", "GIF8"} {
		if strings.HasPrefix(string(b), m) {
			return true
		}
	}
	if strings.HasPrefix(string(b), "-----BEGIN ") {
		// base64 of a PEM block (a kubeconfig's certificate-authority-data, a Secret's ca.crt):
		// public when its label says so, as the block itself is; a private key stays.
		label, _, _ := strings.Cut(string(b[len("-----BEGIN "):]), "-")
		return publicArmorLabel(label)
	}
	if full, err := base64.StdEncoding.DecodeString(s + strings.Repeat("=", (4-len(s)%4)%4)); err == nil && len(full) > 5 && (full[0] == 0 || full[0] == 0x80) {
		l := int(full[1])<<24 | int(full[2])<<16 | int(full[3])<<8 | int(full[4])
		return l == len(full)-5
	}
	return false
}

// escapedBase64Text reports whether the generic span at start lies in a quoted string that,
// with its JSON line escapes (\n) removed, is base64 of text: GitHub's contents API wraps its
// base64 every 60 characters.
func escapedBase64Text(text string, start, end int) bool {
	q := strings.LastIndexByte(text[:start], '"')
	if q < 0 || start-q > 4096 {
		return false
	}
	e := strings.IndexByte(text[end:], '"')
	if e < 0 {
		return false
	}
	inner := text[q+1 : end+e]
	if !strings.Contains(inner, `\n`) {
		return false
	}
	return decodesToText(strings.ReplaceAll(inner, `\n`, ""))
}

// cipherEnvelope reports whether pos stands inside a JSON object that carries its own cipher or
// key-derivation parameters ("kdfparams", "cipherparams", "key_params", "kdf"): an encrypted
// envelope (a wallet keystore, an authenticator's encrypted vault, a wrapped key), whose values
// are ciphertext for a password held elsewhere or public parameters of the cipher (salt, iv,
// nonce, tag, mac), none a secret in the clear.
func cipherEnvelope(text string, pos int) bool {
	lo, hi := max(0, pos-1024), min(len(text), pos+1024)
	if strings.IndexByte(text[lo:pos], '{') < 0 || !strings.Contains(text[lo:hi], `"kdf`) && !strings.Contains(text[lo:hi], `arams"`) {
		return false // the cheap test first: most text carries no cipher parameters
	}
	// The outermost object around pos within reach.
	open, depth := -1, 0
	for i := pos - 1; i >= lo; i-- {
		switch text[i] {
		case '}':
			depth++
		case '{':
			if depth == 0 {
				open = i
			} else {
				depth--
			}
		}
	}
	if open < 0 {
		return false
	}
	end, depth := hi, 0
	for i := open; i < hi; i++ {
		if text[i] == '{' {
			depth++
		} else if text[i] == '}' {
			if depth--; depth == 0 {
				end = i
				break
			}
		}
	}
	return containsAny(text[open:end], envelopeKeys)
}

var envelopeKeys = []string{`"kdfparams"`, `"cipherparams"`, `"key_params"`, `"kdf"`, `"kdfType"`, `"kdfParams"`, `"cipherParams"`}

// publicLabel reports whether the value at pos is assigned, on its line, to a name that says
// public (SUPABASE_ANON_KEY=…, "publishableKey": …): the name just before the value.
func publicLabel(text string, pos int) bool {
	ls := strings.LastIndexByte(text[:pos], '\n') + 1
	line := strings.TrimRight(text[ls:pos], " \t\"'")
	if line == "" || strings.IndexByte(":=", line[len(line)-1]) < 0 {
		return false
	}
	name := strings.TrimRight(line[:len(line)-1], " \t\"'")
	if j := strings.LastIndexAny(name, " \t\"'{,("); j >= 0 {
		name = name[j+1:]
	}
	return name != "" && publicNamed(name) && !containsAny(strings.ToLower(name), strongStems)
}

// signedFileLine reports whether the run at start is the line after minisign's or signify's
// "untrusted comment:" line, when the comment says no secret: such a file holds a public key or
// a signature (a secret key file's comment says "secret key").
func signedFileLine(text string, start int) bool {
	ls := strings.LastIndexByte(text[:start], '\n')
	if ls <= 0 {
		return false
	}
	ps := strings.LastIndexByte(text[:ls], '\n') + 1
	prev := strings.ToLower(text[ps:ls])
	return strings.HasPrefix(prev, "untrusted comment:") && !strings.Contains(prev, "secret") && !strings.Contains(prev, "private")
}

// encryptedSetting reports whether the run at start is the value of a setting whose name says
// encrypted (systemd's SetCredentialEncrypted=name: …, encrypted_password: …), also on the
// lines a trailing backslash continues: ciphertext for a key held elsewhere.
func encryptedSetting(text string, start int) bool {
	ls := strings.LastIndexByte(text[:start], '\n') + 1
	for n := 0; n < 32 && ls > 1; n++ {
		prev := strings.TrimRight(text[:ls-1], " \t\r")
		if !strings.HasSuffix(prev, `\`) {
			break
		}
		ls = strings.LastIndexByte(prev, '\n') + 1
	}
	line := text[ls:start]
	k := strings.IndexAny(line, "=:")
	if k <= 0 {
		return false
	}
	name := strings.TrimSpace(line[:k])
	if j := strings.LastIndexAny(name, " \t\"'{,"); j >= 0 {
		name = name[j+1:]
	}
	for _, p := range nameParts(name) {
		if p == "encrypted" || p == "ciphertext" || p == "sealed" || strings.HasPrefix(p, "encrypted") {
			return true
		}
	}
	return false
}

// inEnvelope reports whether a NAME=value match at pos is a cipher envelope's member or a key in
// the query of a URL every browser loads (tested only once the value was judged a secret: the
// tests read around it).
func inEnvelope(text string, pos int) bool {
	return cipherEnvelope(text, pos) || inBrowserURL(text, pos)
}

// elementName is the name of the XML element whose text starts where line ends
// (<ds:X509Certificate>, <key name="x">), without its namespace prefix, or "".
func elementName(line string) string {
	if !strings.HasSuffix(line, ">") {
		return ""
	}
	j := strings.LastIndexByte(line, '<')
	if j < 0 || j+1 >= len(line)-1 || !isLetter(line[j+1]) {
		return ""
	}
	name := line[j+1 : len(line)-1]
	if k := strings.IndexAny(name, " \t/"); k >= 0 {
		name = name[:k]
	}
	if k := strings.LastIndexByte(name, ':'); k >= 0 {
		name = name[k+1:]
	}
	return name
}

// encryptedFileOutput reports whether the run at start is on the output lines of a command that
// prints a file whose name says it is encrypted (round 15): `head config/credentials.yml.enc`,
// `cat secrets.json.gpg`, `cat backup.age | base64`. Ciphertext meant to be stored or committed
// is no credential without its key, as a SOPS value is not. It reads back at most four lines,
// within the text it is given.
func encryptedFileOutput(text string, start int) bool {
	le := strings.LastIndexByte(text[:start], '\n')
	for n := 0; n < 4 && le > 0; n++ {
		ls := strings.LastIndexByte(text[:le], '\n') + 1
		line := text[ls:le]
		if commandLine(line, len(line)) || strings.HasPrefix(strings.TrimSpace(line), "$") {
			for _, f := range strings.Fields(line) {
				if encryptedFileName(f) {
					return true
				}
			}
			return false // the command's own line: an earlier command's output is not this one's
		}
		le = ls - 1
	}
	return false
}

// encryptedFileName is a file name whose extension or words say encrypted: x.enc,
// credentials.yml.enc, secrets.json.gpg, key.age, vault.kdbx, db.sql.aes, *.encrypted.
func encryptedFileName(f string) bool {
	f = strings.ToLower(strings.Trim(f, "\"'`"))
	if i := strings.LastIndexByte(f, '/'); i >= 0 {
		f = f[i+1:]
	}
	k := strings.LastIndexByte(f, '.')
	if k <= 0 {
		return false
	}
	switch f[k+1:] {
	case "enc", "gpg", "pgp", "age", "kdbx", "aes", "encrypted", "crypt", "vault":
		return true
	}
	return strings.Contains(f[:k], ".enc.") || strings.Contains(f[:k], "encrypted")
}

// ownerlessPublic are the last words of a label that say the value is public whatever secret
// it belongs to.
var ownerlessPublic = map[string]bool{"nonce": true, "version": true, "ref": true, "reference": true, "thumbprint": true,
	"serial": true, "etag": true, "revision": true, "kid": true, "region": true, "arn": true}
