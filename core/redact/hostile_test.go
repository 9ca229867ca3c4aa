package redact

import (
	"fmt"
	"strings"
	"testing"
)

// hostilePatterns are inputs packed with keywords, each repeated to a size: an independent review
// found the engine quadratic on every one of them (a pasted log can look like this, and the
// capture drain must never stall on it).
var hostilePatterns = []string{
	"+sv_password ",
	"password=",
	"password",
	`"password `,
	`password="'`,
	"| password ",
	`{"password": {"value": `,
	"password 12.09.1958 ",
	"<key>password</key><string>",
	"--password ",
}

// hostile is pattern repeated to n bytes.
func hostile(pattern string, n int) string {
	return strings.Repeat(pattern, n/len(pattern)+1)[:n]
}

// BenchmarkRedactHostile times each hostile pattern at 64 KB and 1 MB.
func BenchmarkRedactHostile(b *testing.B) {
	Redact("warm up")
	for _, size := range []int{64 << 10, 1 << 20} {
		for i, p := range hostilePatterns {
			text := hostile(p, size)
			b.Run(fmt.Sprintf("%dKB/%d", size>>10, i), func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				for j := 0; j < b.N; j++ {
					Redact(text)
				}
			})
		}
	}
}
