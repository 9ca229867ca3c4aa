// Package mcpd will hold the MCP server anamnesis-mcpd.
package mcpd
