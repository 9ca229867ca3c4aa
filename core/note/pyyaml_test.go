package note

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"reflect"
	"strings"
	"testing"
)

// These tests check format compatibility with the Python reference both ways, with the real
// PyYAML: files it writes must parse here to the same values, and files Marshal writes must load
// there to the same values (timestamps as strings, not datetimes).

func requirePyYAML(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed; skipping the PyYAML compatibility test")
	}
	if err := exec.Command("python3", "-c", "import yaml").Run(); err != nil {
		t.Skip("PyYAML is not installed (pip install pyyaml); skipping the PyYAML compatibility test")
	}
}

func runPython(t *testing.T, script string, stdin []byte) []byte {
	t.Helper()
	cmd := exec.Command("python3", "-c", script)
	cmd.Stdin = bytes.NewReader(stdin)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v\n%s", err, stderr.String())
	}
	return out
}

// pyWrite serializes each JSON-described note the way the reference's _serialize does: the meta
// dict in its key order, safe_dump(sort_keys=False, allow_unicode=True), "---" lines, the body and
// one newline. It prints the files as a JSON list of strings.
const pyWrite = `
import json, sys, yaml
out = []
for m in json.load(sys.stdin):
    meta = {"id": m["id"], "type": m["type"], "title": m["title"], "project": m["project"],
            "machine_id": m["machine_id"], "scope": m["scope"], "user_id": m["user_id"],
            "workspace_id": m["workspace_id"], "prov_source": m["prov_source"],
            "confidence": float(m["confidence"])}
    if m.get("prov_model"): meta["prov_model"] = m["prov_model"]
    if m.get("prov_session"): meta["prov_session"] = m["prov_session"]
    if m.get("supersedes"): meta["supersedes"] = list(m["supersedes"])
    meta["created_at"] = m["created_at"]
    meta["updated_at"] = m["updated_at"]
    meta["tags"] = list(m["tags"])
    front = yaml.safe_dump(meta, sort_keys=False, allow_unicode=True)
    out.append("---\n" + front + "---\n" + m["body"] + "\n")
json.dump(out, sys.stdout)
`

// pyRead parses each file the way the reference's _deserialize does and prints the values as
// JSON, with the Python type name of every timestamp so a datetime cannot pass for a string.
const pyRead = `
import json, sys, yaml
out = []
for text in json.load(sys.stdin):
    assert text.startswith("---\n"), "missing front matter"
    front, _, body = text[4:].partition("\n---\n")
    if body.endswith("\n"): body = body[:-1]
    meta = yaml.safe_load(front) or {}
    sup = meta.get("supersedes") or []
    if not isinstance(sup, list): sup = [sup]
    out.append({"id": meta["id"], "type": meta["type"], "title": meta["title"],
        "project": meta.get("project", "global"), "machine_id": meta.get("machine_id", "unknown"),
        "scope": meta.get("scope", "portable"), "user_id": meta.get("user_id", "self"),
        "workspace_id": meta.get("workspace_id", "personal"), "prov_source": meta.get("prov_source", "human"),
        "confidence": meta.get("confidence", 1.0), "confidence_type": type(meta.get("confidence", 1.0)).__name__,
        "prov_model": meta.get("prov_model", ""), "prov_session": meta.get("prov_session", ""),
        "supersedes": [str(s) for s in sup], "created_at": str(meta.get("created_at", "")),
        "updated_at": str(meta.get("updated_at", "")),
        "created_at_type": type(meta.get("created_at", "")).__name__,
        "updated_at_type": type(meta.get("updated_at", "")).__name__,
        "tags": meta.get("tags") or [], "tag_types": sorted({type(x).__name__ for x in (meta.get("tags") or [])}),
        "title_type": type(meta["title"]).__name__, "body": body,
        "keys": list(meta.keys())})
json.dump(out, sys.stdout)
`

