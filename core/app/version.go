package app

import "github.com/anamnesis-go/anamnesis/core/buildinfo"

// BuildVersion is a binary's version: the one the linker stamped (make, the release archives), else
// the module version "go install <binary>@v1.2.3" recorded in the binary, else "dev".
func BuildVersion(stamped string) string { return buildinfo.Version(stamped) }
