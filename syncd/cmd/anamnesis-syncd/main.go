// Command anamnesis-syncd syncs the Anamnesis memory store with the user's other machines on a
// schedule. See "anamnesis-syncd --help".
package main

import (
	"os"

	"github.com/anamnesis-go/anamnesis/syncd/cli"
)

func main() {
	// Capture spool hook point: once core/capture exists, wire its drainer here, e.g.
	//   cli.DrainCaptureSpool = func(ctx, st, cfg) (int, error) { return capture.DrainSpool(ctx, st, cfg) }
	// and every cycle (loop and --once) turns pending session captures into notes before syncing.
	os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr))
}
