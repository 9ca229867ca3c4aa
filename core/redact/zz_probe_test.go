package redact

import (
	"os"
	"strings"
	"testing"
)

func TestZZProbe(t *testing.T) {
	b, err := os.ReadFile(os.Getenv("PROBE"))
	if err != nil {
		t.Skip()
	}
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		l = strings.ReplaceAll(l, `\n`, "\n")
		out, _ := Redact(l)
		mark := "SAME"
		if out != l {
			mark = "CHGD"
		}
		t.Logf("%s %q -> %q", mark, l, out)
	}
}
