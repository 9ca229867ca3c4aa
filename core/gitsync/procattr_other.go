//go:build unix && !linux

package gitsync

import "syscall"

// procAttr puts git in its own process group, so a deadline kills ssh and helpers too.
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}
