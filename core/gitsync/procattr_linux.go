package gitsync

import (
	"os"
	"syscall"
)

// procAttr puts git in its own process group (so a deadline kills ssh and helpers too) and has
// the kernel kill it if this process dies first: a killed sync must not leave a git running on
// that the next cycle would take for a stale lock.
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// killTree kills git's whole process group.
func killTree(p *os.Process) error { return syscall.Kill(-p.Pid, syscall.SIGKILL) }
