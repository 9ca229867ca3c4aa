package redact

import "testing"

// Cases for the review of round 15 (issue 15): each failed on round 15's rules. Secrets that
// round 15's public words or table reading let through — a process's arguments under an aligned
// table's COMMAND column, a current password named "existing", a long random salt once salt
// became a weak word, a credential's key named after a cache or a sealed store ("Cache server
// API key") — and look-alikes
// round 15's new rules redacted: Debian's adduser USER GROUP run with sudo, a device storage
// word in a sentence, a tool's message on a password prompt's line, a hashing call's digest
// name or crypt setting, a script's or a query's section framed "BEGIN KEY …" / "END KEY …",
// a row of dates under a password's name, a row of ids under a key's id.

func reviewSecrets21(g *gen) []secretCase {
	return []secretCase{
		sc("docker ps command column", "$ docker ps --no-trunc\nCONTAINER ID   IMAGE        COMMAND                                       CREATED\n"+g.s(hexLow, 12)+"   mysql:8      \"postgres -c password=%s\"     3 hours ago", g.s(alnum, 20)),
		sc("ps command column", "$ ps -eo pid,user,command\n  PID USER     COMMAND\n 1717 www      postgres -c password=%s", g.s(alnum, 24)),
		sc("existing password in a request", `{"existing_password": "%s", "new_password": "`+g.ordinaryPass()+`"}`, g.ordinaryPass()),
		sc("existingPassword setting", `existingPassword = "%s"`, g.ordinaryPass()),
		sc("api key of a cache server", "Cache server API key: %s", g.s(alnum, 32)),
		sc("access key of a build cache", "Build cache access key: %s", g.s(alnum, 28)),
		sc("master key of sealed secrets", "Sealed secrets master key: %s", g.s(alnum, 32)),
		sc("wordpress salt", "define( 'LOGGED_IN_SALT', '%s' );", g.s(alnum, 20)+"#!"+g.s(alnum, 20)+"@:"+g.s(alnum, 10)),
	}
}

func reviewInnocent21(g *gen) []string {
	return []string{
		"$ sudo adduser deploy operators" + g.s(digits, 4),
		"Run `sudo adduser ci-runner docker" + g.s(digits, 2) + "x` once on each host",
		"Configure the password cipher AES" + g.s(digits, 3) + " on every node.",
		"Use key cipher AES-256-GCM for the " + g.s(lower, 6) + " volume",
		"Password for 'https://" + g.s(lower, 5) + "@git.example.com': Authentication failed",
		"const salted = bcrypt.hash('utf8'); hashPassword('sha256')",
		"$stored = crypt('$1$" + g.s(alnum, 8) + "$');",
		"#!/bin/sh\n# BEGIN KEY SETUP\nexport KEY_DIR=/etc/" + g.s(lower, 5) + "\nmkdir -p \"$KEY_DIR\"\n# END KEY SETUP",
		"-- START OF KEY DEFINITIONS\nALTER TABLE " + g.s(lower, 6) + " ADD PRIMARY KEY (id);\n-- END OF KEY DEFINITIONS",
		"Recovery key ID:\n" + g.s(upNum, 8) + "  " + g.s(upNum, 8),
		"Password expiry dates:\n2024-01-" + g.s(digits, 1) + "2  2024-07-" + g.s(digits, 1) + "2  2025-01-" + g.s(digits, 1) + "2",
	}
}

func TestReview15Fixes(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		g := newGen(seed)
		for _, c := range reviewSecrets21(g) {
			if out, _ := Redact(c.text); leaked(c, out) {
				t.Errorf("seed %d %s: a secret kept in %q", seed, c.name, out)
			}
		}
		for _, v := range reviewInnocent21(g) {
			if out, fs := Redact(v); len(fs) > 0 {
				t.Errorf("seed %d: innocent %q redacted as %q", seed, v, out)
			}
		}
	}
}
