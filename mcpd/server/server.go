// Package server defines anamnesis-mcpd's MCP server: the memory tools, one file each
// (tool_*.go: the definition, the argument struct and a handler that calls one core/app use
// case), over one small adapter (handle.go) that binds arguments, calls, and encodes the answer.
// No memory logic and no validation rule lives here: both are in core/app, shared with the CLI.
package server

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/anamnesis-go/anamnesis/core/app"
	"github.com/anamnesis-go/anamnesis/core/config"
)

// Name is the server's name in the MCP handshake.
const Name = "anamnesis"

// Config is what a server is bound to at start-up. Nothing here comes from a tool argument: in
// particular the machine id written on notes is the store's, fixed when the store was opened.
type Config struct {
	// App is the store and its settings, shared by every request. Open it with app.New and
	// Preopen: the handshake and tools/list never wait for the store, only tool calls do.
	App     *app.App
	Project string // project key of the directory the server started in, for the instructions
	Version string
	// Profile picks the tool surface: config.ProfileDefault ("" too) for the eight memory_* tools,
	// config.ProfileCompat for seed 004's memory, session and decision tools (compat.go).
	Profile string
	// Standby serves no tools and no prompts: another registration of this server (the one
	// "anamnesis init" makes) already offers them to the same client.
	Standby bool
}

// tool is one registered tool: its definition and its handler.
type tool struct {
	def     mcp.Tool
	handler mcpserver.ToolHandlerFunc
}

// tools lists every tool over a.
func tools(a *app.App, project string) []tool {
	return []tool{searchTool(a, project), listTool(a), statusTool(a), writeTool(a), syncTool(a), recallTool(a), forgetTool(a), getTool(a)}
}

// New builds the MCP server over cfg.App.
func New(cfg Config) (*mcpserver.MCPServer, error) {
	if cfg.App == nil {
		return nil, errors.New("server: no app")
	}
	list, instructions := tools(cfg.App, cfg.Project), Instructions(cfg.Project)
	switch cfg.Profile {
	case "", config.ProfileDefault:
	case config.ProfileCompat:
		list, instructions = compatTools(cfg.App, cfg.Project), compatInstructions(cfg.Project)
	default:
		return nil, fmt.Errorf("server: unknown profile %q (known: %s)", cfg.Profile, strings.Join(config.Profiles, ", "))
	}
	if cfg.Standby {
		instructions = StandbyInstructions
	}
	s := mcpserver.NewMCPServer(Name, cfg.Version,
		mcpserver.WithTitle("Anamnesis memory"),
		mcpserver.WithInstructions(instructions),
		mcpserver.WithToolCapabilities(false),
		mcpserver.WithPromptCapabilities(false),
		// Input is checked once, by the handlers (handle.go for the shape, core/app for the
		// values), not by mcp-go's schema validation as well: its messages are Go value dumps,
		// and a second validator only to reword them was a third copy of every rule.
		mcpserver.WithStrictInputSchemaDefault(),
		mcpserver.WithOutputSchemaValidation(),
		// A panic in a handler becomes an error result instead of killing every session's server.
		mcpserver.WithRecovery(),
	)
	if cfg.Standby {
		return s, nil
	}
	alwaysLoad := cfg.App.Settings().Bool(config.KeyMCPAlwaysLoad)
	for _, t := range list {
		if alwaysLoad && t.def.Name == ToolSearch {
			t.def = withAlwaysLoad(t.def)
		}
		s.AddTool(t.def, t.handler)
	}
	if cfg.Profile == config.ProfileCompat {
		return s, nil // the prompts speak of the memory_* tools, which this profile does not have
	}
	for _, p := range prompts(cfg.App, cfg.Project) {
		s.AddPrompt(p.def, p.handler)
	}
	return s, nil
}

// withAlwaysLoad marks a tool for Claude Code to load up front, past its tool search (the
// mcp.always_load setting; see the README for what it costs and saves).
func withAlwaysLoad(def mcp.Tool) mcp.Tool {
	if def.Meta == nil {
		def.Meta = &mcp.Meta{}
	}
	if def.Meta.AdditionalFields == nil {
		def.Meta.AdditionalFields = map[string]any{}
	}
	def.Meta.AdditionalFields["anthropic/alwaysLoad"] = true
	return def
}
