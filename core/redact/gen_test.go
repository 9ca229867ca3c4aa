package redact

import (
	"encoding/base64"
	"math/rand/v2"
	"strings"
)

// The test tables build every secret from a prefix and random characters at run time, so no
// live-looking credential sits in the repository (and secret scanners on it stay quiet).

const (
	lower   = "abcdefghijklmnopqrstuvwxyz"
	upper   = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	digits  = "0123456789"
	hexLow  = "0123456789abcdef"
	hexUp   = "0123456789ABCDEF"
	alnum   = lower + upper + digits
	lowNum  = lower + digits
	upNum   = upper + digits
	b64     = alnum + "+/"
	b64url  = alnum + "-_"
	base32  = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
	bech32  = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
	crockfd = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
)

// gen draws random strings from a seeded source: the tables are the same on every run.
type gen struct{ r *rand.Rand }

func newGen(seed uint64) *gen { return &gen{rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))} }

// s returns n characters of alphabet, with at least one digit and one letter when the alphabet
// has both (a real key that happens to be all letters is rare, and such a draw would test luck).
func (g *gen) s(alphabet string, n int) string {
	for {
		b := make([]byte, n)
		for i := range b {
			b[i] = alphabet[g.r.IntN(len(alphabet))]
		}
		out := string(b)
		if n < 8 || !strings.ContainsAny(alphabet, digits) || !strings.ContainsAny(alphabet, lower+upper) {
			return out
		}
		if strings.ContainsAny(out, digits) && strings.ContainsAny(out, lower+upper) {
			return out
		}
	}
}

// bytes is n random bytes.
func (g *gen) bytes(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(g.r.IntN(256))
	}
	return b
}

func (g *gen) b64std(nBytes int) string { return base64.StdEncoding.EncodeToString(g.bytes(nBytes)) }

func (g *gen) digitsN(n int) string { return g.s(digits, n) }

// password is a human-made password: words, digits and a symbol.
func (g *gen) password() string {
	words := []string{"Maple", "river", "Otter", "crane", "Basalt", "lumen", "Quartz", "fjord"}
	return words[g.r.IntN(len(words))] + g.s(digits, 2) + "!" + words[g.r.IntN(len(words))] + g.s(upper, 1)
}

func (g *gen) uuid() string {
	h := g.s(hexLow, 32)
	return h[:8] + "-" + h[8:12] + "-4" + h[13:16] + "-a" + h[17:20] + "-" + h[20:]
}

func b64text(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

// secretCase is a text holding secrets; every secret must be gone after redaction.
type secretCase struct {
	name    string
	text    string
	secrets []string
}

// sc builds a secretCase from a template where %s is replaced, in order, by the secrets.
func sc(name, tmpl string, secrets ...string) secretCase {
	text := tmpl
	for _, s := range secrets {
		text = strings.Replace(text, "%s", s, 1)
	}
	return secretCase{name: name, text: text, secrets: secrets}
}

// leaked reports whether any of the case's secrets survives in out: the whole secret, or for a
// long secret any 12-character window of it (a half-redacted key is still a leak).
func leaked(c secretCase, out string) bool {
	for _, s := range c.secrets {
		if strings.Contains(out, s) {
			return true
		}
		const w = 12
		if len(s) >= 2*w {
			for i := 0; i+w <= len(s); i++ {
				if strings.Contains(out, s[i:i+w]) {
					return true
				}
			}
		}
	}
	return false
}
