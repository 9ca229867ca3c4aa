package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/anamnesis-go/anamnesis/core/app"
)

// shape is what a tool's input schema says about the form of its arguments: which names exist,
// which are required, and each one's JSON type. It is read from the same definition the client
// sees in tools/list, so the two cannot disagree. The values (enums, ranges, ids, blank titles)
// are core/app's to check, so each rule is written once and the CLI refuses the same input with
// the same sentence; the schema still advertises them, to steer the model before it calls.
type shape struct {
	tool     string
	params   []string          // sorted, for messages
	required []string          // in the schema's order
	types    map[string]string // JSON Schema type of each parameter
	items    map[string]string // item type of array parameters
}

func shapeOf(def mcp.Tool) shape {
	s := shape{tool: def.Name, required: def.InputSchema.Required, types: map[string]string{}, items: map[string]string{}}
	for name, p := range def.InputSchema.Properties {
		s.params = append(s.params, name)
		prop, _ := p.(map[string]any)
		s.types[name], _ = prop["type"].(string)
		if it, ok := prop["items"].(map[string]any); ok {
			s.items[name], _ = it["type"].(string)
		}
	}
	sort.Strings(s.params)
	return s
}

// bind checks the call's arguments against the shape and decodes them into dst. A problem comes
// back as one app.InvalidError naming every bad argument and what it must be.
func (s shape) bind(req mcp.CallToolRequest, dst any) error {
	raw, err := rawArguments(req)
	if err != nil {
		return invalidf("the arguments could not be read: %v", err)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return invalidf("the arguments must be a JSON object of named parameters, not %s", describe(raw))
	}
	if probs := s.check(fields); len(probs) > 0 {
		return invalidf("%s", strings.Join(probs, "; "))
	}
	// The shape is right, so this fails only on what JSON Schema cannot say about a Go type (an
	// integer too large for it).
	if err := json.Unmarshal(raw, dst); err != nil {
		return invalidf("the arguments do not match the tool's input schema: %v", err)
	}
	return nil
}

func rawArguments(req mcp.CallToolRequest) (json.RawMessage, error) {
	switch {
	case len(req.Params.RawArguments) > 0:
		return req.Params.RawArguments, nil
	case req.Params.Arguments == nil:
		return json.RawMessage("{}"), nil
	}
	if r, ok := req.Params.Arguments.(json.RawMessage); ok {
		return r, nil
	}
	return json.Marshal(req.Params.Arguments)
}

// check lists what is wrong with the arguments' form: unknown names, missing required ones, and
// values of the wrong JSON type. null counts as absent for an optional parameter, as some clients
// send it for "not given".
func (s shape) check(fields map[string]json.RawMessage) []string {
	var probs, unknown []string
	for name := range fields {
		if _, ok := s.types[name]; !ok {
			unknown = append(unknown, name)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		takes := "none"
		if len(s.params) > 0 {
			takes = strings.Join(s.params, ", ")
		}
		verb := "is not a parameter"
		if len(unknown) > 1 {
			verb = "are not parameters"
		}
		probs = append(probs, fmt.Sprintf("%s %s of %s (it takes %s)", strings.Join(unknown, ", "), verb, s.tool, takes))
	}
	isRequired := map[string]bool{}
	for _, name := range s.required {
		isRequired[name] = true
		if _, ok := fields[name]; !ok {
			probs = append(probs, name+" is required")
		}
	}
	for _, name := range s.params {
		v, ok := fields[name]
		if !ok || (kindOf(v) == "null" && !isRequired[name]) {
			continue
		}
		if want := s.types[name]; !fits(want, s.items[name], v) {
			probs = append(probs, fmt.Sprintf("%s must be %s, not %s", name, article(want, s.items[name]), describe(v)))
		}
	}
	return probs
}

// kindOf is the JSON type of a value, from its first byte.
func kindOf(v json.RawMessage) string {
	v = bytes.TrimSpace(v)
	if len(v) == 0 {
		return "null"
	}
	switch v[0] {
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	case '[':
		return "array"
	case '{':
		return "object"
	}
	return "number"
}

// fits reports whether v has the JSON Schema type want (and, for an array, item type items).
func fits(want, items string, v json.RawMessage) bool {
	k := kindOf(v)
	switch want {
	case "", k:
		if k != "array" || items == "" {
			return true
		}
		var elems []json.RawMessage
		if json.Unmarshal(v, &elems) != nil {
			return false
		}
		for _, e := range elems {
			if !fits(items, "", e) {
				return false
			}
		}
		return true
	case "integer":
		return k == "number" && !bytes.ContainsAny(v, ".eE")
	}
	return false
}

// article names a JSON Schema type as a sentence does.
func article(typ, items string) string {
	switch typ {
	case "string":
		return "a string"
	case "integer":
		return "an integer"
	case "number":
		return "a number"
	case "boolean":
		return "true or false"
	case "object":
		return "an object"
	case "array":
		if items != "" {
			return "an array of " + strings.TrimPrefix(strings.TrimPrefix(article(items, ""), "a "), "an ") + "s"
		}
		return "an array"
	}
	return typ
}

// describe shows a value the caller sent, shortened.
func describe(v json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, v) != nil {
		return "that"
	}
	if r := []rune(b.String()); len(r) > 40 {
		return string(r[:37]) + "..."
	}
	return b.String()
}

func invalidf(format string, args ...any) error {
	return &app.InvalidError{Msg: fmt.Sprintf(format, args...)}
}
