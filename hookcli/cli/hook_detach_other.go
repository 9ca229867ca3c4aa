//go:build !unix

package cli

import "os/exec"

// detach has nothing to add where there are no sessions; the child still outlives the hook.
func detach(*exec.Cmd) {}
