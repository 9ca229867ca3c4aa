package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// mcp-go's input schema validation is the gate: a call that does not match a tool's schema never
// reaches a handler and comes back as an isError result. But its message is a Go value dump
// ("/type: &{Got:fact Want:[procedural semantic episodic]}"), which is no help to a model. The
// explainer re-checks such a call against the same schema and replaces that text with one
// sentence naming each bad argument and what is allowed. It only rewords: if it cannot explain a
// failure, mcp-go's text stays.

const schemaFailurePrefix = "input schema validation failed"

type explainer struct {
	schemas map[string]*jsonschema.Schema
	params  map[string][]string // each tool's parameter names, sorted
}

func newExplainer(tools []mcp.Tool) (*explainer, error) {
	e := &explainer{schemas: map[string]*jsonschema.Schema{}, params: map[string][]string{}}
	for _, t := range tools {
		raw, err := json.Marshal(t.InputSchema)
		if err != nil {
			return nil, fmt.Errorf("encode %s input schema: %w", t.Name, err)
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
		if err != nil {
			return nil, fmt.Errorf("decode %s input schema: %w", t.Name, err)
		}
		c := jsonschema.NewCompiler()
		url := "mem:///anamnesis/" + t.Name + ".json"
		if err := c.AddResource(url, doc); err != nil {
			return nil, fmt.Errorf("compile %s input schema: %w", t.Name, err)
		}
		sch, err := c.Compile(url)
		if err != nil {
			return nil, fmt.Errorf("compile %s input schema: %w", t.Name, err)
		}
		e.schemas[t.Name] = sch
		for p := range t.InputSchema.Properties {
			e.params[t.Name] = append(e.params[t.Name], p)
		}
		sort.Strings(e.params[t.Name])
	}
	return e, nil
}

// hook is an after-call-tool hook: it runs before the response is encoded, so rewording the
// result in place changes what the client receives.
func (e *explainer) hook(_ context.Context, _ any, req *mcp.CallToolRequest, result any) {
	res, ok := result.(*mcp.CallToolResult)
	if !ok || res == nil || !res.IsError || len(res.Content) != 1 {
		return
	}
	if tc, ok := mcp.AsTextContent(res.Content[0]); !ok || !strings.HasPrefix(tc.Text, schemaFailurePrefix) {
		return
	}
	if msg := e.explain(req.Params.Name, req.Params.Arguments); msg != "" {
		res.Content = []mcp.Content{mcp.NewTextContent(msg)}
	}
}

func (e *explainer) hooks() *mcpserver.Hooks {
	h := &mcpserver.Hooks{}
	h.AddAfterCallTool(e.hook)
	return h
}

// explain validates args against tool's schema and describes what is wrong, or returns "".
func (e *explainer) explain(tool string, args any) string {
	sch := e.schemas[tool]
	if sch == nil {
		return ""
	}
	raw, err := json.Marshal(args)
	if err != nil {
		return ""
	}
	if args == nil {
		raw = []byte("{}")
	}
	if r, ok := args.(json.RawMessage); ok && len(bytes.TrimSpace(r)) > 0 {
		raw = r
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return ""
	}
	var verr *jsonschema.ValidationError
	if err := sch.Validate(doc); !errors.As(err, &verr) {
		return ""
	}
	var parts []string
	for _, leaf := range leaves(verr) {
		parts = append(parts, e.describe(tool, leaf))
	}
	return "Invalid arguments for " + tool + ": " + strings.Join(parts, "; ") + "."
}

func leaves(v *jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(v.Causes) == 0 {
		return []*jsonschema.ValidationError{v}
	}
	var out []*jsonschema.ValidationError
	for _, c := range v.Causes {
		out = append(out, leaves(c)...)
	}
	return out
}

var printer = message.NewPrinter(language.English)

func (e *explainer) describe(tool string, v *jsonschema.ValidationError) string {
	name := strings.Join(v.InstanceLocation, ".")
	switch k := v.ErrorKind.(type) {
	case *kind.Required:
		return strings.Join(k.Missing, ", ") + " is required"
	case *kind.AdditionalProperties:
		return fmt.Sprintf("%s is not a parameter of %s (it takes %s)", strings.Join(k.Properties, ", "), tool, strings.Join(e.params[tool], ", "))
	case *kind.Enum:
		want := make([]string, len(k.Want))
		for i, w := range k.Want {
			want[i] = fmt.Sprintf("%q", fmt.Sprint(w))
		}
		return fmt.Sprintf("%s must be one of %s, not %s", name, strings.Join(want, ", "), jsonText(k.Got))
	case *kind.Type:
		return fmt.Sprintf("%s must be of type %s, not %s", name, strings.Join(k.Want, " or "), k.Got)
	case *kind.Minimum:
		return fmt.Sprintf("%s must be at least %s, not %s", name, k.Want.RatString(), k.Got.RatString())
	case *kind.Maximum:
		return fmt.Sprintf("%s must be at most %s, not %s", name, k.Want.RatString(), k.Got.RatString())
	case *kind.MinLength:
		if k.Want == 1 {
			return name + " must not be empty"
		}
		return fmt.Sprintf("%s must be at least %d characters", name, k.Want)
	case *kind.Pattern:
		if k.Want == idPattern {
			return fmt.Sprintf("%s must be a note id, 26 characters of Crockford base32 such as 01J9Z8YPM7Q3X2V4WT6B5N0KGD, not %q", name, k.Got)
		}
		return fmt.Sprintf("%s must match %s, not %q", name, k.Want, k.Got)
	}
	return name + ": " + v.ErrorKind.LocalizedString(printer)
}

func jsonText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}
