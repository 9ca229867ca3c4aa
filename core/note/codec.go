package note

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// ErrMalformed is wrapped by every parse error: the file is not a note this store can read.
var ErrMalformed = errors.New("malformed note")

const delim = "---\n"

// Marshal renders n as a note file: "---", the front matter in the Python reference's key order,
// "---", the body and exactly one trailing newline. Optional keys are written only when set, so
// files written here stay readable by the reference and free of churn.
func Marshal(n *Note) []byte {
	var b bytes.Buffer
	b.Grow(256 + len(n.Body))
	b.WriteString(delim)
	kv := func(k, v string) {
		b.WriteString(k)
		b.WriteString(": ")
		b.WriteString(v)
		b.WriteByte('\n')
	}
	list := func(k string, vs []string) {
		if len(vs) == 0 {
			kv(k, "[]")
			return
		}
		b.WriteString(k)
		b.WriteString(":\n")
		for _, v := range vs {
			b.WriteString("- ")
			b.WriteString(scalar(v))
			b.WriteByte('\n')
		}
	}
	kv("id", scalar(n.ID))
	kv("type", scalar(string(n.Type)))
	kv("title", scalar(n.Title))
	kv("project", scalar(n.Project))
	kv("machine_id", scalar(n.MachineID))
	kv("scope", scalar(string(n.Scope)))
	kv("user_id", scalar(n.UserID))
	kv("workspace_id", scalar(n.WorkspaceID))
	kv("prov_source", scalar(string(n.ProvSource)))
	kv("confidence", formatFloat(n.Confidence))
	if n.ProvModel != "" {
		kv("prov_model", scalar(n.ProvModel))
	}
	if n.ProvSession != "" {
		kv("prov_session", scalar(n.ProvSession))
	}
	if len(n.Supersedes) > 0 {
		list("supersedes", n.Supersedes)
	}
	// Timestamps are always quoted: unquoted, YAML reads them as datetimes and PyYAML would
	// re-write them in another form.
	kv("created_at", quoteSingle(n.CreatedAt))
	kv("updated_at", quoteSingle(n.UpdatedAt))
	list("tags", n.Tags)
	// Keys the reference does not know come last, so its readers (which ignore unknown keys) and
	// its key order for the known ones are both preserved.
	if n.Status != StatusActive {
		kv("status", scalar(string(n.Status)))
	}
	if n.DeletedAt != "" {
		kv("deleted_at", quoteSingle(n.DeletedAt))
	}
	if n.IdempotencyKey != "" {
		kv("idempotency_key", scalar(n.IdempotencyKey))
	}
	b.WriteString(delim)
	b.WriteString(n.Body)
	b.WriteByte('\n')
	return b.Bytes()
}

// formatFloat writes a float the way PyYAML does: always with a decimal point.
func formatFloat(f float64) string {
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if strings.ContainsAny(s, ".eEnN") {
		if i := strings.IndexAny(s, "eE"); i >= 0 && !strings.Contains(s[:i], ".") {
			return s[:i] + ".0" + s[i:]
		}
		return s
	}
	return s + ".0"
}

var (
	// Strings YAML 1.1 (PyYAML) or 1.2 would read as something other than a string.
	numberLike = regexp.MustCompile(`^[-+]?(\.?[0-9][0-9_]*(\.[0-9_]*)?([eE][-+]?[0-9]+)?|\.(inf|Inf|INF|nan|NaN|NAN))$`)
	prefixed   = regexp.MustCompile(`^[-+]?0[xXoObB]`)
	dateLike   = regexp.MustCompile(`^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}`)
	specials   = map[string]bool{
		"y": true, "n": true, "yes": true, "no": true, "on": true, "off": true,
		"true": true, "false": true, "null": true, "~": true,
	}
)

// scalar renders s as a YAML scalar: plain when that is unambiguous, single-quoted when it is
// printable on one line, double-quoted otherwise.
func scalar(s string) string {
	if plainSafe(s) {
		return s
	}
	for _, r := range s {
		if r == '\n' || r == '\r' || r == '\t' || !unicode.IsPrint(r) || r == utf8.RuneError {
			return strconv.Quote(s) // Go's escapes are a subset of YAML's double-quoted escapes.
		}
	}
	return quoteSingle(s)
}

func quoteSingle(s string) string {
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}

func plainSafe(s string) bool {
	if s == "" || specials[strings.ToLower(s)] || numberLike.MatchString(s) ||
		prefixed.MatchString(s) || dateLike.MatchString(s) {
		return false
	}
	if s[0] == ' ' || s[len(s)-1] == ' ' {
		return false
	}
	for i, r := range s {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
		case r == '_' || r == '/' || r == '.':
		case i > 0 && strings.ContainsRune(" -()+@'!?&%=~$^*;<>", r):
		default:
			return false
		}
	}
	return true
}

