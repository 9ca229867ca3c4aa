package redact

import (
	"bytes"
	"crypto/sha256"
	"strings"
)

// Payment addresses by structure (round 11). An address of Bitcoin and the chains that copied
// it (Litecoin, Dogecoin, Dash, Tron, the XRP Ledger, …) is base58 of a version byte, a 20-byte
// hash of a public key and a 4-byte checksum (the first four bytes of a double SHA-256). Both
// the checksum and the 20-byte payload are structure: a string that passes is an address,
// public by purpose, whoever wrote it and under whatever word. A private key in base58 (WIF, 32
// bytes) or an XRP Ledger seed (16 bytes) has another payload length and stays a secret.

const (
	bitcoinAlphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
	rippleAlphabet  = "rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz"
)

// base58Address reports whether v is base58check (either alphabet) of a version byte and a
// 20-byte hash: a payment address.
func base58Address(v string) bool {
	if len(v) < 25 || len(v) > 35 {
		return false
	}
	for _, alphabet := range []string{bitcoinAlphabet, rippleAlphabet} {
		if b, ok := base58Decode(v, alphabet); ok {
			sum := sha256.Sum256(b[:21])
			sum = sha256.Sum256(sum[:])
			if bytes.Equal(sum[:4], b[21:]) {
				return true
			}
		}
	}
	return false
}

// base58Decode decodes v in the given alphabet into a 25-byte buffer (an address's size; a
// longer payload fails); leading zero digits are leading zero bytes. v is at most 35
// characters, so the work is bounded and nothing is allocated.
func base58Decode(v, alphabet string) ([25]byte, bool) {
	var num [25]byte // big-endian
	for i := 0; i < len(v); i++ {
		carry := strings.IndexByte(alphabet, v[i])
		if carry < 0 {
			return num, false
		}
		for j := len(num) - 1; j >= 0; j-- {
			carry += int(num[j]) * 58
			num[j] = byte(carry)
			carry >>= 8
		}
		if carry > 0 {
			return num, false // more than 25 bytes: no address
		}
	}
	// The leading zero digits must be exactly the leading zero bytes.
	zeros := 0
	for zeros < len(v) && v[zeros] == alphabet[0] {
		zeros++
	}
	lead := 0
	for lead < len(num) && num[lead] == 0 {
		lead++
	}
	return num, lead == zeros
}
