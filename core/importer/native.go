package importer

import (
	"bufio"
	"strings"

	"go.yaml.in/yaml/v3"
)

// memory is one Claude Code auto-memory topic file, as far as the import needs it.
type memory struct {
	Name        string
	Description string
	Kind        string // user, feedback, project, reference; "" when the file does not say
	Body        string
}

// parseMemory reads a topic file: optional front matter (name, description, and the type under
// metadata or, in older files, at the top level), then the body. Claude writes this YAML itself and
// sometimes writes it invalid (an unquoted "Co-Authored-By: Claude" in a description), so a front
// matter YAML cannot parse is salvaged line by line rather than losing the note.
func parseMemory(text string) memory {
	text = strings.TrimPrefix(text, "\ufeff")
	text = strings.ReplaceAll(text, "\r\n", "\n")
	front, body, ok := splitFront(text)
	if !ok {
		return memory{Body: strings.TrimSpace(text)}
	}
	m := memory{Body: strings.TrimSpace(body)}
	var doc struct {
		Name        any            `yaml:"name"`
		Description any            `yaml:"description"`
		Type        any            `yaml:"type"`
		Metadata    map[string]any `yaml:"metadata"`
	}
	if err := yaml.Unmarshal([]byte(front), &doc); err == nil {
		m.Name, m.Description = str(doc.Name), str(doc.Description)
		m.Kind = str(doc.Type)
		if t := str(doc.Metadata["type"]); t != "" {
			m.Kind = t
		}
	} else {
		salvage(front, &m)
	}
	m.Kind = strings.ToLower(strings.TrimSpace(m.Kind))
	return m
}

// splitFront separates "---\n<front>\n---\n<body>". Without a closing line there is no front
// matter: the file is treated as a plain note rather than guessed at.
func splitFront(text string) (front, body string, ok bool) {
	if !strings.HasPrefix(text, "---\n") {
		return "", text, false
	}
	rest := text[4:]
	if strings.HasPrefix(rest, "---\n") || rest == "---" {
		return "", strings.TrimPrefix(rest, "---"), true
	}
	end := strings.Index(rest, "\n---\n")
	if end < 0 {
		if strings.HasSuffix(rest, "\n---") {
			return rest[:len(rest)-4], "", true
		}
		return "", text, false
	}
	return rest[:end], rest[end+5:], true
}

func str(v any) string {
	switch t := v.(type) {
	case nil:
		return ""
	case string:
		return strings.TrimSpace(t)
	default:
		b, err := yaml.Marshal(t)
		if err != nil {
			return ""
		}
		return strings.TrimSpace(string(b))
	}
}

// salvage reads "key: value" lines: top-level name, description and type, and type indented
// under metadata. Everything after the first ": " is the value, quotes removed.
func salvage(front string, m *memory) {
	sc := bufio.NewScanner(strings.NewReader(front))
	inMeta := false
	for sc.Scan() {
		line := sc.Text()
		indented := strings.HasPrefix(line, " ") || strings.HasPrefix(line, "\t")
		key, val, ok := strings.Cut(strings.TrimSpace(line), ":")
		if !ok {
			continue
		}
		key, val = strings.TrimSpace(key), unquote(strings.TrimSpace(val))
		if !indented {
			inMeta = key == "metadata"
			switch key {
			case "name":
				m.Name = val
			case "description":
				m.Description = val
			case "type":
				if m.Kind == "" {
					m.Kind = val
				}
			}
			continue
		}
		if inMeta && key == "type" {
			m.Kind = val
		}
	}
}

func unquote(s string) string {
	if len(s) >= 2 && (s[0] == '"' && s[len(s)-1] == '"' || s[0] == '\'' && s[len(s)-1] == '\'') {
		return s[1 : len(s)-1]
	}
	return s
}
