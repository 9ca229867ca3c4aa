// Command anamnesis is the user's command for Anamnesis. It is a small front door: a search (and
// the other commands a warm process answers; see package resident) goes to the resident server
// over a unix socket, and every other command is run by anamnesis-cli, installed beside it, with
// the same arguments, streams and exit status. Starting the whole program with SQLite linked in
// costs more than the search itself. See "anamnesis help".
package main

import (
	"os"

	"github.com/anamnesis-go/anamnesis/hookcli/resident"
)

func main() { os.Exit(resident.Front("anamnesis", os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