// Parse reads a note file. It accepts what the Python reference accepts: front matter between
// "---" lines, missing optional keys (defaults apply), a legacy scalar supersedes, unquoted
// timestamps (kept as their source text), and folded or flow-style YAML written by other tools.
func Parse(data []byte) (*Note, error) {
	if !bytes.HasPrefix(data, []byte(delim)) {
		if bytes.HasPrefix(data, []byte("---\r\n")) {
			data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
		} else {
			return nil, fmt.Errorf("%w: missing YAML front matter (the file must start with a --- line)", ErrMalformed)
		}
	}
	rest := data[len(delim):]
	var front, body []byte
	if i := bytes.Index(rest, []byte("\n"+delim)); i >= 0 {
		front, body = rest[:i+1], rest[i+1+len(delim):]
	} else if bytes.HasPrefix(rest, []byte(delim)) {
		front, body = nil, rest[len(delim):]
	} else {
		// No closing delimiter: the reference treats the remainder as front matter.
		front = bytes.TrimSuffix(rest, []byte("\n---"))
	}
	body = bytes.TrimSuffix(body, []byte("\n"))
	if !utf8.Valid(front) || !utf8.Valid(body) {
		return nil, fmt.Errorf("%w: not valid UTF-8", ErrMalformed)
	}

	n := &Note{Confidence: 1.0, Body: string(body)}
	fields, ok := parseFast(front)
	if !ok {
		var err error
		if fields, err = parseYAML(front); err != nil {
			return nil, err
		}
	}
	if err := n.assign(fields); err != nil {
		return nil, err
	}
	n.ApplyDefaults()
	if n.ID == "" || n.Type == "" || n.Title == "" {
		return nil, fmt.Errorf("%w: front matter needs id, type and title", ErrMalformed)
	}
	return n, nil
}

// value is one front-matter value: a scalar's text, or a list of scalars' texts.
type value struct {
	scalar string
	list   []string
	isList bool
	isNull bool
}

// parseFast handles the front matter this store and the reference write: "key: scalar" lines and
// "key:" followed by "- item" lines. Anything else returns ok=false and goes to the YAML parser,
// which keeps correctness for hand-edited files while the common case costs no reflection.
func parseFast(front []byte) (map[string]value, bool) {
	if !plainText(front) {
		return nil, false
	}
	fields := make(map[string]value, 20)
	var listKey string
	var list []string
	flush := func() {
		if listKey != "" {
			fields[listKey] = value{list: list, isList: true, isNull: list == nil}
			listKey, list = "", nil
		}
	}
	for len(front) > 0 {
		var line []byte
		if i := bytes.IndexByte(front, '\n'); i >= 0 {
			line, front = front[:i], front[i+1:]
		} else {
			line, front = front, nil
		}
		if len(line) == 0 {
			continue
		}
		if bytes.HasPrefix(line, []byte("- ")) && listKey != "" {
			v, ok := fastScalar(string(line[2:]))
			if !ok {
				return nil, false
			}
			list = append(list, v)
			continue
		}
		flush()
		c := line[0]
		if c == ' ' || c == '\t' || c == '#' || c == '-' || c == '?' {
			return nil, false
		}
		i := bytes.Index(line, []byte(":"))
		if i <= 0 {
			return nil, false
		}
		key := string(line[:i])
		if !simpleKey(key) {
			return nil, false
		}
		if _, dup := fields[key]; dup {
			return nil, false
		}
		raw := line[i+1:]
		if len(raw) == 0 {
			listKey = key
			continue
		}
		if raw[0] != ' ' {
			return nil, false
		}
		text := strings.Trim(string(raw[1:]), " ") // YAML drops the spaces around a plain scalar
		switch text {
		case "[]":
			fields[key] = value{list: []string{}, isList: true}
			continue
		case "", "~", "null", "Null", "NULL":
			fields[key] = value{isNull: true}
			continue
		}
		v, ok := fastScalar(text)
		if !ok {
			return nil, false
		}
		fields[key] = value{scalar: v}
	}
	flush()
	return fields, true
}

