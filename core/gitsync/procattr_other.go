//go:build unix && !linux

package gitsync

import (
	"os"
	"syscall"
)

// procAttr puts git in its own process group, so a deadline kills ssh and helpers too.
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}

// killTree kills git's whole process group.
func killTree(p *os.Process) error { return syscall.Kill(-p.Pid, syscall.SIGKILL) }
