// Command anamnesis-syncd syncs the Anamnesis memory store with the user's other machines on a
// schedule. See "anamnesis-syncd --help".
package main

import (
	"os"

	"github.com/anamnesis-go/anamnesis/syncd/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr))
}
