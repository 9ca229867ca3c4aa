package note

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// fullNote is a note with every field set, so a round trip that drops any of them fails.
func fullNote() *Note {
	return &Note{
		ID:             "01J9ZB0C4F8H2K6M3P9R7S5T1W",
		Type:           Procedural,
		Title:          "Run reflect safely",
		Project:        "github.com/oscardvs/anamnesis",
		MachineID:      "thinkpad",
		Scope:          MachineLocal,
		UserID:         "alice",
		WorkspaceID:    "work",
		ProvSource:     SourceReflection,
		Confidence:     0.8,
		ProvModel:      "claude-opus-4-8",
		ProvSession:    "3bf75f14-4c3f",
		Supersedes:     []string{"01J9Z8YPM7Q3X2V4WT6B5N0KGD", "01J9Z8YPM7Q3X2V4WT6B5N0KGE"},
		CreatedAt:      "2026-06-24T19:01:55+00:00",
		UpdatedAt:      "2026-06-24T19:02:00+00:00",
		Tags:           []string{"reflection", "git", "yes", "123"},
		Status:         StatusDeleted,
		DeletedAt:      "2026-06-25T00:00:00+00:00",
		IdempotencyKey: "req-42",
		Body:           "Commit immediately after reflect,\nor a concurrent sync can wipe the output.",
	}
}

func TestMarshalParseRoundTrip(t *testing.T) {
	tests := []struct {
		name string
		edit func(n *Note)
	}{
		{"every field", func(n *Note) {}},
		{"unicode title", func(n *Note) { n.Title = "Café naïve — 東京 🚀 Ünïcödé" }},
		{"title yes", func(n *Note) { n.Title = "yes" }},
		{"title null", func(n *Note) { n.Title = "null" }},
		{"title tilde", func(n *Note) { n.Title = "~" }},
		{"title 123", func(n *Note) { n.Title = "123" }},
		{"title float", func(n *Note) { n.Title = "1.5e3" }},
		{"title hex", func(n *Note) { n.Title = "0x1F" }},
		{"title date", func(n *Note) { n.Title = "2026-01-01" }},
		{"title timestamp", func(n *Note) { n.Title = "2026-01-01T00:00:00+00:00" }},
		{"title colon space", func(n *Note) { n.Title = "Note: use WAL" }},
		{"title trailing colon", func(n *Note) { n.Title = "Steps:" }},
		{"title hash", func(n *Note) { n.Title = "# heading" }},
		{"title inner hash", func(n *Note) { n.Title = "C # sharp" }},
		{"title quotes", func(n *Note) { n.Title = `it's "quoted"` }},
		{"title leading dash", func(n *Note) { n.Title = "- not a list" }},
		{"title indicators", func(n *Note) { n.Title = "[a] {b} &c *d !e |f >g %h @i `j` ,k ?l" }},
		{"title spaces around", func(n *Note) { n.Title = "  padded  " }},
		{"title tab and newline", func(n *Note) { n.Title = "a\tb\nc" }},
		{"title backslash", func(n *Note) { n.Title = `C:\path\to` }},
		{"title control chars", func(n *Note) { n.Title = "bell\a nul\x00 del\x7f nel\u0085 ls\u2028" }},
		{"title long", func(n *Note) { n.Title = strings.Repeat("a very long title that PyYAML would fold ", 6) }},
		{"title three dashes", func(n *Note) { n.Title = "---" }},
		{"project with colon", func(n *Note) { n.Project = "host:22/p" }},
		{"machine id number", func(n *Note) { n.MachineID = "007" }},
		{"prov_model needs quoting", func(n *Note) { n.ProvModel = "model: v2 # beta" }},
		{"empty body", func(n *Note) { n.Body = "" }},
		{"body one newline", func(n *Note) { n.Body = "\n" }},
		{"body trailing newlines", func(n *Note) { n.Body = "text\n\n\n" }},
		{"body leading newlines", func(n *Note) { n.Body = "\n\ntext" }},
		{"body with delimiters", func(n *Note) { n.Body = "---\nnot: front matter\n---\n" }},
		{"body crlf", func(n *Note) { n.Body = "a\r\nb\r\n" }},
		{"body markdown", func(n *Note) { n.Body = "# Title\n\n- item: one\n- item #2\n\n```go\nx := 1\n```" }},
		{"no optional keys", func(n *Note) {
			n.ProvModel, n.ProvSession, n.Supersedes, n.Status, n.DeletedAt, n.IdempotencyKey = "", "", nil, "", "", ""
		}},
		{"no tags", func(n *Note) { n.Tags = []string{} }},
		{"tags needing quotes", func(n *Note) { n.Tags = []string{"null", "a: b", "#x", "2026-01-01", "-", "ü"} }},
		{"confidence 1", func(n *Note) { n.Confidence = 1 }},
		{"confidence 0", func(n *Note) { n.Confidence = 0 }},
		{"confidence tiny", func(n *Note) { n.Confidence = 1e-7 }},
		{"confidence huge", func(n *Note) { n.Confidence = 1e21 }},
		{"unquoted-form timestamps", func(n *Note) { n.CreatedAt, n.UpdatedAt = "2026-01-01 00:00:00+00:00", "2026-01-01" }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			want := fullNote()
			tc.edit(want)
			data := Marshal(want)
			got, err := Parse(data)
			if err != nil {
				t.Fatalf("Parse(Marshal(n)) failed: %v\nfile:\n%s", err, data)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("round trip changed the note\n got: %#v\nwant: %#v\nfile:\n%s", got, want, data)
			}
			// The general YAML path must read the same front matter to the same note, so files
			// this codec writes are plain YAML, not a private dialect of the fast path.
			front := frontOf(t, data)
			fields, err := parseYAML(front)
			if err != nil {
				t.Fatalf("yaml parser rejects Marshal output: %v\n%s", err, front)
			}
			viaYAML := &Note{Confidence: 1.0, Body: want.Body}
			if err := viaYAML.assign(fields); err != nil {
				t.Fatal(err)
			}
			viaYAML.ApplyDefaults()
			if !reflect.DeepEqual(viaYAML, want) {
				t.Fatalf("yaml path reads Marshal output differently\n got: %#v\nwant: %#v", viaYAML, want)
			}
		})
	}
}

