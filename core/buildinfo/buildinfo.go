// Package buildinfo says which version a binary is. It holds only the standard library, so that
// the smallest binary (anamnesis-hook) can use it without linking the application layer.
package buildinfo

import "runtime/debug"

// Version is a binary's version: the one the linker stamped (make, the release archives), else
// the module version "go install <binary>@v1.2.3" recorded in the binary, else "dev".
func Version(stamped string) string {
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