// pyNote is the JSON shape both scripts share.
type pyNote struct {
	ID             string   `json:"id"`
	Type           string   `json:"type"`
	Title          string   `json:"title"`
	Project        string   `json:"project"`
	MachineID      string   `json:"machine_id"`
	Scope          string   `json:"scope"`
	UserID         string   `json:"user_id"`
	WorkspaceID    string   `json:"workspace_id"`
	ProvSource     string   `json:"prov_source"`
	Confidence     float64  `json:"confidence"`
	ConfidenceType string   `json:"confidence_type,omitempty"`
	ProvModel      string   `json:"prov_model"`
	ProvSession    string   `json:"prov_session"`
	Supersedes     []string `json:"supersedes"`
	CreatedAt      string   `json:"created_at"`
	UpdatedAt      string   `json:"updated_at"`
	CreatedAtType  string   `json:"created_at_type,omitempty"`
	UpdatedAtType  string   `json:"updated_at_type,omitempty"`
	Tags           []string `json:"tags"`
	TagTypes       []string `json:"tag_types,omitempty"`
	TitleType      string   `json:"title_type,omitempty"`
	Body           string   `json:"body"`
	Keys           []string `json:"keys,omitempty"`
}

func toPy(n *Note) pyNote {
	sup := n.Supersedes
	if sup == nil {
		sup = []string{}
	}
	return pyNote{ID: n.ID, Type: string(n.Type), Title: n.Title, Project: n.Project, MachineID: n.MachineID,
		Scope: string(n.Scope), UserID: n.UserID, WorkspaceID: n.WorkspaceID, ProvSource: string(n.ProvSource),
		Confidence: n.Confidence, ProvModel: n.ProvModel, ProvSession: n.ProvSession, Supersedes: sup,
		CreatedAt: n.CreatedAt, UpdatedAt: n.UpdatedAt, Tags: n.Tags, Body: n.Body}
}

// compatNotes are the notes both directions exercise: titles PyYAML quotes or folds, Unicode,
// optional keys present and absent, awkward bodies.
func compatNotes() []*Note {
	var ns []*Note
	add := func(edit func(n *Note)) {
		n := fullNote()
		n.Status, n.DeletedAt, n.IdempotencyKey = "", "", "" // Go-only keys; the reference never writes them
		edit(n)
		ns = append(ns, n)
	}
	add(func(n *Note) {})
	add(func(n *Note) {
		n.ProvModel, n.ProvSession, n.Supersedes = "", "", nil
		n.ProvSource, n.Confidence, n.Scope, n.Tags = SourceHuman, 1.0, Portable, []string{}
	})
	for _, title := range []string{
		"yes", "no", "on", "off", "true", "null", "~", "123", "-7", "1.5", "1e3", "0x1F", "0o17", ".inf", ".nan",
		"2026-01-01", "2026-01-01T00:00:00+00:00", "12:30", "Note: use WAL", "Steps:", "# heading", "C # sharp",
		"it's", `say "hi"`, "- dash", "? question", "[brackets]", "{braces}", "&anchor", "*alias", "!tag",
		"|pipe", ">fold", "%percent", "@at", "`tick`", ",comma", "  padded  ", "Café naïve — 東京 🚀",
		"עברית ومرحبا", "e\u0301 combining", "tab\there", "line\nbreak", `back\slash`,
		strings.Repeat("a long title that safe_dump folds at eighty columns ", 4),
		strings.Repeat("ünïcödé wörds fold too ", 8),
		strings.Repeat("x", 200),
	} {
		title := title
		add(func(n *Note) { n.Title = title })
	}
	add(func(n *Note) { n.Tags = []string{"null", "a: b", "#x", "2026-01-01", "yes", "ü", "1.0"} })
	add(func(n *Note) { n.Project, n.MachineID = "host:22/p", "007" })
	add(func(n *Note) { n.Body = "" })
	add(func(n *Note) { n.Body = "text\n\n\n" })
	add(func(n *Note) { n.Body = "\n" })
	add(func(n *Note) { n.Body = "# Title\n\n---\nnot: front\n---\n- list" })
	add(func(n *Note) { n.Confidence = 0.6 })
	add(func(n *Note) { n.Confidence = 0 })
	return ns
}

