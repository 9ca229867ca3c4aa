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
	// Round 11's rules: typed declarations, unlock verbs, scheme-less userinfo, -t tokens.
	"password: String = ",
	"db_password VARCHAR2(30) := '",
	"unlock ",
	"//u:p@",
	"-t 0123456789abcdef0123456789abcdef ",
	"KEY=x # public ",
	// Round 12's rules: other languages' prose, escaped slots, DOMAIN\user, slash pairs, logins.
	"Passwort: ", `{\"password\": \"`, "password%3D", `ACME\svc:`, "login: a / ", "login a ",
	"xdotool type '", "Password [ ",
	// Round 13's rules: clauses after a credential noun, base64 and hex runs, prompts in a
	// recording, SSH users, signatures named in prose.
	"the token for a: ", "key; one is ", "UEFTU1dPUkQ9WHk3ems5UWE= ", "50415353574f52443d5879377a6b395161 ",
	`[1.0, "o", "Password: "]` + "\n", "ssh -R0:a:1 ", "tx signature: ",
	// The review of round 13: one long line of assignments, each a generic candidate whose
	// line-label checks (a DNS record, a digest's or an id's label, a proof's) each read back
	// to the line's start.
	"api_key=Zk9Qm3Lp7Rt2Vx5Nb8Cd1Fg4 ",
	// Round 14's rules: joined literals after a redacted one, a plan's change, lists under a
	// plural key, lock codes, assembler strings, hex literals, auth pairs, clients' arguments,
	// secret stores' positional values, account-flow links, log record ids.
	`TOKEN = "ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5" + "Zk9Qm3Lp" + `, `password = "Harbor1999!" -> "`,
	"api_keys:\n  - 07b35adb-ad5a-40ec-ad9a-e0b22768337b\n", "tokens:\n", "alarm:\n  code: 4821\n",
	"wifi_psk:\n .asciz \"", "AES_KEY = 128'h", "auth=('Zk9Qm3Lp7Rt2Vx5Nb8Cd1Fg4', '') ",
	"XClient('Zk9Qm3Lp7Rt2Vx5Nb8Cd1Fg4', ", "secret set A Zk9Qm3Lp7Rt2Vx5Nb8Cd1Fg4 ",
	"https://a.io/reset/Zk9Qm3Lp7Rt2Vx5Nb8Cd1Fg4/", "[01/Jan/2026:00:00:00 +0000] Zk9Qm3Lp7Rt2Vx5Nb8Cd1Fg4aB7 10.0.0.1 ",
	"كلمة المرور هي: ", "login  admin  ",
	// Round 15's rules: a worded key frame without its end, revealing lines and their output,
	// aligned tables, codes in columns, prompts naming whose password, user-creating commands,
	// hashing calls, SNMPv3 users, process substitutions, labels' earlier words.
	"# BEGIN A KEY\n", "$ cat a.key\n", "NAME   TYPE\nab12   cd34\n", "recovery codes\nab12cd34  ef56ab78\n",
	"Password for a@B.IO: ", "x user create a ", "Hash::make('", "createUser a SHA ",
	"--password-file <(echo ", "Restored cache from key: ", "irb> ENV['PASSWORD']\n=> ",
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

// TestHostileWorkIsLinear holds the engine's work on each hostile pattern (the bytes it hands its
// regular expressions, guards and picks: a count, not a timing, so it cannot be flaky) to a
// linear growth: 16 times the input may cost at most 20 times the work, where a quadratic
// engine costs 256 times. (256 KB and 16 KB keep the test quick; BenchmarkRedactHostile times
// 64 KB and 1 MB.)
func TestHostileWorkIsLinear(t *testing.T) {
	Redact("warm up")
	measure := func(text string) int64 {
		before := work.Load()
		Redact(text)
		return work.Load() - before
	}
	for _, p := range hostilePatterns {
		small, large := measure(hostile(p, 16<<10)), measure(hostile(p, 256<<10))
		if small <= 0 {
			t.Fatalf("%q: no work counted on 16 KB", p)
		}
		if ratio := float64(large) / float64(small); ratio > 20 {
			t.Errorf("%q: 16x the input cost %.1fx the work (%d → %d bytes scanned), not linear", p, ratio, small, large)
		} else {
			t.Logf("%q: 16x the input, %.1fx the work", p, ratio)
		}
	}
}
