//go:build !linux

package hooks

import "errors"

// pinLimit is the Linux server's bound; nothing is pinned elsewhere.
const pinLimit = 0

// pin pins nothing where the server does not lock its memory (see keepResident): newPin gives
// none, and the server then never refreshes one nor says anything about it.
type pin struct{}

func newPin(int64) *pin { return nil }

func (*pin) refresh(...string) (string, error) {
	return "", errors.New("the index is not locked on this system")
}

func (*pin) release() {}
