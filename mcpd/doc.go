// Package mcpd is the module of anamnesis-mcpd, the MCP server that gives Claude Code the memory
// tools. The tools live in mcpd/server, the HTTP guard in mcpd/httpserve and the command in
// mcpd/cmd/anamnesis-mcpd.
package mcpd