func frontOf(t *testing.T, data []byte) []byte {
	t.Helper()
	s := string(data)
	if !strings.HasPrefix(s, "---\n") {
		t.Fatalf("file does not start with ---: %q", s)
	}
	i := strings.Index(s[4:], "\n---\n")
	if i < 0 {
		t.Fatalf("no closing delimiter: %q", s)
	}
	return []byte(s[4 : 4+i+1])
}

// keysOf lists the top-level keys of front matter in file order.
func keysOf(front []byte) []string {
	var keys []string
	for _, line := range strings.Split(string(front), "\n") {
		if line == "" || line[0] == ' ' || line[0] == '-' {
			continue
		}
		if i := strings.Index(line, ":"); i > 0 {
			keys = append(keys, line[:i])
		}
	}
	return keys
}

func TestMarshalKeyOrder(t *testing.T) {
	base := []string{"id", "type", "title", "project", "machine_id", "scope", "user_id", "workspace_id", "prov_source", "confidence"}
	tail := []string{"created_at", "updated_at", "tags"}
	cat := func(parts ...[]string) []string {
		var out []string
		for _, p := range parts {
			out = append(out, p...)
		}
		return out
	}
	tests := []struct {
		name string
		edit func(n *Note)
		want []string
	}{
		{"minimal", func(n *Note) {
			n.ProvModel, n.ProvSession, n.Supersedes, n.Status, n.DeletedAt, n.IdempotencyKey = "", "", nil, "", "", ""
		}, cat(base, tail)},
		{"provenance only", func(n *Note) {
			n.Supersedes, n.Status, n.DeletedAt, n.IdempotencyKey = nil, "", "", ""
		}, cat(base, []string{"prov_model", "prov_session"}, tail)},
		{"supersedes only", func(n *Note) {
			n.ProvModel, n.ProvSession, n.Status, n.DeletedAt, n.IdempotencyKey = "", "", "", "", ""
		}, cat(base, []string{"supersedes"}, tail)},
		{"everything", func(n *Note) {},
			cat(base, []string{"prov_model", "prov_session", "supersedes"}, tail, []string{"status", "deleted_at", "idempotency_key"})},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n := fullNote()
			tc.edit(n)
			data := Marshal(n)
			if got := keysOf(frontOf(t, data)); !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("key order\n got: %v\nwant: %v\nfile:\n%s", got, tc.want, data)
			}
		})
	}
}

