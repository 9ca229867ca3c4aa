package ui

import (
	"bytes"
	"strings"
	"testing"
)

func TestMain_usage(t *testing.T) {
	cases := []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"wildcard address", []string{"--addr", "0.0.0.0:7822"}, 1, "", "loopback only"},
		{"LAN address", []string{"--addr", "192.168.1.2:7822"}, 1, "", "loopback only"},
		{"no host", []string{"--addr", ":7822"}, 1, "", "loopback only"},
		{"not host:port", []string{"--addr", "localhost"}, 1, "", "want host:port"},
		{"argument", []string{"extra"}, 2, "", "takes no arguments"},
		{"unknown flag", []string{"--bogus"}, 2, "", "flag provided but not defined"},
		{"version", []string{"--version"}, 0, "anamnesis-ui ", ""},
		{"help", []string{"-h"}, 0, "loopback only", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := Main(append([]string{"--home", t.TempDir()}, c.args...), &out, &errb)
			if code != c.code || !strings.Contains(out.String(), c.stdout) || !strings.Contains(errb.String(), c.stderr) {
				t.Errorf("exit %d (want %d), stdout %q (want %q), stderr %q (want %q)",
					code, c.code, out.String(), c.stdout, errb.String(), c.stderr)
			}
			if c.code == 1 && strings.Count(errb.String(), "anamnesis ui:") != 1 {
				t.Errorf("stderr %q: want one \"anamnesis ui:\" prefix", errb.String())
			}
		})
	}
}
