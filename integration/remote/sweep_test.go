package remote

import (
	"os"
	"os/exec"
	"testing"
)

func TestAlive(t *testing.T) {
	if !alive(os.Getpid()) {
		t.Error("this process is not alive")
	}
	// A process that has exited and been reaped is gone.
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	if alive(cmd.Process.Pid) {
		t.Skip("the pid was reused already") // vanishingly rare, and not a defect
	}
}
