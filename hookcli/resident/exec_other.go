//go:build !unix

package resident

import "errors"

// replace is unsupported where a process cannot become another: the caller runs a child.
func replace(string, []string) error { return errors.ErrUnsupported }
