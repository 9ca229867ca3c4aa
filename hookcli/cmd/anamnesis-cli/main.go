// Command anamnesis-cli is the whole of Anamnesis's command line: write, search and manage memory
// notes, and the hook handlers Claude Code runs. Users run it as "anamnesis", the small front door
// installed beside it, which answers the commands a resident process can answer faster (see
// package resident) and hands every other to this program unchanged. See "anamnesis help".
package main

import (
	"os"

	"github.com/anamnesis-go/anamnesis/hookcli/cli"
)

func main() { os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