func TestMarshalShape(t *testing.T) {
	n := fullNote()
	n.Tags = []string{}
	n.Supersedes = []string{"01J9Z8YPM7Q3X2V4WT6B5N0KGD"}
	n.Body = "body"
	s := string(Marshal(n))
	if !strings.Contains(s, "\ndeleted_at: '2026-06-25T00:00:00+00:00'\n") {
		t.Errorf("deleted_at must be a quoted timestamp:\n%s", s)
	}
	n.Status, n.DeletedAt, n.IdempotencyKey = "", "", ""
	s = string(Marshal(n))
	for _, want := range []string{
		"---\nid: 01J9ZB0C4F8H2K6M3P9R7S5T1W\n",
		"\nconfidence: 0.8\n",
		"\ncreated_at: '2026-06-24T19:01:55+00:00'\n",
		"\nupdated_at: '2026-06-24T19:02:00+00:00'\n",
		"\nsupersedes:\n- 01J9Z8YPM7Q3X2V4WT6B5N0KGD\n",
		"\ntags: []\n---\nbody\n",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("Marshal output lacks %q:\n%s", want, s)
		}
	}
	if !strings.HasSuffix(s, "\n---\nbody\n") || strings.HasSuffix(s, "body\n\n") {
		t.Errorf("body must be followed by exactly one newline:\n%q", s)
	}
	n.Confidence = 1
	if s := string(Marshal(n)); !strings.Contains(s, "\nconfidence: 1.0\n") {
		t.Errorf("confidence 1 must be written as a float (1.0):\n%s", s)
	}
	n.Tags = []string{"a", "b"}
	if s := string(Marshal(n)); !strings.Contains(s, "\ntags:\n- a\n- b\n---\n") {
		t.Errorf("tags must be a block list:\n%s", s)
	}
}

func TestParseTolerant(t *testing.T) {
	const id = "01J9Z8YPM7Q3X2V4WT6B5N0KGD"
	defaults := func(edit func(n *Note)) *Note {
		n := &Note{ID: id, Type: Semantic, Title: "T", Project: "global", MachineID: "unknown", Scope: Portable,
			UserID: "self", WorkspaceID: "personal", ProvSource: SourceHuman, Confidence: 1.0, Tags: []string{}}
		if edit != nil {
			edit(n)
		}
		return n
	}
	head := "---\nid: " + id + "\ntype: semantic\ntitle: T\n"
	tests := []struct {
		name, file string
		want       *Note
	}{
		{"minimal: defaults apply", head + "---\n", defaults(nil)},
		{"body", head + "---\nhello\n", defaults(func(n *Note) { n.Body = "hello" })},
		{"no trailing newline", head + "---\nhello", defaults(func(n *Note) { n.Body = "hello" })},
		{"no closing delimiter: all front matter", head, defaults(nil)},
		{"closing delimiter at EOF", head + "---", defaults(nil)},
		{"legacy scalar supersedes", head + "supersedes: 01J9ZB0C4F8H2K6M3P9R7S5T1W\n---\n",
			defaults(func(n *Note) { n.Supersedes = []string{"01J9ZB0C4F8H2K6M3P9R7S5T1W"} })},
		{"legacy empty supersedes", head + "supersedes: ''\n---\n", defaults(nil)},
		{"null supersedes", head + "supersedes: null\n---\n", defaults(nil)},
		{"list supersedes", head + "supersedes:\n- 01J9ZB0C4F8H2K6M3P9R7S5T1W\n---\n",
			defaults(func(n *Note) { n.Supersedes = []string{"01J9ZB0C4F8H2K6M3P9R7S5T1W"} })},
		{"flow list supersedes", head + "supersedes: [01J9ZB0C4F8H2K6M3P9R7S5T1W]\n---\n",
			defaults(func(n *Note) { n.Supersedes = []string{"01J9ZB0C4F8H2K6M3P9R7S5T1W"} })},
		{"null tags", head + "tags: null\n---\n", defaults(nil)},
		{"empty tags key", head + "tags:\n---\n", defaults(nil)},
		{"flow tags", head + "tags: [a, 'b c', 12]\n---\n", defaults(func(n *Note) { n.Tags = []string{"a", "b c", "12"} })},
		{"indented tags", head + "tags:\n  - a\n  - b\n---\n", defaults(func(n *Note) { n.Tags = []string{"a", "b"} })},
		{"unquoted timestamps kept as text", head + "created_at: 2026-01-01T00:00:00+00:00\nupdated_at: 2026-01-01 10:11:12+00:00\n---\n",
			defaults(func(n *Note) { n.CreatedAt, n.UpdatedAt = "2026-01-01T00:00:00+00:00", "2026-01-01 10:11:12+00:00" })},
		{"integer confidence", head + "confidence: 1\n---\n", defaults(nil)},
		{"string confidence", head + "confidence: '0.5'\n---\n", defaults(func(n *Note) { n.Confidence = 0.5 })},
		{"folded title", "---\nid: " + id + "\ntype: semantic\ntitle: a long title\n  folded over lines\n---\n",
			defaults(func(n *Note) { n.Title = "a long title folded over lines" })},
		{"quoted title with colon", head[:len(head)-len("title: T\n")] + "title: 'a: b'\n---\n", defaults(func(n *Note) { n.Title = "a: b" })},
		{"double-quoted escapes", head[:len(head)-len("title: T\n")] + "title: \"tab\\there \\u00e9\"\n---\n",
			defaults(func(n *Note) { n.Title = "tab\there é" })},
		{"comment lines", "---\n# a comment\n" + head[4:] + "---\n", defaults(nil)},
		{"unknown keys ignored", head + "extra: {a: 1}\nmore: [1, 2]\n---\n", defaults(nil)},
		{"crlf file", strings.ReplaceAll(head+"---\nbody\n", "\n", "\r\n"), defaults(func(n *Note) { n.Body = "body" })},
		{"status active", head + "status: active\n---\n", defaults(nil)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Parse([]byte(tc.file))
			if err != nil {
				t.Fatalf("Parse: %v\n%s", err, tc.file)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("\n got: %#v\nwant: %#v", got, tc.want)
			}
		})
	}
}