// (a) Files PyYAML writes parse here to the same values.
func TestPyYAMLWrittenFilesParse(t *testing.T) {
	requirePyYAML(t)
	notes := compatNotes()
	in := make([]pyNote, len(notes))
	for i, n := range notes {
		in[i] = toPy(n)
	}
	js, _ := json.Marshal(in)
	var files []string
	if err := json.Unmarshal(runPython(t, pyWrite, js), &files); err != nil {
		t.Fatal(err)
	}
	sawFolded, sawQuotedTS := false, false
	for i, file := range files {
		want := notes[i]
		got, err := Parse([]byte(file))
		if err != nil {
			t.Errorf("Parse rejects a PyYAML-written file: %v\n%s", err, file)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("PyYAML file parses to different values\n got: %#v\nwant: %#v\nfile:\n%s", got, want, file)
		}
		if strings.Contains(file, "\n  ") {
			sawFolded = true
		}
		if strings.Contains(file, "created_at: '") {
			sawQuotedTS = true
		}
	}
	// Guard the test itself: it must have exercised folded titles and quoted timestamps.
	if !sawFolded || !sawQuotedTS {
		t.Fatalf("the corpus did not exercise folding (%v) and quoted timestamps (%v)", sawFolded, sawQuotedTS)
	}
}

// (b) Files Marshal writes load in PyYAML to the same values, with timestamps as strings and the
// reference's key order.
func TestMarshalReadsBackInPyYAML(t *testing.T) {
	requirePyYAML(t)
	notes := compatNotes()
	files := make([]string, len(notes))
	for i, n := range notes {
		files[i] = string(Marshal(n))
	}
	js, _ := json.Marshal(files)
	var got []pyNote
	if err := json.Unmarshal(runPython(t, pyRead, js), &got); err != nil {
		t.Fatal(err)
	}
	refOrder := []string{"id", "type", "title", "project", "machine_id", "scope", "user_id", "workspace_id",
		"prov_source", "confidence", "prov_model", "prov_session", "supersedes", "created_at", "updated_at", "tags"}
	for i, g := range got {
		n := notes[i]
		want := toPy(n)
		if g.CreatedAtType != "str" || g.UpdatedAtType != "str" {
			t.Errorf("PyYAML reads timestamps as %s/%s, want str\n%s", g.CreatedAtType, g.UpdatedAtType, files[i])
		}
		if g.TitleType != "str" {
			t.Errorf("PyYAML reads title %q as %s\n%s", n.Title, g.TitleType, files[i])
		}
		if g.ConfidenceType != "float" {
			t.Errorf("PyYAML reads confidence as %s, want float\n%s", g.ConfidenceType, files[i])
		}
		if len(g.TagTypes) > 0 && !reflect.DeepEqual(g.TagTypes, []string{"str"}) {
			t.Errorf("PyYAML reads tags as %v, want str\n%s", g.TagTypes, files[i])
		}
		// Key order: the keys present must follow the reference's order.
		pos := -1
		for _, k := range g.Keys {
			j := indexOf(refOrder, k)
			if j < 0 || j < pos {
				t.Errorf("key %q out of the reference order in %v", k, g.Keys)
			}
			pos = j
		}
		g.CreatedAtType, g.UpdatedAtType, g.TitleType, g.ConfidenceType, g.TagTypes, g.Keys = "", "", "", "", nil, nil
		if !reflect.DeepEqual(g, want) {
			t.Errorf("PyYAML reads Marshal output differently\n got: %#v\nwant: %#v\nfile:\n%s", g, want, files[i])
		}
	}
	if len(got) != len(notes) {
		t.Fatalf("python returned %d notes, want %d", len(got), len(notes))
	}
}

func indexOf(xs []string, x string) int {
	for i, v := range xs {
		if v == x {
			return i
		}
	}
	return -1
}
