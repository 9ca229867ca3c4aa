package app

import "runtime/debug"

// BuildVersion is a binary's version: the one the linker stamped (make, the release archives), else
// the module version "go install <binary>@v1.2.3" recorded in the binary, else "dev".
func BuildVersion(stamped string) string {
	if stamped != "" && stamped != "dev" {
		return stamped
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		if v := bi.Main.Version; v != "" && v != "(devel)" {
			return v
		}
	}
	return "dev"
}
