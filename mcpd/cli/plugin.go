package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
)

// The Claude Code plugin (plugin/ in the repository) starts this server as "serve --plugin".
// Claude Code runs a plugin's server beside the user-scope one "anamnesis init" registers (they
// have different names: plugin:anamnesis:anamnesis and anamnesis), so with both installed every
// tool would be offered twice. The plugin's copy then stands by: it connects, offers no tools,
// and says why in its instructions.

// initServerName is the user-scope server "anamnesis init" registers.
const initServerName = "anamnesis"

// initServerRegistered reports whether Claude Code's user configuration has the server init
// registers. An unreadable file counts as no: serving the tools twice beats serving none.
func initServerRegistered() bool {
	path := ""
	if d := strings.TrimSpace(os.Getenv("CLAUDE_CONFIG_DIR")); d != "" {
		path = filepath.Join(d, ".claude.json")
	} else if h, err := os.UserHomeDir(); err == nil {
		path = filepath.Join(h, ".claude.json")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	var doc struct {
		MCPServers map[string]json.RawMessage `json:"mcpServers"`
	}
	if json.Unmarshal(data, &doc) != nil {
		return false
	}
	_, ok := doc.MCPServers[initServerName]
	return ok
}
