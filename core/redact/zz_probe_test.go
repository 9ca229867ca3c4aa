package redact

import (
	"os"
	"strings"
	"testing"
)

func TestZZProbe(t *testing.T) {
	b, err := os.ReadFile("/tmp/probe.txt")
	if err != nil {
		t.Skip()
	}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		line = strings.ReplaceAll(line, `\n`, "\n")
		out, _ := Redact(line)
		mark := "  "
		if out != line {
			mark = "R "
		}
		t.Logf("%s%q\n      -> %q", mark, line, out)
	}
}
