// Command anamnesis-hook is what Claude Code runs for each hook once "anamnesis init" has wired
// Anamnesis in: "anamnesis-hook ARGS" means "anamnesis ARGS", but a hook is answered by the
// resident hook server, a warm process that keeps the store open, so Claude Code waits for a
// small program instead of the whole of anamnesis. It is the same front door as "anamnesis",
// kept under its own name for the hooks already registered with it. See package resident.
package main

import (
	"os"

	"github.com/anamnesis-go/anamnesis/hookcli/resident"
)

func main() {
	os.Exit(resident.Front(resident.FrontDoorName, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
