package agentconf

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Codex keeps MCP servers in config.toml as one table each:
//
//	[mcp_servers.anamnesis]
//	command = "/usr/local/bin/anamnesis-mcpd"
//	args = ["serve", "--agent", "codex"]
//	env = { ANAMNESIS_HOME = "/home/me/.anamnesis" }
//
// The file is the user's, with comments and layout a TOML library would not keep, so it is edited
// as text: the server's table (and any sub-table of it, such as [mcp_servers.anamnesis.env]) is
// the run of lines from its header to the next header, and only those lines, with the marker
// comment init writes above them, are replaced or removed.

// tomlMarker is the comment init writes above the table, so a reader knows where it came from.
const tomlMarker = "# Added by anamnesis init; anamnesis uninstall removes it."

var tomlHeader = regexp.MustCompile(`^\s*\[`)

// ownHeader matches the server's table or a sub-table of it: [mcp_servers.NAME], [mcp_servers."NAME"],
// [mcp_servers.NAME.env].
func ownHeader(name string) *regexp.Regexp {
	q := regexp.QuoteMeta(name)
	return regexp.MustCompile(`^\s*\[\s*mcp_servers\s*\.\s*(` + q + `|"` + q + `"|'` + q + `')\s*(\.[^\]]*)?\]\s*(#.*)?$`)
}

// splitTOML separates the server's block from the rest of the file: rest is every other line, block
// the server's lines (its headers and keys, without the marker).
func splitTOML(data []byte, name string) (rest, block []string) {
	own := ownHeader(name)
	in := false
	for _, line := range strings.SplitAfter(string(data), "\n") {
		if line == "" {
			continue
		}
		switch {
		case own.MatchString(line):
			in = true
			if n := len(rest); n > 0 && strings.TrimSpace(rest[n-1]) == tomlMarker {
				rest = rest[:n-1]
			}
		case tomlHeader.MatchString(line): // any other table or array of tables ends the block
			in = false
		}
		if in {
			block = append(block, line)
		} else {
			rest = append(rest, line)
		}
	}
	return rest, block
}

// tidy ends text with exactly one newline (or nothing when it is empty).
func tidy(lines []string) string {
	s := strings.TrimRight(strings.Join(lines, ""), "\n \t")
	if s == "" {
		return ""
	}
	return s + "\n"
}

// renderTOML is the server's table.
func renderTOML(name string, s Server) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[mcp_servers.%s]\n", tomlKey(name))
	fmt.Fprintf(&b, "command = %s\n", tomlString(s.Command))
	args := make([]string, len(s.Args))
	for i, a := range s.Args {
		args[i] = tomlString(a)
	}
	fmt.Fprintf(&b, "args = [%s]\n", strings.Join(args, ", "))
	if len(s.Env) > 0 {
		keys := make([]string, 0, len(s.Env))
		for k := range s.Env {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		pairs := make([]string, len(keys))
		for i, k := range keys {
			pairs[i] = tomlKey(k) + " = " + tomlString(s.Env[k])
		}
		fmt.Fprintf(&b, "env = { %s }\n", strings.Join(pairs, ", "))
	}
	return b.String()
}

// setTOMLServer returns data with the server's table set to s: unchanged when it already is,
// else without the old table and with the new one at the end.
func setTOMLServer(data []byte, name string, s Server) []byte {
	rest, block := splitTOML(data, name)
	want := renderTOML(name, s)
	if tidy(block) == want {
		return data
	}
	out := tidy(rest)
	if out != "" {
		out += "\n"
	}
	return []byte(out + tomlMarker + "\n" + want)
}

// removeTOMLServer returns data without the server's table (and the marker above it).
func removeTOMLServer(data []byte, name string) []byte {
	rest, block := splitTOML(data, name)
	if len(block) == 0 {
		return data
	}
	return []byte(tidy(rest))
}

var bareKey = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// tomlKey writes a key bare when TOML allows it, else quoted.
func tomlKey(k string) string {
	if bareKey.MatchString(k) {
		return k
	}
	return tomlString(k)
}

// tomlString is a TOML basic string.
func tomlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
