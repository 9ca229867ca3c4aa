package claudecode

import (
	"encoding/json"
	"strings"
	"testing"
)

// searchingModel is a scripted model that answers a prompt by searching memory with the tool
// named tool: directly when the request offers the tool's schema, else through Claude Code's
// ToolSearch first (deferred tools are offered by name only). It ends the turn once the search
// result is back.
func searchingModel(tool, query string) func(apiRequest) ([]block, string) {
	return func(req apiRequest) ([]block, string) {
		last := req.lastUser()
		switch {
		case strings.Contains(last, `"toolu_search01"`):
			return []block{{Type: "text", Text: "Found it in memory."}}, "end_turn"
		case req.hasTool(tool):
			return []block{{Type: "tool_use", ID: "toolu_search01", Name: tool, Input: map[string]any{"query": query}}}, "tool_use"
		case strings.Contains(last, `"toolu_toolsearch01"`):
			// ToolSearch answered but the schema is still not offered: give up, visibly.
			return []block{{Type: "text", Text: "ToolSearch did not load " + tool}}, "end_turn"
		case req.hasTool("ToolSearch") && len(req.Tools) > 0:
			return []block{{Type: "tool_use", ID: "toolu_toolsearch01", Name: "ToolSearch", Input: map[string]any{"query": "select:" + tool}}}, "tool_use"
		}
		return []block{{Type: "text", Text: "Done."}}, "end_turn"
	}
}

// turnStats measures the requests of one scripted turn: how many model calls it took, their
// bytes, and the size of the memory_search schema where it was offered.
type turnStats struct {
	calls, bytes, schemaBytes int
	toolSearch                bool
}

func measure(reqs []string, tool string) turnStats {
	var s turnStats
	for _, body := range reqs {
		var req apiRequest
		if json.Unmarshal([]byte(body), &req) != nil || len(req.Tools) == 0 {
			continue // not the main loop (titles, token counts)
		}
		s.calls++
		s.bytes += len(body)
		var raw struct {
			Tools []json.RawMessage `json:"tools"`
		}
		_ = json.Unmarshal([]byte(body), &raw)
		for i, t := range req.Tools {
			if t.Name == tool && s.schemaBytes == 0 {
				s.schemaBytes = len(raw.Tools[i])
			}
		}
		s.toolSearch = s.toolSearch || strings.Contains(body, `"toolu_toolsearch01"`)
	}
	return s
}

// TestAlwaysLoadTradeoff measures, with the real client, what mcp.always_load trades: by
// default Claude Code defers memory_search behind ToolSearch (a model round trip before the
// first search); with the setting the schema rides in every request instead. The figures are
// logged (go test -v) and quoted in the README.
func TestAlwaysLoadTradeoff(t *testing.T) {
	needClaude(t)
	if !haveMCPD || hookWhy != "" {
		t.Skip("skipping: needs anamnesis-mcpd and the hooks in this tree")
	}
	const tool = "mcp__anamnesis__memory_search"
	results := map[string]turnStats{}
	for _, mode := range []string{"deferred", "always_load"} {
		t.Run(mode, func(t *testing.T) {
			m := newMachine(t, "")
			m.must("", "anamnesis", "init", "--yes", "--machine-id", "e2e")
			if mode == "always_load" {
				m.must("", "anamnesis", "config", "set", "mcp.always_load", "true")
			}
			m.must("Rotate with vault write -f database/rotate-root/app; never by hand.", "anamnesis", "write",
				"--type", "procedural", "--title", "Rotate database credentials with vault")
			m.api.SetModel(searchingModel(tool, "rotate database credentials"))
			m.must("", "claude", "-p", "how do we rotate database credentials?", "--allowedTools", tool+",ToolSearch", "--output-format", "json")
			reqs := m.api.Requests()
			if !seen(reqs, "vault write -f database/rotate-root/app") {
				t.Fatalf("the search result never reached the model:\n%s", m.api.Summary())
			}
			s := measure(reqs, tool)
			results[mode] = s
			t.Logf("%s: %d model calls, %d request bytes in all, memory_search schema %d bytes, ToolSearch used: %v",
				mode, s.calls, s.bytes, s.schemaBytes, s.toolSearch)
			var first apiRequest
			for _, body := range reqs {
				if json.Unmarshal([]byte(body), &first) == nil && len(first.Tools) > 0 {
					break
				}
			}
			switch {
			case mode == "always_load":
				if s.toolSearch || !first.hasTool(tool) {
					t.Errorf("with mcp.always_load the first request should offer memory_search (ToolSearch used: %v)", s.toolSearch)
				}
			case first.hasTool(tool):
				// Clients before tool search (2.1.197) send every schema in every request.
				t.Logf("Claude Code %s loads MCP tools up front: nothing is deferred", claudeVers)
			case !s.toolSearch:
				t.Errorf("a deferred memory_search should be loaded through ToolSearch")
			}
		})
	}
	if d, a := results["deferred"], results["always_load"]; d.calls > 0 && a.calls > 0 {
		t.Logf("per request, always_load adds %d bytes (~%d tokens) of schema; deferral costs %d extra model call(s) on the first search",
			a.schemaBytes, a.schemaBytes/4, d.calls-a.calls)
	}
}
