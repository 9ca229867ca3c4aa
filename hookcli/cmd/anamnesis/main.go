// Command anamnesis is the user's command for Anamnesis: write, search and manage memory notes,
// and the hook handlers Claude Code runs. See "anamnesis help".
package main

import (
	"os"

	"github.com/anamnesis-go/anamnesis/hookcli/cli"
)

func main() { os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
