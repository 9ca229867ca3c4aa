//go:build !unix

package hooks

import "os/exec"

// detach has nothing to add where there are no sessions; the child still outlives the hook.
func detach(*exec.Cmd) {}
