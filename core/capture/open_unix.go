//go:build unix

package capture

import (
	"os"
	"syscall"
)

// openNonblock opens path read-only with O_NONBLOCK: on a FIFO the open then returns at once
// instead of waiting for a writer; on a regular file the flag changes nothing.
func openNonblock(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