// Unquoted timestamps read as text must be written back quoted, so PyYAML never sees a datetime.
func TestUnquotedTimestampRewrittenQuoted(t *testing.T) {
	in := "---\nid: 01J9Z8YPM7Q3X2V4WT6B5N0KGD\ntype: semantic\ntitle: T\ncreated_at: 2026-01-01T00:00:00+00:00\nupdated_at: 2026-01-02 03:04:05+00:00\n---\n"
	n, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	out := string(Marshal(n))
	for _, want := range []string{"\ncreated_at: '2026-01-01T00:00:00+00:00'\n", "\nupdated_at: '2026-01-02 03:04:05+00:00'\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("want %q in\n%s", want, out)
		}
	}
}

func TestParseMalformed(t *testing.T) {
	const id = "01J9Z8YPM7Q3X2V4WT6B5N0KGD"
	tests := []struct{ name, file string }{
		{"empty", ""},
		{"no front matter", "# just markdown\n"},
		{"leading blank line", "\n---\nid: " + id + "\ntype: semantic\ntitle: T\n---\n"},
		{"bad yaml", "---\nid: [unclosed\n---\n"},
		{"not a mapping", "---\n- a\n- b\n---\n"},
		{"missing id", "---\ntype: semantic\ntitle: T\n---\n"},
		{"missing type", "---\nid: " + id + "\ntitle: T\n---\n"},
		{"missing title", "---\nid: " + id + "\ntype: semantic\n---\n"},
		{"empty front matter", "---\n---\nbody\n"},
		{"list title", "---\nid: " + id + "\ntype: semantic\ntitle:\n- a\n---\n"},
		{"confidence not a number", "---\nid: " + id + "\ntype: semantic\ntitle: T\nconfidence: high\n---\n"},
		{"invalid utf-8 in front", "---\nid: " + id + "\ntype: semantic\ntitle: T\xff\n---\n"},
		{"invalid utf-8 in body", "---\nid: " + id + "\ntype: semantic\ntitle: T\n---\nbad \xc3\x28\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n, err := Parse([]byte(tc.file))
			if err == nil {
				t.Fatalf("Parse accepted a malformed file: %#v", n)
			}
			if !errors.Is(err, ErrMalformed) {
				t.Fatalf("error %v does not wrap ErrMalformed", err)
			}
		})
	}
}

// Parse accepts enum values it cannot validate (the store decides); Validate must then refuse
// them with a sentence naming the allowed values.
func TestParseThenValidateRejectsBadEnums(t *testing.T) {
	head := "---\nid: 01J9Z8YPM7Q3X2V4WT6B5N0KGD\ntitle: T\n"
	tests := []struct{ name, extra, wantInMsg string }{
		{"type", "type: fact\n", "procedural, semantic, episodic"},
		{"scope", "type: semantic\nscope: cloud\n", "portable, machine-local"},
		{"source", "type: semantic\nprov_source: robot\n", "human, session-end, reflection, import, merge"},
		{"status", "type: semantic\nstatus: archived\n", "active, deleted"},
		{"supersedes", "type: semantic\nsupersedes: ../x\n", "not a ULID"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n, err := Parse([]byte(head + tc.extra + "---\n"))
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			err = n.Validate()
			if err == nil || !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), tc.wantInMsg) {
				t.Fatalf("Validate() = %v, want an ErrInvalid naming %q", err, tc.wantInMsg)
			}
		})
	}
}
