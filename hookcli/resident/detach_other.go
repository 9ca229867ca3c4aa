//go:build !unix

package resident

import "os/exec"

// detach has nothing to add where there are no sessions (Front never starts a server there).
func detach(*exec.Cmd) {}
