package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/anamnesis-go/anamnesis/hookcli/ui"
)

func TestUIDefaultAddrAgrees(t *testing.T) {
	if DefaultUIAddr != ui.DefaultAddr {
		t.Fatalf("anamnesis ui's default --addr %q differs from the dashboard's %q", DefaultUIAddr, ui.DefaultAddr)
	}
}

// Without anamnesis-ui next to this binary or on PATH, "anamnesis ui" says where to get it.
func TestUIWithoutTheDashboardBinary(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	var out, errb bytes.Buffer
	code := Main([]string{"--home", t.TempDir(), "ui"}, strings.NewReader(""), &out, &errb)
	if code != 1 || !strings.Contains(errb.String(), "anamnesis-ui") || !strings.Contains(errb.String(), "go install") {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
	errb.Reset()
	if code := Main([]string{"ui", "extra"}, strings.NewReader(""), &out, &errb); code != 2 {
		t.Errorf("ui with an argument: exit %d, stderr %q", code, errb.String())
	}
}
