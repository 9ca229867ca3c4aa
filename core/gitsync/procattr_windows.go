package gitsync

import (
	"os"
	"syscall"
)

// procAttr needs nothing on Windows: there are no process groups to join.
func procAttr() *syscall.SysProcAttr { return nil }

// killTree kills git; helpers it started end with their pipes.
func killTree(p *os.Process) error { return p.Kill() }
