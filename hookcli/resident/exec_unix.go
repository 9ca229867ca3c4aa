//go:build unix

package resident

import (
	"os"
	"syscall"
)

// replace makes this process anamnesis-cli with args; it returns only on failure.
func replace(full string, args []string) error {
	return syscall.Exec(full, append([]string{full}, args...), os.Environ())
}
