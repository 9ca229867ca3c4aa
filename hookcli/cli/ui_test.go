package cli

import (
	"bytes"
	"strings"
	"testing"
)

func TestUIRefusesNonLoopbackAddr(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:7822", "192.168.1.2:7822", ":7822"} {
		var out, errb bytes.Buffer
		code := Main([]string{"--home", t.TempDir(), "ui", "--addr", addr}, strings.NewReader(""), &out, &errb)
		if code != 1 || !strings.Contains(errb.String(), "loopback only") {
			t.Errorf("ui --addr %s: exit %d, stderr %q", addr, code, errb.String())
		}
	}
	var out, errb bytes.Buffer
	if code := Main([]string{"ui", "extra"}, strings.NewReader(""), &out, &errb); code != 2 {
		t.Errorf("ui with an argument: exit %d", code)
	}
}
