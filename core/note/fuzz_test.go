package note

import (
	"bytes"
	"reflect"
	"testing"
)

// FuzzParse checks three properties of the front-matter codec on arbitrary input:
//   - Parse never panics;
//   - whatever Parse accepts, Marshal writes back and Parse reads to the same note;
//   - when the fast line parser accepts front matter, the YAML parser reads it to the same note.
func FuzzParse(f *testing.F) {
	seeds := []string{
		"",
		"---\n",
		"---\n---\n",
		"---\nid: 01J9Z8YPM7Q3X2V4WT6B5N0KGD\ntype: semantic\ntitle: T\n---\nbody\n",
		"---\nid: 01J9Z8YPM7Q3X2V4WT6B5N0KGD\ntype: semantic\ntitle: 'a: b'\ntags:\n- x\n- 'y z'\n---\n",
		"---\nid: 01J9Z8YPM7Q3X2V4WT6B5N0KGD\ntype: semantic\ntitle: long\n  folded\nsupersedes: 01J9ZB0C4F8H2K6M3P9R7S5T1W\n---\n",
		"---\nid: 01J9Z8YPM7Q3X2V4WT6B5N0KGD\ntype: episodic\ntitle: \"q\\\"x\"\ncreated_at: 2026-01-01T00:00:00+00:00\nconfidence: 1\n---\n",
		"---\nid: x\ntype: y\ntitle: [a, b]\n---\n",
		"---\nid: x\ntype: y\ntitle: t\ntags: [a, {b: c}]\n---\n",
		"---\r\nid: x\r\ntype: y\r\ntitle: t\r\n---\r\nbody\r\n",
		"---\nid: &a x\ntype: *a\ntitle: t\n---\n",
		"---\nid: x\ntype: y\ntitle: t # comment\nstatus: deleted\ndeleted_at: '2026'\n---\n",
	}
	seeds = append(seeds, string(Marshal(fullNote())))
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := Parse(data)
		if err != nil {
			return
		}
		out := Marshal(n)
		again, err := Parse(out)
		if err != nil {
			t.Fatalf("Parse accepted the input but rejects its Marshal output: %v\ninput: %q\noutput: %q", err, data, out)
		}
		if !reflect.DeepEqual(n, again) {
			t.Fatalf("Marshal→Parse changed the note\nfirst:  %#v\nsecond: %#v\noutput: %q", n, again, out)
		}
		checkFastMatchesYAML(t, data)
	})
}

// checkFastMatchesYAML compares the two front-matter parsers on data's front matter.
func checkFastMatchesYAML(t *testing.T, data []byte) {
	data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	if !bytes.HasPrefix(data, []byte(delim)) {
		return
	}
	rest := data[len(delim):]
	var front []byte
	if i := bytes.Index(rest, []byte("\n"+delim)); i >= 0 {
		front = rest[:i+1]
	} else if bytes.HasPrefix(rest, []byte(delim)) {
		front = nil
	} else {
		front = bytes.TrimSuffix(rest, []byte("\n---"))
	}
	fast, ok := parseFast(front)
	if !ok {
		return
	}
	slow, err := parseYAML(front)
	if err != nil {
		t.Fatalf("fast path accepts front matter the YAML parser rejects (%v): %q", err, front)
	}
	a, b := &Note{Confidence: 1}, &Note{Confidence: 1}
	errA, errB := a.assign(fast), b.assign(slow)
	if (errA == nil) != (errB == nil) {
		t.Fatalf("fast path and YAML disagree on validity: fast %v, yaml %v\nfront: %q", errA, errB, front)
	}
	a.ApplyDefaults()
	b.ApplyDefaults()
	if errA == nil && !reflect.DeepEqual(a, b) {
		t.Fatalf("fast path and YAML read different notes\nfast: %#v\nyaml: %#v\nfront: %q", a, b, front)
	}
}
