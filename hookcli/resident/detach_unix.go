//go:build unix

package resident

import (
	"os/exec"
	"syscall"
)

// detach puts the server in its own session, so it outlives the hook and Claude Code's signals to
// the hook's process group do not reach it.
func detach(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true} }