// plainText reports whether front holds only characters every YAML parser takes literally:
// printable ASCII, newlines, and printable non-ASCII outside the ranges YAML treats specially
// (C1 controls, line and paragraph separators, the byte-order mark, non-characters).
func plainText(front []byte) bool {
	for i := 0; i < len(front); {
		c := front[i]
		if c < utf8.RuneSelf {
			if (c < 0x20 && c != '\n') || c == 0x7f {
				return false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(front[i:])
		if r < 0xA0 || r == 0x2028 || r == 0x2029 || r == 0xFEFF || (r >= 0xD800 && r < 0xE000) || r == 0xFFFE || r == 0xFFFF || r == utf8.RuneError {
			return false
		}
		i += size
	}
	return true
}

// simpleKey reports whether key is a plain identifier; anything else (tags, anchors, quotes,
// merge keys) is left to the YAML parser.
func simpleKey(key string) bool {
	for i := 0; i < len(key); i++ {
		c := key[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return key != ""
}

// fastScalar decodes a one-line scalar the fast path understands.
func fastScalar(text string) (string, bool) {
	if text == "" {
		return "", false
	}
	switch text[0] {
	case '\'':
		if len(text) < 2 || text[len(text)-1] != '\'' {
			return "", false
		}
		inner := text[1 : len(text)-1]
		if strings.Count(inner, "'")%2 != 0 || strings.Contains(strings.ReplaceAll(inner, "''", ""), "'") {
			return "", false
		}
		return strings.ReplaceAll(inner, "''", "'"), true
	case '"':
		if len(text) < 2 || text[len(text)-1] != '"' || strings.ContainsAny(text[1:len(text)-1], "\\\"") {
			return "", false
		}
		return text[1 : len(text)-1], true
	case '[', ']', '{', '}', '&', '*', '!', '|', '>', '%', '@', '`', '#', ',', '?', ':':
		return "", false
	}
	if text[0] == '-' && (len(text) == 1 || text[1] == ' ') { // a block sequence entry
		return "", false
	}
	if strings.Contains(text, " #") || strings.Contains(text, ": ") || strings.HasSuffix(text, ":") || strings.ContainsRune(text, '\t') {
		return "", false
	}
	return text, true
}

// parseYAML is the general path: a real YAML parser, keeping every scalar's source text so that
// unquoted timestamps or numbers are not re-interpreted.
func parseYAML(front []byte) (map[string]value, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(front, &doc); err != nil {
		return nil, fmt.Errorf("%w: front matter is not valid YAML: %v", ErrMalformed, err)
	}
	fields := map[string]value{}
	if doc.Kind == 0 { // empty document
		return fields, nil
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%w: front matter is not a YAML mapping", ErrMalformed)
	}
	m := doc.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		if v.Kind == yaml.AliasNode && v.Alias != nil {
			v = v.Alias
		}
		switch v.Kind {
		case yaml.ScalarNode:
			if v.Tag == "!!null" {
				fields[k.Value] = value{isNull: true}
			} else {
				fields[k.Value] = value{scalar: v.Value}
			}
		case yaml.SequenceNode:
			items := make([]string, 0, len(v.Content))
			for _, it := range v.Content {
				if it.Kind != yaml.ScalarNode {
					return nil, fmt.Errorf("%w: %s: list items must be scalars", ErrMalformed, k.Value)
				}
				items = append(items, it.Value)
			}
			fields[k.Value] = value{list: items, isList: true}
		default:
			// Nested structures are not part of the note schema; keep going so that one
			// foreign key never makes a note unreadable.
		}
	}
	return fields, nil
}

func (n *Note) assign(fields map[string]value) error {
	str := func(key string) (string, error) {
		v, ok := fields[key]
		if !ok || v.isNull {
			return "", nil
		}
		if v.isList {
			return "", fmt.Errorf("%w: %s must be a single value, not a list", ErrMalformed, key)
		}
		return v.scalar, nil
	}
	var err error
	set := func(dst *string, key string) {
		if err == nil {
			*dst, err = str(key)
		}
	}
	var typ, scope, source, status string
	set(&n.ID, "id")
	set(&typ, "type")
	set(&n.Title, "title")
	set(&n.Project, "project")
	set(&n.MachineID, "machine_id")
	set(&scope, "scope")
	set(&n.UserID, "user_id")
	set(&n.WorkspaceID, "workspace_id")
	set(&source, "prov_source")
	set(&n.ProvModel, "prov_model")
	set(&n.ProvSession, "prov_session")
	set(&n.CreatedAt, "created_at")
	set(&n.UpdatedAt, "updated_at")
	set(&status, "status")
	set(&n.DeletedAt, "deleted_at")
	set(&n.IdempotencyKey, "idempotency_key")
	if err != nil {
		return err
	}
	n.Type, n.Scope, n.ProvSource, n.Status = Type(typ), Scope(scope), Source(source), Status(status)
	if c, err := str("confidence"); err != nil {
		return err
	} else if c != "" {
		f, perr := strconv.ParseFloat(c, 64)
		if perr != nil {
			return fmt.Errorf("%w: confidence %q is not a number", ErrMalformed, c)
		}
		n.Confidence = f
	}
	if v, ok := fields["tags"]; ok && !v.isNull {
		if v.isList {
			n.Tags = v.list
		} else {
			n.Tags = []string{v.scalar}
		}
	}
	// supersedes was a scalar before schema v2: a non-empty scalar is a one-element list.
	if v, ok := fields["supersedes"]; ok && !v.isNull {
		if v.isList {
			n.Supersedes = v.list
		} else if v.scalar != "" {
			n.Supersedes = []string{v.scalar}
		}
	}
	return nil
}
