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
		secret := containsAny(up, []string{"PRIVATE", "SECRET", "ENCRYPTED", "TOKEN", "PASSWORD"}) ||
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
	public := idWords[parts[len(parts)-1]] || idWords[strings.Join(parts, "")]
	// Every word of the label counts against it: "session id=…" is a session's credential.
	for _, p := range nameParts(strings.Map(func(r rune) rune {
		if r == ' ' || r == '\t' || r == '"' || r == '\'' || r == '{' || r == ',' {
			return '_'
		}
		return r
	}, label)) {
		if idSecretWords[p] || containsAny(p, strongStems) || strongParts[p] {
			return false
		}
		public = public || digestName(p)
	}
	return public
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
	label := strings.TrimRight(strings.TrimLeft(line[:k], " \t\"'"), " \t\"'")
	if label == "" || strings.ContainsAny(label, " \t=") {
		return false
	}
	low := strings.ToLower(label)
	if strings.Contains(low, "websocket") || strings.HasPrefix(low, "trace") {
		return !containsAny(low, []string{"secret", "token", "pass"})
	}
	if !strings.Contains(low, "sig") && !strings.Contains(low, "trace") {
		return false // the cheap test first: most labels name neither
	}
	parts := nameParts(label)
	for len(parts) > 1 && isDigits(parts[len(parts)-1]) {
		parts = parts[:len(parts)-1] // X-Hub-Signature-256: named by its word
	}
	if len(parts) == 0 {
		return false
	}
	proof := false
	for i, p := range parts {
		switch {
		case i == len(parts)-1 && (p == "signature" || p == "sig"):
			proof = true
		case p == "trace" && len(parts) > 1:
			proof = true
		case idSecretWords[p] && p != "key" || strongParts[p] || containsAny(p, strongStems):
			return false
		}
	}
	return proof
}

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
