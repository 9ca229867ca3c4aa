package redact

import (
	"fmt"
	"testing"
)

// Tuning cases for the ninth round (issue 15): each cause found in fresh7's odd half, written
// with other services, tools and shapes than fresh7's own (whose even half is held back and
// whose strings are not copied here).

// birthday is a date written day first, the password people choose most (07.11.1989).
func (g *gen) birthday() string {
	return fmt.Sprintf("%02d.%02d.%d", 1+g.r.IntN(28), 1+g.r.IntN(12), 1950+g.r.IntN(60))
}

func mechanismSecrets14(g *gen) []secretCase {
	return []secretCase{
		// A date is a password wherever a password stands: it reads as no version.
		sc("date in env", "MARIADB_ROOT_PASSWORD=%s docker compose up -d", g.birthday()),
		sc("date in yaml", "mqtt:\n  broker: tcp://mqtt.example.org:1883\n  password: %s", g.birthday()),
		sc("date in ini", "[database]\nhost = db02\nadmin_passwd = %s", g.birthday()),
		sc("date in json", `{"user": "grafana", "secretPassword": "%s"}`, g.birthday()),
	}
}

func mechanismInnocent14(g *gen) []string {
	return []string{
		// Versions stay versions, also under a name about a secret and in a Maven coordinate.
		"password_policy_version: 2.11.1958",
		"SECRET_SCHEMA=1.4.2",
		"org.example:vault-client:12.09.2024",
		"release 14.03.2026 is out; passwords are unchanged",
	}
}

// TestRound9Mechanisms checks single decisions of round 9 at their edges.
func TestRound9Mechanisms(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"1.2.3", true}, {"v2.0.1-rc1", true}, {"2024.01.05", true}, {"12.09.1958", false},
		{"7.3.2001", false}, {"32.09.1958", true}, {"12.13.1958", true}, {"12.09.1858", true},
	} {
		if got := isVersion(c.s); got != c.want {
			t.Errorf("isVersion(%q) = %v, want %v", c.s, got, c.want)
		}
	}
}
