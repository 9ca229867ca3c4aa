// Package server defines anamnesis-mcpd's MCP server: the seven memory tools, their schemas and
// annotations, and handlers that each decode arguments, call one core function and encode the
// result. No memory logic lives here; it is in core, where it is tested without a transport.
package server

import (
	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"
)

// Name is the server's name in the MCP handshake.
const Name = "anamnesis"

// Config is what a server is bound to at start-up. Nothing here comes from a tool argument: in
// particular the machine id written on notes is the store's, fixed when the store was opened.
type Config struct {
	Store   *Pending // opened once per process and shared by every request
	Remote  string   // git remote for memory_sync and memory_status; "" means local only
	Project string   // project key of the directory the server started in, for the instructions
	Version string
}

// New builds the MCP server over cfg.Store.
func New(cfg Config) (*mcpserver.MCPServer, error) {
	h := &handlers{cfg: cfg}
	tools := []struct {
		tool mcp.Tool
		fn   mcpserver.ToolHandlerFunc
	}{
		{searchTool(), h.search},
		{listTool(), h.list},
		{statusTool(), h.status},
		{writeTool(), h.write},
		{syncTool(), h.sync},
		{recallTool(), h.recall},
		{forgetTool(), h.forget},
	}
	defs := make([]mcp.Tool, len(tools))
	for i, t := range tools {
		defs[i] = t.tool
	}
	ex, err := newExplainer(defs)
	if err != nil {
		return nil, err
	}
	s := mcpserver.NewMCPServer(Name, cfg.Version,
		mcpserver.WithTitle("Anamnesis memory"),
		mcpserver.WithInstructions(Instructions(cfg.Project)),
		mcpserver.WithToolCapabilities(false),
		// The schemas are exact, so let mcp-go enforce them: a call with a missing, mistyped or
		// unknown argument comes back as an isError result naming the problem, before any handler
		// runs. The handlers still check what a schema cannot (blank titles, ranges) themselves.
		mcpserver.WithStrictInputSchemaDefault(),
		mcpserver.WithInputSchemaValidation(),
		mcpserver.WithOutputSchemaValidation(),
		mcpserver.WithHooks(ex.hooks()),
		// A panic in a handler becomes an error result instead of killing every session's server.
		mcpserver.WithRecovery(),
	)
	for _, t := range tools {
		s.AddTool(t.tool, t.fn)
	}
	return s, nil
}
