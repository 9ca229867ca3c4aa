//go:build !unix

package capture

import "os"

// processAlive reports whether a process with this pid exists: on Windows FindProcess opens a
// handle to it and fails when there is none.
func processAlive(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	_ = p.Release()
	return true
}
