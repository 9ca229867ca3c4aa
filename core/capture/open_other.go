//go:build !unix

package capture

import "os"

// openNonblock opens path read-only; outside unix there are no FIFOs in the file system to
// block on, and the regular-file checks around it still apply.
func openNonblock(path string) (*os.File, error) { return os.Open(path) }
