//go:build !linux

package hooks

// keepResident locks nothing where the kernel offers no mlockall with MCL_ONFAULT.
func keepResident([]string) (string, func()) { return "pages not locked on this system", func() {} }
