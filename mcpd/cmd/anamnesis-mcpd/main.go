// Command anamnesis-mcpd is the Anamnesis MCP server: the memory tools for Claude Code over stdio
// (the default, what `claude mcp add` runs) or, with --http, over streamable HTTP on loopback.
// See "anamnesis-mcpd --help".
package main

import (
	"os"

	"github.com/anamnesis-go/anamnesis/mcpd/cli"
)

func main() { os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
