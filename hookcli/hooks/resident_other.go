//go:build !linux

package hooks

// keepResident locks nothing where the kernel offers no mlockall with MCL_ONFAULT.
func keepResident(string, []string) (string, *mappings) {
	return "pages not locked on this system", &mappings{}
}

// mappings holds nothing here.
type mappings struct{}

func (*mappings) touch()   {}
func (*mappings) release() {}
