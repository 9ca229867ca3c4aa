// Command anamnesis-ui serves the memory dashboard ("anamnesis ui" runs it). It is a binary of
// its own so that the dashboard's libraries never add start-up time to the anamnesis command the
// hooks run on every prompt.
package main

import (
	"os"

	"github.com/anamnesis-go/anamnesis/hookcli/ui"
)

func main() { os.Exit(ui.Main(os.Args[1:], os.Stdout, os.Stderr)) }
