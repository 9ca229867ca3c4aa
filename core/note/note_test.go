package note

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestValidateID(t *testing.T) {
	tests := []struct {
		id string
		ok bool
	}{
		{"01J9Z8YPM7Q3X2V4WT6B5N0KGD", true},
		{"7ZZZZZZZZZZZZZZZZZZZZZZZZZ", true},
		{"00000000000000000000000000", true},
		{"", false},
		{"../x", false},
		{"../../../../../../etc/passwd", false},
		{"..%2F..%2Fetc%2Fpasswd", false},
		{"/etc/passwd", false},
		{"/tmp/01J9Z8YPM7Q3X2V4WT6B5N", false},
		{"01j9z8ypm7q3x2v4wt6b5n0kgd", false},  // lower case
		{"01J9Z8YPM7Q3X2V4WT6B5N0KG", false},   // 25 chars
		{"01J9Z8YPM7Q3X2V4WT6B5N0KGDX", false}, // 27 chars
		{"01J9Z8YPM7Q3X2V4WT6B5N0KG/", false},
		{"01J9Z8YPM7Q3X2V4WT6B5N0K..", false},
		{"01J9Z8YPM7Q3X2V4WT6B5N0KGI", false}, // I is not Crockford
		{"01J9Z8YPM7Q3X2V4WT6B5N0KGU", false}, // U is not Crockford
		{"01J9Z8YPM7Q3X2V4WT6B5N0KG\x00", false},
		{"8ZZZZZZZZZZZZZZZZZZZZZZZZZ", false}, // timestamp overflow
		{"01J9Z8YPM7Q3X2V4WT6B5N0KGÉ", false},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			err := ValidateID(tc.id)
			if tc.ok && err != nil {
				t.Fatalf("ValidateID(%q) = %v, want ok", tc.id, err)
			}
			if !tc.ok && (err == nil || !errors.Is(err, ErrInvalid)) {
				t.Fatalf("ValidateID(%q) = %v, want an ErrInvalid", tc.id, err)
			}
		})
	}
}

func TestNewIDValidAndMonotonic(t *testing.T) {
	prev := ""
	for i := 0; i < 2000; i++ {
		id := NewID()
		if err := ValidateID(id); err != nil {
			t.Fatalf("NewID() = %q: %v", id, err)
		}
		if id <= prev {
			t.Fatalf("NewID not increasing: %q after %q", id, prev)
		}
		prev = id
	}
}

func TestTimeFormat(t *testing.T) {
	at := time.Date(2026, 6, 24, 20, 33, 7, 999_000_000, time.FixedZone("CEST", 2*3600))
	if got, want := FormatTime(at), "2026-06-24T18:33:07+00:00"; got != want {
		t.Fatalf("FormatTime = %q, want %q", got, want)
	}
	now := Now()
	if _, err := time.Parse(TimeFormat, now); err != nil || !strings.HasSuffix(now, "+00:00") || len(now) != 25 {
		t.Fatalf("Now() = %q is not seconds-precision UTC with +00:00 (%v)", now, err)
	}
}

func TestParseEnums(t *testing.T) {
	for _, tc := range []struct {
		in string
		ok bool
	}{{"procedural", true}, {" semantic ", true}, {"episodic", true}, {"Semantic", false}, {"", false}, {"fact", false}} {
		_, err := ParseType(tc.in)
		if (err == nil) != tc.ok {
			t.Errorf("ParseType(%q) = %v, ok want %v", tc.in, err, tc.ok)
		}
		if err != nil && !strings.Contains(err.Error(), "procedural, semantic, episodic") {
			t.Errorf("ParseType(%q) error %q does not name the allowed values", tc.in, err)
		}
	}
	for _, tc := range []struct {
		in string
		ok bool
	}{{"portable", true}, {"machine-local", true}, {"local", false}, {"", false}} {
		_, err := ParseScope(tc.in)
		if (err == nil) != tc.ok {
			t.Errorf("ParseScope(%q) = %v, ok want %v", tc.in, err, tc.ok)
		}
		if err != nil && !strings.Contains(err.Error(), "portable, machine-local") {
			t.Errorf("ParseScope(%q) error %q does not name the allowed values", tc.in, err)
		}
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name string
		edit func(n *Note)
		ok   bool
	}{
		{"full note", func(n *Note) {}, true},
		{"active status word", func(n *Note) { n.Status = "active" }, true},
		{"bad id", func(n *Note) { n.ID = "../evil" }, false},
		{"blank title", func(n *Note) { n.Title = " \t" }, false},
		{"bad type", func(n *Note) { n.Type = "fact" }, false},
		{"bad scope", func(n *Note) { n.Scope = "" }, false},
		{"bad source", func(n *Note) { n.ProvSource = "" }, false},
		{"bad supersedes", func(n *Note) { n.Supersedes = []string{"nope"} }, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n := fullNote()
			tc.edit(n)
			if err := n.Validate(); (err == nil) != tc.ok {
				t.Fatalf("Validate() = %v, want ok=%v", err, tc.ok)
			}
		})
	}
}

func TestNormalizeTags(t *testing.T) {
	got := NormalizeTags([]string{" a", "b ", "", "a", "  ", "c", "b"})
	if want := []string{"a", "b", "c"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("NormalizeTags = %v, want %v", got, want)
	}
	if got := NormalizeTags(nil); got == nil || len(got) != 0 {
		t.Fatalf("NormalizeTags(nil) = %#v, want an empty non-nil slice", got)
	}
}

func TestViewOfJSONShape(t *testing.T) {
	n := fullNote()
	n.Tags = nil
	for _, withBody := range []bool{true, false} {
		b, err := json.Marshal(ViewOf(n, withBody))
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		for _, k := range []string{"id", "type", "title", "project", "machine_id", "scope", "user_id", "workspace_id", "tags", "created_at", "updated_at", "status", "deleted_at"} {
			if _, ok := m[k]; !ok {
				t.Errorf("view (body=%v) lacks %q: %s", withBody, k, b)
			}
		}
		if tags, ok := m["tags"].([]any); !ok || len(tags) != 0 {
			t.Errorf("nil tags must render as [], got %s", b)
		}
		if _, ok := m["body"]; ok != withBody {
			t.Errorf("body present=%v, want %v: %s", ok, withBody, b)
		}
		if _, ok := m["prov_model"]; ok {
			t.Errorf("view must not carry provenance: %s", b)
		}
	}
}
